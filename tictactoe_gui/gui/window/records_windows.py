"""The main window's records windows: leaderboard, history and statistics, and replaying
or reviewing a recorded game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot

from tictactoe_gui.gui.window.base import (
    WindowBase,
    later,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

    from tictactoe_gui.gui.review.dialog import ReviewSubject
    from tictactoe_gui.storage.reader import RecordsReader
    from tictactoe_gui.storage.records import GameDetail


class RecordsWindowsPart(WindowBase):
    """One records window of each kind, opened on the records the window keeps."""

    def _repository(self) -> later.RecordsReader | None:
        return self._records if isinstance(self._records, later.RecordsReader) else None

    def _update_records_actions(self) -> None:
        available = self._repository() is not None
        for act in (self.leaderboard_action, self.history_action, self.statistics_action):
            act.setEnabled(available)
            if not available:
                act.setStatusTip("Available when games are recorded to a file")

    def _records_window(self, key: str, make: Callable[[RecordsReader], QDialog]) -> QDialog | None:
        repository = self._repository()
        if repository is None:
            self.show_message("The records are not available: games are not being saved.")
            return None
        window = self._records_windows.get(key)
        if window is None:
            window = make(repository)
            # A window of its own, not one the window manager keeps above the board: a game
            # replayed from the History must be seen. The main window closes it (shutdown).
            window.setParent(None, Qt.WindowType.Window)
            self._records_windows[key] = window
        else:
            refresh = getattr(window, "refresh", None)
            if callable(refresh):
                refresh()
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    @Slot()
    def show_leaderboard(self) -> QDialog | None:
        from tictactoe_gui.gui.records import LeaderboardDialog

        window = self._records_window("leaderboard", lambda r: LeaderboardDialog(r, self))
        if isinstance(window, LeaderboardDialog):
            # On the game at the table, recorded or not yet.
            window.game.select(self.controller.state.spec.id, add=True)
        return window

    @Slot()
    def show_history(self) -> QDialog | None:
        from tictactoe_gui.gui.records import HistoryDialog

        def make(repository: RecordsReader) -> QDialog:
            dialog = HistoryDialog(repository, self)
            dialog.replay_requested.connect(self.replay_recorded_game)
            dialog.review_requested.connect(self.review_recorded_game)
            dialog.records_changed.connect(self._refresh_records_windows)
            return dialog

        return self._records_window("history", make)

    @Slot()
    def show_statistics(self) -> QDialog | None:
        from tictactoe_gui.gui.records import StatisticsDialog

        name = self._last_player_name
        window = self._records_window("statistics", lambda r: StatisticsDialog(r, name, self))
        if isinstance(window, StatisticsDialog):
            window.game.select(self.controller.state.spec.id, add=True)
        return window

    def _refresh_records_windows(self) -> None:
        for window in self._records_windows.values():
            refresh = getattr(window, "refresh", None)
            if window.isVisible() and callable(refresh):
                refresh()

    def review_recorded_game(self, detail: GameDetail) -> QDialog | None:
        """Review a game from the history (see :mod:`tictactoe_gui.gui.review`)."""
        from tictactoe_gui.gui.review.dialog import ReviewSubject
        from tictactoe_gui.session.review import recorded_game
        from tictactoe_gui.storage.records import InvalidGameError

        try:
            game = recorded_game(detail)
        except InvalidGameError as error:
            self.show_message(f"This game cannot be reviewed: {error}")
            return None
        when = detail.summary.ended_at.astimezone().strftime("%Y-%m-%d %H:%M")
        title = f"{game.names[0]} vs {game.names[1]}, {when}"
        subject = ReviewSubject(game.start, game.moves, game.names, game.resigned, title)
        return self._open_review(subject, detail)

    @Slot()
    def review_current_game(self) -> QDialog | None:
        """Review the game on the board (a replay's whole game, else the moves played)."""
        from tictactoe_gui.gui.review.dialog import ReviewSubject

        table = self.controller
        session = table.session
        assert session is not None
        replay = table.replay_moves
        moves = tuple(session.moves if replay is None else replay)
        if not moves:
            self.show_message(f"No {session.spec.move_word}s to review yet.")
            return None
        names = (session.name_of(0), session.name_of(1))
        resigned = table.resigned if replay is None else None
        return self._open_review(ReviewSubject(session.states[0], moves, names, resigned))

    def _open_review(self, subject: ReviewSubject, detail: GameDetail | None = None) -> QDialog:
        from functools import partial

        from tictactoe_gui.gui.review.dialog import ReviewDialog

        dialog = ReviewDialog(subject, self.engine, self)
        dialog.move_tried.connect(partial(self._try_from_review, subject, detail))
        dialog.board_requested.connect(partial(self._go_from_review, subject, detail))
        # A window of its own, beside the board (as the records windows are).
        dialog.setParent(self, Qt.WindowType.Window)
        dialog.show()
        return dialog

    def _try_from_review(
        self, subject: ReviewSubject, detail: GameDetail | None, ply: int, row: int, col: int
    ) -> None:
        """Another move tried on a review's board after ``ply`` moves: the game goes there
        on the main board (a game of the history is replayed first) and the move is played
        as a click there would be, beside the game's line as a variation."""
        if self._go_from_review(subject, detail, ply):
            self.board_view.cell_activated.emit(row, col)

    def _go_from_review(self, subject: ReviewSubject, detail: GameDetail | None, ply: int) -> bool:
        """The main board goes to the position after ``ply`` moves of a reviewed game (a game
        of the history is replayed first), as choosing that move in the move list would;
        False (and said) where the game reviewed is no longer on the board."""
        if detail is not None:
            self.replay_recorded_game(detail)
        elif self._line_on_board()[:ply] != subject.moves[:ply] or (
            self._start_on_board() != subject.start.position_text()
        ):
            self.show_message(
                "The game reviewed is no longer on the board: review it again to try a move."
            )
            return False
        self.moves_dock.select_ply(ply)
        self.raise_()
        self.activateWindow()
        return True

    def _start_on_board(self) -> str:
        session = self.controller.session
        return "" if session is None else session.states[0].position_text()

    def _line_on_board(self) -> tuple[int, ...]:
        """The moves of the game's line on the board, as the game interface numbers them."""
        table = self.controller
        session = table.session
        replay = table.replay_moves
        return () if session is None else tuple(session.moves if replay is None else replay)

    def replay_recorded_game(self, detail: GameDetail) -> None:
        """Replay a game from the history on the board."""
        from tictactoe_gui.records_bridge import start_of

        summary = detail.summary
        try:
            start = start_of(summary)
        except ValueError as error:
            self.show_message(f"This game cannot be replayed: {error}")
            return
        when = summary.ended_at.astimezone().strftime("%Y-%m-%d %H:%M")
        names = (later.side_name(summary.x), later.side_name(summary.o))
        lines, note = self.recorded_lines(detail)  # its variations, in the move list
        resigned = None if summary.resigned is None else "XO".index(summary.resigned)
        moves = [entry.cell for entry in detail.moves]
        self.replay_table_game(start, moves, names, when, lines, resigned)
        if note is not None:
            self.show_message(note)
        self.raise_()
        self.activateWindow()
