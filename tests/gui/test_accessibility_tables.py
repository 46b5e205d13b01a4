"""Tables by ear: entered on a row that is read, each row read once with its headers,
an edge that answers, and the dock's best move and expected line on the Tab path.

Qt tells a screen reader of a table cell when the current cell changes (the
selection model's ``currentChanged`` while the table has the focus), so that is
what these tests listen to.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.helpers import analysed, human_vs_human, play, row_words, tab_to
from tictactoe_gui.gui.main_window import MainWindow

Text = QAccessible.Text


def start(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    analysed(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def test_a_table_is_entered_on_a_row_that_is_read_and_its_edges_answer(
    qtbot: QtBot, window: MainWindow
) -> None:
    start(qtbot, window)
    table = window.analysis_dock.table
    selection = table.selectionModel()
    read: list[int] = []
    selection.currentChanged.connect(
        lambda current, _previous: read.append(current.row()) if table.hasFocus() else None
    )
    with qtbot.waitSignal(selection.currentChanged, timeout=5000):
        tab_to(qtbot, window, table)
    assert read[-1] == 0  # the first row, the best move, is what is heard first
    assert not selection.hasSelection()  # entering previews nothing on the board

    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert read[-1] == 1
    last = table.model().rowCount() - 1
    table.setCurrentIndex(table.model().index(last, 0))
    count = len(read)
    with qtbot.waitSignal(selection.currentChanged, timeout=5000):
        qtbot.keyClick(table, Qt.Key.Key_Down)  # nowhere to go: the row is read again
    assert set(read[count:]) == {-1, last}
    assert table.currentIndex().row() == last


def test_each_row_is_read_once_with_its_headers(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window)
    table = window.analysis_dock.table
    iface = QAccessible.queryAccessibleInterface(table)
    assert iface is not None
    words = row_words(iface, 0)
    assert [w.split(" ")[0] for w in words] == ["Move", "Score", "Outcome"]
    model = table.model()
    shown = [str(model.data(model.index(0, c))) for c in range(3)]
    assert shown[1] == "0"  # a draw: heard as shown
    # The first row is a best move, and heard so (the bold of its row is not heard).
    assert words == [f"Move {shown[0]}, best", f"Score {shown[1]}", f"Outcome {shown[2]}"]


def test_the_best_move_and_the_expected_line_are_on_the_tab_path(
    qtbot: QtBot, window: MainWindow
) -> None:
    start(qtbot, window)
    dock = window.analysis_dock
    best = dock.findChild(QWidget, "bestMoveLabel")
    line = dock.findChild(QWidget, "principalVariation")
    assert best is not None
    assert line is not None
    for value, words, text in (
        (best, "Best move:", dock.best_move_text()),
        (line, "Expected line:", dock.line_text()),
    ):
        tab_to(qtbot, window, value)
        iface = QAccessible.queryAccessibleInterface(value)
        assert iface is not None
        assert iface.text(Text.Name) == text
        # Named by the form's label beside it, as a field is: "Best move: X b2 (draw)".
        (label,) = [w for w in dock.findChildren(QLabel) if w.buddy() is value and w is not value]
        assert label.text() == words


def test_each_candidates_outcome_names_the_side_that_wins(qtbot: QtBot, window: MainWindow) -> None:
    # Heard row by row, "Outcome loss in 2" leaves the player to work out whose loss.
    start(qtbot, window)
    window.analysis_dock.set_top_n(9)
    play(window, 1, 1)  # X b2: O's edges lose, its corners draw
    analysed(qtbot, window)
    table = window.analysis_dock.table
    model = table.model()
    iface = QAccessible.queryAccessibleInterface(table)
    assert iface is not None
    heard = []
    for row in range(model.rowCount()):
        outcome = row_words(iface, row)[2]
        heard.append(outcome)
        assert "loss" not in outcome
    assert any(words.startswith("Outcome X wins in ") for words in heard)
    assert any(words == "Outcome draw" for words in heard)
