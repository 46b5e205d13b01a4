"""Line patterns of five in a row: the shapes gomoku players name, and how a cell combines them."""

from __future__ import annotations

import pytest

from tictactoe_gui.engine.mnk import patterns
from tictactoe_gui.engine.mnk.patterns import (
    FIVE,
    FOUR,
    NONE,
    OPEN_FOUR,
    OPEN_THREE,
    OPEN_TWO,
    THREE,
    TWO,
)
from tictactoe_gui.engine.mnk.state import O, State, X

SIZE = 15


def _level(line: str, player: int = X) -> int:
    """The level a stone on the ``*`` of ``line`` (x, o, ``.`` empty, ``#`` the board's left
    edge) makes, read through a real position: the line is laid along row 7 of the board."""
    row = 7
    col0 = 7 - line.index("*") if "#" not in line else -1 - line.index("#")
    x = o = 0
    for i, ch in enumerate(line):
        if ch in "xo":
            bit = 1 << (row * SIZE + col0 + i)
            if ch == "x":
                x |= bit
            else:
                o |= bit
    state = State(SIZE, SIZE, 5, x, o, to_move=player, patterns=True)
    code = state.pattern_codes[(row * SIZE + col0 + line.index("*")) * 4]  # along the row
    return patterns.line_levels(5)[player - 1][code]


@pytest.mark.parametrize(
    ("line", "level"),
    [
        ("...xx*xx...", FIVE),
        ("...xx*x....", OPEN_FOUR),  # .XXXX.
        ("..ox*xx....", FOUR),  # OXXXX. : one end closed
        ("...x*x.x...", FOUR),  # XX.X X: broken, one cell makes five... and one more
        ("....*xx....", OPEN_THREE),  # .XXX.
        ("...x*.x....", OPEN_THREE),  # .XX.X. : the broken three
        ("..o*xx.....", THREE),  # OXXX.. : the closed three
        ("....*x.....", OPEN_TWO),  # ..XX..
        ("...o*x.....", TWO),  # OXX...
        ("...o*xxo...", NONE),  # OXXXO: no room for five
        ("..x.*.x....", THREE),  # X.X.X: a move in it makes a four, never an open four
        ("#*xxx......", FOUR),  # the board's edge closes a line as a stone does
    ],
)
def test_the_shapes_gomoku_players_name(line: str, level: int) -> None:
    assert _level(line) == level


def test_the_level_of_a_line_does_not_depend_on_its_colour() -> None:
    levels_x, levels_o = patterns.line_levels(5)
    for code in range(0, len(levels_x), 97):
        digits = [(code >> (2 * i)) & 3 for i in range(8)]
        swapped = sum(({1: 2, 2: 1}.get(d, d)) << (2 * i) for i, d in enumerate(digits))
        assert levels_o[swapped] == levels_x[code]


def _cell(row: int, col: int) -> int:
    return row * SIZE + col


def _masks(stones: dict[tuple[int, int], int]) -> tuple[int, int]:
    x = o = 0
    for (row, col), player in stones.items():
        if player == X:
            x |= 1 << _cell(row, col)
        else:
            o |= 1 << _cell(row, col)
    return x, o


def test_a_four_three_and_a_double_three_are_worth_more_than_their_lines() -> None:
    # X: a row 5,8 5,9 5,10 (a stone on 5,7 or 5,11 makes a four... with 5,6 an open four)
    # and a column 6,7 7,7 (a stone on 5,7 makes an open three there... no: 5,7 joins it).
    stones = {(7, 5): X, (7, 6): X, (8, 7): X, (9, 7): X, (0, 0): O, (0, 2): O, (0, 4): O}
    stones[(0, 6)] = O
    state = State(SIZE, SIZE, 5, *_masks(stones), patterns=True)
    # 7,7 joins the row (an open three) and the column (an open three): a double three.
    assert state.pattern[X][_cell(7, 7)] == patterns.VALUE_DOUBLE_THREE
    stones[(7, 4)] = X
    stones[(14, 14)] = O
    state = State(SIZE, SIZE, 5, *_masks(stones), patterns=True)
    # Now the row makes a four (an open four, even): a threat no single block stops.
    assert state.pattern[X][_cell(7, 7)] == patterns.VALUE_DOUBLE_FOUR
    # O's lines there are nothing, and the cell's value for O is small.
    assert state.pattern[O][_cell(7, 7)] < patterns.VALUE_DOUBLE_THREE


def test_the_evaluation_adds_the_empty_cells_values() -> None:
    stones = {(7, 7): X, (7, 8): X, (8, 8): O, (6, 6): O, (7, 9): X}
    with_lines = State(SIZE, SIZE, 5, *_masks(stones), patterns=True)
    windows_only = State(SIZE, SIZE, 5, *_masks(stones))
    total = sum(
        with_lines.pattern[X][c] - with_lines.pattern[O][c]
        for c in range(SIZE * SIZE)
        if with_lines.cells[c] == 0
    )
    assert with_lines.evaluation == windows_only.evaluation + total
    assert total > 0  # X's open three against O's scattered stones


def test_they_are_asked_for_and_only_on_five_in_a_row() -> None:
    assert State(15, 15, 5).patterns is False
    assert State(15, 15, 5, patterns=True).patterns is True
    with pytest.raises(ValueError, match="k = 5"):
        State(20, 20, 4, patterns=True)
