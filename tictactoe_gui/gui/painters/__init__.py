"""How each game's board looks: one painter per look, behind one small interface.

:class:`~tictactoe_gui.gui.board_view.BoardView` is the widget (the geometry,
clicks and keys, the accessible cells, the animations' clocks); a
:class:`BoardPainter` draws what the view holds. A new game adds one painter
here and a :class:`BoardStyle` that names it:

- :mod:`.marks`: X and O as strokes in cells, as on paper (3×3 to 7×7);
- :mod:`.stones`: a go board with stones on the crossings (big boards: gomoku,
  four in a row on 20×20), its pictures cached between repaints;
- :mod:`.discs`: Connect Four's upright board, discs falling into their columns;
- :mod:`.numbers`: Row & Column's grid of numbers, for any widget that shows one
  (:class:`~.numbers.NumbersBoard`).

Every painter has the same small interface: :attr:`~Painter.style`, a
preferred size, ``paint(painter, palette, area)`` and ``forget_pictures()``.

Painters import Qt's painting classes only; the view loads a painter's module
when a board first needs it, so the first frame loads only the marks.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter, QPalette

    from tictactoe_gui.gui.board_view import BoardView
    from tictactoe_gui.gui.painters.base import BoardPainter

#: Boards with a side longer than this are drawn as a go board with stones.
MARKS_UP_TO = 7


class BoardStyle(enum.Enum):
    MARKS = "marks"
    STONES = "stones"
    DISCS = "discs"
    NUMBERS = "numbers"


class Painter(Protocol):
    """What every painter offers the widget that shows its board."""

    style: ClassVar[BoardStyle]
    #: The widget's preferred side in pixels.
    preferred_size: ClassVar[int]

    def paint(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        """Draw the whole board into ``area`` (the cells' rectangle)."""
        ...

    def forget_pictures(self) -> None:
        """Drop the pictures kept between repaints (the size or the palette changed)."""
        ...


def style_for(rows: int, cols: int) -> BoardStyle:
    """The look of a free-placement board of this size."""
    return BoardStyle.MARKS if max(rows, cols) <= MARKS_UP_TO else BoardStyle.STONES


def make_painter(style: BoardStyle, view: BoardView) -> BoardPainter:
    """A new painter of ``style`` for ``view`` (its module loads now, the first time)."""
    if style is BoardStyle.MARKS:
        from tictactoe_gui.gui.painters.marks import MarksPainter

        return MarksPainter(view)
    if style is BoardStyle.STONES:
        from tictactoe_gui.gui.painters.stones import StonesPainter

        return StonesPainter(view)
    if style is BoardStyle.DISCS:
        from tictactoe_gui.gui.painters.discs import DiscsPainter

        return DiscsPainter(view)
    raise ValueError(
        f"the board of X and O has no {style.value}: a NumbersPainter draws a numbers board"
    )
