"""The compiled big-board search against the pure-Python reference, side by side in one run.

Run with ``python -m tests.benchmarks.bench_compiled``. It prints figures and asserts
nothing (tests/engine/mnk/test_compiled.py proves the two agree). Each position is
searched to a fixed depth by the pure-Python search and by the compiled one, one after
the other, timed in CPU seconds (``time.process_time``, so other work on a busy machine
counts for neither), and the best of three runs of each is kept; both must count the
same nodes, which the table shows. Then the compiled search
alone: time to depth 8 and 10 on the same middle games.

- **Alpha-beta**: ``proofs=False``, the search the compiled core runs entirely.
- **With proofs**: the search as the app runs it, to a fixed depth, the threat-space
  proofs before the alpha-beta search compiled too.
- **Threat-space search**: the proofs alone, on test_threats_native's fixed positions.
- **Timed**: 1 s searches with proofs, as Sera and the brain run them (the proofs get at
  most 80 ms of each), nodes per CPU second of each over the same positions.
"""

from __future__ import annotations

import statistics
import time

from tests.benchmarks.bench_bigboard import MIDDLE_GAMES
from tests.engine.mnk.test_compiled import picture_bitboards as _place
from tictactoe_gui.engine.mnk import Limit, native, search
from tictactoe_gui.engine.mnk.search import SearchResult

#: Openings besides bench_bigboard's middle games (pictures centred on the board).
OPENINGS = {
    "gomoku": ["X", "X../.O./..X", "XO/.."],
    "four": ["X", "X./.O", "XO./.X./..."],
}
#: The depth each game is compared at: the pure-Python search takes about a second there.
DEPTHS = {"gomoku": 6, "four": 6}
RUNS = 3


def _positions(name: str) -> tuple[int, int, list[tuple[str, int, int]]]:
    size, k, pictures = MIDDLE_GAMES[name]
    found = []
    for picture in [*OPENINGS[name], *(p.rstrip("/") for p in pictures)]:
        x, o = _place(picture, size)
        found.append((picture, x, o))
    return size, k, found


def _best_of(runs: int, **kwargs: object) -> tuple[SearchResult, float]:
    best: tuple[SearchResult, float] | None = None
    for _ in range(runs):
        started = time.process_time()
        result = search(**kwargs)  # type: ignore[arg-type]
        took = max(time.process_time() - started, 1e-6)
        if best is None or took < best[1]:
            best = (result, took)
    assert best is not None
    return best


def side_by_side(proofs: bool) -> None:
    title = "With proofs (as the app searches)" if proofs else "Alpha-beta (proofs=False)"
    print(f"{title}: best of {RUNS} runs each, same positions, one after the other")
    print(
        f"{'game':<7} {'position':<18} {'depth':>5} {'nodes':>8} {'same':>5} "
        f"{'Python n/s':>11} {'compiled n/s':>13} {'ratio':>7}"
    )
    totals = {False: [0.0, 0], True: [0.0, 0]}
    for name in ("four", "gomoku"):
        size, k, positions = _positions(name)
        depth = DEPTHS[name]
        for picture, x, o in positions:
            runs = {}
            for compiled in (False, True):
                runs[compiled] = _best_of(
                    RUNS,
                    rows=size,
                    cols=size,
                    k=k,
                    x_mask=x,
                    o_mask=o,
                    limit=Limit(depth=depth),
                    proofs=proofs,
                    compiled=compiled,
                )
                totals[compiled][0] += runs[compiled][1]
                totals[compiled][1] += runs[compiled][0].nodes
            (slow, slow_time), (fast, fast_time) = runs[False], runs[True]
            same = (slow.best, slow.score, slow.mate, slow.nodes) == (
                fast.best,
                fast.score,
                fast.mate,
                fast.nodes,
            )
            label = picture if len(picture) <= 18 else picture[:15] + "..."
            agree = "yes" if same else "NO"
            print(
                f"{name:<7} {label:<18} {slow.depth:>5} {slow.nodes:>8,} {agree:>5} "
                f"{slow.nodes / slow_time:>11,.0f} {fast.nodes / fast_time:>13,.0f} "
                f"{slow_time / fast_time:>6.1f}x"
            )
    python_time, python_nodes = totals[False]
    compiled_time, compiled_nodes = totals[True]
    print(
        f"all: Python {python_nodes / python_time:,.0f} nodes/s, compiled "
        f"{compiled_nodes / compiled_time:,.0f} nodes/s: {python_time / compiled_time:.1f}x "
        f"({python_nodes:,} nodes in {python_time:.2f} s against {compiled_time:.3f} s)"
    )
    print()


