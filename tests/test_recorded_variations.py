"""A recorded game keeps its variations: the tree of moves saved games keep, checked by the
rules before it is saved, read back whole, and a tree that cannot be read reported while the
game itself still reads."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.storage.games import human, persona
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.move_tree import ROOT, MoveTree
from tictactoe_gui.records_bridge import (
    check_record,
    open_to_record,
    record_tree,
    recorded_tree,
    state_finished_game,
)
from tictactoe_gui.storage.records import FinishedGame, GameMode, InvalidGameError
from tictactoe_gui.storage.trees import parse_tree

BEGAN = datetime(2026, 4, 1, 18, 0, tzinfo=UTC)
TICTACTOE = find_game("tictactoe")
#: X takes the top row (a3 b3 c3 against a2 b2): 0 3 1 4 2.
MAIN = (0, 3, 1, 4, 2)


def cells(*names: str) -> tuple[int, ...]:
    return tuple(TICTACTOE.parse_move(name) for name in names)


def every_line(tree: MoveTree) -> set[tuple[int, ...]]:
    return {
        tree.moves_to(node) for node in range(len(tree)) if not tree.children(node) and node != ROOT
    }


def study_tree() -> MoveTree:
    """The main line, a line that left it at the third move and one at the fifth."""
    tree = MoveTree.of_line(MAIN)
    tree, _ = tree.follow(ROOT, (0, 3, 8, 4, 1))
    tree, _ = tree.follow(ROOT, (0, 3, 1, 4, 5))
    return tree


def played(tree: MoveTree | None = None) -> FinishedGame:
    """Ada and Bob's game of ``MAIN`` (X takes the top row) with the lines of ``tree``."""
    return state_finished_game(
        TICTACTOE.new_game().play_all(MAIN), human("Ada"), human("Bob"),
        GameMode.HUMAN_VS_HUMAN, BEGAN, BEGAN, tree=tree,
    )  # fmt: skip


def test_a_tree_with_variations_is_recorded_with_the_games_moves_as_its_main_line() -> None:
    tree = study_tree()
    text = record_tree(TICTACTOE, MAIN, tree)
    assert text is not None
    nodes = parse_tree(text, len(MAIN))
    assert [node.move for node in nodes[1:6]] == ["a3", "a2", "b3", "b2", "c3"]
    assert json.loads(text)[0] == {"children": [1]}  # the saved games' form


def test_the_line_that_ended_the_game_becomes_the_main_line() -> None:
    # The game was finished along a line played after taking moves back: a variation of the
    # tree, until the record makes it the main line; the old main line stays beside it.
    tree = MoveTree.of_line((0, 3, 8, 4, 1, 6))
    tree, _ = tree.follow(ROOT, MAIN)
    text = record_tree(TICTACTOE, MAIN, tree)
    assert text is not None
    game = played(tree)
    assert game.tree == text
    nodes = parse_tree(text)
    first = [nodes[index].move for index in (1, 2, 3, 4, 5)]
    assert first == ["a3", "a2", "b3", "b2", "c3"]


def test_a_game_of_one_line_keeps_no_tree() -> None:
    assert record_tree(TICTACTOE, MAIN, None) is None
    assert record_tree(TICTACTOE, MAIN, MoveTree.of_line(MAIN)) is None


def test_a_line_gone_on_from_a_resignation_is_not_part_of_the_record() -> None:
    spec = find_game("gomoku")
    moves = (spec.parse_move("h8"), spec.parse_move("h9"))
    tree, _ = MoveTree.of_line((*moves, spec.parse_move("j10"))).follow(
        ROOT, (spec.parse_move("a1"),)
    )
    state = spec.new_game().play_all(moves)
    game = state_finished_game(
        state, human("Ada"), persona("sera"), GameMode.HUMAN_VS_AI, BEGAN, BEGAN, resigned=0,
        tree=tree,
    )  # fmt: skip
    assert game.tree is not None
    names = {node.move for node in parse_tree(game.tree)}
    assert names == {None, "h8", "h9", "a1"}


def test_a_recorded_tree_is_read_back_whole(tmp_path: Path) -> None:
    tree = study_tree()
    game = played(tree)
    repository, _ = open_to_record(tmp_path / "records.sqlite3")
    with repository:
        game_id = repository.save_game(game)
        detail = repository.game(game_id)
    read = recorded_tree(detail)
    assert read is not None
    assert read.main_line() == MAIN
    assert every_line(read) == every_line(tree)


def test_a_connect_four_tree_is_recorded_through_the_game_interface(tmp_path: Path) -> None:
    """Any game of the registry: the same path takes a table game's tree."""
    spec = find_game("connect4")
    state = spec.new_game()
    for name in ("d1", "e1", "d2", "e2", "d3", "e3", "d4"):
        state = state.play_text(name)
    tree, _ = MoveTree.of_line(state.moves).follow(ROOT, (*state.moves[:2], spec.parse_move("c1")))
    game = state_finished_game(
        state, human("Ann"), persona("kitty"), GameMode.HUMAN_VS_AI, BEGAN,
        BEGAN + timedelta(minutes=2), tree=tree,
    )  # fmt: skip
    check_record(game)
    repository, _ = open_to_record(tmp_path / "records.sqlite3")
    with repository:
        detail = repository.game(repository.save_game(game))
    read = recorded_tree(detail)
    assert read is not None
    assert every_line(read) == every_line(tree)
    assert read.main_line() == state.moves


