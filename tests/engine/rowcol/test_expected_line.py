"""The expected line agrees with the analysis it is shown with: it begins with one of the best
takes, every take of it is allowed, and its takes score the margin the analysis gives (to the
horizon for an estimate, to the end for an exact analysis, with the predicted scores)."""

from __future__ import annotations

import random

import pytest

from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.rowcol import Position, RowColAnalysis, analyse


def seeded_position(size: int, seed: int) -> Position:
    """A board of ``size`` drawn from ``seed``, some takes into its game (chosen by ``seed``)."""
    position = Position.from_seed(size, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(size * size // 2)):
        if len(position.allowed_cells()) < 2:
            break
        position = position.play(rng.choice(position.allowed_cells()))
    return position


def check_line(analysis: RowColAnalysis) -> None:
    start = analysis.position
    line = analysis.principal_variation
    assert line, "a position with takes left has a line"
    assert line[0] in analysis.best_cells
    position, margin = start, 0
    for cell in line:
        assert position.is_allowed(cell), (start.cell_label(cell), position)
        value = position.values[cell]
        margin += value if position.to_move is start.to_move else -value
        position = position.play(cell)
    # The takes of the line score what the analysis says the best take is worth.
    assert margin == analysis.to_move_margin
    if analysis.exact:
        assert position.is_over
        assert (position.score_a, position.score_b) == (analysis.predicted_a, analysis.predicted_b)
    else:
        assert analysis.depth is not None
        assert len(line) == analysis.depth or position.is_over


@pytest.mark.parametrize("size", [5, 6, 7, 8])
@pytest.mark.parametrize("seed", range(6))
def test_an_estimates_line_begins_with_a_best_take_and_scores_its_margin(
    size: int, seed: int
) -> None:
    position = seeded_position(size, seed)
    analysis = analyse(position, Limit(nodes=20_000), exact=False)
    assert not analysis.exact or position.cells_left < 12
    check_line(analysis)


@pytest.mark.parametrize("size", [5, 6, 7, 8])
def test_a_depth_limited_search_that_saw_the_end_gives_the_exact_line(size: int) -> None:
    for seed in range(4):
        position = Position.from_seed(size, seed)
        rng = random.Random(seed)
        while position.cells_left > 10 and not position.is_over:
            position = position.play(rng.choice(position.allowed_cells()))
        if position.is_over:
            continue
        analysis = analyse(position, exact=False)  # deepens until no pass meets the horizon
        assert analysis.exact
        check_line(analysis)
        # The exact search agrees on every take's margin (its line may be another of the
        # best lines: the same margin, other final scores).
        exact = analyse(position, exact=True)
        assert [(c.cell, c.margin) for c in analysis.candidates] == [
            (c.cell, c.margin) for c in exact.candidates
        ]


@pytest.mark.parametrize("size", [5, 6, 7, 8])
def test_the_line_the_game_shows_begins_with_its_best_move(size: int) -> None:
    spec = find_game(f"rowcol{size}")
    for seed in range(3):
        state = spec.new_game(seed)
        analysis = spec.analyse(state, limit=Limit(nodes=20_000))
        assert analysis.line[0] in analysis.best_moves
        for move in analysis.line:
            state = state.play(move)  # every take allowed: play refuses any other
        source = analysis.source
        assert isinstance(source, RowColAnalysis)
        check_line(source)
