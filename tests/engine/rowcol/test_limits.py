"""Row & Column's searches keep to the engine's one Limit: Abacus and the analysis stop
within the nodes or the time given (the time's check counted in nodes, so nothing here
depends on the machine's speed) and say where they stopped short that they estimated."""

from __future__ import annotations

import random

import pytest

from tictactoe_gui.engine.game_interface import Certainty
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.rowcol import ABACUS, Position, analyse, best_takes
from tictactoe_gui.engine.rowcol.strategies import RowColPersona, TakeDecision

#: The searches look at their limit every 2,048 nodes: what they may run past it, each.
CHECK = 2048
#: A 5×5 opening: 25 cells, solved exactly when nothing limits the search (seconds to minutes).
OPENING = Position.from_seed(5, 1)


def late(position: Position, takes: int) -> Position:
    """``position`` after ``takes`` takes of the first cell allowed each time."""
    for _ in range(takes):
        position = position.play(position.allowed_cells()[0])
    return position


@pytest.mark.parametrize("nodes", [1, 5_000, 40_000])
def test_abacus_stops_within_the_nodes_given_and_plays_its_estimate(nodes: int) -> None:
    decision = ABACUS.choose_take(OPENING, random.Random(0), limit=Limit(nodes=nodes))
    # The estimate and the exact search each may pass their share by one check.
    assert decision.nodes <= nodes + 2 * CHECK
    assert decision.reason == "estimate"
    assert decision.analysis is not None
    assert not decision.analysis.exact
    assert decision.cell in decision.analysis.best_cells
    assert decision.cell in OPENING.allowed_cells()


def test_abacus_stops_at_once_when_its_time_is_up() -> None:
    decision = ABACUS.choose_take(OPENING, random.Random(0), limit=Limit(time=0.0))
    assert decision.nodes <= 2 * CHECK
    assert decision.reason == "estimate"


@pytest.mark.parametrize("takes", [10, 14, 18])
def test_abacus_with_nodes_enough_plays_perfectly(takes: int) -> None:
    position = late(OPENING, takes)
    decision = ABACUS.choose_take(position, random.Random(0), limit=Limit(nodes=10**7))
    value, best, _ = best_takes(position)
    assert decision.reason == "perfect"
    assert decision.cell in best
    assert decision.margin == value


def test_the_analysis_stops_within_the_nodes_given_and_says_it_estimated() -> None:
    analysis = analyse(OPENING, Limit(nodes=30_000))
    assert analysis.nodes <= 30_000 + 2 * CHECK
    assert not analysis.exact
    assert "estimate" in analysis.prediction_text()
    # Where the nodes are enough the analysis is exact, as without a limit.
    position = late(OPENING, 14)
    within = analyse(position, Limit(nodes=10**7))
    assert within.exact
    assert within.candidates == analyse(position).candidates


def test_the_game_interface_hands_abacus_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = find_game("rowcol5")
    state = spec.new_game(seed=1)
    assert state.position_text() == spec.from_position_text(OPENING.to_text()).position_text()
    decisions: list[TakeDecision] = []
    choose = RowColPersona.choose_take

    def spy(self: RowColPersona, *args: object, **kwargs: object) -> TakeDecision:
        decision = choose(self, *args, **kwargs)  # type: ignore[arg-type]
        decisions.append(decision)
        return decision

    monkeypatch.setattr(RowColPersona, "choose_take", spy)
    move = spec.choose_move(state, "perfect", random.Random(0), limit=Limit(nodes=20_000))
    assert move in state.legal_moves()
    assert decisions[0].nodes <= 20_000 + 2 * CHECK
    assert decisions[0].reason == "estimate"
    analysis = spec.analyse(state, limit=Limit(nodes=20_000))
    assert analysis.certainty is Certainty.ESTIMATED
