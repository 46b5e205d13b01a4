"""The main window's door to Row & Column, which plays in a window of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QWidget

from tictactoe_gui.gui.window.base import (
    WindowBase,
    later,
)

if TYPE_CHECKING:
    from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
    from tictactoe_gui.gui.rowcol_window import RowColWindow
    from tictactoe_gui.session.table import TableSetup


class RowColumnPart(WindowBase):
    """The Row & Column window: opened, reopened and given new games from here."""

    def start_rowcol(self, setup: TableSetup, seed: int) -> RowColWindow:
        """A game of Row & Column in its window (opened, or raised, for it)."""
        from tictactoe_gui.gui.rowcol_window import RowColWindow

        window = self.show_rowcol_window()
        assert isinstance(window, RowColWindow)
        window.start(setup, seed)
        return window

    def show_rowcol_window(self) -> QMainWindow:
        """The Row & Column window (one, kept while this window lives)."""
        from tictactoe_gui.gui.rowcol_window import RowColWindow

        window = getattr(self, "_rowcol_window", None)
        if window is None:
            window = self._rowcol_window = RowColWindow(
                self._records, self, settings=self._settings, engine=self.engine
            )
            window.setWindowFlag(Qt.WindowType.Window)
            window.new_game_requested.connect(self._new_rowcol_game)
            window.game_saved.connect(self._refresh_records_windows)
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def open_rowcol(self) -> QWidget:
        """Row & Column: its window when a game is open there, else New Game to start one."""
        if getattr(self, "_rowcol_window", None) is not None:
            return self.show_rowcol_window()
        return self._new_rowcol_game()

    def _reopen_rowcol(self) -> None:
        """The Row & Column window left open last time: a fresh game of the last choices."""
        if self._closed or getattr(self, "_rowcol_window", None) is not None:
            return

        dialog = later.NewGameDialog(self._settings, self)
        try:
            dialog.choose_rowcol()
            if dialog.is_valid():
                setup, seed = dialog.rowcol_setup()
                if setup.mode is later.GameMode.AI_VS_AI:
                    # As in the main window, a relaunched AI vs AI game waits for Resume.
                    window = self.start_rowcol(setup, seed)
                    window.set_paused(True)
                else:
                    self.start_rowcol(setup, seed)
        finally:
            dialog.deleteLater()

    def _new_rowcol_game(self) -> NewGameDialog:
        """New Game from the Row & Column window: the same dialog, on Row & Column, over
        that window (so that Cancel brings the keys back there, not to this one)."""
        rowcol = getattr(self, "_rowcol_window", None)
        over = rowcol if rowcol is not None and rowcol.isVisible() else None
        dialog = self.show_new_game_dialog(over=over)
        dialog.choose_rowcol()
        return dialog
