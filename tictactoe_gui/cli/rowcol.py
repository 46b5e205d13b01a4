"""Row & Column on the command line: ``analyse``, ``match`` and ``play`` with ``--game rowcol``.

The commands' own modules hand over to the functions here when ``--game``
names Row & Column (``rowcol`` or ``rowcolN``); the options only this game
has (``--last``, ``--size``, ``--first``, ``--values``, ``--strategy``) are
added here too, so each command's module stays about its own game.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator
from typing import Any

from tictactoe_gui.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    InputLines,
    Streams,
    UsageError,
)
from tictactoe_gui.engine.rowcol import (
    Player,
    Position,
    RowColAnalysis,
    RowColError,
    SolveTable,
    analyse,
    parse_player,
)
from tictactoe_gui.engine.variants import (
    Family,
    Variant,
    quote,
)

# -- option types -----------------------------------------------------------------------


def first_option(text: str) -> Player:
    try:
        return parse_player(text)
    except RowColError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def last_option(text: str) -> tuple[int, int]:
    """``--last ROW,COL``: 0-based, counted from the top-left."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        row, col = int(parts[0]), int(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--last is ROW,COL (0-based, from the top-left), such as 1,2; got {quote(text)}"
        ) from None
    return row, col


def add_analyse_options(parser: argparse.ArgumentParser) -> None:
    # A position may start with a negative value ("-3,5,.../..."); argparse would take it
    # for an option. It already reads "-3" as a value when no option looks like a negative
    # number; this widens that to anything that starts with a minus and a digit.
    parser._negative_number_matcher = re.compile(r"^-[0-9]")
    group = parser.add_argument_group("Row & Column (--game rowcol)")
    group.add_argument(
        "--last",
        type=last_option,
        metavar="ROW,COL",
        help="the cell taken last, 0-based from the top-left (absent: the opening)",
    )
    group.add_argument(
        "--first", type=first_option, metavar="A|B", help="who is to move (default: A)"
    )


def is_rowcol(variant: Variant) -> bool:
    return variant.family is Family.ROWCOL


def _size_given(args: argparse.Namespace) -> bool:
    """Whether --game named the size (rowcolN) rather than a bare ``rowcol``."""
    return getattr(args, "game_text", None) not in (None, "rowcol")


def refuse_rowcol_options(args: argparse.Namespace) -> None:
    """The Row & Column options, given with another game: one clear line."""
    for name in ("last", "size", "first", "values", "strategy"):
        if getattr(args, name, None) is not None:
            raise UsageError(f"--{name} is for Row & Column; add --game rowcol")


# -- analyse ----------------------------------------------------------------------------


def _texts(args: argparse.Namespace, stdin: InputLines) -> Iterator[tuple[str, str | None]]:
    for index, argument in enumerate(args.boards, start=1):
        if argument == "-":
            for line in stdin:
                if line.text != "":
                    yield f"standard input line {line.number}", line.text
        else:
            yield f"argument {index}", argument


def analysis_json(analysis: RowColAnalysis) -> dict[str, Any]:
    position = analysis.position
    payload: dict[str, Any] = {
        "game": position.variant.id,
        "board": position.to_text(),
        "last": None if position.last is None else list(position.row_col(position.last)),
        "to_move": None if position.is_over else position.to_move.value,
        "to_move_margin": analysis.to_move_margin,
        "best_moves": [list(position.row_col(c)) for c in analysis.best_cells],
        "candidates": [
            {"row": c.row, "col": c.col, "value": c.value, "margin": c.margin}
            for c in analysis.candidates
        ],
        "principal_variation": [list(position.row_col(c)) for c in analysis.principal_variation],
        "predicted_scores": {"A": analysis.predicted_a, "B": analysis.predicted_b},
        "exact": analysis.exact,
    }
    if not analysis.exact:
        payload["depth"] = analysis.depth
    payload["nodes"] = analysis.nodes
    payload["elapsed_ms"] = round(analysis.elapsed * 1000, 3)
    return payload


