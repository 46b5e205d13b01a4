"""A game's review run on the app's engine thread, one position after another.

The positions are analysed through an :class:`~tictactoe_gui.gui.engine_worker.EngineClient`
(the window's one engine thread, as every search is), then judged here on the GUI
thread by :func:`~tictactoe_gui.engine.review.review_of`, which only reads the
analyses.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal, Slot

from tictactoe_gui.engine.games import GameAnalysis, GameState, Limit
from tictactoe_gui.engine.review import REVIEW_SECONDS, review_of
from tictactoe_gui.gui.engine_worker import EngineService, GameAnswer


class ReviewRunner(QObject):
    """Analyses each position of a game in turn and hands back its review."""

    #: Positions analysed so far, positions in all.
    progressed = Signal(int, int)
    #: The :class:`~tictactoe_gui.engine.review.GameReview`, once every position is analysed.
    finished = Signal(object)
    #: A search failed: one line about it.
    failed = Signal(str)

    def __init__(
        self,
        engine: EngineService,
        states: Sequence[GameState],
        *,
        resigned: int | None = None,
        time_per_position: float = REVIEW_SECONDS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._client = engine.client(self)
        self._client.analysed.connect(self._on_analysed)
        self._client.failed.connect(self._on_failed)
        self._states = tuple(states)
        self._resigned = resigned
        self._time = time_per_position
        self._analyses: list[GameAnalysis] = []
        self._running = False

    @property
    def running(self) -> bool:
        return self._running

    def start(self) -> None:
        self._analyses = []
        self._running = True
        self._next()

    def cancel(self) -> None:
        """Stop the review's search; nothing more is reported."""
        self._running = False
        self._client.cancel()

    def _next(self) -> None:
        done = len(self._analyses)
        if done == len(self._states):
            self._running = False
            self.finished.emit(review_of(self._states, self._analyses, resigned=self._resigned))
            return
        self._client.submit(self._states[done], limit=Limit(time=self._time))

    @Slot(object)
    def _on_analysed(self, answer: GameAnswer) -> None:
        if not self._running:
            return
        self._analyses.append(answer.analysis)
        self.progressed.emit(len(self._analyses), len(self._states))
        self._next()

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self._running:
            self._running = False
            self.failed.emit(message)
