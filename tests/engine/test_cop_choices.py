"""Cop's choices on hand-made positions, when it searches rather than blunders.

Cop chooses at random among its equally good moves, prefers the centre and
corners when the look-ahead ties, and marks down any move whose reply makes a
threat it must answer. Each of those shows in a position below.
"""

from __future__ import annotations

import random

import pytest

from tictactoe_gui.engine import COP, Board, Move


def searched_choices(text: str, seeds: int = 60) -> set[Move]:
    """Every move Cop's look-ahead picks in ``text`` over a fixed set of seeds."""
    board = Board.from_text(text)
    decisions = [COP.choose_move(board, random.Random(seed)) for seed in range(seeds)]
    searched = [d for d in decisions if d.reason == "search"]
    assert len(searched) >= seeds // 2  # most of the time Cop searches
    return {d.move for d in searched}


def cells(*indices: int) -> set[Move]:
    return {Move(i // 3, i % 3) for i in indices}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (".........", cells(4)),  # the centre first
        ("X........", cells(4)),
        (".X.......", cells(4)),
        # Equally good moves are all played, at random: the four corners...
        ("....X....", cells(0, 2, 6, 8)),
        # ...and the two corners that do not face X's corner.
        ("X...O....", cells(2, 6)),
        # When the look-ahead ties, Cop's taste for the centre decides.
        (".X.X.O...", cells(4)),
    ],
)
def test_cop_plays_every_equally_good_move_and_prefers_the_centre(
    text: str, expected: set[Move]
) -> None:
    assert searched_choices(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # O could threaten at 0 or at 8. Taking 8 lets X answer at 0 with a fork
        # (threats at 2 and 6); taking 0 leaves X a block at 8 and nothing more.
        (".X.XO....", cells(0)),
        # The same position turned a quarter at a time.
        (".X..OX...", cells(2)),
        ("...XO..X.", cells(6)),
        ("....OX.X.", cells(8)),
    ],
)
def test_cop_avoids_a_threat_that_invites_a_fork(text: str, expected: set[Move]) -> None:
    assert searched_choices(text) == expected
