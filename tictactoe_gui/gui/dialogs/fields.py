"""Fields the game dialogs share: a player's name checked as the records check it, and
the AI vs AI speed slider's scale (New Game, Row & Column's options, the AI vs AI bar)."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLabel, QVBoxLayout, QWidget

from tictactoe_gui.gui.accessibility import SpokenLineEdit, buddy_label
from tictactoe_gui.storage.records import InvalidNameError, validate_player_name

#: The speed slider runs from slow (left) to top speed (right); values are delays in ms.
SLOWEST_DELAY_MS = 2000
#: The top speed is still watchable: a move every 150 ms. "Instant" (no pause) is separate.
FASTEST_DELAY_MS = 150
#: The slider's range: 0 is the slowest, this is the fastest watchable speed.
SPEED_RANGE = SLOWEST_DELAY_MS - FASTEST_DELAY_MS


def speed_to_delay(speed: int) -> int:
    return SLOWEST_DELAY_MS - max(0, min(SPEED_RANGE, speed))


def delay_to_speed(delay_ms: int) -> int:
    return SLOWEST_DELAY_MS - max(FASTEST_DELAY_MS, min(SLOWEST_DELAY_MS, delay_ms))


class NameField(QWidget):
    """A name entry with an inline error under it."""

    def __init__(self, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.edit = SpokenLineEdit()
        self.edit.setAccessibleName(label)
        self.edit.setMaxLength(64)  # room to type past 32 and be told why that is too long
        self.error = QLabel()
        self.error.setObjectName("nameError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d23c32;")
        self.error.hide()
        layout.addWidget(self.edit)
        layout.addWidget(self.error)

    def validated(self) -> str | None:
        try:
            return validate_player_name(self.edit.text())
        except InvalidNameError as error:
            message = str(error)
            self.error.setText(message[0].upper() + message[1:] + ".")
            return None

    def show_error(self, text: str | None) -> None:
        if text:
            self.error.setText(text)
        self.error.setVisible(bool(text))
        # Screen readers say the field's description when it changes and when it is reached.
        self.edit.setAccessibleDescription(text or "")


def add_row(form: QFormLayout, text: str, field: QWidget, focus: QWidget) -> None:
    """A form row whose label names (and focuses) ``focus``, the control inside ``field``,
    so a screen reader reads "Opponent: Cop (medium)" rather than the bare value."""
    form.addRow(buddy_label(text, focus), field)


def int_or(value: object, default: int) -> int:
    """``value`` (a setting read back) as a whole number, else ``default``."""
    try:
        return int(str(value))
    except ValueError:
        return default
