"""Small helpers that keep every window usable by keyboard and screen reader.

Qt gets most of this right by itself; these cover the places where its defaults
trap the keyboard or leave a control nameless: tables keep Tab for moving
between cells, a message box's icon has no name, and on Linux a combo box is
named after its current item unless a label points at it. (What the board
reads aloud is in :mod:`.board_reading`.)
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFocusEvent, QKeyEvent, QPainter, QPalette, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFrame,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QSizePolicy,
    QStackedLayout,
    QStyle,
    QStyleOptionFrame,
    QWidget,
)

#: A dynamic property of an item model: news its cells give as their accessible description
#: while their view has the focus (set by the announcer; the window's tables read it), since
#: in a table a screen reader follows the cell, not the table.
CELL_NEWS = "cellNews"
#: Which cell says it (``"row,column"``): only the cell it was told on, so that the next
#: row the player arrows to does not say it again.
CELL_NEWS_AT = "cellNewsAt"


def cell_news(model: QObject, index: QModelIndex | QPersistentModelIndex) -> str | None:
    """The news the cell at ``index`` says as its accessible description (see CELL_NEWS)."""
    if model.property(CELL_NEWS_AT) != f"{index.row()},{index.column()}":
        return None
    return model.property(CELL_NEWS) or None


def set_cell_news(
    model: QObject, index: QModelIndex | QPersistentModelIndex | None, text: str | None
) -> None:
    """Have the cell at ``index`` say ``text`` (None: no cell says anything)."""
    model.setProperty(CELL_NEWS, text if index is not None else None)
    model.setProperty(
        CELL_NEWS_AT, f"{index.row()},{index.column()}" if index is not None else None
    )


ICON_NAMES = {
    QMessageBox.Icon.Information: "Information",
    QMessageBox.Icon.Warning: "Warning",
    QMessageBox.Icon.Critical: "Error",
    QMessageBox.Icon.Question: "Question",
}


def table_in_tab_order(view: QAbstractItemView, name: str) -> None:
    """Tab and Shift+Tab leave ``view`` for the next control (arrows move inside it),
    and screen readers call it ``name``, read the row it is entered on, and read the
    row again at an edge (Down on the last row), which would otherwise say nothing."""
    view.setTabKeyNavigation(False)
    view.setAccessibleName(name)
    _RowReader(view)


class _RowReader(QObject):
    """Makes a screen reader read a table's current row on entry and at its edges.

    Qt tells assistive technology of a cell only when the current cell changes, and a
    table entered by Tab already has one (the first), so Orca says the table's name and
    size but no row, and the first Down takes the player to row 2. Setting the current
    cell again, without touching the selection, has it read.
    """

    _ENTERING = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._view = view
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusIn and isinstance(event, QFocusEvent):
            if event.reason() in self._ENTERING:
                QTimer.singleShot(0, self, self.read_current_row)
        elif event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            current = self._view.currentIndex()
            model = self._view.model()
            last = model.rowCount(current.parent()) - 1 if model is not None else -1
            at_edge = (event.key() == Qt.Key.Key_Down and current.row() == last) or (
                event.key() == Qt.Key.Key_Up and current.row() == 0
            )
            if at_edge and current.isValid():
                QTimer.singleShot(0, self, self.read_current_row)
        return False

    def read_current_row(self) -> None:
        view, model, selection = self._view, self._view.model(), self._view.selectionModel()
        if not view.hasFocus() or model is None or selection is None or not model.rowCount():
            return
        current = view.currentIndex()
        if not current.isValid():
            current = model.index(0, 0)
        selection.clearCurrentIndex()
        selection.setCurrentIndex(current, QItemSelectionModel.SelectionFlag.NoUpdate)


class ValueLabel(QLabel):
    """A value in a form ("Best move:" beside "X a2 (draw)") that Tab reaches, so that a
    screen reader user finds it without reviewing the screen; the form's label for it
    (its buddy) names it."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        # Where the keyboard is, for those who see it too; the border is always there so
        # that the layout does not move when the focus comes.
        self.setStyleSheet(
            "ValueLabel { border: 1px solid transparent; }"
            "ValueLabel:focus { border-color: palette(highlight); }"
        )


def buddy_label(text: str, field: QWidget, parent: QWidget | None = None) -> QLabel:
    """A visible label for ``field``: screen readers read it as the field's name
    ("Search algorithm: Alpha-beta + table"), and its mnemonic focuses the field."""
    widget = QLabel(text, parent)
    widget.setBuddy(field)
    return widget


