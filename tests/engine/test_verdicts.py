"""Verdicts on boards that are not solved: what is proven decides, else the estimate's
winning chance, and a move nothing is known about is left unjudged, never an error."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from tictactoe_gui.engine import Board, Mark, Move, Verdict, analyse
from tictactoe_gui.engine.analysis import (
    BLUNDER_CHANCE,
    MISTAKE_CHANCE,
    Analysis,
    Candidate,
    Prediction,
    Proven,
    judge,
    winning_chance,
)
from tictactoe_gui.engine.estimate import estimate
from tictactoe_gui.engine.variants import get_variant

FOUR = get_variant("four")
GOMOKU = get_variant("gomoku")


def four(*names: str) -> Board:
    board = Board.empty(FOUR)
    for name in names:
        board = board.play(board.parse_move(name))
    return board


def scored(analysis: Analysis, *scores: tuple[str, int]) -> Analysis:
    """``analysis`` with its candidates replaced by estimates of the named cells."""
    board = analysis.board
    candidates = tuple(Candidate(board.parse_move(n), s, None, None) for n, s in scores)
    prediction = Prediction(None, None, exact=False, evaluation=scores[0][1], mover=board.to_move)
    return replace(analysis, candidates=candidates, prediction=prediction, exact=False)


def proven_win_for(analysis: Analysis, winner: Mark) -> Analysis:
    return replace(analysis, exact=True, prediction=Prediction(winner, 5, mover=analysis.to_move))


def test_the_winning_chance_fits_the_evaluation_scale() -> None:
    # Level is even; the scale is in threats (windows one short of a line), whatever k.
    one_and_a_half_threats = 1 / (1 + math.exp(-1))
    assert winning_chance(0, 4) == pytest.approx(0.5)
    assert winning_chance(150, 4) == pytest.approx(one_and_a_half_threats)
    assert winning_chance(1_500, 5) == pytest.approx(one_and_a_half_threats)
    assert winning_chance(-150, 4) == pytest.approx(1 - one_and_a_half_threats)
    assert 0.65 < winning_chance(100, 4) < 0.67  # one threat ahead
    assert winning_chance(1_000_000, 4) == pytest.approx(1.0)
    assert winning_chance(-(10**9), 5) == 0.0  # no overflow far out
    values = [winning_chance(v, 4) for v in range(-500, 501, 50)]
    assert values == sorted(values)


def test_a_move_after_which_a_loss_is_proven_is_a_blunder_whatever_the_estimate() -> None:
    board = four("j10", "k11")
    before = scored(analyse(board), ("j11", 30), ("k10", 25))
    after = proven_win_for(estimate(board.play(Move.from_index(0))), Mark.O)
    judgement = judge(before, board.parse_move("k10"), known_after=Proven(Mark.O))
    assert judgement is not None
    assert (judgement.verdict, judgement.by_estimate) == (Verdict.BLUNDER, False)
    # The same from the analysis of the position after the move.
    after_k10 = proven_win_for(estimate(board.play(board.parse_move("k10"))), Mark.O)
    judgement = judge(before, board.parse_move("k10"), after_k10)
    assert judgement is not None
    assert judgement.verdict is Verdict.BLUNDER
    # Lost already before the move: the outcome is unchanged, not a blunder.
    lost = proven_win_for(before, Mark.O)
    judgement = judge(lost, board.parse_move("a1"), after)
    assert judgement is not None
    assert (judgement.verdict, judgement.by_estimate) == (Verdict.GOOD, False)


def test_estimates_grade_the_winning_chance_given_away() -> None:
    board = four("j10", "k11")
    before = scored(analyse(board), ("j11", 60), ("k10", 50), ("l12", -40), ("a1", -300))
    verdicts = {}
    for name in ("j11", "k10", "l12", "a1"):
        judgement = judge(before, board.parse_move(name))
        assert judgement is not None
        assert judgement.by_estimate
        assert judgement.chance_lost is not None
        verdicts[name] = judgement.verdict
    assert verdicts == {
        "j11": Verdict.BEST,
        "k10": Verdict.GOOD,  # 2 points of winning chance
        "l12": Verdict.MISTAKE,  # 17 points
        "a1": Verdict.BLUNDER,  # 48 points
    }
    assert winning_chance(60, 4) - winning_chance(50, 4) < MISTAKE_CHANCE
    assert MISTAKE_CHANCE < winning_chance(60, 4) - winning_chance(-40, 4) < BLUNDER_CHANCE


def test_a_move_the_estimate_did_not_list_is_judged_by_the_position_after_it() -> None:
    board = four("j10", "k11")
    before = scored(analyse(board), ("j11", 60), ("k10", 20))
    a1 = board.parse_move("a1")
    assert judge(before, a1) is None  # nothing known: unjudged, not an error
    after = estimate(board.play(a1))
    judgement = judge(before, a1, after)
    assert after.evaluation is not None
    assert judgement is not None
    assert judgement.by_estimate
    assert judgement.chance_lost == pytest.approx(
        winning_chance(60, 4) - (1 - winning_chance(after.evaluation, 4))
    )


def test_a_move_after_which_a_win_is_proven_is_not_faulted() -> None:
    board = four("j10", "k11")
    before = scored(analyse(board), ("j11", 60), ("k10", 20))
    judgement = judge(before, board.parse_move("k10"), known_after=Proven(Mark.X))
    assert judgement is not None
    assert (judgement.verdict, judgement.by_estimate) == (Verdict.GOOD, False)
    # A proven win let go to a proven draw is a mistake.
    won = proven_win_for(before, Mark.X)
    judgement = judge(won, board.parse_move("k10"), known_after=Proven(None))
    assert judgement is not None
    assert judgement.verdict is Verdict.MISTAKE


def test_an_analysis_without_candidates_judges_nothing() -> None:
    empty = replace(analyse(Board.empty(GOMOKU)), candidates=())
    assert judge(empty, Move(0, 0)) is None
