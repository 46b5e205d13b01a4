"""A line taken back and played differently stays in the game's tree, and saved files keep it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.helpers import board, human_vs_human, play
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session import table_file

#: b2, a1, c3 then, instead of c3, a3: two lines after b2 a1.
TREE = [
    {"children": [1]},
    {"move": "b2", "children": [2]},
    {"move": "a1", "children": [3, 4]},
    {"move": "c3", "children": []},
    {"move": "a3", "children": []},
]


def saved(tree: list[dict[str, object]], ply: int = 3) -> str:
    header = {"app": "tictactoe-gui", "format": 2, "game": "tictactoe", "start": "........."}
    return json.dumps({**header, "tree": tree, "ply": ply})


def cells(*moves: Move) -> tuple[int, ...]:
    """``moves`` as a saved game numbers them (a 3×3 board's cells, row by row)."""
    return tuple(Board.empty().index(move) for move in moves)


def lines(tree: list[dict[str, object]]) -> set[tuple[str, ...]]:
    """Every line of a saved tree, from the start to each end."""
    found: set[tuple[str, ...]] = set()

    def walk(index: int, line: tuple[str, ...]) -> None:
        node = tree[index]
        if "move" in node:
            line = (*line, str(node["move"]))
        children = node["children"]
        assert isinstance(children, list)
        if not children:
            found.add(line)
        for child in children:
            walk(child, line)

    walk(0, ())
    return found


def test_a_file_with_variations_saves_them_again(tmp_path: Path) -> None:
    game = table_file.from_json(saved(TREE))
    assert game.moves == cells(Move(1, 1), Move(2, 0), Move(0, 2))
    assert game.tree is not None
    again = json.loads(table_file.game_json(game))
    assert lines(again["tree"]) == {("b2", "a1", "c3"), ("b2", "a1", "a3")}
    assert again["tree"][3]["move"] == "c3"  # the main line first


def test_a_move_played_instead_of_one_taken_back_keeps_the_old_line(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.new_game(human_vs_human())
    controller = window.controller
    for move in (Move(1, 1), Move(2, 0), Move(0, 2)):
        assert play(window, move.row, move.col)
    controller.undo()
    assert play(window, 0, 0)  # a3 instead of c3
    assert board(window) == Board.empty().play_all((Move(1, 1), Move(2, 0), Move(0, 0)))
    path = tmp_path / "study.json"
    assert window.save_game_to(path)
    tree = json.loads(path.read_text())["tree"]
    assert lines(tree) == {("b2", "a1", "a3"), ("b2", "a1", "c3")}
    assert tree[3]["move"] == "c3"  # the main line stays the main line
    data = json.loads(path.read_text())
    assert data["tree"][data["line"]]["move"] == "a3"  # the board's line, a variation
    assert data["ply"] == 3
    # Opened again and saved again, the variation is still there.
    assert window.open_game_file(path)
    assert board(window) == Board.empty().play_all((Move(1, 1), Move(2, 0), Move(0, 0)))
    again = tmp_path / "again.json"
    assert window.save_game_to(again)
    assert lines(json.loads(again.read_text())["tree"]) == lines(tree)


def test_a_new_game_starts_a_tree_of_its_own(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.new_game(human_vs_human())
    assert play(window, 1, 1)
    window.new_game(human_vs_human())
    assert play(window, 0, 0)
    path = tmp_path / "new.json"
    assert window.save_game_to(path)
    assert lines(json.loads(path.read_text())["tree"]) == {("a3",)}


def test_a_file_whose_board_is_on_a_variation_opens_there_and_says_a_bad_line() -> None:
    game = table_file.from_json(json.dumps({**json.loads(saved(TREE, 2)), "line": 4}))
    assert game.moves == cells(Move(1, 1), Move(2, 0))
    assert game.undone == cells(Move(0, 0))  # a3, the variation, is the line to redo
    assert game.lines().main_line() == cells(Move(1, 1), Move(2, 0), Move(0, 2))
    again = json.loads(table_file.game_json(game))
    assert (again["line"], again["ply"]) == (4, 2)
    for bad in (0, 5, "4"):
        text = json.dumps({**json.loads(saved(TREE)), "line": bad})
        with pytest.raises(table_file.TableFileError, match="line should be the number of a node"):
            table_file.from_json(text)
