"""``solve``: the exact value of a small k-in-a-row board, from the empty board or a position."""

from __future__ import annotations

import argparse
import json
from typing import Any

from tictactoe_gui.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    Command,
    Streams,
    UsageError,
    add_game_option,
    seconds,
)
from tictactoe_gui.engine.board import Board, BoardError
from tictactoe_gui.engine.mnk.limits import Limit, SearchStopped
from tictactoe_gui.engine.mnk.search import Outcome
from tictactoe_gui.engine.mnk.solve import Solution, solve
from tictactoe_gui.engine.notation import NotationError, cell_name, parse_move_list

#: Seconds the solver may run unless --time says otherwise.
DEFAULT_SECONDS = 300.0
_BAR = 24


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "board",
        nargs="?",
        metavar="BOARD",
        help="a position (rows top to bottom separated by '/'; X, O, '.' and run lengths); "
        "the empty board if left out",
    )
    parser.add_argument(
        "--moves", metavar="LIST", help="a position as moves from the empty board: b2,a1,c3"
    )
    parser.add_argument(
        "--time",
        type=seconds,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"give up after this long (default {DEFAULT_SECONDS:g})",
    )
    parser.add_argument("--json", action="store_true", help="the answer as one JSON object")
    add_game_option(parser)


def _position(args: argparse.Namespace) -> Board:
    variant = args.game
    if args.board is not None and args.moves is not None:
        raise UsageError("give a BOARD or --moves, not both")
    try:
        if args.board is not None:
            return Board.from_text(args.board, variant)
        board = Board.empty(variant)
        if args.moves:
            for number, (row, col) in enumerate(
                parse_move_list(args.moves, variant.rows, variant.cols), start=1
            ):
                move = board.move_at(row * variant.cols + col)
                if not board.is_legal(move):
                    raise UsageError(
                        f"--moves: move {number} ({cell_name(row, col, variant.rows)}) "
                        "is not legal there"
                    )
                board = board.play(move)
        return board
    except (BoardError, NotationError) as error:
        raise UsageError(str(error)) from None


def _winner(board: Board, solution: Solution) -> str | None:
    """``"X"``, ``"O"`` or None (a draw): who wins with best play."""
    if solution.outcome is Outcome.DRAW:
        return None
    mover = board.to_move.value
    if solution.outcome is Outcome.WIN:
        return mover
    return "O" if mover == "X" else "X"


def solution_json(board: Board, solution: Solution) -> dict[str, Any]:
    winner = _winner(board, solution)
    return {
        "game": board.variant.id,
        "board": board.to_text(),
        "to_move": None if board.is_over else board.to_move.value,
        "exact": True,
        "outcome": "draw" if winner is None else winner,
        "plies_to_end": solution.plies,
        "best_moves": [list(cell) for cell in solution.line[:1]],
        "principal_variation": [list(cell) for cell in solution.line],
        # False when the time ran out while the line was read: it is only its beginning.
        "line_complete": solution.line_complete,
        "nodes": solution.nodes,
        "elapsed_ms": round(solution.elapsed * 1000, 3),
    }


def run(args: argparse.Namespace, streams: Streams) -> int:
    board = _position(args)
    variant = board.variant
    stderr = streams.stderr
    show_bar = hasattr(stderr, "isatty") and stderr.isatty() and not args.json

    def progress(done: int, total: int) -> None:
        filled = _BAR * done // max(1, total)
        stderr.write(
            f"\rsolving {variant.id}: [{'#' * filled}{'.' * (_BAR - filled)}] {done}/{total}"
        )
        stderr.flush()

    try:
        solution = solve(
            variant.rows,
            variant.cols,
            variant.k,
            board.x,
            board.o,
            limit=Limit(time=args.time),
            on_move=progress if show_bar else None,
        )
    except SearchStopped:
        if show_bar:
            stderr.write("\n")
        streams.report(f"{variant.id}: not solved within {args.time:g} seconds")
        return EXIT_FAILURE
    if show_bar:
        stderr.write("\n")
    if args.json:
        print(json.dumps(solution_json(board, solution)), file=streams.stdout)
        return EXIT_OK
    winner = _winner(board, solution)
    unit = "ply" if solution.plies == 1 else "plies"
    if winner is None:
        value = f"a draw ({solution.plies} {unit} to a full board)"
    elif solution.plies is None:
        value = f"{winner} wins (in how many plies is not computed)"
    else:
        value = f"{winner} wins in {solution.plies} {unit}"
    line = " ".join(cell_name(row, col, variant.rows) for row, col in solution.line)
    print(f"{variant.name}: {value}, proven.", file=streams.stdout)
    if not solution.line_complete:
        plies = len(solution.line)
        print(
            f"Line, its first {plies} {'ply' if plies == 1 else 'plies'} only "
            f"({args.time:g} seconds ran out before the rest): {line}"
            if line
            else f"Line: not found within {args.time:g} seconds (the value was proven in time).",
            file=streams.stdout,
        )
    elif line:
        print(f"Line: {line}", file=streams.stdout)
    print(
        f"{solution.nodes:,} positions in {solution.elapsed:.2f} s.",
        file=streams.stdout,
    )
    return EXIT_OK


COMMAND = Command(
    name="solve",
    help="solve a small k-in-a-row board exactly",
    description=(
        "Solve a k-in-a-row game exactly from the empty board (or a given position): "
        "who wins with best play, in how many plies, and the line."
    ),
    configure=configure,
    run=run,
)
