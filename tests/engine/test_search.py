"""The searches, proved like a move generator: exact counts and agreement everywhere."""

from __future__ import annotations

import threading
from functools import cache

import pytest
from hypothesis import given, strategies as st

from tictactoe_gui.engine import (
    Algorithm,
    Board,
    Mark,
    Move,
    MoveOutcome,
    SearchCancelled,
    SearchProgress,
    TranspositionTable,
    Verdict,
    all_positions,
    analyse,
    judge_move,
)
from tictactoe_gui.engine.board import transform_move

POSITIONS = sorted(all_positions(), key=lambda b: (b.ply, b.x, b.o))
LIVE = [board for board in POSITIONS if not board.is_over]


@cache
def reference_value(board: Board) -> tuple[MoveOutcome, int]:
    """Outcome and plies-to-end for the side to move, straight from the rules (no search code)."""
    results = [reference_move(board, move) for move in board.legal_moves()]
    return max(results, key=_preference)


def reference_move(board: Board, move: Move) -> tuple[MoveOutcome, int]:
    child = board.play(move)
    if child.winner is not None:
        return MoveOutcome.WIN, 1
    if child.is_over:
        return MoveOutcome.DRAW, 1
    outcome, plies = reference_value(child)
    flipped = {MoveOutcome.WIN: MoveOutcome.LOSS, MoveOutcome.LOSS: MoveOutcome.WIN}
    return flipped.get(outcome, MoveOutcome.DRAW), plies + 1


def _preference(result: tuple[MoveOutcome, int]) -> tuple[int, int]:
    outcome, plies = result
    if outcome is MoveOutcome.WIN:
        return (2, -plies)  # fastest win first
    if outcome is MoveOutcome.LOSS:
        return (0, plies)  # slowest loss first
    return (1, 0)


def expected_score(outcome: MoveOutcome, plies: int) -> int:
    return {MoveOutcome.WIN: 11 - plies, MoveOutcome.LOSS: -(11 - plies)}.get(outcome, 0)


def test_plain_minimax_visits_the_whole_game_tree() -> None:
    analysis = analyse(Board.empty(), Algorithm.MINIMAX)
    assert analysis.nodes == 549_946
    assert analysis.max_depth == 9


def test_pruning_and_the_table_search_fewer_nodes_than_minimax() -> None:
    nodes = {a: analyse(Board.empty(), a).nodes for a in Algorithm}
    assert nodes[Algorithm.TABLE] < nodes[Algorithm.ALPHABETA] < nodes[Algorithm.MINIMAX]


def test_perfect_play_from_the_empty_board_is_a_draw_in_nine_plies() -> None:
    analysis = analyse(Board.empty())
    assert analysis.prediction.winner is None
    assert analysis.prediction.plies_to_end == 9
    assert str(analysis.prediction) == "draw"
    assert len(analysis.principal_variation) == 9
    final = Board.empty().play_all(analysis.principal_variation)
    assert final.is_over
    assert final.winner is None


def test_every_algorithm_scores_every_move_of_every_position_by_the_rules() -> None:
    shared = TranspositionTable()
    for board in LIVE:
        expected = {
            move: expected_score(*reference_move(board, move)) for move in board.legal_moves()
        }
        for algorithm in Algorithm:
            table = shared if algorithm is Algorithm.TABLE else None
            analysis = analyse(board, algorithm, table=table)
            got = {c.move: c.score for c in analysis.candidates}
            assert got == expected, (board.to_text(), algorithm)


def test_a_fresh_table_per_position_agrees_with_a_shared_one() -> None:
    # A shared table answers from bounds stored by earlier searches; a fresh one cannot.
    shared = TranspositionTable()
    for board in LIVE:
        fresh = analyse(board, Algorithm.TABLE)
        reused = analyse(board, Algorithm.TABLE, table=shared)
        assert [(c.move, c.score) for c in fresh.candidates] == [
            (c.move, c.score) for c in reused.candidates
        ]


def test_candidates_are_sorted_best_first_with_ties_in_row_major_order() -> None:
    table = TranspositionTable()
    for board in LIVE:
        analysis = analyse(board, table=table)
        keys = [(-c.score, c.move.index_on(3)) for c in analysis.candidates]
        assert keys == sorted(keys)
        assert {c.move for c in analysis.candidates} == set(board.legal_moves())
        top = analysis.candidates[0].score
        assert analysis.best_moves == tuple(c.move for c in analysis.candidates if c.score == top)


def test_outcomes_and_distances_match_the_scores() -> None:
    table = TranspositionTable()
    for board in LIVE:
        for candidate in analyse(board, table=table).candidates:
            outcome, plies = reference_move(board, candidate.move)
            assert candidate.outcome is outcome
            if outcome is MoveOutcome.DRAW:
                assert candidate.plies_to_end == 9 - board.ply
                assert candidate.describe == "draw"
            else:
                assert candidate.plies_to_end == plies
                assert candidate.describe == f"{outcome.value} in {plies}"


