"""Small helpers that keep every window usable by keyboard and screen reader.

Qt gets most of this right by itself; these cover the places where its defaults
trap the keyboard or leave a control nameless: tables keep Tab for moving
between cells, a message box's icon has no name, and on Linux a combo box is
named after its current item unless a label points at it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.notation import cell_name

ICON_NAMES = {
    QMessageBox.Icon.Information: "Information",
    QMessageBox.Icon.Warning: "Warning",
    QMessageBox.Icon.Critical: "Error",
    QMessageBox.Icon.Question: "Question",
}


def table_in_tab_order(view: QAbstractItemView, name: str) -> None:
    """Tab and Shift+Tab leave ``view`` for the next control (arrows move inside it),
    and screen readers call it ``name``."""
    view.setTabKeyNavigation(False)
    view.setAccessibleName(name)


def buddy_label(text: str, field: QWidget, parent: QWidget | None = None) -> QLabel:
    """A visible label for ``field``: screen readers read it as the field's name
    ("Search algorithm: Alpha-beta + table"), and its mnemonic focuses the field."""
    widget = QLabel(text, parent)
    widget.setBuddy(field)
    return widget


class SpokenLineEdit(QLineEdit):
    """A line edit that a screen reader names when Tab reaches it empty.

    Reached by Tab, a QLineEdit selects its text, which for an empty field moves the
    caret from nowhere to 0; Qt reports that caret before the focus, and Orca 43 then
    takes the field as already presented and says nothing at all. An empty field has
    nothing to select, so it takes the focus quietly and Orca reads its label.
    """

    _SELECTING = (
        Qt.FocusReason.TabFocusReason,
        Qt.FocusReason.BacktabFocusReason,
        Qt.FocusReason.ShortcutFocusReason,
    )

    def focusInEvent(self, event: QFocusEvent) -> None:
        if not self.text() and event.reason() in self._SELECTING:
            event = QFocusEvent(event.type(), Qt.FocusReason.OtherFocusReason)
        super().focusInEvent(event)


class _ChoiceNews(QObject):
    """Says a combo box's new choice as its description while it has the focus."""

    def __init__(self, combo: QComboBox) -> None:
        super().__init__(combo)
        self._combo = combo
        self._kept = combo.accessibleDescription()
        combo.installEventFilter(self)
        combo.currentIndexChanged.connect(self._changed)

    def _changed(self, _index: int) -> None:
        if self._combo.hasFocus():
            self._combo.setAccessibleDescription(self._combo.currentText())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusOut:
            self._combo.setAccessibleDescription(self._kept)
        return False


def speak_choice_changes(combo: QComboBox) -> QComboBox:
    """Make a screen reader say the new choice when the arrow keys change ``combo``.

    Orca 43 does not speak a combo box's new value when it changes under the keyboard
    (Qt 6 reports it in a way Orca ignores), but it does speak the focused object's
    description when that changes; so while the combo has the focus its description
    follows the choice, and on leaving it goes back to what it was (nothing, usually,
    so the name and value are not read twice on the next visit). Returns ``combo``.
    """
    _ChoiceNews(combo)
    return combo


def name_message_box_icon(box: QMessageBox, name: str | None = None) -> None:
    """Give the message box's icon a name (its kind, or ``name`` for a picture)."""
    icon = box.findChild(QLabel, "qt_msgboxex_icon_label")
    if icon is None:
        return
    icon.setAccessibleName(name if name is not None else ICON_NAMES.get(box.icon(), ""))


def read_cells(board: Board, cells: Sequence[Move], title: str) -> str:
    """``"Row 3: a3 X, b3 to f3 empty, g3 O."``: cells in order, runs of empty cells
    folded into one phrase so a row of a 20×20 board stays short to hear."""
    words: list[str] = []
    empty: list[Move] = []

    def fold() -> None:
        if len(empty) == 1:
            words.append(f"{board.cell_name(empty[0])} empty")
        elif empty:
            words.append(f"{board.cell_name(empty[0])} to {board.cell_name(empty[-1])} empty")
        empty.clear()

    for move in cells:
        mark = board[move]
        if mark is None:
            empty.append(move)
            continue
        fold()
        words.append(f"{board.cell_name(move)} {mark}")
    fold()
    return f"{title}: {', '.join(words)}."


def read_row(board: Board, cursor: Move) -> str:
    number = cell_name(cursor.row, 0, board.variant.rows)[1:]
    cells = [Move(cursor.row, col) for col in range(board.variant.cols)]
    return read_cells(board, cells, f"Row {number}")


def read_column(board: Board, cursor: Move) -> str:
    letter = cell_name(0, cursor.col, board.variant.rows)[0]
    # From the bottom up, as the numbers count.
    cells = [Move(row, cursor.col) for row in reversed(range(board.variant.rows))]
    return read_cells(board, cells, f"Column {letter}")


def read_around(board: Board, cursor: Move) -> str:
    """The cursor's cell and its (up to) eight neighbours, top row first."""
    rows, cols = board.variant.rows, board.variant.cols
    cells = [
        Move(row, col)
        for row in range(max(0, cursor.row - 1), min(rows, cursor.row + 2))
        for col in range(max(0, cursor.col - 1), min(cols, cursor.col + 2))
    ]
    marks = [f"{board.cell_name(m)} {board[m]}" for m in cells if board[m] is not None]
    around = f"Around {board.cell_name(cursor)}"
    if not marks:
        return f"{around}: all {len(cells)} cells empty."
    return f"{around}: {', '.join(marks)}; the other {len(cells) - len(marks)} empty."
