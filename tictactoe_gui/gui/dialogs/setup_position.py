"""Set Up Position: place marks by clicking, then analyse or play on from there.

Each click cycles a cell through empty, X and O. The position is checked by
the engine's own :class:`~tictactoe_gui.engine.Board` rules, and the reason a
position is impossible is shown as the user builds it.
"""

from __future__ import annotations

import enum

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine import Board, BoardError, Mark, Move
from tictactoe_gui.gui.board_view import BoardView


class SetupChoice(enum.Enum):
    ANALYSE = "analyse"
    PLAY = "play"


class SetupPositionDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, *, start: Board | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupPositionDialog")
        self.setWindowTitle("Set Up Position")
        self._cells: list[str] = list((start or Board.empty()).to_text())
        self._board: Board | None = None
        self.choice: SetupChoice | None = None

        layout = QVBoxLayout(self)
        help_text = QLabel(
            "Click a cell to cycle it through X, O and empty. "
            "X moves first, so X has as many marks as O or one more."
        )
        help_text.setWordWrap(True)
        layout.addWidget(help_text)

        self.board_view = BoardView()
        self.board_view.setObjectName("setupBoardView")
        self.board_view.set_animations_enabled(False)
        self.board_view.set_hover_ghost(False)  # a click cycles the cell; it plays nothing
        self.board_view.setMinimumSize(240, 240)
        self.board_view.cell_activated.connect(self.cycle)
        layout.addWidget(self.board_view, 1)

        self.status_label = QLabel()
        self.status_label.setObjectName("setupStatus")
        self.status_label.setWordWrap(True)
        layout.addWidget(self.status_label)

        row = QHBoxLayout()
        clear = QPushButton("Clear")
        clear.clicked.connect(self.clear)
        row.addWidget(clear)
        row.addStretch(1)
        layout.addLayout(row)

        self._buttons = QDialogButtonBox()
        self.analyse_button = self._buttons.addButton(
            "Analyse", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.play_button = self._buttons.addButton(
            "Play from Here…", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self._buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.analyse_button.clicked.connect(lambda: self._finish(SetupChoice.ANALYSE))
        self.play_button.clicked.connect(lambda: self._finish(SetupChoice.PLAY))
        self._buttons.rejected.connect(self.reject)
        layout.addWidget(self._buttons)
        self.resize(380, 480)
        self._revalidate()

    def board(self) -> Board | None:
        """The position set up, or None while it is not a legal, unfinished position."""
        return self._board

    def cycle(self, row: int, col: int) -> None:
        index = Move(row, col).index_on(3)
        self._cells[index] = {".": "X", "X": "O", "O": "."}[self._cells[index]]
        self._revalidate()

    def set_text(self, text: str) -> None:
        self._cells = list(text)
        self._revalidate()

    def clear(self) -> None:
        self._cells = list(".........")
        self._revalidate()

    def _revalidate(self) -> None:
        text = "".join(self._cells)
        x = sum(1 << i for i, c in enumerate(text) if c == "X")
        o = sum(1 << i for i, c in enumerate(text) if c == "O")
        try:
            board = Board(x, o)
        except BoardError as error:
            self._board = None
            self.status_label.setText(f"Not a legal position: {error}.")
            shown = Board.empty()
            # Show what was placed even when it is impossible, so it can be fixed.
            self.board_view.set_board(shown)
            self._paint_raw(x, o)
        else:
            if board.is_over:
                self._board = None
                self.status_label.setText(
                    f"This game is already over ({board.outcome}); remove a mark to play on."
                )
            else:
                self._board = board
                self.status_label.setText(f"A legal position: {board.to_move} to move.")
            self.board_view.set_board(board)
        # The board reads out the verdict (why a position is impossible) instead of a turn.
        self.board_view.set_status_note(self.status_label.text())
        valid = self._board is not None
        self.analyse_button.setEnabled(valid)
        self.play_button.setEnabled(valid)

    def _paint_raw(self, x: int, o: int) -> None:
        # Board refuses impossible positions, so the view is handed the bare marks instead.
        marks = [(Mark.X if x >> i & 1 else Mark.O, i) for i in range(9) if (x | o) >> i & 1]
        self.board_view.set_raw_marks(marks)

    def _finish(self, choice: SetupChoice) -> None:
        if self._board is None:
            return
        self.choice = choice
        self.accept()
