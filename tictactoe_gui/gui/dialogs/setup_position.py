"""Set Up Position: place marks by clicking or paste a position, then analyse or play on.

Works on the board of any k-in-a-row game. Each click cycles a cell through
empty, X and O; a position can also be pasted (or typed) in the command
line's text form: rows top to bottom separated by ``/``, ``X``, ``O`` and
``.`` for the cells and a number for a run of empty cells (the 9-character
form also works on 3×3). The position is checked by the engine's own
:class:`~tictactoe_gui.engine.Board` rules, and the reason a position is
impossible is shown as it is built; text that is not a position at all is
refused in one line and changes nothing.
"""

from __future__ import annotations

import enum
import re
from typing import ClassVar, Final

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine import Board, BoardError, Mark
from tictactoe_gui.engine.variants import TICTACTOE, Variant, quote
from tictactoe_gui.gui.accessibility import buddy_label
from tictactoe_gui.gui.board_view import BoardView

_RUN: Final = re.compile(r"[1-9]\d*|.")


class SetupChoice(enum.Enum):
    ANALYSE = "analyse"
    PLAY = "play"


def cells_from_text(text: str, variant: Variant) -> list[str]:
    """The cells (``"X"``, ``"O"`` or ``"."``) a position's text describes, legal or not.

    Raises ValueError with a one-line reason when the text does not describe a
    board of ``variant`` (wrong number of rows or cells, a stray character).
    """
    stripped = text.strip()
    if variant.is_tictactoe:
        nine = stripped.replace("/", "").replace("|", "")
        if len(nine) == 9 and not any(ch in "123456789" for ch in nine):
            cells = []
            for position, ch in enumerate(nine, start=1):
                if ch in "Xx":
                    cells.append("X")
                elif ch in "Oo0":
                    cells.append("O")
                elif ch in ".- ":
                    cells.append(".")
                else:
                    raise ValueError(
                        f"bad character {ch!r} at position {position}; use X, O or . for empty"
                    )
            return cells
    rows = stripped.split("/")
    if len(rows) != variant.rows:
        raise ValueError(
            f"a {variant.rows}×{variant.cols} position has {variant.rows} rows separated by "
            f"'/', got {len(rows)}: {quote(stripped)}"
        )
    cells = []
    for number, row in enumerate(rows, start=1):
        found: list[str] = []
        for token in _RUN.findall(row.strip()):
            if token[0] in "123456789":
                found.extend("." * int(token))
            elif token.upper() in ("X", "O", "."):
                found.append(token.upper())
            else:
                raise ValueError(
                    f"bad character {token!r} in row {number}; use X, O, . or a number "
                    "of empty cells"
                )
        if len(found) != variant.cols:
            raise ValueError(f"row {number} has {len(found)} cells; a row here has {variant.cols}")
        cells.extend(found)
    return cells


def cells_to_text(cells: list[str], variant: Variant) -> str:
    """The text form of the cells (runs of empty cells as numbers; 9 characters on 3×3)."""
    if variant.is_tictactoe:
        return "".join(cells)
    out = []
    for r in range(variant.rows):
        row, run = [], 0
        for ch in cells[r * variant.cols : (r + 1) * variant.cols]:
            if ch == ".":
                run += 1
                continue
            if run:
                row.append(str(run) if run > 1 else ".")
                run = 0
            row.append(ch)
        if run:
            row.append(str(run) if run > 1 else ".")
        out.append("".join(row))
    return "/".join(out)


