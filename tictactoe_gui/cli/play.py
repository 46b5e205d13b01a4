"""``play``: a game of any game against one of its players at the terminal, optionally
recorded."""

from __future__ import annotations

import argparse
import random

from tictactoe_gui.cli import table
from tictactoe_gui.cli.common import (
    EXIT_OK,
    Command,
    Streams,
    UsageError,
    add_db_option,
    add_game_option,
    database_path,
    player_name,
    seed,
)
from tictactoe_gui.engine import PERSONAS, Event
from tictactoe_gui.engine.games import GameError, GameSpec, GameState, MoveChoice, MoveError
from tictactoe_gui.records_bridge import keeps_records_of
from tictactoe_gui.session import greeting_for
from tictactoe_gui.session.match import play_table
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage import Repository, open_or_recover
from tictactoe_gui.storage.records import GameMode, RecordsError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--persona",
        "--strategy",
        metavar="PLAYER",
        help=f"your opponent, one of the game's players as 'games' lists them ("
        f"{', '.join(PERSONAS)} in k in a row; random, greedy, maximize-future-min, perfect "
        "in Row & Column); default: the game's medium player (cop, maximize-future-min)",
    )
    parser.add_argument(
        "--as",
        dest="mark",
        metavar="SEAT",
        help="the seat you play, by its letter: X or O (Row & Column: A or B); default: "
        "the first seat",
    )
    parser.add_argument(
        "--seed",
        type=seed,
        help="the game's seed: the same seed and moves play the same game (default: one "
        "drawn, and printed at the start)",
    )
    parser.add_argument(
        "--name", type=player_name, default="Player", help="your name (default: Player)"
    )
    parser.add_argument(
        "--record", action="store_true", help="store the finished game in the records database"
    )
    add_game_option(parser)
    table.add_start_options(parser)
    add_db_option(parser)


class _InputEnded(Exception):  # noqa: N818 - an event, not an error: the player left
    """The player quit, or standard input ended."""


def run(args: argparse.Namespace, streams: Streams) -> int:
    spec: GameSpec = args.game
    start = table.start_of(spec, args)
    opponent = table.player_key(spec, args.persona or spec.default_players[1], "--persona")
    try:
        seat = 0 if args.mark is None else spec.seat(args.mark)
    except GameError as error:
        raise UsageError(f"--as: {error}") from None
    stdout = streams.stdout
    verb = spec.move_verb
    player = spec.player(opponent)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    seats = [Seat.human(args.name), Seat.for_game(spec, opponent)]
    if seat == 1:
        seats.reverse()
    session = TableSession(
        TableSetup(
            spec,
            GameMode.HUMAN_VS_AI,
            (seats[0], seats[1]),
            first=start.first,
            values=start.values,
        ),
        seed,
    )
    you, them = spec.seats[seat], spec.seats[1 - seat]
    if args.record and not keeps_records_of(spec):
        raise UsageError(f"--record: the records do not keep games of {spec.name}; play without it")
    repository = _open_records(args, streams, spec) if args.record else None
    print(
        f"{spec.name} (seed {seed}). You are {you}; {player.name} ({player.key}) is {them}.",
        file=stdout,
    )
    print(f"{player.name}: {spec.say(opponent, Event.GREETING)}", file=stdout)

    def ask(state: GameState, rng: random.Random) -> MoveChoice:
        print(f"\n{state.picture()}\n", file=stdout)
        move = _ask(state, streams)
        print(f"You {verb} {spec.format_move(move)}.", file=stdout)
        return MoveChoice(move)

    def announce(state: GameState, move: int) -> None:
        if state.to_move != seat:
            print(f"{player.name} {verb}s {spec.format_move(move)}.", file=stdout)

    try:
        game = play_table(session, {seat: ask}, on_move=announce)
    except _InputEnded:
        print(f"\nGame abandoned; nothing was recorded. {player.name} waves goodbye.", file=stdout)
        if repository is not None:
            repository.close()
        return EXIT_OK
    state = session.state
    result = state.result
    assert result is not None
    print(f"\n{state.picture()}\n", file=stdout)
    print(f"The game is over: {result.text}.", file=stdout)
    if result.winner is None:
        event, words = Event.DRAW, "A tie." if state.scores is not None else "A draw."
    elif result.winner == seat:
        event, words = Event.LOSS, "You win!"
    else:
        event, words = Event.WIN, f"{player.name} wins."
    print(f"{words} {player.name}: {spec.say(opponent, event, rng)}", file=stdout)
    if repository is not None:
        with repository:
            repository.save_game(game.record())
            print(f"Recorded in {repository.path}.", file=stdout)
    return EXIT_OK


