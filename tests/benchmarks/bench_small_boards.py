"""Small boards solved exactly: time and nodes from the empty board, against plain alpha-beta.

Run with ``python -m tests.benchmarks.bench_small_boards`` (or ``make bench``). It
prints figures and asserts nothing. Each board is solved by alpha-beta with the
symmetry-keyed table (the app's default) and, side by side in the same run, by
plain alpha-beta without a table (the baseline), so the ratio stands even on a
busy machine. The published values are the check: 3x4 k3 and 4x4 k3 are
first-player wins in 7 and 5 plies, 4x4 k4 is a draw.
"""

from __future__ import annotations

import time

from tictactoe_gui.engine import Algorithm, Board
from tictactoe_gui.engine.analysis import exact_analysis
from tictactoe_gui.engine.search import NodeLimitReached
from tictactoe_gui.engine.variants import get_variant

BOARDS = ("3x3k3", "3x4k3", "4x4k3", "4x4k4", "5x5k4")
#: The baseline gives up here (plain alpha-beta on 4x4 k4 runs for minutes).
BASELINE_BUDGET = 5_000_000
#: 5x5 k4 is tried with this budget (the default analysis budget is smaller).
TABLE_BUDGET = 20_000_000


def solve(variant_id: str, algorithm: Algorithm, budget: int | None) -> tuple[str, int, float]:
    board = Board.empty(get_variant(variant_id))
    started = time.perf_counter()
    try:
        analysis = exact_analysis(board, algorithm, node_limit=budget)
    except NodeLimitReached:
        return f"not solved in {budget:,} nodes", budget or 0, time.perf_counter() - started
    return str(analysis.prediction), analysis.nodes, time.perf_counter() - started


def main() -> None:
    print("| board | value | table: nodes, time | alpha-beta: nodes, time | speed-up |")
    print("|---|---|---|---|---|")
    for variant_id in BOARDS:
        value, nodes, seconds = solve(variant_id, Algorithm.TABLE, TABLE_BUDGET)
        if variant_id == "5x5k4":
            base: tuple[str, int, float] = ("not run", 0, 0.0)
        else:
            base = solve(variant_id, Algorithm.ALPHABETA, BASELINE_BUDGET)
        solved = base[0] == value
        ratio = f"{base[2] / seconds:.0f}×" if solved and seconds else "—"
        baseline = f"{base[1]:,}, {base[2]:.2f} s" if solved else f"{base[0]} ({base[2]:.0f} s)"
        print(f"| {variant_id} | {value} | {nodes:,}, {seconds:.2f} s | {baseline} | {ratio} |")


if __name__ == "__main__":
    main()
