"""The clocks of a board's animations: the last mark drawn in (a disc's fall on a gravity
board), then the winning line drawn across. The painters read their progress.

The clocks are made when first used (a move drawn in, or asked for): the window's first
frame draws nothing in, and so loads no animation classes before it is painted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from PySide6.QtCore import QEasingCurve, QVariantAnimation

    from tictactoe_gui.engine import Move

MARK_DURATION_MS = 220
LINE_DURATION_MS = 420
#: A disc's fall: a moment, and a little more for every row it falls through.
DROP_BASE_MS = 120
DROP_ROW_MS = 55


def _clock(parent: QObject, duration: int, curve: QEasingCurve.Type) -> QVariantAnimation:
    from PySide6.QtCore import QVariantAnimation

    animation = QVariantAnimation(parent)
    animation.setStartValue(0.0)
    animation.setEndValue(1.0)
    animation.setDuration(duration)
    animation.setEasingCurve(curve)
    return animation


class BoardAnimations(QObject):
    """Runs a board's two animations; ``repaint(move)`` redraws what a step changed
    (the appearing cell, or the whole board when the move is None)."""

    def __init__(
        self, parent: QObject, repaint: Callable[[Move | None], None], won: Callable[[], bool]
    ) -> None:
        super().__init__(parent)
        self._repaint = repaint
        self._won = won
        self.appearing: Move | None = None
        self.falls = False
        self.mark_progress = 1.0
        self.line_progress = 1.0
        self._mark: QVariantAnimation | None = None
        self._line: QVariantAnimation | None = None

    @property
    def mark(self) -> QVariantAnimation:
        """The clock of the last mark drawn in."""
        if self._mark is None:
            from PySide6.QtCore import QEasingCurve

            self._mark = _clock(self, MARK_DURATION_MS, QEasingCurve.Type.OutCubic)
            self._mark.valueChanged.connect(self._on_mark_step)
            self._mark.finished.connect(self._on_mark_done)
        return self._mark

    @property
    def line(self) -> QVariantAnimation:
        """The clock of the winning line drawn across."""
        if self._line is None:
            from PySide6.QtCore import QEasingCurve

            self._line = _clock(self, LINE_DURATION_MS, QEasingCurve.Type.InOutCubic)
            self._line.valueChanged.connect(self._on_line_step)
        return self._line

    def is_running(self) -> bool:
        line = self._line
        return self.appearing is not None or (
            line is not None and line.state() == line.State.Running
        )

    def start(self, move: Move, *, falls: bool) -> None:
        """Bring ``move``'s mark in: drawn stroke by stroke, or, when it ``falls``, a disc
        dropping from above the board to its row, bouncing as it lands."""
        from PySide6.QtCore import QEasingCurve

        self.stop()
        self.appearing, self.falls = move, falls
        self.mark_progress = self.line_progress = 0.0
        if falls:  # a fall takes longer the further the disc falls
            self.mark.setDuration(DROP_BASE_MS + DROP_ROW_MS * (move.row + 1))
            self.mark.setEasingCurve(QEasingCurve.Type.OutBounce)
        else:
            self.mark.setDuration(MARK_DURATION_MS)
            self.mark.setEasingCurve(QEasingCurve.Type.OutCubic)
        self.mark.start()

    def stop(self) -> None:
        """Stop both, everything shown as it ends."""
        for clock in (self._mark, self._line):
            if clock is not None:  # a clock not made yet has nothing to stop
                clock.stop()
        self.appearing = None
        self.mark_progress = self.line_progress = 1.0

    def _on_mark_step(self, value: object) -> None:
        self.mark_progress = float(value)  # type: ignore[arg-type]
        self._repaint(None if self.falls else self.appearing)

    def _on_mark_done(self) -> None:
        self.appearing = None
        self.mark_progress = 1.0
        if self._won():
            self.line.start()
        else:
            self.line_progress = 1.0
        self._repaint(None)

    def _on_line_step(self, value: object) -> None:
        self.line_progress = float(value)  # type: ignore[arg-type]
        self._repaint(None)
