"""``analyse``: score every move of one or more positions of any game, as text or one JSON
object per line."""

from __future__ import annotations

import argparse
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

from tictactoe_gui.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    Command,
    InputLines,
    Streams,
    UsageError,
    add_game_option,
    seconds,
    seed,
)
from tictactoe_gui.engine.games import (
    GameAnalysis,
    GameError,
    GameSpec,
    GameState,
    Limit,
    names_a_size,
)
from tictactoe_gui.engine.limits import PROVE_SECONDS
from tictactoe_gui.engine.variants import quote

_ROW_COL = re.compile(r"\s*(\d+)\s*,\s*(\d+)\s*")


def configure(parser: argparse.ArgumentParser) -> None:
    # A position may start with a negative value ("-3,5,.../..."); argparse would take it
    # for an option. It already reads "-3" as a value when no option looks like a negative
    # number; this widens that to anything that starts with a minus and a digit.
    parser._negative_number_matcher = re.compile(r"^-[0-9]")
    parser.add_argument("boards", nargs="*", metavar="BOARD")
    parser.add_argument(
        "--moves",
        action="append",
        default=[],
        metavar="CELLS",
        help="a position as the moves played from the start, e.g. 'b2,a1,c3'",
    )
    add_game_option(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument(
        "--algorithm",
        metavar="NAME",
        help="the search algorithm, where the game offers a choice (k in a row's solved "
        "positions: table, the default, minimax or alphabeta)",
    )
    parser.add_argument(
        "--persona",
        "--strategy",
        metavar="PLAYER",
        help="also show the move this player plays (one of the game's players)",
    )
    parser.add_argument("--seed", type=seed, help="seed for the player's choice (with --persona)")
    parser.add_argument(
        "--time",
        type=seconds,
        metavar="SECONDS",
        help="how long to think about a position the engine cannot solve at once "
        f"(default: up to {PROVE_SECONDS:g} s to prove the value where the game can prove "
        "it, as on k in a row's boards of up to 36 cells; a fixed-depth estimate and a "
        "short search for a forced win on a bigger one)",
    )
    group = parser.add_argument_group("a position's last move and mover, beside its text")
    group.add_argument(
        "--last",
        metavar="CELL",
        help="the cell taken last, where the game needs it (Row & Column): b2, or ROW,COL "
        "0-based from the top-left; the position's text may say it too ('; last b2')",
    )
    group.add_argument(
        "--first",
        metavar="SEAT",
        help="who is to move, by the seat's letter (Row & Column: A or B)",
    )


@dataclass(frozen=True, slots=True)
class _Position:
    """One position to analyse, where it came from (for messages), and how it is written."""

    label: str
    text: str | None  # None: a line of standard input that is not UTF-8
    moves: bool = False  # ``text`` is a --moves list rather than a board


def _positions(args: argparse.Namespace, stdin: InputLines) -> Iterator[_Position]:
    """Every position asked for: BOARD arguments in order (stdin lines for ``-``), then --moves.

    A line reads exactly as the same text given as an argument (nine spaces
    are the empty board); only empty lines are skipped.
    """
    for index, argument in enumerate(args.boards, start=1):
        if argument == "-":
            for line in stdin:
                if line.text != "":
                    yield _Position(f"standard input line {line.number}", line.text)
        else:
            yield _Position(f"argument {index}", argument)
    several = len(args.moves) > 1
    for index, moves in enumerate(args.moves, start=1):
        yield _Position(f"--moves {index}" if several else "--moves", moves, moves=True)


def _last(spec: GameSpec, text: str) -> int:
    """``--last``: a cell name (``b2``) or the older ROW,COL, 0-based from the top-left."""
    match = _ROW_COL.fullmatch(text)
    if match is None:
        try:
            return spec.parse_move(text)
        except GameError:
            raise GameError(
                f"--last is a cell such as b2, or ROW,COL (0-based, from the top-left) such "
                f"as 1,2; got {quote(text)}"
            ) from None
    row, col = int(match.group(1)), int(match.group(2))
    if not (row < spec.rows and col < spec.cols):
        raise GameError(
            f"--last {row},{col} is off the {spec.rows}×{spec.cols} board; rows and columns "
            f"run 0 to {spec.rows - 1} and {spec.cols - 1}"
        )
    return row * spec.cols + col


def _state(args: argparse.Namespace, position: _Position) -> GameState:
    """The position's state; GameError (a ValueError) says what is wrong with it."""
    spec: GameSpec = args.game
    assert position.text is not None
    if position.moves:
        state = spec.new_game()
        for number, move in enumerate(state.read_moves(position.text), start=1):
            try:
                state = state.play(move)
            except GameError as error:
                raise GameError(f"move {number} ({spec.format_move(move)}): {error}") from None
        return state
    if args.game_text is not None and not names_a_size(args.game_text):
        spec = spec.sized_for(position.text)  # rowcol: the size the board is drawn at
    last = None if args.last is None else _last(spec, args.last)
    to_move = None if args.first is None else spec.seat(args.first)
    return spec.position(position.text, last=last, to_move=to_move)


def run(args: argparse.Namespace, streams: Streams) -> int:
    spec: GameSpec = args.game
    if not args.boards and not args.moves:
        raise UsageError("give at least one BOARD (- reads them from standard input) or --moves")
    if args.seed is not None and args.persona is None:
        raise UsageError("--seed chooses a persona's move; give --persona too")
    try:
        spec.check_algorithm(args.algorithm)
    except GameError as error:
        raise UsageError(f"--algorithm: {error}") from None
    try:
        player = None if args.persona is None else spec.player(args.persona).key
    except GameError as error:
        raise UsageError(f"--persona: {error}") from None
    stdout = streams.stdout
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    # The same position twice reports its first search (its time included) again.
    first_search: dict[tuple[str, str], GameAnalysis] = {}
    failures = 0
    first = True
    for position in _positions(args, streams.stdin):
        if position.text is None:
            streams.report(f"{position.label}: not UTF-8 text; skipped")
            failures += 1
            continue
        try:
            state = _state(args, position)
        except GameError as error:
            streams.report(f"{position.label}: {error}")
            failures += 1
            continue
        game = state.spec
        key = (game.id, state.position_text())
        analysis = first_search.get(key)
        if analysis is None:
            analysis = first_search[key] = game.analyse(
                state,
                algorithm=args.algorithm,
                # Without --time, the proof of a small board's value may take minutes.
                limit=Limit(
                    time=args.time, proof_time=PROVE_SECONDS if args.time is None else None
                ),
            )
        chosen = None
        if player is not None and not state.is_over:
            chosen = game.choose_move(state, player, random.Random(seed))
        if args.json:
            payload = game.analysis_json(state, analysis)
            if player is not None:
                payload["chosen_move"] = None if chosen is None else list(divmod(chosen, game.cols))
            print(json.dumps(payload), file=stdout, flush=True)
        else:
            if not first:
                print(file=stdout)
            text = game.analysis_text(state, analysis)
            if chosen is not None and player is not None:
                name = game.player(player).name
                text += f"\n{name} {game.move_verb}s {game.format_move(chosen)}."
            print(text, file=stdout)
        first = False
    return EXIT_USAGE if failures else EXIT_OK


COMMAND = Command(
    name="analyse",
    aliases=("analyze",),
    help="score every move of one or more positions of any game",
    description=(
        "Analyse positions of any game (--game). A k-in-a-row position is its rows, top to "
        "bottom, separated by /: X, O and . for empty, and a number for a run of empty "
        "cells (never starting with 0), e.g. 'X.O/1X1/3' or, on 20x20, '20/20/.../20'; a "
        "tic-tac-toe board may also be 9 characters, row-major ('X.O.X....'). A Row & "
        "Column position is its numbers, rows by / and cells by commas, '.' for a taken "
        "cell, then '; last b2' (the cell taken last), '; B to move', '; A 3, B -1' where "
        "they apply: '3,-1,4/.,5,-9/2,6,5; last a2' (with --game rowcol, the board's size "
        "is the position's). Use - to read one position per line from standard input, or "
        "--moves to give the moves played from the start. Cells are named a1 (bottom left) "
        "to, on 3x3, c3 (top right); solved positions are exact, others estimated."
    ),
    configure=configure,
    run=run,
)
