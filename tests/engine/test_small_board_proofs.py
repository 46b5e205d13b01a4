"""Small boards the exact try cannot finish: proof-number search settles their value.

The check is independent: the same positions solved by the 3×3 family's
exhaustive alpha-beta (``exact_analysis``, no node limit), which shares no
code with the proof search.
"""

from __future__ import annotations

import time

import pytest

from tests.engine.mnk.positions import positions
from tictactoe_gui.engine import Board, Move, analyse
from tictactoe_gui.engine.analysis import (
    Analysis,
    Candidate,
    MoveOutcome,
    Prediction,
    exact_analysis,
)
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.search import Algorithm, NodeLimitReached, Searcher, rules_for
from tictactoe_gui.engine.variants import get_variant


def _played_out(board: Board, line: tuple[Move, ...]) -> Board:
    for move in line:
        assert board.is_legal(move), (board.to_text(), move)
        board = board.play(move)
    return board


@pytest.mark.parametrize(
    ("game", "cases"), [("4x5k4", ((7, 7),)), ("5x5k4", ((8, 7), (9, 11), (10, 3)))]
)
def test_past_the_exact_try_the_proof_gives_the_exact_value(
    game: str, cases: tuple[tuple[int, int], ...]
) -> None:
    variant = get_variant(game)
    kinds = set()
    for stones, seed in cases:
        for x, o in positions(seed, variant.rows, variant.cols, variant.k, stones, 5):
            board = Board(x, o, variant)
            # A budget of 10 nodes makes the exact try fail at once: only the proof settles it.
            proven = analyse(board, limit=Limit(nodes=10, proof_time=60))
            truth = exact_analysis(board)
            label = board.to_text()
            assert proven.exact, label
            assert proven.prediction.winner == truth.prediction.winner, label
            assert proven.prediction.plies_to_end == truth.prediction.plies_to_end, label
            best = proven.candidates[0]
            assert best.exact, label
            assert best.move in truth.best_moves, label
            assert best.plies_to_end == truth.prediction.plies_to_end, label
            # The line has the predicted length and ends as predicted.
            assert len(proven.principal_variation) == truth.prediction.plies_to_end, label
            end = _played_out(board, proven.principal_variation)
            assert end.outcome is not None, label
            assert end.outcome.winner == truth.prediction.winner, label
            kinds.add((board.to_move, truth.prediction.winner is None))
    if game == "5x5k4":
        # Not all alike: wins and draws, with X and with O to move.
        assert len(kinds) >= 3, kinds


def test_a_small_board_not_proven_in_time_stays_an_honest_estimate() -> None:
    board = Board.empty(get_variant("5x5k4"))
    analysis = analyse(board, limit=Limit(nodes=10, proof_time=0.05))
    assert not analysis.exact
    assert analysis.prediction.code is None
    assert str(analysis.prediction).endswith("(estimate)")


def test_the_time_limit_is_shared_with_the_proof_on_a_small_board() -> None:
    # A position the proof settles at once: with a time limit it is proven too.
    board = Board.from_text("5/1XX2/1OO2/5/5", get_variant("5x5k4"))
    analysis = analyse(board, limit=Limit(nodes=10, time=2.0))
    assert analysis.exact
    assert str(analysis.prediction) == "X wins in 3 plies"


def _mixed() -> Analysis:
    board = Board.empty(get_variant("5x5k4"))
    proven = Candidate(Move(1, 2), 0, MoveOutcome.DRAW, 25)
    estimated = Candidate(Move(2, 2), 0, None, None)
    return Analysis(
        board,
        board.to_move,
        (proven, estimated),
        Prediction(None, 25, mover=board.to_move),
        (Move(1, 2),),
        1,
        1,
        0.0,
        Algorithm.ALPHABETA,
    )


def test_an_estimate_equal_in_number_is_not_a_best_move_beside_a_proven_one() -> None:
    assert _mixed().best_moves == (Move(1, 2),)


def test_a_proven_win_of_unknown_distance_says_so() -> None:
    x_mark = Board.empty().to_move
    assert str(Prediction(x_mark, None)) == "X wins (in how many plies is not proven)"
    assert Candidate(Move(0, 0), 5, MoveOutcome.WIN, None).describe == "win"
    assert Candidate(Move(0, 0), -5, MoveOutcome.LOSS, None).describe == "loss"


def test_a_deadline_stops_the_exact_try_and_leaves_node_counts_alone() -> None:
    board = Board.from_text("5/2X2/1O3/5/5", get_variant("5x5k4"))
    rules = rules_for(5, 5, 4)
    me, opp = board.marks(board.to_move), board.marks(board.to_move.other)
    cell = board.index(Move(2, 2))
    past = Searcher(Algorithm.TABLE, rules=rules, deadline=time.perf_counter())
    with pytest.raises(NodeLimitReached):
        past.move_score(me, opp, cell)
    counts = []
    for deadline in (None, time.perf_counter() + 3600):
        searcher = Searcher(Algorithm.TABLE, rules=rules, node_limit=50_000, deadline=deadline)
        with pytest.raises(NodeLimitReached):
            searcher.move_score(me, opp, cell)
        counts.append(searcher.nodes)
    assert counts[0] == counts[1]


def test_an_unproven_analysis_counts_the_nodes_of_every_search_it_ran() -> None:
    from tictactoe_gui.engine.estimate import estimate

    board = Board.empty(get_variant("5x5k4"))
    alone = estimate(board)  # the same fixed depth as the analysis without a time limit
    analysis = analyse(board, limit=Limit(nodes=5_000, proof_time=0.05))
    assert not analysis.exact
    assert analysis.depth == alone.depth
    # The exact try's 5,000 nodes (it stops at its first check past them), the
    # estimate's, and the proof search's, which found nothing in its time.
    assert analysis.nodes > alone.nodes + 5_000


def test_the_proof_search_reports_its_progress() -> None:
    reported: list[int] = []
    board = Board.empty(get_variant("4x5k4"))  # proven a draw in some 36,000 positions
    analysis = analyse(
        board,
        limit=Limit(nodes=10, proof_time=60),
        progress=lambda progress: reported.append(progress.nodes),
    )
    assert analysis.exact
    # The counts keep rising through the proof, up to (not past) the analysis's total.
    assert max(reported) > 20_000
    assert max(reported) <= analysis.nodes
    assert reported == sorted(reported)


def test_the_limit_carries_the_time_a_proof_may_take() -> None:
    """The empty 5×5 board needs about a second of proof, more than the share of an analysis
    without a time limit: the Limit's proof_time gives it that, through the engine and
    through the game interface alike."""
    from tictactoe_gui.engine.games import Certainty, find_game

    board = Board.empty(get_variant("5x5k4"))
    assert not analyse(board, limit=Limit(nodes=10)).exact
    proven = analyse(board, limit=Limit(nodes=10, proof_time=60))
    assert proven.exact
    assert proven.prediction.winner is None  # (5, 5, 4) is a known draw
    spec = find_game("5x5k4")
    through_the_game = spec.analyse(spec.new_game(), limit=Limit(nodes=10, proof_time=60))
    assert through_the_game.certainty is Certainty.PROVEN
    assert through_the_game.result is not None
    assert through_the_game.result.winner is None
