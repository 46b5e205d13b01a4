"""The records windows are windows of their own: a replay on the board is not hidden by them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.storage import Repository


def test_the_history_is_not_kept_above_the_board_and_closes_with_it(
    qtbot: QtBot, league: Repository, tmp_path: Path, no_leaked_threads: None
) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animations", False)
    window = MainWindow(settings, league)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    history = window.show_history()
    assert history is not None
    qtbot.waitExposed(history)
    # A window with a transient parent is kept above that parent by the window manager.
    assert history.windowHandle().transientParent() is None
    assert history.parent() is None

    history.replay_game(history.model.summary(0).id)
    assert window.controller.replaying

    window.close()
    assert not history.isVisible()