def timed(seconds: float = 1.0) -> None:
    """Nodes per CPU second of a timed search with proofs, as Sera and the brain run it."""
    print(f"Timed searches with proofs ({seconds:g} s each, as Sera plays): nodes per CPU second")
    print(f"{'game':<7} {'Python n/s':>11} {'compiled n/s':>13} {'ratio':>7}")
    for name in ("four", "gomoku"):
        size, k, positions = _positions(name)
        rates = {}
        for compiled in (False, True):
            nodes, spent = 0, 0.0
            for _picture, x, o in positions:
                started = time.process_time()
                result = search(
                    size, size, k, x, o, Limit(time=seconds), proofs=True, compiled=compiled
                )
                spent += time.process_time() - started
                nodes += result.nodes
            rates[compiled] = nodes / spent
        print(
            f"{name:<7} {rates[False]:>11,.0f} {rates[True]:>13,.0f} "
            f"{rates[True] / rates[False]:>6.1f}x"
        )
    print()


def threat_search() -> None:
    """The threat-space search alone, Python against compiled, on the fixed positions of
    tests/engine/mnk/test_threats_native.py: every step the root asks (VCF, defences, proven
    loss, the root moves a VCT refutes) and VCTs of one and two quiet moves, one threat
    search's memory over all of them, 40,000 nodes at most each position."""
    from tests.engine.mnk.test_threats_native import FIXED, STEPS, _run
    from tictactoe_gui.engine.mnk.limits import Budget
    from tictactoe_gui.engine.mnk.state import State
    from tictactoe_gui.engine.mnk.threats import ThreatSearch

    print(f"Threat-space search ({len(FIXED)} positions), best of {RUNS} runs, CPU time")
    spent = {}
    counted = {}
    for make in (ThreatSearch, native.NativeThreatSearch):
        best = float("inf")
        for _ in range(RUNS):
            nodes, took = 0, 0.0
            for rows, cols, k, x, o in FIXED:
                state = State(rows, cols, k, x, o)
                searcher = make(Budget(Limit(nodes=40_000)))
                started = time.process_time()
                _run(searcher, state, STEPS)
                took += time.process_time() - started
                nodes += searcher.budget.nodes
            best = min(best, took)
        spent[make] = best
        counted[make] = nodes
    python, compiled = spent[ThreatSearch], spent[native.NativeThreatSearch]
    nodes = counted[ThreatSearch]
    print(
        f"nodes {nodes:,} (compiled {counted[native.NativeThreatSearch]:,}): Python "
        f"{python:.2f} s, {nodes / python:,.0f} nodes/s; compiled {compiled:.3f} s, "
        f"{nodes / compiled:,.0f} nodes/s: {python / compiled:.1f}x"
    )
    print()


def deep() -> None:
    print("Compiled alone, alpha-beta (proofs=False): CPU time to depth on the middle games")
    print(f"{'game':<7} {'depth':>5} {'time':>9} {'nodes':>11} {'nodes/s':>11} {'ended':>6}")
    for name in ("four", "gomoku"):
        size, k, pictures = MIDDLE_GAMES[name]
        for depth in (8, 10):
            times, nodes, ended = [], [], 0
            for picture in pictures:
                x, o = _place(picture.rstrip("/"), size)
                started = time.process_time()
                result = search(size, size, k, x, o, Limit(depth=depth), proofs=False)
                times.append(max(time.process_time() - started, 1e-6))
                nodes.append(result.nodes)
                ended += result.depth < depth
            print(
                f"{name:<7} {depth:>5} {statistics.median(times):>8.3f}s "
                f"{int(statistics.median(nodes)):>11,} "
                f"{int(sum(nodes) / sum(times)):>11,} {ended:>4}/{len(pictures)}"
            )
    print()


def main() -> None:
    if not native.available():
        print(f"The compiled core is not loaded ({native.UNAVAILABLE}): nothing to compare.")
        return
    side_by_side(proofs=False)
    side_by_side(proofs=True)
    threat_search()
    timed()
    deep()


if __name__ == "__main__":
    main()
