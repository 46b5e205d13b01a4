"""The dock's expected line is never clipped, however narrow the window and dock."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_human, settle
from tictactoe_gui.gui.main_window import MainWindow


def test_a_wrapped_expected_line_gets_the_height_it_needs(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    window.resize(window.minimumSizeHint())
    label = window.analysis_dock.findChild(QLabel, "principalVariation")
    assert label is not None
    qtbot.waitUntil(lambda: label.text().count("→") >= 8)  # nine moves to the draw
    # Once the layout has settled, the label is as tall as its wrapped text.
    qtbot.waitUntil(
        lambda: label.isVisible() and label.height() >= label.heightForWidth(label.width()),
        timeout=3000,
    )
    lines = label.height() // label.fontMetrics().lineSpacing()
    assert lines >= 3  # it really wraps


def test_the_wheel_over_a_choice_scrolls_the_dock_and_changes_nothing(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Scrolling the dock with the wheel passes over its choices (the search, the time per
    move): a choice that has not been given the focus keeps its value, and the dock
    scrolls on. A choice with the focus still answers the wheel."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication, QComboBox, QScrollArea

    window.new_game(human_vs_human())
    settle(qtbot, window)
    window.resize(window.minimumSizeHint())
    dock = window.analysis_dock
    combo = dock.findChild(QComboBox, "algorithmCombo")
    assert combo is not None
    scroll = dock.findChild(QScrollArea)
    assert scroll is not None
    bar = scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=3000)  # the dock has somewhere to go

    def wheel_down() -> None:
        centre = QPointF(combo.rect().center())
        event = QWheelEvent(
            centre,
            QPointF(combo.mapToGlobal(QPoint(combo.rect().center()))),
            QPoint(0, 0),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(combo, event)

    combo.clearFocus()
    choice, position = combo.currentIndex(), bar.value()
    wheel_down()
    assert combo.currentIndex() == choice
    assert bar.value() > position
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus, timeout=3000)
    wheel_down()
    assert combo.currentIndex() != choice
