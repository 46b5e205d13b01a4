"""Set Up Position for Connect Four and any gravity board: drop discs, then play on.

k in a row's dialog (:class:`~.setup_position.SetupPositionDialog`) with the rule of
falling discs: a click anywhere in a column (or its digit key, or Enter on the column the
cursor is over) drops a disc of the chosen colour to the column's lowest empty cell, the
colour then turning to the side to move; a right-click, or Backspace on the column the
cursor is over (the one last dropped in), takes the column's top disc off. A position can
also be typed or pasted in the game's text form (what Copy Position gives) or as column
digits played from the empty board (``4453``). The counts say who is to move. Floating
discs cannot be built, and typed ones are refused in one line; impossible counts, two
sides with a line, or a finished game are said under the board and cannot be played on,
as in k in a row's dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QRadioButton, QVBoxLayout, QWidget

from tictactoe_gui.engine.games import GameSpec, GameState
from tictactoe_gui.engine.notation import COLUMN_LETTERS
from tictactoe_gui.gui.board_reading import board_of
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.dialogs.setup_position import SetupPositionDialog, cells_from_text


class DropBoardView(BoardView):
    """The set-up board: a disc dropped in a column the dialog finds full is its to say
    (the board shown may be an empty one under an impossible position's raw discs)."""

    column_full = Signal(int)

    def __init__(self, is_full: Callable[[int], bool]) -> None:
        super().__init__()
        self._is_full = is_full

    def drop(self, col: int) -> None:
        if self._is_full(col):
            self.column_full.emit(col)
            return
        super().drop(col)


class GravitySetupDialog(SetupPositionDialog):
    gravity: ClassVar[bool] = True
    piece_word: ClassVar[str] = "disc"

    def __init__(self, start: GameState, parent: QWidget | None = None) -> None:
        """Set up a position of ``start``'s game, from ``start``'s discs when it is not over
        (ValueError for a game not played with discs on a grid)."""
        self._spec = start.spec
        board, gravity = board_of(start)
        if not gravity:
            raise ValueError(f"{self._spec.name} has no discs that fall")
        super().__init__(
            parent, start=board if start.result is None else None, variant=board.variant
        )
        self.setObjectName("gravitySetupDialog")
        name = self._spec.name
        self.board_view.setAccessibleName(f"{name} board")
        self.analyse_button.hide()  # the game is analysed where it is played, in the dock
        self.play_button.setText("Play from &Here")
        self.help_label.setText(
            f"{name}: click a column (or press its number, or Left and Right then Enter) to "
            "drop a disc of the chosen colour; right-click a column, or press Backspace on "
            "it, to take its top disc off. Or type the position below. X drops first, so X "
            "has as many discs as O or one more; the counts say who is to move."
        )
        self.text_edit.setPlaceholderText("rows separated by /, or column digits such as 4453")
        self.text_edit.setToolTip(
            "Rows top to bottom separated by '/'; X, O and . for the cells, a number for a run "
            "of empty cells (as Copy Position writes them). Or column digits, 1 the left "
            "column, played from the empty board. Enter applies it."
        )
        colour_row = QHBoxLayout()
        colour_row.addWidget(QLabel("Drop:"))
        self.x_button = QRadioButton("&X")
        self.o_button = QRadioButton("O (&Nought)")
        self.x_button.setAccessibleName("Drop X discs")
        self.o_button.setAccessibleName("Drop O discs")
        colour_row.addWidget(self.x_button)
        colour_row.addWidget(self.o_button)
        colour_row.addStretch(1)
        self.take_back_button = QPushButton("Take &Back")
        self.take_back_button.setObjectName("takeBackDiscButton")
        self.take_back_button.setAccessibleName("Take the top disc off the cursor's column")
        self.take_back_button.setToolTip(
            "Take the top disc off the column the board's cursor is over, the one last "
            "dropped in (Backspace on the board)"
        )
        self.take_back_button.clicked.connect(self.take_back)
        colour_row.addWidget(self.take_back_button)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertLayout(layout.indexOf(self.status_label) + 1, colour_row)
        # Tab follows the controls as they are seen: the colour row sits above the text.
        self.setTabOrder(self.board_view, self.x_button)
        self.setTabOrder(self.x_button, self.o_button)
        self.setTabOrder(self.o_button, self.take_back_button)
        self.setTabOrder(self.take_back_button, self.text_edit)
        assert isinstance(self.board_view, DropBoardView)
        self.board_view.column_full.connect(self._say_full)
        self.board_view.installEventFilter(self)
        self._follow_counts()

    def _make_board_view(self) -> BoardView:
        return DropBoardView(self.is_full)

    @property
    def spec(self) -> GameSpec:
        return self._spec

    def state(self) -> GameState | None:
        """The position set up, or None while it is not a legal, unfinished position."""
        return None if self.board() is None else self._spec.from_position_text(self.text())

    # -- building the position ------------------------------------------------------------------

    def is_full(self, col: int) -> bool:
        return self._cells[col] != "."

    def cycle(self, row: int, col: int) -> None:
        """A click (or a key) on a column drops a disc in it."""
        del row
        self.drop(col)

    def drop(self, col: int) -> None:
        """Drop a disc of the chosen colour in ``col``; a full column is said, not changed."""
        cols = self._variant.cols
        for row in range(self._variant.rows - 1, -1, -1):
            cell = row * cols + col
            if self._cells[cell] == ".":
                self._cells[cell] = "X" if self.x_button.isChecked() else "O"
                self._changed()
                return
        self._say_full(col)

    def remove_top(self, col: int) -> None:
        """Take the top disc of ``col`` off; an empty column is said, not changed."""
        cols = self._variant.cols
        for row in range(self._variant.rows):
            cell = row * cols + col
            if self._cells[cell] != ".":
                self._cells[cell] = "."
                self._changed()
                return
        self._say(f"Column {COLUMN_LETTERS[col]} is empty; it has no disc to take off.")

    def take_back(self) -> None:
        """Take the top disc off the column the board's cursor is over."""
        self.remove_top(self.board_view.focus_cell.col)

    def clear(self) -> None:
        super().clear()
        self._follow_counts()

    def set_text(self, text: str) -> bool:
        """Column digits (``4453``) played from the empty board, or rows in the text form; a
        floating disc, a column that does not exist or a full one is refused in one line,
        and the board is left as it was."""
        compact = text.strip()
        try:
            if compact.isdigit():
                empty = self._spec.new_game()
                cells = self._cells_of(empty.play_all(empty.read_moves(compact)))
            else:
                cells = cells_from_text(compact, self._variant)
                self._check_resting(cells)
        except ValueError as error:  # a MoveError, a PositionTextError too
            self._say(f"Not a position: {error}.")
            return False
        self.text_error.hide()
        self._cells = cells
        self._changed()
        return True

    def _cells_of(self, state: GameState) -> list[str]:
        board, _ = board_of(state)
        return [
            "X" if board.x >> i & 1 else "O" if board.o >> i & 1 else "."
            for i in range(board.cells)
        ]

    def _check_resting(self, cells: list[str]) -> None:
        cols = self._variant.cols
        for cell in range(cols, len(cells)):
            if cells[cell] == "." and cells[cell - cols] != ".":
                raise ValueError(
                    f"the disc on {self._spec.format_move(cell - cols)} floats: in "
                    f"{self._spec.name} every disc rests on the one below it"
                )

    # -- helpers -----------------------------------------------------------------------------

    def _changed(self) -> None:
        self.text_error.hide()
        self._revalidate()
        self._follow_counts()

    def _follow_counts(self) -> None:
        """The colour to drop next is the side to move by the counts."""
        x, o = self._cells.count("X"), self._cells.count("O")
        (self.x_button if x <= o else self.o_button).setChecked(True)

    def _say_full(self, col: int) -> None:
        letter = COLUMN_LETTERS[col]
        self._say(f"Column {letter} is full; take its top disc off (right-click or Backspace).")

    def _say(self, text: str) -> None:
        """A one-line message under the position text, also read with the board."""
        self.text_error.setText(text)
        self.text_error.show()
        self.board_view.add_news(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.board_view:
            if (
                event.type() == QEvent.Type.MouseButtonRelease
                and isinstance(event, QMouseEvent)
                and event.button() == Qt.MouseButton.RightButton
            ):
                cell = self.board_view.cell_at(event.position())
                if cell is not None:
                    self.remove_top(cell.col)
                    return True
            if (
                event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_Backspace
                and not event.modifiers()
            ):
                self.take_back()
                return True
        return super().eventFilter(watched, event)
