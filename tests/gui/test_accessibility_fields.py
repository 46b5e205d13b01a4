"""The dialogs' one-line text fields (names, a board typed in, a cell) as a screen reader
meets them: what Qt reports when Tab reaches one, and in which order.

Orca 43 reads a focused field from the focus event: its name, its text and "selected"
when all of it is. What Qt reports before that event changes it: a selection made
first was said on its own before the field's name ("Player selected", then the field),
and a caret moved first had Orca take the field as already presented and not name it.
And Qt's accessible QLineEdit gives its text attributes in empty runs, which Orca reads
as ending one character short ("Playe"), so the fields are Qt text documents kept to
one line. Read here through Qt's accessibility interfaces, what Qt hands AT-SPI.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QSettings, Qt, QTimer
from PySide6.QtGui import QAccessible, QAccessibleInterface, QPalette
from PySide6.QtWidgets import QDialog, QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from tictactoe_gui.gui.accessibility import SpokenLineEdit


def interface(widget: QWidget) -> QAccessibleInterface:
    iface = QAccessible.queryAccessibleInterface(widget)
    assert iface is not None
    return iface


def shown_with(qtbot: QtBot, *fields: SpokenLineEdit) -> QWidget:
    """``fields`` in a shown, active window after a button (where the focus starts)."""
    box = QWidget()
    qtbot.addWidget(box)
    layout = QVBoxLayout(box)
    button = QPushButton("Before")
    for widget in (button, *fields):
        layout.addWidget(widget)
    box.show()
    box.activateWindow()
    qtbot.waitUntil(box.isActiveWindow, timeout=5000)
    button.setFocus(Qt.FocusReason.OtherFocusReason)
    return box


def changes_of(*fields: SpokenLineEdit) -> list[str]:
    """Every caret move and selection change of ``fields`` from now on."""
    changes: list[str] = []
    for field in fields:
        field.cursorPositionChanged.connect(lambda: changes.append("caret"))
        field.selectionChanged.connect(lambda: changes.append("selection"))
    return changes


def turn_of_the_event_loop(qtbot: QtBot) -> None:
    """Return once what was posted for the next turn of the event loop has run."""
    timer = QTimer()
    timer.setSingleShot(True)
    with qtbot.waitSignal(timer.timeout, timeout=5000):
        timer.start(0)


def test_a_field_reached_by_tab_is_all_selected_once_its_focus_is_reported(
    qtbot: QtBot,
) -> None:
    field = SpokenLineEdit("Player")
    field.setAccessibleName("Your name")
    _box = shown_with(qtbot, field)
    changes = changes_of(field)
    field.setFocus(Qt.FocusReason.TabFocusReason)
    # setFocus has reported the focus: nothing was selected or moved before it.
    assert field.hasFocus()
    assert changes == []
    qtbot.waitUntil(lambda: field.textCursor().selectedText() == "Player", timeout=5000)
    text = interface(field).textInterface()
    assert interface(field).text(QAccessible.Text.Name) == "Your name"
    assert text.text(0, text.characterCount()) == "Player"
    assert text.selectionCount() == 1


def test_leaving_a_field_keeps_its_selection_unsaid(qtbot: QtBot) -> None:
    field, after = SpokenLineEdit("Player"), SpokenLineEdit("Cop")
    _box = shown_with(qtbot, field, after)
    field.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: field.textCursor().hasSelection(), timeout=5000)
    changes = changes_of(field)
    after.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: after.textCursor().hasSelection(), timeout=5000)
    # A selection dropped on the way out is news Orca tells ("Text unselected.").
    assert changes == []
    assert field.textCursor().selectedText() == "Player"
    # Kept, but drawn as nothing selected, as a line edit left is.
    inactive = field.palette()
    group = QPalette.ColorGroup.Inactive
    assert inactive.color(group, QPalette.ColorRole.Highlight) == inactive.color(
        group, QPalette.ColorRole.Base
    )
    # Back in, all of it is still selected: nothing changes, nothing is told.
    field.setFocus(Qt.FocusReason.BacktabFocusReason)
    turn_of_the_event_loop(qtbot)
    assert changes == []
    assert field.textCursor().selectedText() == "Player"


def test_an_empty_field_reached_by_tab_moves_no_caret_before_its_focus(qtbot: QtBot) -> None:
    empty = SpokenLineEdit()
    _box = shown_with(qtbot, empty)
    changes = changes_of(empty)
    empty.setFocus(Qt.FocusReason.TabFocusReason)
    assert empty.hasFocus()
    turn_of_the_event_loop(qtbot)
    assert changes == []


def test_a_click_places_the_caret_without_selecting(qtbot: QtBot) -> None:
    field = SpokenLineEdit("Player")
    _box = shown_with(qtbot, field)
    qtbot.mouseClick(field.viewport(), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(field.hasFocus, timeout=5000)
    assert not field.textCursor().hasSelection()


def test_the_field_keeps_to_one_line_as_a_line_edit_does(qtbot: QtBot) -> None:
    field = SpokenLineEdit("two\nlines")
    _box = shown_with(qtbot, field)
    assert field.text() == "two lines"
    assert field.textCursor().position() == len("two lines")  # the caret at the end
    pasted = QMimeData()
    pasted.setText("Ada\r\nLovelace\n")
    field.setText("")
    field.insertFromMimeData(pasted)
    assert field.text() == "Ada Lovelace "
    assert field.document().blockCount() == 1


def test_typing_or_pasting_past_the_maximum_length_is_left_out(qtbot: QtBot) -> None:
    field = SpokenLineEdit("Player")
    field.setMaxLength(8)
    _box = shown_with(qtbot, field)
    field.setFocus(Qt.FocusReason.OtherFocusReason)
    field.moveCursor(field.textCursor().MoveOperation.End)
    qtbot.keyClicks(field, "One")
    assert field.text() == "PlayerOn"
    field.setText("x" * 20)
    assert field.text() == "x" * 8
    field.setMaxLength(4)
    assert field.text() == "xxxx"


def test_enter_in_a_field_presses_the_dialog_s_default_button(qtbot: QtBot) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    layout = QVBoxLayout(dialog)
    field = SpokenLineEdit("Player")
    start = QPushButton("Start")
    start.setDefault(True)
    start.clicked.connect(dialog.accept)
    layout.addWidget(field)
    layout.addWidget(start)
    dialog.show()
    field.setFocus()
    qtbot.waitUntil(field.hasFocus, timeout=5000)
    with qtbot.waitSignals([field.returnPressed, dialog.accepted], order="strict", timeout=5000):
        qtbot.keyClick(field, Qt.Key.Key_Return)
    assert field.text() == "Player"


def test_the_field_is_as_tall_as_a_line_edit(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QLineEdit

    field, line = SpokenLineEdit("Player"), QLineEdit("Player")
    assert field.sizeHint().height() == line.sizeHint().height()


def roles_above(widget: QWidget) -> list[QAccessible.Role]:
    """The roles of the objects a screen reader finds above ``widget``, up to its window."""
    roles = []
    iface = interface(widget).parent()
    while iface is not None and iface.isValid() and iface.object() is not widget.window():
        roles.append(iface.role())
        iface = iface.parent()
    return roles


def test_new_game_s_fields_lie_in_no_layered_pane(qtbot: QtBot, settings: QSettings) -> None:
    """New Game's modes and Row & Column's players are pages shown one at a time; as a
    QStackedWidget they were a "layered pane", which Orca 43 named before the first field
    of a page ("layered pane. Your name: text.")."""
    from tictactoe_gui.engine.games import find_game
    from tictactoe_gui.gui.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    for field in (dialog.your_name_edit, *dialog.player_name_edits):
        assert QAccessible.Role.LayeredPane not in roles_above(field)
    dialog.choose_game(find_game("rowcol"))
    options = dialog.own_options()
    assert options is not None
    assert QAccessible.Role.LayeredPane not in roles_above(options.your_name.edit)
