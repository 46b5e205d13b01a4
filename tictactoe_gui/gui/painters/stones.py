"""The look of big boards (four in a row on 20×20, gomoku): a go board, lines through
the cell centres and round stones on the crossings.

Stones are drawn once per size into pixmaps and the board itself (surface,
lines, coordinates) is cached too, so a full 20×20 repaint is a handful of
pixmap copies (``tests/benchmarks/bench_gui.py`` times it).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen, QPixmap

from tictactoe_gui.engine import Mark, Move
from tictactoe_gui.gui.painters import BoardStyle
from tictactoe_gui.gui.painters.base import BoardPainter
from tictactoe_gui.gui.painters.colours import (
    heat_rank_label,
    is_dark,
    mark_colour,
    outcome_colour,
    rank_colour,
)

if TYPE_CHECKING:
    from tictactoe_gui.gui.board_view import BoardView


class StonesPainter(BoardPainter):
    style: ClassVar[BoardStyle] = BoardStyle.STONES
    preferred_size: ClassVar[int] = 640
    snaps_to_pixels: ClassVar[bool] = True
    ranks_heat: ClassVar[bool] = True
    line_core: ClassVar[bool] = True
    number_sizes: ClassVar[tuple[float, float]] = (0.42, 0.32)

    def __init__(self, view: BoardView) -> None:
        super().__init__(view)
        # Pictures drawn once per size and palette (the board, the stones).
        self._background: QPixmap | None = None
        self._background_key: tuple[object, ...] | None = None
        self._stone_cache: dict[tuple[object, ...], QPixmap] = {}
        self._layer: QPixmap | None = None
        #: What the layer holds: (background key, X drawn, O drawn, numbered moves).
        self._layer_state: tuple[object, int, int, tuple[Move, ...]] | None = None

    def forget_pictures(self) -> None:
        self._background = None

    def line_width(self, cell: float) -> float:
        return max(3.0, cell * 0.22)

    def focus_width(self, cell: float) -> float:
        return max(2.0, cell * 0.08)

    def paint(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        view = self.view
        painter.drawPixmap(0, 0, self._stones_layer(palette, area))
        cell = area.width() / view.cols
        board = view.board
        diameter = cell * 0.88
        if view.appearing is not None:
            mark = board[view.appearing]
            if mark is not None:
                size = diameter * (0.6 + 0.4 * view.mark_progress)
                self._draw_stone(painter, palette, view.appearing, mark, size)
        last = view.last_move
        if last is not None and board.on_board(last) and board[last] is not None:
            ring = self._ring_pixmap(palette, cell)
            half = ring.width() / ring.devicePixelRatio() / 2
            centre = view.cell_rect(last).center()
            painter.drawPixmap(QPointF(centre.x() - half, centre.y() - half), ring)
        if view.heat_map is not None:
            self._paint_heat_stones(painter, palette, cell)
        hover = view.hover_target()
        if hover is not None and view.hover_ghost:
            painter.setOpacity(0.4)
            self._draw_stone(painter, palette, hover, board.to_move, diameter, True)
            painter.setOpacity(1.0)
        elif hover is not None:
            highlight = QColor(palette.color(QPalette.ColorRole.Highlight))
            highlight.setAlpha(70)
            painter.setBrush(highlight)
            painter.drawEllipse(view.cell_rect(hover).center(), cell * 0.3, cell * 0.3)
        for move in view.hints:
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), max(2.0, cell * 0.08))
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(view.cell_rect(move).center(), cell * 0.44, cell * 0.44)
            painter.setPen(Qt.PenStyle.NoPen)
        self._paint_preview_stones(painter, palette, cell)
        self.paint_winning_line(painter, palette)
        self.paint_numbers_over_line(painter, palette)
        self.paint_focus(painter, palette)

    def _stones_layer(self, palette: QPalette, area: QRectF) -> QPixmap:
        """The board with its stones and move numbers, kept between repaints.

        Repaints between moves (the pointer moving, the focus, the overlays)
        copy this one picture instead of drawing every stone again, and a move
        only adds its own stone to it; anything else (an undo, a new size or
        palette) draws it afresh.
        """
        view = self.view
        background = self._background_pixmap(palette, area)
        numbers = view.move_numbers()
        board = view.board
        appearing = board.index(view.appearing) if view.appearing is not None else -1
        if view.raw_marks is not None:
            drawn_x = sum(1 << i for mark, i in view.raw_marks if mark is Mark.X)
            drawn_o = sum(1 << i for mark, i in view.raw_marks if mark is Mark.O)
        else:
            drawn_x, drawn_o = board.x, board.o
        if appearing >= 0:
            drawn_x &= ~(1 << appearing)
            drawn_o &= ~(1 << appearing)
        order = view.move_order if numbers else ()
        state = self._layer_state
        layer = self._layer
        shorter = min(len(order), len(state[3])) if state is not None else 0
        if (
            layer is None
            or state is None
            or state[0] != self._background_key
            or state[3][:shorter] != order[:shorter]
            or bool(state[3]) != bool(order)
        ):
            layer = QPixmap(background)
            old_x = old_o = 0
        else:
            old_x, old_o = state[1], state[2]
        # Stones taken off (an undo), or renumbered, get the bare board back under them: a
        # stone and its number stay inside its cell, so copying the cell's square is exact.
        renumbered = 0
        if state is not None and len(state[3]) > len(order):
            renumbered = sum(1 << board.index(move) for move in state[3][len(order) :])
        gone = (old_x & ~drawn_x) | (old_o & ~drawn_o) | ((old_x | old_o) & renumbered)
        old_x &= ~gone
        old_o &= ~gone
        new_x, new_o = drawn_x & ~old_x, drawn_o & ~old_o
        if new_x or new_o or gone:
            painter = QPainter(layer)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            cell = area.width() / view.cols
            left, top, cols = area.left(), area.top(), view.cols
            ratio = background.devicePixelRatio()
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            while gone:
                low = gone & -gone
                gone ^= low
                row, col = divmod(low.bit_length() - 1, cols)
                square = QRectF(left + col * cell, top + row * cell, cell, cell)
                source = QRectF(
                    square.left() * ratio,
                    square.top() * ratio,
                    square.width() * ratio,
                    square.height() * ratio,
                )
                painter.drawPixmap(square, background, source)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            stones = {
                (mark, plain): self._stone_pixmap(palette, mark, cell * 0.88, plain)
                for mark in Mark
                for plain in (False, True)
            }
            added: dict[int, int] = {}
            for mark, mask in ((Mark.X, new_x), (Mark.O, new_o)):
                while mask:
                    low = mask & -mask
                    mask ^= low
                    index = low.bit_length() - 1
                    pixmap = stones[(mark, index in numbers)]
                    half = pixmap.width() / pixmap.devicePixelRatio() / 2
                    row, col = divmod(index, cols)
                    x, y = left + (col + 0.5) * cell - half, top + (row + 0.5) * cell - half
                    painter.drawPixmap(QPointF(x, y), pixmap)
                    if index in numbers:
                        added[index] = numbers[index]
            if added:
                self._paint_numbers_on_stones(painter, palette, added, cell)
            painter.end()
        self._layer = layer
        self._layer_state = (self._background_key, drawn_x, drawn_o, order)
        return layer

    def _background_pixmap(self, palette: QPalette, area: QRectF) -> QPixmap:
        view = self.view
        ratio = view.devicePixelRatioF()
        key = (
            view.width(),
            view.height(),
            ratio,
            palette.cacheKey(),
            view.coordinates_shown,
            view.rows,
            view.cols,
        )
        if self._background is not None and self._background_key == key:
            return self._background
        pixmap = QPixmap(max(1, round(view.width() * ratio)), max(1, round(view.height() * ratio)))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_go_board(painter, palette, area)
        painter.end()
        self._background, self._background_key = pixmap, key
        self._stone_cache.clear()
        return pixmap

    def _paint_go_board(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        """The surface, the lines through the cell centres, the star points and coordinates."""
        view = self.view
        cell = area.width() / view.cols
        dark = is_dark(palette)
        surface = QColor("#3a3326") if dark else QColor("#e9d3a3")
        # The wood reaches under the coordinates, as on a real board.
        pad = max(cell * 0.15, view.margin() * 0.85) if view.coordinates_shown else cell * 0.15
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(surface)
        painter.drawRoundedRect(area.adjusted(-pad, -pad, pad, pad), cell * 0.35, cell * 0.35)
        ink = QColor("#d8c7a0") if dark else QColor("#4a3b22")
        ink.setAlpha(150 if dark else 170)
        ratio = view.devicePixelRatioF()
        width = max(1.0, round(cell * 0.04 * ratio)) / ratio

        def snap(value: float) -> float:
            # A line of odd device pixels sits on a pixel's centre, so it is never smeared.
            pixels = width * ratio
            base = math.floor(value * ratio) + (0.5 if round(pixels) % 2 else 0.0)
            return base / ratio

        half = cell / 2
        left, right = area.left() + half, area.right() - half
        top, bottom = area.top() + half, area.bottom() - half
        lines = [
            QLineF(
                snap(area.left() + half + c * cell),
                top,
                snap(area.left() + half + c * cell),
                bottom,
            )
            for c in range(view.cols)
        ]
        lines += [
            QLineF(
                left, snap(area.top() + half + r * cell), right, snap(area.top() + half + r * cell)
            )
            for r in range(view.rows)
        ]
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(QPen(ink, width))
        painter.drawLines(lines)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        for row, col in _star_points(view.rows, view.cols):
            centre = view.cell_rect(Move(row, col)).center()
            painter.drawEllipse(centre, cell * 0.09, cell * 0.09)
        if view.coordinates_shown:
            self.paint_coordinates(painter, palette, area)

    def _stone_pixmap(self, palette: QPalette, mark: Mark, diameter: float, plain: bool) -> QPixmap:
        """One stone, drawn once per size: a shaded disc in the mark's colour with its letter."""
        from PySide6.QtGui import QRadialGradient  # only big boards have stones

        ratio = self.view.devicePixelRatioF()
        pixels = max(2, round(diameter * ratio))
        key = (mark, pixels, ratio, palette.cacheKey(), plain)
        cached = self._stone_cache.get(key)
        if cached is not None:
            return cached
        pixmap = QPixmap(pixels, pixels)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = mark_colour(mark, palette)
        if is_dark(palette):
            colour = colour.darker(135)
        rect = QRectF(0.5, 0.5, pixels - 1.0, pixels - 1.0)
        gradient = QRadialGradient(
            rect.left() + rect.width() * 0.35, rect.top() + rect.height() * 0.3, rect.width() * 0.75
        )
        gradient.setColorAt(0.0, colour.lighter(150))
        gradient.setColorAt(0.55, colour)
        gradient.setColorAt(1.0, colour.darker(140))
        painter.setPen(QPen(colour.darker(170), max(1.0, pixels * 0.03)))
        painter.setBrush(gradient)
        painter.drawEllipse(rect)
        if not plain and pixels >= 14 * ratio:
            # The letter keeps X and O apart for anyone who cannot tell the colours apart.
            glyph = QColor(255, 255, 255, 225)
            pen = QPen(glyph, max(1.2, pixels * 0.075))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inner = rect.adjusted(pixels * 0.33, pixels * 0.33, -pixels * 0.33, -pixels * 0.33)
            if mark is Mark.X:
                painter.drawLine(inner.topLeft(), inner.bottomRight())
                painter.drawLine(inner.topRight(), inner.bottomLeft())
            else:
                painter.drawEllipse(inner)
        painter.end()
        pixmap.setDevicePixelRatio(ratio)
        self._stone_cache[key] = pixmap
        return pixmap

    def _ring_pixmap(self, palette: QPalette, cell: float) -> QPixmap:
        """The last move's ring, drawn once per size like the stones."""
        ratio = self.view.devicePixelRatioF()
        pixels = max(4, round(cell * 1.12 * ratio))
        key = ("ring", pixels, ratio, palette.cacheKey())
        cached = self._stone_cache.get(key)
        if cached is not None:
            return cached
        pixmap = QPixmap(pixels, pixels)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(palette.color(QPalette.ColorRole.Text))
        colour.setAlpha(190 if is_dark(palette) else 160)
        width = max(1.5, cell * 0.06) * ratio
        painter.setPen(QPen(colour, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        centre = QPointF(pixels / 2, pixels / 2)
        painter.drawEllipse(centre, cell * 0.5 * ratio, cell * 0.5 * ratio)
        painter.end()
        pixmap.setDevicePixelRatio(ratio)
        self._stone_cache[key] = pixmap
        return pixmap

    def _draw_stone(
        self,
        painter: QPainter,
        palette: QPalette,
        move: Move,
        mark: Mark,
        diameter: float,
        plain: bool = False,
    ) -> None:
        pixmap = self._stone_pixmap(palette, mark, diameter, plain)
        centre = self.view.cell_rect(move).center()
        size = pixmap.width() / pixmap.devicePixelRatio()
        painter.drawPixmap(QPointF(centre.x() - size / 2, centre.y() - size / 2), pixmap)

    def _paint_numbers_on_stones(
        self, painter: QPainter, palette: QPalette, numbers: dict[int, int], cell: float
    ) -> None:
        view = self.view
        font = QFont(view.font())
        font.setBold(True)
        painter.setPen(QColor(255, 255, 255, 240))
        for index, number in numbers.items():
            font.setPixelSize(max(7, int(cell * (0.42 if number < 100 else 0.32))))
            painter.setFont(font)
            painter.drawText(
                view.cell_rect(view.board.move_at(index)),
                int(Qt.AlignmentFlag.AlignCenter),
                str(number),
            )
        painter.setPen(Qt.PenStyle.NoPen)

    def heat_labels(self) -> dict[Move, str]:
        """On a board of stones, the heat map's candidates by rank: their labels ("#1"),
        best first."""
        view = self.view
        analysis = view.heat_map
        if analysis is None:
            return {}
        shown = set(view.heat_cells())
        return {
            candidate.move: heat_rank_label(rank)
            for rank, candidate in enumerate(analysis.candidates[: view.heat_top])
            if candidate.move in shown
        }

    def _paint_heat_stones(self, painter: QPainter, palette: QPalette, cell: float) -> None:
        view = self.view
        analysis = view.heat_map
        if analysis is None:
            return
        labels = self.heat_labels()
        font = QFont(view.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(cell * 0.34)))
        painter.setFont(font)
        dark = is_dark(palette)
        for rank, candidate in enumerate(analysis.candidates[: view.heat_top]):
            label = labels.get(candidate.move)
            if label is None:
                continue
            if candidate.outcome is not None:
                colour = outcome_colour(candidate.outcome, palette)
            else:
                colour = rank_colour(rank, len(analysis.candidates[: view.heat_top]), palette)
            fill = QColor(colour)
            fill.setAlpha(150 if dark else 130)
            rect = view.cell_rect(candidate.move)
            inset = cell * 0.06
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawRoundedRect(
                rect.adjusted(inset, inset, -inset, -inset), cell * 0.2, cell * 0.2
            )
            painter.setPen(QColor(255, 255, 255) if dark else QColor(20, 20, 20))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), label)
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_preview_stones(self, painter: QPainter, palette: QPalette, cell: float) -> None:
        view = self.view
        if view.preview_start is None or not view.preview:
            return
        board = view.preview_start
        font = QFont(view.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(cell * 0.42)))
        painter.setFont(font)
        first = view.preview_first_number()
        for order, move in enumerate(view.preview, start=1):
            if not board.is_legal(move):
                break
            painter.setOpacity(0.7 if order == 1 else 0.5)
            self._draw_stone(painter, palette, move, board.to_move, cell * 0.88, True)
            painter.setOpacity(1.0)
            painter.setPen(QColor(255, 255, 255))
            number = str(first + order - 1)
            painter.drawText(view.cell_rect(move), int(Qt.AlignmentFlag.AlignCenter), number)
            painter.setPen(Qt.PenStyle.NoPen)
            board = board.play(move)


def _star_points(rows: int, cols: int) -> list[tuple[int, int]]:
    """The dots a go or gomoku board marks: the fourth lines from the edges and the centre."""
    if min(rows, cols) < 9:
        return []
    edge = 3
    points = [(edge, edge), (edge, cols - 1 - edge), (rows - 1 - edge, edge)]
    points.append((rows - 1 - edge, cols - 1 - edge))
    if rows % 2 and cols % 2:
        points.append((rows // 2, cols // 2))
    return points
