"""Row & Column at the main window's table, as the tests reach it: the game's session,
position and numbers board, and the window's own banner, bars, announcer and status."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from tictactoe_gui.engine.games import GameAnalysis
from tictactoe_gui.engine.rowcol import Player, Position, RowColAnalysis, Take
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.rowcol_view import RowColBoardView
from tictactoe_gui.gui.table_boards import position_of
from tictactoe_gui.gui.table_controller import TableController
from tictactoe_gui.session.table import TableSession, TableSetup


class RowColTable:
    """A main window playing Row & Column (any game of the numbers board)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    # -- the window's parts -----------------------------------------------------------

    @property
    def table(self) -> TableController:
        return self.window.controller

    @property
    def board_view(self) -> RowColBoardView:
        view = self.window.board_widget()
        assert isinstance(view, RowColBoardView)
        return view

    @property
    def status_label(self) -> QLabel:
        return self.window.turn_label

    @property
    def message(self) -> str:
        """The passing message in the status bar (a refusal, a hint, a failure)."""
        return self.window.statusBar().currentMessage()

    @property
    def records(self) -> object:
        return self.window._records

    def __getattr__(self, name: str) -> object:
        # banner, autoplay_bar, replay_bar, announcer, analysis_dock, undo_action, …
        return getattr(self.window, name)

    # -- the game ---------------------------------------------------------------------

    @property
    def session(self) -> TableSession:
        session = self.controller.session
        assert session is not None
        return session

    @property
    def position(self) -> Position:
        return position_of(self.session.state)

    @property
    def start_position(self) -> Position:
        return position_of(self.session.start)

    def start(self, setup: TableSetup, seed: int) -> None:
        self.window.start_table_game(setup, seed)

    def takes(self) -> tuple[Take, ...]:
        session = self.session
        return tuple(
            Take(position_of(before).to_move, cell, position_of(before).values[cell])
            for before, cell in zip(session.states, session.moves, strict=False)
        )

    def owners(self) -> dict[int, Player]:
        return {take.cell: take.player for take in self.takes()}

    def game_analysis(self) -> GameAnalysis | None:
        return self.session.analysis_of(self.session.state)

    def analysis_now(self) -> RowColAnalysis | None:
        analysis = self.game_analysis()
        source = None if analysis is None else analysis.source
        return source if isinstance(source, RowColAnalysis) else None

    def take(self, cell: int) -> None:
        """A take as a click on its cell would make it (checked by the session)."""
        row, col = self.position.row_col(cell)
        self.controller.cell_activated(row, col)

    def undo(self) -> None:
        self.window.undo_action.trigger()

    def redo(self) -> None:
        self.window.redo_action.trigger()

    def hint(self) -> None:
        self.window.hint_action.trigger()

    def set_paused(self, paused: bool) -> None:
        self.controller.set_paused(paused)

    def step(self) -> None:
        self.controller.step()

    def play_again(self) -> None:
        self.controller.play_again()

    def shutdown(self) -> None:
        self.window.close()
