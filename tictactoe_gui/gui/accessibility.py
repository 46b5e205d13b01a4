"""Small helpers that keep every window usable by keyboard and screen reader.

Qt gets most of this right by itself; these cover the places where its defaults
trap the keyboard or leave a control nameless: tables keep Tab for moving
between cells, a message box's icon has no name, and on Linux a combo box is
named after its current item unless a label points at it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QLabel, QMessageBox, QWidget

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


def name_message_box_icon(box: QMessageBox, name: str | None = None) -> None:
    """Give the message box's icon a name (its kind, or ``name`` for a picture)."""
    icon = box.findChild(QLabel, "qt_msgboxex_icon_label")
    if icon is None:
        return
    icon.setAccessibleName(name if name is not None else ICON_NAMES.get(box.icon(), ""))
