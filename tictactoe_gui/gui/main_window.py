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

from PySide6.QtCore import QSettings, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui import APP_DISPLAY_NAME
from tictactoe_gui.engine import Board
from tictactoe_gui.engine.variants import Variant
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.players_bar import PlayersBar
from tictactoe_gui.gui.status_bar import StatusBar
from tictactoe_gui.gui.theme import Theme, apply_palette
from tictactoe_gui.gui.window.base import (
    GAME_IN_PROGRESS_KEY,
    later,
    part_slots,
)
from tictactoe_gui.gui.window.first_frame import FirstFramePart
from tictactoe_gui.gui.window.menus import MenusPart

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QMessageBox

    from tictactoe_gui.engine import Move
    from tictactoe_gui.engine.games import GameSpec, PlayerInfo
    from tictactoe_gui.engine.move_tree import MoveTree
    from tictactoe_gui.gui.engine_worker import GameAnswer
    from tictactoe_gui.gui.game_controller import (
        GameOverInfo,
        GameSetup,
    )
    from tictactoe_gui.gui.recording import GameRecords
    from tictactoe_gui.session.table import TableSetup


def game_title(setup: GameSetup) -> str:
    """The window's title for a game of k in a row: its players, and the game unless it
    is tic-tac-toe (Qt adds the app's name)."""
    x, o = setup.x.display_name, setup.o.display_name
    game = "" if setup.variant.is_tictactoe else f" · {setup.variant.name}"
    return f"{x} (X) vs {o} (O){game}"


