"""The game review: every move graded against brute force on small boards, for every game."""

from __future__ import annotations

import random

import pytest

from tictactoe_gui.engine.games import GameState, find_game
from tictactoe_gui.engine.review import Grade, review_game


def _random_game(game_id: str, seed: int, plies: int | None = None) -> GameState:
    rng = random.Random(seed)
    state = find_game(game_id).new_game(seed)
    while state.result is None and (plies is None or len(state.moves) < plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state


_VALUES: dict[tuple[str, str], int] = {}


def _value(state: GameState) -> int:
    """The mover's result with best play (+1, 0, -1), by plain negamax over the interface,
    each position solved once."""
    key = (state.spec.id, state.position_text())
    known = _VALUES.get(key)
    if known is not None:
        return known
    result = state.result
    if result is not None:
        # The game is over: the side that would move now has lost, or it is a draw.
        value = 0 if result.winner is None else -1
    else:
        value = max(-_value(state.play(move)) for move in state.legal_moves())
    _VALUES[key] = value
    return value


@pytest.mark.parametrize(("game_id", "seeds"), [("tictactoe", range(12)), ("4x4k3g", range(6))])
def test_each_grade_agrees_with_brute_force(game_id: str, seeds: range) -> None:
    for seed in seeds:
        final = _random_game(game_id, seed)
        review = review_game(final.start, final.moves)
        assert len(review.moves) == len(final.moves)
        state = final.start
        for reviewed in review.moves:
            before = _value(state)
            after = -_value(state.play(reviewed.move))
            assert not reviewed.by_estimate
            if after == before:
                assert reviewed.grade in (Grade.BEST, Grade.GOOD), reviewed
            elif after < 0:
                assert reviewed.grade is Grade.BLUNDER, reviewed
            else:
                assert reviewed.grade is Grade.MISTAKE, reviewed
            if reviewed.grade is not Grade.BEST:
                # The better move keeps the value, and its line is proven.
                assert reviewed.better is not None
                assert reviewed.line_proven
                assert reviewed.line[0] == reviewed.better
                assert -_value(state.play(reviewed.better)) == before
            state = state.play(reviewed.move)
        for side in review.sides:
            mine = [m for m in review.moves if m.seat == side.seat]
            kept = sum(m.grade in (Grade.BEST, Grade.GOOD) for m in mine)
            assert side.accuracy == (kept / len(mine) if mine else None)
            assert side.by_estimate == 0


def test_a_blunder_is_marked_with_the_better_move_and_its_line() -> None:
    spec = find_game("tictactoe")
    start = spec.new_game()
    review = review_game(start, start.read_moves("a1, b2, a2, a3, c1, b1, c3"))
    last = review.moves[-1]
    assert (last.text, last.grade, last.symbol) == ("c3", Grade.BLUNDER, "??")
    assert last.better_text == "b3"
    assert last.line_text[0] == "b3"
    assert [side.accuracy for side in review.sides] == [0.75, 1.0]
    assert review.readings[0].chance == 0.5
    assert review.readings[-1].settled is not None
    assert review.readings[-1].settled.winner == 1
    assert review.readings[-1].chance == 0.0


def test_a_resignation_counts_as_one_more_decision() -> None:
    spec = find_game("tictactoe")
    start = spec.new_game()
    moves = start.read_moves("b2, a1")
    review = review_game(start, moves, resigned=0)  # X resigns a game that is no loss
    x = review.sides[0]
    assert (x.resigned, x.resigned_lost, x.blunders) == (True, False, 1)
    assert x.accuracy == 0.5
    assert "resigned a game not proven lost" in x.describe()


def test_row_and_column_grades_takes_by_the_points_given_away() -> None:
    final = _random_game("rowcol4", 2)
    review = review_game(final.start, final.moves)
    positions = zip(review.moves, review.analyses, review.states, strict=False)
    for reviewed, analysis, state in positions:
        assert analysis is not None
        best = analysis.moves[0].score
        played = next(v.score for v in analysis.moves if v.move == reviewed.move)
        assert (reviewed.grade is Grade.BEST) == (played == best)
        if reviewed.grade is Grade.INACCURACY:
            assert best - played in (1, 2)
        if best - played >= 10:
            assert reviewed.grade is Grade.BLUNDER
        assert state.to_move == reviewed.seat


def test_a_big_board_is_graded_by_the_estimate_and_says_so() -> None:
    # Gomoku: on four in a row the first player's quiet threats are often a proven win
    # (a VCT) within a few plies, and a proof grades a move exactly.
    final = _random_game("gomoku", 1, plies=6)
    review = review_game(final.start, final.moves, time_per_position=0.05)
    judged = [m for m in review.moves if m.grade is not None]
    assert judged
    assert all(m.by_estimate and m.chance_lost is not None for m in judged)
    for move in judged:
        if move.better is not None:
            assert not move.line_proven
    assert all(r.settled is None and r.chance is not None for r in review.readings)
    assert all(side.by_estimate for side in review.sides if side.judged)
    payload = review.to_json()
    assert all(entry["by_estimate"] for entry in payload["moves"] if entry["verdict"])


@pytest.mark.parametrize("game_id", ["tictactoe", "5x5k4", "rowcol3", "4x5k4g", "connect4"])
def test_every_game_reviews_to_one_entry_per_ply(game_id: str) -> None:
    final = _random_game(game_id, 3, plies=10)
    review = review_game(final.start, final.moves, time_per_position=0.05)
    payload = review.to_json()
    assert len(payload["moves"]) == len(final.moves) == len(review.readings) - 1
    for number, entry in enumerate(payload["moves"], start=1):
        assert entry["ply"] == number
        assert entry["move"] == final.spec.format_move(final.moves[number - 1])
        if entry["verdict"] is not None:
            assert entry["verdict"] in {grade.value for grade in Grade}
        chance = entry["after"]["chance"]
        assert chance is None or 0.0 <= chance <= 1.0
    assert set(payload["accuracy"]) == set(final.spec.seats)


@pytest.mark.parametrize("game_id", ["tictactoe", "4x4k3g"])
def test_practice_accepts_exactly_the_moves_that_keep_the_value(game_id: str) -> None:
    from tictactoe_gui.engine.practice import exercises, try_move

    total = 0
    for seed in range(8):
        final = _random_game(game_id, seed)
        review = review_game(final.start, final.moves)
        found = exercises(review)
        total += len(found)
        assert [e.ply for e in found] == [m.ply for m in review.mistakes]
        for exercise in found:
            before = _value(exercise.state)
            for move in exercise.state.legal_moves():
                attempt = try_move(exercise, move)
                assert attempt is not None
                keeps = -_value(exercise.state.play(move)) == before
                assert attempt.better == keeps, (seed, exercise.ply, move)
            assert exercise.better is not None
            better = try_move(exercise, exercise.better)
            assert better is not None
            assert better.better
            played = try_move(exercise, exercise.played)
            assert played is not None
            assert not played.better
            assert "the move played" in played.words(exercise)
    assert total  # random play errs: there is something to practise


def test_a_wrong_try_is_called_the_same_kind_of_error_too_only_when_it_is() -> None:
    from tictactoe_gui.engine.practice import exercises, try_move

    kinds = set()
    for seed in range(8):
        final = _random_game("rowcol3", seed)
        for exercise in exercises(review_game(final.start, final.moves)):
            for move in exercise.state.legal_moves():
                attempt = try_move(exercise, move)
                assert attempt is not None
                if attempt.better or move == exercise.played or attempt.grade is None:
                    continue
                words = attempt.words(exercise)
                same = attempt.grade is exercise.grade
                kinds.add(same)
                assert words.endswith(" too.") == same, (words, exercise.grade)
    assert kinds == {True, False}  # both kinds of wrong try were met
