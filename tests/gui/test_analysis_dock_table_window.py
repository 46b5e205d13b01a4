"""The analysis dock of a table game in the main window, by ear: the candidate table is
entered on its first row (the best move), each row is read once with its headers, and
the best move and the expected line are on the Tab path, as for k in a row."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.helpers import tab_to
from tictactoe_gui.engine.games import Certainty, find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode

Text = QAccessible.Text


def start_connect_four(qtbot: QtBot, window: MainWindow) -> None:
    spec = find_game("connect4")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    window.start_table_game(setup, seed=1)
    qtbot.waitUntil(lambda: window.analysis_dock.game_analysis is not None, timeout=30_000)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def test_a_connect_four_analysis_is_heard_as_k_in_a_rows_is(
    qtbot: QtBot, window: MainWindow
) -> None:
    start_connect_four(qtbot, window)
    dock = window.analysis_dock
    analysis = dock.game_analysis
    assert analysis is not None
    # The published result (Allis, 1988): the first player wins, on the 41st ply, by
    # dropping in the centre column.
    assert analysis.certainty is Certainty.PROVEN
    assert dock.prediction_text() == "Ann (X) wins in 41 plies with best play (proven)"
    table = dock.table
    selection = table.selectionModel()
    read: list[int] = []
    selection.currentChanged.connect(
        lambda current, _previous: read.append(current.row()) if table.hasFocus() else None
    )
    with qtbot.waitSignal(selection.currentChanged, timeout=5000):
        tab_to(qtbot, window, table)
    assert read[-1] == 0  # the best move first
    assert not selection.hasSelection()
    iface = QAccessible.queryAccessibleInterface(table)
    assert iface is not None
    first = [
        child.text(Text.Name)
        for child in (iface.child(i) for i in range(iface.childCount()))
        if child is not None
        and child.role() == QAccessible.Role.Cell
        and (cell := child.tableCellInterface()) is not None
        and cell.rowIndex() == 0
    ]
    assert [words.split(" ")[0] for words in first] == ["Move", "Score", "Outcome"]
    best = analysis.moves[0]
    assert first[0] == f"Move {best.text}, best"
    for name, words in (("bestMoveLabel", "Best move:"), ("principalVariation", "Expected line:")):
        value = dock.findChild(QWidget, name)
        assert value is not None
        tab_to(qtbot, window, value)
        (label,) = [w for w in dock.findChildren(QLabel) if w.buddy() is value and w is not value]
        assert label.text() == words
    assert dock.best_move_text() == "X d1 (win in 41)"


def test_k_in_a_row_at_the_table_offers_and_shows_its_three_searches(
    qtbot: QtBot, window: MainWindow
) -> None:
    spec = find_game("tictactoe")
    people = (Seat.human("Ann"), Seat.human("Bob"))
    table = window.start_table_game(TableSetup(spec, GameMode.HUMAN_VS_HUMAN, people))
    dock = window.analysis_dock
    qtbot.waitUntil(lambda: dock.game_analysis is not None, timeout=30_000)
    assert dock.game_state == table.state
    depth = dock.findChild(QWidget, "depthLabel")
    assert depth is not None
    assert not depth.isHidden()
    assert not dock.compare_button.isHidden()
    assert dock.compare_button.isEnabled()
    dock.compare_button.click()
    qtbot.waitUntil(lambda: len(dock.comparison_rows()) == 3, timeout=30_000)
    # What each search costs from the empty board, as the game names them.
    assert dock.comparison_rows()[0][:2] == ("Alpha-beta + table", "410")
    assert [row[:2] for row in dock.comparison_rows()[1:]] == [
        ("Alpha-beta", "4,372"),
        ("Plain minimax", "549,946"),
    ]
    assert dock.prediction_text() == "Draw with best play (proven)"
