"""The tree of a game's moves: lines added, promoted, made main, deleted, and saved."""

from __future__ import annotations

import random

import pytest

from tictactoe_gui.engine.move_tree import ROOT, MoveTree, TreeError


def test_a_different_move_becomes_a_variation_and_the_same_move_is_not_added_twice() -> None:
    tree = MoveTree.of_line((4, 0, 8))
    after_first = tree.line_from(ROOT)[0]
    again, node = tree.add(after_first, 0)
    assert again is tree
    assert node == tree.line_from(ROOT)[1]
    tree, variation = tree.add(after_first, 2)
    assert tree.main_line() == (4, 0, 8)
    assert tree.siblings(variation) == (tree.line_from(ROOT)[1], variation)
    assert tree.moves_to(variation) == (4, 2)
    assert not tree.is_main_line(variation)


def test_promote_make_main_line_and_delete() -> None:
    tree = MoveTree.of_line((4, 0, 8))
    first = tree.line_from(ROOT)[0]
    tree, variation = tree.add(first, 2)
    tree, deeper = tree.add(variation, 6)
    tree, node = tree.make_main_line(deeper)
    assert tree.main_line() == (4, 2, 6)
    assert tree.moves_to(node) == (4, 2, 6)
    assert tree.is_main_line(node)
    old = next(n for n in range(len(tree)) if tree.moves_to(n) == (4, 0))
    tree, promoted = tree.promote(old)
    assert tree.main_line() == (4, 0, 8)
    assert tree.moves_to(promoted) == (4, 0)
    tree, parent = tree.delete(promoted)
    assert tree.main_line() == (4, 2, 6)
    assert tree.moves_to(parent) == (4,)
    assert len(tree) == 4


def test_the_saved_form_lists_each_node_before_its_children_main_line_first() -> None:
    rng = random.Random(3)
    tree = MoveTree()
    for _ in range(40):
        node = rng.randrange(len(tree))
        tree, _ = tree.add(node, rng.randrange(9))
    saved = tree.to_json(lambda moves: str(moves[-1]))
    assert len(saved) == len(tree)
    assert "move" not in saved[0]
    for index, entry in enumerate(saved):
        children = entry["children"]
        assert isinstance(children, list)
        assert all(child > index for child in children)
    # Following first children from the start reads the main line.
    line, index = [], 0
    while saved[index]["children"]:
        index = saved[index]["children"][0]  # type: ignore[index]
        line.append(int(str(saved[index]["move"])))
    assert tuple(line) == tree.main_line()


def test_follow_node_of_and_is_first_agree_on_random_trees() -> None:
    rng = random.Random(11)
    tree = MoveTree()
    played: list[tuple[int, ...]] = []
    for _ in range(60):
        line = tuple(rng.randrange(4) for _ in range(rng.randrange(1, 6)))
        tree, node = tree.follow(ROOT, line)
        played.append(line)
        assert tree.moves_to(node) == line
    for line in played:
        node = tree.node_of(line)
        assert node is not None
        assert tree.moves_to(node) == line
    assert tree.node_of((9,)) is None
    for node in range(len(tree)):
        parent = tree.parent(node)
        assert tree.is_first(node) == (parent is None or tree.children(parent)[0] == node)
    # Following a line already played adds nothing.
    again, _ = tree.follow(ROOT, played[0])
    assert again == tree


def test_the_saved_form_is_read_back_whole_and_a_damaged_one_is_refused() -> None:
    rng = random.Random(5)
    tree = MoveTree()
    for _ in range(50):
        tree, _ = tree.add(rng.randrange(len(tree)), rng.randrange(7))
    tree, _ = tree.renumbered()
    saved = tree.to_json(lambda moves: str(moves[-1]))

    def read(depth: int, name: object) -> tuple[int, int]:
        if not isinstance(name, str) or not name.isdigit():
            raise ValueError("not a move")
        return int(name), depth + 1

    assert MoveTree.from_json(saved, 0, read) == tree
    broken = [dict(entry) for entry in saved]
    broken[3]["move"] = "x"
    with pytest.raises(TreeError, match=r"move \d+ \(x\): not a move"):
        MoveTree.from_json(broken, 0, read)
    orphan = [dict(entry) for entry in saved]
    orphan[0]["children"] = []
    with pytest.raises(TreeError, match="follows no move"):
        MoveTree.from_json(orphan, 0, read)
    with pytest.raises(TreeError, match="no tree"):
        MoveTree.from_json(saved, 0, read, max_nodes=10)
