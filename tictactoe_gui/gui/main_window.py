"""The main window: board in the centre, analysis dock at the side, menus and status bar.

Assembled in named steps (central area, actions, menus, docks, status bar,
wiring) so each part is easy to find. The window owns the engine thread
(through :class:`EngineService`) and stops it in ``closeEvent``: cancel the
search, quit the thread, wait for it.

It can be built in two stages, as the app does at start-up: ``staged=True``
builds only its first frame (the board, the players bar, the menu titles, the
docks' frames and the status bar, from modules that load quickly) so the window
shows at once; :meth:`MainWindow.complete` then adds the rest, the engine and
the records right after that first paint, and emits :attr:`MainWindow.ready`.
So only the frame's modules are imported at the top of this module; the others
are imported where they are used (``tests/gui/test_startup.py`` checks which
modules load before the first paint, ``tests/benchmarks/bench_startup.py`` the
time).
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui import APP_DISPLAY_NAME, __version__
from tictactoe_gui.assets import asset_path
from tictactoe_gui.engine import Board
from tictactoe_gui.engine.variants import DEFAULT, Variant, VariantError, get_variant
from tictactoe_gui.gui.board_view import KEYPAD, BoardView
from tictactoe_gui.gui.players_bar import PlayersBar
from tictactoe_gui.gui.theme import Theme, apply_palette, apply_theme

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QIcon
    from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

    from tictactoe_gui.engine import Move, Persona
    from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
    from tictactoe_gui.gui.dialogs.setup_position import SetupChoice, SetupPositionDialog
    from tictactoe_gui.gui.engine_worker import EngineResult
    from tictactoe_gui.gui.game_controller import (
        GameOverInfo,
        GameSetup,
        Tally,
    )
    from tictactoe_gui.gui.game_file import SavedGame
    from tictactoe_gui.gui.help_window import HelpWindow
    from tictactoe_gui.gui.recording import GameRecords
    from tictactoe_gui.gui.rowcol_window import RowColWindow
    from tictactoe_gui.session.rowcol import RowColSetup
    from tictactoe_gui.storage.reader import RecordsReader
    from tictactoe_gui.storage.records import GameDetail

#: Settings that say whether to ask before resigning, leaving a game for another, quitting.
CONFIRM_RESIGN = "confirm/resign"
CONFIRM_NEW_GAME = "confirm/newGame"
CONFIRM_QUIT = "confirm/quit"
CONFIRM_KEYS = (CONFIRM_RESIGN, CONFIRM_NEW_GAME, CONFIRM_QUIT)
#: The kind of game kept to resume (its board is the first frame's).
GAME_IN_PROGRESS_KEY = "gameInProgress/game"
#: With animations off the AI still pauses briefly, so its move is seen as a reply.
THINK_MS_WITHOUT_ANIMATIONS = 120
MESSAGE_TIMEOUT_MS = 6000


def _bool(value: object, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    return str(value).lower() in ("1", "true", "yes", "on")


def _int(value: object, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


class MainWindow(QMainWindow):
    """The app's one window. ``settings`` and ``records`` are injected so tests use their own."""

    #: Emitted once the whole window is built (at once, or by :meth:`complete` when staged).
    ready = Signal()

    def __init__(
        self,
        settings: QSettings,
        records: GameRecords | None = None,
        parent: QWidget | None = None,
        *,
        game: Variant | None = None,
        staged: bool = False,
        game_in_progress: Path | None = None,
    ) -> None:
        """``game``: open on a new game of this kind (else the kind last chosen).

        ``staged``: build only the first frame; :meth:`complete` builds the rest (and
        takes the records then, instead of ``records``).

        ``game_in_progress``: the file that keeps the game on the board after every move,
        so that the next start plays on where this one stopped (None: not kept).
        """
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._opening_game = game
        self._game_in_progress = game_in_progress
        #: Why keeping the game in progress failed, once said (it is not said again).
        self._keep_failed = False
        #: The move the board shows while looking back through the game (None: the game).
        self._looking_at: int | None = None
        self.setWindowTitle(APP_DISPLAY_NAME)
        self._settings = settings
        self._closed = False
        #: Quitting during a game was agreed to (the window then closes without asking).
        self._quit_asked = False
        #: complete() has begun (it runs once) / has finished (the window is ready).
        self._completing = False
        self._ready = False
        self._staged = staged
        self._theme = Theme.SYSTEM
        self._persona: Persona | None = None
        self._records_windows: dict[str, QDialog] = {}
        #: Where unexpected errors are logged (shown in About), and the box that reports them.
        self._error_log: Path | None = None
        self._error_box: QMessageBox | None = None
        self._last_player_name: str | None = None
        #: The docks' stand-ins in a staged frame, until the real docks replace them.
        self._dock_frames: list[QDockWidget] = []

        if staged:
            # Before any widget exists, so that none has to be told of the change.
            app = QApplication.instance()
            if isinstance(app, QApplication):
                apply_palette(app, self._theme_setting())
        self._create_central_area()
        self._create_menu_titles()
        self._create_status_bar()
        if staged:
            self._create_first_frame()
        else:
            self.complete(records)

    def complete(
        self, records: GameRecords | None = None, *, game_in_progress: Path | None = None
    ) -> None:
        """Build the rest of the window: the engine thread, the controller, the actions,
        the docks and the game (the one left unfinished in ``game_in_progress``, else the
        last kind played, fresh and idle). Once; emits :attr:`ready`."""
        if self._completing or self._closed:
            return
        if game_in_progress is not None:
            self._game_in_progress = game_in_progress
        from tictactoe_gui.gui.engine_worker import EngineService
        from tictactoe_gui.gui.game_controller import GameController
        from tictactoe_gui.gui.recording import InMemoryRecords

        self._completing = True
        self._records: GameRecords = records if records is not None else InMemoryRecords()
        self.engine = EngineService(self)
        self.controller = GameController(self.engine, self._records, self)

        self._create_strips()
        self._create_actions()
        self._fill_menus()
        self._create_dock_windows()
        self._connect_signals()
        self._create_announcer()
        self._restore_settings()
        # A relaunch plays on the game left unfinished, or opens a fresh, idle game of the
        # last kind: a series runs only when asked.
        resumed, problem = self._resume_game_in_progress()
        if not resumed:
            self._settings.remove(GAME_IN_PROGRESS_KEY)
            self.controller.new_game(self._initial_setup(), paused=True)
        if problem:
            self.show_message(problem)  # after the new game's greeting, which it outranks
        # From now on every move is kept (not before: the fresh game would replace it).
        self.controller.position_changed.connect(self._keep_game_in_progress)
        if self._settings.value("rowColumnWindow/open") == "true":
            # After the first paint: the main window shows first, as always.
            QTimer.singleShot(0, self._reopen_rowcol)
        if self._staged:
            # The board takes the focus now, its description already holding the game's
            # greeting: a screen reader reads it once, with the focus.
            self.board_view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.board_view.describe_now()
            if QApplication.focusWidget() is None or self.isActiveWindow():
                self.board_view.setFocus(Qt.FocusReason.OtherFocusReason)
        self._ready = True
        self.ready.emit()

    @property
    def is_ready(self) -> bool:
        """Whether the whole window is built (always, unless staged and not yet completed)."""
        return self._ready

    # -- assembly ------------------------------------------------------------------------

    def _create_central_area(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(12, 12, 12, 8)
        layout.setSpacing(8)
        self.players_bar = PlayersBar()
        self.board_view = BoardView()
        layout.addWidget(self.players_bar)
        layout.addWidget(self.board_view, 1)
        self._central_layout = layout
        self.setCentralWidget(central)
        self.board_view.setFocus()

    def _create_strips(self) -> None:
        """The game-over banner above the players, the AI vs AI and replay bars below the
        board; all hidden until their moment."""
        from tictactoe_gui.gui.controls import AutoplayBar, GameOverBanner, ReplayBar

        self.banner = GameOverBanner()
        self.autoplay_bar = AutoplayBar()
        self.autoplay_bar.hide()
        self.replay_bar = ReplayBar()
        self.replay_bar.hide()
        self._central_layout.insertWidget(0, self.banner)
        self._central_layout.addWidget(self.autoplay_bar)
        self._central_layout.addWidget(self.replay_bar)

    def _create_first_frame(self) -> None:
        """What a staged window shows until :meth:`complete`: the board of the game it will
        open, the theme, and the docks' frames where the docks go, at the saved size."""
        game = self._opening_game
        if game is None:
            # The game left unfinished, which complete() resumes, else the kind last chosen.
            last = self._settings.value("newGame/game", DEFAULT.id)
            try:
                game = get_variant(str(self._settings.value(GAME_IN_PROGRESS_KEY, last)))
            except VariantError:
                game = DEFAULT
        board = Board.empty(game) if game.family is DEFAULT.family else Board.empty()
        # Its cells are named for screen readers when the game starts, in complete(); until
        # then no click is a move, and hovering shows none.
        self.board_view.set_board(board, name_cells=False)
        self.board_view.set_interactive(False)
        # No focus until the game is set up (complete()): a screen reader would read the
        # board at once, then again when the game's greeting comes a moment later.
        self.board_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.board_view.clearFocus()
        self.players_bar.show_turn(board)
        for name, title in (("movesDock", "Moves"), ("analysisDock", "Analysis")):
            frame = QDockWidget(title, self)
            frame.setObjectName(name)
            frame.setWidget(QWidget())
            self._dock_frames.append(frame)
        self._place_docks(*self._dock_frames)
        self._restore_layout()

    def _place_docks(self, moves: QDockWidget, analysis: QDockWidget) -> None:
        """The first-start layout: the move list beside the board, then the analysis."""
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, analysis)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, moves)
        # Beside the board, between it and the analysis.
        self.splitDockWidget(moves, analysis, Qt.Orientation.Horizontal)
        # Narrow: two short columns of cells (a saved layout overrides it).
        self.resizeDocks([moves, analysis], [140, 340], Qt.Orientation.Horizontal)

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
        self.rowcol_action = action(
            "Row && &Column…",
            self.open_rowcol,
            None,
            "Play Row & Column, the number game, in a window of its own",
        )
        self.restart_action = action(
            "&Restart", self.request_restart, "Ctrl+R", "Start this game again"
        )
        self.undo_action = action(
            "&Undo", self.controller.undo, "Ctrl+Z", "Take back the last move"
        )
        self.redo_action = action(
            "&Redo", self.controller.redo, "Ctrl+Shift+Z", "Play the undone move again"
        )
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.hint_action = action(
            "&Hint", self.controller.hint, "H", "Show the best move (counted on the game record)"
        )
        self.setup_action = action(
            "&Set Up Position…",
            self.show_setup_dialog,
            "Ctrl+E",
            "Place marks and study a position",
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
            "&Open Game…", self.show_open_game_dialog, "Ctrl+O", "Open a game saved to a file"
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
            lambda: self.paste_position(),  # triggered(bool) is not the text
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
        self._update_records_actions()

        # Replay navigation: the arrow keys step through a recorded game (only during a replay,
        # when the board is not playable and its own arrow keys have nothing to do).
        self.replay_actions = [
            action("Replay: Back", lambda: self.controller.replay_step(-1), "Left"),
            action("Replay: Forward", lambda: self.controller.replay_step(1), "Right"),
            action("Replay: Start", lambda: self.controller.replay_seek(0), "Home"),
            action(
                "Replay: End",
                lambda: self.controller.replay_seek(self.controller.replay_length),
                "End",
            ),
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
            self.board_view.keyPressEvent(
                QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier, chr(key))
            )

        return play

    def focus_board(self) -> None:
        """Give the keyboard back to the board (Esc), wherever the focus was in the window."""
        self.board_view.setFocus(Qt.FocusReason.ShortcutFocusReason)

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
        game.addAction(self.rowcol_action)
        game.addAction(self.restart_action)
        game.addSeparator()
        game.addAction(self.undo_action)
        game.addAction(self.redo_action)
        game.addAction(self.hint_action)
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
        game.addSeparator()
        game.addAction(self.quit_action)
        help_menu = self.help_menu
        help_menu.addAction(self.how_to_play_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _create_dock_windows(self) -> None:
        from PySide6.QtGui import QKeySequence

        from tictactoe_gui.gui.analysis_dock import AnalysisDock
        from tictactoe_gui.gui.move_list import MoveListDock

        # A staged window's dock frames make way for the docks, which take their places,
        # sizes and visibility: the window's state moves from the ones to the others.
        frames_state = self.saveState() if self._dock_frames else None
        for frame in self._dock_frames:
            self.removeDockWidget(frame)
            frame.setParent(None)  # gone now: its name is the dock's, which restoreState seeks
            frame.deleteLater()
        self._dock_frames.clear()
        self.analysis_dock = AnalysisDock(self)
        self.moves_dock = MoveListDock(self)
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

    def _create_status_bar(self) -> None:
        self.turn_label = QLabel()
        self.turn_label.setObjectName("turnLabel")
        self.turn_label.setTextFormat(Qt.TextFormat.PlainText)
        self.turn_label.setContentsMargins(6, 0, 6, 0)
        #: "Recording off", made the first time it is needed (see set_recording_off).
        self.recording_label: QLabel | None = None
        self.statusBar().addPermanentWidget(self.turn_label)

    def _connect_signals(self) -> None:
        c = self.controller
        view = self.board_view
        dock = self.analysis_dock
        view.cell_activated.connect(self._on_cell_activated)
        self.moves_dock.ply_selected.connect(self.look_at_ply)
        self.moves_dock.model.set_verdict_source(lambda ply: c.session.verdict_words(ply))
        c.verdict_added.connect(lambda ply, _verdict: self.moves_dock.model.verdict_changed(ply))
        c.position_changed.connect(self._on_position_changed)
        c.status_changed.connect(self.turn_label.setText)
        c.message.connect(self.show_message)
        c.analysis_changed.connect(self._on_analysis)
        c.thinking_changed.connect(dock.set_thinking)
        c.progress.connect(dock.set_progress)
        c.comment_changed.connect(dock.set_comment)
        c.persona_changed.connect(self._on_persona)
        c.hint_shown.connect(view.set_hints)
        c.game_started.connect(self._on_game_started)
        c.game_over.connect(self._on_game_over)
        c.tally_changed.connect(self._on_tally)
        c.paused_changed.connect(self.autoplay_bar.set_paused)
        c.replay_changed.connect(self.replay_bar.show_position)
        c.replay_playing_changed.connect(self.replay_bar.set_playing)
        stack = c.undo_stack
        stack.canUndoChanged.connect(self.undo_action.setEnabled)
        stack.canRedoChanged.connect(self.redo_action.setEnabled)
        stack.undoTextChanged.connect(
            lambda text: self.undo_action.setStatusTip(f"Undo {text}" if text else "")
        )
        stack.redoTextChanged.connect(
            lambda text: self.redo_action.setStatusTip(f"Redo {text}" if text else "")
        )
        dock.preview_requested.connect(view.set_preview)
        dock.algorithm_changed.connect(self._on_algorithm)
        dock.compare_requested.connect(c.compare_algorithms)
        dock.top_n_changed.connect(lambda n: self._settings.setValue("analysis/topN", n))
        dock.top_n_changed.connect(view.set_heat_top)
        dock.time_budget_changed.connect(self._on_time_budget)
        # Stop is offered when the controller can stop a search and keep the position.
        stop = getattr(c, "stop_analysis", None)
        dock.set_stop_available(callable(stop))
        restart = getattr(c, "restart_analysis", None)
        if callable(stop):
            dock.stop_requested.connect(stop)
        if callable(restart):
            dock.restart_requested.connect(restart)
        prove = getattr(c, "prove_result", None)
        if callable(prove):
            dock.prove_requested.connect(prove)
        search_info = getattr(c, "search_info", None)
        if search_info is not None:
            search_info.connect(lambda progress: dock.show_search_progress(progress, c.board))
        dock.reveal_changed.connect(lambda on: self._settings.setValue("analysis/reveal", on))
        dock.reveal_changed.connect(lambda _on: self._update_heat_map())
        self.banner.play_again.connect(c.play_again)
        self.banner.new_game.connect(lambda: self.show_new_game_dialog())
        self.banner.retry_save.connect(c.retry_save)
        self.autoplay_bar.pause_toggled.connect(c.set_paused)
        self.autoplay_bar.step_requested.connect(c.step)
        self.autoplay_bar.delay_changed.connect(c.set_move_delay)
        self.replay_bar.seek.connect(c.replay_seek)
        self.replay_bar.step.connect(c.replay_step)
        self.replay_bar.playing_toggled.connect(c.set_replay_playing)
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._on_system_scheme)
        app = QApplication.instance()
        if app is not None:
            # Quitting without closing the window (e.g. from the session manager) must
            # still stop the engine thread before Qt tears it down.
            app.aboutToQuit.connect(self.shutdown)

    # -- settings ------------------------------------------------------------------------

    def _create_announcer(self) -> None:
        """One announcer for the window: every move, ending, hint and remark is said aloud,
        and also put at the head of the board's description for screen readers that
        speak only the focused object."""
        from tictactoe_gui.gui.announcer import Announcer, GameNarrator

        self.announcer = Announcer(self, own_news=self.board_view)
        self.narrator = GameNarrator(self.controller, self.announcer)
        self.announcer.announced.connect(self._on_announced)
        self.board_view.reading.connect(self.announcer.announce)
        # F9 and F7 show and hide a dock: say which, or the key seems lost.
        for action, name in (
            (self.analysis_dock_action, "Analysis panel"),
            (self.moves_dock_action, "Move list"),
        ):
            action.triggered.connect(
                lambda shown, name=name: self.announcer.announce(
                    f"{name} {'shown' if shown else 'hidden'}."
                )
            )

    def _on_announced(self, text: str, _assertive: bool) -> None:
        # What a control in the dock has just said is not said again when the player
        # comes back to the board: the board then reads only the state of the game.
        if self.announcer.said_elsewhere:
            self.board_view.drop_news()
        else:
            self.board_view.add_news(text)

    def _restore_layout(self) -> None:
        """The docks' places and the window's size and place, as saved."""
        s = self._settings
        # The docks first: with the docks shown, a window saved narrow (docks hidden) would
        # be widened to fit them before they are hidden again.
        state = s.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        saved = s.value("window/geometry")
        if isinstance(saved, QByteArray) and not saved.isEmpty():
            self.restoreGeometry(saved)
        else:
            self._first_start_size()

    def _theme_setting(self) -> Theme:
        try:
            return Theme(str(self._settings.value("view/theme", Theme.SYSTEM.value)))
        except ValueError:
            return Theme.SYSTEM

    def _restore_settings(self) -> None:
        from tictactoe_gui.gui.analysis_dock import DEFAULT_TIME_BUDGET, DEFAULT_TOP_N

        s = self._settings
        if not self._staged:  # a staged window's frame has its layout already
            self._restore_layout()
        self.heat_map_action.setChecked(_bool(s.value("view/heatMap"), False))
        coordinates = _bool(s.value("view/coordinates"), True)
        self.coordinates_action.setChecked(coordinates)
        self.board_view.set_coordinates(coordinates)
        numbers = _bool(s.value("view/moveNumbers"), False)
        self.move_numbers_action.setChecked(numbers)
        self.board_view.set_move_numbers(numbers)
        animations = _bool(s.value("view/animations"), True)
        self.animations_action.setChecked(animations)
        self._apply_animations(animations)
        self.set_theme(self._theme_setting(), save=False)
        self.analysis_dock.set_top_n(_int(s.value("analysis/topN", DEFAULT_TOP_N), DEFAULT_TOP_N))
        self.board_view.set_heat_top(self.analysis_dock.top_n())
        budget = s.value("analysis/timeBudget", DEFAULT_TIME_BUDGET)
        try:
            self.analysis_dock.set_time_budget(float(str(budget)))
        except ValueError:
            self.analysis_dock.set_time_budget(DEFAULT_TIME_BUDGET)
        self._on_time_budget(self.analysis_dock.time_budget(), save=False)
        self.analysis_dock.set_reveal(_bool(s.value("analysis/reveal"), False))
        from tictactoe_gui.engine import Algorithm

        try:
            algorithm = Algorithm(str(s.value("analysis/algorithm", Algorithm.TABLE.value)))
        except ValueError:
            algorithm = Algorithm.TABLE
        self.analysis_dock.set_algorithm(algorithm)

    def _first_start_size(self) -> None:
        screen = self.screen() or QGuiApplication.primaryScreen()
        width, height = 1060, 720
        if screen is not None:
            available = screen.availableGeometry()
            width = min(width, int(available.width() * 0.9))
            height = min(height, int(available.height() * 0.9))
            self.resize(width, height)
            frame = self.frameGeometry()
            frame.moveCenter(available.center())
            self.move(frame.topLeft())
        else:
            self.resize(width, height)

    def _save_settings(self) -> None:
        s = self._settings
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("view/heatMap", self.heat_map_action.isChecked())
        s.setValue("view/animations", self.animations_action.isChecked())
        s.setValue("view/theme", self._theme.value)
        s.sync()

    def _initial_setup(self) -> GameSetup:
        """The last New Game choices, so the app opens on the kind of game last played
        (or on the game asked for when the window was opened)."""
        from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
        from tictactoe_gui.gui.game_controller import GameSetup

        game = self._opening_game
        dialog = NewGameDialog(
            self._settings,
            self,
            start=Board.empty(game) if game is not None else None,
            offer_rowcol=False,
        )
        fallback = GameSetup.default()
        if game is not None:
            fallback = replace(fallback, start=Board.empty(game))
            # The game asked for is now the one last chosen: New Game opens on it.
            self._settings.setValue("newGame/game", game.id)
            self._settings.setValue("newGame/family", game.family.value)
        try:
            return dialog.setup() if dialog.is_valid() else fallback
        except ValueError:
            return fallback
        finally:
            dialog.deleteLater()

    def _think_ms(self) -> int:
        from tictactoe_gui.gui.game_controller import DEFAULT_THINK_MS

        configured = _int(self._settings.value("game/thinkMs", DEFAULT_THINK_MS), DEFAULT_THINK_MS)
        if not self.animations_action.isChecked():
            return min(configured, THINK_MS_WITHOUT_ANIMATIONS)
        return configured

    # -- public API ----------------------------------------------------------------------

    def new_game(self, setup: GameSetup) -> None:
        self.controller.new_game(setup)

    def set_records(self, records: GameRecords) -> None:
        self._records = records
        self.controller.set_records(records)
        rowcol = getattr(self, "_rowcol_window", None)
        if rowcol is not None:
            rowcol.records = records
        # Records windows read the old store; new ones open on the new one.
        for window in self._records_windows.values():
            window.close()
            window.deleteLater()
        self._records_windows.clear()
        self._update_records_actions()

    def set_recording_off(self, reason: str) -> None:
        """Say in the status bar, for as long as it lasts, that games are not being saved."""
        label = self.recording_label
        if label is None:
            label = self.recording_label = QLabel("Recording off")
            label.setObjectName("recordingLabel")
            label.setStyleSheet("color: #d23c32;")
            self.statusBar().insertPermanentWidget(0, label)  # before the turn
        label.setToolTip(reason)
        self.show_message(reason)

    def show_notice(self, title: str, text: str) -> QMessageBox:
        from PySide6.QtWidgets import QMessageBox

        from tictactoe_gui.gui.accessibility import name_message_box_icon

        box = QMessageBox(
            QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self
        )
        name_message_box_icon(box)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def set_error_log(self, path: Path | None) -> None:
        """Where unexpected errors are written (the About box says so)."""
        self._error_log = path

    def show_unexpected_error(self, summary: str, details: str) -> QMessageBox:
        """Say what went wrong, keep the game (it can still be saved) and unstick it."""
        from PySide6.QtWidgets import QMessageBox

        from tictactoe_gui.gui.accessibility import name_message_box_icon

        text = f"Something went wrong: {summary}"
        self.statusBar().showMessage(text)
        where = (
            f" The details are written to {self._error_log}." if self._error_log is not None else ""
        )
        box = self._error_box
        if box is None or not box.isVisible():
            box = QMessageBox(
                QMessageBox.Icon.Warning,
                "Unexpected Error",
                text,
                QMessageBox.StandardButton.Ok,
                self,
            )
            name_message_box_icon(box)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.destroyed.connect(self._forget_error_box)
            self._error_box = box
            box.open()
        box.setText(text)
        box.setInformativeText(
            "The game on the board is kept: play on, undo, or save it with Save Game "
            f"(Ctrl+S).{where}"
        )
        box.setDetailedText(details)
        try:
            self.controller.recover()
        except Exception as error:  # already reporting an error: never recurse
            self.statusBar().showMessage(f"{text} (and then {type(error).__name__}: {error})")
        return box

    def _forget_error_box(self) -> None:
        self._error_box = None

    # -- records windows -----------------------------------------------------------------

    def _repository(self) -> RecordsReader | None:
        from tictactoe_gui.storage.reader import RecordsReader

        return self._records if isinstance(self._records, RecordsReader) else None

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

    def show_leaderboard(self) -> QDialog | None:
        from tictactoe_gui.gui.records import LeaderboardDialog

        window = self._records_window("leaderboard", lambda r: LeaderboardDialog(r, self))
        if isinstance(window, LeaderboardDialog):
            # On the game at the table, recorded or not yet.
            window.game.select(self.controller.board.variant.id, add=True)
        return window

    def show_history(self) -> QDialog | None:
        from tictactoe_gui.gui.records import HistoryDialog

        def make(repository: RecordsReader) -> QDialog:
            dialog = HistoryDialog(repository, self)
            dialog.replay_requested.connect(self.replay_recorded_game)
            dialog.records_changed.connect(self._refresh_records_windows)
            return dialog

        return self._records_window("history", make)

    def show_statistics(self) -> QDialog | None:
        from tictactoe_gui.gui.records import StatisticsDialog

        name = self._last_player_name
        window = self._records_window("statistics", lambda r: StatisticsDialog(r, name, self))
        if isinstance(window, StatisticsDialog):
            window.game.select(self.controller.board.variant.id, add=True)
        return window

    def _refresh_records_windows(self) -> None:
        for window in self._records_windows.values():
            refresh = getattr(window, "refresh", None)
            if window.isVisible() and callable(refresh):
                refresh()

    def replay_recorded_game(self, detail: GameDetail) -> None:
        """Replay a game from the history on the board."""
        from tictactoe_gui.records_bridge import side_name

        summary = detail.summary
        if summary.game.startswith("rowcol"):
            self._replay_rowcol(detail)
            return
        try:
            # The game's own board: a 20×20 game's cells count in rows of 20.
            start = Board.from_text(summary.start_board, get_variant(summary.game))
            moves = [start.move_at(entry.cell) for entry in detail.moves]
        except ValueError as error:
            self.show_message(f"This game cannot be replayed: {error}")
            return
        when = summary.ended_at.astimezone().strftime("%Y-%m-%d %H:%M")
        x_name, o_name = side_name(summary.x), side_name(summary.o)
        self.start_replay(f"{x_name} vs {o_name}, {when}", start, moves, (x_name, o_name))
        self.raise_()
        self.activateWindow()

    def _replay_rowcol(self, detail: GameDetail) -> None:
        """A Row & Column game from the history, replayed in the Row & Column window."""
        from tictactoe_gui.engine.row_and_column import RowColState
        from tictactoe_gui.gui.rowcol_window import RowColWindow
        from tictactoe_gui.records_bridge import side_name, start_of

        summary = detail.summary
        try:
            state = start_of(summary)
            if not isinstance(state, RowColState):
                raise ValueError(f"{summary.game} is not Row & Column")
            start = state.position
        except ValueError as error:
            self.show_message(f"This game cannot be replayed: {error}")
            return
        window = self.show_rowcol_window()
        assert isinstance(window, RowColWindow)
        when = summary.ended_at.astimezone().strftime("%Y-%m-%d %H:%M")
        names = (side_name(summary.x), side_name(summary.o))
        window.replay(start, [entry.cell for entry in detail.moves], names, when)

    def start_replay(
        self,
        title: str,
        start: Board,
        moves: Sequence[Move],
        names: tuple[str, str] = ("X", "O"),
    ) -> None:
        """Show a recorded game with step and autoplay; the dock analyses each position."""
        self.board_view.clear_news()
        self.controller.start_replay(title, start, moves, names)
        self.replay_bar.show_position(0, len(moves), title)
        self.replay_bar.set_playing(False)
        self.replay_bar.show()
        self._set_replay_keys(True)
        self.autoplay_bar.hide()
        self.players_bar.show_players(self.controller.setup)
        self.players_bar.show_turn(start)
        self.analysis_dock.set_player_names(*names)
        # Qt appends the application's display name to every window title itself.
        game = "" if start.variant.is_tictactoe else f" · {start.variant.name}"
        self.setWindowTitle(f"Replay: {title}{game}")
        # On the board, where a screen reader reads each position as the replay steps.
        self.board_view.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_theme(self, theme: Theme, *, save: bool = True) -> None:
        self._theme = theme
        self.theme_actions[theme].setChecked(True)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
        if save:
            self._settings.setValue("view/theme", theme.value)

    @property
    def theme(self) -> Theme:
        return self._theme

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, MESSAGE_TIMEOUT_MS)

    def show_new_game_dialog(
        self, start: Board | None = None, over: QWidget | None = None
    ) -> NewGameDialog:
        """Open the New Game dialog (window-modal over ``over``, this window unless said,
        not blocking); accepting starts the game."""
        from tictactoe_gui.gui.dialogs.new_game import NewGameDialog

        dialog = NewGameDialog(self._settings, over or self, start=start)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._on_new_game_accepted(dialog))
        dialog.open()
        return dialog

    def _on_new_game_accepted(self, dialog: NewGameDialog) -> None:
        if dialog.is_rowcol():
            setup, seed = dialog.rowcol_setup()
            self.start_rowcol(setup, seed)
            return
        self.controller.new_game(dialog.setup())
        if not self.isActiveWindow():
            self.raise_()
            self.activateWindow()

    def start_rowcol(self, setup: RowColSetup, seed: int) -> RowColWindow:
        """A game of Row & Column in its window (opened, or raised, for it)."""
        from tictactoe_gui.gui.rowcol_window import RowColWindow

        window = self.show_rowcol_window()
        assert isinstance(window, RowColWindow)
        window.start(setup, seed)
        return window

    def show_setup_dialog(self) -> SetupPositionDialog:
        from tictactoe_gui.gui.dialogs.setup_position import SetupPositionDialog
        from tictactoe_gui.gui.game_controller import State

        board = self.controller.board
        start = board if self.controller.state is not State.REPLAY and not board.is_over else None
        # The position is set up on the board of the game being played.
        dialog = SetupPositionDialog(self, start=start, variant=board.variant)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._on_setup_done(dialog))
        dialog.open()
        return dialog

    def _on_setup_done(self, dialog: SetupPositionDialog) -> None:
        board = dialog.board()
        if board is None or dialog.choice is None:
            return
        self.start_from_position(board, dialog.choice)

    def start_from_position(self, board: Board, choice: SetupChoice) -> None:
        """Analyse ``board`` (people at the board, the coach watching) or choose how to play on."""
        from tictactoe_gui.gui.dialogs.setup_position import SetupChoice
        from tictactoe_gui.gui.game_controller import GameSetup, PlayerSpec
        from tictactoe_gui.storage.records import GameMode

        if choice is SetupChoice.ANALYSE:
            setup = GameSetup(
                GameMode.HUMAN_VS_HUMAN,
                PlayerSpec.human("Player 1"),
                PlayerSpec.human("Player 2"),
                board,
                record=False,
            )
            self.controller.new_game(setup)
            self.show_message("Analysing the set-up position; play moves for either side.")
        else:
            self.show_new_game_dialog(board)

    # -- the move list, copy and paste, game files, resigning ----------------------------

    def _on_cell_activated(self, row: int, col: int) -> None:
        if self._looking_at is not None:
            # Looking back at an earlier position: a click returns to the game, plays nothing.
            self.back_to_game()
            self.show_message("Back to the game: play your move on the position as it is now.")
            return
        self.controller.play_human(row, col)

    @property
    def looking_at(self) -> int | None:
        """How many moves into the game the board shows while looking back (None: now)."""
        return self._looking_at

    def look_at_ply(self, ply: int) -> None:
        """Show the position after ``ply`` moves: a replay steps there; a game in progress
        shows it until the game moves on, the last move is selected or the board is clicked."""
        from tictactoe_gui.gui.game_controller import State

        controller = self.controller
        if controller.state is State.REPLAY:
            controller.replay_seek(ply)
            return
        moves = controller.moves
        if ply >= len(moves):
            self.back_to_game()
            return
        ply = max(0, ply)
        self._looking_at = ply
        view = self.board_view
        view.set_board(controller.board_at(ply), moves[ply - 1] if ply else None)
        view.set_move_order(moves[:ply])
        view.set_interactive(False)
        self.moves_dock.set_game(controller.start, moves, ply)
        self.show_message(
            f"Looking at move {ply} of {len(moves)}; select the last move or click the board "
            "to go back to the game."
        )

    def back_to_game(self) -> None:
        if self._looking_at is None:
            return
        self._looking_at = None
        controller = self.controller
        self.board_view.set_board(controller.board, controller.last_move)
        self.board_view.set_move_order(controller.moves)
        self.board_view.set_interactive(controller.is_human_turn())
        self.moves_dock.set_game(controller.start, controller.moves)
        result = controller.current_result
        if self.heat_map_action.isChecked() and result is not None:
            self.board_view.set_heat_map(result.analysis)

    def resign(self) -> QMessageBox | None:
        """The person to move gives up (a loss for them, recorded like any other result),
        once they have said so (unless they asked not to be asked)."""
        self.back_to_game()
        controller = self.controller
        if not controller.is_human_turn():
            controller.resign()  # it says why not
            return None
        winner = controller.setup.player(controller.board.to_move.other).display_name
        return self.confirm(
            CONFIRM_RESIGN,
            "Resign",
            f"Resign this game? {winner} wins, and the game is recorded as a loss.",
            "Resign",
            controller.resign,
        )

    def request_new_game(self) -> QMessageBox | NewGameDialog:
        """New Game (Ctrl+N): the dialog, once the game in progress may be left."""
        shown: list[NewGameDialog] = []
        box = self.confirm(
            CONFIRM_NEW_GAME,
            "New Game",
            f"Leave the game in progress? {self._where_the_game_goes()}",
            "New Game",
            lambda: shown.append(self.show_new_game_dialog()),
        )
        return box if box is not None else shown[0]

    def request_restart(self) -> QMessageBox | None:
        """Restart (Ctrl+R), once the game in progress may be left."""
        return self.confirm(
            CONFIRM_NEW_GAME,
            "Restart",
            f"Start this game again? {self._where_the_game_goes()}",
            "Restart",
            self.controller.restart,
        )

    def request_quit(self) -> QMessageBox | None:
        """Quit (Ctrl+Q), once the game in progress may be left."""
        return self.confirm(
            CONFIRM_QUIT,
            "Quit",
            f"Quit during the game? {self._where_the_game_goes(quit=True)}",
            "Quit",
            self._quit_confirmed,
        )

    def _quit_confirmed(self) -> None:
        self._quit_asked = True
        self.close()

    def _where_the_game_goes(self, *, quit: bool = False) -> str:
        if quit and self._game_in_progress is not None:
            return "It will be here to play on when you start the app again."
        return "It ends unfinished and is not recorded."

    def game_at_stake(self) -> bool:
        """Whether leaving now throws away a game a person is playing: not over, not a
        replay or AI vs AI, and a person has made a move in it."""
        from tictactoe_gui.gui.game_controller import State

        controller = getattr(self, "controller", None)
        if controller is None or controller.state is not State.PLAYING:
            return False
        setup = controller.setup
        return any(
            not setup.player(controller.board_at(ply).to_move).is_ai
            for ply in range(len(controller.moves))
        )

    def confirm(
        self, key: str, title: str, question: str, verb: str, then: Callable[[], object]
    ) -> QMessageBox | None:
        """Ask ``question`` before ``then`` while a game is at stake (with "Don't ask
        again", remembered under ``key``); do it at once otherwise. Returns the question
        (answered later: it does not block), or None when nothing was asked."""
        from PySide6.QtWidgets import QCheckBox, QMessageBox

        if not self.game_at_stake() or not _bool(self._settings.value(key), True):
            then()
            return None
        box = QMessageBox(QMessageBox.Icon.Question, title, question, parent=self)
        box.setObjectName("confirmBox")
        yes = box.addButton(verb, QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(yes)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        check = QCheckBox("Don't ask again")
        box.setCheckBox(check)

        def answered() -> None:
            if box.clickedButton() is not yes:
                return
            if check.isChecked():
                self._settings.setValue(key, False)
                self._update_confirm_action()
            then()

        box.finished.connect(answered)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def _update_confirm_action(self) -> None:
        asks = [_bool(self._settings.value(key), True) for key in CONFIRM_KEYS]
        self.confirm_action.setChecked(all(asks))

    def _on_confirm_action(self, checked: bool) -> None:
        for key in CONFIRM_KEYS:
            self._settings.setValue(key, checked)

    def _clipboard_text(self, text: str, what: str) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(text)
        self.show_message(f"Copied {what}: {text if len(text) <= 60 else text[:57] + '…'}")

    def copy_position(self) -> None:
        board = self.board_view.board
        self._clipboard_text(board.to_text(), "the position")

    def copy_moves(self) -> None:
        from tictactoe_gui.gui import game_file

        controller = self.controller
        if not controller.moves:
            self.show_message("No moves to copy yet.")
            return
        start = controller.start
        text = game_file.moves_text(start, controller.moves)
        if start.ply:
            # Moves from a set-up position need the position with them.
            text = f"{start.to_text()} then {text}"
        self._clipboard_text(text, "the moves")

    def paste_position(self, text: str | None = None) -> bool:
        """Study the position or move list on the clipboard (or ``text``) on this game's board:
        people at the board, the coach watching, nothing recorded. Bad text is one line in
        the status bar and changes nothing."""
        from tictactoe_gui.gui import game_file

        if text is None:
            clipboard = QGuiApplication.clipboard()
            text = clipboard.text() if clipboard is not None else ""
        variant = self.controller.board.variant
        try:
            start, moves = game_file.parse_pasted(text, variant)
        except game_file.GameFileError as error:
            self.show_message(f"Nothing pasted: {error}.")
            return False
        self._study(start, moves, "Studying the pasted position; play moves for either side.")
        return True

    def _study(self, start: Board, moves: Sequence[Move], message: str) -> None:
        from tictactoe_gui.gui.game_controller import GameSetup, PlayerSpec
        from tictactoe_gui.storage.records import GameMode

        setup = GameSetup(
            GameMode.HUMAN_VS_HUMAN,
            PlayerSpec.human("Player 1"),
            PlayerSpec.human("Player 2"),
            start,
            record=False,
        )
        self.controller.new_game(setup)
        for move in moves:
            self.controller.play_human(move.row, move.col)
        self.show_message(message)

    def saved_game(self) -> SavedGame:
        """The game on the board as a file holds it: a game in progress with its players
        and the moves taken back, a replay as the whole game replayed."""
        from tictactoe_gui.engine import Mark
        from tictactoe_gui.gui.game_controller import State
        from tictactoe_gui.gui.game_file import SavedGame, SavedPlayers

        controller = self.controller
        setup = controller.setup
        session = controller.session
        if controller.state is State.REPLAY:
            line = controller.replay_moves
            outcome = controller.start.play_all(line).outcome
            return SavedGame(
                controller.start,
                tuple(line),
                setup.x.display_name,
                setup.o.display_name,
                str(outcome) if outcome is not None else None,
            )
        outcome = controller.board.outcome
        if outcome is not None:
            result: str | None = str(outcome)
        elif session.is_over:  # a resignation, or a program that broke the rules
            result = session.result_words()
        else:
            result = None
        hints = controller.hints_used
        players = SavedPlayers(
            setup.mode,
            setup.x,
            setup.o,
            record=setup.record,
            seed=session.seed,
            hints=(hints[Mark.X], hints[Mark.O]),
            started=session.started_at.isoformat(),
        )
        return SavedGame(
            controller.start,
            tuple(controller.moves),
            setup.x.display_name,
            setup.o.display_name,
            result,
            controller.undone_moves(),
            players,
        )

    def save_game_to(self, path: Path) -> bool:
        from tictactoe_gui.gui import game_file

        try:
            game_file.save(path, self.saved_game())
        except OSError as error:
            self.show_notice("Save Game", f"Could not save {path.name}: {error.strerror or error}.")
            return False
        self.show_message(f"Saved the game to {path.name}.")
        return True

    def open_game_file(self, path: Path) -> bool:
        """Open the game saved in ``path``: an unfinished game to play on, a finished one
        (or one saved before games could be played on) to replay. A file that holds no
        game: one line, nothing lost."""
        from tictactoe_gui.gui import game_file

        try:
            game = game_file.load(path)
        except game_file.GameFileError as error:
            self.show_notice("Open Game", f"Could not open it: {error}.")
            return False
        players = game.players
        if game.playable and players is not None and not players.has_engine:
            self.resume_game(game)
            self.show_message(f"Opened {path.name}: play on where it stopped.")
            return True
        self.start_replay(
            f"{game.x} vs {game.o} ({path.name})",
            game.start,
            (*game.moves, *game.undone),
            (game.x, game.o),
        )
        self.controller.replay_seek(len(game.moves))
        if game.playable:
            # A file never starts a program: the command in it could be anything.
            self.show_message(
                f"Opened {path.name} as a replay: an external engine plays in it, and a "
                "saved game never starts a program. New Game can set that engine up again."
            )
        return True

    def resume_game(self, game: SavedGame) -> None:
        """Play on ``game`` (unfinished, its players known) as it stood when saved."""
        from datetime import datetime

        players = game.players
        assert players is not None
        started = None
        if players.started is not None:
            try:
                started = datetime.fromisoformat(players.started)
            except ValueError:
                started = None  # then it started now, as far as the records can tell
            if started is not None and started.tzinfo is None:
                started = None
        self.back_to_game()
        self.controller.resume(
            players.setup(game.start),
            game.moves,
            game.undone,
            seed=players.seed,
            hints=players.hints,
            started_at=started,
        )

    def _resume_game_in_progress(self) -> tuple[bool, str]:
        """Play on the game left unfinished when the app last closed, if there is one (and
        no other game was asked for), saying so and how to start another. Returns whether
        it did, and what went wrong if anything did (a damaged file is kept aside)."""
        from tictactoe_gui.gui import game_file

        path = self._game_in_progress
        if path is None or not path.exists():
            return False, ""
        try:
            game = game_file.load(path)
            asked = self._opening_game
            if not game.playable or not game.moves or asked not in (None, game.variant):
                return False, ""
            self.resume_game(game)
        except ValueError as error:  # GameFileError, or moves the rules refuse
            aside = path.with_name(f"{path.name}.damaged")
            with contextlib.suppress(OSError):
                path.replace(aside)
            return False, f"The game in progress could not be resumed: {error}."
        self.show_message("Resumed the game you were playing — New Game (Ctrl+N) starts another.")
        return True, ""

    def _keep_game_in_progress(self, *_: object) -> None:
        """Keep the game on the board in its file after every move (written whole, then
        renamed into place); a finished game, a replay or a game with no move yet leaves
        nothing to resume."""
        from tictactoe_gui.gui import game_file
        from tictactoe_gui.gui.game_controller import State

        path = self._game_in_progress
        if path is None or self._closed:
            return
        controller = self.controller
        unfinished = controller.state is State.PLAYING and not controller.session.is_over
        try:
            if unfinished and (controller.moves or controller.undone_moves()):
                path.parent.mkdir(parents=True, exist_ok=True)
                game_file.save(path, self.saved_game())
                # So that the next start's first frame is already the right board.
                self._settings.setValue(GAME_IN_PROGRESS_KEY, controller.board.variant.id)
            else:
                path.unlink(missing_ok=True)
                self._settings.remove(GAME_IN_PROGRESS_KEY)
        except OSError as error:
            if not self._keep_failed:
                self._keep_failed = True
                self.show_message(
                    f"The game in progress cannot be kept for next time: {error.strerror or error}."
                )

    def replay_seek_end(self) -> None:
        self.controller.replay_seek(self.controller.replay_length)

    def show_save_game_dialog(self) -> QFileDialog:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, "Save Game", "", "Saved games (*.json)")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("json")
        dialog.selectFile(f"{self.controller.board.variant.id}-game.json")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(lambda name: self.save_game_to(Path(name)))
        dialog.open()
        return dialog

    def show_open_game_dialog(self) -> QFileDialog:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, "Open Game", "", "Saved games (*.json);;All files (*)")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(lambda name: self.open_game_file(Path(name)))
        dialog.open()
        return dialog

    def show_rowcol_window(self) -> QMainWindow:
        """The Row & Column window (one, kept while this window lives)."""
        from tictactoe_gui.gui.rowcol_window import RowColWindow

        window = getattr(self, "_rowcol_window", None)
        if window is None:
            window = self._rowcol_window = RowColWindow(
                self._records, self, settings=self._settings
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
        from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
        from tictactoe_gui.storage.records import GameMode

        dialog = NewGameDialog(self._settings, self)
        try:
            dialog.choose_rowcol()
            if dialog.is_valid():
                setup, seed = dialog.rowcol_setup()
                if setup.mode is GameMode.AI_VS_AI:
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

    def show_how_to_play(self) -> HelpWindow:
        """The rules page of the game on the board, from the help pages the README links to."""
        from tictactoe_gui.gui.help_window import how_to_play_markdown

        return self._show_help("How to Play", how_to_play_markdown(self.controller.board.variant))

    def show_shortcuts(self) -> HelpWindow:
        """The keyboard section of the playing page, the one the README links to."""
        from tictactoe_gui.gui.help_window import shortcuts_markdown

        return self._show_help("Keyboard Shortcuts", shortcuts_markdown())

    def _show_help(self, title: str, markdown: str) -> HelpWindow:
        from tictactoe_gui.gui.help_window import HelpWindow

        window = HelpWindow(title, markdown, self)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.show()
        return window

    def show_about(self) -> QMessageBox:
        return self._show_text(
            f"About {APP_DISPLAY_NAME}",
            f"<h3>{APP_DISPLAY_NAME} {__version__}</h3>"
            "<p>A tic-tac-toe game and study tool: three AI personas, a live analysis "
            "dock and a record of every game.</p><p>MIT licence. Built with Qt for Python "
            f"(PySide6 {_pyside_version()}).</p>" + self._error_log_words(),
        )

    def _error_log_words(self) -> str:
        if self._error_log is None:
            return "<p>Unexpected errors are shown but not logged (no data folder).</p>"
        return f"<p>Unexpected errors are logged to {html.escape(str(self._error_log))}.</p>"

    def _show_text(self, title: str, html: str) -> QMessageBox:
        from PySide6.QtWidgets import QMessageBox

        from tictactoe_gui.gui.accessibility import name_message_box_icon

        box = QMessageBox(self)
        box.setWindowTitle(title)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(html)
        box.setIcon(QMessageBox.Icon.NoIcon)
        icon = _app_icon()
        if icon is not None:
            box.setIconPixmap(icon.pixmap(64, 64))
            name_message_box_icon(box, f"{APP_DISPLAY_NAME} icon")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    # -- reactions -----------------------------------------------------------------------

    def _set_replay_keys(self, enabled: bool) -> None:
        for act in self.replay_actions:
            act.setEnabled(enabled)

    def _on_position_changed(self, board: Board, last_move: Move | None) -> None:
        self._looking_at = None  # the game moved: the board shows it again
        self.board_view.set_board(board, last_move)
        self.board_view.set_move_order(self.controller.moves)
        self.moves_dock.set_game(self.controller.start, self.controller.moves)
        self.board_view.set_interactive(self.controller.is_human_turn())
        self.players_bar.show_turn(board)
        self._update_spoiler_guard()

    def _update_spoiler_guard(self) -> None:
        from tictactoe_gui.gui.game_controller import State
        from tictactoe_gui.storage.records import GameMode

        controller = self.controller
        self.analysis_dock.set_spoiler_guard(
            controller.setup.mode is GameMode.HUMAN_VS_AI
            and controller.state is State.PLAYING
            and controller.is_human_turn()
        )
        self._update_heat_map()

    def _update_heat_map(self) -> None:
        """The heat-map shows what the dock shows: on a person's own turn against an AI it
        is hidden with the engine's lines, unless they chose to see the engine's view."""
        result = self.controller.current_result
        shown = (
            self.heat_map_action.isChecked()
            and result is not None
            and not self.analysis_dock.engine_view_hidden()
            and self.controller.session.resigned is None  # nothing left to predict
        )
        self.board_view.set_heat_map(result.analysis if shown and result is not None else None)

    def _on_analysis(self, result: EngineResult | None) -> None:
        session = self.controller.session
        if session.resigned is not None:
            # Nothing is left to predict: the game ended by a side giving up.
            self.analysis_dock.show_ended(session.result_words())
        else:
            self.analysis_dock.show_result(result)
        self._update_spoiler_guard()
        self.board_view.set_interactive(self.controller.is_human_turn())

    def _on_persona(self, persona: Persona | None, role: str) -> None:
        self._persona = persona
        variant = self.controller.board.variant
        self.analysis_dock.set_persona(persona, role, (variant.rows, variant.cols))

    def _on_game_started(self, setup: GameSetup) -> None:
        from tictactoe_gui.storage.records import GameMode

        self.board_view.clear_news()  # the last game's news is not this game's
        self.replay_bar.hide()
        self._set_replay_keys(False)
        self.replay_bar.set_playing(False)
        self.autoplay_bar.setVisible(setup.mode is GameMode.AI_VS_AI)
        self.autoplay_bar.set_delay(setup.move_delay_ms)
        # A relaunched AI vs AI game starts paused: the bar says what the controller does.
        self.autoplay_bar.set_paused(self.controller.paused)
        self.analysis_dock.clear_comparison()
        x, o = setup.x.display_name, setup.o.display_name
        game = "" if setup.variant.is_tictactoe else f" · {setup.variant.name}"
        self.setWindowTitle(f"{x} (X) vs {o} (O){game}")
        self.players_bar.show_players(setup)
        self.analysis_dock.set_player_names(x, o)
        humans = [p.name for p in (setup.x, setup.o) if not p.is_ai]
        if humans:
            self._last_player_name = humans[0]
        self.controller.set_think_ms(self._think_ms())
        self._on_tally(self.controller.tally)
        # Back to the board (e.g. from Play Again), so the keys play at once: on the next
        # turn, once the game's greeting is in its description, for a screen reader reads
        # the description with the focus and again at each change (complete() gives the
        # first game's board the focus the same way).
        if self._ready and not self.board_view.hasFocus():
            QTimer.singleShot(0, self, self._focus_greeted_board)

    def _focus_greeted_board(self) -> None:
        self.board_view.describe_now()
        self.board_view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_game_over(self, info: GameOverInfo | None) -> None:
        # A message from before the game ended or reopened (a greeting with the old record,
        # "no hint needed") is no longer true; a failed save is said again, and in the banner.
        self.statusBar().clearMessage()
        if info is not None and info.save_failed:
            self.show_message(info.save_note)
        # The banner takes the players bar's place (and its room): the board stays put.
        self.players_bar.setVisible(info is None)
        self.banner.show_info(info)
        self._update_autoplay_controls()
        if info is not None and info.saved_id is not None:
            self._refresh_records_windows()
        self.board_view.set_interactive(self.controller.is_human_turn())

    def _on_tally(self, tally: Tally) -> None:
        setup = self.controller.setup
        self.autoplay_bar.show_tally(tally, setup.games, setup.x.display_name, setup.o.display_name)
        self._update_autoplay_controls()

    def _update_autoplay_controls(self) -> None:
        from tictactoe_gui.gui.game_controller import State

        controller = self.controller
        self.autoplay_bar.set_finished(
            controller.state is State.OVER and controller.series_left <= 0
        )

    def _on_algorithm(self, value: str) -> None:
        from tictactoe_gui.engine import Algorithm

        self.controller.set_algorithm(Algorithm(value))
        self._settings.setValue("analysis/algorithm", value)

    def _on_heat_map(self, checked: bool) -> None:
        self._update_heat_map()
        self._settings.setValue("view/heatMap", checked)

    def _on_time_budget(self, seconds: float, *, save: bool = True) -> None:
        """The engine's time per move on big boards: kept, and handed to the controller
        when it takes one."""
        if save:
            self._settings.setValue("analysis/timeBudget", seconds)
        apply = getattr(self.controller, "set_time_limit", None)
        if callable(apply):
            apply(seconds)

    def time_budget(self) -> float:
        """The engine's time per move on boards it cannot solve (seconds), as set in the dock."""
        return self.analysis_dock.time_budget()

    def _on_coordinates(self, checked: bool) -> None:
        self.board_view.set_coordinates(checked)
        self._settings.setValue("view/coordinates", checked)

    def _on_move_numbers(self, checked: bool) -> None:
        self.board_view.set_move_numbers(checked)
        self._settings.setValue("view/moveNumbers", checked)

    def _on_animations(self, checked: bool) -> None:
        self._apply_animations(checked)
        self._settings.setValue("view/animations", checked)

    def _apply_animations(self, enabled: bool) -> None:
        self.board_view.set_animations_enabled(enabled)
        self.controller.set_think_ms(self._think_ms())

    def _on_system_scheme(self, *_: object) -> None:
        if self._theme is Theme.SYSTEM:
            self.set_theme(Theme.SYSTEM, save=False)

    # -- closing -------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        # The window's close button asks as Quit does; a close asked for in code does not.
        if event.spontaneous() and not self._quit_asked and not self._closed:
            event.ignore()
            self.request_quit()
            return
        self.shutdown()
        event.accept()

    def shutdown(self) -> None:
        """Save settings and stop the engine thread (cancel, quit, wait); runs once."""
        if self._closed:
            return
        self._closed = True
        if not self._ready:
            # Closed before it was complete (or it failed to complete): nothing was changed
            # to save, but what was started stops.
            for part in (getattr(self, "controller", None), getattr(self, "engine", None)):
                if part is not None:
                    part.shutdown()
            return
        self._save_settings()
        for records_window in self._records_windows.values():
            records_window.close()
            records_window.deleteLater()
        self._records_windows.clear()
        self.controller.shutdown()
        self.engine.shutdown()
        rowcol = getattr(self, "_rowcol_window", None)
        # A Row & Column window open at the end opens again, on a fresh game, next time.
        self._settings.setValue(
            "rowColumnWindow/open", "true" if rowcol is not None and rowcol.isVisible() else "false"
        )
        if rowcol is not None:
            rowcol.shutdown()

    def engine_running(self) -> bool:
        engine = getattr(self, "engine", None)  # none before the window is complete
        return engine is not None and engine.is_running()


def _app_icon() -> QIcon | None:
    from PySide6.QtGui import QIcon

    try:
        return QIcon(str(asset_path("icons/tictactoe-gui.svg")))
    except FileNotFoundError:
        return None


def _pyside_version() -> str:
    import PySide6

    return PySide6.__version__
