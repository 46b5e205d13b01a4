"""The evaluation graph of a reviewed game: the proven result as bands, the estimate as a curve.

Across, the positions of the game from the start; up, the first seat's chance of
winning (the top is a win for it, the middle level, the bottom a win for the
other seat). Where a position's result is proven, its column is tinted with the
result (the first seat's colour, a draw's, the other seat's) and the curve sits
at 1, ½ or 0; where only an estimate exists, the curve is the estimate's winning
chance. A click, or Left/Right/Home/End with the focus here, picks a position;
the graph's content is also its accessible description, one line per position.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from tictactoe_gui.engine.review import Reading

#: The bands' colours, faint so the curve reads over them: a win for the first seat, a
#: draw, a win for the second.
_BANDS = (QColor(70, 130, 220, 70), QColor(150, 150, 150, 60), QColor(220, 90, 70, 70))
_MARGIN = 6.0


def reading_words(reading: Reading, seats: tuple[str, str]) -> str:
    """One position as a sentence: ``"after ply 3: proven, X wins"``, ``"… X 62% (estimate)"``."""
    where = "start" if reading.ply == 0 else f"after ply {reading.ply}"
    settled = reading.settled
    if settled is not None:
        result = "a draw" if settled.winner is None else f"{seats[settled.winner]} wins"
        return f"{where}: proven, {result}"
    if reading.chance is None:
        return f"{where}: not analysed"
    return f"{where}: {seats[0]} {reading.chance:.0%} to win (estimate)"


class EvaluationGraph(QWidget):
    """The readings of a game as a graph; emits ``ply_selected`` when a position is picked."""

    ply_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("evaluationGraph")
        self.setAccessibleName("Evaluation graph")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(90)
        self._readings: tuple[Reading, ...] = ()
        self._seats = ("X", "O")
        self._current = 0

    def sizeHint(self) -> QSize:
        return QSize(420, 110)

    @property
    def readings(self) -> tuple[Reading, ...]:
        return self._readings

    @property
    def current(self) -> int:
        return self._current

    def set_readings(self, readings: Sequence[Reading], seats: tuple[str, str]) -> None:
        self._readings = tuple(readings)
        self._seats = seats
        self._current = min(self._current, max(0, len(self._readings) - 1))
        self.setAccessibleDescription(self.describe())
        self.update()

    def describe(self) -> str:
        """The graph as text, one position a line (what a screen reader reads of it)."""
        if not self._readings:
            return "No positions yet."
        return "\n".join(reading_words(reading, self._seats) for reading in self._readings)

    def set_current(self, ply: int) -> None:
        """Mark position ``ply`` (0 the start) without saying it was picked."""
        if not self._readings:
            return
        self._current = max(0, min(ply, len(self._readings) - 1))
        self.setAccessibleName(
            f"Evaluation graph, {reading_words(self._readings[self._current], self._seats)}"
        )
        self.update()

    def _pick(self, ply: int) -> None:
        if not self._readings:
            return
        self.set_current(ply)
        self.ply_selected.emit(self._current)

    # -- geometry ---------------------------------------------------------------------------

    def _plot(self) -> QRectF:
        return QRectF(self.rect()).adjusted(_MARGIN, _MARGIN, -_MARGIN, -_MARGIN)

    def _x(self, ply: int) -> float:
        plot = self._plot()
        last = max(1, len(self._readings) - 1)
        return plot.left() + plot.width() * ply / last

    def _y(self, chance: float) -> float:
        plot = self._plot()
        return plot.bottom() - plot.height() * chance

    def ply_at(self, x: float) -> int:
        """The position nearest the point ``x`` across the graph."""
        plot = self._plot()
        last = max(1, len(self._readings) - 1)
        share = (x - plot.left()) / plot.width() if plot.width() > 0 else 0.0
        return max(0, min(len(self._readings) - 1, round(share * last)))

    # -- events ------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._readings:
            self._pick(self.ply_at(event.position().x()))
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {
            Qt.Key.Key_Left: self._current - 1,
            Qt.Key.Key_Right: self._current + 1,
            Qt.Key.Key_Home: 0,
            Qt.Key.Key_End: len(self._readings) - 1,
        }
        target = steps.get(Qt.Key(event.key()))
        if target is not None and self._readings:
            self._pick(target)
            event.accept()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        plot = self._plot()
        painter.fillRect(plot, palette.color(QPalette.ColorRole.Base))
        count = len(self._readings)
        if count:
            half = plot.width() / max(1, count - 1) / 2
            for reading in self._readings:
                settled = reading.settled
                if settled is None:
                    continue
                band = _BANDS[1 if settled.winner is None else 2 * settled.winner]
                x = self._x(reading.ply)
                left, right = max(plot.left(), x - half), min(plot.right(), x + half)
                painter.fillRect(QRectF(left, plot.top(), right - left, plot.height()), band)
        text = palette.color(QPalette.ColorRole.Text)
        faint = QColor(text)
        faint.setAlpha(90)
        painter.setPen(QPen(faint, 1, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(plot.left(), self._y(0.5)), QPointF(plot.right(), self._y(0.5)))
        path = QPainterPath()
        started = False
        for reading in self._readings:
            if reading.chance is None:
                started = False
                continue
            point = QPointF(self._x(reading.ply), self._y(reading.chance))
            if started:
                path.lineTo(point)
            else:
                path.moveTo(point)
                started = True
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2))
        painter.drawPath(path)
        # Which end is whose: the first seat wins at the top, the second at the bottom.
        painter.setPen(QPen(faint, 1))
        metrics = painter.fontMetrics()
        left = plot.left() + 3
        painter.drawText(QPointF(left, plot.top() + metrics.ascent()), self._seats[0])
        painter.drawText(QPointF(left, plot.bottom() - metrics.descent()), self._seats[1])
        if count:
            x = self._x(self._current)
            painter.setPen(QPen(text, 1))
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        if self.hasFocus():
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 1))
            painter.drawRect(plot.adjusted(-2, -2, 2, 2))
        painter.end()
