"""How each game's board looks: one painter per look, behind one small interface.

:class:`~tictactoe_gui.gui.board_view.BoardView` is the widget (the geometry,
clicks and keys, the accessible cells, the animations' clocks); a
:class:`BoardPainter` draws what the view holds. A new game adds one painter
here and a :class:`BoardStyle` that names it:

- :mod:`.marks`: X and O as strokes in cells, as on paper (3×3 to 7×7);
- :mod:`.stones`: a go board with stones on the crossings (big boards: gomoku,
  four in a row on 20×20), its pictures cached between repaints;
- :mod:`.discs`: Connect Four's upright board, discs falling into their columns.

Painters import Qt's painting classes only; the view loads a painter's module
when a board first needs it, so the first frame loads only the marks.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictactoe_gui.gui.board_view import BoardView
    from tictactoe_gui.gui.painters.base import BoardPainter

#: Boards with a side longer than this are drawn as a go board with stones.
MARKS_UP_TO = 7


class BoardStyle(enum.Enum):
    MARKS = "marks"
    STONES = "stones"
    DISCS = "discs"


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
    from tictactoe_gui.gui.painters.discs import DiscsPainter

    return DiscsPainter(view)
