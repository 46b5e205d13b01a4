"""The look of gravity boards (Connect Four): an upright frame with a round hole per cell,
discs in X's and O's colours seen through the holes, a new disc falling into its column.

The falling disc is drawn before the frame, so it shows through the holes it
passes, as a real disc does. Hovering a column shines through it and shows a
faint disc where a click would land; the heat map tints the landing cells
with their outcome in words, as the marks' look does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QRadialGradient,
)

from tictactoe_gui.engine import Mark, Move
from tictactoe_gui.gui.painters import BoardStyle
from tictactoe_gui.gui.painters.base import BoardPainter
from tictactoe_gui.gui.painters.colours import is_dark, mark_colour, outcome_colour

if TYPE_CHECKING:
    from tictactoe_gui.gui.painters.heat import Heat

#: A hole's radius and a disc's, as a share of a cell.
HOLE = 0.40
DISC = 0.37


def frame_colour(palette: QPalette) -> QColor:
    """The frame: a slate grey apart from both discs' colours, in either theme."""
    return QColor("#454d5c") if is_dark(palette) else QColor("#5d6677")


class DiscsPainter(BoardPainter):
    style: ClassVar[BoardStyle] = BoardStyle.DISCS
    preferred_size: ClassVar[int] = 520
    line_core: ClassVar[bool] = True
    number_sizes: ClassVar[tuple[float, float]] = (0.34, 0.26)
    frame_share: ClassVar[float] = 0.3

    def line_width(self, cell: float) -> float:
        return max(3.0, cell * 0.14)

    def focus_width(self, cell: float) -> float:
        return max(2.0, cell * 0.06)

    def paint(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        view = self.view
        board = view.board
        cell = area.width() / view.cols
        dark = is_dark(palette)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRect(area)
        target = view.hover_target()
        if target is not None:
            # The column a click drops into shines through its holes.
            shine = QColor(palette.color(QPalette.ColorRole.Highlight))
            shine.setAlpha(70 if dark else 50)
            painter.setBrush(shine)
            column = view.cell_rect(Move(0, target.col))
            painter.drawRect(QRectF(column.left(), area.top(), column.width(), area.height()))
        if view.heat_map is not None:
            self._paint_heat(painter, palette, view.heat_map, labels=False)
        numbers = view.move_numbers()
        for mark, index in view.marks():
            move = board.move_at(index)
            if move != view.appearing:
                rect = view.cell_rect(move)
                self.paint_disc(painter, palette, rect, mark, plain=index in numbers)
        falling = board[view.appearing] if view.appearing is not None else None
        if view.appearing is not None and falling is not None:
            rect = view.cell_rect(view.appearing)
            start = area.top() - cell
            rect.moveTop(start + (rect.top() - start) * view.mark_progress)
            self.paint_disc(painter, palette, rect, falling)
        if target is not None and view.hover_ghost:
            painter.setOpacity(0.35)
            self.paint_disc(painter, palette, view.cell_rect(target), board.to_move, plain=True)
            painter.setOpacity(1.0)
        self._paint_frame(painter, palette, area, cell)
        if view.coordinates_shown:
            self.paint_coordinates(painter, palette, area)
        self._paint_last_move(painter, palette)
        if numbers:
            self._paint_numbers(painter, numbers, cell)
        if view.heat_map is not None:
            self._paint_heat(painter, palette, view.heat_map, tints=False)
        for move in view.hints:
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), max(2.0, cell * 0.07))
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(view.cell_rect(move).center(), cell * HOLE, cell * HOLE)
        painter.setPen(Qt.PenStyle.NoPen)
        self._paint_preview(painter, palette, cell)
        self.paint_winning_line(painter, palette)
        self.paint_numbers_over_line(painter, palette)
        self.paint_focus(painter, palette)

    def paint_disc(
        self, painter: QPainter, palette: QPalette, rect: QRectF, mark: Mark, *, plain: bool = False
    ) -> None:
        """One disc in ``rect`` (a cell): shaded in its side's colour, with its letter
        unless ``plain``, so X and O differ for anyone who cannot tell the colours apart."""
        colour = mark_colour(mark, palette)
        if is_dark(palette):
            colour = colour.darker(125)
        centre = rect.center()
        radius = rect.width() * DISC
        gradient = QRadialGradient(
            centre.x() - radius * 0.35, centre.y() - radius * 0.4, radius * 1.5
        )
        gradient.setColorAt(0.0, colour.lighter(145))
        gradient.setColorAt(0.6, colour)
        gradient.setColorAt(1.0, colour.darker(135))
        painter.setPen(QPen(colour.darker(160), max(1.0, radius * 0.06)))
        painter.setBrush(gradient)
        painter.drawEllipse(centre, radius, radius)
        if plain or radius < 7:
            painter.setPen(Qt.PenStyle.NoPen)
            return
        pen = QPen(QColor(255, 255, 255, 225), max(1.2, radius * 0.14))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        half = radius * 0.36
        if mark is Mark.X:
            painter.drawLine(centre + QPointF(-half, -half), centre + QPointF(half, half))
            painter.drawLine(centre + QPointF(half, -half), centre + QPointF(-half, half))
        else:
            painter.drawEllipse(centre, half, half)
        painter.setPen(Qt.PenStyle.NoPen)

    def frame_pad(self, cell: float) -> float:
        """How far the frame reaches beyond the cells on every side."""
        return min(cell * 0.12, self.view.margin() * self.frame_share)

    def frame_rect(self, area: QRectF) -> QRectF:
        """The frame's outline around the cells' ``area``."""
        cols = self.view.cols
        pad = self.frame_pad(area.width() / cols if cols else 0.0)
        return area.adjusted(-pad, -pad, pad, pad)

    def coordinate_labels(self, area: QRectF) -> list[tuple[QRectF, int, str]]:
        """As every board's, moved out by the frame's width: the row numbers left of the
        frame and the column letters under it, never half hidden by the frame's grey."""
        frame = self.frame_rect(area)
        left, down = area.left() - frame.left(), frame.bottom() - area.bottom()
        return [
            (rect.translated(-left, 0) if text.isdigit() else rect.translated(0, down), flags, text)
            for rect, flags, text in super().coordinate_labels(area)
        ]

    def _paint_frame(self, painter: QPainter, palette: QPalette, area: QRectF, cell: float) -> None:
        view = self.view
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        path.addRoundedRect(self.frame_rect(area), cell * 0.18, cell * 0.18)
        for row in range(view.rows):
            for col in range(view.cols):
                path.addEllipse(view.cell_rect(Move(row, col)).center(), cell * HOLE, cell * HOLE)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(frame_colour(palette))
        painter.drawPath(path)

    def _paint_last_move(self, painter: QPainter, palette: QPalette) -> None:
        view = self.view
        last = view.last_move
        if last is None or view.appearing is not None or view.board[last] is None:
            return
        rect = view.cell_rect(last)
        colour = QColor(palette.color(QPalette.ColorRole.Text))
        colour.setAlpha(200)
        painter.setPen(QPen(colour, max(1.5, rect.width() * 0.05)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        radius = rect.width() * (HOLE + 0.03)
        painter.drawEllipse(rect.center(), radius, radius)
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_numbers(self, painter: QPainter, numbers: dict[int, int], cell: float) -> None:
        view = self.view
        font = QFont(view.font())
        font.setBold(True)
        painter.setPen(QColor(255, 255, 255, 240))
        for index, number in numbers.items():
            move = view.board.move_at(index)
            if move == view.appearing:
                continue
            font.setPixelSize(max(7, int(cell * (0.34 if number < 100 else 0.26))))
            painter.setFont(font)
            painter.drawText(view.cell_rect(move), int(Qt.AlignmentFlag.AlignCenter), str(number))
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_heat(
        self,
        painter: QPainter,
        palette: QPalette,
        analysis: Heat,
        *,
        tints: bool = True,
        labels: bool = True,
    ) -> None:
        """Each candidate's landing cell tinted by its outcome, and the outcome in words
        under the hole (``"win in 3"``)."""
        view = self.view
        cell = view.board_rect().width() / view.cols
        font = QFont(view.font())
        font.setPixelSize(max(8, int(cell * 0.15)))
        font.setBold(True)
        shown = set(view.heat_cells())
        dark = is_dark(palette)
        for candidate in analysis.candidates:
            if candidate.move not in shown:
                continue
            colour = outcome_colour(candidate.outcome, palette)
            rect = view.cell_rect(candidate.move)
            if tints:
                fill = QColor(colour)
                fill.setAlpha(120 if dark else 95)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(fill)
                painter.drawEllipse(rect.center(), cell * HOLE, cell * HOLE)
            if labels:
                painter.setFont(font)
                painter.setPen(colour.lighter(130) if dark else colour.darker(150))
                painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), candidate.describe)
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_preview(self, painter: QPainter, palette: QPalette, cell: float) -> None:
        view = self.view
        if view.preview_start is None or not view.preview:
            return
        board = view.preview_start
        font = QFont(view.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(cell * 0.34)))
        painter.setFont(font)
        first = view.preview_first_number()
        for order, move in enumerate(view.preview, start=1):
            if not board.is_legal(move):
                break
            rect = view.cell_rect(move)
            painter.setOpacity(0.7 if order == 1 else 0.5)
            self.paint_disc(painter, palette, rect, board.to_move, plain=True)
            painter.setOpacity(1.0)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), str(first + order - 1))
            painter.setPen(Qt.PenStyle.NoPen)
            board = board.play(move)
