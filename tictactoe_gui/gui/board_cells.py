"""The invisible stand-ins over a board's cells, which name each cell for assistive
technology (``"c1, O"``, ``"a20, empty"``): a screen reader's review mode walks them."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QWidget

from tictactoe_gui.engine import Mark
from tictactoe_gui.engine.notation import cell_name


def _cell_proxy(parent: QWidget) -> QWidget:
    """An invisible child over one cell, so assistive technology can name each cell.

    A plain QWidget rather than a subclass: a 20×20 board makes 400 of them.
    """
    proxy = QWidget(parent)
    proxy.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    # Nothing to paint: Qt skips it instead of clearing its area on every repaint.
    proxy.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
    proxy.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return proxy


class AccessibleCells:
    """One invisible child widget per cell of a board, each named after its cell."""

    def __init__(self, board: QWidget) -> None:
        self._board = board
        self._cells: list[QWidget] = []
        #: Each cell's place (``"c1"``) for the board size in ``_places_for`` (rows, cols).
        self._places: list[str] = []
        self._places_for = (0, 0)
        #: The mark each cell was last named with (None: empty), and the cells named since
        #: they were built; only cells whose mark changed are named again.
        self._marks: list[Mark | None] = []
        self._named = False

    def __len__(self) -> int:
        return len(self._cells)

    def widget(self, index: int) -> QWidget:
        return self._cells[index]

    def build(self, count: int) -> None:
        """Keep ``count`` cells (none: the board is drawn but its cells not named yet)."""
        while len(self._cells) > count:
            surplus = self._cells.pop()
            surplus.setParent(None)
            surplus.deleteLater()
        added = [_cell_proxy(self._board) for _ in range(count - len(self._cells))]
        for cell in added:
            cell.show()
        self._cells += added
        self._named = False

    def place(self, area: QRectF, cols: int) -> None:
        """Put each cell over its square of ``area``, the board's cells ``cols`` across."""
        cell_size = area.width() / cols if cols else 0.0
        for index, cell in enumerate(self._cells):
            row, col = divmod(index, cols)
            rect = QRectF(
                area.left() + col * cell_size, area.top() + row * cell_size, cell_size, cell_size
            )
            cell.setGeometry(rect.toAlignedRect())

    def name(self, shown: Mapping[int, Mark], rows: int, cols: int) -> None:
        """Name every cell after its place and the mark ``shown`` on it."""
        if not self._named or self._places_for != (rows, cols):
            self._places = [cell_name(*divmod(index, cols), rows) for index in range(len(self))]
            self._places_for = (rows, cols)
            self._marks = [None] * len(self)
            changed: range | set[int] = range(len(self))
        else:
            # A move or an undo changes one or two cells: only those are named again (on a
            # 20×20 board, naming all 400 took a few milliseconds of the window's time).
            marks = self._marks
            changed = {i for i, mark in enumerate(marks) if mark is not None} | shown.keys()
            # (A board drawn without its cells named has none: nothing to name.)
            changed = {i for i in changed if i < len(marks) and shown.get(i) != marks[i]}
        for index in changed:
            mark = shown.get(index)
            self._marks[index] = mark
            name = f"{self._places[index]}, {'empty' if mark is None else mark}"
            self._cells[index].setAccessibleName(name)
        self._named = True