class SpokenLineEdit(QPlainTextEdit):
    """A one-line text field that a screen reader reads whole, named and with its selection.

    It is not a QLineEdit because Qt's accessible QLineEdit gives every character's text
    attributes as an empty run (from the offset to itself), and Orca 43 reads a focused
    field's text only as far as its last run ends: "Playe" for "Player". Qt's accessible
    text documents give their runs whole, so this field is a plain text edit kept to one
    line, with the line edit's calls the dialogs use (``text``, ``setText``,
    ``setMaxLength``, ``returnPressed``; ``textChanged`` carries no text). Enter goes on to
    the dialog (its default button) as from a line edit, and text pasted or dropped in has
    its line breaks made spaces.

    Reached by Tab (or a mnemonic) it selects its text, as a line edit does, but only once
    its focus has been reported: Qt reports what a focus-in handler does before the focus
    itself, and Orca 43 then said the selection ("Player selected") before the field's
    name, or, when the caret moved too, took the field as already presented and did not
    name it at all. Leaving it keeps the selection, so Orca says nothing of it on the way
    out ("Text unselected" before the next control).
    """

    #: Enter was pressed in the field (as a line edit's).
    returnPressed = Signal()  # noqa: N815 - the name QLineEdit gives it

    _SELECTING = (
        Qt.FocusReason.TabFocusReason,
        Qt.FocusReason.BacktabFocusReason,
        Qt.FocusReason.ShortcutFocusReason,
    )
    #: QLineEdit's own maximum.
    _NO_LIMIT = 32767

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._max_length = self._NO_LIMIT
        self._description = ""
        self.setTabChangesFocus(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        # Drawn as a line edit (see event): the frame is the line edit's panel.
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.document().setDocumentMargin(1)
        self._set_margins()
        self.document().contentsChange.connect(self._keep_to_limit)
        self._hide_selection_unfocused()
        self.setText(text)

    # -- the line edit's calls ---------------------------------------------------------------

    def text(self) -> str:
        return self.toPlainText()

    def setText(self, text: str) -> None:
        """Replace the text (one line, cut to the maximum length); the caret goes to its end."""
        self.setPlainText(_one_line(text)[: self._max_length])
        self.moveCursor(QTextCursor.MoveOperation.End)

    def setPlaceholderText(self, text: str) -> None:
        super().setPlaceholderText(text)
        self._describe()

    def setAccessibleDescription(self, description: str) -> None:
        """Screen readers say ``description`` when the field is reached; with none, its
        tooltip or else its placeholder (its example), as they do a line edit's."""
        self._description = description
        self._describe()

    def _describe(self) -> None:
        # Qt reads the tooltip where the description is empty.
        fallback = "" if self.toolTip() else self.placeholderText()
        super().setAccessibleDescription(self._description or fallback)

    def maxLength(self) -> int:
        return self._max_length

    def setMaxLength(self, length: int) -> None:
        self._max_length = max(0, length)
        if len(self.text()) > self._max_length:
            self.setText(self.text())

    def _keep_to_limit(self, position: int, _removed: int, added: int) -> None:
        # As a line edit does, what is typed or pasted past the maximum is left out.
        excess = len(self.toPlainText()) - self._max_length
        if excess <= 0 or not added:
            return
        cursor = QTextCursor(self.document())
        cursor.setPosition(position + max(0, added - excess))
        cursor.setPosition(position + added, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()

    # -- one line ----------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.returnPressed.emit()
            event.ignore()  # and the dialog's default button, as from a line edit
            return
        super().keyPressEvent(event)

    def insertFromMimeData(self, source: QMimeData) -> None:
        if source.hasText():
            self.insertPlainText(_one_line(source.text()))

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        return source.hasText()

    # -- focus -------------------------------------------------------------------------------

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()  # the panel's focus frame
        if event.reason() in self._SELECTING:
            QTimer.singleShot(0, self, self._select_all_while_focused)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def _select_all_while_focused(self) -> None:
        if self.hasFocus():
            self.selectAll()

    # -- drawn as a line edit ----------------------------------------------------------------

    def _panel_option(self) -> QStyleOptionFrame:
        option = QStyleOptionFrame()
        option.initFrom(self)
        option.rect = self.rect()
        option.lineWidth = self.style().pixelMetric(
            QStyle.PixelMetric.PM_DefaultFrameWidth, option, self
        )
        option.midLineWidth = 0
        option.state |= QStyle.StateFlag.State_Sunken
        if self.isReadOnly():
            option.state |= QStyle.StateFlag.State_ReadOnly
        return option

    def _set_margins(self) -> None:
        width = self.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, self)
        self.setViewportMargins(width + 1, width, width + 1, width)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._set_margins()
            self.updateGeometry()
        elif event.type() == QEvent.Type.ToolTipChange:
            self._describe()
        elif event.type() == QEvent.Type.PaletteChange:
            self._hide_selection_unfocused()

    def _hide_selection_unfocused(self) -> None:
        # The selection kept on leaving is drawn in the Inactive colours: as the base and
        # text, so that a field left looks as a line edit left does, with nothing selected.
        palette = self.palette()
        group = QPalette.ColorGroup.Inactive
        base, text = (
            palette.color(group, QPalette.ColorRole.Base),
            palette.color(group, QPalette.ColorRole.Text),
        )
        if (
            palette.color(group, QPalette.ColorRole.Highlight) != base
            or palette.color(group, QPalette.ColorRole.HighlightedText) != text
        ):
            palette.setColor(group, QPalette.ColorRole.Highlight, base)
            palette.setColor(group, QPalette.ColorRole.HighlightedText, text)
            self.setPalette(palette)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            painter = QPainter(self)
            self.style().drawPrimitive(
                QStyle.PrimitiveElement.PE_PanelLineEdit, self._panel_option(), painter, self
            )
            painter.end()
            return True
        return super().event(event)

    def sizeHint(self) -> QSize:
        # A line edit's: one line of text, room for 17 x's, the style's frame around.
        metrics = self.fontMetrics()
        height = max(metrics.height(), metrics.lineSpacing(), 14) + 2
        width = metrics.horizontalAdvance("x") * 17 + 4
        return self.style().sizeFromContents(
            QStyle.ContentsType.CT_LineEdit, self._panel_option(), QSize(width, height), self
        )

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        metrics = self.fontMetrics()
        return QSize(
            metrics.maxWidth() + hint.width() - metrics.horizontalAdvance("x") * 17, hint.height()
        )


def _one_line(text: str) -> str:
    return " ".join(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))


