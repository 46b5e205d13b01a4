"""Check boxes and radio buttons can be seen in both themes (at least 3:1 against the window)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tictactoe_gui.gui.theme import Theme, apply_theme, light_palette


def luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture
def restore_theme(qapp: QApplication) -> object:
    yield
    apply_theme(qapp, Theme.LIGHT)
    qapp.setPalette(light_palette())


@pytest.mark.parametrize("theme", [Theme.DARK, Theme.LIGHT])
@pytest.mark.parametrize(
    ("kind", "element"),
    [
        (QCheckBox, QStyle.SubElement.SE_CheckBoxIndicator),
        (QRadioButton, QStyle.SubElement.SE_RadioButtonIndicator),
    ],
)
def test_an_unchecked_box_stands_out_from_the_window(
    qtbot: QtBot,
    qapp: QApplication,
    restore_theme: object,
    theme: Theme,
    kind: type[QCheckBox] | type[QRadioButton],
    element: QStyle.SubElement,
) -> None:
    apply_theme(qapp, theme)
    parent = QWidget()
    qtbot.addWidget(parent)
    button = kind("Show the engine's view on my turn", parent)
    button.adjustSize()
    parent.resize(button.size())
    image = parent.grab().toImage()
    option = QStyleOptionButton()
    option.initFrom(button)
    indicator = button.style().subElementRect(element, option, button)
    window = parent.palette().color(QPalette.ColorRole.Window)
    best = max(
        contrast(QColor(image.pixel(QPoint(x, y))), window)
        for x in range(indicator.left(), indicator.right() + 1)
        for y in range(indicator.top(), indicator.bottom() + 1)
    )
    assert best >= 3.0, f"{theme} {kind.__name__}: {best:.2f}"
