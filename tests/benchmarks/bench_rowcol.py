"""Row & Column benchmark: exact solving by board size, against a plain baseline; a round robin.

Run with ``make bench`` or ``python -m tests.benchmarks.bench_rowcol``. Not part
of the test suite: it prints figures, it does not assert them. It takes a few
minutes (the baseline on 5×5 and the minute given to 6×6 dominate).

Every solve runs in a fresh process so that its peak memory (``ru_maxrss``) is
its own. The baseline is a plain alpha-beta with a transposition table (keyed
on the same ``(cells left, last cell)``, moves in row-major order, tuples in
the table); it runs side by side with the engine's search on the same boards,
so the ratio holds on a busy machine where the absolute times do not.

Target: on 5×5, the exact margin of every opening cell within a minute and
1 GB.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tictactoe_gui.engine import SearchCancelled
from tictactoe_gui.engine.rowcol import (
    STRATEGIES,
    Position,
    analyse,
    best_takes,
    play_series,
)
from tictactoe_gui.engine.rowcol.rules import line_masks
from tictactoe_gui.engine.rowcol.search import LimitedSearch

ROOT = Path(__file__).resolve().parents[2]
SEED = 1
MINUTE = 60.0
ROUND_ROBIN_SIZE = 4
ROUND_ROBIN_GAMES = 40


class Baseline:
    """Plain alpha-beta with a table: the reference the engine's search is measured against."""

    def __init__(self, position: Position) -> None:
        self.size = position.size
        self.values = position.values
        self.lines = line_masks(position.size)
        self.table: dict[tuple[int, int], tuple[int, int]] = {}
        self.nodes = 0

    def value(self, remaining: int, last: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        entry = self.table.get((remaining, last))
        if entry is not None:
            stored, kind = entry
            if kind == 0 or (kind == 1 and stored >= beta) or (kind == 2 and stored <= alpha):
                return stored
        allowed = remaining if last < 0 else self.lines[last] & remaining
        if not allowed:
            return 0
        original_alpha = alpha
        best = -(1 << 40)
        for cell in range(self.size * self.size):
            if allowed >> cell & 1:
                value = self.values[cell]
                after = remaining & ~(1 << cell)
                score = value - self.value(after, cell, value - beta, value - alpha)
                best = max(best, score)
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        kind = 1 if best >= beta else 2 if best <= original_alpha else 0
        self.table[(remaining, last)] = (best, kind)
        return best


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(kind: str, size: int, seed: int) -> dict[str, Any]:
    """One measurement, in this (fresh) process."""
    sys.setrecursionlimit(10_000)
    position = Position.from_seed(size, seed)
    started = time.perf_counter()
    cpu_started = time.process_time()
    result: dict[str, Any] = {"kind": kind, "size": size, "seed": seed}
    if kind == "opening":  # the opening's value and best cells: what a perfect player needs
        value, _, nodes = best_takes(position)
        result.update(value=value, nodes=nodes)
    elif kind == "all":  # the exact margin of every opening cell: what the analysis shows
        analysis = analyse(position)
        result.update(value=analysis.to_move_margin, nodes=analysis.nodes)
    elif kind == "baseline":
        baseline = Baseline(position)
        value = baseline.value(position.remaining, -1, -(1 << 40), 1 << 40)
        result.update(value=value, nodes=baseline.nodes, entries=len(baseline.table))
    elif kind == "minute":  # how far 6×6 and up get in a minute
        result.update(_one_minute(position))
    result["seconds"] = time.perf_counter() - started
    result["cpu_seconds"] = time.process_time() - cpu_started
    result["peak_mib"] = _peak_mib()
    return result


class _CpuWatchdog:
    """Sets ``cancel`` once this process has used ``budget`` more seconds of CPU.

    CPU time, not wall time: on a machine shared with other work a wall-clock
    minute buys a varying amount of search.
    """

    def __init__(self, budget: float) -> None:
        self.cancel = threading.Event()
        self._deadline = time.process_time() + budget
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(0.1):
            if time.process_time() >= self._deadline:
                self.cancel.set()
                return

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def _one_minute(position: Position) -> dict[str, Any]:
    watchdog = _CpuWatchdog(MINUTE)
    started = time.process_time()
    try:
        exact = analyse(position, exact=True, cancel=watchdog.cancel)
        exact_result: dict[str, Any] = {"solved": True, "value": exact.to_move_margin}
    except SearchCancelled:
        exact_result = {"solved": False}
    finally:
        watchdog.stop()
    exact_result["cpu_seconds"] = time.process_time() - started
    # The depth-limited search, one take deeper per pass, within a minute of CPU in all.
    watchdog = _CpuWatchdog(MINUTE)
    search = LimitedSearch(position.size, position.values, cancel=watchdog.cancel)
    passes = []
    depth = 1
    try:
        while depth <= position.cells:
            search.new_pass()
            began, nodes_before = time.process_time(), search.nodes
            try:
                search.value(position.remaining, None, depth)
            except SearchCancelled:
                break
            took = time.process_time() - began
            passes.append(
                {"depth": depth, "cpu_seconds": took, "nodes": search.nodes - nodes_before}
            )
            if search.horizon_hits == 0:
                break
            depth += 1
    finally:
        watchdog.stop()
    return {"exact": exact_result, "passes": passes}


def measure(kind: str, size: int, seed: int = SEED, timeout: float = 3600) -> dict[str, Any] | None:
    try:
        out = subprocess.run(
            [sys.executable, "-m", "tests.benchmarks.bench_rowcol", kind, str(size), str(seed)],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            timeout=timeout,
        ).stdout
    except subprocess.TimeoutExpired:
        return None
    result: dict[str, Any] = json.loads(out)
    return result


def _solving() -> None:
    print(
        "Exact solving, seeded boards (seed 1, values -9..9), each in a fresh process; "
        "times are CPU seconds:"
    )
    print(
        f"{'board':>5}  {'what':<22} {'nodes':>12} {'time':>9} {'peak MiB':>9}  "
        f"{'baseline nodes':>14} {'baseline time':>13} {'baseline MiB':>12}  speed-up"
    )
    for size in (3, 4, 5):
        base = measure("baseline", size, timeout=3600)
        for kind, label in (("opening", "opening value"), ("all", "every opening cell")):
            ours = measure(kind, size)
            assert ours is not None
            if base is None:
                base_text, ratio = f"{'(not finished within an hour)':>43}", "-"
            else:
                assert base["value"] == ours["value"], (base, ours)
                base_text = (
                    f"{base['nodes']:>14,} {base['cpu_seconds']:>12.2f}s {base['peak_mib']:>12.0f}"
                )
                ratio = f"{base['cpu_seconds'] / ours['cpu_seconds']:.1f}×"
            print(
                f"{size}×{size}:  {label:<22} {ours['nodes']:>12,} {ours['cpu_seconds']:>8.2f}s "
                f"{ours['peak_mib']:>9.0f}  {base_text}  {ratio}"
            )
    print("(The baseline solves the opening value only; the speed-up compares each row with it.)")


def _six_by_six() -> None:
    result = measure("minute", 6, timeout=3600)
    assert result is not None
    exact = result["exact"]
    if exact["solved"]:
        print(f"6×6 exact: solved in {exact['cpu_seconds']:.1f}s, margin {exact['value']}")
    else:
        print(f"6×6 exact: not solved within {MINUTE:.0f}s of CPU")
    deepest = result["passes"][-1] if result["passes"] else None
    cumulative = 0.0
    for one in result["passes"]:
        cumulative += one["cpu_seconds"]
        print(
            f"  depth-limited, {one['depth']:>2} takes ahead: {one['nodes']:>10,} nodes, "
            f"{one['cpu_seconds']:.2f}s (all passes so far {cumulative:.1f}s)"
        )
    if deepest is not None:
        print(
            f"6×6 in a minute: looks {deepest['depth']} takes ahead "
            f"(peak {result['peak_mib']:.0f} MiB)"
        )


def _round_robin() -> None:
    names = list(STRATEGIES)
    print(
        f"\nRound robin on {ROUND_ROBIN_SIZE}×{ROUND_ROBIN_SIZE}, {ROUND_ROBIN_GAMES} seeded games "
        "per pairing (seed 1; each game its own board). Row player is A, column player is B;"
    )
    print("cells: A's wins-ties-losses and A's average margin.")
    corner = "A \\ B"
    print(f"{corner:<21}" + "".join(f"{name:>24}" for name in names))
    for a in names:
        row = f"{a:<21}"
        for b in names:
            tally, _ = play_series(
                ROUND_ROBIN_SIZE, STRATEGIES[a], STRATEGIES[b], ROUND_ROBIN_GAMES, SEED
            )
            cell = f"{tally.a_wins}-{tally.ties}-{tally.b_wins} {tally.average_margin:+.1f}"
            row += f"{cell:>24}"
        print(row)


def main() -> None:
    _solving()
    _six_by_six()
    _round_robin()


if __name__ == "__main__":
    if len(sys.argv) == 4:
        print(json.dumps(child(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
    else:
        main()
