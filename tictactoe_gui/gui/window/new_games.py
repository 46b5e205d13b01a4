"""The main window's ways into a game: New Game, the game a start opens on, and a
set-up position."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QWidget

from tictactoe_gui.engine import Board
from tictactoe_gui.gui.window.base import (
    WindowBase,
    later,
)

if TYPE_CHECKING:
    from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
    from tictactoe_gui.gui.dialogs.rowcol_setup import RowColSetupDialog
    from tictactoe_gui.gui.dialogs.setup_position import SetupChoice, SetupPositionDialog
    from tictactoe_gui.session.table import TableSetup


class NewGamesPart(WindowBase):
    """New Game and Set Up Position, and the game the window opens on."""

    def _initial_table_setup(self) -> TableSetup | None:
        """The table game the window opens on (asked for, else the last one played), with
        the last New Game choices; None when it opens on k in a row."""
        s = self._settings
        spec = self._opening_table
        if self._opening_game is not None:
            return None
        if s.value("rowColumnWindow/open") == "true":
            # Row & Column played in a window of its own, left open last time: it is
            # now the last game, played in this one.
            s.remove("rowColumnWindow/open")
            spec = spec or later.find_game("rowcol")
        if spec is None:
            # The kind of game last played (its game's key): k in a row opens on its own
            # board; a game with New Game options of its own, on its default size; any
            # other, on the game last chosen in New Game's combo.
            game = later.registered_game(str(s.value("newGame/family", "")))
            if game is None or game.listed[0].k_in_a_row_board:
                return None
            spec = game.listed[0]
            if not spec.own_new_game_options:
                try:
                    spec = later.find_game(str(s.value("newGame/game", "")))
                except ValueError:
                    return None
        s.setValue("newGame/family", spec.game_key)
        if not spec.own_new_game_options:
            s.setValue("newGame/game", spec.id)
        dialog = later.NewGameDialog(s, self)
        try:
            own = dialog.own_options_game()
            if own is not None and own.game_key == spec.game_key:
                if dialog.is_valid():
                    setup, _seed = dialog.own_options_setup()
                    # The size asked for (--game rowcol5), with the last players.
                    return replace(setup, spec=spec) if self._opening_table else setup
            elif dialog.table_game() == spec and dialog.is_valid():
                return dialog.table_setup()
        except ValueError:
            pass
        finally:
            dialog.deleteLater()
        return later.TableSetup(
            spec,
            later.GameMode.HUMAN_VS_AI,
            (later.Seat.human("Player"), later.Seat.for_game(spec, spec.default_players[1])),
        )

    def _initial_setup(self) -> later.GameSetup:
        """The last New Game choices, so the app opens on the kind of game last played
        (or on the game asked for when the window was opened)."""
        game = self._opening_game
        dialog = later.NewGameDialog(
            self._settings,
            self,
            start=Board.empty(game) if game is not None else None,
            offer_own_options=False,
        )
        fallback = later.GameSetup.default()
        if game is not None:
            fallback = replace(fallback, start=Board.empty(game))
            # The game asked for is now the one last chosen: New Game opens on it.
            self._settings.setValue("newGame/game", game.id)
            self._settings.setValue("newGame/family", later.find_game(game.id).game_key)
        try:
            valid = dialog.is_valid() and dialog.table_game() is None
            return dialog.setup() if valid else fallback
        except ValueError:
            return fallback
        finally:
            dialog.deleteLater()

    def show_new_game_dialog(
        self, start: Board | None = None, over: QWidget | None = None
    ) -> later.NewGameDialog:
        """Open the New Game dialog (window-modal over ``over``, this window unless said,
        not blocking); accepting starts the game."""

        dialog = later.NewGameDialog(self._settings, over or self, start=start)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._on_new_game_accepted(dialog))
        dialog.open()
        return dialog

    def _on_new_game_accepted(self, dialog: NewGameDialog) -> None:
        if dialog.own_options_game() is not None:
            setup, seed = dialog.own_options_setup()
            self.start_table_game(setup, seed)
        elif dialog.table_game() is not None:
            self.start_table_game(dialog.table_setup())
        else:
            self.new_game(dialog.setup())
        if not self.isActiveWindow():
            self.raise_()
            self.activateWindow()

    @Slot()
    def show_setup_dialog(self) -> SetupPositionDialog | RowColSetupDialog | None:
        from tictactoe_gui.gui.dialogs.setup_position import SetupPositionDialog

        table = self.controller
        board = table.state.marks_board()
        if board is None or not table.state.spec.k_in_a_row_board:
            return self._show_table_setup_dialog()
        start = board if not table.replaying and not board.is_over else None
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

        if choice is SetupChoice.ANALYSE:
            spec = later.find_game(board.variant.id)
            self.study_table_game(spec.from_position_text(board.to_text()), ())
            self.show_message("Analysing the set-up position; play moves for either side.")
        else:
            self.show_new_game_dialog(board)
