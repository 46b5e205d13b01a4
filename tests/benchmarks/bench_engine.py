"""Engine benchmark: the three algorithms on the empty board and on a fixed set of positions.

Run with ``make bench`` or ``python -m tests.benchmarks.bench_engine``. Not part
of the test suite: it prints figures, it does not assert them.

Targets: the fastest algorithm analyses the empty board from a fresh process at
least 100x faster than plain minimax, and answers any position it has already
seen in well under a millisecond.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

from tictactoe_gui.engine import Algorithm, Board, TranspositionTable, all_positions, analyse

RUNS = 5
#: A fixed set: openings, a middle game and endgames with forced wins and losses.
POSITIONS = [
    "X........",
    "....X....",
    "X...O....",
    "X.O.X....",
    "XO..X..O.",
    "XX.OO....",
    "XOX.O.OX.",
]

_FRESH = """
import json, time
t = time.perf_counter()
from tictactoe_gui.engine import Algorithm, Board, analyse
a = analyse(Board.empty(), Algorithm({alg!r}))
print(json.dumps({{"elapsed": a.elapsed, "nodes": a.nodes}}))
"""


def fresh_process(algorithm: Algorithm) -> tuple[float, int]:
    """Median seconds (measured inside the process) and nodes for the empty board."""
    times, nodes = [], 0
    for _ in range(RUNS):
        out = subprocess.run(
            [sys.executable, "-c", _FRESH.format(alg=algorithm.value)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        result = json.loads(out)
        times.append(result["elapsed"])
        nodes = result["nodes"]
    return statistics.median(times), nodes


def fixed_positions(algorithm: Algorithm) -> float:
    """Median seconds per position over the fixed set, each with a fresh table."""
    times = []
    for text in POSITIONS:
        board = Board.from_text(text)
        samples = [
            analyse(board, algorithm, table=TranspositionTable()).elapsed for _ in range(RUNS)
        ]
        times.append(statistics.median(samples))
    return statistics.median(times)


def seen_positions() -> tuple[float, float]:
    """Median and worst time to answer each of the 5,478 positions again from a warm table."""
    table = TranspositionTable()
    boards = list(all_positions())
    for board in boards:
        analyse(board, Algorithm.TABLE, table=table)
    times = []
    for board in boards:
        started = time.perf_counter()
        analyse(board, Algorithm.TABLE, table=table)
        times.append(time.perf_counter() - started)
    return statistics.median(times), max(times)


def main() -> None:
    print(f"Engine benchmark (median of {RUNS} runs; Python {sys.version.split()[0]})")
    print()
    header = ("algorithm", "nodes (empty)", "empty, fresh process", "vs minimax", "fixed set")
    print(f"{header[0]:<20} {header[1]:>14} {header[2]:>21} {header[3]:>11} {header[4]:>10}")
    baseline = None
    for algorithm in Algorithm:
        seconds, nodes = fresh_process(algorithm)
        baseline = baseline or seconds
        fixed = fixed_positions(algorithm)
        print(
            f"{algorithm.label:<20} {nodes:>14,} {seconds * 1000:>18.2f} ms "
            f"{baseline / seconds:>10.0f}x {fixed * 1000:>7.3f} ms"
        )
    median, worst = seen_positions()
    print()
    print(
        f"A seen position, all 5,478 asked again with a warm table: "
        f"median {median * 1e6:.0f} us, worst {worst * 1e6:.0f} us"
    )


if __name__ == "__main__":
    main()
