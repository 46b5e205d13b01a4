"""What every part of the main window shares: its settings' names and readers, the
widgets and actions the parts use, and the status-bar message.

Each part (``gui/window/*.py``) is a class with one job that
:class:`~tictactoe_gui.gui.main_window.MainWindow` inherits; they all build on
:class:`WindowBase`, which names what one part may use of another. This module is
light: the window's first frame imports it before its first paint. What the
complete window needs beyond that frame the parts reach through :data:`later`
(``gui/window/later.py``), their one import boundary.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QMainWindow

from tictactoe_gui.lazy_names import lazy_module

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QAction, QActionGroup
    from PySide6.QtWidgets import (
        QDialog,
        QDockWidget,
        QFileDialog,
        QLabel,
        QMenu,
        QMessageBox,
        QVBoxLayout,
        QWidget,
    )

    from tictactoe_gui.engine import Board, Persona
    from tictactoe_gui.engine.games import GameSpec, GameState
    from tictactoe_gui.engine.move_tree import MoveTree
    from tictactoe_gui.engine.variants import Variant
    from tictactoe_gui.gui.analysis_dock import AnalysisDock
    from tictactoe_gui.gui.announcer import Announcer
    from tictactoe_gui.gui.board_view import BoardView
    from tictactoe_gui.gui.controls import AutoplayBar, GameOverBanner, ReplayBar
    from tictactoe_gui.gui.dialogs.gravity_setup import GravitySetupDialog
    from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
    from tictactoe_gui.gui.dialogs.rowcol_setup import RowColSetupDialog
    from tictactoe_gui.gui.engine_worker import EngineService
    from tictactoe_gui.gui.move_list import MoveListDock
    from tictactoe_gui.gui.narrator import Narrator
    from tictactoe_gui.gui.players_bar import PlayersBar
    from tictactoe_gui.gui.recording import GameRecords
    from tictactoe_gui.gui.rowcol_view import RowColBoardView
    from tictactoe_gui.gui.table_controller import TableController
    from tictactoe_gui.gui.theme import Theme
    from tictactoe_gui.session.series import Tally
    from tictactoe_gui.session.setup import GameSetup
    from tictactoe_gui.session.table import TableSetup
    from tictactoe_gui.session.table_file import SavedTableGame
    from tictactoe_gui.storage.records import GameDetail

if TYPE_CHECKING:
    from tictactoe_gui.gui.window import later as later
else:
    #: What the complete window needs beyond its first frame, loaded at its first use
    #: (or ahead of it, on a thread, by the app): the parts' one import boundary.
    later = lazy_module("tictactoe_gui.gui.window.later")

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


def part_slots(*parts: type[QMainWindow]) -> dict[str, object]:
    """The slots (methods marked ``@Slot``) a window made of ``parts`` would call, for its
    own class to declare again.

    Qt builds a class's slots from the first base's line alone, so a slot of any other
    part is not the window's; connecting a signal to it then adds the slot to the
    window's class as it runs, which gives the window a new class, and screen readers a
    new window: Orca then announces the window again when the board takes the focus.
    """
    # The order the window looks its methods up in (its parts' MRO).
    order = type("PartsOrder", parts, {}).__mro__[1:]
    methods: dict[str, object] = {}
    for part in reversed(order):
        methods.update(vars(part))
    return {name: value for name, value in methods.items() if hasattr(value, "_slots")}


def setting_bool(value: object, default: bool) -> bool:
    """A yes/no setting as QSettings gives it back (a bool, or a string on some platforms)."""
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    return str(value).lower() in ("1", "true", "yes", "on")


def setting_int(value: object, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


class WindowBase(QMainWindow):
    """The main window as its parts see it: what they share, declared once."""

    # The window's state (set in MainWindow.__init__).
    _settings: QSettings
    _records: GameRecords
    _opening_game: Variant | None
    #: A game of the registry that is not k in a row to open on (table_games.py).
    _opening_table: GameSpec | None
    _game_in_progress: Path | None
    _keep_failed: bool
    #: Every line played in the game on the board, under its session (see game_files.py).
    _looking_at: int | None
    _game_message: str | None
    _closed: bool
    _quit_asked: bool
    _staged: bool
    _ready: bool
    _theme: Theme
    _persona: Persona | None
    _records_windows: dict[str, QDialog]
    _error_log: Path | None
    _error_box: QMessageBox | None
    _last_player_name: str | None
    _dock_frames: list[QDockWidget]
    _central_layout: QVBoxLayout
    _board_area_layout: QVBoxLayout

    # Its widgets (the frame's, then those complete() adds).
    players_bar: PlayersBar
    board_view: BoardView
    turn_label: QLabel
    recording_label: QLabel | None
    game_menu: QMenu
    view_menu: QMenu
    help_menu: QMenu
    engine: EngineService
    #: The game's controller: every game of the registry at the window's table.
    controller: TableController
    banner: GameOverBanner
    autoplay_bar: AutoplayBar
    replay_bar: ReplayBar
    analysis_dock: AnalysisDock
    moves_dock: MoveListDock
    announcer: Announcer
    narrator: Narrator

    # Its actions (menus.py).
    new_game_action: QAction
    restart_action: QAction
    undo_action: QAction
    redo_action: QAction
    hint_action: QAction
    pause_action: QAction
    step_action: QAction
    setup_action: QAction
    resign_action: QAction
    confirm_action: QAction
    save_game_action: QAction
    open_game_action: QAction
    copy_position_action: QAction
    copy_moves_action: QAction
    paste_action: QAction
    quit_action: QAction
    heat_map_action: QAction
    coordinates_action: QAction
    move_numbers_action: QAction
    animations_action: QAction
    theme_group: QActionGroup
    theme_actions: dict[Theme, QAction]
    leaderboard_action: QAction
    history_action: QAction
    statistics_action: QAction
    review_action: QAction
    lines_action: QAction
    replay_actions: list[QAction]
    keypad_actions: list[QAction]
    focus_board_action: QAction
    how_to_play_action: QAction
    shortcuts_action: QAction
    about_action: QAction
    analysis_dock_action: QAction
    moves_dock_action: QAction

    @Slot(str)
    def show_message(self, text: str) -> None:
        """A message in the status bar, for a few seconds."""
        self.statusBar().showMessage(text, MESSAGE_TIMEOUT_MS)

    if TYPE_CHECKING:
        # What one part calls in another (each defined once, in the part named).

        # main_window.py
        def _place_docks(self, moves: QDockWidget, analysis: QDockWidget) -> None: ...
        def _update_heat_map(self) -> None: ...
        def _on_cell_activated(self, row: int, col: int) -> None: ...

        # view_settings.py
        def set_theme(self, theme: Theme, *, save: bool = True) -> None: ...
        def _restore_layout(self) -> None: ...
        def _theme_setting(self) -> Theme: ...
        def _update_confirm_action(self) -> None: ...
        def _apply_animations(self, enabled: bool) -> None: ...
        def _on_time_budget(self, seconds: float, *, save: bool = True) -> None: ...
        def _think_ms(self) -> int: ...

        # game_files.py
        def saved_game(self) -> SavedTableGame: ...
        def resume_game(self, game: SavedTableGame) -> None: ...
        def play_on_table_game(self, game: SavedTableGame, *, paused: bool = False) -> None: ...
        def _keep_game_in_progress(self, *_: object) -> None: ...
        def pasted_study(self, text: str | None = None) -> Callable[[], None] | None: ...
        def show_open_game_dialog(self) -> QFileDialog: ...

        # records_windows.py
        def _refresh_records_windows(self) -> None: ...
        def _update_records_actions(self) -> None: ...

        # help_about.py
        def show_notice(self, title: str, text: str) -> QMessageBox: ...

        # series_replay.py
        def back_to_game(self) -> None: ...
        def _set_replay_keys(self, enabled: bool) -> None: ...
        def _note_replay_ending(self) -> None: ...
        def _update_pause_actions(self) -> None: ...
        def recorded_lines(self, detail: GameDetail) -> tuple[MoveTree | None, str | None]: ...

        # main_window.py
        def new_game(self, setup: GameSetup | TableSetup, seed: int | None = None) -> None: ...

        # new_games.py
        def show_new_game_dialog(
            self, start: Board | None = None, over: QWidget | None = None
        ) -> NewGameDialog: ...
        def _initial_setup(self) -> GameSetup: ...
        def _initial_table_setup(self) -> TableSetup | None: ...

        # table_games.py
        @property
        def controller_ready(self) -> bool: ...
        def start_table_game(
            self, setup: TableSetup, seed: int | None = None, *, paused: bool = False
        ) -> TableController: ...
        def study_table_game(self, start: GameState, moves: tuple[int, ...]) -> TableController: ...
        def replay_table_game(
            self,
            start: GameState,
            moves: list[int],
            names: tuple[str, str],
            when: str,
            lines: MoveTree | None = None,
            resigned: int | None = None,
        ) -> TableController: ...
        def _look_at_table_ply(self, ply: int) -> None: ...
        def _back_to_table_game(self) -> None: ...
        def _adopt_older_game_file(self) -> None: ...
        def _resume_table_game_in_progress(self, spec: GameSpec) -> tuple[bool, str]: ...
        def resume_table_game(
            self,
            setup: TableSetup,
            moves: tuple[int, ...],
            undone: tuple[int, ...],
            seed: int,
            lines: MoveTree | None = None,
            *,
            paused: bool = False,
            tally: Tally | None = None,
        ) -> TableController: ...
        def _table_node_chosen(self, node: int) -> None: ...
        def board_widget(self) -> BoardView | RowColBoardView: ...
        def _show_table_setup_dialog(self) -> RowColSetupDialog | GravitySetupDialog | None: ...
        def game_play_again(self) -> None: ...
