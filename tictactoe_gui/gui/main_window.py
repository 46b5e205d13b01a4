"""The main window: board in the centre, analysis dock at the side, menus and status bar.

Assembled in named steps (central area, actions, menus, docks, status bar,
wiring) so each part is easy to find. Its other jobs are parts of their own in
``gui/window/`` (menus and actions, new games, game files, leaving a game,
replays and series, records windows, help, settings, the games that are not k in a
row), which
:class:`MainWindow` inherits; this module builds the window and reacts to the game.
The window owns the engine thread (through :class:`EngineService`) and stops it
in ``closeEvent``: cancel the search, quit the thread, wait for it.

It can be built in two stages, as the app does at start-up: ``staged=True``
builds only its first frame (the board, the players bar, the menu titles, the
docks' frames and the status bar, from modules that load quickly) so the window
shows at once; :meth:`MainWindow.complete` then adds the rest, the engine and
the records right after that first paint, and emits :attr:`MainWindow.ready`.
So only the frame's modules are imported at the top of this module and its parts;
what the complete window needs beyond them is reached through one import boundary,
``later`` (``gui/window/later.py``), which the app loads on a thread of its own
right after the first paint while the frame takes clicks and keys; windows opened
by a command (records, set-up position, help) and the numbers board load where they are
opened (``tests/gui/test_startup.py`` checks which modules load before the first
paint, ``tests/benchmarks/bench_startup.py`` the time to the first mark).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui import APP_DISPLAY_NAME
from tictactoe_gui.engine.variants import Variant
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.players_bar import PlayersBar
from tictactoe_gui.gui.status_bar import StatusBar
from tictactoe_gui.gui.theme import Theme, apply_palette
from tictactoe_gui.gui.window.base import (
    later,
    part_slots,
)
from tictactoe_gui.gui.window.first_frame import FirstFramePart
from tictactoe_gui.gui.window.menus import MenusPart

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QMessageBox

    from tictactoe_gui.engine.games import GameSpec
    from tictactoe_gui.engine.move_tree import MoveTree
    from tictactoe_gui.gui.recording import GameRecords
    from tictactoe_gui.session.setup import GameSetup
    from tictactoe_gui.session.table import TableSetup


def table_title(setup: TableSetup) -> str:
    """The window's title for a fresh game, as the controller gives it when the game
    starts (Qt adds the app's name)."""
    from tictactoe_gui.session.words import game_title

    spec = setup.spec
    first, second = (seat.name_in(spec) for seat in setup.seats)
    return game_title((first, second), spec)


class MainWindow(FirstFramePart, MenusPart):
    """The app's one window. ``settings`` and ``records`` are injected so tests use their own."""

    #: Emitted once the whole window is built (at once, or by :meth:`complete` when staged).
    ready = Signal()
    # Every part's slots are the window's own: connected to, they change nothing in its
    # class, so screen readers keep the one window they were shown at the first frame.
    locals().update(part_slots(FirstFramePart, MenusPart))

    def __init__(
        self,
        settings: QSettings,
        records: GameRecords | None = None,
        parent: QWidget | None = None,
        *,
        game: Variant | GameSpec | None = None,
        staged: bool = False,
        game_in_progress: Path | None = None,
    ) -> None:
        """``game``: open on a new game of this kind (else the kind last chosen): a
        k-in-a-row variant, or any game of the registry.

        ``staged``: build only the first frame; :meth:`complete` builds the rest (and
        takes the records then, instead of ``records``).

        ``game_in_progress``: the file that keeps the game on the board after every move,
        so that the next start plays on where this one stopped (None: not kept).
        """
        super().__init__(parent)
        self.setObjectName("mainWindow")
        # k in a row opens through its variant; any other game of the registry at the table.
        if isinstance(game, Variant) or game is None:
            self._opening_game, self._opening_table = game, None
        elif game.k_in_a_row_board:
            self._opening_game, self._opening_table = game.variant, None
        else:
            self._opening_game, self._opening_table = None, game
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
        self._records_windows: dict[str, QDialog] = {}
        #: Where unexpected errors are logged (shown in About), and the box that reports them.
        self._error_log: Path | None = None
        self._error_box: QMessageBox | None = None
        self._last_player_name: str | None = None
        #: The docks' stand-ins in a staged frame, until the real docks replace them.
        self._dock_frames: list[QDockWidget] = []
        self._early_input = []
        self._early_moves_shown = False
        self._frame_variant = None

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

        self._completing = True
        self._records: GameRecords = records if records is not None else later.InMemoryRecords()
        self.engine = later.EngineService(self)

        # A relaunch plays on the game left unfinished, or opens a fresh, idle game of the
        # last kind: a series runs only when asked.
        self._adopt_older_game_file()
        setup = self._initial_table_setup() or self._initial_setup().table_setup()
        # A fresh game's title is given first, while little else has been reported: the
        # rest of the window, built next, is hundreds of accessibility events, and Orca 43
        # drops a change of name that comes when over 100 of them are waiting (unless it
        # is of the focused object), so the title went unsaid on a busy machine where Orca
        # had spoken the window under the app's name. A game resumed is titled as it will
        # be when it starts.
        resumed_setup = self._table_game_to_resume(setup.spec)
        self.setWindowTitle(table_title(resumed_setup or setup))
        self._create_strips()
        self._create_actions()
        self._fill_menus()
        self._create_dock_windows()
        self._create_announcer()
        self._make_controller()
        self._connect_signals()
        self._restore_settings()
        # The game left unfinished, else a fresh one (a relaunched AI vs AI game waits for
        # Resume).
        resumed, problem = self._resume_table_game_in_progress(setup.spec)
        if not resumed:
            self.start_table_game(setup, paused=True)
        if problem:
            self.show_message(problem)  # after the fresh game's greeting, which it outranks
        # From now on every move is kept (not before: the fresh game would replace it).
        self.controller.position_changed.connect(self._keep_table_game_in_progress)
        # A series' game counted: kept between two games, the series goes on next time.
        self.controller.tally_changed.connect(self._keep_table_game_in_progress)
        if self._staged:
            # The board takes the focus now, its description already holding the game's
            # greeting: a screen reader reads it once, with the focus.
            # (The board shown: a grid of numbers takes the board of X and O's place.)
            self.board_view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            board = self.board_widget()
            board.describe_now()
            if QApplication.focusWidget() is None or self.isActiveWindow():
                board.setFocus(Qt.FocusReason.OtherFocusReason)
        self._ready = True
        if self._staged:
            self._play_early_input()
        self.ready.emit()

    def _table_game_to_resume(self, spec: GameSpec) -> TableSetup | None:
        """The players of the ``spec`` game at the table left unfinished, which complete()
        resumes (None when there is none, or its file cannot be read: complete() says why,
        as it tries)."""
        from tictactoe_gui.session import table_file

        path = self._table_game_file()
        if path is None or not path.exists():
            return None
        try:
            game = table_file.load(path)
        except table_file.TableFileError:
            return None
        if not self._plays_on(game, spec) or (game.finished and not game.series_goes_on):
            return None
        return game.setup

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
        # The board's place: the board of X and O, or (for a grid of numbers) the numbers
        # board beside it, one shown at a time (table_games.py); the news of the game is
        # said by whichever board is there.
        self.board_area = QWidget()
        self.board_area.setObjectName("boardArea")
        self._board_area_layout = QVBoxLayout(self.board_area)
        self._board_area_layout.setContentsMargins(0, 0, 0, 0)
        self._board_area_layout.addWidget(self.board_view, 1)
        layout.addWidget(self.players_bar)
        layout.addWidget(self.board_area, 1)
        self._central_layout = layout
        self.setCentralWidget(central)
        self.board_view.setFocus()

    def _create_strips(self) -> None:
        """The game-over banner above the players, the AI vs AI and replay bars below the
        board; all hidden until their moment."""
        self.banner = later.GameOverBanner()
        self.autoplay_bar = later.AutoplayBar()
        self.autoplay_bar.hide()
        self.replay_bar = later.ReplayBar()
        self.replay_bar.hide()
        self._central_layout.insertWidget(0, self.banner)
        self._central_layout.addWidget(self.autoplay_bar)
        self._central_layout.addWidget(self.replay_bar)

    def _place_docks(self, moves: QDockWidget, analysis: QDockWidget) -> None:
        """The first-start layout: the move list beside the board, then the analysis."""
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, analysis)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, moves)
        # Beside the board, between it and the analysis.
        self.splitDockWidget(moves, analysis, Qt.Orientation.Horizontal)
        # Narrow: two short columns of cells (a saved layout overrides it).
        self.resizeDocks([moves, analysis], [140, 340], Qt.Orientation.Horizontal)

    def _create_status_bar(self) -> None:
        # A message there keeps left of the turn, cut short where it does not fit.
        self.setStatusBar(StatusBar())
        self.turn_label = QLabel()
        self.turn_label.setObjectName("turnLabel")
        self.turn_label.setTextFormat(Qt.TextFormat.PlainText)
        self.turn_label.setContentsMargins(6, 0, 6, 0)
        #: "Recording off", made the first time it is needed (see set_recording_off).
        self.recording_label: QLabel | None = None
        self.statusBar().addPermanentWidget(self.turn_label)

    def _connect_signals(self) -> None:
        view = self.board_view
        dock = self.analysis_dock
        view.cell_activated.connect(self._on_cell_activated)
        self.moves_dock.ply_selected.connect(self._on_ply_chosen)
        self.moves_dock.node_selected.connect(self._on_node_chosen)
        self.moves_dock.tree_edited.connect(self._on_lines_edited)
        self.moves_dock.model.set_verdict_source(self._verdict_words)
        dock.algorithm_changed.connect(self._on_algorithm)
        dock.compare_requested.connect(self.game_compare_algorithms)
        dock.top_n_changed.connect(lambda n: self._settings.setValue("analysis/topN", n))
        dock.top_n_changed.connect(view.set_heat_top)
        dock.time_budget_changed.connect(self._on_time_budget)
        # Stop, Analyse Again and Prove go to the game on the board (table_games.py).
        dock.set_stop_available(True)
        dock.stop_requested.connect(self.game_stop_analysis)
        dock.restart_requested.connect(self.game_restart_analysis)
        dock.prove_requested.connect(self.game_prove_result)
        dock.reveal_changed.connect(lambda on: self._settings.setValue("analysis/reveal", on))
        dock.reveal_changed.connect(lambda _on: self._update_heat_map())
        # The bars and the banner serve whichever controller has the board (table_games.py).
        self.banner.play_again.connect(self.game_play_again)
        self.banner.new_game.connect(lambda: self.show_new_game_dialog())
        self.banner.retry_save.connect(self.game_retry_save)
        self.banner.review.connect(lambda: self.review_current_game())
        self.autoplay_bar.pause_toggled.connect(self.game_set_paused)
        self.autoplay_bar.step_requested.connect(self.game_step)
        self.autoplay_bar.delay_changed.connect(self.game_set_move_delay)
        self.replay_bar.seek.connect(self.game_replay_seek)
        self.replay_bar.step.connect(self.game_replay_step)
        self.replay_bar.playing_toggled.connect(self.game_set_replay_playing)
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
        self.announcer = later.Announcer(self, own_news=self.board_area)
        self.narrator = later.Narrator(self.announcer)
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

    @Slot(str, bool)
    def _on_announced(self, text: str, _assertive: bool) -> None:
        # What a control in the dock has just said is not said again when the player
        # comes back to the board: the board then reads only the state of the game.
        board = self.board_widget()
        if board is not self.board_view:
            if not self.announcer.said_elsewhere:
                board.add_news(text)
        elif self.announcer.said_elsewhere:
            self.board_view.drop_news()
        else:
            self.board_view.add_news(text)

    # -- public API ----------------------------------------------------------------------

    def new_game(self, setup: GameSetup | TableSetup, seed: int | None = None) -> None:
        """A new game of ``setup`` on the board (k in a row as New Game sets it up, or any
        game at the table); ``seed``: its drawn board's and its players' chance (None: the
        setup's own, each game of a series drawing its own from it as match does)."""
        if isinstance(setup, later.GameSetup):
            setup = setup.table_setup()
        self.start_table_game(setup, seed)

    def set_records(self, records: GameRecords) -> None:
        self._records = records
        self.controller.records = records
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

    # -- records windows -----------------------------------------------------------------

    # -- the move list, copy and paste, game files, resigning ----------------------------

    @Slot(int, int)
    def _on_cell_activated(self, row: int, col: int) -> None:
        if self._looking_at is not None:
            # Looking back at an earlier position: a click returns to the game, plays nothing.
            self.back_to_game()
            self.show_message(
                "Back to the game: play your move on the position as it is now."
                if self.controller.is_human_turn()
                else "Back to the game as it stands now."
            )
            return
        self.controller.cell_activated(row, col)

    # -- reactions -----------------------------------------------------------------------

    @Slot(int)
    def _on_node_chosen(self, node: int) -> None:
        """A move chosen in the move list: the game goes to the position after it (the dock
        analyses it; a move played there is a variation where it differs from the line)."""
        self._table_node_chosen(node)

    def _verdict_words(self, ply: int) -> str | None:
        """The coach's word on move ``ply`` of the game on the board, for the move list."""
        session = self.controller.session
        return None if session is None else session.verdict_words(ply)

    @Slot(int)
    def _on_ply_chosen(self, ply: int) -> None:
        self.look_at_ply(ply)  # a move of the game's line: looked back at

    @Slot(object, int)
    def _on_lines_edited(self, lines: MoveTree, node: int) -> None:
        self._looking_at = None
        self.controller.set_lines(lines, node)

    def _update_heat_map(self) -> None:
        """The heat-map shows what the dock shows: on a person's own turn against an AI it
        is hidden with the engine's lines, unless they chose to see the engine's view."""
        self._update_table_heat_map()

    # -- closing -------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        # The window's close button asks as Quit does; a close asked for in code does not.
        if event.spontaneous() and not self._quit_asked and not self._closed:
            event.ignore()
            self.request_quit()
            return
        self.shutdown()
        event.accept()

    @Slot()
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

    def engine_running(self) -> bool:
        engine = getattr(self, "engine", None)  # none before the window is complete
        return engine is not None and engine.is_running()