class SetupPositionDialog(QDialog):
    #: Whether discs fall (the board is drawn with discs and takes column keys).
    gravity: ClassVar[bool] = False
    #: What the board holds, in the messages ("remove a mark to play on").
    piece_word: ClassVar[str] = "mark"

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        start: Board | None = None,
        variant: Variant | None = None,
    ) -> None:
        """Set up a position of ``start``'s game (else ``variant``, else tic-tac-toe)."""
        super().__init__(parent)
        self.setObjectName("setupPositionDialog")
        self.setWindowTitle("Set Up Position")
        self._variant = start.variant if start is not None else variant or TICTACTOE
        first = start if start is not None else Board.empty(self._variant)
        self._cells: list[str] = [
            "X" if mark is Mark.X else "O" if mark is Mark.O else "."
            for mark in (first.mark_at(i) for i in range(first.cells))
        ]
        self._board: Board | None = None
        self.choice: SetupChoice | None = None

        layout = QVBoxLayout(self)
        self.help_label = help_text = QLabel(
            f"{self._variant.name}: click a cell to cycle it through X, O and empty, or paste "
            "a position below. X moves first, so X has as many marks as O or one more."
        )
        help_text.setWordWrap(True)
        layout.addWidget(help_text)

        self.board_view = self._make_board_view()
        self.board_view.setObjectName("setupBoardView")
        self.board_view.set_animations_enabled(False)
        self.board_view.set_hover_ghost(False)  # a click cycles the cell; it plays nothing
        self.board_view.setMinimumSize(240, 240)
        self.board_view.cell_activated.connect(self.cycle)
        self.board_view.reading.connect(self.board_view.add_news)
        layout.addWidget(self.board_view, 1)

        self.status_label = QLabel()
        self.status_label.setObjectName("setupStatus")
        self.status_label.setWordWrap(True)
        layout.addWidget(self.status_label)

        text_row = QHBoxLayout()
        self.text_edit = QLineEdit()
        self.text_edit.setObjectName("positionText")
        self.text_edit.setAccessibleName("Position as text")
        self.text_edit.setPlaceholderText(
            "X.O/.X./..O" if self._variant.is_tictactoe else "rows separated by /, e.g. 3X2/…"
        )
        self.text_edit.setToolTip(
            "Rows top to bottom separated by '/'; X, O and . for the cells, a number for a "
            "run of empty cells (as the command line writes positions). Enter applies it."
        )
        # Enter applies the text, and only that: the dialog's default button is not pressed.
        self.text_edit.installEventFilter(self)
        text_row.addWidget(buddy_label("&Position:", self.text_edit))
        text_row.addWidget(self.text_edit, 1)
        apply_button = QPushButton("&Use")
        apply_button.setObjectName("useTextButton")
        apply_button.clicked.connect(self.apply_text)
        text_row.addWidget(apply_button)
        layout.addLayout(text_row)
        self.text_error = QLabel()
        self.text_error.setObjectName("positionTextError")
        self.text_error.setWordWrap(True)
        self.text_error.setStyleSheet("color: #d23c32;")
        self.text_error.hide()
        layout.addWidget(self.text_error)

        row = QHBoxLayout()
        clear = QPushButton("&Clear")
        clear.clicked.connect(self.clear)
        row.addWidget(clear)
        paste = QPushButton("Pa&ste")
        paste.setToolTip("Use the position on the clipboard")
        paste.clicked.connect(self.paste)
        row.addWidget(paste)
        copy = QPushButton("C&opy")
        copy.setToolTip("Copy this position as text")
        copy.clicked.connect(self.copy)
        row.addWidget(copy)
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
        big = max(self._variant.rows, self._variant.cols) > 5
        if big:
            self.resize(620, 760)
        else:
            self.resize(380, 560)
        self._revalidate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.text_edit
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self.apply_text()
            return True
        return super().eventFilter(watched, event)

    def _make_board_view(self) -> BoardView:
        return BoardView()

    @property
    def variant(self) -> Variant:
        return self._variant

    def board(self) -> Board | None:
        """The position set up, or None while it is not a legal, unfinished position."""
        return self._board

    def text(self) -> str:
        """The cells as text (what Copy puts on the clipboard)."""
        return cells_to_text(self._cells, self._variant)

    def cycle(self, row: int, col: int) -> None:
        index = row * self._variant.cols + col
        self._cells[index] = {".": "X", "X": "O", "O": "."}[self._cells[index]]
        self._revalidate()

    def set_text(self, text: str) -> bool:
        """Show the position ``text`` describes; text that describes none is refused in one
        line and the board is left as it was. Returns whether it was taken."""
        try:
            cells = cells_from_text(text, self._variant)
        except ValueError as error:
            message = str(error)
            self.text_error.setText(f"Not a position: {message}.")
            self.text_error.show()
            return False
        self.text_error.hide()
        self._cells = cells
        self._revalidate()
        return True

    def apply_text(self) -> None:
        self.set_text(self.text_edit.text())

    def paste(self) -> None:
        clipboard = QGuiApplication.clipboard()
        text = clipboard.text().strip() if clipboard is not None else ""
        self.text_edit.setText(text)
        self.set_text(text)

    def copy(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.text())

    def clear(self) -> None:
        self._cells = ["."] * self._variant.cells
        self.text_error.hide()
        self._revalidate()

    def _revalidate(self) -> None:
        x = sum(1 << i for i, c in enumerate(self._cells) if c == "X")
        o = sum(1 << i for i, c in enumerate(self._cells) if c == "O")
        try:
            board = Board(x, o, self._variant)
        except BoardError as error:
            self._board = None
            self.status_label.setText(f"Not a legal position: {error}.")
            # Show what was placed even when it is impossible, so it can be fixed.
            self.board_view.set_board(Board.empty(self._variant), gravity=self.gravity)
            self._paint_raw(x, o)
        else:
            if board.is_over:
                self._board = None
                self.status_label.setText(
                    f"This game is already over ({board.outcome}); remove a {self.piece_word} "
                    "to play on."
                )
            else:
                self._board = board
                self.status_label.setText(f"A legal position: {board.to_move} to move.")
            self.board_view.set_board(board, gravity=self.gravity)
        # The board reads out the verdict (why a position is impossible) instead of a turn.
        self.board_view.set_status_note(self.status_label.text())
        valid = self._board is not None
        self.analyse_button.setEnabled(valid)
        self.play_button.setEnabled(valid)

    def _paint_raw(self, x: int, o: int) -> None:
        # Board refuses impossible positions, so the view is handed the bare marks instead.
        marks = [
            (Mark.X if x >> i & 1 else Mark.O, i)
            for i in range(self._variant.cells)
            if (x | o) >> i & 1
        ]
        self.board_view.set_raw_marks(marks)

    def _finish(self, choice: SetupChoice) -> None:
        if self._board is None:
            return
        self.choice = choice
        self.accept()