class PageStack(QWidget):
    """Pages shown one at a time, as in a QStackedWidget, that a screen reader passes by.

    Qt reports a QStackedWidget as a "layered pane", which Orca 43 names before the first
    control of a page the focus enters ("layered pane. Your name: text."); a plain widget
    laid out by a QStackedLayout (what a QStackedWidget is made of) is a filler, which
    Orca leaves unsaid.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stack = QStackedLayout(self)
        self._stack.setContentsMargins(0, 0, 0, 0)

    def addWidget(self, page: QWidget) -> int:
        return self._stack.addWidget(page)

    def count(self) -> int:
        return self._stack.count()

    def currentIndex(self) -> int:
        return self._stack.currentIndex()

    def setCurrentIndex(self, index: int) -> None:
        self._stack.setCurrentIndex(index)

    def currentWidget(self) -> QWidget | None:
        return self._stack.currentWidget()


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
        # A combo box that has the focus as its window is destroyed loses it half gone.
        if event.type() == QEvent.Type.FocusOut and shiboken6.isValid(self._combo):
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


class _HideWhenFocusLeaves(QObject):
    """Hides a widget once the keyboard focus has left it (see :func:`set_shown_keeping_focus`)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget
        self.waiting = False
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._on_focus_changed)

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        widget = self._widget
        if self.waiting and not (new is widget or (new is not None and widget.isAncestorOf(new))):
            self.waiting = False
            widget.hide()


def set_shown_keeping_focus(widget: QWidget, shown: bool) -> None:
    """Show or hide ``widget``; one that holds the keyboard focus stays until the focus leaves.

    Hiding the control that has the focus makes Qt throw the focus to the next one (from
    a dock's check box to a combo box further down, say), which a screen reader then
    reads as if the player had moved: a part of a panel that goes away while the player
    is in it waits until the player leaves it.
    """
    hider = widget.findChild(
        _HideWhenFocusLeaves, options=Qt.FindChildOption.FindDirectChildrenOnly
    )
    if shown:
        if hider is not None:
            hider.waiting = False
        widget.show()
        return
    focus = QApplication.focusWidget()
    holds_focus = focus is not None and (focus is widget or widget.isAncestorOf(focus))
    if holds_focus and widget.isVisible():
        if hider is None:
            hider = _HideWhenFocusLeaves(widget)
        hider.waiting = True
        return
    if hider is not None:
        hider.waiting = False
    widget.hide()


def name_message_box_icon(box: QMessageBox, name: str | None = None) -> None:
    """Give the message box's icon a name (its kind, or ``name`` for a picture)."""
    icon = box.findChild(QLabel, "qt_msgboxex_icon_label")
    if icon is None:
        return
    icon.setAccessibleName(name if name is not None else ICON_NAMES.get(box.icon(), ""))
