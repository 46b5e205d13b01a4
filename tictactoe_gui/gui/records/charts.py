"""Two small charts painted with QPainter (QtCharts is not part of PySide6-Essentials).

Both take plain values, so they are drawn the same from a test as in the app.
Outcomes are told apart by colour and by a letter in the legend, not colour alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QFocusEvent, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from tictactoe_gui.gui.records.common import OUTCOME_COLOURS
from tictactoe_gui.storage.records import DRAW, LOSS, WIN, WinLossDraw

OUTCOMES = (WIN, DRAW, LOSS)
LEGEND = {WIN: "Wins", DRAW: "Draws", LOSS: "Losses"}
MARGIN = 8.0


class _Chart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(240, 140)
        # Reachable by Tab, so a screen reader reads the chart's figures (its description).
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def _draw_focus(self, painter: QPainter) -> None:
        if self.hasFocus():
            pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), 2)
            painter.setPen(pen)
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(420, 200)

    def _draw_empty(self, painter: QPainter, text: str) -> None:
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, text)

    def _draw_legend(self, painter: QPainter, top: float) -> float:
        """Draw the legend along the top; return where the plot may start."""
        metrics = painter.fontMetrics()
        x = MARGIN
        for outcome in OUTCOMES:
            painter.fillRect(QRectF(x, top + 3, 10, 10), OUTCOME_COLOURS[outcome])
            x += 14
            painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
            painter.drawText(QPointF(x, top + metrics.ascent()), LEGEND[outcome])
            x += metrics.horizontalAdvance(LEGEND[outcome]) + 16
        return top + metrics.height() + 6


class ResultsOverTimeChart(_Chart):
    """Running totals of wins, draws and losses, game by game, left (oldest) to right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultsOverTimeChart")
        self.setAccessibleName("Results over time")
        self._series: dict[str, list[int]] = {outcome: [] for outcome in OUTCOMES}
        self._first: datetime | None = None
        self._last: datetime | None = None

    @property
    def series(self) -> dict[str, list[int]]:
        """Running totals per outcome after each game (what the lines plot)."""
        return {outcome: list(values) for outcome, values in self._series.items()}

    def set_timeline(self, timeline: Sequence[tuple[datetime, str]]) -> None:
        running = dict.fromkeys(OUTCOMES, 0)
        self._series = {outcome: [] for outcome in OUTCOMES}
        for _, outcome in timeline:
            running[outcome] += 1
            for key in OUTCOMES:
                self._series[key].append(running[key])
        self._first = timeline[0][0] if timeline else None
        self._last = timeline[-1][0] if timeline else None
        self.setAccessibleDescription(describe_timeline(timeline))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._draw_focus(painter)
        games = len(self._series[WIN])
        if games == 0:
            self._draw_empty(painter, "No games yet")
            return
        top = self._draw_legend(painter, MARGIN)
        metrics = painter.fontMetrics()
        peak = max(max(values) for values in self._series.values()) or 1
        counts = count_axis_labels(peak)
        label_width = max(metrics.horizontalAdvance(str(n)) for n in counts) + 6
        plot = QRectF(
            MARGIN + label_width,
            top + metrics.ascent() / 2,
            self.width() - 2 * MARGIN - label_width,
            self.height() - top - MARGIN - metrics.height() * 1.5,
        )
        axis = self.palette().color(QPalette.ColorRole.Mid)
        painter.setPen(QPen(axis, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        for n in counts:
            y = plot.bottom() - plot.height() * n / peak
            painter.setPen(QPen(axis, 1))
            painter.drawLine(QPointF(plot.left() - 3, y), QPointF(plot.left(), y))
            painter.setPen(text_colour)
            painter.drawText(
                QRectF(MARGIN, y - metrics.height() / 2, label_width - 6, metrics.height()),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                str(n),
            )
        # With more games than pixels, plot one point per pixel column.
        step = max(1, games // max(1, int(plot.width())))
        indices = list(range(0, games, step))
        if indices[-1] != games - 1:
            indices.append(games - 1)
        for outcome in OUTCOMES:
            values = self._series[outcome]
            # Every line starts at zero before the first game, so even one game shows.
            path = QPainterPath(plot.bottomLeft())
            for i in indices:
                x = plot.left() + plot.width() * (i + 1) / games
                y = plot.bottom() - plot.height() * values[i] / peak
                path.lineTo(x, y)
            painter.setPen(QPen(OUTCOME_COLOURS[outcome], 2))
            painter.drawPath(path)
        painter.setPen(text_colour)
        first, last = self.time_labels()
        baseline = self.height() - MARGIN
        if first:
            painter.drawText(QPointF(plot.left(), baseline), first)
        if last:
            painter.drawText(
                QPointF(plot.right() - metrics.horizontalAdvance(last), baseline), last
            )

    def time_labels(self) -> tuple[str, str]:
        """What is written under the chart's left and right ends."""
        if self._first is None or self._last is None:
            return "", ""
        return time_axis_labels(self._first, self._last)

    def count_labels(self) -> list[int]:
        """The counts marked up the chart's left side."""
        games = len(self._series[WIN])
        if games == 0:
            return []
        return count_axis_labels(max(max(values) for values in self._series.values()) or 1)


def time_axis_labels(first: datetime, last: datetime) -> tuple[str, str]:
    """The first and last games' dates; on a single day the date once, with both times."""
    start, end = first.astimezone(), last.astimezone()
    if start.date() != end.date():
        return start.strftime("%Y-%m-%d"), end.strftime("%Y-%m-%d")
    if start.strftime("%H:%M") == end.strftime("%H:%M"):
        return start.strftime("%Y-%m-%d %H:%M"), ""
    return start.strftime("%Y-%m-%d %H:%M"), end.strftime("%H:%M")


def count_axis_labels(peak: int) -> list[int]:
    """Counts to mark up the side: zero, the peak, and half-way when there is room."""
    return sorted({0, peak // 2, peak}) if peak >= 4 else sorted({0, peak})


class PersonaResultsChart(_Chart):
    """One stacked bar per opponent: wins, draws and losses, with the counts written on."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("personaResultsChart")
        self.setAccessibleName("Results against each persona")
        self._bars: list[tuple[str, WinLossDraw]] = []

    @property
    def bars(self) -> list[tuple[str, WinLossDraw]]:
        return list(self._bars)

    def set_records(self, bars: Sequence[tuple[str, WinLossDraw]]) -> None:
        self._bars = list(bars)
        played = [(label, record) for label, record in self._bars if record.games]
        self.setAccessibleDescription(
            "; ".join(
                f"{label}: {_count(r.wins, 'Wins')}, {_count(r.draws, 'Draws')}, "
                f"{_count(r.losses, 'Losses')}"
                for label, r in played
            )
            + "."
            if played
            else "No games against the personas yet."
        )
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self._draw_focus(painter)
        if not any(record.games for _, record in self._bars):
            self._draw_empty(painter, "No games against the personas yet")
            return
        top = self._draw_legend(painter, MARGIN)
        metrics = painter.fontMetrics()
        label_width = max(metrics.horizontalAdvance(label) for label, _ in self._bars) + 8
        row_height = (self.height() - top - MARGIN) / len(self._bars)
        bar_height = min(28.0, row_height * 0.7)
        widest = max(record.games for _, record in self._bars) or 1
        span = self.width() - 2 * MARGIN - label_width
        text = self.palette().color(QPalette.ColorRole.WindowText)
        for row, (label, record) in enumerate(self._bars):
            y = top + row * row_height + (row_height - bar_height) / 2
            painter.setPen(text)
            painter.drawText(
                QRectF(MARGIN, y, label_width, bar_height),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                label,
            )
            x = MARGIN + label_width
            counts = {WIN: record.wins, DRAW: record.draws, LOSS: record.losses}
            for outcome in OUTCOMES:
                width = span * counts[outcome] / widest
                if width <= 0:
                    continue
                segment = QRectF(x, y, width, bar_height)
                painter.fillRect(segment, OUTCOME_COLOURS[outcome])
                number = str(counts[outcome])
                if metrics.horizontalAdvance(number) + 4 < width:
                    painter.setPen(Qt.GlobalColor.white)
                    painter.drawText(segment, Qt.AlignmentFlag.AlignCenter, number)
                x += width


def describe_timeline(timeline: Sequence[tuple[datetime, str]]) -> str:
    """The results-over-time chart as text: totals, then each result in order (the latest 50)."""
    if not timeline:
        return "No games yet."
    outcomes = [outcome for _, outcome in timeline]
    first = timeline[0][0].astimezone().strftime("%Y-%m-%d")
    last = timeline[-1][0].astimezone().strftime("%Y-%m-%d")
    totals = ", ".join(_count(outcomes.count(o), LEGEND[o]) for o in OUTCOMES)
    shown = outcomes[-50:]
    which = "oldest first" if len(shown) == len(outcomes) else "the latest 50, oldest first"
    words = {WIN: "win", DRAW: "draw", LOSS: "loss"}
    order = ", ".join(words[o] for o in shown)
    return (
        f"{_count(len(outcomes), 'Games')} from {first} to {last}: {totals}. "
        f"Results ({which}): {order}."
    )


def _count(n: int, plural: str) -> str:
    """``"1 win"``, ``"3 wins"``, ``"1 loss"``: a count with its word (from the legend's plural)."""
    word = plural.lower()
    if n == 1:
        word = word[:-2] if word.endswith("sses") else word[:-1]
    return f"{n} {word}"
