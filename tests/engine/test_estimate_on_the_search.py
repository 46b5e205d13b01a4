"""The estimate of a big board is the big-board search's: its evaluation, its compiled core
and its pure-Python reference giving the same scores, and one exception for every stop."""

from __future__ import annotations

import threading

import pytest

from tictactoe_gui.engine import Board, Mark
from tictactoe_gui.engine.estimate import estimate
from tictactoe_gui.engine.limits import Limit, SearchStopped
from tictactoe_gui.engine.mnk import native
from tictactoe_gui.engine.mnk.scoring import score_moves
from tictactoe_gui.engine.search import NodeLimitReached, SearchCancelled
from tictactoe_gui.engine.variants import get_variant

POSITIONS = [
    ("four", "j10 k11"),
    ("four", "j10 m13 a1 t20"),
    ("gomoku", "h8 i9 g7 h9"),
    ("5x5k4", "c3 b2"),
]


def _board(game: str, moves: str) -> Board:
    board = Board.empty(get_variant(game))
    for move in moves.split():
        board = board.play(board.parse_move(move))
    return board


def _windows(board: Board) -> list[list[int]]:
    """Every k-window of the board as its cells' bits, from the rules."""
    variant = board.variant
    rows, cols, k = variant.rows, variant.cols, variant.k
    found = []
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + i * d_row, col + i * d_col) for i in range(k)]
                if all(0 <= r < rows and 0 <= c < cols for r, c in cells):
                    found.append([1 << (r * cols + c) for r, c in cells])
    return found


def _evaluation_by_the_rules(board: Board, windows: list[list[int]]) -> int:
    """Every k-window holding n stones of one side only is worth 8**(n-1) to that side, a
    window a stone short of k twice that; seen from the side to move."""
    k = board.variant.k
    mover, other = board.marks(board.to_move), board.marks(board.to_move.other)
    total = 0
    for bits in windows:
        mine = sum(1 for b in bits if mover & b)
        theirs = sum(1 for b in bits if other & b)
        if mine and theirs:
            continue
        n, sign = (mine, 1) if mine else (theirs, -1)
        if n:
            total += sign * 8 ** (n - 1) * (2 if n == k - 1 else 1)
    return total


def _winning_cells(board: Board, mark: Mark, windows: list[list[int]]) -> set[int]:
    """The empty cells where ``mark`` would make k in a row."""
    mine, taken = board.marks(mark), board.x | board.o
    found = set()
    for bits in windows:
        empty = [b for b in bits if not taken & b]
        if len(empty) == 1 and sum(1 for b in bits if mine & b) == len(bits) - 1:
            found.add(empty[0].bit_length() - 1)
    return found


def _value_after(board: Board, windows: list[list[int]]) -> int | None:
    """The value for the side that just moved, once every forced block is played (the
    search plays a lone threat's block without spending depth); None when a side wins."""
    mover = board.to_move.other
    while True:
        to_move = board.to_move
        if _winning_cells(board, to_move, windows):
            return None
        theirs = _winning_cells(board, to_move.other, windows)
        if len(theirs) >= 2:
            return None
        if not theirs:
            value = _evaluation_by_the_rules(board, windows)
            return value if to_move is mover else -value
        board = board.play(board.move_at(theirs.pop()))


@pytest.mark.parametrize(("game", "moves"), POSITIONS)
def test_each_move_at_depth_one_is_scored_by_the_window_evaluation(game: str, moves: str) -> None:
    board = _board(game, moves)
    k = board.variant.k
    threat = 2 * 8 ** (k - 2)
    analysis = estimate(board, depth=0)
    assert analysis.depth == 1
    assert not analysis.exact
    windows = _windows(board)
    checked = 0
    for candidate in analysis.candidates:
        value = _value_after(board.play(candidate.move), windows)
        if value is None:
            # A win the search sees at once, by the rules: a million, or its negative.
            assert abs(candidate.score) == 1_000_000, board.cell_name(candidate.move)
            continue
        if abs(candidate.score) == 1_000_000:
            continue  # a win the search's threat sequences at the leaves see: no evaluation
        checked += 1
        # In the estimate's units, one threat's worth is 10 ** (k - 2).
        expected = round(value * 10 ** (k - 2) / threat)
        assert candidate.score == expected, board.cell_name(candidate.move)
    assert checked >= len(analysis.candidates) // 2


@pytest.mark.skipif(not native.available(), reason="the compiled core was not built")
@pytest.mark.parametrize(("game", "moves"), POSITIONS)
def test_the_compiled_core_and_the_python_reference_score_every_move_alike(
    game: str, moves: str
) -> None:
    board = _board(game, moves)
    variant = board.variant
    found = {
        compiled: score_moves(
            variant.rows, variant.cols, variant.k, board.x, board.o, Limit(depth=3),
            compiled=compiled,
        )
        for compiled in (False, True)
    }  # fmt: skip
    python, compiled = found[False], found[True]
    assert python.last is not None
    assert compiled.last is not None
    assert python.last.depth == compiled.last.depth
    assert python.last.moves == compiled.last.moves
    assert python.best_by_depth == compiled.best_by_depth
    assert python.nodes == compiled.nodes


def test_an_estimate_reports_the_search_running_in_the_compiled_core() -> None:
    board = _board("gomoku", "h8 i9 g7 h9")
    analysis = estimate(board, depth=3)
    assert analysis.depth == 4
    variant = board.variant
    alone = score_moves(variant.rows, variant.cols, variant.k, board.x, board.o, Limit(depth=4))
    assert analysis.nodes == alone.nodes
    assert alone.last is not None
    assert [c.move for c in analysis.candidates] == [
        board.move_at(r * variant.cols + c) for (r, c), _ in alone.last.moves
    ]


def test_a_cancelled_estimate_stops_with_the_one_stop_exception() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchStopped) as stopped:
        estimate(_board("four", "j10 k11 k10"), time_limit=5.0, cancel=cancel)
    assert isinstance(stopped.value, SearchCancelled)
    assert issubclass(NodeLimitReached, SearchStopped)
    assert NodeLimitReached(7).nodes == 7
