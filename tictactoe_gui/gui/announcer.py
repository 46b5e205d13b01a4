"""Speaks what happens in a game to screen readers, through one object the window owns.

Everything the app says unprompted (every move, for both sides and in AI vs AI
games; the end of a game with the banner's words; hints, coach verdicts,
persona remarks and greetings) goes through :class:`Announcer`, so it is said
the same way everywhere and tests can listen to it.

An announcement travels two ways, because screen readers differ:

1. Qt's announcement event (:class:`QAccessibleAnnouncementEvent`, Qt 6.8 and
   later), posted on the widget with the keyboard focus, polite by default so
   it never interrupts. Screen readers that handle AT-SPI's announcement
   signal speak it without moving the focus.
2. The focused object's accessible description. Orca 43, the version Debian 12
   ships, ignores announcements but speaks the focused object's description
   whenever it changes. The board keeps its own (the window connects the
   ``announced`` signal to its "news"); with the focus anywhere else in the
   window (the dock's check box, a table, a floating dock) the announcer puts
   the news in that control's description while it has the focus, and gives
   the control its own description back once the focus has left.

What is said of a game, in every game, is worded by
:class:`~tictactoe_gui.gui.narrator.Narrator`.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QItemSelectionModel, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTableView, QTreeView, QWidget

from tictactoe_gui.gui.accessibility import set_cell_news

Politeness = QAccessible.AnnouncementPoliteness


class Announcer(QObject):
    """Posts announcements for assistive technology and tells listeners what was said."""

    #: Every announcement, as said, and whether it may interrupt (assertive).
    announced = Signal(str, bool)

    def __init__(self, source: QWidget, *, own_news: QWidget | None = None) -> None:
        """``own_news``: the widget that says the news in its own description (the board);
        with it, a focused control elsewhere in the window says the news instead."""
        super().__init__(source)
        self._source = source
        self._spoken: list[str] = []
        self._focus_news = _FocusNews(self, own_news) if own_news is not None else None
        self._said_elsewhere = False

    @property
    def spoken(self) -> tuple[str, ...]:
        """Everything announced so far, oldest first (for tests and diagnostics)."""
        return tuple(self._spoken)

    def announce(self, text: str, *, assertive: bool = False) -> None:
        text = " ".join(text.split())
        if not text:
            return
        self._spoken.append(text)
        del self._spoken[:-200]
        # From the focused widget when it is ours: screen readers speak what comes from
        # the window the user is in; otherwise from the window itself.
        focus = QApplication.focusWidget()
        source = focus if focus is not None and focus.window() is self._source.window() else None
        event = QAccessibleAnnouncementEvent(source or self._source, text)
        event.setPoliteness(Politeness.Assertive if assertive else Politeness.Polite)
        QAccessible.updateAccessibility(event)
        self._said_elsewhere = self._focus_news is not None and self._focus_news.add(text)
        self.announced.emit(text, assertive)

    @property
    def said_elsewhere(self) -> bool:
        """Whether the last announcement went to a focused control other than ``own_news``
        (listeners to :attr:`announced` read it: the board then need not say it again)."""
        return self._said_elsewhere


def _within(widget: QWidget, window: QWidget) -> bool:
    """Whether ``widget`` belongs to ``window``, even in a dock floating apart from it."""
    parent: QWidget | None = widget
    while parent is not None:
        if parent is window:
            return True
        parent = parent.parentWidget()
    return False


class _FocusNews(QObject):
    """Puts announcements in the description of the control that has the focus.

    What one turn of the event loop announces (a move and the remark after it) is
    said as one change. The control's own description comes back a turn after the
    focus has left it: after the screen reader has been told of the new focus, so
    that it does not read the old description on the way out.
    """

    def __init__(self, parent: QObject, own: QWidget) -> None:
        super().__init__(parent)
        self._own = own
        self._widget: QWidget | None = None
        self._kept = ""
        self._pending: list[str] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._say)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._on_focus_changed)

    def add(self, text: str) -> bool:
        """Say ``text`` through the focused control; False if the focus is not on one
        (it is on ``own``, or outside the window)."""
        focus = QApplication.focusWidget()
        own = self._own
        if (
            focus is None
            or focus is own
            or own.isAncestorOf(focus)
            or not _within(focus, own.window())
        ):
            return False
        if focus is not self._widget:
            self._give_back()
            self._widget, self._kept = focus, focus.accessibleDescription()
        self._pending.append(text)
        self._timer.start()
        return True

    def _alive(self) -> QWidget | None:
        widget = self._widget
        if widget is None or not shiboken6.isValid(widget):
            self._widget = None
            return None
        return widget

    def _say(self) -> None:
        text, self._pending = " ".join(self._pending), []
        widget = self._alive()
        if widget is None or not widget.hasFocus() or not text:
            return
        if widget.accessibleDescription() == text:
            # The same news again (the same refusal twice): a screen reader speaks a
            # description only when it changes.
            text += "\u00a0"
        widget.setAccessibleDescription(text)
        if isinstance(widget, QAbstractItemView):
            _CellNews.of(widget).add(text)

    def _on_focus_changed(self, old: QWidget | None, _new: QWidget | None) -> None:
        if old is not None and old is self._widget:
            QTimer.singleShot(0, self, self._give_back)

    def _give_back(self) -> None:
        widget = self._alive()
        if widget is not None and not widget.hasFocus():
            self._pending.clear()
            widget.setAccessibleDescription(self._kept)
            if isinstance(widget, QAbstractItemView):
                _CellNews.of(widget).forget()
            self._widget = None


class _CellNews(QObject):
    """Says news through a table's current cell, once: in a table a screen reader
    follows the cell, not the table, and speaks the cell's description when it changes.

    News for a table whose rows a move renews (the candidates, again after the reply)
    waits until the rows have settled; if the cell the player was on went with the old
    rows, the first new row takes the focus first. The news then travels in the cell's
    change of description, and the cell keeps no description after it: Orca reads a
    cell that takes the focus a while after it is told (later still on a busy machine),
    and would say the news again with it, or miss news set on it before a renewal.
    """

    #: Rows a move renews (the candidates, again after the reply) come within this.
    SETTLE_MS = 150
    #: How many times news waits another SETTLE_MS for a table with no rows to get some.
    PATIENCE = 10

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._view = view
        self._waiting = ""
        #: Whether news was told since the view took the focus (a cell gone with the
        #: rows then gives way to the first new one, so that the player is somewhere).
        self._told = False
        self._patience = self.PATIENCE
        self._models: set[QObject] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(self.SETTLE_MS)
        self._timer.timeout.connect(self._deliver)

    @classmethod
    def of(cls, view: QAbstractItemView) -> _CellNews:
        found = view.findChild(cls, options=Qt.FindChildOption.FindDirectChildrenOnly)
        return found if isinstance(found, cls) else cls(view)

    def add(self, text: str) -> None:
        model = self._view.model()
        if model is not None and model not in self._models:
            self._models.add(model)
            model.modelReset.connect(self._renewed)
        self._waiting = f"{self._waiting} {text}".strip()
        self._timer.start()

    def forget(self) -> None:
        """The focus has left the view: what it was to say is no longer its to say."""
        self._waiting = ""
        self._told = False
        self._timer.stop()

    def _renewed(self) -> None:
        view = self._view
        if not shiboken6.isValid(view) or not view.hasFocus():
            return
        if self._waiting:
            self._timer.start()  # more rows may come: the news goes once they are there
        elif self._told:
            QTimer.singleShot(0, self, self._read_first_row)

    def _read_first_row(self) -> bool:
        """Make the first row current if no cell is (Qt then reports it, and a screen
        reader reads it); whether it did."""
        view = self._view
        model, selection = view.model(), view.selectionModel()
        if (
            not view.hasFocus()
            or view.currentIndex().isValid()
            or model is None
            or selection is None
            or not model.rowCount()
        ):
            return False
        selection.setCurrentIndex(model.index(0, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
        return True

    def _deliver(self) -> None:
        view = self._view
        model = view.model()
        text, self._waiting = self._waiting, ""
        if not text or not view.hasFocus() or model is None:
            return
        if not model.rowCount() and self._patience > 0:
            # No rows yet (the candidates come with the next analysis): wait for them.
            self._patience -= 1
            self._waiting = text
            self._timer.start()
            return
        self._patience = self.PATIENCE
        self._told = True
        self._read_first_row()
        current = view.currentIndex()
        if not current.isValid():
            # Still no rows: the table itself, its description holding the news, is read.
            QAccessible.updateAccessibility(QAccessibleEvent(view, QAccessible.Event.Focus))
            return
        event = QAccessibleEvent(view, QAccessible.Event.DescriptionChanged)
        event.setChild(_cell_child(view, current))
        # The event carries the description as it is now, for Orca to speak.
        set_cell_news(model, current, text)
        try:
            QAccessible.updateAccessibility(event)
        finally:
            set_cell_news(model, None, None)


def _cell_child(view: QAbstractItemView, index: QModelIndex) -> int:
    """The number of ``index``'s cell among the table's accessible children, as Qt counts
    them: a table view's headers, shown or not, take the first row and column; a tree
    view's header (shown or not) takes the first row, and its rows count as shown, a
    nested row after the rows above it."""
    if isinstance(view, QTreeView):
        row = 0
        above = view.indexAbove(index)
        while above.isValid():
            row += 1
            above = view.indexAbove(above)
        columns = index.model().columnCount(index.parent())
        return (row + 1) * columns + index.column()
    headers = 1 if isinstance(view, QTableView) else 0
    columns = index.model().columnCount(index.parent())
    return (index.row() + headers) * (columns + headers) + index.column() + headers
