"""Variations in the move list: a different move from an earlier position is kept beside the
line it replaced, the keys step along lines and between variations, variations are promoted,
deleted and made the main line, undo and redo stay inside a line, the dock analyses the move
chosen, and saved games and replays keep every line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent
from pytestqt.qtbot import QtBot

from tests.gui.helpers import ai_vs_ai, human_vs_ai, human_vs_human
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.move_tree import ROOT, MoveTree
from tictactoe_gui.gui.analysis_dock import AnalysisDock
from tictactoe_gui.gui.game_controller import State
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.move_list import MoveListDock, MoveListModel

B2, A1, C3, A3, C1 = Move(1, 1), Move(2, 0), Move(0, 2), Move(0, 0), Move(2, 2)


def shown_board(dock: AnalysisDock) -> Board | None:
    """The board whose analysis the dock shows."""
    state = dock.game_state
    return None if state is None else state.marks_board()


def shown(model: MoveListModel, parent: QModelIndex | None = None) -> list[object]:
    """The rows as the list shows them: a label, or a label and the rows under it."""
    parent = parent or QModelIndex()
    rows: list[object] = []
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        label = model.data(index)
        under = shown(model, index)
        rows.append((label, under) if under else label)
    return rows


def with_a_variation(window: MainWindow) -> None:
    """b2 a1 c3 played, then from the position after a1 a3 instead of c3 (from the list)."""
    window.new_game(human_vs_human())
    controller = window.controller
    for move in (B2, A1, C3):
        assert controller.play_human(move.row, move.col)
    dock = window.moves_dock
    dock.table.clicked.emit(dock.model.index_of_ply(2))  # a click on a1 in the list
    assert controller.board == Board.empty().play_all((B2, A1))
    assert controller.play_human(A3.row, A3.col)


def test_a_different_move_from_an_earlier_position_becomes_a_variation(
    qtbot: QtBot, window: MainWindow
) -> None:
    with_a_variation(window)
    controller = window.controller
    assert controller.board == Board.empty().play_all((B2, A1, A3))
    assert controller.lines.main_line() == tuple(Board.empty().index(m) for m in (B2, A1, C3))
    model = window.moves_dock.model
    assert shown(model) == ["1. b2", "1… a1", ("2. c3", ["2. a3"])]
    variation = model.index(0, 0, model.index(2, 0))
    assert model.data(variation, Qt.ItemDataRole.AccessibleTextRole) == "Move 3: X a3, variation"
    assert model.data(variation, Qt.ItemDataRole.FontRole).italic()
    # The list marks the move on the board: the variation's.
    assert window.moves_dock.table.currentIndex() == variation
    assert window.moves_dock.shown_ply() == 3


def test_the_keys_step_along_a_line_and_between_variations(
    qtbot: QtBot, window: MainWindow
) -> None:
    with_a_variation(window)
    controller = window.controller
    table = window.moves_dock.table
    table.setFocus()

    def key(which: Qt.Key) -> tuple[Move, ...]:
        qtbot.keyClick(table, which)
        return controller.moves

    assert key(Qt.Key.Key_Up) == (B2, A1, C3)  # the variation before it: the main line's
    assert key(Qt.Key.Key_Up) == (B2, A1, C3)  # none before the first: it stays
    assert key(Qt.Key.Key_Down) == (B2, A1, A3)
    assert key(Qt.Key.Key_Down) == (B2, A1, A3)
    assert key(Qt.Key.Key_Left) == (B2, A1)  # back to where the variation branched
    assert key(Qt.Key.Key_Right) == (B2, A1, C3)  # on along the main line
    assert key(Qt.Key.Key_Home) == ()
    assert window.moves_dock.shown_ply() == 0
    assert key(Qt.Key.Key_Right) == (B2,)
    assert key(Qt.Key.Key_End) == (B2, A1, C3)
    assert window.board_view.board == controller.board


def test_promote_make_main_line_and_delete(qtbot: QtBot, window: MainWindow) -> None:
    with_a_variation(window)
    controller = window.controller
    dock = window.moves_dock
    model = dock.model
    controller.play_human(C1.row, C1.col)  # the variation goes on: a3 c1
    assert shown(model) == ["1. b2", "1… a1", ("2. c3", [("2. a3", ["2… c1"])])]
    assert dock.main_line_action.isEnabled()  # c1 lies in a variation
    dock.promote_action.trigger()  # c1 is not a variation: nothing to promote
    assert shown(model) == ["1. b2", "1… a1", ("2. c3", [("2. a3", ["2… c1"])])]
    window.moves_dock.select_ply(3)  # a3, the variation's first move
    assert controller.moves == (B2, A1, A3)
    assert dock.promote_action.isEnabled()
    dock.promote_action.trigger()  # a3 goes first: it is the main line now
    assert shown(model) == ["1. b2", "1… a1", ("2. a3", ["2. c3"]), "2… c1"]
    assert controller.moves == (B2, A1, A3)  # the board stays where it was
    assert controller.undone_moves() == (C1,)
    # Make Main Line on c3 puts it back first.
    dock.table.clicked.emit(model.index(0, 0, model.index(2, 0)))
    assert controller.moves == (B2, A1, C3)
    assert dock.main_line_action.isEnabled()
    dock.main_line_action.trigger()
    assert shown(model) == ["1. b2", "1… a1", ("2. c3", [("2. a3", ["2… c1"])])]
    assert controller.moves == (B2, A1, C3)
    # Delete removes the move chosen and what follows it; the board goes back before it.
    dock.table.clicked.emit(model.index(0, 0, model.index(2, 0)))
    dock.delete_action.trigger()
    assert shown(model) == ["1. b2", "1… a1", "2. c3"]
    assert controller.moves == (B2, A1)
    assert controller.undone_moves() == (C3,)
    assert window.board_view.board == controller.board


def test_the_editing_commands_are_in_the_context_menu_with_shortcuts(window: MainWindow) -> None:
    dock = window.moves_dock
    actions = dock.table.actions()
    assert dock.table.contextMenuPolicy() is Qt.ContextMenuPolicy.ActionsContextMenu
    assert [a.shortcut().toString() for a in actions] == ["Ctrl+Up", "Ctrl+Shift+M", "Del"]


def test_undo_and_redo_stay_inside_the_line(qtbot: QtBot, window: MainWindow) -> None:
    with_a_variation(window)
    controller = window.controller
    controller.play_human(C1.row, C1.col)
    controller.undo()
    controller.undo()
    assert controller.moves == (B2, A1)
    controller.redo()
    controller.redo()
    assert controller.moves == (B2, A1, A3, C1)  # the variation's line, not the main line's
    assert window.moves_dock.shown_ply() == 4
    assert window.moves_dock.model.is_main_line(window.moves_dock.shown_node()) is False
    # Both lines are still there.
    assert len(controller.lines) == 6


def test_the_dock_analyses_the_move_chosen(qtbot: QtBot, window: MainWindow) -> None:
    with_a_variation(window)
    dock = window.analysis_dock
    wanted = Board.empty().play_all((B2, A1, C3))
    qtbot.keyClick(window.moves_dock.table, Qt.Key.Key_Up)
    qtbot.waitUntil(lambda: dock.game_analysis is not None and shown_board(dock) == wanted)
    qtbot.keyClick(window.moves_dock.table, Qt.Key.Key_Left)
    wanted = Board.empty().play_all((B2, A1))
    qtbot.waitUntil(lambda: dock.game_analysis is not None and shown_board(dock) == wanted)


def test_a_finished_game_goes_on_as_a_variation(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    controller = window.controller
    won = (A3, B2, Move(0, 1), C1, Move(0, 2))  # X wins along the top row
    for move in won:
        controller.play_human(move.row, move.col)
    qtbot.waitUntil(lambda: controller.state is State.OVER, timeout=5000)
    window.moves_dock.select_ply(4)
    assert controller.state is State.PLAYING
    assert controller.play_human(1, 0)  # a2 instead of c3
    assert controller.lines.main_line() == tuple(Board.empty().index(m) for m in won)
    assert controller.moves == (*won[:4], Move(1, 0))


def test_saved_and_opened_again_the_tree_is_whole(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    with_a_variation(window)
    path = tmp_path / "lines.json"
    assert window.save_game_to(path)
    assert len(json.loads(path.read_text())["tree"]) == 5
    window.new_game(human_vs_human())
    assert len(window.controller.lines) == 1
    assert window.open_game_file(path)
    controller = window.controller
    assert controller.moves == (B2, A1, A3)
    # The main line is still the main line, and the board is on the variation again.
    assert shown(window.moves_dock.model) == ["1. b2", "1… a1", ("2. c3", ["2. a3"])]
    assert window.moves_dock.model.describe(window.moves_dock.shown_node()) == (
        "Move 3: X a3, variation"
    )


def test_a_replay_with_variations_replays_them_and_a_move_in_it_starts_a_study(
    qtbot: QtBot, window: MainWindow
) -> None:
    index = Board.empty().index
    tree, _ = MoveTree.of_line([index(m) for m in (B2, A1, C3)]).follow(
        MoveTree.of_line([index(m) for m in (B2, A1, C3)]).node_of([index(B2), index(A1)]) or ROOT,
        [index(A3), index(C1)],
    )
    window.start_replay("a study", Board.empty(), (B2, A1, C3), ("X", "O"), tree)
    controller = window.controller
    model = window.moves_dock.model
    assert shown(model) == ["1. b2", "1… a1", ("2. c3", [("2. a3", ["2… c1"])])]
    window.moves_dock.table.clicked.emit(model.index(0, 0, model.index(0, 0, model.index(2, 0))))
    assert controller.state is State.REPLAY
    assert controller.moves == (B2, A1, A3, C1)
    assert controller.replay_moves == (B2, A1, A3, C1)
    controller.replay_seek(2)
    assert controller.moves == (B2, A1)
    assert window.board_view.isEnabled()
    # A move of one's own in a replay: a study from there, every line kept.
    assert controller.play_human(0, 1)
    assert controller.state is State.PLAYING
    assert controller.setup.record is False
    assert controller.moves == (B2, A1, Move(0, 1))
    assert len(controller.lines) == 7


def test_against_an_ai_an_earlier_move_is_looked_at_and_the_game_waits(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_ai())
    controller = window.controller
    assert controller.play_human(B2.row, B2.col)
    qtbot.waitUntil(lambda: len(controller.moves) == 2, timeout=10000)
    window.moves_dock.select_ply(1)
    assert window.looking_at == 1
    assert window.board_view.board == Board.empty().play(B2)
    assert len(controller.moves) == 2  # nothing taken back, and the AI does not play again
    assert window.moves_dock.shown_ply() == 1
    assert len(controller.lines) == 3
    window.moves_dock.select_ply(2)
    assert window.looking_at is None
    assert window.board_view.board == controller.board


def test_a_set_up_position_with_o_to_move_numbers_its_first_move_as_o_s(qtbot: QtBot) -> None:
    model = MoveListModel()
    start = Board.empty().play(B2)  # O to move
    index = start.index
    tree, node = MoveTree.of_line([index(A1), index(C3)]).follow(ROOT, [index(A3)])
    model.set_tree(start, tree, node)
    assert shown(model) == [("1… a1", ["1… a3"]), "2. c3"]
    assert model.moves == (A3,)
    assert model.data(model.index_of_ply(1), Qt.ItemDataRole.AccessibleTextRole) == (
        "Move 1: O a3, variation"
    )


def test_an_ai_game_pauses_when_a_move_is_chosen_and_goes_on_from_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(ai_vs_ai())
    controller = window.controller
    qtbot.waitUntil(lambda: len(controller.moves) >= 3, timeout=20000)
    window.moves_dock.select_ply(1)
    assert controller.paused
    assert len(controller.moves) == 1
    assert window.analysis_dock.isVisible()
    wanted = controller.board
    qtbot.waitUntil(
        lambda: (
            window.analysis_dock.game_analysis is not None
            and shown_board(window.analysis_dock) == wanted
        )
    )
    assert len(controller.moves) == 1  # paused: nobody plays on


def test_the_list_names_every_move_the_same_however_its_tree_grew(qtbot: QtBot) -> None:
    """Names kept from the tree shown before are the ones a list made afresh gives."""
    import random

    rng = random.Random(5)
    grown = MoveListModel()
    start = Board.empty()
    tree = MoveTree()
    for _ in range(40):
        node = rng.randrange(len(tree))
        board = start.play_all(start.move_at(m) for m in tree.moves_to(node))
        if board.is_over:
            continue
        free = [m for m in range(9) if board.is_legal(board.move_at(m))]
        tree, node = tree.add(node, rng.choice(free))
        if rng.random() < 0.2:
            tree, node = tree.promote(node)
        grown.set_tree(start, tree, node)
        afresh = MoveListModel()
        afresh.set_tree(start, tree, node)
        assert shown(grown) == shown(afresh)
        said = Qt.ItemDataRole.AccessibleTextRole
        assert grown.data(grown.index_of_node(node), said) == afresh.data(
            afresh.index_of_node(node), said
        )


def test_news_in_the_move_list_is_said_by_the_row_a_screen_reader_is_on(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The news of a move goes with the accessible row of the current move, a variation's
    nested row too (the tree's header, hidden, is its first row)."""
    with_a_variation(window)
    table = window.moves_dock.table
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    said: list[str] = []
    original = QAccessible.updateAccessibility

    def record(event: QAccessibleEvent) -> None:
        if event.type() == QAccessible.Event.DescriptionChanged and event.object() is table:
            tree = QAccessible.queryAccessibleInterface(table)
            assert tree is not None
            row = tree.child(event.child())
            assert row is not None
            said.append(row.text(QAccessible.Text.Name))
        original(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(record))
    assert window.controller.play_human(C1.row, C1.col)  # the variation goes on: a3 c1
    qtbot.waitUntil(lambda: bool(said))
    assert said[-1].startswith("Move 4: O c1, variation")


