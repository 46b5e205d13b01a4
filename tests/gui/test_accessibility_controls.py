"""Every control can be reached by keyboard and is named for a screen reader.

Names, roles and label relations are read through Qt's accessibility interfaces
(what Qt hands AT-SPI on Linux), for every control that Tab can reach in every
window the app opens.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.gui.helpers import ai_vs_ai, analysed, human_vs_human, play, rowcol_setup
from tictactoe_gui.engine import Move
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.gui.dialogs.setup_position import SetupPositionDialog
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.records import HistoryDialog, LeaderboardDialog, StatisticsDialog
from tictactoe_gui.gui.records.common import show_message
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode

Text = QAccessible.Text
Role = QAccessible.Role

#: The role Qt must report for each kind of standard control.
EXPECTED_ROLES: tuple[tuple[type[QWidget], tuple[Role, ...]], ...] = (
    (QRadioButton, (Role.RadioButton,)),
    (QCheckBox, (Role.CheckBox,)),
    (QPushButton, (Role.Button, Role.CheckBox)),  # a checkable button reads as a toggle
    (QComboBox, (Role.ComboBox,)),
    (QAbstractItemView, (Role.Table, Role.Tree)),
    (QAbstractSlider, (Role.Slider,)),
    (QAbstractSpinBox, (Role.SpinBox,)),
    (QLineEdit, (Role.EditableText,)),
    (QPlainTextEdit, (Role.EditableText,)),  # the dialogs' one-line fields among them
    (QTabBar, (Role.PageTabList,)),
)


def interface(widget: QWidget) -> QAccessibleInterface:
    iface = QAccessible.queryAccessibleInterface(widget)
    assert iface is not None
    assert iface.isValid()
    return iface


def combo_label(combo: QComboBox) -> str:
    """The text of the label a screen reader reads before the combo's value (Qt on Linux
    names a combo after its current item, so only a "labelled by" relation names it)."""
    labels = [
        rel[0].text(Text.Name) for rel in interface(combo).relations(QAccessible.RelationFlag.Label)
    ]
    return " ".join(label for label in labels if label)


def spoken_name(widget: QWidget) -> str:
    if isinstance(widget, QComboBox):
        return f"{combo_label(widget)} {interface(widget).text(Text.Name)}".strip()
    return interface(widget).text(Text.Name)


def reachable(root: QWidget) -> list[QWidget]:
    """The controls Tab can reach in ``root`` as it is now (shown and enabled)."""
    return [
        widget
        for widget in root.findChildren(QWidget)
        if widget.isVisibleTo(root)
        and widget.isEnabled()
        and widget.focusPolicy().value & Qt.FocusPolicy.TabFocus.value
        and widget.focusProxy() is None
    ]


def audit(root: QWidget) -> list[str]:
    """What a screen-reader user would miss in ``root``: unnamed controls, unlabelled
    combos, wrong or missing roles."""
    problems = []
    controls = reachable(root)
    assert controls, f"{root.objectName()} has no control to audit"
    for widget in controls:
        what = f"{type(widget).__name__} {widget.objectName()!r} in {root.objectName()}"
        if isinstance(widget, QComboBox) and not combo_label(widget):
            problems.append(f"{what} has no label (read as its value alone)")
        elif not spoken_name(widget).strip():
            problems.append(f"{what} has no accessible name")
        role = interface(widget).role()
        for kind, roles in EXPECTED_ROLES:
            if isinstance(widget, kind) and role not in roles:
                problems.append(f"{what} has role {role}, expected {roles}")
        if role == Role.NoRole:
            problems.append(f"{what} has no role")
    return problems


@pytest.fixture
def repo(tmp_path: Path) -> Repository:
    from tests.storage.games import seed_league

    repository = Repository.open(tmp_path / "records.sqlite3")
    seed_league(repository)
    return repository


def test_the_main_window_in_every_mode_names_every_control(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    analysed(qtbot, window)
    assert audit(window) == []
    for move in (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)):
        play(window, move.row, move.col)
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=5000)
    assert audit(window) == []
    window.new_game(ai_vs_ai(delay=60_000))
    qtbot.waitUntil(lambda: window.autoplay_bar.isVisible(), timeout=5000)
    assert audit(window) == []
    tictactoe = find_game("tictactoe")
    window.replay_table_game(tictactoe.new_game(), [4, 0], ("Alice", "Bob"), "today")  # b2, a3
    window.controller.replay_step(1)
    assert audit(window) == []
    # The thinking bar is named even while hidden (it shows while the engine works).
    bar = window.analysis_dock._thinking_bar
    assert interface(bar).text(Text.Name) == "Engine thinking"


def test_the_window_on_row_and_column_and_connect_four_names_every_control(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.start_table_game(rowcol_setup(GameMode.AI_VS_AI, "greedy", "random"), 1)
    assert audit(window) == []
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_AI, "person:Ann", "perfect"), 1)
    assert audit(window) == []
    spec = find_game("connect4")
    window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "cop")))
    )
    assert audit(window) == []


def test_combo_boxes_read_their_label_then_their_value(qtbot: QtBot, window: MainWindow) -> None:
    dock = window.analysis_dock
    combo = dock.findChild(QComboBox, "algorithmCombo")
    assert combo is not None
    assert spoken_name(combo) == "Search algorithm: Alpha-beta + table"
    top_n = dock.findChild(QComboBox, "topNCombo")
    assert top_n is not None
    assert spoken_name(top_n) == "Show: Top 3"


def test_the_new_game_dialog_names_every_control_and_opens_on_the_mode(
    qtbot: QtBot, settings: QSettings
) -> None:
    settings.setValue("newGame/mode", GameMode.AI_VS_AI.value)
    settings.setValue("newGame/opponent", "cop")
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    # Focus starts on the chosen mode, not on an unchecked first button.
    focused = dialog.focusWidget()
    assert isinstance(focused, QRadioButton)
    assert focused.isChecked()
    assert focused.objectName() == f"mode-{GameMode.AI_VS_AI.value}"
    for mode in GameMode:
        dialog.set_mode(mode)
        assert audit(dialog) == [], mode
    dialog.set_mode(GameMode.HUMAN_VS_AI)
    assert spoken_name(dialog.opponent_combo) == "Opponent: Cop (medium)"
    assert spoken_name(dialog.side_combo).startswith("You play: X — ")


def test_the_set_up_dialog_names_every_control(qtbot: QtBot) -> None:
    dialog = SetupPositionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert audit(dialog) == []


def test_the_records_windows_name_every_control(qtbot: QtBot, repo: Repository) -> None:
    for dialog in (
        LeaderboardDialog(repo),
        HistoryDialog(repo),
        StatisticsDialog(repo, "Alice"),
    ):
        qtbot.addWidget(dialog)
        dialog.show()
        assert audit(dialog) == []
    leaderboard = LeaderboardDialog(repo)
    qtbot.addWidget(leaderboard)
    assert interface(leaderboard.people).text(Text.Name) == "People's standings"
    assert interface(leaderboard.personas).text(Text.Name) == "Personas' standings"
    assert spoken_name(leaderboard.opponent) == "Show results: All opponents"


def test_the_records_windows_open_on_their_title_with_no_selection_reported_before(
    qtbot: QtBot, repo: Repository
) -> None:
    """A records window is built on its first opening, and a tab bar built with it reports
    its first tab as selected (Qt does so as the tab is added, whatever the focus): Orca 43
    follows that selection into the window before the window opens, says the tab, and then
    takes the window as already presented, so its title went unsaid. No tab bar is built
    with a records window, and nothing in one changes its current tab on opening."""
    for make in (
        lambda: LeaderboardDialog(repo),
        lambda: HistoryDialog(repo),
        lambda: StatisticsDialog(repo, "Alice"),
    ):
        dialog = make()
        qtbot.addWidget(dialog)
        dialog.show()
        assert dialog.findChildren(QTabBar) == [], dialog.objectName()


def test_charts_have_their_figures_as_text(qtbot: QtBot, repo: Repository) -> None:
    dialog = StatisticsDialog(repo, "Alice")
    qtbot.addWidget(dialog)
    stats = dialog.stats
    assert stats is not None
    timeline = interface(dialog.timeline_chart).text(Text.Description)
    totals = stats.totals
    assert timeline.startswith(f"{totals.games} games from ")
    assert f"{totals.wins} wins" in timeline
    assert timeline.count("win,") + timeline.endswith("win.") == totals.wins
    bars = interface(dialog.persona_chart).text(Text.Description)
    for label, record in dialog.persona_chart.bars:
        if record.games:
            assert f"{label}: {record.wins} win" in bars
    # Both charts are on the Tab path, so a screen reader reaches their text.
    assert dialog.timeline_chart in reachable(dialog)


def test_message_box_icons_are_named(qtbot: QtBot, window: MainWindow) -> None:
    box = window.show_notice("Records", "The records file could not be opened.")
    icon = box.findChild(QLabel, "qt_msgboxex_icon_label")
    assert icon is not None
    assert interface(icon).text(Text.Name) == "Warning"
    box.close()
    about = window.show_about()
    icon = about.findChild(QLabel, "qt_msgboxex_icon_label")
    assert icon is not None
    assert interface(icon).text(Text.Name).endswith("icon")
    about.close()
    info = show_message(window, QMessageBox.Icon.Information, "Export", "Exported 3 games.")
    icon = info.findChild(QLabel, "qt_msgboxex_icon_label")
    assert icon is not None
    assert interface(icon).text(Text.Name) == "Information"
    info.close()


def tab_leaves(qtbot: QtBot, table: QAbstractItemView) -> QWidget:
    """Tab and Shift+Tab move the focus out of ``table`` to another control of its window;
    the arrows move inside it. Returns the control Tab reached."""
    assert table.model().rowCount() >= 2, "the table needs rows to show arrows at work"
    table.window().activateWindow()
    qtbot.waitUntil(lambda: table.window().isActiveWindow(), timeout=5000)
    table.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(table.hasFocus, timeout=5000)
    table.setCurrentIndex(table.model().index(0, 0))
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert table.currentIndex().row() == 1
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    after = QApplication.focusWidget()
    assert after is not None
    assert after is not table, f"Tab stayed in {table.objectName()}"
    assert after.window() is table.window()
    table.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(table, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    before = QApplication.focusWidget()
    assert before is not table, f"Shift+Tab stayed in {table.objectName()}"
    assert before is not None
    assert before.window() is table.window()
    return after


def test_tab_leaves_the_candidates_table(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    analysed(qtbot, window)
    tab_leaves(qtbot, window.analysis_dock.table)


def test_tab_leaves_every_records_table(qtbot: QtBot, repo: Repository) -> None:
    leaderboard = LeaderboardDialog(repo)
    history = HistoryDialog(repo)
    statistics = StatisticsDialog(repo, "Alice")
    for dialog in (leaderboard, history, statistics):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
    # The people's table, then the personas' under it, then the Close button.
    assert tab_leaves(qtbot, leaderboard.people) is leaderboard.personas
    tab_leaves(qtbot, leaderboard.personas)
    # From the history's table, Tab reaches the buttons under it (Replay, Export, ...).
    assert isinstance(tab_leaves(qtbot, history.view), QPushButton)
    tab_leaves(qtbot, statistics.records)


def test_a_combo_box_changed_by_the_keys_says_its_new_choice(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Orca 43 speaks a focused object's description when it changes, not a combo box's
    # new value: while the combo has the focus, its description follows the choice.
    combo = window.analysis_dock.findChild(QComboBox, "algorithmCombo")
    assert combo is not None
    window.activateWindow()
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    assert combo.accessibleDescription() == ""
    start = combo.currentIndex()
    qtbot.keyClick(combo, Qt.Key.Key_Up if start else Qt.Key.Key_Down)
    assert combo.currentIndex() != start
    assert combo.accessibleDescription() == combo.currentText()
    # Changed from elsewhere (not under the keyboard), nothing is said.
    other = window.analysis_dock.findChild(QComboBox, "topNCombo")
    assert other is not None
    other.setCurrentIndex((other.currentIndex() + 1) % other.count())
    assert other.accessibleDescription() == ""
    # Leaving it, the description goes back, so the next visit is not read twice.
    other.setFocus()
    qtbot.waitUntil(other.hasFocus)
    assert combo.accessibleDescription() == ""


def test_arrowing_onto_external_engine_asks_for_no_program_until_enter(
    qtbot: QtBot, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def choose(*_args: object, **_kwargs: object) -> tuple[str, str]:
        asked.append("program")
        return ("/opt/engines/pbrain-x", "")

    monkeypatch.setattr(QFileDialog, "getOpenFileName", choose)
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    dialog.set_mode(GameMode.HUMAN_VS_AI)
    dialog.show()
    qtbot.waitExposed(dialog)
    combo = dialog.opponent_combo
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    engine = combo.findText("External engine…")
    while combo.currentIndex() < engine:
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == "External engine…"
    assert asked == []  # passing over it opens nothing
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert asked == []
    qtbot.keyClick(combo, Qt.Key.Key_Return)
    assert asked == ["program"]
    assert dialog.isVisible()  # Enter chose the program; it did not start the game
    assert dialog.is_valid()


def test_the_records_tables_read_each_cell_after_its_header(qtbot: QtBot, repo: Repository) -> None:
    # A screen reader reads a row cell by cell: "Player Alice, Games 3, Wins 2, …", not
    # "Alice, 3, 2, …".
    leaderboard = LeaderboardDialog(repo)
    history = HistoryDialog(repo)
    statistics = StatisticsDialog(repo, "Alice")
    tables: list[QAbstractItemView] = [
        leaderboard.people,
        leaderboard.personas,
        history.view,
        statistics.records,
    ]
    for dialog in (leaderboard, history, statistics):
        qtbot.addWidget(dialog)
        dialog.show()
    for table in tables:
        model = table.model()
        assert model.rowCount() > 0, table.objectName()
        iface = interface(table)
        cells = [iface.child(i) for i in range(iface.childCount())]
        first_row = {
            c.tableCellInterface().columnIndex(): c.text(Text.Name)
            for c in cells
            if c is not None and c.role() == QAccessible.Role.Cell
            if c.tableCellInterface() is not None and c.tableCellInterface().rowIndex() == 0
        }
        for column in range(model.columnCount()):
            header = model.headerData(column, Qt.Orientation.Horizontal)
            shown = model.data(model.index(0, column))
            assert first_row[column] == f"{header} {shown}", table.objectName()