def test_the_principal_variation_reaches_the_predicted_result_in_the_predicted_plies() -> None:
    table = TranspositionTable()
    for board in LIVE:
        analysis = analyse(board, table=table)
        assert analysis.principal_variation[0] == analysis.best_moves[0]
        final = board.play_all(analysis.principal_variation)
        assert final.is_over
        assert final.winner == analysis.prediction.winner
        assert len(analysis.principal_variation) == analysis.prediction.plies_to_end


def test_prediction_text() -> None:
    assert str(analyse(Board.from_text("XX.OO....")).prediction) == "X wins in 1 ply"
    assert str(analyse(Board.from_text("X...O...X")).prediction) == "draw"
    # O must block at (0, 2); X then takes the centre with two threats: a fork.
    assert str(analyse(Board.from_text("XX.O.....")).prediction) == "X wins in 4 plies"
    fork = analyse(Board.from_text("X.O.X.O..")).prediction  # X to move, already winning
    assert str(fork) == "X wins in 1 ply"


def test_a_finished_position_answers_its_result_and_no_candidates() -> None:
    analysis = analyse(Board.from_text("XXXOO...."))
    assert analysis.candidates == ()
    assert analysis.best_moves == ()
    assert analysis.prediction.winner is Mark.X
    assert analysis.prediction.plies_to_end == 0
    assert str(analysis.prediction) == "X has won"


def test_scores_are_the_same_under_every_symmetry() -> None:
    table = TranspositionTable()
    for board in LIVE[::7]:
        base = {c.move: c.score for c in analyse(board, table=table).candidates}
        for k in range(1, 8):
            image = analyse(board.transformed(k), Algorithm.ALPHABETA)
            moved = {transform_move(m, k): s for m, s in base.items()}
            assert {c.move: c.score for c in image.candidates} == moved


@pytest.mark.parametrize("algorithm", list(Algorithm))
def test_a_set_cancel_flag_stops_the_search(algorithm: Algorithm) -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchCancelled):
        analyse(Board.empty(), algorithm, table=TranspositionTable(), cancel=cancel)


def test_cancelling_midway_stops_within_a_few_thousand_nodes() -> None:
    cancel = threading.Event()
    reports: list[SearchProgress] = []

    def progress(report: SearchProgress) -> None:
        reports.append(report)
        if report.nodes > 50_000:
            cancel.set()

    with pytest.raises(SearchCancelled):
        analyse(Board.empty(), Algorithm.MINIMAX, cancel=cancel, progress=progress)
    assert 50_000 < reports[-1].nodes < 60_000
    assert [r.nodes for r in reports] == sorted(r.nodes for r in reports)


def test_progress_reports_every_root_move() -> None:
    reports: list[SearchProgress] = []
    analyse(Board.empty(), Algorithm.ALPHABETA, progress=reports.append)
    done = [r.root_moves_done for r in reports]
    assert done == sorted(done)
    assert reports[-1].root_moves_done == reports[-1].root_moves_total == 9


def test_a_table_answers_a_seen_position_from_memory() -> None:
    table = TranspositionTable()
    first = analyse(Board.empty(), table=table)
    again = analyse(Board.empty(), table=table)
    assert again.candidates == first.candidates
    assert again.nodes <= 10  # the root and one probe per move


def test_move_verdicts() -> None:
    board = Board.from_text("XX.OO....")  # X wins at (0, 2); (1, 2) only blocks
    before = analyse(board)
    assert judge_move(before, Move(0, 2)) is Verdict.BEST
    assert judge_move(before, Move(1, 2)) is Verdict.MISTAKE  # a win let go to a draw
    assert judge_move(before, Move(2, 0)) is Verdict.BLUNDER  # lets O win
    opening = analyse(Board.from_text("X........"))
    assert judge_move(opening, Move(1, 1)) is Verdict.BEST
    assert judge_move(opening, Move(0, 1)) is Verdict.BLUNDER
    slow = analyse(Board.from_text("X...O...X"))  # O to move: edges draw, corners lose
    assert judge_move(slow, Move(0, 1)) is Verdict.BEST
    assert judge_move(slow, Move(0, 2)) is Verdict.BLUNDER


def test_a_slower_win_is_good_but_not_best() -> None:
    # Find a position where a slower win exists beside the fastest one.
    table = TranspositionTable()
    for board in LIVE:
        analysis = analyse(board, table=table)
        wins = [c for c in analysis.candidates if c.outcome is MoveOutcome.WIN]
        if len({c.score for c in wins}) > 1:
            assert judge_move(analysis, wins[-1].move) is Verdict.GOOD
            return
    pytest.fail("no position with two different winning distances")


@given(st.sampled_from(LIVE))
def test_the_best_score_is_the_best_candidate(board: Board) -> None:
    analysis = analyse(board)
    assert analysis.best_score == max(c.score for c in analysis.candidates)
    assert analysis.to_move is board.to_move