def table_title(setup: TableSetup) -> str:
    """The window's title for a fresh game at the table, as the table gives it when the
    game starts: its players by seat, and the game."""
    spec = setup.spec
    names = [seat.name_in(spec) for seat in setup.seats]
    return f"{names[0]} ({spec.seats[0]}) vs {names[1]} ({spec.seats[1]}) · {spec.name}"


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
        self._table = None
        self._game_in_progress = game_in_progress
        #: Why keeping the game in progress failed, once said (it is not said again).
        self._keep_failed = False
        #: The move the board shows while looking back through the game (None: the game).
        self._looking_at: int | None = None
        #: The last message the game of k in a row showed in the status bar.
        self._game_message: str | None = None
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
        self.controller = later.GameController(self.engine, self._records, self)

        # A relaunch plays on the game left unfinished, or opens a fresh, idle game of the
        # last kind: a series runs only when asked.
        table_setup = self._initial_table_setup()
        fresh: GameSetup | None = None
        kept = self._game_in_progress
        # A fresh game's title is given first, while little else has been reported: the
        # rest of the window, built next, is hundreds of accessibility events, and Orca 43
        # drops a change of name that comes when over 100 of them are waiting (unless it
        # is of the focused object), so the title went unsaid on a busy machine where Orca
        # had spoken the window under the app's name. A game resumed is titled as it will
        # be when it starts.
        if table_setup is None and (kept is None or not kept.exists()):
            fresh = self._initial_setup()
            self.setWindowTitle(game_title(fresh))
        elif table_setup is not None:
            resumed_setup = self._table_game_to_resume(table_setup.spec)
            self.setWindowTitle(table_title(resumed_setup or table_setup))
        else:
            resumed_title = self._title_of_game_in_progress()
            if resumed_title is not None:
                self.setWindowTitle(resumed_title)
        self._create_strips()
        self._create_actions()
        self._fill_menus()
        self._create_dock_windows()
        self._connect_signals()
        self._create_announcer()
        self._restore_settings()
        resumed, problem = False, ""
        if table_setup is not None:
            # The game left unfinished, else a fresh one (a relaunched AI vs AI game waits
            # for Resume, as in k in a row).
            if not self._resume_table_game_in_progress(table_setup.spec):
                self.start_table_game(table_setup, paused=True)
            self._early_input.clear()  # clicks on the first frame were on another board
        else:
            resumed, problem = self._resume_game_in_progress()
        if not resumed and table_setup is None:
            self._settings.remove(GAME_IN_PROGRESS_KEY)
            self.controller.new_game(fresh or self._initial_setup(), paused=True)
        if problem:
            self.show_message(problem)  # after the new game's greeting, which it outranks
        # From now on every move is kept (not before: the fresh game would replace it).
        self.controller.position_changed.connect(self._keep_game_in_progress)
        # An undo that reopens a finished game says so after the move: keep it then too.
        self.controller.game_over.connect(self._keep_game_in_progress)
        # A series' game counted: kept between two games, the series goes on next time.
        self.controller.tally_changed.connect(self._keep_game_in_progress)
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
        if game.setup.spec != spec or (game.finished and not game.series_goes_on):
            return None
        return game.setup

    @Slot(str)
    def _show_game_message(self, text: str) -> None:
        """A message of the game of k in a row (its greeting, a persona's thinking), kept
        to be taken away when a game at the table takes the board."""
        self._game_message = text
        self.show_message(text)

    def _title_of_game_in_progress(self) -> str | None:
        """The title of the game of k in a row left unfinished, which complete() resumes
        (None when there is none to resume or its file cannot be read: complete() says
        why, as it tries)."""
        path = self._game_in_progress
        if path is None or not path.exists():
            return None
        from tictactoe_gui.session import table_file

        try:
            game = table_file.load(path)
            board = game.start.marks_board()
            if not game.spec.k_in_a_row_board or not game.worth_resuming:
                return None
            if board is None or self._opening_game not in (None, board.variant):
                return None
            return game_title(later.GameSetup.from_table_setup(game.setup))
        except (OSError, ValueError):
            return None

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
        c = self.controller
        view = self.board_view
        dock = self.analysis_dock
        view.cell_activated.connect(self._on_cell_activated)
        self.moves_dock.ply_selected.connect(self._on_ply_chosen)
        self.moves_dock.node_selected.connect(self._on_node_chosen)
        self.moves_dock.tree_edited.connect(self._on_lines_edited)
        self.moves_dock.model.set_verdict_source(self._verdict_words)
        c.verdict_added.connect(lambda ply, _verdict: self.moves_dock.model.verdict_changed(ply))
        c.position_changed.connect(self._on_position_changed)
        c.status_changed.connect(self.turn_label.setText)
        c.message.connect(self._show_game_message)
        c.analysis_changed.connect(self._on_analysis)
        c.thinking_changed.connect(dock.set_thinking)
        c.progress.connect(dock.set_progress)
        c.comment_changed.connect(dock.set_comment)
        c.player_changed.connect(self._on_player_card)
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
        dock.compare_requested.connect(self.game_compare_algorithms)
        dock.top_n_changed.connect(lambda n: self._settings.setValue("analysis/topN", n))
        dock.top_n_changed.connect(view.set_heat_top)
        dock.time_budget_changed.connect(self._on_time_budget)
        # Stop, Analyse Again and Prove go to the game on the board (table_games.py).
        dock.set_stop_available(True)
        dock.stop_requested.connect(self.game_stop_analysis)
        dock.restart_requested.connect(self.game_restart_analysis)
        dock.prove_requested.connect(self.game_prove_result)
        c.search_info.connect(lambda progress: dock.show_search_progress(progress, c.session.state))
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
        self.narrator.follow_marks(self.controller)
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

    def new_game(self, setup: GameSetup) -> None:
        self.leave_table_mode()
        self.controller.new_game(setup)

    def set_records(self, records: GameRecords) -> None:
        self._records = records
        self.controller.set_records(records)
        if self._table is not None:
            self._table.records = records
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
        if self.table_active and self._looking_at is None:
            self.table.cell_activated(row, col)
            return
        if self._looking_at is not None:
            # Looking back at an earlier position: a click returns to the game, plays nothing.
            self.back_to_game()
            self.show_message(
                "Back to the game: play your move on the position as it is now."
                if self.controller.is_human_turn()
                else "Back to the game as it stands now."
            )
            return
        self.controller.play_human(row, col)

    # -- reactions -----------------------------------------------------------------------

    @Slot(object, object)
    def _on_position_changed(self, board: Board, last_move: Move | None) -> None:
        self._looking_at = None  # the game moved: the board shows it again
        self.board_view.set_board(board, last_move)
        self.board_view.set_move_order(self.controller.moves)
        c = self.controller
        self.moves_dock.set_tree(c.start, c.lines, c.line_node)
        self.board_view.set_interactive(c.accepts_moves())
        self.resign_action.setEnabled(c.can_resign())
        self.players_bar.show_turn(board)
        self._update_spoiler_guard()
        self._note_replay_ending()

    @Slot(int)
    def _on_node_chosen(self, node: int) -> None:
        """A move chosen in the move list: the game goes to the position after it (the dock
        analyses it; a move played there is a variation where it differs from the line)."""
        if self.table_active:
            self._table_node_chosen(node)
            return
        c = self.controller
        lines = c.lines
        path = lines.path(c.line_node)
        if c.setup.mode is later.GameMode.HUMAN_VS_AI and c.state is not later.State.REPLAY:
            depth = lines.depth(node)
            if node in (0, *path):
                ai_to_move = c.player_to_move_at(c.board_at(depth)).is_ai
                if c.state is later.State.PLAYING or ai_to_move:
                    # Against an AI the game waits while its earlier positions are looked
                    # at: going there would take moves back and have the AI play again. Once
                    # the game is over, a position where the person was to move is gone to,
                    # to analyse it and try another move there.
                    self.look_at_ply(depth)
                    return
            elif node not in lines.line_from(c.line_node):
                board = c.start.play_all(c.moves_to(node))
                if c.player_to_move_at(board).is_ai:
                    # A move of another line where the AI was to move: looked at too, or
                    # the AI would play there at once and the list move on by itself.
                    self.look_at_node(node, board)
                    return
        self._looking_at = None
        c.go_to_node(node)

    def _verdict_words(self, ply: int) -> str | None:
        """The coach's word on move ``ply`` of the game on the board, for the move list."""
        session = self.table.session if self.table_active else self.controller.session
        return None if session is None else session.verdict_words(ply)

    @Slot(int)
    def _on_ply_chosen(self, ply: int) -> None:
        if self.table_active:  # a move of the table game's line: looked back at
            self.look_at_ply(ply)

    @Slot(object, int)
    def _on_lines_edited(self, lines: MoveTree, node: int) -> None:
        if self.table_active:
            self._looking_at = None
            self.table.set_lines(lines, node)
        else:
            self.controller.set_lines(lines, node)

    def _update_spoiler_guard(self) -> None:
        controller = self.controller
        self.analysis_dock.set_spoiler_guard(
            controller.setup.mode is later.GameMode.HUMAN_VS_AI
            and controller.state is later.State.PLAYING
            and controller.is_human_turn()
        )
        self._update_heat_map()

    def _update_heat_map(self) -> None:
        """The heat-map shows what the dock shows: on a person's own turn against an AI it
        is hidden with the engine's lines, unless they chose to see the engine's view."""
        if self.table_active:
            self._update_table_heat_map()
            return
        answer = self.controller.current_result
        shown = (
            self.heat_map_action.isChecked()
            and answer is not None
            and not self.analysis_dock.engine_view_hidden()
            and self.controller.session.resigned is None  # nothing left to predict
        )
        if not shown or answer is None:
            self.board_view.set_heat_map(None)
            return
        from tictactoe_gui.gui.painters.heat import heat_of

        self.board_view.set_heat_map(heat_of(self.controller.board, answer.analysis))

    @Slot(object)
    def _on_analysis(self, answer: GameAnswer | None) -> None:
        session = self.controller.session
        if session.resigned is not None:
            # Nothing is left to predict: the game ended by a side giving up.
            self.analysis_dock.show_ended(session.result_words())
        else:
            self.analysis_dock.show_game_analysis(
                session.state if answer is None else answer.state,
                None if answer is None else answer.analysis,
                (session.name_of(0), session.name_of(1)),
                comparison=() if answer is None else answer.comparison,
                study=True,
            )
        self._update_spoiler_guard()
        self.board_view.set_interactive(self.controller.accepts_moves())

    @Slot(object, str)
    def _on_player_card(self, player: PlayerInfo | None, role: str) -> None:
        self.analysis_dock.show_player(player, role)

    @Slot(object)
    def _on_game_started(self, setup: GameSetup) -> None:
        self.board_view.clear_news()  # the last game's news is not this game's
        self.replay_bar.hide()
        self._set_replay_keys(False)
        self.replay_bar.set_playing(False)
        self.autoplay_bar.setVisible(setup.mode is later.GameMode.AI_VS_AI)
        self._update_pause_actions()
        self.autoplay_bar.set_delay(setup.move_delay_ms)
        # A relaunched AI vs AI game starts paused: the bar says what the controller does.
        self.autoplay_bar.set_paused(self.controller.paused)
        self.analysis_dock.clear_comparison()
        x, o = setup.x.display_name, setup.o.display_name
        self.setWindowTitle(game_title(setup))
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

    @Slot(object)
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
        self.board_view.set_interactive(self.controller.accepts_moves())

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
        if self._table is not None:
            self._table.shutdown()
        self.engine.shutdown()

    def engine_running(self) -> bool:
        engine = getattr(self, "engine", None)  # none before the window is complete
        return engine is not None and engine.is_running()
