"""Plain minimax compiled (``engine/_minimax.c``) against its Python walk: the same search.

The compiled walk is required here, as the big-board core is in
tests/engine/mnk/test_compiled.py: the install builds it, and without it plain
minimax is about 50 times slower.
"""

from __future__ import annotations

import threading

import pytest

from tictactoe_gui.engine import Algorithm, Board, all_positions, search as exact
from tictactoe_gui.engine.search import (
    NodeLimitReached,
    SearchCancelled,
    Searcher,
    SearchProgress,
    rules_for,
)
from tictactoe_gui.engine.variants import get_variant


def walk(board: Board, compiled: bool, **options: object) -> tuple[list[int], int, int]:
    """Each move's score, the nodes and the deepest ply, as ``analyse`` counts them."""
    variant = board.variant
    searcher = Searcher(
        Algorithm.MINIMAX, rules=rules_for(variant.rows, variant.cols, variant.k), **options
    )  # type: ignore[arg-type]
    assert searcher.compiled_minimax
    searcher.compiled_minimax = compiled
    me, opp = board.marks(board.to_move), board.marks(board.to_move.other)
    searcher.nodes = 1
    scores = [searcher.move_score(me, opp, board.index(move)) for move in board.legal_moves()]
    return scores, searcher.nodes, searcher.max_depth


def test_the_compiled_walk_is_built_and_used() -> None:
    assert exact._compiled is not None
    assert Searcher(Algorithm.MINIMAX).compiled_minimax


def test_every_tictactoe_position_gets_the_same_scores_nodes_and_depth() -> None:
    positions = [board for board in all_positions() if not board.is_over]
    assert len(positions) == 4520
    for board in positions:
        assert walk(board, True) == walk(board, False), board


def test_a_bigger_board_gets_the_same_walk() -> None:
    board = Board.from_text("X.O./.X../O...", get_variant("3x4k3"))
    assert walk(board, True) == walk(board, False)


@pytest.mark.parametrize("limit", [1, 2_047, 2_048, 5_000, 100_001])
def test_a_node_limit_stops_both_at_the_same_count(limit: int) -> None:
    counts = []
    for compiled in (True, False):
        with pytest.raises(NodeLimitReached) as stopped:
            walk(Board.empty(), compiled, node_limit=limit)
        counts.append(stopped.value.nodes)
    assert counts[0] == counts[1]
    assert counts[0] >= limit


def test_cancelling_stops_the_compiled_walk_and_progress_is_reported() -> None:
    cancel = threading.Event()
    seen: list[SearchProgress] = []

    def progress(report: SearchProgress) -> None:
        seen.append(report)
        if len(seen) == 3:
            cancel.set()

    with pytest.raises(SearchCancelled):
        walk(Board.empty(), True, cancel=cancel, progress=progress)
    assert len(seen) == 3
    assert [report.nodes for report in seen] == sorted({report.nodes for report in seen})
