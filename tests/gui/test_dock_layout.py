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
