"""``analyse``: score every move of one or more positions, as text or one JSON object per line."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

from tictactoe_gui.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    Command,
    InputLines,
    Streams,
    UsageError,
    persona_key,
    seed,
)
from tictactoe_gui.engine import (
    PERSONAS,
    Algorithm,
    Analysis,
    Board,
    BoardError,
    Move,
    TranspositionTable,
    analyse,
    get_persona,
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("boards", nargs="+", metavar="BOARD")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument(
        "--algorithm",
        choices=[a.value for a in Algorithm],
        default=Algorithm.TABLE.value,
        help="search algorithm (default: table)",
    )
    parser.add_argument(
        "--persona",
        type=persona_key,
        help=f"also show the move this persona plays ({', '.join(PERSONAS)})",
    )
    parser.add_argument("--seed", type=seed, help="seed for the persona's choice (with --persona)")


def _read_boards(arguments: Sequence[str], stdin: InputLines) -> Iterator[tuple[str, str | None]]:
    """(label, text) for every board: command-line arguments, and stdin lines for ``-``.

    A line reads exactly as the same text given as an argument (nine spaces
    are the empty board); only empty lines are skipped. ``text`` is None for a
    line that is not UTF-8.
    """
    for index, argument in enumerate(arguments, start=1):
        if argument == "-":
            for line in stdin:
                if line.text != "":
                    yield f"standard input line {line.number}", line.text
        else:
            yield f"argument {index}", argument


def _cell(move: Move) -> list[int]:
    return [move.row, move.col]


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    finished = analysis.board.is_over
    return {
        "board": analysis.board.to_text(),
        "to_move": None if finished else analysis.to_move.value,
        "outcome": analysis.prediction.code,
        "plies_to_end": analysis.prediction.plies_to_end,
        "best_moves": [_cell(m) for m in analysis.best_moves],
        "candidates": [
            {
                "row": c.move.row,
                "col": c.move.col,
                "score": c.score,
                "outcome": c.outcome.value if c.outcome else None,
                "plies_to_end": c.plies_to_end,
            }
            for c in analysis.candidates
        ],
        "principal_variation": [_cell(m) for m in analysis.principal_variation],
        "nodes": analysis.nodes,
        "max_depth": analysis.max_depth,
        "algorithm": analysis.algorithm.value,
        "elapsed_ms": round(analysis.elapsed * 1000, 3),
    }


def analysis_text(analysis: Analysis, chosen: Move | None, persona_name: str | None) -> str:
    lines = [analysis.board.pretty(), ""]
    if analysis.board.is_over:
        lines.append(f"Game over: {analysis.prediction}.")
        return "\n".join(lines)
    lines.append(f"{analysis.to_move} to move. Candidates, best first:")
    lines.append("   cell     score  outcome")
    best = set(analysis.best_moves)
    for candidate in analysis.candidates:
        marker = "*" if candidate.move in best else " "
        cell = f"({candidate.move.row}, {candidate.move.col})"
        lines.append(f" {marker} {cell:<8} {candidate.score:>5}  {candidate.describe}")
    line = " ".join(f"{m.row}{m.col}" for m in analysis.principal_variation)
    lines.append("")
    lines.append(f"Predicted with best play: {analysis.prediction}.")
    lines.append(f"Expected line (row col): {line}")
    lines.append(
        f"Searched {analysis.nodes:,} nodes to depth {analysis.max_depth} "
        f"with {analysis.algorithm.label} in {analysis.elapsed * 1000:.2f} ms."
    )
    if chosen is not None and persona_name is not None:
        lines.append(f"{persona_name} plays ({chosen.row}, {chosen.col}).")
    return "\n".join(lines)


def run(args: argparse.Namespace, streams: Streams) -> int:
    if args.seed is not None and args.persona is None:
        raise UsageError("--seed chooses a persona's move; give --persona too")
    stdout = streams.stdout
    algorithm = Algorithm(args.algorithm)
    persona = get_persona(args.persona) if args.persona else None
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    table = TranspositionTable()
    first_search: dict[Board, Analysis] = {}
    failures = 0
    first = True
    for label, text in _read_boards(args.boards, streams.stdin):
        if text is None:
            streams.report(f"{label}: not UTF-8 text; skipped")
            failures += 1
            continue
        try:
            board = Board.from_text(text)
        except BoardError as error:
            streams.report(f"{label}: {error}")
            failures += 1
            continue
        analysis = first_search.get(board)
        if analysis is None:
            analysis = first_search[board] = analyse(board, algorithm, table=table)
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
        "Analyse positions given as 9 characters, row-major: X, O and . for empty "
        "(- or a space also mean empty; / or | between rows are ignored), e.g. "
        "'X.O.X....'. Use - to read one board per line from standard input."
    ),
    configure=configure,
    run=run,
)
