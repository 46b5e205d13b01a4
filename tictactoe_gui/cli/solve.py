"""``solve``: the exact value of a position of any game with an exact solver, from its start
or from a position, with the line that gets there."""

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
from tictactoe_gui.engine.games import (
    GameError,
    GameSolution,
    GameSpec,
    GameState,
    Limit,
    NoSolverError,
    OutOfTimeError,
    limit_text,
)

#: Seconds the solver may run unless --time says otherwise.
DEFAULT_SECONDS = 300.0
_BAR = 24


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "board",
        nargs="?",
        metavar="BOARD",
        help="a position in the game's text (k in a row: rows top to bottom separated by '/'; "
        "X, O, '.' and run lengths; Row & Column: '3,-1,4/.,5,-9/2,6,5; last a2'); "
        "the start of a new game if left out",
    )
    parser.add_argument(
        "--moves", metavar="LIST", help="a position as moves from the start: b2,a1,c3"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="N",
        help="the seed of a game whose board is drawn (Row & Column), from its start (default 0)",
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


def _position(args: argparse.Namespace) -> GameState:
    spec: GameSpec = args.game
    if args.board is not None and args.moves is not None:
        raise UsageError("give a BOARD or --moves, not both")
    try:
        if args.board is not None:
            return spec.from_position_text(args.board)
        state = spec.new_game(args.seed)
        if args.moves:
            moves = state.read_moves(args.moves)
            for number, move in enumerate(moves, start=1):
                if not state.is_legal(move):
                    raise UsageError(
                        f"--moves: move {number} ({spec.format_move(move)}) is not legal there"
                    )
                state = state.play(move)
        return state
    except GameError as error:
        raise UsageError(str(error)) from None


def _cell(spec: GameSpec, move: int) -> list[int]:
    return list(divmod(move, spec.cols))


def _outcome(state: GameState, solution: GameSolution) -> str:
    """``"X"``, ``"O"`` (the winning seat) or ``"draw"``."""
    winner = solution.result.winner
    return "draw" if winner is None else state.spec.seats[winner]


def solution_json(state: GameState, solution: GameSolution) -> dict[str, Any]:
    spec = state.spec
    mover = state.to_move
    payload: dict[str, Any] = {
        "game": spec.id,
        "board": state.position_text(),
        "to_move": None if mover is None else spec.seats[mover],
        "exact": True,
        "outcome": _outcome(state, solution),
        "result": solution.result.text,
        "plies_to_end": solution.plies,
        "best_moves": [_cell(spec, move) for move in solution.line[:1]],
        "principal_variation": [_cell(spec, move) for move in solution.line],
        # False when the time ran out while the line was read: it is only its beginning.
        "line_complete": solution.line_complete,
        "nodes": solution.nodes,
        "elapsed_ms": round(solution.elapsed * 1000, 3),
    }
    if solution.scores is not None:
        payload["predicted_scores"] = dict(zip(spec.seats, solution.scores, strict=True))
    return payload


def _value(state: GameState, solution: GameSolution) -> str:
    """The result with best play in words: ``X wins in 5 plies``, ``A wins, 12 to 7, with
    best play (8 takes to the end)``, ``a draw (9 plies to a full board)``."""
    plies = solution.plies
    if solution.scores is not None:
        # The score first, as analyse and the window say it, then the moves left, apart: "12
        # to 7 in 8 moves" would read as a score reached in 8 moves.
        words = solution.result.with_best_play()
        if plies is None:
            return words
        word = state.spec.move_word
        return f"{words} ({plies} {word}{'' if plies == 1 else 's'} to the end)"
    unit = "ply" if plies == 1 else "plies"
    winner = solution.result.winner
    if winner is None:
        return f"a draw ({plies} {unit} to a full board)"
    seat = state.spec.seats[winner]
    if plies is None:
        return f"{seat} wins (in how many plies is not computed)"
    return f"{seat} wins in {plies} {unit}"


def run(args: argparse.Namespace, streams: Streams) -> int:
    spec: GameSpec = args.game
    if not spec.has_solver:
        raise UsageError(f"{spec.name} has no exact solver; analyse gives its engine's estimate")
    state = _position(args)
    stderr = streams.stderr
    show_bar = hasattr(stderr, "isatty") and stderr.isatty() and not args.json

    def progress(done: int, total: int) -> None:
        filled = _BAR * done // max(1, total)
        stderr.write(f"\rsolving {spec.id}: [{'#' * filled}{'.' * (_BAR - filled)}] {done}/{total}")
        stderr.flush()

    limit = Limit(time=args.time)
    try:
        solution = spec.prove(state, limit=limit, on_progress=progress if show_bar else None)
    except OutOfTimeError:
        if show_bar:
            stderr.write("\n")
        streams.report(f"{spec.id}: not solved within {limit_text(limit)}")
        return EXIT_FAILURE
    except NoSolverError as error:
        raise UsageError(str(error)) from None
    if show_bar:
        stderr.write("\n")
    if args.json:
        print(json.dumps(solution_json(state, solution)), file=streams.stdout)
        return EXIT_OK
    line = " ".join(spec.format_move(move) for move in solution.line)
    print(f"{spec.name}: {_value(state, solution)}, proven.", file=streams.stdout)
    if not solution.line_complete:
        plies = len(solution.line)
        print(
            f"Line, its first {plies} {'ply' if plies == 1 else 'plies'} only "
            f"({limit_text(limit)} ran out before the rest): {line}"
            if line
            else f"Line: not found within {limit_text(limit)} (the value was proven in time).",
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
    help="solve a position of a game with an exact solver",
    description=(
        "Solve a game exactly from its start (or a given position): who wins with best "
        "play, in how many moves, and the line. Every registered game with an exact solver "
        "(k in a row on the small boards, Row & Column) is solved; bigger sizes run until "
        "--time."
    ),
    configure=configure,
    run=run,
)
