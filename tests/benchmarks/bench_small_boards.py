"""Small boards solved exactly: time and nodes from the empty board, against plain alpha-beta.

Run with ``python -m tests.benchmarks.bench_small_boards`` (or ``make bench``). It
prints figures and asserts nothing. Each board is solved by alpha-beta with the
symmetry-keyed table (the app's default) and, side by side in the same run, by
plain alpha-beta without a table (the baseline), so the ratio stands even on a
busy machine. The published values are the check: 3x4 k3 and 4x4 k3 are
first-player wins in 7 and 5 plies, 4x4 k4 is a draw.

The second table is ``solve`` (the k-in-a-row engine's solver): proof-number
search against the alpha-beta solver it replaced on big boards, each solve in
its own process so its peak memory is its own. The published values: 4x4 k4
and 5x5 k4 are draws, 6x5 k4 (6 rows, 5 columns) is a first-player win. The
alpha-beta solver gets :data:`SOLVER_BASELINE_SECONDS` per board. The third
table asks each side "do I force a win?" from the empty board in the real game
and in the Maker-Breaker game (the other side only blocks), to show what the
cheaper game settles. ``--compiled`` runs only the table of ``solve`` with the
compiled proof search against the pure-Python one (the same search, so the same
node counts), by CPU time.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time

from tictactoe_gui.engine import Algorithm, Board
from tictactoe_gui.engine.analysis import exact_analysis
from tictactoe_gui.engine.mnk.limits import Budget, Limit, SearchStopped
from tictactoe_gui.engine.mnk.proof import forces_win
from tictactoe_gui.engine.mnk.solve import solve as solve_mnk
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


#: (rows, cols, k) solved by ``solve``, from the empty board.
SOLVER_BOARDS = ((4, 4, 4), (5, 5, 4), (6, 5, 4))
#: The alpha-beta solver gives up here (it did not solve 5x5 k4 in 15 minutes).
SOLVER_BASELINE_SECONDS = 120.0
SOLVER_SECONDS = 600.0


def solve_one(
    rows: int, cols: int, k: int, method: str, seconds: float, compiled: bool = True
) -> dict[str, object]:
    """Solve in this process; the figures as a dict (peak memory of this process in MiB,
    CPU seconds of the solve alone)."""
    started = time.perf_counter()
    cpu = time.process_time()
    try:
        solution = solve_mnk(
            rows,
            cols,
            k,
            method=method,  # type: ignore[arg-type]
            limit=Limit(time=seconds),
            compiled=compiled,
        )
        outcome: str = solution.outcome.value
        plies = solution.plies
        nodes = solution.nodes
    except SearchStopped:
        outcome, plies, nodes = "not solved", None, 0
    return {
        "outcome": outcome,
        "plies": plies,
        "nodes": nodes,
        "seconds": time.perf_counter() - started,
        "cpu": time.process_time() - cpu,
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def solve_in_child(
    rows: int, cols: int, k: int, method: str, seconds: float, compiled: bool = True
) -> dict[str, object]:
    code = (
        "import json, sys\n"
        "from tests.benchmarks.bench_small_boards import solve_one\n"
        f"print(json.dumps(solve_one({rows}, {cols}, {k}, {method!r}, {seconds}, {compiled})))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    result: dict[str, object] = json.loads(out.splitlines()[-1])
    return result


def describe(figures: dict[str, object]) -> str:
    if figures["outcome"] == "not solved":
        return f"not solved in {figures['seconds']:.0f} s, {figures['peak_mib']:.0f} MiB"
    seconds = float(str(figures["seconds"]))
    shown = f"{seconds:.2f}" if seconds < 10 else f"{seconds:.1f}"
    return f"{figures['nodes']:,}, {shown} s, {figures['peak_mib']:.0f} MiB"


def value_text(figures: dict[str, object]) -> str:
    outcome, plies = figures["outcome"], figures["plies"]
    if outcome == "draw":
        return "draw"
    if outcome == "win":
        return "X wins" + (f" in {plies} plies" if plies is not None else "")
    return str(outcome)


def main_solver() -> None:
    print()
    print(
        "| board | value | proof-number search: nodes, time, peak memory "
        "| alpha-beta solver: nodes, time, peak memory | speed-up |"
    )
    print("|---|---|---|---|---|")
    for rows, cols, k in SOLVER_BOARDS:
        new = solve_in_child(rows, cols, k, "proof", SOLVER_SECONDS)
        old = solve_in_child(rows, cols, k, "alphabeta", SOLVER_BASELINE_SECONDS)
        seconds_new = float(str(new["seconds"]))
        seconds_old = float(str(old["seconds"]))
        if old["outcome"] == "not solved":
            ratio = f"over {seconds_old / seconds_new:.0f}×"
        else:
            ratio = f"{seconds_old / seconds_new:.0f}×"
        print(
            f"| {rows}×{cols} k{k} | {value_text(new)} | {describe(new)} "
            f"| {describe(old)} | {ratio} |",
            flush=True,
        )


def main_compiled() -> None:
    """``solve`` from the empty board: the compiled proof search against the pure-Python
    one (the same search: the node counts must match), alternating, each in its own process."""
    print()
    print(
        "| board | value | compiled: nodes, CPU time, peak memory "
        "| pure Python: nodes, CPU time, peak memory | speed-up (CPU) |"
    )
    print("|---|---|---|---|---|")
    for rows, cols, k in SOLVER_BOARDS:
        fast = solve_in_child(rows, cols, k, "proof", SOLVER_SECONDS, True)
        slow = solve_in_child(rows, cols, k, "proof", SOLVER_SECONDS, False)
        assert fast["nodes"] == slow["nodes"], (fast, slow)

        def cpu(figures: dict[str, object]) -> str:
            return (
                f"{figures['nodes']:,}, {float(str(figures['cpu'])):.2f} s, "
                f"{figures['peak_mib']:.0f} MiB"
            )

        ratio = float(str(slow["cpu"])) / max(float(str(fast["cpu"])), 1e-3)
        print(
            f"| {rows}×{cols} k{k} | {value_text(fast)} | {cpu(fast)} | {cpu(slow)} "
            f"| {ratio:.0f}× |",
            flush=True,
        )


def attack_one(rows: int, cols: int, k: int, attacker: int, maker_breaker: bool) -> str:
    """One side's "do I force a win?" from the empty board, in the real or Maker-Breaker game."""
    budget = Budget(Limit(time=SOLVER_SECONDS))
    started = time.perf_counter()
    try:
        wins = forces_win(rows, cols, k, 0, 0, attacker, maker_breaker=maker_breaker, budget=budget)
    except SearchStopped:
        return f"not settled in {time.perf_counter() - started:.0f} s"
    answer = "wins" if wins else "does not win"
    return f"{answer}: {budget.nodes:,}, {time.perf_counter() - started:.1f} s"


def main_maker_breaker() -> None:
    print()
    print(
        "| board | attacker | real game: answer, nodes, time | Maker-Breaker: answer, nodes, time |"
    )
    print("|---|---|---|---|")
    for rows, cols, k in ((4, 4, 4), (5, 5, 4)):
        for attacker, name in ((1, "X"), (2, "O")):
            real = attack_one(rows, cols, k, attacker, False)
            maker_breaker = attack_one(rows, cols, k, attacker, True)
            print(f"| {rows}×{cols} k{k} | {name} | {real} | {maker_breaker} |", flush=True)


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
    main_compiled()
    main_solver()
    main_maker_breaker()


if __name__ == "__main__":
    if sys.argv[1:] == ["--compiled"]:
        main_compiled()
    elif sys.argv[1:] == ["--solver"]:
        main_solver()
        main_maker_breaker()
    else:
        main()
