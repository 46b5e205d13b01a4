"""The window's status bar: a message beside the permanent labels (whose turn it is,
"Recording off") that never runs under them.

Qt draws a message across the whole bar, and a long one (a welcome with a long name)
ran under the turn on the right, cut off mid-word. Here a message too long for the room
left of those labels ends in "…", its whole text in the bar's tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QStatusBar, QWidget

#: Space between the message and the bar's edge, or the first label on its right (pixels).
MESSAGE_MARGIN = 6


class StatusBar(QStatusBar):
    """A status bar whose message keeps to the room its permanent labels leave."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.messageChanged.connect(self._update_tip)

    def _labels(self) -> list[QWidget]:
        # Loaded with the first message (after the first frame, which builds no more classes).
        from PySide6.QtWidgets import QSizeGrip

        direct = Qt.FindChildOption.FindDirectChildrenOnly
        return [
            child
            for child in self.findChildren(QWidget, options=direct)
            if child.isVisible() and not isinstance(child, QSizeGrip)
        ]

    def message_rect(self) -> QRect:
        """Where the message is drawn: from the bar's left to the first label on the right."""
        right = min((label.geometry().left() for label in self._labels()), default=self.width())
        rect = self.rect()
        rect.setLeft(MESSAGE_MARGIN)
        rect.setRight(right - MESSAGE_MARGIN - 1)
        return rect

    def shown_message(self) -> str:
        """The message as drawn: whole, or cut short with "…" where it does not fit."""
        return self.fontMetrics().elidedText(
            self.currentMessage(), Qt.TextElideMode.ElideRight, max(0, self.message_rect().width())
        )

    def _update_tip(self) -> None:
        message = self.currentMessage()
        self.setToolTip(message if message and self.shown_message() != message else "")
        self.update()  # redrawn to the room the message has now

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.currentMessage():
            self._update_tip()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.currentMessage():
            # Qt's own (the window's first frame has no message, and is drawn without
            # building the style's classes in Python).
            super().paintEvent(event)
            return
        # As QStatusBar paints itself (the panel, the labels' frames, the message), with the
        # message kept left of the labels.
        from PySide6.QtWidgets import QStyle, QStyleOption

        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        style = self.style()
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, option, painter, self)
        for label in self._labels():
            frame = QStyleOption()
            frame.rect = label.geometry().adjusted(-2, -1, 2, 1)
            frame.palette = self.palette()
            frame.state = QStyle.StateFlag.State_None
            style.drawPrimitive(
                QStyle.PrimitiveElement.PE_FrameStatusBarItem, frame, painter, label
            )
        painter.setPen(self.palette().windowText().color())
        painter.drawText(
            self.message_rect(),
            Qt.AlignmentFlag.AlignLeading
            | Qt.AlignmentFlag.AlignVCenter
            | Qt.TextFlag.TextSingleLine,
            self.shown_message(),
        )
