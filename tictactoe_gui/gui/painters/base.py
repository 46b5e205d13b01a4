"""The interface every board painter implements, and the drawing they share: the
coordinates, the winning line, move numbers over it and the keyboard cursor."""

from __future__ import annotations

import abc
import math
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPalette, QPen

from tictactoe_gui.engine import Move
from tictactoe_gui.engine.notation import column_letter, row_number
from tictactoe_gui.gui.painters import BoardStyle
from tictactoe_gui.gui.painters.colours import mark_colour

if TYPE_CHECKING:
    from tictactoe_gui.gui.board_view import BoardView


class BoardPainter(abc.ABC):
    """Draws what a :class:`~tictactoe_gui.gui.board_view.BoardView` holds, in one look.

    A painter reads the view (its board, the last move, the hover, the heat map, the
    hints and preview, the animations' progress, the cell geometry) and keeps nothing
    of the game itself; it may keep pictures between repaints, which
    :meth:`forget_pictures` drops.
    """

    style: ClassVar[BoardStyle]
    #: The view's preferred side in pixels.
    preferred_size: ClassVar[int] = 480
    #: Whether cells are whole device pixels, so that lines drawn through them stay crisp.
    snaps_to_pixels: ClassVar[bool] = False
    #: Whether the heat map shows only the best few candidates, by rank (big boards).
    ranks_heat: ClassVar[bool] = False
    #: The most of the margin a frame round the cells may take (the coordinates go beyond it).
    frame_share: ClassVar[float] = 0.0

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self._numbers_memo: tuple[object, dict[int, int]] = (None, {})

    @abc.abstractmethod
    def paint(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        """Draw the whole board into ``area`` (the cells' rectangle)."""

    def forget_pictures(self) -> None:  # noqa: B027 (a look that keeps no pictures)
        """Drop the pictures kept between repaints (the size or the coordinates changed)."""

    def heat_labels(self) -> dict[Move, str]:
        """The heat map's labels drawn on cells in this look, by move (none by default)."""
        return {}

    def heat_cells(self) -> tuple[Move, ...]:
        """The cells the heat-map tints now: a previewed line covers the cells it fills,
        since the heat-map describes the position on the board, not the one previewed.
        On a board drawn with stones only the best few candidates are tinted."""
        view = self.view
        if view.heat_map is None:
            return ()
        previewed = set(view.preview)
        candidates = view.heat_map.candidates
        if self.ranks_heat:
            candidates = candidates[: view.heat_top]
        return tuple(c.move for c in candidates if c.move not in previewed)

    def move_numbers(self) -> dict[int, int]:
        """Cell index to move number, of the marks on the board."""
        view = self.view
        if view.raw_marks is not None:
            return {}
        key = (view.board, view.move_order)
        if self._numbers_memo[0] == key:
            return self._numbers_memo[1]
        board = view.board
        numbers: dict[int, int] = {}
        for number, move in enumerate(view.move_order, start=1):
            if board.on_board(move):
                index = board.index(move)
                if board.occupied >> index & 1:
                    numbers[index] = number
        self._numbers_memo = (key, numbers)
        return numbers

    # -- drawing the looks share ---------------------------------------------------------

    def line_width(self, cell: float) -> float:
        """The winning line's width over cells of side ``cell``."""
        return max(4.0, cell * 3 * 0.03)

    #: Whether the winning line has a light core (over pieces of the winner's colour).
    line_core: ClassVar[bool] = False

    def focus_width(self, cell: float) -> float:
        return max(2.0, cell * 0.025)

    def paint_coordinates(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        """Column letters under the board and row numbers to its left (``a1`` bottom-left)."""
        view = self.view
        colour = QColor(palette.color(QPalette.ColorRole.Text))
        colour.setAlpha(140)
        painter.setPen(colour)
        painter.setFont(view.coordinates_font())
        for rect, flags, text in view.coordinate_labels(area):
            painter.drawText(rect, flags, text)
        painter.setPen(Qt.PenStyle.NoPen)

    def coordinate_labels(self, area: QRectF) -> list[tuple[QRectF, int, str]]:
        """Where each coordinate goes: its box, alignment and text. Cells too small for a
        label each (20×20 in a small window) are labelled every other line, or every third,
        counting from ``a1``, so that no two labels run into each other."""
        view = self.view
        if view.cols == 0 or view.rows == 0:
            return []
        cell = area.width() / view.cols
        metrics = QFontMetricsF(view.coordinates_font())
        widest = max(metrics.horizontalAdvance(column_letter(col)) for col in range(view.cols))
        # Letters side by side need their width and a little air; numbers one above the
        # other need their height.
        across = math.ceil((widest + metrics.averageCharWidth() * 0.6) / cell) if cell else 1
        down = math.ceil(metrics.height() * 0.95 / cell) if cell else 1
        step = max(1, across, down)
        gap = view.label_pixels() * 0.4
        band = view.label_pixels() * 1.4
        labels: list[tuple[QRectF, int, str]] = []
        centre = int(Qt.AlignmentFlag.AlignCenter)
        for col in range(0, view.cols, step):
            rect = QRectF(area.left() + col * cell, area.bottom() + gap, cell, band)
            labels.append((rect, centre, column_letter(col)))
        right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for row in range(view.rows):
            number = row_number(row, view.rows)
            if (number - 1) % step:
                continue
            rect = QRectF(area.left() - gap - band * 1.3, area.top() + row * cell, band * 1.3, cell)
            labels.append((rect, right, str(number)))
        return labels

    def paint_winning_line(self, painter: QPainter, palette: QPalette) -> None:
        view = self.view
        board = view.board
        outcome = board.outcome
        if outcome is None or outcome.line is None or outcome.winner is None:
            return
        if view.appearing is not None:
            return  # the line follows once the last mark is in
        first = view.cell_rect(board.move_at(outcome.line[0])).center()
        last = view.cell_rect(board.move_at(outcome.line[-1])).center()
        # Reach a little past the outer cells' centres so the line reads as a strike-through.
        cells = max(1, len(outcome.line) - 1)
        overshoot = (last - first) * (0.18 * 2 / cells)
        start, end = first - overshoot, last + overshoot
        end = start + (end - start) * view.line_progress
        colour = QColor(mark_colour(outcome.winner, palette))
        width = self.line_width(view.board_rect().width() / view.cols)
        halo = QColor(palette.color(QPalette.ColorRole.Base))
        halo.setAlpha(150)
        pen = QPen(halo, width * 1.45)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(start, end)
        pen = QPen(colour, width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(start, end)
        if self.line_core:
            # Over pieces of the winner's colour a light core keeps the line visible.
            core = QColor(palette.color(QPalette.ColorRole.Base))
            core.setAlpha(230)
            pen = QPen(core, width * 0.35)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(start, end)
        painter.setPen(Qt.PenStyle.NoPen)

    #: The move numbers' size over the winning line, as a share of a cell (small, large).
    number_sizes: ClassVar[tuple[float, float]] = (0.3, 0.3)

    def paint_numbers_over_line(self, painter: QPainter, palette: QPalette) -> None:
        """The move numbers of the winning line's cells, on badges over the line, which
        would otherwise strike them out."""
        view = self.view
        board = view.board
        outcome = board.outcome
        numbers = view.move_numbers()
        if not numbers or outcome is None or outcome.line is None or outcome.winner is None:
            return
        if view.appearing is not None or view.line_progress < 1.0:
            return  # once the line is drawn
        cell = view.board_rect().width() / view.cols
        font = QFont(view.font())
        font.setBold(True)
        badge = QColor(mark_colour(outcome.winner, palette)).darker(150)
        for index in outcome.line:
            number = numbers.get(index)
            if number is None:
                continue
            size = self.number_sizes[0] if number < 100 else self.number_sizes[1]
            font.setPixelSize(max(7, int(cell * size)))
            painter.setFont(font)
            text = str(number)
            centre = view.cell_rect(board.move_at(index)).center()
            width = max(painter.fontMetrics().horizontalAdvance(text), cell * 0.2) + cell * 0.12
            height = painter.fontMetrics().height()
            rect = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(badge)
            painter.drawRoundedRect(rect, height / 2, height / 2)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)
        painter.setPen(Qt.PenStyle.NoPen)

    def paint_focus(self, painter: QPainter, palette: QPalette) -> None:
        """The keyboard cursor's frame, when the keyboard moved it and the board has focus."""
        view = self.view
        if not view.focus_shown():
            return
        rect = view.cell_rect(view.focus_cell)
        inset = rect.width() * 0.05
        pen = QPen(palette.color(QPalette.ColorRole.Highlight), self.focus_width(rect.width()))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), inset * 2, inset * 2)
