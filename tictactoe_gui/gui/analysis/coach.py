"""The analysis dock's coach: the persona on move (portrait, name, level, how it plays)
and what it says about the game, in a speech bubble."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from tictactoe_gui.assets import asset_path
from tictactoe_gui.engine.games import PlayerInfo

PORTRAIT_SIZE = 64


def load_portrait(persona_key: str, size: int, device_pixel_ratio: float) -> QPixmap | None:
    """The persona's portrait at ``size`` logical pixels, or None while the art is missing."""
    try:
        path = asset_path(f"personas/{persona_key}.svg")
    except FileNotFoundError:
        return None
    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        return None
    pixels = max(1, round(size * device_pixel_ratio))
    pixmap = QPixmap(pixels, pixels)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    pixmap.setDevicePixelRatio(device_pixel_ratio)
    return pixmap


#: What the dock says on a person's own turn against an AI, with the engine's view hidden


class CoachCard(QWidget):
    """The persona's card and its comment (shown only when it has something to say)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        # Who is on the card: hidden until someone is (a blank card would only take room).
        self.header = QWidget()
        self.header.setObjectName("coachHeader")
        header = QHBoxLayout(self.header)
        header.setContentsMargins(0, 0, 0, 0)
        self.header.hide()
        self.portrait = QLabel()
        self.portrait.setFixedSize(PORTRAIT_SIZE, PORTRAIT_SIZE)
        self.portrait.setAccessibleName("Persona portrait")
        header.addWidget(self.portrait, 0, Qt.AlignmentFlag.AlignTop)
        names = QVBoxLayout()
        names.setSpacing(2)
        self.role_label = QLabel()
        self.role_label.setObjectName("personaRole")
        self.name_label = QLabel()
        self.name_label.setObjectName("personaName")
        name_font = self.name_label.font()
        name_font.setPointSizeF(name_font.pointSizeF() * 1.35)
        name_font.setBold(True)
        self.name_label.setFont(name_font)
        self.description_label = QLabel()
        self.description_label.setWordWrap(True)
        names.addWidget(self.role_label)
        names.addWidget(self.name_label)
        names.addWidget(self.description_label)
        header.addLayout(names, 1)
        layout.addWidget(self.header)

        self.comment_label = QLabel()
        self.comment_label.setObjectName("personaComment")
        self.comment_label.setWordWrap(True)
        self.comment_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        comment_font = self.comment_label.font()
        comment_font.setItalic(True)
        self.comment_label.setFont(comment_font)
        self.comment_label.hide()  # until the persona has something to say
        # Comments quote player names, which are user input: plain text only.
        self.comment_label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.comment_label)

    def set_player(self, player: PlayerInfo | None, role: str) -> None:
        """Show one of any game's computer players (None: no one, "Engine")."""
        self.header.show()
        self.role_label.setText(role.upper())
        if player is None:
            self.name_label.setText("Engine")
            self.description_label.setText("")
            self.portrait.clear()
            self.portrait.hide()
            return
        self.name_label.setText(f"{player.name} · {player.level}")
        self.description_label.setText(player.description)
        pixmap = load_portrait(player.key, PORTRAIT_SIZE, self.devicePixelRatioF())
        if pixmap is None:
            self.portrait.clear()
            self.portrait.hide()
        else:
            self.portrait.setPixmap(pixmap)
            self.portrait.show()

    def clear(self) -> None:
        """Nobody on the card and nothing said: it takes no room."""
        self.header.hide()
        self.set_comment("")

    def set_comment(self, text: str) -> None:
        self.comment_label.setText(text)
        self.comment_label.setVisible(bool(text))

    def apply_bubble_style(self) -> None:
        palette = self.palette()
        border = palette.color(QPalette.ColorRole.Mid).name()
        fill = palette.color(QPalette.ColorRole.AlternateBase).name()
        self.comment_label.setStyleSheet(
            "QLabel#personaComment {"
            f" border: 1px solid {border}; border-radius: 10px; background: {fill};"
            " padding: 6px 10px; }"
        )
