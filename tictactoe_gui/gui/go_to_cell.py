"""The dialog that asks for a cell by name (the board's key G), loaded when first opened:
its Qt class is not built while the window starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog

if TYPE_CHECKING:
    from tictactoe_gui.gui.board_view import BoardView


class GoToCellDialog(QInputDialog):
    """Asks for a cell's name; the board's cursor moves before the dialog closes, so the
    board is read once, at the new cell, when it gets the focus back."""

    def __init__(self, board: BoardView, last: str) -> None:
        super().__init__(board)
        self._board = board
        self.setObjectName("goToCellDialog")
        self.setWindowTitle("Go to Cell")
        self._prompt = f"Cell (a column letter and a row number, a1 to {last}):"
        self.setLabelText(self._prompt)
        self.setInputMode(QInputDialog.InputMode.TextInput)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def accept(self) -> None:
        name = self.textValue()
        try:
            self._board.board.parse_move(name.strip())
        except ValueError as error:
            # Seen as well as heard, and the name kept to correct.
            self.setLabelText(f"{error}.\n{self._prompt}")
            self._board.go_to_cell(name)
            return
        self._board.go_to_cell(name)
        super().accept()