def saved_with_tree(tree: object) -> FinishedGame:
    """A record of the main line whose tree is ``tree`` (JSON), for the rules to judge."""
    from dataclasses import replace

    return replace(played(), tree=json.dumps(tree))


def line(*names: str) -> list[dict[str, object]]:
    nodes: list[dict[str, object]] = [{"children": [1]}]
    for index, name in enumerate(names, start=1):
        nodes.append({"move": name, "children": [index + 1] if index < len(names) else []})
    return nodes


@pytest.mark.parametrize(
    ("tree", "reason"),
    [
        ("not json", "the tree of moves is not JSON"),
        ({"children": []}, "not a list of nodes"),
        ([{"children": [1]}, {"move": "a3", "children": [1]}], "node 1 should list the later"),
        ([{"children": [1, 1]}, {"move": "a3"}], "node 1 follows two moves"),
        ([{"children": [1]}, {"move": "a3"}, {"move": "b3"}], "node 2 follows no move"),
        ([{"move": "a3", "children": []}], "node 0 is the start"),
        ([{"children": [1]}, {"children": []}], "node 1 should name its move"),
        (line("a3", "a2", "b3"), "main line of the tree of moves has 3 moves, but the game has 5"),
    ],
)
def test_a_tree_of_the_wrong_shape_is_refused_by_storage(tree: object, reason: str) -> None:
    text = tree if isinstance(tree, str) else json.dumps(tree)
    with pytest.raises(InvalidGameError, match=reason):
        parse_tree(text, len(MAIN))


def with_variation(*names: str) -> list[dict[str, object]]:
    """The main line with a variation ``names`` played from the start."""
    main = line("a3", "a2", "b3", "b2", "c3")
    offset = len(main)
    main[0]["children"] = [1, offset]
    for index, name in enumerate(names):
        last = index == len(names) - 1
        main.append({"move": name, "children": [] if last else [offset + index + 1]})
    return main


@pytest.mark.parametrize(
    ("tree", "reason"),
    [
        (with_variation("c1", "c1"), r"node 7 \('c1'\): .*"),
        (with_variation("z9"), r"node 6 \('z9'\)"),
        (with_variation("a3"), r"node 6 \('a3'\) is played twice from one position"),
        (
            line("a3", "a2", "b3", "b2", "c2"),
            "main line of the tree of moves is not the game's moves",
        ),
    ],
)
def test_a_tree_the_rules_deny_is_refused_naming_the_node(tree: object, reason: str) -> None:
    game = saved_with_tree(tree)
    with pytest.raises(InvalidGameError, match=reason):
        check_record(game)


def test_a_tree_after_the_end_of_the_game_is_refused() -> None:
    tree = line("a3", "a2", "b3", "b2", "c3")
    tree[-1]["children"] = [6]
    tree.append({"move": "c1", "children": []})
    with pytest.raises(InvalidGameError, match="main line of the tree of moves has 6 moves"):
        check_record(saved_with_tree(tree))


def test_a_damaged_tree_in_the_file_is_reported_and_the_game_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    game = played(study_tree())
    repository, _ = open_to_record(path)
    with repository:
        game_id = repository.save_game(game)
    connection = sqlite3.connect(path)
    with connection:
        connection.execute(
            "UPDATE games SET tree = ? WHERE id = ?", ('[{"children": [7]}]', game_id)
        )
    connection.close()
    repository, _ = open_to_record(path)
    with repository:
        detail = repository.game(game_id)
        assert [entry.cell for entry in detail.moves] == list(MAIN)
        with pytest.raises(InvalidGameError, match="node 0 should list the later nodes") as error:
            recorded_tree(detail)
    assert "\n" not in str(error.value)


def test_every_damaged_tree_is_refused_in_one_line_or_read_whole() -> None:
    """Trees damaged at random (a child renumbered, a node dropped or doubled, a move
    renamed): the rules check reads each whole or refuses it with a one-line reason, never
    with another error."""
    import random

    rng = random.Random(20261126)
    text = record_tree(TICTACTOE, MAIN, study_tree())
    assert text is not None
    names = [f"{col}{row}" for col in "abcd" for row in range(5)] + ["", "b", "11", "é1"]
    reasons: list[str] = []
    for _ in range(400):
        tree = json.loads(text)
        for _ in range(rng.randint(1, 3)):
            node = rng.choice(tree)
            what = rng.randrange(5)
            if what == 0 and node["children"]:
                node["children"][rng.randrange(len(node["children"]))] = rng.randint(-1, 9)
            elif what == 1:
                node["move"] = rng.choice(names)
            elif what == 2 and len(tree) > 1:
                del tree[rng.randrange(len(tree))]
            elif what == 3:
                tree.append(dict(rng.choice(tree)))
            else:
                node["children"] = list(reversed(node["children"]))
        game = saved_with_tree(tree)
        try:
            check_record(game)
        except InvalidGameError as error:
            reasons.append(str(error))
    assert len(reasons) > 300  # most damage is found; what is left is a tree the rules allow
    assert all(reason and "\n" not in reason for reason in reasons)
