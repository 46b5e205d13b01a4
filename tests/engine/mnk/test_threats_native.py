"""The compiled threat-space search against the pure-Python reference (threats.py).

Both must find the same lines, prove the same losses, keep and drop the same root moves
and count the same nodes, on a fixed set of positions: the openings and middle games the
compiled alpha-beta search is checked on, positions of the threat tests, and seeded random
gomoku and four-in-a-row positions, which are full of fours. Where a node limit stops a
search, both stop at the same node. The compiled one runs without the GIL.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.engine.mnk.helpers import LONG_VCF, assert_runs_without_the_gil
from tests.engine.mnk.positions import parse, positions
from tests.engine.mnk.test_compiled import POSITIONS, picture_bitboards
from tictactoe_gui.engine.mnk import native
from tictactoe_gui.engine.mnk.limits import Budget, Limit, SearchStopped
from tictactoe_gui.engine.mnk.state import State
from tictactoe_gui.engine.mnk.threats import ThreatSearch


def _fixed_positions() -> list[tuple[int, int, int, int, int]]:
    """(rows, cols, k, x, o) of every position the two searches are compared on."""
    found = []
    for size, k, picture in POSITIONS:
        x, o = picture_bitboards(picture, size)
        found.append((size, size, k, x, o))
    rows, cols, x, o = parse("/".join(LONG_VCF))
    found.append((rows, cols, 5, x, o))
    found.extend((15, 15, 5, x, o) for x, o in positions(15, 15, 15, 5, 24, 6))
    found.extend((20, 20, 4, x, o) for x, o in positions(20, 20, 20, 4, 14, 4))
    found.extend((9, 9, 5, x, o) for x, o in positions(9, 9, 9, 5, 30, 4))
    return found


FIXED = _fixed_positions()

Searcher = ThreatSearch | native.NativeThreatSearch
Step = Callable[[Searcher, State], Any]

#: What the root of a search asks, in the order it asks (one threat search's memory over
#: all of them, as there), and the VCT with more quiet moves.
STEPS: list[tuple[str, Step]] = [
    ("vcf", lambda t, s: t.vcf(s)),
    ("defences", lambda t, s: t.defences(s)),
    ("prove_loss", lambda t, s: t.prove_loss(s)),
    ("vct_refuted", lambda t, s: t.vct_refuted(s, sorted(s.candidates)[:12])),
    ("prove_win 1", lambda t, s: t.prove_win(s, 1)),
    ("prove_loss 1", lambda t, s: t.prove_loss(s, 1)),
    ("prove_win 2", lambda t, s: t.prove_win(s, 2)),
]


def _run(searcher: Searcher, state: State, steps: list[tuple[str, Step]]) -> list[object]:
    """Each step's answer (or where it stopped) and the node count after it."""
    seen: list[object] = []
    for name, step in steps:
        try:
            answer = step(searcher, state)
        except SearchStopped as stop:
            answer = ("stopped", stop.nodes)
        seen.append((name, answer, searcher.budget.nodes))
    return seen


def _both(position: tuple[int, int, int, int, int], nodes: int) -> tuple[object, object]:
    rows, cols, k, x, o = position
    found = []
    for make in (ThreatSearch, native.NativeThreatSearch):
        state = State(rows, cols, k, x, o)
        before = (state.masks(), state.hash, state.to_move, sorted(state.candidates))
        found.append(_run(make(Budget(Limit(nodes=nodes))), state, STEPS))
        assert (state.masks(), state.hash, state.to_move, sorted(state.candidates)) == before
    return found[0], found[1]


@pytest.mark.parametrize("position", FIXED, ids=[f"p{i}" for i in range(len(FIXED))])
def test_both_threat_searches_agree(position: tuple[int, int, int, int, int]) -> None:
    reference, compiled = _both(position, 40_000)
    assert compiled == reference


def test_the_positions_exercise_the_threat_search() -> None:
    """The fixed set holds wins by VCF, proven losses, refuted defences and VCT lines."""
    wins = losses = refuted = vct = 0
    for rows, cols, k, x, o in FIXED:
        search = native.NativeThreatSearch(Budget(Limit(nodes=40_000)))
        state = State(rows, cols, k, x, o)
        try:
            wins += search.vcf(state) is not None
            _allowed, dropped = search.defences(state)
            refuted += bool(dropped)
            losses += search.prove_loss(state) is not None
            line = search.prove_win(state, 1)
            vct += line is not None and search.vcf(state) is None
        except SearchStopped:
            continue
    assert wins >= 3
    assert losses >= 1
    assert refuted >= 3
    assert vct >= 1


@pytest.mark.parametrize("nodes", [1, 64, 300, 2_500])
def test_both_threat_searches_stop_at_the_same_node(nodes: int) -> None:
    for position in FIXED[14:20]:
        reference, compiled = _both(position, nodes)
        assert compiled == reference


def test_the_line_of_a_long_vcf_is_the_reference_line() -> None:
    rows, cols, x, o = parse("/".join(LONG_VCF))
    lines = [
        make(Budget(Limit(time=30))).vcf(State(rows, cols, 5, x, o))
        for make in (ThreatSearch, native.NativeThreatSearch)
    ]
    assert lines[0] is not None
    assert len(lines[0]) == 11
    assert lines[1] == lines[0]


def _slow_vct() -> tuple[State, native.NativeThreatSearch]:
    """A position where a VCT search of four quiet moves runs for a good part of a second
    (some 300,000 nodes, finding none)."""
    rows, cols, k, x, o = FIXED[16]
    return State(rows, cols, k, x, o), native.NativeThreatSearch(Budget(Limit()))


def test_the_compiled_threat_search_releases_the_gil() -> None:
    """Python code runs in another thread all through one long compiled threat search."""
    state, search = _slow_vct()
    assert_runs_without_the_gil(lambda: search.prove_win(state, 4))


def test_a_cancel_stops_the_compiled_threat_search() -> None:
    state, _ = _slow_vct()
    cancel = threading.Event()
    budget = Budget(Limit(), cancel=cancel)
    budget.on_check = lambda nodes: cancel.set() if nodes > 1_000 else None
    search = native.NativeThreatSearch(budget)
    started = time.process_time()  # processor time, which load does not stretch
    with pytest.raises(SearchStopped):
        search.prove_win(state, 4)
    assert time.process_time() - started < 1
    assert 1_000 < budget.nodes < 1_000_000
