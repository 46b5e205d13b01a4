"""Plain minimax on 3×3, per node, against the C program this app descends from.

``python -m tests.benchmarks.bench_minimax_c [SOURCE]``: ``SOURCE`` is a folder
holding that program's public source (``namanyt/tictactoe.c``: ``ai.c``, ``game.c``
and their headers), fetched by hand; without it (or without a C compiler) the
benchmark says so and stops. Nothing of that program is kept here: a small driver
of our own, below, is compiled with its ``ai.c`` and ``game.c`` into a temporary
folder (``-O2``, stricter than its own Makefile, which does not optimise), and asks
its hard AI for the best first move on the empty board: a full minimax of the game
tree, 549,945 nodes by its count (ours counts the root too: 549,946).

Both are timed side by side in one run, alternating, in CPU time, median of
``RUNS``; the figure is our time per node over theirs. Ours is
``analyse(Board.empty(), Algorithm.MINIMAX)`` in this process.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tictactoe_gui.engine import Algorithm, Board, analyse

RUNS = 7
REPEATS_IN_C = 20

DRIVER = r"""
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#include "ai.h"
#include "game.h"

int main(void) {
    double best = 1e9;
    int nodes = 0, depth = 0;
    for (int run = 0; run < %d; run++) {
        Game game;
        AI ai;
        Game_init(&game);
        AI_init(&ai, &game);
        AI_setDifficulty(&ai, 2);
        struct timespec a, b;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
        Move move = ai.findBestMove(&ai);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
        double seconds = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
        if (seconds < best) best = seconds;
        AI_getStats(&ai, &nodes, &depth);
        if (move.row < 0) return 1;
    }
    printf("%%d %%.9f\n", nodes, best);
    return 0;
}
"""


def build(source: Path, folder: Path) -> Path | str:
    """The driver compiled with the program's AI, or why it could not be."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return "no C compiler"
    needed = ["ai.c", "ai.h", "game.c", "game.h"]
    if not all((source / name).is_file() for name in needed):
        return f"{source} does not hold {', '.join(needed)}"
    driver = folder / "driver.c"
    driver.write_text(DRIVER % REPEATS_IN_C)
    program = folder / "minimax_c"
    done = subprocess.run(
        [compiler, "-O2", "-std=c2x", f"-I{source}", "-o", str(program), str(driver),
         str(source / "ai.c"), str(source / "game.c")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        return f"it did not compile: {done.stderr.strip().splitlines()[-1:]}"
    return program


def theirs(program: Path) -> tuple[int, float]:
    """Nodes and the fastest of ``REPEATS_IN_C`` searches, in CPU seconds."""
    out = subprocess.run([str(program)], capture_output=True, text=True, check=True).stdout
    nodes, seconds = out.split()
    return int(nodes), float(seconds)


def ours() -> tuple[int, float]:
    start = time.process_time()
    analysis = analyse(Board.empty(), Algorithm.MINIMAX)
    return analysis.nodes, time.process_time() - start


def main() -> None:
    if len(sys.argv) < 2:
        print("skipped: give the folder of namanyt/tictactoe.c's source")
        return
    with tempfile.TemporaryDirectory() as folder:
        program = build(Path(sys.argv[1]).resolve(), Path(folder))
        if isinstance(program, str):
            print(f"skipped: {program}")
            return
        our_times, their_times = [], []
        our_nodes = their_nodes = 0
        for _ in range(RUNS):
            their_nodes, seconds = theirs(program)
            their_times.append(seconds)
            our_nodes, seconds = ours()
            our_times.append(seconds)
    mine, other = statistics.median(our_times), statistics.median(their_times)
    per_ours, per_theirs = mine / our_nodes * 1e9, other / their_nodes * 1e9
    print(f"ours:   {our_nodes:,} nodes, {mine * 1000:.1f} ms, {per_ours:.0f} ns a node")
    print(f"theirs: {their_nodes:,} nodes, {other * 1000:.1f} ms, {per_theirs:.0f} ns a node")
    print(f"ours per node over theirs: {per_ours / per_theirs:.1f}× (target ≤ 2×)")


if __name__ == "__main__":
    main()