#: Where a game has more legal moves than this, a refused move is not followed by them all.
LISTED_MOVES = 12


def _ask(state: GameState, streams: Streams) -> int:
    """The move the person types, asked again until it is one the rules allow."""
    stdout = streams.stdout
    spec = state.spec
    word = spec.move_word
    legal = state.legal_moves()
    example = spec.format_move(_example_move(spec, legal))
    while True:
        how = spec.move_prompt.format(example=example, column=example.rstrip("0123456789"))
        print(f"Your {word} ({how}; q to quit): ", end="", file=stdout, flush=True)
        line = streams.stdin.readline()
        if line is None:
            raise _InputEnded
        if line.text is None:
            print(f"Input line {line.number} is not UTF-8 text; type a cell.", file=stdout)
            continue
        if line.text.strip().lower() in {"q", "quit", "exit"}:
            raise _InputEnded
        try:
            move = state.read_move(line.text)
        except MoveError as error:
            print(f"{error}.", file=stdout)
            continue
        try:
            state.play(move)
        except MoveError as error:
            if len(legal) > LISTED_MOVES:
                print(f"{error}; choose another {word}.", file=stdout)
            else:
                # As the window's board lists them: "d4, d3, b1 or c1".
                names = [spec.format_move(m) for m in legal]
                allowed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
                print(f"{error}; you may {spec.move_verb} {allowed}.", file=stdout)
            continue
        return move


def _example_move(spec: GameSpec, legal: tuple[int, ...]) -> int:
    """The move a prompt names as an example: the free cell nearest the board's middle where
    moves fill cells, else the middle one of the legal moves."""
    if not spec.moves_fill_cells:
        return legal[len(legal) // 2]
    middle_row, middle_col = spec.rows // 2, spec.cols // 2

    def distance(move: int) -> tuple[int, int]:
        row, col = divmod(move, spec.cols)
        return abs(row - middle_row) + abs(col - middle_col), move

    return min(legal, key=distance)


def _open_records(args: argparse.Namespace, streams: Streams, spec: GameSpec) -> Repository | None:
    """The records for a terminal game of ``spec``, with a greeting (the person's record in
    that game); None (and why) if they cannot be used."""
    path = database_path(args)
    try:
        repository, notice = open_or_recover(path)
    except RecordsError as error:
        streams.report(f"recording is off: {error}")
        return None
    repository.on_busy = streams.report  # wait for another writer, and say so
    if notice is not None:
        streams.report(notice)
    record = repository.record_of(args.name, spec.id)
    print(greeting_for(args.name, record, spec.name), file=streams.stdout)
    return repository


COMMAND = Command(
    name="play",
    help="play one of a game's players in the terminal",
    description=(
        "Play any game (--game) against one of its players at the terminal. Type a cell "
        "as a column letter and a row number (a1 is the bottom-left cell; on 3x3, b2 is "
        "the centre), or on 3x3 a digit 1-9 in numeric-keypad layout (7 8 9 is the top "
        "row), or where discs fall a column's letter; 'q' stops."
    ),
    configure=configure,
    run=run,
)
