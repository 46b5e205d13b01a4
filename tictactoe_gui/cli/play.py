"""``play``: a game of any game against one of its players at the terminal, optionally
recorded."""

from __future__ import annotations

import argparse
import random
from datetime import UTC, datetime
from typing import TextIO

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
from tictactoe_gui.engine import (
    PERSONAS,
    Board,
    Decision,
    Event,
    Mark,
    Move,
    TranspositionTable,
    get_persona,
)
from tictactoe_gui.engine.games import GameError, GameSpec, GameState, MoveError
from tictactoe_gui.engine.notation import NotationError
from tictactoe_gui.engine.variants import Variant, quote
from tictactoe_gui.records_bridge import finished_game, keeps_records_of, state_finished_game
from tictactoe_gui.session import (
    CallbackPlayer,
    PersonaPlayer,
    PlayerSpec,
    event_for,
    greeting_for,
    play_game,
)
from tictactoe_gui.session.match import hosts
from tictactoe_gui.session.table import Seat, TableSession, TableSetup, play_computers
from tictactoe_gui.storage import Repository, open_or_recover
from tictactoe_gui.storage.records import GameMode, RecordsError, Side

#: Keypad digit -> cell index: 7 8 9 is the top row, 1 2 3 the bottom one.
KEYPAD = {str(d): i for d, i in zip((7, 8, 9, 4, 5, 6, 1, 2, 3), range(9), strict=True)}


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
    parser.add_argument("--seed", type=seed, help="seed for the persona's choices")
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


class _Announced:
    """A persona player that says which cell it took, in the board notation."""

    def __init__(self, player: PersonaPlayer, stdout: TextIO) -> None:
        self.player = player
        self.stdout = stdout
        self.name = player.name
        self.is_ai = True

    def spec(self) -> PlayerSpec:
        return self.player.spec()

    def decide(self, board: Board, rng: random.Random) -> Decision:
        decision = self.player.decide(board, rng)
        print(f"{self.name} plays {board.cell_name(decision.move)}.", file=self.stdout)
        return decision


def read_cell(text: str, board: Board) -> Move:
    """The cell a person typed: ``b2`` on any board, or on 3x3 also a keypad digit 1-9.

    Raises NotationError (a ValueError) with a message for the person.
    """
    answer = text.strip().lower()
    if board.variant.is_tictactoe:
        if answer in KEYPAD:
            return board.move_at(KEYPAD[answer])
        try:
            return board.parse_move(answer)
        except NotationError:
            raise NotationError(
                f"{quote(text.strip())} is not a cell: type a cell from a1 (bottom left) "
                "to c3 (top right), or a keypad digit from 1 to 9"
            ) from None
    return board.parse_move(answer)


def _prompt(board: Board) -> str:
    if board.variant.is_tictactoe:
        return "Your move (a cell such as b2, or a keypad digit 1-9; q to quit): "
    rows, cols = board.variant.rows, board.variant.cols
    return f"Your move (a cell such as {board.cell_name(Move(rows // 2, cols // 2))}; q to quit): "


