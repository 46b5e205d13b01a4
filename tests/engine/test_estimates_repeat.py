"""An estimate is a function of the position and the depth: it repeats, and says when a
deeper search changed its reading."""

from __future__ import annotations

import pytest

from tictactoe_gui.engine import Board, analyse
from tictactoe_gui.engine.estimate import OPENING_CELLS, estimate
from tictactoe_gui.engine.variants import get_variant

OPENINGS = {
    "four": ("", "j10", "j10 k11", "j10 k11 k10 a1"),
    "gomoku": ("", "h8", "h8 i9 g7"),
}


def _board(game: str, moves: str) -> Board:
    board = Board.empty(get_variant(game))
    for move in moves.split():
        board = board.play(board.parse_move(move))
    return board


@pytest.mark.parametrize(
    ("game", "moves"), [(g, m) for g, lines in OPENINGS.items() for m in lines]
)
def test_the_same_position_at_the_same_depth_gives_the_same_estimate(game: str, moves: str) -> None:
    board = _board(game, moves)
    first = {depth: estimate(board, depth=depth) for depth in range(3)}
    # Other searches in between, of other positions and of this one deeper, change nothing.
    analyse(_board(game, "a1 b2"))
    estimate(board, depth=3)
    for depth, before in first.items():
        again = estimate(board, depth=depth)
        assert again.candidates == before.candidates
        assert again.depth_scores == before.depth_scores
        assert again.depth == depth + 1
        # Each depth's value is the one a search stopped at that depth gives.
        assert again.depth_scores == tuple(first[d].candidates[0].score for d in range(depth + 1))


def test_an_estimate_that_a_deeper_search_changed_says_so() -> None:
    board = _board("four", "")
    deep = estimate(board, depth=3)
    unsettled = deep.unsettled_since
    assert unsettled is not None
    depth, before = unsettled
    assert depth == deep.depth - 1
    assert before == deep.depth_scores[-2] != deep.depth_scores[-1]
    # A single depth has nothing to disagree with.
    assert estimate(board, depth=0).unsettled_since is None


def test_an_empty_big_board_lists_several_opening_moves() -> None:
    for game in OPENINGS:
        analysis = analyse(_board(game, ""))
        assert len(analysis.candidates) == OPENING_CELLS
        assert len({c.move for c in analysis.candidates}) == OPENING_CELLS


@pytest.mark.parametrize(
    ("game", "moves"),
    [
        ("four", "a1 j10 a3 k10 t20 l10"),  # O's open three: X to move has lost
        ("four", "j10 a1 k10 a3 l10"),  # X's open three: O to move has lost
        ("four", "j10 a1 k10"),  # nothing proven
        ("gomoku", "h8 a1 i8 a3 j8 a5 k8"),  # X's open four
        ("gomoku", "h8 i9 g7"),
    ],
)
def test_the_best_move_shown_is_the_first_move_of_the_expected_line(game: str, moves: str) -> None:
    analysis = analyse(_board(game, moves))
    best = analysis.candidates[0]
    assert analysis.principal_variation[0] == best.move
    assert analysis.best_moves[0] == best.move
    if analysis.exact:
        assert best.exact
        assert best.plies_to_end == analysis.prediction.plies_to_end
        mover_wins = analysis.prediction.winner is analysis.to_move
        assert (best.score > 0) == mover_wins
