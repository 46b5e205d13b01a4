"""Line patterns of five in a row: what a stone on a cell makes along each of its four lines.

The strong gomoku engines judge a cell by the *pattern* a stone there makes along each
direction (a five, an open four, a four, an open three, a three, an open two, a two) and
the four directions together (a four-three, a double three, a double four). This module
precomputes those patterns once, from the rules alone, for :class:`~.state.State`:

- A cell's *line code* in one direction holds the k - 1 cells on each side of it, two
  bits a cell (empty 0, X 1, O 2, off the board or blocked 3), the nearest cell on the
  far side first: ``code = sum(state(offset) * 4 ** position(offset))`` with positions
  0 .. k - 2 for offsets -(k - 1) .. -1 and k - 1 .. 2k - 3 for offsets 1 .. k - 1.
  A stone placed or taken back adds or removes its digit in the codes of the cells that
  see it (:func:`pattern_links`), so nothing is rescanned.
- :func:`line_levels` gives, for every code and each player, the pattern a stone of
  that player on the cell makes in that line (:data:`FIVE` down to :data:`NONE`),
  defined by the moves it leaves within the line: a five is k in a row; an open four
  has two cells that make five, a four one; an open three has a move that makes an open
  four, a three one that makes a four; an open two a move that makes an open three, a
  two one that makes a three.
- :func:`cell_values` scores the four directions together (a combination key of the
  four levels, three bits each): an open four or two fours is a threat no single block
  stops; a four with an open three, or two open threes, wins unless the opponent has
  something faster; else each direction adds its own weight.

With ``State(..., patterns=True)`` (``search(..., patterns=True)``) the evaluation adds,
to the window evaluation, each empty cell's value for X less its value for O, and the move
ordering adds a cell's values to its potential. Only five in a row (gomoku, freestyle)
has them (the table has 4 ** (2k - 2) codes), and only when asked: measured against
PentaZen and Rapfi they have not made the search stronger yet (tests/benchmarks/README.md).
"""

from __future__ import annotations

import functools
from typing import Final

#: The k the line patterns are made for.
PATTERN_K: Final = 5

NONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE = range(8)

#: What each line's pattern adds to a cell's value when no combination decides it.
LINE_WEIGHTS: Final = (0, 4, 12, 20, 120, 90, 0, 0)
#: A cell where a stone makes an open four or two fours (a threat no single block stops),
VALUE_DOUBLE_FOUR: Final = 1200
#: ... a four and an open three,
VALUE_FOUR_THREE: Final = 1000
#: ... or two open threes.
VALUE_DOUBLE_THREE: Final = 600

#: A direction's step (rows, columns), in the order the line codes are kept.
DIRECTIONS: Final = ((0, 1), (1, 0), (1, 1), (1, -1))

# What a move in the line turns a level into, seen from the level before it.
_STEP_DOWN: Final = {OPEN_FOUR: OPEN_THREE, FOUR: THREE, OPEN_THREE: OPEN_TWO, THREE: TWO}


def _position(offset: int, k: int) -> int:
    return offset + k - 1 if offset < 0 else offset + k - 2


def _five(cells: tuple[int, ...], k: int) -> bool:
    run = 0
    for value in cells:
        run = run + 1 if value == 1 else 0
        if run >= k:
            return True
    return False


@functools.cache
def _level(cells: tuple[int, ...], k: int) -> int:
    """The pattern of a line segment (own 1, empty 0, closed 2) whose centre is own."""
    if _five(cells, k):
        return FIVE
    empties = [i for i, value in enumerate(cells) if value == 0]
    wins = sum(1 for i in empties if _five((*cells[:i], 1, *cells[i + 1 :]), k))
    if wins >= 2:
        return OPEN_FOUR
    if wins == 1:
        return FOUR
    best = NONE
    for i in empties:
        best = max(best, _STEP_DOWN.get(_level((*cells[:i], 1, *cells[i + 1 :]), k), NONE))
    return best


@functools.cache
def line_levels(k: int) -> tuple[bytes, bytes]:
    """The level a stone of X, and of O, makes for each line code (see the module)."""
    side = k - 1
    size = 4 ** (2 * side)
    by_view: dict[tuple[int, ...], int] = {}
    out_x = bytearray(size)
    out_o = bytearray(size)
    for code in range(size):
        digits = [(code >> (2 * i)) & 3 for i in range(2 * side)]
        for player, out in ((1, out_x), (2, out_o)):
            view = tuple(0 if d == 0 else 1 if d == player else 2 for d in digits)
            level = by_view.get(view)
            if level is None:
                level = _level((*view[:side], 1, *view[side:]), k)
                by_view[view] = level
            out[code] = level
    return bytes(out_x), bytes(out_o)


@functools.cache
def cell_values() -> tuple[int, ...]:
    """A cell's value for one side from its four levels, ``l0 << 9 | l1 << 6 | l2 << 3 | l3``."""
    values = []
    for key in range(8**4):
        levels = [(key >> shift) & 7 for shift in (9, 6, 3, 0)]
        fours = levels.count(FOUR)
        open_threes = levels.count(OPEN_THREE)
        if FIVE in levels:
            value = 0  # a win in one: the search takes it, or blocks it, before it evaluates
        elif OPEN_FOUR in levels or fours >= 2:
            value = VALUE_DOUBLE_FOUR
        elif fours and open_threes:
            value = VALUE_FOUR_THREE
        elif open_threes >= 2:
            value = VALUE_DOUBLE_THREE
        else:
            value = sum(LINE_WEIGHTS[level] for level in levels)
        values.append(value)
    return tuple(values)


@functools.cache
def pattern_links(rows: int, cols: int, k: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each cell, the line codes a stone there changes: (slot, 4 ** position), where
    a slot is ``cell * 4 + direction``."""
    links: list[tuple[tuple[int, int], ...]] = []
    for row in range(rows):
        for col in range(cols):
            mine: list[tuple[int, int]] = []
            for direction, (dr, dc) in enumerate(DIRECTIONS):
                for offset in (*range(-(k - 1), 0), *range(1, k)):
                    # The cell that sees this one at ``offset`` in this direction.
                    r, c = row - offset * dr, col - offset * dc
                    if 0 <= r < rows and 0 <= c < cols:
                        mine.append(((r * cols + c) * 4 + direction, 4 ** _position(offset, k)))
            links.append(tuple(mine))
    return tuple(links)


@functools.cache
def empty_codes(rows: int, cols: int, k: int) -> tuple[int, ...]:
    """Each cell's line codes on the empty board (``cell * 4 + direction``): the edges only."""
    codes = []
    for row in range(rows):
        for col in range(cols):
            for dr, dc in DIRECTIONS:
                code = 0
                for offset in (*range(-(k - 1), 0), *range(1, k)):
                    r, c = row + offset * dr, col + offset * dc
                    if not (0 <= r < rows and 0 <= c < cols):
                        code += 3 * 4 ** _position(offset, k)
                codes.append(code)
    return tuple(codes)
