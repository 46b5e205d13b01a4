"""Small pieces the records windows share: names for sides, result colours, messages."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox, QWidget

from tictactoe_gui.engine import PERSONAS
from tictactoe_gui.gui.accessibility import name_message_box_icon
from tictactoe_gui.storage.records import DRAW, LOSS, WIN, Side, SideKind

#: Persona keys in the order the app presents them (easiest first).
PERSONA_KEYS: tuple[str, ...] = tuple(PERSONAS)

#: Outcome colours, chosen to stay apart for the common colour-vision deficiencies
#: (blue / orange / grey) rather than green / red.
OUTCOME_COLOURS: dict[str, QColor] = {
    WIN: QColor("#1f77b4"),
    DRAW: QColor("#9e9e9e"),
    LOSS: QColor("#ff7f0e"),
}


def persona_name(key: str) -> str:
    """The display name of a persona key ("sera" -> "Sera"), or the key itself if unknown."""
    persona = PERSONAS.get(key)
    return persona.name if persona is not None else key


def side_label(side: Side) -> str:
    """How a side reads in a table: a person's name, or a persona's name marked as such."""
    if side.kind is SideKind.PERSONA:
        return f"{persona_name(side.name)} (AI)"
    return side.name


def show_message(parent: QWidget, icon: QMessageBox.Icon, title: str, text: str) -> QMessageBox:
    """Show a message without blocking (window-modal), so slots return and tests can look."""
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("recordsMessage")
    name_message_box_icon(box)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box
