"""Lines Played: the main line and its variations as a tree, stepped through with the keys,
made main, promoted and deleted; saved games keep what it shows."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_human
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.review.lines import LinesDialog

B2, A1, C3, A3, C1 = Move(1, 1), Move(2, 0), Move(0, 2), Move(0, 0), Move(2, 2)


def played_with_variations(window: MainWindow, *alternatives: Move) -> None:
    """b2 a1 c3, then each alternative played instead of the last move."""
    window.new_game(human_vs_human())
    controller = window.controller
    for move in (B2, A1, C3):
        controller.play_human(move.row, move.col)
    for move in alternatives:
        controller.undo()
        controller.play_human(move.row, move.col)


def rows(dialog: LinesDialog) -> list[tuple[str, list[str]]]:
    view = dialog.view
    found = []
    for index in range(view.topLevelItemCount()):
        item = view.topLevelItem(index)
        found.append((item.text(0), [item.child(i).text(0) for i in range(item.childCount())]))
    return found


def test_the_lines_show_as_a_tree_and_the_keys_step_through_them(
    qtbot: QtBot, window: MainWindow
) -> None:
    played_with_variations(window, A3)
    dialog = window.show_lines()
    assert isinstance(dialog, LinesDialog)
    assert dialog.view.accessibleName() == "Lines played"
    # The line on the board is the main line; c3, taken back, hangs under a3 as a variation.
    assert rows(dialog) == [("1. b2", []), ("1… a1", []), ("2. a3", ["2. c3"])]
    assert dialog.summary.text() == "2 lines played; the main line is the one on the board."
    view = dialog.view
    assert view.currentItem().text(0) == "2. a3"
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentItem().text(0) == "2. c3"
    assert view.currentItem().data(0, Qt.ItemDataRole.AccessibleTextRole) == "2. c3, variation"
    qtbot.keyClick(view, Qt.Key.Key_Left)  # from a variation's first move to the one it replaced
    assert view.currentItem().text(0) == "2. a3"
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.currentItem().text(0) == "1… a1"
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)  # the end of the line: it stays
    assert view.currentItem().text(0) == "2. a3"
    assert not dialog.delete_button.isEnabled()  # the line on the board stays whole
    dialog.close()


def test_make_main_line_plays_the_variation_and_the_file_keeps_both(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    played_with_variations(window, A3)
    dialog = window.show_lines()
    assert isinstance(dialog, LinesDialog)
    dialog.view.setFocus()
    qtbot.keyClick(dialog.view, Qt.Key.Key_Down)
    with qtbot.waitSignal(dialog.line_chosen, timeout=2000):
        qtbot.keyClick(dialog.view, Qt.Key.Key_Return)
    assert window.controller.board == Board.empty().play_all((B2, A1, C3))
    assert rows(dialog) == [("1. b2", []), ("1… a1", []), ("2. c3", ["2. a3"])]
    path = tmp_path / "lines.json"
    assert window.save_game_to(path)
    tree = json.loads(path.read_text())["tree"]
    assert [node.get("move") for node in tree] == [None, "b2", "a1", "c3", "a3"]
    assert tree[2]["children"] == [3, 4]
    dialog.close()


def test_promote_and_delete_change_the_variations(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    # c1 on the board; a3 (the line it replaced) and c3 as variations, the latest first.
    played_with_variations(window, A3, C1)
    dialog = window.show_lines()
    assert isinstance(dialog, LinesDialog)
    assert rows(dialog) == [("1. b2", []), ("1… a1", []), ("2. c1", ["2. a3", "2. c3"])]
    dialog.view.setCurrentItem(dialog.view.topLevelItem(2).child(1))
    assert dialog.promote_button.isEnabled()
    with qtbot.waitSignal(dialog.tree_changed, timeout=2000):
        dialog.promote_button.click()
    assert rows(dialog) == [("1. b2", []), ("1… a1", []), ("2. c1", ["2. c3", "2. a3"])]
    assert not dialog.promote_button.isEnabled()  # the first variation: no higher
    dialog.view.setCurrentItem(dialog.view.topLevelItem(2).child(1))
    with qtbot.waitSignal(dialog.tree_changed, timeout=2000):
        dialog.delete_button.click()
    assert rows(dialog) == [("1. b2", []), ("1… a1", []), ("2. c1", ["2. c3"])]
    path = tmp_path / "pruned.json"
    assert window.save_game_to(path)
    moves = [node.get("move") for node in json.loads(path.read_text())["tree"]]
    assert moves == [None, "b2", "a1", "c1", "c3"]
    dialog.close()
