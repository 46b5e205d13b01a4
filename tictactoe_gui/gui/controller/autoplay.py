"""AI vs AI pacing: pause, resume, one step, the delay between moves, the series' games."""

from __future__ import annotations

from dataclasses import replace

from tictactoe_gui.gui.controller.starting import GameStarts
from tictactoe_gui.gui.controller.state import State
from tictactoe_gui.storage.records import GameMode


class AutoplayControls(GameStarts):
    """Pauses, resumes and steps an AI vs AI game, and starts a series' next game."""

    def set_paused(self, paused: bool) -> None:
        if paused == self._paused:
            return
        self._paused = paused
        self.paused_changed.emit(paused)
        if paused:
            self._ai_timer.stop()
            self._series_timer.stop()
            self._choice = None
            self._update_thinking()
            self._update_status()
            return
        self._update_status()
        if self._state is State.OVER and self._series_left > 0:
            self._series_timer.start(self._setup.move_delay_ms)
        elif self.ai_to_move():
            self._request()

    def step(self) -> None:
        """Play exactly one AI move, pausing the autoplay."""
        if self._setup.mode is not GameMode.AI_VS_AI or self._state is State.REPLAY:
            self.message.emit("Step is for AI vs AI games.")
            return
        self.set_paused(True)
        if self._state is State.OVER:
            if self._series_left > 0:
                self._next_series_game()
            else:
                self.message.emit("The game is over.")
            return
        self._step_pending = True
        self._request()

    def set_move_delay(self, ms: int) -> None:
        self._setup = replace(self._setup, move_delay_ms=max(0, ms))

    def _next_series_game(self) -> None:
        if self._series_left <= 0 or self._setup.mode is not GameMode.AI_VS_AI:
            return
        # Step starts it paused, as the game before was: it waits for Resume or Step.
        self._begin(self._setup, paused=self._paused)

    @property
    def series_left(self) -> int:
        return self._series_left

    def between_games(self) -> bool:
        """Whether a series' game has ended (and been counted) with more of the series to
        play."""
        return (
            self._state is State.OVER
            and self._setup.mode is GameMode.AI_VS_AI
            and self._over_info is not None
            and self._series_left > 0
        )
