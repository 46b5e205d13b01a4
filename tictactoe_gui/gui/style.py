"""The app's style: Fusion, with check boxes and radio buttons that show in either theme.

Apart from :mod:`.theme` because the window's first frame has neither and is
painted before this loads (a style with a Python ``drawPrimitive`` costs a call
into Python for every piece of every widget it draws).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOption, QWidget


class ThemeStyle(QProxyStyle):
    """Fusion, with check boxes and radio buttons framed so they show in either theme.

    Fusion frames them in the window colour darkened, which all but vanishes on a dark
    window (and is faint on a light one); the frame is drawn again here in the palette's
    placeholder colour, at least 3:1 against the window in both themes.
    """

    _FRAMED = (
        QStyle.PrimitiveElement.PE_IndicatorCheckBox,
        QStyle.PrimitiveElement.PE_IndicatorRadioButton,
    )

    def __init__(self) -> None:
        super().__init__("Fusion")

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in self._FRAMED:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(option.palette.color(QPalette.ColorRole.PlaceholderText), 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        rect = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if element is QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(rect)
        else:
            painter.drawRoundedRect(rect, 1.5, 1.5)
        painter.restore()
