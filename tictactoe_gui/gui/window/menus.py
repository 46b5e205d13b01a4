"""The main window's actions and menus: every command, its shortcut and where it is listed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Slot

from tictactoe_gui import APP_DISPLAY_NAME
from tictactoe_gui.gui.board_view import KEYPAD
from tictactoe_gui.gui.theme import Theme
from tictactoe_gui.gui.window.base import later
from tictactoe_gui.gui.window.game_files import GameFilesPart
from tictactoe_gui.gui.window.help_about import HelpPart
from tictactoe_gui.gui.window.leaving import LeavingPart
from tictactoe_gui.gui.window.new_games import NewGamesPart
from tictactoe_gui.gui.window.records_windows import RecordsWindowsPart
from tictactoe_gui.gui.window.series_replay import SeriesReplayPart
from tictactoe_gui.gui.window.table_games import TableGamesPart
from tictactoe_gui.gui.window.view_settings import SettingsPart

if TYPE_CHECKING:
    from PySide6.QtGui import QAction


class MenusPart(
    NewGamesPart,
    GameFilesPart,
    LeavingPart,
    SeriesReplayPart,
    RecordsWindowsPart,
    TableGamesPart,
    HelpPart,
    SettingsPart,
):
    """The actions, their shortcuts, the menus and the docks' toggles: every command of
    the other parts, which this one therefore builds on."""

    def _create_actions(self) -> None:
        from PySide6.QtGui import QAction, QActionGroup, QKeySequence

        def action(
            text: str,
            slot: object,
            shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
            tip: str = "",
        ) -> QAction:
            act = QAction(text, self)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            if tip:
                act.setStatusTip(tip)
            act.triggered.connect(slot)
            self.addAction(act)  # shortcuts work even with the menu bar hidden
            return act

        self.new_game_action = action(
            "&New Game…",
            # A lambda: triggered(bool) would otherwise arrive as the start position.
            lambda: self.request_new_game(),
            "Ctrl+N",
            "Start a new game",
        )
        self.restart_action = action(
            "&Restart", self.request_restart, "Ctrl+R", "Start this game again"
        )
        self.undo_action = action("&Undo", self.game_undo, "Ctrl+Z", "Take back the last move")
        self.redo_action = action(
            "&Redo", self.game_redo, "Ctrl+Shift+Z", "Play the undone move again"
        )
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.hint_action = action(
            "&Hint", self.game_hint, "H", "Show the best move (counted on the game record)"
        )
        self.setup_action = action(
            "&Set Up Position…",
            self.show_setup_dialog,
            "Ctrl+E",
            "Place marks and study a position",
        )
        self.pause_action = action(
            "&Pause", self.game_toggle_pause, "Ctrl+P", "Pause or resume two AIs playing"
        )
        self.step_action = action(
            "S&tep", self.game_step, "Ctrl+.", "Play one move of two AIs (pauses the game)"
        )
        self.resign_action = action(
            "Resi&gn", self.resign, None, "Give up this game: a loss for the side that resigns"
        )
        self.confirm_action = action(
            "&Ask Before Leaving a Game",
            self._on_confirm_action,
            None,
            "Ask before resigning, starting another game or quitting during a game",
        )
        self.confirm_action.setCheckable(True)
        self._update_confirm_action()
        self.save_game_action = action(
            "&Save Game…", self.show_save_game_dialog, "Ctrl+S", "Save this game to a file"
        )
        self.open_game_action = action(
            "&Open Game…", self.request_open_game, "Ctrl+O", "Open a game saved to a file"
        )
        self.copy_position_action = action(
            "&Copy Position",
            self.copy_position,
            "Ctrl+Shift+C",
            "Copy the position as text, as the command line writes it",
        )
        self.copy_moves_action = action(
            "Copy &Moves", self.copy_moves, None, "Copy the moves in the cell notation"
        )
        self.paste_action = action(
            "&Paste Position or Moves",
            lambda: self.request_paste(),  # triggered(bool) is not the text
            "Ctrl+Shift+V",
            "Study the position or the moves on the clipboard",
        )
        self.quit_action = action("&Quit", self.request_quit, "Ctrl+Q", "Close the window")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)

        self.heat_map_action = action(
            "&Heat-Map Overlay", self._on_heat_map, "Ctrl+M", "Tint each free cell by its outcome"
        )
        self.heat_map_action.setCheckable(True)
        self.coordinates_action = action(
            "&Coordinates", self._on_coordinates, None, "Letters and numbers on the board's edges"
        )
        self.coordinates_action.setCheckable(True)
        self.coordinates_action.setChecked(True)
        self.move_numbers_action = action(
            "Move &Numbers", self._on_move_numbers, None, "Number each mark in the order played"
        )
        self.move_numbers_action.setCheckable(True)
        self.animations_action = action("&Animations", self._on_animations)
        self.animations_action.setCheckable(True)
        self.animations_action.setChecked(True)
        self.theme_group = QActionGroup(self)
        self.theme_group.setExclusive(True)
        self.theme_actions: dict[Theme, QAction] = {}
        for theme in Theme:
            act = QAction(theme.label, self, checkable=True)
            act.setData(theme.value)
            act.triggered.connect(lambda _=False, t=theme: self.set_theme(t))
            self.theme_group.addAction(act)
            self.theme_actions[theme] = act

        self.leaderboard_action = action(
            "&Leaderboard…", self.show_leaderboard, "Ctrl+L", "Standings from the recorded games"
        )
        self.history_action = action(
            "Game &History…", self.show_history, "Ctrl+H", "Every recorded game; replay any"
        )
        self.statistics_action = action(
            "My &Statistics…", self.show_statistics, None, "One player's results and streaks"
        )
        self.lines_action = action(
            "&Lines Played",
            self.show_lines,
            "Ctrl+Shift+L",
            "The move list with its variations: Left and Right along a line, Up and Down "
            "between variations",
        )
        self.review_action = action(
            "Re&view Game…",
            self.review_current_game,
            "Ctrl+Shift+R",
            "Judge every move of the game on the board; practise the mistakes",
        )
        self._update_records_actions()

        # Replay navigation: the arrow keys step through a recorded game (only during a replay,
        # when the board is not playable and its own arrow keys have nothing to do).
        self.replay_actions = [
            action("Replay: Back", lambda: self.game_replay_step(-1), "Left"),
            action("Replay: Forward", lambda: self.game_replay_step(1), "Right"),
            action("Replay: Start", lambda: self.game_replay_seek(0), "Home"),
            action("Replay: End", self.game_replay_end, "End"),
        ]
        for act in self.replay_actions:
            act.setEnabled(False)

        # The digits play the board wherever the focus is in the window (the dock's table,
        # a combo, a slider). A focused text field still gets them: Qt lets an editor claim
        # a printable key before any shortcut sees it.
        self.keypad_actions = [
            action(f"Play Key {chr(key)}", self._keypad_pressed(key), QKeySequence(key))
            for key in map(Qt.Key, KEYPAD)
        ]
        self.focus_board_action = action(
            "&Focus the Board", self.focus_board, "Esc", "Give the keys back to the board"
        )

        self.how_to_play_action = action("&How to Play", self.show_how_to_play, "F1")
        self.shortcuts_action = action("&Keyboard Shortcuts", self.show_shortcuts)
        self.about_action = action(f"&About {APP_DISPLAY_NAME}", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)

    def _keypad_pressed(self, key: Qt.Key) -> Callable[[], None]:
        from PySide6.QtGui import QKeyEvent

        def play() -> None:
            # The board reads the key itself, exactly as when it has the focus. (Not through
            # sendEvent: Qt would offer the key to this very shortcut again.)
            self.board_widget().keyPressEvent(
                QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier, chr(key))
            )

        return play

    @Slot()
    def focus_board(self) -> None:
        """Give the keyboard back to the board (Esc), wherever the focus was in the window."""
        self.board_widget().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _create_menu_titles(self) -> None:
        self.game_menu = self.menuBar().addMenu("&Game")
        self.game_menu.setObjectName("gameMenu")
        self.view_menu = self.menuBar().addMenu("&View")
        self.view_menu.setObjectName("viewMenu")
        self.help_menu = self.menuBar().addMenu("&Help")
        self.help_menu.setObjectName("helpMenu")

    def _fill_menus(self) -> None:
        game = self.game_menu
        game.addAction(self.new_game_action)
        game.addAction(self.restart_action)
        game.addSeparator()
        game.addAction(self.undo_action)
        game.addAction(self.redo_action)
        game.addAction(self.hint_action)
        game.addAction(self.pause_action)
        game.addAction(self.step_action)
        game.addSeparator()
        game.addAction(self.resign_action)
        game.addAction(self.confirm_action)
        game.addSeparator()
        game.addAction(self.setup_action)
        game.addAction(self.copy_position_action)
        game.addAction(self.copy_moves_action)
        game.addAction(self.paste_action)
        game.addSeparator()
        game.addAction(self.save_game_action)
        game.addAction(self.open_game_action)
        game.addAction(self.review_action)
        game.addAction(self.lines_action)
        game.addSeparator()
        game.addAction(self.quit_action)
        help_menu = self.help_menu
        help_menu.addAction(self.how_to_play_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _create_dock_windows(self) -> None:
        from PySide6.QtGui import QKeySequence

        # A staged window's dock frames make way for the docks, which take their places,
        # sizes and visibility: the window's state moves from the ones to the others.
        frames_state = self.saveState() if self._dock_frames else None
        for frame in self._dock_frames:
            self.removeDockWidget(frame)
            frame.setParent(None)  # gone now: its name is the dock's, which restoreState seeks
            frame.deleteLater()
        self._dock_frames.clear()
        self.analysis_dock = later.AnalysisDock(self)
        self.moves_dock = later.MoveListDock(self)
        self._place_docks(self.moves_dock, self.analysis_dock)
        if frames_state is not None:
            self.restoreState(frames_state)
        toggle = self.analysis_dock.toggleViewAction()
        toggle.setText("&Analysis Dock")
        toggle.setShortcut(QKeySequence("F9"))
        self.analysis_dock_action = toggle
        self.addAction(toggle)
        self.view_menu.addAction(toggle)
        moves_toggle = self.moves_dock.toggleViewAction()
        moves_toggle.setText("&Move List")
        moves_toggle.setShortcut(QKeySequence("F7"))
        self.moves_dock_action = moves_toggle
        self.addAction(moves_toggle)
        self.view_menu.addAction(moves_toggle)
        self.view_menu.addAction(self.focus_board_action)
        self.view_menu.addAction(self.heat_map_action)
        self.view_menu.addAction(self.coordinates_action)
        self.view_menu.addAction(self.move_numbers_action)
        self.view_menu.addAction(self.animations_action)
        theme_menu = self.view_menu.addMenu("&Theme")
        for act in self.theme_actions.values():
            theme_menu.addAction(act)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.leaderboard_action)
        self.view_menu.addAction(self.history_action)
        self.view_menu.addAction(self.statistics_action)
