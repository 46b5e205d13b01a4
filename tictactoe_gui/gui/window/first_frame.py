"""The main window's first frame: what a window built in two stages shows until it is
complete, and the clicks and keys that come before then, kept for the game.

The frame is the real window with what loads quickly: the board of the game it will
open, the players strip, the docks' frames at their saved places. A click on its board
or a key pressed in it is never lost: the move is drawn at once where the person's side
is to move on a fresh board, and every click and key is played, in order, as soon as the
game is set up (:meth:`MainWindow.complete`). This module is light: it loads before
the first paint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, Qt, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDockWidget, QWidget

from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.variants import DEFAULT, Variant, VariantError, get_variant
from tictactoe_gui.gui.window.base import GAME_IN_PROGRESS_KEY, WindowBase

if TYPE_CHECKING:
    from tictactoe_gui.engine.game_interface import GameSpec

#: What New Game keeps (the dialog's settings group), read here without the dialog.
_FAMILY = "newGame/family"
#: The board of the last game played at the table, as the first frame shows it: the game's
#: key, its empty board's id and whether discs fall on it (``"gravity 6x7k4 falls"``),
#: kept when the game starts (:func:`remember_frame`) so the frame loads no game to draw it.
FRAME_KEY = "firstFrame/board"
_MODE = "newGame/mode"
_YOUR_SIDE = "newGame/yourSide"
_AI_VS_AI = "ai-vs-ai"
_HUMAN_VS_AI = "human-vs-ai"


_FALLS = "falls"


def frame_of(spec: GameSpec) -> tuple[Board, bool] | None:
    """The empty board a first frame shows for ``spec``, a game at the table, and whether
    discs fall on it; None where its board is no grid of X and O (Row & Column's)."""
    from tictactoe_gui.engine.game_interface import GameError  # loaded with the game

    try:
        board = spec.new_game().marks_board()
    except GameError:
        return None
    return None if board is None else (board, spec.discs_fall)


def remember_frame(settings: QSettings, spec: GameSpec) -> None:
    """Keep the board of ``spec``, a game at the table just started, for the next first
    frame (see :data:`FRAME_KEY`)."""
    frame = frame_of(spec)
    if frame is None:
        settings.remove(FRAME_KEY)
        return
    board, falls = frame
    settings.setValue(
        FRAME_KEY, f"{spec.game_key} {board.variant.id} {_FALLS if falls else 'stays'}"
    )


class FirstFramePart(WindowBase):
    """The first frame, and the input that comes to it before the game is set up."""

    #: Clicks (a cell) and keys (a copy of the event) that came before the game was set up.
    _early_input: list[Move | QKeyEvent]
    #: Whether the first early click is drawn at once (the person plays first, afresh).
    _early_moves_shown: bool
    #: The game whose board the frame shows (a click on it is a cell of that board).
    _frame_variant: Variant | None

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
        table = self._table_frame()
        gravity = False
        if table is not None:
            board, gravity = table  # a game at the table (Connect Four's board: discs fall)
        # Its cells are named for screen readers when the game starts, in complete(); until
        # then hovering shows no move, and a click or key waits for the game (below).
        self.board_view.set_board(board, name_cells=False, gravity=gravity)
        # Drawn at once, not animated in: nothing animates until the game is set up.
        self.board_view.set_animations_enabled(False)
        self._early_input.clear()
        # A game at the table starts afresh in complete(): nothing is drawn before then.
        self._early_moves_shown = table is None and self._person_moves_first(game)
        self._frame_variant = board.variant
        self.board_view.cell_activated.connect(self._early_cell)
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

    def centre_cell_on_screen(self) -> tuple[int, int, int, int]:
        """Where the board's centre cell is on the screen (x, y, width, height): where the
        start-up benchmark clicks."""
        view = self.board_view
        cell = view.cell_rect(Move(view.rows // 2, view.cols // 2))
        corner = view.mapToGlobal(cell.topLeft().toPoint())
        return corner.x(), corner.y(), round(cell.width()), round(cell.height())

    def _table_frame(self) -> tuple[Board, bool] | None:
        """The empty board of the game at the table the window opens on (asked for, else
        the last one played), and whether discs fall on it; None for k in a row or a game
        whose board is no grid of X and O. The last game's board is the one kept when it
        started (:func:`remember_frame`): no game is loaded to draw it."""
        table = self._opening_table
        if table is not None:
            return frame_of(table)
        if self._opening_game is not None:
            return None
        parts = str(self._settings.value(FRAME_KEY, "")).split()
        if len(parts) != 3 or parts[0] != self._settings.value(_FAMILY):
            return None
        try:
            return Board.empty(get_variant(parts[1])), parts[2] == _FALLS
        except VariantError:
            return None

    def _person_moves_first(self, game: Variant) -> bool:
        """Whether the game complete() sets up is a fresh board where a person moves first
        (not a game to resume, not AI vs AI, not the AI's first move)."""
        s = self._settings
        if s.value(GAME_IN_PROGRESS_KEY) is not None or game.family is not DEFAULT.family:
            return False
        mode = str(s.value(_MODE, _HUMAN_VS_AI))
        if mode == _AI_VS_AI:
            return False
        return mode != _HUMAN_VS_AI or str(s.value(_YOUR_SIDE, "X")) == "X"

    @Slot(int, int)
    def _early_cell(self, row: int, col: int) -> None:
        """A click on the frame's board: kept, and the first one drawn where it may be."""
        move = Move(row, col)
        board = self.board_view.board
        if not self._early_input and self._early_moves_shown and board.is_legal(move):
            self.board_view.set_board(board.play(move), move, name_cells=False)
        self._early_input.append(move)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Until the game is set up no widget has the focus, so the window gets every key.
        if not self._ready and not event.isAutoRepeat():
            self._early_input.append(
                QKeyEvent(
                    QEvent.Type.KeyPress,
                    event.key(),
                    event.modifiers(),
                    event.text(),
                )
            )
            return
        super().keyPressEvent(event)

    def _play_early_input(self) -> None:
        """Play what came before the game was set up, in order: a click as a click on the
        board, a key as the board reads it, or as the shortcut it is."""
        self.board_view.cell_activated.disconnect(self._early_cell)
        early, self._early_input = self._early_input, []
        if not early:
            return
        # A mark the frame drew is not drawn in again (the game's board is set up afresh).
        self.board_view.set_animations_enabled(False)
        try:
            for item in early:
                if isinstance(item, Move):
                    # A cell of the frame's board, played only on that board.
                    board = self.controller.state.marks_board()
                    if board is not None and board.variant == self._frame_variant:
                        self.board_view.cell_activated.emit(item.row, item.col)
                elif not self._trigger_shortcut(item):
                    self.board_view.keyPressEvent(item)
        finally:
            self.board_view.set_animations_enabled(self.animations_action.isChecked())

    def _trigger_shortcut(self, event: QKeyEvent) -> bool:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if not modifiers & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            return False  # a plain key is the board's (the digits, arrows, Enter, reading keys)
        from PySide6.QtGui import QKeySequence  # the shortcuts' class: built by now, not at start

        pressed = QKeySequence(event.keyCombination())
        for action in self.actions():
            if action.isEnabled() and pressed in action.shortcuts():
                action.trigger()
                return True
        return False