def run(args: argparse.Namespace, streams: Streams) -> int:
    spec: GameSpec = args.game
    start = table.start_of(spec, args)
    opponent = table.player_key(spec, args.persona or spec.default_players[1], "--persona")
    try:
        seat = 0 if args.mark is None else spec.seat(args.mark)
    except GameError as error:
        raise UsageError(f"--as: {error}") from None
    if not hosts(spec):
        return _play_through_interface(args, spec, start, opponent, seat, streams)
    stdin, stdout = streams.stdin, streams.stdout
    variant: Variant = spec.variant
    persona = get_persona(opponent)
    human_mark = (Mark.X, Mark.O)[seat]
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    transpositions = TranspositionTable()
    repository = _open_records(args, streams) if args.record else None
    print(f"{persona.name}: {persona.say(Event.GREETING)}", file=stdout)

    def ask(board: Board) -> Move:
        print(f"\n{board.pretty()}\n", file=stdout)
        while True:
            print(_prompt(board), end="", file=stdout, flush=True)
            line = stdin.readline()
            if line is None:
                raise _InputEnded
            if line.text is None:
                print(f"Input line {line.number} is not UTF-8 text; type a cell.", file=stdout)
                continue
            if line.text.strip().lower() in {"q", "quit", "exit"}:
                raise _InputEnded
            try:
                move = read_cell(line.text, board)
            except NotationError as error:
                print(f"{error}.", file=stdout)
                continue
            if not board.is_legal(move):
                print(
                    f"{board.cell_name(move)} is taken by {board[move]}; choose an empty cell.",
                    file=stdout,
                )
                continue
            return move

    human = CallbackPlayer(args.name, ask)
    ai = _Announced(PersonaPlayer(persona, transpositions), stdout)
    x, o = (human, ai) if human_mark is Mark.X else (ai, human)
    started = datetime.now(UTC)
    try:
        record = play_game(x, o, seed=seed, table=transpositions, variant=variant)
    except _InputEnded:
        print(f"\nGame abandoned; nothing was recorded. {persona.name} waves goodbye.", file=stdout)
        if repository is not None:
            repository.close()
        return EXIT_OK
    print(f"\n{record.final.pretty()}\n", file=stdout)
    if record.winner is None:
        result = "A draw."
    elif record.winner is human_mark:
        result = "You win!"
    else:
        result = f"{persona.name} wins."
    event = event_for(record.winner, human_mark.other)
    print(f"{result} {persona.name}: {persona.say(event, rng)}", file=stdout)
    if repository is not None:
        with repository:
            you, them = Side.human(args.name), Side.persona(persona.key)
            sides = (you, them) if human_mark is Mark.X else (them, you)
            game = finished_game(record, *sides, GameMode.HUMAN_VS_AI, started, datetime.now(UTC))
            repository.save_game(game)
            print(f"Recorded in {repository.path}.", file=stdout)
    return EXIT_OK


def _play_through_interface(
    args: argparse.Namespace,
    spec: GameSpec,
    start: table.Start,
    opponent: str,
    seat: int,
    streams: Streams,
) -> int:
    """A game the session does not host, against one of its players, through its interface."""
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
    repository = _open_records(args, streams) if args.record else None
    print(
        f"{spec.name} (seed {seed}). You are {you}; {player.name} ({player.key}) is {them}.",
        file=stdout,
    )
    print(f"{player.name}: {spec.say(opponent, Event.GREETING)}", file=stdout)

    def announce(state: GameState, move: int) -> None:
        print(f"{player.name} {verb}s {spec.format_move(move)}.", file=stdout)

    try:
        while not session.is_over:
            if session.is_human_turn():
                print(f"\n{session.state.picture()}\n", file=stdout)
                move = _ask(session.state, streams)
                print(f"You {verb} {spec.format_move(move)}.", file=stdout)
                session.play(move)
            else:
                play_computers(session, on_move=announce)
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
            repository.save_game(
                state_finished_game(
                    state,
                    *session.sides(),
                    GameMode.HUMAN_VS_AI,
                    session.started_at,
                    datetime.now(UTC),
                    seed=seed,
                )
            )
            print(f"Recorded in {repository.path}.", file=stdout)
    return EXIT_OK


def _ask(state: GameState, streams: Streams) -> int:
    """The move the person types, asked again until it is one the rules allow."""
    stdout = streams.stdout
    spec = state.spec
    word = spec.move_word
    example = spec.format_move(state.legal_moves()[len(state.legal_moves()) // 2])
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
            allowed = " ".join(spec.format_move(m) for m in state.legal_moves())
            print(f"{error}; you may {spec.move_verb} {allowed}.", file=stdout)
            continue
        return move


def _open_records(args: argparse.Namespace, streams: Streams) -> Repository | None:
    """The records for a terminal game, with a greeting; None (and why) if they cannot be used."""
    path = database_path(args)
    try:
        repository, notice = open_or_recover(path)
    except RecordsError as error:
        streams.report(f"recording is off: {error}")
        return None
    repository.on_busy = streams.report  # wait for another writer, and say so
    if notice is not None:
        streams.report(notice)
    print(greeting_for(args.name, repository.record_of(args.name)), file=streams.stdout)
    return repository


COMMAND = Command(
    name="play",
    help="play one of a game's players in the terminal",
    description=(
        "Play any game (--game) against one of its players at the terminal. Type a cell "
        "as a column letter and a row number (a1 is the bottom-left cell; on 3x3, b2 is "
        "the centre), or on 3x3 a digit 1-9 in numeric-keypad layout (7 8 9 is the top "
        "row); 'q' stops."
    ),
    configure=configure,
    run=run,
)
