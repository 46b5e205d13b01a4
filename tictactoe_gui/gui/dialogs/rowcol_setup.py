"""Set Up Position for Row & Column: type or paste a grid with taken cells and play on.

The grid is written as the command line reads it: rows separated by ``/`` (or
one row per line), cells by ``,``, each an integer or ``.`` for a taken cell.
A grid with taken cells needs the last cell taken (the next take shares its
row or column); the player to move and the scores so far can be set. Every
problem is named in one line under the fields as they are typed, and Start
stays disabled until the position is one the rules allow.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine.notation import NotationError, parse_cell
from tictactoe_gui.engine.rowcol import Player, Position, RowColError, parse_board
from tictactoe_gui.engine.rowcol.rules import VALUE_LIMIT
from tictactoe_gui.gui.accessibility import SpokenLineEdit, buddy_label, speak_choice_changes

#: Scores so far are sums of at most 100 values.
SCORE_LIMIT = 100 * VALUE_LIMIT


class RowColSetupDialog(QDialog):
    """A grid, its last take, who moves and the scores: a position to play on from."""

    def __init__(self, position: Position, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rowColSetupDialog")
        self.setWindowTitle("Set Up Position")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Type or paste the grid: rows separated by '/' or one per line, cells by ',', "
            "each a number or '.' for a taken cell. The game goes on from here with the "
            "same players, and is not recorded."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.board_edit = QPlainTextEdit()
        self.board_edit.setObjectName("rowColSetupBoard")
        self.board_edit.setAccessibleName("Grid")
        self.board_edit.setTabChangesFocus(True)
        self.board_edit.setPlainText(position.to_text().replace("/", "\n"))
        form.addRow(buddy_label("&Grid:", self.board_edit), self.board_edit)
        paste = QPushButton("&Paste")
        paste.clicked.connect(self._paste)
        form.addRow("", paste)
        self.last_edit = SpokenLineEdit(
            "" if position.last is None else position.cell_label(position.last)
        )
        self.last_edit.setObjectName("rowColSetupLast")
        self.last_edit.setAccessibleName("Last cell taken")
        self.last_edit.setPlaceholderText("b2 (empty when no cell is taken)")
        form.addRow(buddy_label("&Last take:", self.last_edit), self.last_edit)
        self.to_move = speak_choice_changes(QComboBox())
        self.to_move.setAccessibleName("To move")
        self.to_move.addItem("A", Player.A.value)
        self.to_move.addItem("B", Player.B.value)
        self.to_move.setCurrentIndex(0 if position.to_move is Player.A else 1)
        form.addRow(buddy_label("&To move:", self.to_move), self.to_move)
        self.score_a = QSpinBox()
        self.score_b = QSpinBox()
        for spin, value, name in (
            (self.score_a, position.score_a, "A's score so far"),
            (self.score_b, position.score_b, "B's score so far"),
        ):
            spin.setRange(-SCORE_LIMIT, SCORE_LIMIT)
            spin.setValue(value)
            spin.setAccessibleName(name)
        form.addRow(buddy_label("&A's score:", self.score_a), self.score_a)
        form.addRow(buddy_label("&B's score:", self.score_b), self.score_b)
        layout.addLayout(form)
        self.error_label = QLabel()
        self.error_label.setObjectName("rowColSetupError")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #d23c32;")
        layout.addWidget(self.error_label)
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        # Enter in the grid starts a new line: Alt+S starts the game from any field.
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Start")
        self._buttons.accepted.connect(self._accept_if_valid)
        self._buttons.rejected.connect(self.reject)
        layout.addWidget(self._buttons)
        self.board_edit.textChanged.connect(self._validate)
        self.last_edit.textChanged.connect(self._validate)
        self._validate()

    def _paste(self) -> None:
        text = QGuiApplication.clipboard().text()
        if text.strip():
            self.board_edit.setPlainText(text.strip())

    def problem(self) -> str | None:
        """Why the fields are not a position, in one sentence; None when they are."""
        try:
            self._build()
        except (RowColError, NotationError) as error:
            text = str(error)
            return text[0].upper() + text[1:] + "."
        return None

    def _build(self) -> Position:
        size, values, taken = parse_board(self.board_edit.toPlainText())
        last_text = self.last_edit.text().strip()
        last = None
        if last_text:
            row, col = parse_cell(last_text, size, size)
            last = row * size + col
            if not taken >> last & 1:
                raise RowColError(
                    f"the last take {last_text} still holds a number; it must be a taken cell ('.')"
                )
        elif taken:
            raise RowColError(
                "the grid has taken cells: say which was taken last, since the next take "
                "must share its row or column"
            )
        return Position(
            size,
            values,
            taken,
            last,
            self.score_a.value(),
            self.score_b.value(),
            Player(self.to_move.currentData()),
        )

    def position(self) -> Position:
        """The position set up (only once the dialog is accepted)."""
        return self._build()

    def _validate(self) -> bool:
        problem = self.problem()
        self.error_label.setText(problem or "")
        self.error_label.setVisible(problem is not None)
        # Said by a screen reader as it appears in the field being typed in, and when
        # either field is reached (the line under them is not on the Tab path).
        for field in (self.board_edit, self.last_edit):
            field.setAccessibleDescription(problem or "")
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)
        return problem is None

    def _accept_if_valid(self) -> None:
        if self._validate():
            self.accept()

    @property
    def ok_button(self) -> QWidget:
        return self._buttons.button(QDialogButtonBox.StandardButton.Ok)
