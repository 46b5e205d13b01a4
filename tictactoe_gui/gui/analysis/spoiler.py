"""The analysis dock's spoiler guard: what it says on a person's own turn against an AI,
with the box that shows the engine's view anyway."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QFrame, QLabel, QVBoxLayout, QWidget

#: What the dock says on a person's own turn against an AI, with the engine's view hidden
#: and with it shown (the player ticked "Show the engine's view on my turn").
SPOILER_HIDDEN = (
    "It's your move: the engine's view (and the heat-map) is hidden so it does not "
    "play for you. Press H for a hint (it is counted), or show the analysis anyway."
)
SPOILER_SHOWN = (
    "It's your move, and the engine's view (and the heat-map) is shown, as you chose: "
    "it shows the best moves. Untick the box to hide it on your turn."
)


class SpoilerGuard(QFrame):
    """Why the engine's view is hidden (or shown) on a person's turn, and the box to show it.
    Hidden until a person's turn against an AI."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spoilerGuard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        self.text_label = QLabel(SPOILER_HIDDEN)
        self.text_label.setObjectName("spoilerText")
        self.text_label.setWordWrap(True)
        self.reveal_check = QCheckBox("Show the engine's view on my turn")
        self.reveal_check.setObjectName("revealCheck")
        layout.addWidget(self.text_label)
        layout.addWidget(self.reveal_check)
        self.hide()

    def say(self, hidden: bool) -> None:
        """Said as it is: a ticked box shows the view, and the words must not say it is hidden."""
        self.text_label.setText(SPOILER_HIDDEN if hidden else SPOILER_SHOWN)
