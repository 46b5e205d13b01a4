"""The four computer players: how each chooses, what each says, and how they fare."""

from __future__ import annotations

import random
import threading
from collections import Counter

import pytest

from tictactoe_gui.engine import Event, SearchCancelled, Verdict
from tictactoe_gui.engine.rowcol import (
    ABACUS,
    DICE,
    HEDGE,
    MAGPIE,
    STRATEGIES,
    Position,
    analyse,
    get_strategy,
    judge_take,
)
from tictactoe_gui.engine.rowcol.strategies import future_min_score


def test_the_four_strategies_by_name() -> None:
    assert list(STRATEGIES) == ["random", "greedy", "maximize-future-min", "perfect"]
    assert get_strategy("Greedy") is MAGPIE
    assert get_strategy(" magpie ") is MAGPIE
    assert get_strategy("maximize-future-min") is HEDGE
    assert get_strategy("Abacus") is ABACUS
    with pytest.raises(ValueError, match="unknown strategy 'best'; choose one of: random, greedy"):
        get_strategy("best")


@pytest.mark.parametrize("persona", list(STRATEGIES.values()), ids=list(STRATEGIES))
def test_every_persona_has_a_voice(persona) -> None:  # type: ignore[no-untyped-def]
    assert persona.say(Event.GREETING)
    for event in (Event.THINKING, Event.WIN, Event.LOSS, Event.DRAW):
        assert persona.say(event, random.Random(0))
    for verdict in Verdict:
        assert persona.comment(verdict, own=True, rng=random.Random(0))
        assert persona.comment(verdict, own=False, rng=random.Random(0))
    assert persona.description
    assert persona.name in str(persona)


def test_greedy_takes_the_largest_value_allowed() -> None:
    # After the centre, only the middle row and column are allowed: 6 (b1) is the largest there;
    # the 50 in the corner is out of reach.
    position = Position.from_text("50,2,50/-1,.,4/50,6,50", (1, 1))
    assert MAGPIE.choose_take(position, random.Random(0)).cell == position.cell(2, 1)
    # At the opening every cell is allowed.
    opening = Position.from_text("1,2,3/4,9,5/6,7,8")
    assert MAGPIE.choose_take(opening, random.Random(0)).cell == opening.cell(1, 1)


def test_greedy_breaks_ties_at_random_among_the_largest() -> None:
    position = Position.from_text("9,1,9/1,1,1/9,1,2")
    picks = Counter(MAGPIE.choose_take(position, random.Random(s)).cell for s in range(60))
    assert set(picks) == {0, 2, 6}


def test_maximize_future_min_weighs_the_reply() -> None:
    # Taking 9 (a3) opens the 8 at c3 to the opponent: 9 - 8 = 1.
    # Taking 5 (b2) leaves at most 2 in its row and column: 5 - 2 = 3. Hedge takes 5, Magpie 9.
    position = Position.from_text("9,-3,8/1,5,-4/-5,2,-6")
    assert future_min_score(position, position.cell(0, 0)) == 9 - 8
    assert future_min_score(position, position.cell(1, 1)) == 5 - 2
    assert HEDGE.choose_take(position, random.Random(0)).cell == position.cell(1, 1)
    assert MAGPIE.choose_take(position, random.Random(0)).cell == position.cell(0, 0)


def test_maximize_future_min_values_a_take_that_ends_the_game() -> None:
    # After b2, a2 (1) and b3 (3) are allowed. a2 leaves nothing in its row or column:
    # the game ends and the score is 1. b3 opens c3 (8) to the opponent: 3 - 8.
    position = Position.from_text(".,3,8/1,.,./.,.,.", (1, 1))
    assert future_min_score(position, position.cell(1, 0)) == 1
    assert future_min_score(position, position.cell(0, 1)) == 3 - 8
    assert HEDGE.choose_take(position, random.Random(0)).cell == position.cell(1, 0)


def test_hedge_scores_every_cell_as_defined() -> None:
    rng = random.Random(5)
    for _ in range(50):
        position = Position.from_seed(5, rng.randrange(1000))
        for _ in range(rng.randrange(0, 6)):
            if position.is_over:
                break
            position = position.play(rng.choice(position.allowed_cells()))
        if position.is_over:
            continue
        scores = {}
        for cell in position.allowed_cells():
            after = position.play(cell)
            replies = [after.values[c] for c in after.allowed_cells()]
            scores[cell] = position.values[cell] - max(replies, default=0)
        chosen = HEDGE.choose_take(position, rng).cell
        assert scores[chosen] == max(scores.values())


def test_random_takes_only_allowed_cells_and_all_of_them() -> None:
    position = Position.from_seed(4, 3).play(5)
    picks = {DICE.choose_take(position, random.Random(s)).cell for s in range(200)}
    assert picks == set(position.allowed_cells())


def test_perfect_takes_a_best_cell() -> None:
    for seed in range(8):
        position = Position.from_seed(4, seed)
        decision = ABACUS.choose_take(position, random.Random(seed))
        analysis = analyse(position)
        assert decision.cell in analysis.best_cells
        assert decision.margin == analysis.to_move_margin
        assert decision.reason == "perfect"


def test_perfect_estimates_on_large_boards() -> None:
    position = Position.from_seed(7, 1)
    decision = ABACUS.choose_take(position, random.Random(0))
    assert decision.reason == "estimate"
    assert decision.analysis is not None
    assert not decision.analysis.exact
    assert decision.cell in decision.analysis.best_cells


def test_no_one_moves_in_a_finished_game() -> None:
    position = Position.from_text("1,.,3/.,.,./7,.,9", (1, 1))
    for persona in STRATEGIES.values():
        with pytest.raises(ValueError, match="the game is over"):
            persona.choose_take(position, random.Random(0))


def test_judge_take() -> None:
    # A to move, scores level. Margins: a3 (9) best.
    position = Position.from_text("9,-3,8/1,5,-4/-5,2,-6")
    analysis = analyse(position)
    best = analysis.candidates[0]
    assert judge_take(analysis, best.cell) is Verdict.BEST
    for candidate in analysis.candidates[1:]:
        verdict = judge_take(analysis, candidate.cell)
        lost = best.margin - candidate.margin
        if candidate.margin < 0 <= best.margin or lost >= 10:
            assert verdict is Verdict.BLUNDER
        elif lost > 2 or (candidate.margin > 0) != (best.margin > 0):
            assert verdict in (Verdict.MISTAKE, Verdict.BLUNDER)
        else:
            assert verdict is Verdict.GOOD
    assert {judge_take(analysis, c.cell) for c in analysis.candidates} > {Verdict.BEST}


def test_a_cancelled_perfect_player_stops() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchCancelled):
        ABACUS.choose_take(Position.from_seed(5, 1), random.Random(0), None, cancel)
    # The others never search, so a cancel flag changes nothing for them.
    assert MAGPIE.choose_take(Position.from_seed(5, 1), random.Random(0), None, cancel).cell >= 0


def test_judge_take_leaves_a_cell_the_analysis_does_not_score_unjudged() -> None:
    position = Position.from_text("9,-3,8/1,5,-4/-5,2,-6").play(0)  # a3 taken
    analysis = analyse(position)
    scored = {c.cell for c in analysis.candidates}
    unscored = next(cell for cell in range(9) if cell not in scored)
    assert judge_take(analysis, unscored) is None
