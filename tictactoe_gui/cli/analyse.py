"""``analyse``: score every move of one or more positions, as text or one JSON object per line."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tictactoe_gui.cli import rowcol
from tictactoe_gui.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    Command,
    InputLines,
    Streams,
    UsageError,
    add_game_option,
    persona_key,
    seconds,
    seed,
)
from tictactoe_gui.engine import (
    PERSONAS,
    Algorithm,
    Analysis,
    Board,
    BoardError,
    Candidate,
    IllegalMoveError,
    Move,
    MoveOutcome,
    TranspositionTable,
    analyse,
    get_persona,
)
from tictactoe_gui.engine.analysis import PROOF_CELLS, PROVE_SECONDS
from tictactoe_gui.engine.notation import NotationError, parse_move_list
from tictactoe_gui.engine.variants import Variant


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("boards", nargs="*", metavar="BOARD")
    parser.add_argument(
        "--moves",
        action="append",
        default=[],
        metavar="CELLS",
        help="a position as the moves played from the empty board, e.g. 'b2,a1,c3'",
    )
    add_game_option(parser)
    rowcol.add_analyse_options(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument(
        "--algorithm",
        choices=[a.value for a in Algorithm],
        default=Algorithm.TABLE.value,
        help="search algorithm for positions that are solved (default: table)",
    )
    parser.add_argument(
        "--persona",
        type=persona_key,
        help=f"also show the move this persona plays ({', '.join(PERSONAS)})",
    )
    parser.add_argument("--seed", type=seed, help="seed for the persona's choice (with --persona)")
    parser.add_argument(
        "--time",
        type=seconds,
        metavar="SECONDS",
        help="how long to think about a position the engine cannot solve at once "
        f"(default: up to {PROVE_SECONDS:g} s to prove the value of a board of up to "
        f"{PROOF_CELLS} cells; a fixed-depth estimate and a short search for a forced win "
        "on a bigger one)",
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


def _board(position: _Position, variant: Variant) -> Board:
    """The position's board; BoardError (a ValueError) says what is wrong with it."""
    assert position.text is not None
    if not position.moves:
        return Board.from_text(position.text, variant)
    board = Board.empty(variant)
    try:
        cells = parse_move_list(position.text, variant.rows, variant.cols)
    except NotationError as error:
        raise BoardError(str(error)) from None
    for number, (row, col) in enumerate(cells, start=1):
        move = Move(row, col)
        try:
            board = board.play(move)
        except IllegalMoveError as error:
            raise BoardError(f"move {number} ({board.cell_name(move)}): {error}") from None
    return board


def _cell(move: Move) -> list[int]:
    return [move.row, move.col]


def proven_score(outcome: MoveOutcome, plies_to_end: int, cells: int) -> int:
    """The score of a proven result: a win in p plies scores cells + 2 - p (11 - p on 3x3),
    a loss the negative of that, a draw 0."""
    if outcome is MoveOutcome.DRAW:
        return 0
    value = cells + 2 - plies_to_end
    return value if outcome is MoveOutcome.WIN else -value


