"""A game played with variations is recorded with them, and History replays them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from tests.gui.helpers import board, human_vs_human, play
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.move_list import MoveListModel
from tictactoe_gui.gui.records import HistoryDialog
from tictactoe_gui.gui.review.dialog import ReviewDialog
from tictactoe_gui.records_bridge import recorded_tree
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode

A3, A1, B3, C2, B1, C3 = Move(0, 0), Move(2, 0), Move(0, 1), Move(1, 2), Move(2, 1), Move(0, 2)
#: X takes the top row after c2 was played, taken back and b1 played instead.
PLAYED = (A3, A1, B3, B1, C3)
TAKEN_BACK = (A3, A1, B3, C2)


def lines_of(tree: MoveTree) -> set[tuple[int, ...]]:
    return {tree.moves_to(node) for node in range(1, len(tree)) if not tree.children(node)}


def shown(model: MoveListModel, parent: QModelIndex | None = None) -> list[object]:
    """The move list's rows as it shows them: a label, or a label and the rows under it."""
    parent = parent or QModelIndex()
    rows: list[object] = []
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        under = shown(model, index)
        rows.append((model.data(index), under) if under else model.data(index))
    return rows


def indices(moves: tuple[Move, ...]) -> tuple[int, ...]:
    return tuple(Board.empty().index(move) for move in moves)


def finished_id(qtbot: QtBot, window: MainWindow) -> int:
    """The id of the game just finished on the board, once it is recorded."""
    controller = window.controller
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=10000)
    info = controller.game_over_info
    assert info is not None
    assert info.saved_id is not None
    return info.saved_id


def play_with_a_variation(qtbot: QtBot, window: MainWindow) -> int:
    """Play the game with a move taken back and another played; the recorded game's id."""
    window.new_game(human_vs_human())
    controller = window.controller
    for move in TAKEN_BACK:
        assert play(window, move.row, move.col)
    controller.undo()
    for move in PLAYED[3:]:
        assert play(window, move.row, move.col)
    return finished_id(qtbot, window)


def test_a_game_played_with_a_variation_is_recorded_with_it(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    game_id = play_with_a_variation(qtbot, window)
    detail = repository.game(game_id)
    assert [entry.cell for entry in detail.moves] == list(indices(PLAYED))
    tree = recorded_tree(detail)
    assert tree is not None
    assert tree.main_line() == indices(PLAYED)  # the line that ended the game
    assert lines_of(tree) == {indices(PLAYED), indices(TAKEN_BACK)}


def test_a_game_of_one_line_is_recorded_without_a_tree(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    window.new_game(human_vs_human())
    for move in PLAYED:
        assert play(window, move.row, move.col)
    assert repository.game(finished_id(qtbot, window)).tree is None


def test_a_connect_four_game_played_with_a_variation_is_recorded_with_it(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    """A table game hands its lines to the records by the same path as k in a row."""
    window, repository = repo_window
    spec = find_game("connect4")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    window.start_table_game(setup, seed=1)
    table = window.controller
    session = table.session
    assert session is not None

    def drop(name: str) -> None:
        played = len(session.moves)
        table.cell_activated(*divmod(spec.parse_move(name), spec.cols))
        assert len(session.moves) == played + 1

    for name in ("d1", "e1", "d2", "e2", "a1"):
        drop(name)
    table.undo()
    for name in ("d3", "e3", "d4"):
        drop(name)
    qtbot.waitUntil(lambda: repository.count_games() == 1, timeout=10000)
    (summary,) = repository.list_games()
    tree = recorded_tree(repository.game(summary.id))
    assert tree is not None
    main = tuple(spec.parse_move(name) for name in ("d1", "e1", "d2", "e2", "d3", "e3", "d4"))
    assert tree.main_line() == main
    taken_back = (*main[:4], spec.parse_move("a1"))
    assert lines_of(tree) == {main, taken_back}

    # History replays it with both lines in the move list; choosing one replays it.
    window.replay_recorded_game(repository.game(summary.id))
    assert table.replaying
    replayed = table.session
    assert replayed is not None
    assert lines_of(window.moves_dock.tree) == {main, taken_back}
    dock = window.moves_dock
    variation = dock.tree.node_of(taken_back)
    assert variation is not None
    dock.table.clicked.emit(dock.model.index_of_node(variation))
    assert table.replaying
    assert replayed.moves == taken_back
    assert table.replay_length == len(taken_back)


def test_history_exports_the_variations_and_names_a_tree_it_cannot_read(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository], tmp_path: Path
) -> None:
    window, repository = repo_window
    game_id = play_with_a_variation(qtbot, window)
    dialog = HistoryDialog(repository)
    qtbot.addWidget(dialog)
    target = tmp_path / "out.json"
    box = dialog.export_json_to(target)
    assert box.icon() == QMessageBox.Icon.Information
    (game,) = json.loads(target.read_text(encoding="utf-8"))["games"]
    assert {"move": "c2", "children": []} in game["tree"]

    connection = sqlite3.connect(repository.path)
    with connection:
        connection.execute("UPDATE games SET tree = 'oops' WHERE id = ?", (game_id,))
    connection.close()
    box = dialog.export_json_to(target)
    assert box.icon() == QMessageBox.Icon.Warning
    assert "Exported 1 game" in box.text()
    assert f"Game {game_id}: its variations cannot be read" in box.text()
    (game,) = json.loads(target.read_text(encoding="utf-8"))["games"]
    assert "tree" not in game
    assert len(game["moves"]) == len(PLAYED)


def test_history_replays_the_variations_and_reviews_the_main_line(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    game_id = play_with_a_variation(qtbot, window)
    history = window.show_history()
    assert isinstance(history, HistoryDialog)
    history.replay_game(game_id)
    controller = window.controller
    assert controller.replaying
    assert controller.replay_length == len(PLAYED)
    # The move list shows both lines: the one that ended the game, the other beside it.
    model = window.moves_dock.model
    assert lines_of(window.moves_dock.tree) == {indices(PLAYED), indices(TAKEN_BACK)}
    assert shown(model) == ["1. a3", "1… a1", "2. b3", ("2… b1", ["2… c2"]), "3. c3"]
    # Choosing the variation replays it; the main line is still there to go back to.
    variation = model.index(0, 0, model.index(3, 0))
    window.moves_dock.table.clicked.emit(variation)
    assert controller.replaying
    assert board(window) == Board.empty().play_all(TAKEN_BACK)
    assert controller.replay_length == len(TAKEN_BACK)
    window.moves_dock.table.clicked.emit(model.index(4, 0))
    assert board(window) == Board.empty().play_all(PLAYED)
    # Review judges the game as recorded: its main line.
    review = window.review_recorded_game(repository.game(game_id))
    assert isinstance(review, ReviewDialog)
    assert review.subject.moves == indices(PLAYED)
    review.close()
    history.close()


def test_a_tree_that_cannot_be_read_is_said_and_the_main_line_replays(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    game_id = play_with_a_variation(qtbot, window)
    connection = sqlite3.connect(repository.path)
    with connection:
        connection.execute("UPDATE games SET tree = '[]' WHERE id = ?", (game_id,))
    connection.close()
    window.replay_recorded_game(repository.game(game_id))
    controller = window.controller
    assert controller.replaying
    assert controller.replay_length == len(PLAYED)
    assert lines_of(window.moves_dock.tree) == {indices(PLAYED)}
    message = window.statusBar().currentMessage()
    assert message.startswith("This game's variations cannot be read (the tree of moves has no")
    assert message.endswith("its main line is replayed.")
