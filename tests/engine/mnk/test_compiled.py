"""The compiled search against the pure-Python reference: the same algorithm, only faster.

The compiled core is required here, not skipped when missing: the install builds it
(pyproject's ext-modules) and the app would run many times slower without it, so a
build that silently failed must fail the suite (on a developer's machine as in CI,
which sets no variable this could key on). The fallback itself is tested in a
subprocess that blocks the module.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time

import pytest

from tests.engine.mnk.helpers import LONG_VCF, assert_runs_without_the_gil
from tictactoe_gui.engine.mnk import Limit, TranspositionTable, native, search
from tictactoe_gui.engine.mnk.limits import Budget, SearchStopped
from tictactoe_gui.engine.mnk.search import VCF_PLIES, _AlphaBeta
from tictactoe_gui.engine.mnk.state import State


def picture_bitboards(picture: str, size: int) -> tuple[int, int]:
    """Bitboards of a picture (rows of X, O, '.' joined by '/') centred on a size×size board."""
    lines = picture.split("/")
    top = (size - len(lines)) // 2
    left = (size - len(lines[0])) // 2
    x = o = 0
    for r, line in enumerate(lines):
        for c, mark in enumerate(line):
            bit = 1 << ((top + r) * size + left + c)
            if mark == "X":
                x |= bit
            elif mark == "O":
                o |= bit
    return x, o


#: Openings and middle games of four in a row (20×20) and gomoku (15×15), either side to move.
POSITIONS = [
    (20, 4, "X"),
    (20, 4, "X./.O"),
    (20, 4, "XO./.X./..."),
    (20, 4, "......./...O.../..XOX../..OX.../...X.O./......."),
    (20, 4, "......../..O...../..XX.O../..OXO.../...X..../........"),
    (20, 4, "........./....O..../..X.XO.../...OX..../..O..X.../........."),
    (20, 4, "...../.OX../.XO../..X.O/....."),
    (15, 5, "X"),
    (15, 5, "XO/.."),
    (15, 5, "X../.O./..X"),
    (15, 5, "........./...O...../..XXO..../...OX..../..O.X..../....X...../........."),
    (15, 5, "......./..XO.../...OX../..XOX../....O../......."),
    (15, 5, ".........../....O....../...XOX...../....XOX..../...OX.X..../.....O...../..........."),
    (15, 5, "......./..O.X../.XXO.../..OXO../...X.O./......."),
]


def _ids() -> list[str]:
    return [f"{size}x{size}k{k}:{picture}" for size, k, picture in POSITIONS]


def test_the_compiled_core_is_built_and_loaded() -> None:
    assert native.available(), f"the compiled search core did not load: {native.UNAVAILABLE}"


def test_both_searches_look_for_a_vcf_as_close_to_the_root() -> None:
    from tictactoe_gui.engine.mnk import _core  # type: ignore[attr-defined, unused-ignore]

    assert _core.VCF_PLIES == VCF_PLIES >= 1


@pytest.mark.parametrize("compiled", [False, True])
def test_a_node_near_the_root_answers_with_its_vcf(compiled: bool) -> None:
    """A node within VCF_PLIES of the root with a VCF scores the win at the VCF's length
    (its shortest in fours) without searching its moves; deeper, it searches them."""
    from tests.engine.mnk.positions import parse
    from tictactoe_gui.engine.mnk.search import MATE

    rows, cols, x, o = parse("/".join(LONG_VCF))
    found = []
    for ply in (VCF_PLIES, VCF_PLIES + 1):
        state = State(rows, cols, 5, x, o)
        budget = Budget(Limit())
        engine: _AlphaBeta | native.NativeAlphaBeta = (
            native.NativeAlphaBeta(state, native.new_table(16), 1, 14, budget)
            if compiled
            else _AlphaBeta(state, TranspositionTable(), budget)
        )
        score = engine.negamax(2, -(10**10), 10**10, ply)
        found.append((MATE - score - ply, budget.nodes))
    (vcf_plies, vcf_nodes), (_, searched_nodes) = found
    assert vcf_plies == 11  # the VCF's 11 plies (test_threats.py)
    assert vcf_nodes < searched_nodes


def _results(
    size: int, k: int, picture: str, limit: Limit, proofs: bool, patterns: bool = False
) -> list[tuple[object, ...]]:
    x, o = picture_bitboards(picture, size)
    found = []
    for compiled in (False, True):
        result = search(
            size, size, k, x, o, limit, proofs=proofs, compiled=compiled, patterns=patterns
        )
        found.append(
            (
                result.best,
                result.pv,
                result.score,
                result.mate,
                result.depth,
                result.nodes,
                result.refuted,
                result.proof,
            )
        )
    return found


@pytest.mark.parametrize(("size", "k", "picture"), POSITIONS, ids=_ids())
def test_both_searches_agree_at_fixed_depth(size: int, k: int, picture: str) -> None:
    depth = 4 if k == 4 else 5
    for proofs in (False, True):
        reference, compiled = _results(size, k, picture, Limit(depth=depth), proofs)
        assert compiled == reference, f"proofs={proofs}"
    if k == 5:
        # With the line patterns in the evaluation and the ordering: the same again.
        for proofs in (False, True):
            reference, compiled = _results(size, k, picture, Limit(depth=depth), proofs, True)
            assert compiled == reference, f"patterns, proofs={proofs}"


def test_the_line_patterns_change_what_the_search_does() -> None:
    changed = 0
    for size, k, picture in POSITIONS:
        if k == 5:
            x, o = picture_bitboards(picture, size)
            found = [
                search(size, size, k, x, o, Limit(depth=4), proofs=False, patterns=patterns)
                for patterns in (False, True)
            ]
            changed += (found[0].nodes, found[0].score) != (found[1].nodes, found[1].score)
    assert changed >= 2


def test_the_positions_exercise_the_alpha_beta_search() -> None:
    """Most positions reach their depth without a proof deciding, over many nodes."""
    searched = 0
    nodes = 0
    for size, k, picture in POSITIONS:
        x, o = picture_bitboards(picture, size)
        result = search(size, size, k, x, o, Limit(depth=4), proofs=False, compiled=True)
        searched += result.depth == 4
        nodes += result.nodes
    assert searched >= len(POSITIONS) // 2
    assert nodes > 10_000


@pytest.mark.parametrize("nodes", [1, 37, 500, 4_000])
def test_both_searches_stop_at_the_same_node(nodes: int) -> None:
    size, k, picture = POSITIONS[10]
    reference, compiled = _results(size, k, picture, Limit(depth=8, nodes=nodes), True)
    assert compiled == reference


def test_a_table_shared_over_a_game_gives_the_same_moves() -> None:
    """Successive searches sharing a table (as the window's worker does) stay in step."""
    size, k = 15, 5
    games = []
    for compiled in (False, True):
        table = TranspositionTable(size_log2=12)
        x, o = picture_bitboards("X../.O./..X", size)
        moves = []
        for ply in range(6):
            result = search(
                size, size, k, x, o, Limit(depth=4), table=table, proofs=False, compiled=compiled
            )
            moves.append((result.best, result.score, result.mate, result.nodes))
            bit = 1 << (result.best[0] * size + result.best[1])
            if ply % 2 == 0:
                o |= bit
            else:
                x |= bit
        assert table.used() > 0
        games.append(moves)
    assert games[1] == games[0]


def _python_view(state: State) -> dict[str, object]:
    return {
        "cells": list(state.cells),
        "evaluation": state.evaluation,
        "hash": state.hash,
        "empties": state.empties,
        "winner": state.winner,
        "to_move": state.to_move,
        "tables": [state.wins[1], state.fours[1], state.wins[2], state.fours[2]],
        "candidates": list(state.candidates),
        "potential": state.potential[1] + state.potential[2],
        "live": (state.live[1], state.live[2]),
        "pattern": state.pattern[1] + state.pattern[2],
        "pattern_codes": list(state.pattern_codes),
    }


def _compare(state: State, compiled: native.NativeAlphaBeta) -> None:
    snapshot = compiled.snapshot()
    view = _python_view(state)
    assert snapshot == view
    # Iteration orders are what tie-breaks follow: compare them as lists, not as dicts.
    assert [list(t.items()) for t in snapshot["tables"]] == [
        list(t.items()) for t in (state.wins[1], state.fours[1], state.wins[2], state.fours[2])
    ]


@pytest.mark.parametrize(("size", "k", "seed"), [(20, 4, 1), (15, 5, 2), (7, 4, 3), (9, 5, 4)])
def test_moves_taken_back_leave_the_same_position_down_to_iteration_order(
    size: int, k: int, seed: int
) -> None:
    """make/unmake in both, in a random walk; sets and dicts iterate in the same order."""
    rng = random.Random(seed)
    state = State(size, size, k, patterns=k == 5)
    table = native.new_table(8)
    compiled = native.NativeAlphaBeta(state, table, 1, 14, Budget(Limit()))
    reference = _AlphaBeta(state, TranspositionTable(8), Budget(Limit()))
    _compare(state, compiled)
    for _ in range(400):
        empties = [c for c, mark in enumerate(state.cells) if mark == 0]
        if state.history and (rng.random() < 0.45 or state.is_over or not empties):
            state.unmake()
            compiled.unmake()
        else:
            near = list(state.candidates)
            cell = rng.choice(near if near and rng.random() < 0.9 else empties)
            state.make(cell)
            compiled.make(cell)
        _compare(state, compiled)
        for width in (1, 3, 14, 10_000):
            tt_move = rng.choice([-1, *list(state.candidates)[:3], 0])
            assert compiled.ordered(tt_move, width) == reference.ordered(tt_move, width)
    # A Searcher made from a State mid-walk copies its set slot for slot.
    again = native.NativeAlphaBeta(state, table, 1, 14, Budget(Limit()))
    _compare(state, again)


def test_bad_moves_are_refused_with_a_message() -> None:
    state = State(15, 15, 5, *picture_bitboards("X", 15))
    compiled = native.NativeAlphaBeta(state, native.new_table(8), 1, 14, Budget(Limit()))
    centre = 7 * 15 + 7
    with pytest.raises(ValueError, match="not an empty cell"):
        compiled.make(centre)
    with pytest.raises(ValueError, match="not an empty cell"):
        compiled.make(15 * 15)
    with pytest.raises(IndexError, match="no move to take back"):
        compiled.unmake()


#: A ply deep enough that a node does not look for a VCF first (one is found at once here).
_BELOW_VCF = VCF_PLIES + 1


def test_the_search_releases_the_gil() -> None:
    """Python code runs in another thread all through one long compiled search call."""
    size, k, picture = POSITIONS[11]
    state = State(size, size, k, *picture_bitboards(picture, size))
    compiled = native.NativeAlphaBeta(state, native.new_table(16), 1, 14, Budget(Limit()))
    compiled.make(next(iter(state.candidates)))
    assert_runs_without_the_gil(lambda: compiled.negamax(10, -(10**10), 10**10, _BELOW_VCF))


def test_the_search_takes_the_gil_back_only_now_and_then() -> None:
    """The compiled search asks Python whether to stop by the clock, not by the node count:
    each question takes the GIL, which the window's thread must then wait for, so a search
    asks at most every few milliseconds however fast it runs, and still at once when the
    search has just begun (a cancel is seen within a few milliseconds)."""
    size, k, picture = POSITIONS[11]
    state = State(size, size, k, *picture_bitboards(picture, size))
    budget = Budget(Limit(), cancel=threading.Event())
    asked: list[float] = []
    budget.on_check = lambda nodes: asked.append(time.perf_counter())
    compiled = native.NativeAlphaBeta(state, native.new_table(16), 1, 14, budget)
    compiled.make(next(iter(state.candidates)))
    started = time.perf_counter()
    compiled.negamax(10, -(10**10), 10**10, _BELOW_VCF)
    took = time.perf_counter() - started
    assert took > 0.1, "the search was too short to tell"
    assert asked, "a long search asks whether to stop"
    assert asked[0] - started < took / 4
    assert budget.nodes > 20_000
    # At most one question per native.POLL_SECONDS (the node count would ask every 256 nodes).
    assert len(asked) <= took / native.POLL_SECONDS + 2


def test_a_cancel_stops_the_compiled_search() -> None:
    size, k, picture = POSITIONS[11]
    x, o = picture_bitboards(picture, size)
    cancel = threading.Event()
    seen: list[int] = []

    def on_progress(progress: object) -> None:
        seen.append(1)
        cancel.set()

    started = time.process_time()  # processor time, which load does not stretch
    result = search(
        size, size, k, x, o, Limit(depth=30), cancel=cancel, on_progress=on_progress, proofs=False
    )
    assert result.depth == 1
    assert time.process_time() - started < 5
    state = State(size, size, k, x, o)
    budget = Budget(Limit(nodes=50))
    compiled = native.NativeAlphaBeta(state, native.new_table(8), 1, 14, budget)
    with pytest.raises(SearchStopped):
        compiled.negamax(6, -(10**10), 10**10, 0)
    assert budget.nodes == 50
    # Every move is taken back (the candidate set's slots may differ, as after any search).
    after, before = compiled.snapshot(), _python_view(state)
    assert sorted(after.pop("candidates")) == sorted(before.pop("candidates"))  # type: ignore[call-overload]
    assert after == before


def test_without_the_module_the_engine_warns_once_and_searches_in_python() -> None:
    code = (
        "import sys, warnings\n"
        "sys.modules['tictactoe_gui.engine.mnk._core'] = None\n"
        "from tictactoe_gui.engine.mnk import Limit, native, search\n"
        "assert not native.available()\n"
        "r = search(15, 15, 5, 1 << 112, 0, Limit(depth=2))\n"
        "r = search(15, 15, 5, 1 << 112, 0, Limit(depth=2))\n"
        "print(r.best, r.nodes)\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "default", "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("compiled search core could not be loaded") == 1, done.stderr
    x, _ = picture_bitboards("X", 15)
    expected = search(15, 15, 5, x, 0, Limit(depth=2), compiled=False)
    assert done.stdout.strip() == f"{expected.best} {expected.nodes}"


def test_blocked_cells_agree() -> None:
    """A continuous game's blocked cells (a line that already won) are searched alike."""
    size, k = 15, 5
    x, o = picture_bitboards("......./..XO.../...OX../..XOX../....O../.......", size)
    blocked = sum(1 << (2 * size + col) for col in range(3, 8))
    found = []
    for compiled in (False, True):
        result = search(
            size,
            size,
            k,
            x,
            o,
            Limit(depth=4),
            blocked=blocked,
            to_move=2,
            proofs=False,
            compiled=compiled,
        )
        found.append((result.best, result.pv, result.score, result.mate, result.nodes))
    assert found[1] == found[0]
    assert found[0][4] > 100


@pytest.mark.parametrize("seed", range(12))
def test_both_searches_agree_on_seeded_random_positions(seed: int) -> None:
    """Boards of other sizes, random stones, depth or node limits, with and without proofs."""
    rng = random.Random(seed)
    size, k = rng.choice([(7, 4), (9, 4), (10, 5), (12, 5), (20, 4), (15, 5)])
    state = State(size, size, k)
    centre = size // 2
    span = range(max(0, centre - 4), min(size, centre + 5))
    cells = [row * size + col for row in span for col in span]
    rng.shuffle(cells)
    for cell in cells[: rng.randrange(1, 16)]:
        state.make(cell)
        if state.winner:
            state.unmake()
            break
    x, o = state.masks()
    limit = rng.choice(
        [Limit(depth=3), Limit(depth=4), Limit(depth=9, nodes=rng.randrange(50, 3000))]
    )
    proofs = rng.random() < 0.5
    patterns = k == 5 and rng.random() < 0.5
    picture = "/".join(
        "".join(
            ".XO"[(x >> (r * size + c) & 1) + 2 * (o >> (r * size + c) & 1)] for c in range(size)
        )
        for r in range(size)
    )
    reference, compiled = _results(size, k, picture, limit, proofs, patterns)
    assert compiled == reference, (
        f"{size}x{size} k{k} {picture} {limit} proofs={proofs} patterns={patterns}"
    )
