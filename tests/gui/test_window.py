"""The window as a whole: menus, settings, closing during a search, screenshots."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QMenu
from pytestqt.qtbot import QtBot

import tictactoe_gui
from tests.gui.helpers import human_vs_human, play, settle
from tictactoe_gui.engine import Algorithm, Board, Move
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.gui.dialogs.setup_position import SetupPositionDialog
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.gui.theme import Theme

ARTEFACTS = Path(__file__).parent / "artefacts"
#: Set to refresh the committed screenshots (the README shows them); otherwise they go to tmp.
UPDATE_SCREENSHOTS = os.environ.get("TICTACTOE_UPDATE_SCREENSHOTS") == "1"


def menu_texts(window: MainWindow, name: str) -> list[str]:
    menu = window.findChild(QMenu, name)
    assert menu is not None
    # "&&" shows as "&"; a single "&" marks the mnemonic.
    return [
        a.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        for a in menu.actions()
        if not a.isSeparator()
    ]


def test_menus_and_shortcuts(window: MainWindow) -> None:
    assert menu_texts(window, "gameMenu") == [
        "New Game…",
        "Restart",
        "Undo",
        "Redo",
        "Hint",
        "Pause",
        "Step",
        "Resign",
        "Ask Before Leaving a Game",
        "Set Up Position…",
        "Copy Position",
        "Copy Moves",
        "Paste Position or Moves",
        "Save Game…",
        "Open Game…",
        "Review Game…",
        "Lines Played",
        "Quit",
    ]
    assert menu_texts(window, "viewMenu") == [
        "Analysis Dock",
        "Move List",
        "Focus the Board",
        "Heat-Map Overlay",
        "Coordinates",
        "Move Numbers",
        "Animations",
        "Theme",
        "Leaderboard…",
        "Game History…",
        "My Statistics…",
    ]
    assert menu_texts(window, "helpMenu") == [
        "How to Play",
        "Keyboard Shortcuts",
        "About Tic-Tac-Toe",
    ]
    shortcuts = {
        window.new_game_action: "Ctrl+N",
        window.undo_action: "Ctrl+Z",
        window.redo_action: "Ctrl+Shift+Z",
        window.hint_action: "H",
        window.pause_action: "Ctrl+P",
        window.step_action: "Ctrl+.",
        window.quit_action: "Ctrl+Q",
        window.focus_board_action: "Esc",
        window.review_action: "Ctrl+Shift+R",
        window.lines_action: "Ctrl+Shift+L",
    }
    for action, keys in shortcuts.items():
        assert action.shortcut().toString() == keys
    assert window.analysis_dock.objectName() == "analysisDock"
    assert window.board_view.objectName() == "boardView"


def test_dock_toggle_and_help_windows(qtbot: QtBot, window: MainWindow) -> None:
    window.analysis_dock_action.trigger()
    assert not window.analysis_dock.isVisible()
    window.analysis_dock_action.trigger()
    assert window.analysis_dock.isVisible()
    assert "three in a row" in window.show_how_to_play().text().lower()
    assert "Ctrl+Shift+Z" in window.show_shortcuts().text()
    about = window.show_about()
    assert tictactoe_gui.__version__ in about.text()
    about.close()


def test_settings_are_restored(qtbot: QtBot, settings: QSettings, no_leaked_threads: None) -> None:
    first = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(first)
    first.show()
    first.moves_dock_action.trigger()  # hide the move list (the offscreen screen is narrow)

    def narrowed() -> bool:
        # The layout takes the hidden dock's width back once it has processed the change.
        first.resize(760, 540)
        return first.width() == 760

    qtbot.waitUntil(narrowed, timeout=5000)
    first.heat_map_action.trigger()
    first.set_theme(Theme.DARK)
    first.analysis_dock_action.trigger()  # hide the dock
    first.analysis_dock.set_algorithm(Algorithm.ALPHABETA)
    first.analysis_dock.set_top_n(5)
    first.close()
    second = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(second)
    second.show()
    assert (second.width(), second.height()) == (760, 540)
    assert not second.moves_dock.isVisible()
    assert second.heat_map_action.isChecked()
    assert second.theme is Theme.DARK
    assert not second.analysis_dock.isVisible()
    assert second.analysis_dock.algorithm() == Algorithm.ALPHABETA.value
    assert second.controller.algorithm == Algorithm.ALPHABETA.value
    assert second.analysis_dock.top_n() == 5
    second.set_theme(Theme.LIGHT)
    second.close()


def test_first_start_is_a_sensible_size(window: MainWindow) -> None:
    assert window.width() >= 700
    assert window.height() >= 500


def test_closing_during_a_search_stops_the_thread_promptly(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Plain minimax on the empty 4×4 board runs for hours: the search is surely still going
    # when the window closes, however loaded the machine (on 3×3 it could end first).
    window.new_game(replace(human_vs_human(), start=Board.empty(get_variant("4x4k4"))))
    # Solving the empty 4×4 board takes a second or two, many more on a loaded machine.
    settle(qtbot, window, timeout=60_000)
    # The slowest search; closing waits until the engine thread reports it under way (a
    # request still queued when the thread stops is never started, so never cancelled).
    with qtbot.waitSignal(window.controller.engine.progressed, timeout=10_000):
        window.analysis_dock.set_algorithm(Algorithm.MINIMAX)
    qtbot.waitUntil(lambda: window.analysis_dock.thinking_text() != "", timeout=5000)
    assert window.controller.engine.busy
    # How long closing takes is measured by tests/benchmarks/bench_gui.py.
    stopped: list[int] = []
    window.engine._worker.cancelled.connect(stopped.append, Qt.ConnectionType.DirectConnection)
    window.close()
    assert not window.engine_running()
    assert len(stopped) == 1  # the search gave up midway instead of running to its end


def _distinct_colours(image: QImage) -> int:
    colours = set()
    step = max(1, image.width() // 60)
    for x in range(0, image.width(), step):
        for y in range(0, image.height(), step):
            colours.add(image.pixel(x, y))
    return len(colours)


def test_screenshots_in_light_and_dark(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    target = ARTEFACTS if UPDATE_SCREENSHOTS else tmp_path
    target.mkdir(exist_ok=True)
    window.resize(1000, 680)
    window.new_game(human_vs_human())
    for move in (Move(1, 1), Move(0, 0), Move(0, 2)):
        assert play(window, move.row, move.col)
    settle(qtbot, window)
    backgrounds = {}
    for theme in (Theme.LIGHT, Theme.DARK):
        window.set_theme(theme)
        wanted = QApplication.palette().color(QPalette.ColorRole.Window)
        # Qt delivers palette changes to widgets through posted events.
        qtbot.waitUntil(
            lambda w=wanted: window.board_view.palette().color(QPalette.ColorRole.Window) == w,
            timeout=5000,
        )
        image = window.grab().toImage()
        assert not image.isNull()
        assert _distinct_colours(image) >= 8, f"{theme} screenshot looks blank"
        backgrounds[theme] = image.pixelColor(4, image.height() // 2).lightness()
        assert image.save(str(target / f"window-{theme.value}.png"))
    assert backgrounds[Theme.LIGHT] > 128 > backgrounds[Theme.DARK]
    window.set_theme(Theme.LIGHT)
    assert window.board_view.board == Board.from_text("O.X.X....")


def test_menu_actions_open_their_dialogs(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game_action.trigger()
    dialog = window.findChild(NewGameDialog)
    assert dialog is not None
    assert dialog.isVisible()
    dialog.reject()
    window.setup_action.trigger()
    setup = window.findChild(SetupPositionDialog)
    assert setup is not None
    assert setup.isVisible()
    setup.reject()
    window.banner.new_game_button.click()
    assert any(d.isVisible() for d in window.findChildren(NewGameDialog))


def test_every_menu_action_runs(qtbot: QtBot, window: MainWindow) -> None:
    """Trigger everything in the menus (but Quit): nothing raises, the window stays usable."""
    skipped = {window.quit_action}
    for menu in window.menuBar().findChildren(QMenu):
        for act in menu.actions():
            if act.isSeparator() or act.menu() is not None or act in skipped:
                continue
            act.trigger()
            for dialog in QApplication.topLevelWidgets():
                if dialog is not window and dialog.isVisible():
                    dialog.close()
    window.set_theme(Theme.LIGHT)
    assert window.isVisible()
    assert window.engine_running()


def test_player_names_follow_a_change_of_theme(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    for theme in (Theme.DARK, Theme.LIGHT):
        window.set_theme(theme)
        text = QApplication.palette().color(QPalette.ColorRole.WindowText).name()
        label = window.findChild(QLabel, "playerX")
        assert label is not None
        qtbot.waitUntil(lambda lbl=label, t=text: f"color: {t}" in lbl.styleSheet(), timeout=5000)


def test_the_result_banner_follows_a_change_of_theme(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    controller = window.controller
    for move in (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)):
        assert play(window, move.row, move.col)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    banner = window.banner
    assert banner.isVisible()
    for theme in (Theme.DARK, Theme.LIGHT):
        window.set_theme(theme)
        text = QApplication.palette().color(QPalette.ColorRole.WindowText)

        def readable(t: QColor = text) -> bool:
            background = banner.palette().color(QPalette.ColorRole.Window)
            headline = banner.headline.palette().color(QPalette.ColorRole.WindowText)
            return headline == t and abs(background.lightness() - t.lightness()) > 120

        qtbot.waitUntil(readable, timeout=5000)


def test_coordinates_and_move_numbers_are_view_options_kept_in_the_settings(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    view = window.board_view
    assert window.coordinates_action.isChecked()
    assert view.coordinates_shown
    assert not window.move_numbers_action.isChecked()
    assert not view.move_numbers_shown
    window.coordinates_action.trigger()
    window.move_numbers_action.trigger()
    assert not view.coordinates_shown
    assert view.move_numbers_shown
    assert settings.value("view/coordinates") in (False, "false")
    assert settings.value("view/moveNumbers") in (True, "true")
    # The board numbers the moves of the game in the order they were played.
    window.new_game(human_vs_human())
    assert play(window, 1, 1)
    assert play(window, 0, 0)
    qtbot.waitUntil(lambda: window.board_view.board.ply == 2, timeout=5000)
    assert view.move_numbers() == {4: 1, 0: 2}


def test_the_engine_time_per_move_is_kept_in_the_settings(
    qtbot: QtBot, window: MainWindow, settings: QSettings, records: InMemoryRecords
) -> None:
    window.analysis_dock.set_time_budget(10.0)
    assert window.time_budget() == 10.0
    assert float(str(settings.value("analysis/timeBudget"))) == 10.0
    again = MainWindow(settings, records)
    qtbot.addWidget(again)
    try:
        assert again.time_budget() == 10.0
    finally:
        again.close()


def test_screenshots_of_a_20_by_20_game_in_light_and_dark(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from dataclasses import replace

    from tests.gui.helpers import analysed
    from tictactoe_gui.engine.variants import get_variant

    target = ARTEFACTS if UPDATE_SCREENSHOTS else tmp_path
    target.mkdir(exist_ok=True)
    window.resize(1280, 820)
    four = get_variant("four")
    window.analysis_dock.set_time_budget(1.0)
    window.new_game(replace(human_vs_human(), start=Board.empty(four)))
    moves = [Move(9, 9), Move(9, 10), Move(10, 10), Move(8, 8), Move(8, 11), Move(11, 11)]
    for move in moves:
        assert play(window, move.row, move.col)
    analysed(qtbot, window, timeout=30000)
    if not window.heat_map_action.isChecked():
        window.heat_map_action.trigger()
    for theme in (Theme.LIGHT, Theme.DARK):
        window.set_theme(theme)
        wanted = QApplication.palette().color(QPalette.ColorRole.Window)
        qtbot.waitUntil(
            lambda w=wanted: window.board_view.palette().color(QPalette.ColorRole.Window) == w,
            timeout=5000,
        )
        image = window.grab().toImage()
        assert _distinct_colours(image) >= 8, f"{theme} screenshot looks blank"
        assert image.save(str(target / f"window-four-{theme.value}.png"))
    window.set_theme(Theme.LIGHT)
    assert window.board_view.board == Board.empty(four).play_all(moves)
    assert window.board_view.heat_cells()  # the top candidates are coloured


def test_recording_off_is_said_once_in_the_status_bar_with_its_reason(
    window: MainWindow,
) -> None:
    def recording_labels() -> list[QLabel]:
        return [
            label
            for label in window.statusBar().findChildren(QLabel)
            if label.text() == "Recording off"
        ]

    assert recording_labels() == []  # recording: nothing said
    window.set_recording_off("Recording is off: the disk is full.")
    (label,) = recording_labels()
    assert label.isVisible()
    assert label.toolTip() == "Recording is off: the disk is full."
    assert window.statusBar().currentMessage() == "Recording is off: the disk is full."
    window.set_recording_off("Recording is off: the folder is read-only.")
    assert recording_labels() == [label]
    assert label.toolTip() == "Recording is off: the folder is read-only."


def test_screenshots_of_connect_four_and_row_and_column(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The pictures of the two table games the README shows, each with its analysis."""
    from tests.gui.conftest import click_cell
    from tests.gui.helpers import rowcol_setup
    from tictactoe_gui.engine.games import find_game
    from tictactoe_gui.gui.rowcol_view import RowColBoardView
    from tictactoe_gui.session.table import Seat, TableSetup
    from tictactoe_gui.storage.records import GameMode

    target = ARTEFACTS if UPDATE_SCREENSHOTS else tmp_path
    target.mkdir(exist_ok=True)
    window.resize(1100, 700)
    window.set_theme(Theme.LIGHT)
    dock = window.analysis_dock

    def shot(name: str) -> None:
        # The dock shows the analysis of the position on the board, whatever it is.
        qtbot.waitUntil(lambda: dock.game_analysis is not None, timeout=60_000)
        settle(qtbot, window)
        image = window.grab().toImage()
        assert _distinct_colours(image) >= 8, f"{name} screenshot looks blank"
        assert image.save(str(target / f"window-{name}-light.png"))

    spec = find_game("connect4")
    people = (Seat.human("Ann"), Seat.human("Bo"))
    window.start_table_game(TableSetup(spec, GameMode.HUMAN_VS_HUMAN, people), 1)
    # Two people: no remark of the tic-tac-toe opponent the window opened with stays; the
    # coach speaks instead.
    comment = dock.findChild(QLabel, "personaComment")
    assert comment.text() == "Coach: I'll judge every move. Play well!"
    for col in (3, 3, 2, 4, 4, 2, 5, 1, 1, 3, 1, 5, 2):
        click_cell(qtbot, window.board_view, 0, col)
    table = window.controller
    assert table.session is not None
    assert len(table.session.moves) == 13
    shot("connect4")

    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bo"), 4)
    view = window.board_widget()
    assert isinstance(view, RowColBoardView)
    for _ in range(5):
        session = table.session
        assert session is not None
        cell = session.state.legal_moves()[0]
        row, col = divmod(cell, session.spec.cols)
        centre = view.cell_rect(row, col).center()
        qtbot.mouseClick(
            view, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y()))
        )
    assert table.session is not None
    assert len(table.session.moves) == 5
    shot("rowcol")
