"""Perfect play against a brute-force minimax written here from the rules alone."""

from __future__ import annotations

import random
import threading
from functools import cache

import pytest

from tictactoe_gui.engine import SearchCancelled
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.rowcol import (
    ExactSearch,
    Method,
    Player,
    Position,
    SolveTable,
    analyse,
    best_takes,
    method_for,
)


def brute_force(size: int, values: tuple[int, ...]):  # type: ignore[no-untyped-def]
    """The margin of each position for its mover, by trying every take to the end.

    Positions are (frozenset of taken cells, last cell or -1); memoised only so
    that a 4×4 board finishes in seconds. Nothing here is shared with the engine.
    """

    def allowed(taken: frozenset[int], last: int) -> list[int]:
        return [
            c
            for c in range(size * size)
            if c not in taken and (last < 0 or c // size == last // size or c % size == last % size)
        ]

    @cache
    def margin(taken: frozenset[int], last: int) -> int:
        takes = allowed(taken, last)
        if not takes:
            return 0
        return max(values[c] - margin(taken | {c}, c) for c in takes)

    @cache
    def limited(taken: frozenset[int], last: int, depth: int) -> int:
        takes = allowed(taken, last)
        if not takes or depth == 0:
            return 0
        return max(values[c] - limited(taken | {c}, c, depth - 1) for c in takes)

    return allowed, margin, limited


def reachable(start: Position) -> list[Position]:
    seen: dict[tuple[int, int | None], Position] = {}
    stack = [start]
    while stack:
        position = stack.pop()
        key = (position.taken, position.last)
        if key in seen:
            continue
        seen[key] = position
        stack.extend(position.play(c) for c in position.allowed_cells())
    return list(seen.values())


def taken_set(position: Position) -> frozenset[int]:
    return frozenset(c for c in range(position.cells) if position.is_taken(c))


def check_against_brute_force(position: Position, analysis, margin) -> None:  # type: ignore[no-untyped-def]
    taken = taken_set(position)
    expected = {c: position.values[c] - margin(taken | {c}, c) for c in position.allowed_cells()}
    assert {c.cell: c.margin for c in analysis.candidates} == expected
    if expected:
        last = -1 if position.last is None else position.last
        assert analysis.to_move_margin == max(expected.values()) == margin(taken, last)
    else:
        assert analysis.to_move_margin == 0
    margins = [c.margin for c in analysis.candidates]
    assert margins == sorted(margins, reverse=True)
    assert analysis.exact
    # The expected sequence is legal, runs to the end and scores the predicted margin.
    final = position
    for cell in analysis.principal_variation:
        final = final.play(cell)
    assert final.is_over
    assert (final.score_a, final.score_b) == (analysis.predicted_a, analysis.predicted_b)
    assert final.margin * (1 if final.to_move is position.to_move else -1) == (
        position.margin + analysis.to_move_margin
    )


@pytest.mark.parametrize("seed", range(20))
def test_every_position_of_random_3x3_boards(seed: int) -> None:
    start = Position.from_seed(3, seed, first=Player.A if seed % 2 else Player.B)
    _, margin, _ = brute_force(3, start.values)
    table = SolveTable(3, start.values)
    positions = reachable(start)
    assert len(positions) > 500
    for position in positions:
        # Half with a shared table, half fresh: the table must never change an answer.
        shared = table if position.taken.bit_count() % 2 else None
        check_against_brute_force(position, analyse(position, table=shared), margin)


def test_the_opening_of_a_4x4_board() -> None:
    start = Position.from_seed(4, 100, low=-20, high=20)
    _, margin, _ = brute_force(4, start.values)
    check_against_brute_force(start, analyse(start), margin)


@pytest.mark.parametrize("seed", range(4))
def test_sampled_positions_of_4x4_boards(seed: int) -> None:
    rng = random.Random(seed)
    start = Position.from_seed(4, seed + 200, low=-20, high=20)
    _, margin, _ = brute_force(4, start.values)
    table = SolveTable(4, start.values)
    for _ in range(25):
        position = start
        for _ in range(rng.randrange(3, 10)):
            if position.is_over:
                break
            position = position.play(rng.choice(position.allowed_cells()))
        check_against_brute_force(position, analyse(position, table=table), margin)


def test_best_takes_agrees_with_the_full_analysis() -> None:
    for seed in range(10):
        start = Position.from_seed(4, seed)
        analysis = analyse(start)
        value, best, nodes = best_takes(start)
        assert value == analysis.to_move_margin
        assert best == tuple(sorted(analysis.best_cells))
        assert 0 < nodes <= analysis.nodes
        later = start.play(best[0])
        assert best_takes(later)[0] == analyse(later).to_move_margin


@pytest.mark.parametrize("depth", [1, 2, 3, 5])
def test_limited_search_is_minimax_to_its_horizon(depth: int) -> None:
    for seed in range(6):
        start = Position.from_seed(4, seed)
        _, _, limited = brute_force(4, start.values)
        position = start.play(random.Random(seed).randrange(16))
        analysis = analyse(position, Limit(depth=depth), exact=False)
        taken = taken_set(position)
        expected = {
            c: position.values[c] - limited(taken | {c}, c, depth - 1)
            for c in position.allowed_cells()
        }
        assert {c.cell: c.margin for c in analysis.candidates} == expected
        assert analysis.method is Method.LIMITED
        assert analysis.depth == depth
        assert len(analysis.principal_variation) <= depth


def test_limited_search_says_exact_only_when_it_saw_the_end() -> None:
    start = Position.from_seed(4, 3).play(5).play(6).play(2).play(14)
    shallow = analyse(start, Limit(depth=2), exact=False)
    assert not shallow.exact
    assert "estimate, 2 takes ahead" in shallow.prediction_text()
    deep = analyse(start, exact=False)  # deepens until no pass meets the horizon
    assert deep.exact
    assert [(c.cell, c.margin) for c in deep.candidates] == [
        (c.cell, c.margin) for c in analyse(start).candidates
    ]


def test_large_boards_get_a_labelled_estimate_within_the_budget() -> None:
    start = Position.from_seed(8, 1)
    analysis = analyse(start, Limit(nodes=20_000))
    assert analysis.method is Method.LIMITED
    assert not analysis.exact
    assert analysis.depth is not None
    assert analysis.depth >= 2
    assert len(analysis.candidates) == 64
    assert analysis.nodes < 20_000 + 2_048 + 64


def test_small_boards_default_to_exact() -> None:
    position = Position.from_seed(5, 1)
    for cell in (0, 1, 6, 8, 23, 18):
        position = position.play(cell)
    assert analyse(position).exact
    assert method_for(Position.from_seed(5, 1)) is Method.EXACT
    assert method_for(Position.from_seed(6, 1)) is Method.LIMITED


def test_a_finished_position_has_no_candidates_and_margin_zero() -> None:
    position = Position.from_text("1,.,3/.,.,./7,.,9", (1, 1))
    analysis = analyse(position)
    assert analysis.candidates == ()
    assert analysis.to_move_margin == 0
    assert analysis.principal_variation == ()
    assert analysis.best_cells == ()


def test_a_table_belongs_to_one_board() -> None:
    table = SolveTable(3, tuple(range(9)))
    with pytest.raises(ValueError, match="another board"):
        ExactSearch(3, tuple(range(1, 10)), table)


def test_a_cancelled_search_stops() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchCancelled):
        analyse(Position.from_seed(5, 1), cancel=cancel)
    with pytest.raises(SearchCancelled):
        analyse(Position.from_seed(7, 1), cancel=cancel)


def test_progress_reports_each_allowed_cell() -> None:
    reports: list[tuple[int, int, int]] = []
    analyse(Position.from_seed(3, 1), progress=lambda *r: reports.append(r))
    assert [done for _, done, _ in reports] == list(range(1, 10))
    assert all(total == 9 for _, _, total in reports)


def test_an_estimate_says_the_lead_its_margins_give_and_no_final_scores() -> None:
    # The margins are checked against brute force above; the words must say what they
    # add up to (the score so far and the best take's margin), not the scores of a line.
    for seed in range(6):
        position = Position.from_seed(8, seed).play(seed).play(8 * 3 + seed)
        analysis = analyse(position, Limit(depth=3), exact=False)
        assert not analysis.exact
        lead = position.margin + analysis.candidates[0].margin
        ahead = position.to_move if lead > 0 else position.to_move.other
        words = "level" if lead == 0 else f"{ahead} ahead by {abs(lead)}"
        assert analysis.prediction_text() == f"{words} (estimate, 3 takes ahead)"