def _candidate_json(candidate: Candidate, cells: int) -> dict[str, Any]:
    payload: dict[str, Any] = {"row": candidate.move.row, "col": candidate.move.col}
    if candidate.outcome is not None and candidate.plies_to_end is not None:
        payload["score"] = proven_score(candidate.outcome, candidate.plies_to_end, cells)
        payload["outcome"] = candidate.outcome.value
        payload["plies_to_end"] = candidate.plies_to_end
    elif candidate.outcome is not None:
        # Proven, but not how soon: no score, which counts the plies.
        payload |= {"score": None, "outcome": candidate.outcome.value, "plies_to_end": None}
    else:
        payload |= {"score": None, "outcome": None, "plies_to_end": None}
        payload["evaluation"] = candidate.score
    return payload


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The JSON form: today's fields for a solved position plus ``"exact": true``; for one that
    was not solved, ``"exact": false`` with the evaluation and depth, and nothing claimed."""
    board = analysis.board
    finished = board.is_over
    payload: dict[str, Any] = {
        "board": board.to_text(),
        "to_move": None if finished else analysis.to_move.value,
        "exact": analysis.exact,
        "outcome": analysis.prediction.code if analysis.exact else None,
        "plies_to_end": analysis.prediction.plies_to_end if analysis.exact else None,
    }
    if not analysis.exact:
        payload["evaluation"] = analysis.evaluation
        payload["depth"] = analysis.depth
        # The best evaluation after each completed depth, depth 1 first: where the last two
        # read differently, a deeper search may change the estimate again.
        payload["depth_evaluations"] = list(analysis.depth_scores)
    payload |= {
        "best_moves": [_cell(m) for m in analysis.best_moves],
        "candidates": [_candidate_json(c, board.cells) for c in analysis.candidates],
        "principal_variation": [_cell(m) for m in analysis.principal_variation],
        "nodes": analysis.nodes,
        "max_depth": analysis.max_depth,
        "algorithm": analysis.algorithm.value,
        "elapsed_ms": round(analysis.elapsed * 1000, 3),
    }
    return payload


def analysis_text(analysis: Analysis, chosen: Move | None, persona_name: str | None) -> str:
    board = analysis.board
    lines = [board.pretty(), ""]
    if board.is_over:
        lines.append(f"Game over: {analysis.prediction}.")
        return "\n".join(lines)
    if analysis.exact:
        lines.append(f"{analysis.to_move} to move. Candidates, best first:")
    else:
        lines.append(
            f"{analysis.to_move} to move. Not solved: estimated by a {analysis.depth}-ply "
            "search (positive is good for the mover). Candidates, best first:"
        )
    width = max(4, *(len(board.cell_name(c.move)) for c in analysis.candidates))
    number = 8 if analysis.exact else 10
    heading = f"{'score':>{number}}  outcome" if analysis.exact else f"{'evaluation':>{number}}"
    lines.append(f"   {'cell':<{width}} {heading}")
    best = set(analysis.best_moves)
    for candidate in analysis.candidates:
        marker = "*" if candidate.move in best else " "
        cell = board.cell_name(candidate.move)
        if candidate.outcome is not None and candidate.plies_to_end is not None:
            score = str(proven_score(candidate.outcome, candidate.plies_to_end, board.cells))
            outcome = candidate.describe
        elif candidate.outcome is not None:
            score, outcome = "", candidate.describe
        else:
            # In an exact analysis, a move the proof did not need keeps its estimate.
            score, outcome = f"{candidate.score:+d}", "estimate" if analysis.exact else ""
        lines.append(f" {marker} {cell:<{width}} {score:>{number}}  {outcome}".rstrip())
    line = " ".join(board.cell_name(m) for m in analysis.principal_variation)
    lines.append("")
    if analysis.exact:
        lines.append(f"Predicted with best play: {analysis.prediction}.")
        lines.append(f"Expected line: {line}")
    else:
        lines.append(f"Estimate, not proven: {analysis.prediction}.")
        unsettled = analysis.unsettled_since
        if unsettled is not None:
            depth, before = unsettled
            lines.append(
                f"Not settled: at depth {depth} the evaluation was {before:+d}; "
                "a deeper search may change it again."
            )
        lines.append(f"Likely line (estimate): {line}")
    lines.append(
        f"Searched {analysis.nodes:,} nodes to depth {analysis.max_depth} "
        f"with {analysis.algorithm.label} in {analysis.elapsed * 1000:.2f} ms."
    )
    if chosen is not None and persona_name is not None:
        lines.append(f"{persona_name} plays {board.cell_name(chosen)}.")
    return "\n".join(lines)


def run(args: argparse.Namespace, streams: Streams) -> int:
    args.game = args.game.variant
    if rowcol.is_rowcol(args.game):
        return rowcol.run_analyse(args, streams)
    rowcol.refuse_rowcol_options(args)
    if not args.boards and not args.moves:
        raise UsageError("give at least one BOARD (- reads them from standard input) or --moves")
    if args.seed is not None and args.persona is None:
        raise UsageError("--seed chooses a persona's move; give --persona too")
    stdout = streams.stdout
    variant: Variant = args.game
    algorithm = Algorithm(args.algorithm)
    persona = get_persona(args.persona) if args.persona else None
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    table = TranspositionTable()
    first_search: dict[Board, Analysis] = {}
    failures = 0
    first = True
    for position in _positions(args, streams.stdin):
        if position.text is None:
            streams.report(f"{position.label}: not UTF-8 text; skipped")
            failures += 1
            continue
        try:
            board = _board(position, variant)
        except BoardError as error:
            streams.report(f"{position.label}: {error}")
            failures += 1
            continue
        analysis = first_search.get(board)
        if analysis is None:
            analysis = first_search[board] = analyse(
                board,
                algorithm,
                table=table,
                time_limit=args.time,
                proof_time=(
                    PROVE_SECONDS if args.time is None and board.cells <= PROOF_CELLS else None
                ),
            )
        chosen = None
        if persona is not None and not board.is_over:
            chosen = persona.choose_move(board, random.Random(seed), table).move
        if args.json:
            payload = analysis_json(analysis)
            if persona is not None:
                payload["chosen_move"] = _cell(chosen) if chosen else None
            print(json.dumps(payload), file=stdout, flush=True)
        else:
            if not first:
                print(file=stdout)
            print(analysis_text(analysis, chosen, persona.name if persona else None), file=stdout)
        first = False
    return EXIT_USAGE if failures else EXIT_OK


COMMAND = Command(
    name="analyse",
    aliases=("analyze",),
    help="score every move of one or more positions",
    description=(
        "Analyse positions. A position is its rows, top to bottom, separated by /: "
        "X, O and . for empty, and a number for a run of empty cells (never starting "
        "with 0), e.g. 'X.O/1X1/3' or, on 20x20, '20/20/.../20'. A tic-tac-toe board may "
        "also be 9 characters, row-major ('X.O.X....'; - or a space also mean empty). "
        "Use - to read one position per line from standard input, or --moves to give "
        "the moves played from the empty board. Cells are named a1 (bottom left) to, "
        "on 3x3, c3 (top right); solved positions are exact, others estimated."
    ),
    configure=configure,
    run=run,
)
