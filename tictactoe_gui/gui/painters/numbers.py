"""The look of Row & Column: a grid of numbers, the cells each side took tinted in its
colour, the row and column the next take must come from, and the scores above.

The painter reads a :class:`NumbersBoard`, whichever widget shows the grid; a
take animates as the number fading out of its cell in the taker's colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen

from tictactoe_gui.engine.notation import column_letter, row_number
from tictactoe_gui.engine.rowcol import Player, Position
from tictactoe_gui.gui.painters import BoardStyle

#: The colours of A and B (the same hues as X and O on the other boards).
PLAYER_COLOURS = {Player.A: QColor("#1f6fd1"), Player.B: QColor("#d1453b")}
#: The strip above the grid that shows the scores, as a fraction of a cell.
HEADER_CELLS = 0.8


class NumbersBoard(Protocol):
    """What the numbers painter reads from the widget that shows a Row & Column grid."""

    @property
    def position(self) -> Position: ...

    @property
    def owners(self) -> Mapping[int, Player]:
        """Who took each taken cell, where known."""
        ...

    @property
    def taking(self) -> tuple[int, Player, float] | None:
        """The take animating now: its cell, its taker and how far it has gone (0 to 1)."""
        ...

    @property
    def hints(self) -> tuple[int, ...]: ...

    @property
    def focus_cell(self) -> tuple[int, int]: ...

    def focus_shown(self) -> bool: ...

    def cell_rect(self, row: int, col: int) -> QRectF: ...

    def font(self) -> QFont: ...


class NumbersPainter:
    """Draws a Row & Column position (the painters' interface: ``paint`` and
    ``forget_pictures``, as :class:`~tictactoe_gui.gui.painters.base.BoardPainter`)."""

    style: ClassVar[BoardStyle] = BoardStyle.NUMBERS
    preferred_size: ClassVar[int] = 400

    def __init__(self, view: NumbersBoard) -> None:
        self.view = view

    def forget_pictures(self) -> None:
        """It keeps none: a grid of numbers is quick to draw."""

    def paint(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        view = self.view
        position = view.position
        size = position.size
        cell = area.width() / size
        text = palette.color(QPalette.ColorRole.Text)
        muted = palette.color(QPalette.ColorRole.PlaceholderText)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        allowed = set(position.allowed_cells()) if not position.is_over else set()
        band = QColor(highlight)
        band.setAlpha(40)
        taking = view.taking

        self._paint_scores(painter, area, cell, text)
        painter.fillRect(area, palette.color(QPalette.ColorRole.Base))
        last_row, last_col = (
            position.row_col(position.last) if position.last is not None else (-1, -1)
        )
        font = QFont(view.font())
        font.setPixelSize(max(7, int(cell * (0.42 if size <= 6 else 0.36))))
        font.setBold(True)
        painter.setFont(font)
        for index in range(position.cells):
            row, col = divmod(index, size)
            rect = view.cell_rect(row, col)
            in_band = position.last is not None and (row == last_row or col == last_col)
            if in_band and not position.is_over:
                painter.fillRect(rect, band)
            if taking is not None and index == taking[0]:
                _, taker, progress = taking
                fill = QColor(PLAYER_COLOURS[taker])
                fill.setAlphaF(0.45 * progress)
                painter.fillRect(rect.adjusted(2, 2, -2, -2), fill)
                colour = QColor(PLAYER_COLOURS[taker])
                colour.setAlphaF(1.0 - progress)
                painter.setPen(colour)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(position.values[index]))
                continue
            if position.is_taken(index):
                owner = view.owners.get(index)
                fill = QColor(PLAYER_COLOURS[owner] if owner else muted)
                fill.setAlpha(45)
                painter.fillRect(rect.adjusted(2, 2, -2, -2), fill)
                if index == position.last:
                    painter.setPen(QPen(text, max(1.5, cell * 0.05)))
                    painter.drawEllipse(rect.center(), cell * 0.16, cell * 0.16)
                continue
            painter.setPen(text if index in allowed or position.last is None else muted)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(position.values[index]))
            if index in allowed and position.last is not None:
                painter.setPen(QPen(highlight, max(1.5, cell * 0.05)))
                painter.drawRoundedRect(rect.adjusted(3, 3, -3, -3), cell * 0.12, cell * 0.12)
            if index in view.hints:
                painter.setPen(QPen(highlight, max(2.0, cell * 0.08), Qt.PenStyle.DashLine))
                painter.drawRect(rect.adjusted(5, 5, -5, -5))
        self._paint_grid(painter, area, cell, muted, text)
        if view.focus_shown():
            painter.setPen(QPen(highlight, max(2.0, cell * 0.06), Qt.PenStyle.DotLine))
            painter.drawRect(view.cell_rect(*view.focus_cell).adjusted(2, 2, -2, -2))

    def _paint_grid(
        self, painter: QPainter, area: QRectF, cell: float, line: QColor, text: QColor
    ) -> None:
        size = self.view.position.size
        painter.setPen(QPen(line, 1.0))
        for i in range(size + 1):
            painter.drawLine(
                QPointF(area.left(), area.top() + i * cell),
                QPointF(area.right(), area.top() + i * cell),
            )
            painter.drawLine(
                QPointF(area.left() + i * cell, area.top()),
                QPointF(area.left() + i * cell, area.bottom()),
            )
        font = QFont(self.view.font())
        font.setPixelSize(max(7, int(cell * 0.26)))
        painter.setFont(font)
        painter.setPen(text)
        for i in range(size):
            letter = QRectF(area.left() + i * cell, area.bottom(), cell, cell * 0.6)
            painter.drawText(letter, Qt.AlignmentFlag.AlignCenter, column_letter(i))
            number = QRectF(area.left() - cell * 0.6, area.top() + i * cell, cell * 0.6, cell)
            painter.drawText(number, Qt.AlignmentFlag.AlignCenter, str(row_number(i, size)))

    def _paint_scores(self, painter: QPainter, area: QRectF, cell: float, text: QColor) -> None:
        position = self.view.position
        strip = QRectF(area.left(), area.top() - cell * HEADER_CELLS, area.width(), cell * 0.7)
        font = QFont(self.view.font())
        font.setPixelSize(max(9, int(cell * 0.34)))
        half = strip.width() / 2
        for index, player in enumerate((Player.A, Player.B)):
            box = QRectF(strip.left() + index * half, strip.top(), half, strip.height())
            moving = player is position.to_move and not position.is_over
            font.setBold(moving)
            painter.setFont(font)
            painter.setPen(PLAYER_COLOURS[player])
            arrow = " ◀" if moving else ""
            painter.drawText(
                box, Qt.AlignmentFlag.AlignCenter, f"{player} {position.score(player)}{arrow}"
            )
        painter.setPen(text)
