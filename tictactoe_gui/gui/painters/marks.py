"""The look of small boards (3×3 to 7×7): X and O drawn as strokes in the cells, as on
paper, the cells tinted by the heat map with each move's outcome in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPalette, QPen

from tictactoe_gui.engine import Mark, Move
from tictactoe_gui.gui.painters import BoardStyle
from tictactoe_gui.gui.painters.base import BoardPainter
from tictactoe_gui.gui.painters.colours import is_dark, mark_colour, outcome_colour

if TYPE_CHECKING:
    from tictactoe_gui.gui.painters.heat import Heat


class MarksPainter(BoardPainter):
    style: ClassVar[BoardStyle] = BoardStyle.MARKS

    def paint(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        view = self.view
        cell = area.width() / view.cols
        dark = is_dark(palette)
        surface = palette.color(QPalette.ColorRole.Base)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(surface)
        radius = cell * 0.12
        painter.drawRoundedRect(area, radius, radius)

        self._paint_cell_backgrounds(painter, palette, dark)
        self._paint_grid(painter, palette, area, cell)
        if view.coordinates_shown:
            self.paint_coordinates(painter, palette, area)
        numbers = view.move_numbers()
        for mark, index in view.marks():
            move = view.board.move_at(index)
            progress = view.mark_progress if move == view.appearing else 1.0
            colour = mark_colour(mark, palette)
            if numbers and index in numbers:
                colour.setAlpha(110)
            self._paint_mark(painter, move, mark, colour, progress)
        if numbers:
            self._paint_numbers_on_marks(painter, palette, numbers)
        self._paint_preview(painter, palette)
        self.paint_winning_line(painter, palette)
        self.paint_numbers_over_line(painter, palette)
        self.paint_focus(painter, palette)

    def _paint_cell_backgrounds(self, painter: QPainter, palette: QPalette, dark: bool) -> None:
        view = self.view
        highlight = palette.color(QPalette.ColorRole.Highlight)
        inset = view.board_rect().width() / view.cols * 3 * 0.012
        if view.last_move is not None and view.board.mark_at(view.board.index(view.last_move)):
            tint = QColor(palette.color(QPalette.ColorRole.Text))
            tint.setAlpha(22 if dark else 14)
            painter.setBrush(tint)
            rect = view.cell_rect(view.last_move).adjusted(inset, inset, -inset, -inset)
            painter.drawRoundedRect(rect, inset * 3, inset * 3)
        if view.heat_map is not None:
            self._paint_heat(painter, palette, view.heat_map, inset, labels=False)
        target = view.hover_target()
        if target is not None:
            hover = QColor(highlight)
            hover.setAlpha(60 if dark else 45)
            painter.setBrush(hover)
            rect = view.cell_rect(target).adjusted(inset, inset, -inset, -inset)
            painter.drawRoundedRect(rect, inset * 3, inset * 3)
            if view.hover_ghost:
                # A faint ghost of the mark that would be played shows what a click does.
                ghost = mark_colour(view.board.to_move, palette)
                ghost.setAlpha(70)
                self._paint_mark(painter, target, view.board.to_move, ghost, 1.0)
        if view.heat_map is not None:
            # The words go over the hover ghost, so "loss in 2" stays readable under the pointer.
            self._paint_heat(painter, palette, view.heat_map, inset, tints=False)
        for move in view.hints:
            pen = QPen(highlight, max(2.0, view.board_rect().width() / view.cols * 3 * 0.01))
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            rect = view.cell_rect(move).adjusted(inset * 2, inset * 2, -inset * 2, -inset * 2)
            painter.drawRoundedRect(rect, inset * 3, inset * 3)
            painter.setPen(Qt.PenStyle.NoPen)

    def _paint_heat(
        self,
        painter: QPainter,
        palette: QPalette,
        analysis: Heat,
        inset: float,
        *,
        tints: bool = True,
        labels: bool = True,
    ) -> None:
        view = self.view
        font = QFont(view.font())
        font.setPixelSize(max(9, int(view.board_rect().width() / view.cols * 0.12)))
        font.setBold(True)
        shown = set(view.heat_cells())
        for candidate in analysis.candidates:
            if candidate.move not in shown:
                continue
            colour = outcome_colour(candidate.outcome, palette)
            rect = view.cell_rect(candidate.move).adjusted(inset, inset, -inset, -inset)
            if tints:
                fill = QColor(colour)
                fill.setAlpha(70 if is_dark(palette) else 55)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(fill)
                painter.drawRoundedRect(rect, inset * 3, inset * 3)
            if not labels:
                continue
            label = candidate.describe
            painter.setFont(font)
            text = (
                QColor(colour).darker(140) if not is_dark(palette) else QColor(colour).lighter(130)
            )
            painter.setPen(text)
            painter.drawText(
                rect.adjusted(0, 0, 0, -rect.height() * 0.06),
                int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom),
                label,
            )
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_grid(self, painter: QPainter, palette: QPalette, area: QRectF, cell: float) -> None:
        view = self.view
        colour = QColor(palette.color(QPalette.ColorRole.Text))
        colour.setAlpha(150)
        # The pen keeps the 3×3 board's proportions on every small board.
        pen = QPen(colour, max(2.0, cell * 3 * 0.012))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        inset = cell * 0.08
        for i in range(1, view.cols):
            x = area.left() + i * cell
            painter.drawLine(QPointF(x, area.top() + inset), QPointF(x, area.bottom() - inset))
        for i in range(1, view.rows):
            y = area.top() + i * cell
            painter.drawLine(QPointF(area.left() + inset, y), QPointF(area.right() - inset, y))

    def _paint_mark(
        self, painter: QPainter, move: Move, mark: Mark, colour: QColor, progress: float
    ) -> None:
        view = self.view
        rect = view.cell_rect(move)
        pad = rect.width() * 0.24
        inner = rect.adjusted(pad, pad, -pad, -pad)
        pen = QPen(colour, max(2.5, rect.width() * 0.095))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if mark is Mark.X:
            # Two strokes drawn one after the other, like a hand would.
            first = min(1.0, progress * 2)
            second = max(0.0, progress * 2 - 1)
            a, b = inner.topLeft(), inner.bottomRight()
            painter.drawLine(a, a + (b - a) * first)
            if second > 0:
                c, d = inner.topRight(), inner.bottomLeft()
                painter.drawLine(c, c + (d - c) * second)
        else:
            path = QPainterPath()
            path.arcMoveTo(inner, 90)
            path.arcTo(inner, 90, -360 * progress)
            painter.drawPath(path)
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_numbers_on_marks(
        self, painter: QPainter, palette: QPalette, numbers: dict[int, int]
    ) -> None:
        view = self.view
        font = QFont(view.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(view.board_rect().width() / view.cols * 0.3)))
        painter.setFont(font)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        for index, number in numbers.items():
            painter.drawText(
                view.cell_rect(view.board.move_at(index)),
                int(Qt.AlignmentFlag.AlignCenter),
                str(number),
            )
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_preview(self, painter: QPainter, palette: QPalette) -> None:
        view = self.view
        if view.preview_start is None or not view.preview:
            return
        board = view.preview_start
        font = QFont(view.font())
        font.setPixelSize(max(9, int(view.board_rect().width() / view.cols * 0.16)))
        font.setBold(True)
        first = view.preview_first_number()
        for order, move in enumerate(view.preview, start=1):
            if not board.is_legal(move):
                break
            mark = board.to_move
            colour = mark_colour(mark, palette)
            ghost = QColor(colour)
            ghost.setAlpha(200 if order == 1 else 110)
            self._paint_mark(painter, move, mark, ghost, 1.0)
            rect = view.cell_rect(move)
            badge = QRectF(
                rect.left() + rect.width() * 0.06,
                rect.top() + rect.height() * 0.06,
                rect.width() * 0.22,
                rect.width() * 0.22,
            )
            painter.setBrush(colour)
            painter.drawEllipse(badge)
            painter.setFont(font)
            painter.setPen(palette.color(QPalette.ColorRole.Base))
            painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), str(first + order - 1))
            painter.setPen(Qt.PenStyle.NoPen)
            board = board.play(move)
