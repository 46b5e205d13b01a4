"""The end of a game: its moves judged (the coach's verdicts and comment), the game
recorded, the banner's facts, an AI vs AI series' tally."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from tictactoe_gui.gui.controller.state import ControllerState, GameOverInfo, State
from tictactoe_gui.gui.error_log import logger
from tictactoe_gui.storage.records import FinishedGame, GameMode


class GameEndings(ControllerState):
    """Judges the moves as their analyses come, and ends, records and tallies a game
    that is over (once, whatever waits on the engine)."""

    def _judge_known_moves(self) -> None:
        for ply, verdict in self._session.judge_known_moves():
            self.verdict_added.emit(ply, verdict.value)
        # Comment on the latest move once its verdict is known.
        last = len(self.moves)
        if last and self._state is not State.REPLAY and self._commented != (last, self.board):
            latest = self.verdict_at(last)
            if latest is not None:
                self._commented = (last, self.board)
                line = self._session.coach_line(last, latest)
                if line is not None:
                    self.comment_changed.emit(line)

    def _finish_game(self, *, without_review: bool = False) -> None:
        """End the game: judge its moves, record it, show the banner.

        ``without_review`` ends it with what is known now, when the analyses it
        waits for will not come (the engine failed, or an error broke the way).
        """
        session = self._session
        if session.unanalysed() and not without_review:
            return  # the review request is still running; we are called again when it lands
        try:
            self._judge_known_moves()
        except Exception:
            if not without_review:
                raise
            # The verdicts are a bonus: the record and the banner are what must not be lost.
            logger.exception("Could not judge the moves of a finished game")
        record = self._build_record()
        first_ending = not self._ended_once
        self._ended_once = True
        # The first ending is recorded; a later one, after an undo, is for study.
        recording = self._ending.record(session, self._records.save_game, record)
        if recording.failed:
            self.message.emit(recording.note)
        info = GameOverInfo(
            headline=session.headline(),
            reaction=session.reaction(),
            summaries=session.summaries(),
            record=record,
            saved_id=recording.saved_id,
            save_note=recording.note,
            save_failed=recording.failed,
        )
        self._over_info = info
        self.game_over.emit(info)
        if first_ending:
            self._count_in_tally()

    def _record_an_ended_game(self) -> None:
        """A game over on the board whose ending waits on the engine's last analyses is
        recorded now with what is known (its banner shown), not lost with the search."""
        if self._state is State.OVER and self._over_info is None:
            self._finish_game(without_review=True)

    def retry_save(self) -> None:
        """Try again to save the finished game on the board (after a storage failure)."""
        info = self._over_info
        if info is None or not info.save_failed:
            return
        recording = self._ending.retry(self._session, self._records.save_game, info.record)
        if recording.failed:
            self.message.emit(recording.note)
            return
        self._over_info = replace(
            info, saved_id=recording.saved_id, save_note=recording.note, save_failed=False
        )
        self.message.emit("The game is recorded.")
        self.game_over.emit(self._over_info)

    def _count_in_tally(self) -> None:
        if self._setup.mode is not GameMode.AI_VS_AI:
            return
        # Counted by seat, as every series is: X has the first.
        self._tally.count(self._session.winner)
        self._series_left -= 1
        self.tally_changed.emit(self._tally)
        if self._series_left > 0 and not self._paused:
            self._series_timer.start(max(self._setup.move_delay_ms * 2, 0))

    def _build_record(self) -> FinishedGame:
        # Its lines taken back and played otherwise, the verdicts, hints and search costs.
        return self._session.finished_game(datetime.now(UTC))