def board_text(position: Position) -> str:
    """The grid with column letters and row numbers; ``.`` taken, ``[ ]`` allowed now."""
    size = position.size
    width = max(2, *(len(str(v)) for v in position.values))
    allowed = set(position.allowed_cells()) if position.last is not None else set()
    lines = ["    " + " ".join(f" {chr(97 + col):>{width}} " for col in range(size))]
    for row in range(size):
        cells = []
        for col in range(size):
            cell = row * size + col
            text = "." if position.is_taken(cell) else str(position.values[cell])
            if cell == position.last:
                cells.append(f"({text:>{width}})")
            elif cell in allowed:
                cells.append(f"[{text:>{width}}]")
            else:
                cells.append(f" {text:>{width}} ")
        lines.append(f"{size - row:>3} " + " ".join(cells))
    lines.append(f"A {position.score_a}, B {position.score_b}; {position.to_move} to move.")
    return "\n".join(lines)


def analysis_text(analysis: RowColAnalysis) -> str:
    position = analysis.position
    lines = [board_text(position), ""]
    if position.is_over:
        lines.append(f"Game over: {position.to_move} has no cell to take.")
        return "\n".join(lines)
    if analysis.exact:
        lines.append(f"{position.to_move} to move. Every allowed cell, best first (exact):")
    else:
        lines.append(
            f"{position.to_move} to move. Not solved: estimated by looking {analysis.depth} "
            "takes ahead. Every allowed cell, best first:"
        )
    lines.append("   cell  (row, col)  value  margin")
    best = set(analysis.best_cells)
    for candidate in analysis.candidates:
        marker = "*" if candidate.cell in best else " "
        name = position.cell_label(candidate.cell)
        lines.append(
            f" {marker} {name:<5} ({candidate.row}, {candidate.col}){'':<4}"
            f"{candidate.value:>5} {candidate.margin:>+7d}"
        )
    line = " ".join(position.cell_label(c) for c in analysis.principal_variation)
    lines.append("")
    lines.append(f"Predicted: {analysis.prediction_text()}.")
    lines.append(f"Expected takes{'' if analysis.exact else ' (estimate)'}: {line}")
    lines.append(f"Searched {analysis.nodes:,} nodes in {analysis.elapsed * 1000:.2f} ms.")
    return "\n".join(lines)


def position_needs_last(text: str) -> bool:
    return any(cell.strip() == "." for row in text.split("/") for cell in row.split(","))


def run_analyse(args: argparse.Namespace, streams: Streams) -> int:
    if args.moves:
        raise UsageError("--moves is for k-in-a-row games; give a Row & Column POSITION")
    if args.persona is not None or args.seed is not None:
        raise UsageError("--persona and --seed are for k-in-a-row games, not Row & Column")
    if args.algorithm != "table":
        raise UsageError(
            "--algorithm is for k-in-a-row games; Row & Column uses its own exact search"
        )
    if not args.boards:
        raise UsageError(
            "give a POSITION such as '3,-1,4/.,5,-9/2,6,5' (- reads them from standard input)"
        )
    variant: Variant = args.game
    wanted = variant.rows if _size_given(args) else None
    first = args.first or Player.A
    failures = 0
    printed = False
    for label, text in _texts(args, streams.stdin):
        if text is None:
            streams.report(f"{label}: not UTF-8 text; skipped")
            failures += 1
            continue
        try:
            if args.last is None and position_needs_last(text):
                raise RowColError(
                    "the board has taken cells ('.') but no --last: give the cell taken "
                    "last as --last ROW,COL (0-based), since the next take must share its "
                    "row or column"
                )
            position = Position.from_text(text, args.last, first=first, size=wanted)
        except RowColError as error:
            streams.report(f"{label}: {error}")
            failures += 1
            continue
        analysis = analyse(position, table=SolveTable(position.size, position.values))
        if args.json:
            print(json.dumps(analysis_json(analysis)), file=streams.stdout, flush=True)
        else:
            if printed:
                print(file=streams.stdout)
            print(analysis_text(analysis), file=streams.stdout)
        printed = True
    return EXIT_USAGE if failures else EXIT_OK
