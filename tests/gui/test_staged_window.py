"""A window built in two stages (as the app starts): its frame first, the rest on complete()."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.helpers import board
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.analysis_dock import AnalysisDock
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.move_list import MoveListDock
from tictactoe_gui.gui.recording import InMemoryRecords


def docks(window: MainWindow) -> dict[str, QDockWidget]:
    found = window.findChildren(QDockWidget)
    names = [dock.objectName() for dock in found]
    assert len(names) == len(set(names)), names  # no frame left beside its dock
    return {dock.objectName(): dock for dock in found}


def named_cells(window: MainWindow) -> list[str]:
    """The board's cells as assistive technology finds them (one child widget each)."""
    return [
        child.accessibleName()
        for child in window.board_view.findChildren(QWidget)
        if child.accessibleName().endswith(", empty")
    ]


def test_the_frame_shows_the_board_of_the_game_it_opens_then_completes(
    qtbot: QtBot, settings: QSettings
) -> None:
    settings.setValue("newGame/game", "gomoku")
    records = InMemoryRecords()
    window = MainWindow(settings, staged=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)

    assert not window.is_ready
    assert not window.engine_running()
    assert window.board_view.board.variant == get_variant("gomoku")
    frames = docks(window)
    assert set(frames) == {"movesDock", "analysisDock"}
    assert not any(isinstance(d, AnalysisDock | MoveListDock) for d in frames.values())
    assert [m.title() for m in (window.game_menu, window.view_menu, window.help_menu)] == [
        "&Game",
        "&View",
        "&Help",
    ]
    assert window.game_menu.actions() == []
    assert named_cells(window) == []  # 225 cells are named once the game is set up
    assert not window.board_view.interactive  # no move before the game is set up

    with qtbot.waitSignal(window.ready, timeout=5000):
        window.complete(records)
    names = named_cells(window)
    assert len(names) == 15 * 15
    assert window.board_view.interactive  # the person plays X, first
    assert "h8, empty" in names
    assert window.is_ready
    real = docks(window)
    assert isinstance(real["analysisDock"], AnalysisDock)
    assert isinstance(real["movesDock"], MoveListDock)
    assert window.dockWidgetArea(real["analysisDock"]) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.new_game_action in window.game_menu.actions()
    # The game the frame showed is the game that opened.
    assert board(window).variant == get_variant("gomoku")
    qtbot.waitUntil(lambda: window.controller.answer is not None, timeout=10_000)

    with qtbot.assertNotEmitted(window.ready):
        window.complete(InMemoryRecords())  # once only
    window.close()
    assert not window.engine_running()


def test_the_frame_takes_the_saved_layout_and_the_docks_keep_it(
    qtbot: QtBot, settings: QSettings
) -> None:
    first = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.moves_dock.hide()
    first.resize(first.width() - 20, 650)
    qtbot.waitUntil(lambda: first.height() == 650)
    first.close()

    second = MainWindow(settings, staged=True)
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    frames = docks(second)
    assert not frames["movesDock"].isVisible()
    assert frames["analysisDock"].isVisible()
    size = second.size()
    assert size.height() == 650

    second.complete(InMemoryRecords())
    assert not second.moves_dock.isVisible()
    assert second.analysis_dock.isVisible()
    assert not second.moves_dock_action.isChecked()
    assert second.size() == size  # the window does not move or resize as it completes
    second.close()


def test_closing_before_it_is_complete_starts_nothing_and_changes_no_setting(
    qtbot: QtBot, settings: QSettings
) -> None:
    settings.setValue("view/heatMap", True)
    window = MainWindow(settings, staged=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.close()
    window.complete(InMemoryRecords())  # too late: the window is gone
    assert not window.is_ready
    assert not window.engine_running()
    assert settings.value("window/geometry") is None
    assert settings.value("view/heatMap") in (True, "true")


def test_on_a_first_start_the_docks_open_as_wide_as_in_a_window_built_at_once(
    qtbot: QtBot, tmp_path: Path
) -> None:
    def first_start(name: str, *, staged: bool) -> tuple[int, int, int]:
        settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, None if staged else InMemoryRecords(), staged=staged)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        if staged:
            window.complete(InMemoryRecords())
        qtbot.waitUntil(lambda: window.controller.answer is not None, timeout=10_000)
        widths = (window.width(), window.moves_dock.width(), window.analysis_dock.width())
        window.close()
        return widths

    at_once = first_start("at-once", staged=False)
    assert first_start("staged", staged=True) == at_once
