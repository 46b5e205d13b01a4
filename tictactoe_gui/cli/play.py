"""``play``: a game against a persona at the terminal, optionally recorded."""

from __future__ import annotations

import argparse
import random
from datetime import UTC, datetime
from typing import TextIO

from tictactoe_gui.cli.common import (
    EXIT_OK,
    Command,
    Streams,
    add_db_option,
    database_path,
    persona_key,
    player_name,
    seed,
)
from tictactoe_gui.engine import (
    PERSONAS,
    Board,
    CallbackPlayer,
    Decision,
    Event,
    Mark,
    Move,
    PersonaPlayer,
    TranspositionTable,
    get_persona,
    play_game,
)
from tictactoe_gui.engine.variants import quote
from tictactoe_gui.records_bridge import finished_game
from tictactoe_gui.storage import Repository, open_or_recover
from tictactoe_gui.storage.records import GameMode, RecordsError, Side

#: Keypad digit -> cell index: 7 8 9 is the top row, 1 2 3 the bottom one.
KEYPAD = {str(d): i for d, i in zip((7, 8, 9, 4, 5, 6, 1, 2, 3), range(9), strict=True)}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--persona",
        type=persona_key,
        default="cop",
        help=f"your opponent ({', '.join(PERSONAS)}; default: cop)",
    )
    parser.add_argument(
        "--as",
        dest="mark",
        choices=["X", "O", "x", "o"],
        default="X",
        help="the mark you play (default: X, who moves first)",
    )
    parser.add_argument("--seed", type=seed, help="seed for the persona's choices")
    parser.add_argument(
        "--name", type=player_name, default="Player", help="your name (default: Player)"
    )
    parser.add_argument(
        "--record", action="store_true", help="store the finished game in the records database"
    )
    add_db_option(parser)


class _InputEnded(Exception):  # noqa: N818 - an event, not an error: the player left
    """The player quit, or standard input ended."""


class _Announced:
    """A persona player that says which cell it took, in the same keypad digits."""

    def __init__(self, player: PersonaPlayer, stdout: TextIO) -> None:
        self.player = player
        self.stdout = stdout
        self.name = player.name
        self.is_ai = True

    def decide(self, board: Board) -> Decision:
        decision = self.player.decide(board)
        digit = next(d for d, i in KEYPAD.items() if i == decision.move.index_on(3))
        print(f"{self.name} plays {digit}.", file=self.stdout)
        return decision


def run(args: argparse.Namespace, streams: Streams) -> int:
    stdin, stdout = streams.stdin, streams.stdout
    persona = get_persona(args.persona)
    human_mark = Mark(args.mark.upper())
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    table = TranspositionTable()
    repository = _open_records(args, streams) if args.record else None
    print(f"{persona.name}: {persona.say(Event.GREETING)}", file=stdout)

    def ask(board: Board) -> Move:
        print(f"\n{board.pretty()}\n", file=stdout)
        while True:
            print("Your move (1-9, keypad layout; q to quit): ", end="", file=stdout, flush=True)
            line = stdin.readline()
            if line is None:
                raise _InputEnded
            if line.text is None:
                print(
                    f"Input line {line.number} is not UTF-8 text: type a digit from 1 to 9.",
                    file=stdout,
                )
                continue
            answer = line.text.strip().lower()
            if answer in {"q", "quit", "exit"}:
                raise _InputEnded
            if answer not in KEYPAD:
                print(
                    f"{quote(line.text.strip())} is not a cell: type a digit from 1 to 9.",
                    file=stdout,
                )
                continue
            move = Move.from_index(KEYPAD[answer])
            if not board.is_legal(move):
                print(f"That cell is taken by {board[move]}; choose an empty one.", file=stdout)
                continue
            return move

    human = CallbackPlayer(args.name, ask)
    ai = _Announced(PersonaPlayer(persona, rng, table), stdout)
    x, o = (human, ai) if human_mark is Mark.X else (ai, human)
    started = datetime.now(UTC)
    try:
        record = play_game(x, o, seed=seed, table=table)
    except _InputEnded:
        print(f"\nGame abandoned; nothing was recorded. {persona.name} waves goodbye.", file=stdout)
        if repository is not None:
            repository.close()
        return EXIT_OK
    print(f"\n{record.final.pretty()}\n", file=stdout)
    if record.winner is None:
        event, result = Event.DRAW, "A draw."
    elif record.winner is human_mark:
        event, result = Event.LOSS, "You win!"
    else:
        event, result = Event.WIN, f"{persona.name} wins."
    print(f"{result} {persona.name}: {persona.say(event, rng)}", file=stdout)
    if repository is not None:
        with repository:
            you, them = Side.human(args.name), Side.persona(persona.key)
            sides = (you, them) if human_mark is Mark.X else (them, you)
            game = finished_game(record, *sides, GameMode.HUMAN_VS_AI, started, datetime.now(UTC))
            repository.save_game(game)
            print(f"Recorded in {repository.path}.", file=stdout)
    return EXIT_OK


def _open_records(args: argparse.Namespace, streams: Streams) -> Repository | None:
    """The records for a terminal game, with a greeting; None (and why) if they cannot be used."""
    path = database_path(args)
    try:
        repository, notice = open_or_recover(path)
    except RecordsError as error:
        streams.report(f"recording is off: {error}")
        return None
    if notice is not None:
        streams.report(notice)
    known = repository.record_of(args.name)
    if known is None:
        print(f"Welcome, {args.name}! Your first recorded game.", file=streams.stdout)
    else:
        print(f"Welcome back, {args.name} — {known.summary()}.", file=streams.stdout)
    return repository


COMMAND = Command(
    name="play",
    help="play a persona in the terminal",
    description=(
        "Play against a persona at the terminal. Type a digit 1-9 for a cell in "
        "numeric-keypad layout (7 8 9 is the top row), or 'q' to stop."
    ),
    configure=configure,
    run=run,
)