def test_the_editing_commands_follow_the_row_the_keys_are_on(
    qtbot: QtBot, window: MainWindow
) -> None:
    with_a_variation(window)
    dock = window.moves_dock
    model = dock.model
    dock.table.setCurrentIndex(model.index(0, 0))  # b2, on the main line and first
    assert not dock.promote_action.isEnabled()
    assert not dock.main_line_action.isEnabled()
    dock.table.setCurrentIndex(model.index(0, 0, model.index(2, 0)))  # a3, a variation
    assert dock.promote_action.isEnabled()
    assert dock.main_line_action.isEnabled()


def test_after_a_game_against_an_ai_ones_own_turns_are_gone_to_and_the_ai_s_looked_at(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_ai())
    controller = window.controller
    while controller.state is not State.OVER:
        qtbot.waitUntil(
            lambda: controller.state is State.OVER or controller.is_human_turn(), timeout=10000
        )
        if controller.state is State.OVER:
            break
        board = controller.board
        free = next(m for m in range(9) if board.is_legal(board.move_at(m)))
        move = board.move_at(free)
        assert controller.play_human(move.row, move.col)
    played = controller.moves
    window.moves_dock.select_ply(1)  # the AI (O) was to move there: looked at
    assert window.looking_at == 1
    assert controller.moves == played
    window.moves_dock.select_ply(2)  # Alice (X) was to move there: the game goes there
    assert window.looking_at is None
    assert controller.moves == played[:2]
    assert controller.state is State.PLAYING
    assert controller.is_human_turn()


def test_lines_played_shows_the_move_list_with_the_keys_in_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    with_a_variation(window)
    window.moves_dock.hide()
    assert window.lines_action.shortcut().toString() == "Ctrl+Shift+L"
    window.lines_action.trigger()
    assert window.moves_dock.isVisible()
    qtbot.waitUntil(window.moves_dock.table.hasFocus)
    qtbot.keyClick(window.moves_dock.table, Qt.Key.Key_Left)
    assert window.controller.moves == (B2, A1)


def test_a_line_given_alone_is_shown_and_not_edited(qtbot: QtBot) -> None:
    """A game that keeps no tree (set_game: one line) offers no editing in the list."""
    dock = MoveListDock()
    qtbot.addWidget(dock)
    edits: list[object] = []
    dock.tree_edited.connect(lambda *args: edits.append(args))
    dock.set_game(Board.empty(), (B2, A1, C3), 2)
    assert dock.shown_ply() == 2
    assert not dock.delete_action.isEnabled()
    dock.delete()
    assert edits == []
    assert shown(dock.model) == ["1. b2", "1… a1", "2. c3"]
    dock.set_tree(Board.empty(), dock.tree, dock.shown_node())
    assert dock.delete_action.isEnabled()
