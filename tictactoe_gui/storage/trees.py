"""A recorded game's tree of moves as the records keep it: JSON text, its shape checked.

A game played with variations (a move made after taking moves back, beside the
line it replaced) keeps them in its record as the tree saved games hold: a flat
JSON list whose node 0 is the start (``{"children": [1]}``) and whose every
other node is a move named in the game's notation with the later nodes that
follow it (``{"move": "k10", "children": [2, 5]}``), the first child the line
that goes on. The main line (first children from the start) is the game's
recorded moves; the other children are the variations.

Storage knows no rules, so here the tree is plain data: :func:`parse_tree`
checks that the text is such a list (every node reached once, from an earlier
node, the main line as long as the game) and names the first thing wrong with
it. Whether its moves are legal is the engine's to say, through
:mod:`tictactoe_gui.records_bridge`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from tictactoe_gui.storage.errors import InvalidGameError

#: The most nodes a recorded tree may hold (every move of every line), as saved games.
MAX_TREE_NODES: Final = 100_000
#: The longest tree text a record may hold (a 20×20 game with variations is a few KB).
MAX_TREE_TEXT: Final = 2_000_000
#: A move's name is a cell's ("k10"); longer text is no move.
MAX_MOVE_NAME: Final = 16
#: How the records name the tree in a message.
TREE: Final = "the tree of moves"


@dataclass(frozen=True, slots=True)
class TreeNode:
    """One node of a recorded tree: its move's name (None at the start) and the nodes
    that follow it, the line that goes on first."""

    move: str | None
    children: tuple[int, ...]


def parse_tree(text: str, plies: int | None = None) -> tuple[TreeNode, ...]:
    """The nodes of the tree ``text`` holds, or :class:`InvalidGameError` saying in one line
    what is wrong with it; ``plies``: how long its main line must be (the game's moves)."""
    if not isinstance(text, str):
        raise InvalidGameError(f"{TREE} is {type(text).__name__}, not text")
    if len(text) > MAX_TREE_TEXT:
        raise InvalidGameError(f"{TREE} is longer than {MAX_TREE_TEXT:,} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidGameError(f"{TREE} is not JSON") from None
    return tree_nodes(data, plies)


def tree_nodes(data: object, plies: int | None = None) -> tuple[TreeNode, ...]:
    """The nodes of a tree already read from JSON (an export holds it as a list), checked
    as :func:`parse_tree` checks them."""
    if not isinstance(data, list):
        raise InvalidGameError(f"{TREE} is not a list of nodes")
    if not data:
        raise InvalidGameError(f"{TREE} has no nodes, not even the start")
    if len(data) > MAX_TREE_NODES:
        raise InvalidGameError(f"{TREE} has more than {MAX_TREE_NODES:,} nodes")
    nodes: list[TreeNode] = []
    reached = [False] * len(data)
    reached[0] = True
    for index, entry in enumerate(data):
        where = f"{TREE}: node {index}"
        if not isinstance(entry, dict):
            raise InvalidGameError(f"{where} is not an object")
        following = entry.get("children", [])
        if not isinstance(following, list) or any(
            type(child) is not int or not index < child < len(data) for child in following
        ):
            raise InvalidGameError(f"{where} should list the later nodes that follow it")
        for child in following:
            if reached[child]:
                raise InvalidGameError(f"{TREE}: node {child} follows two moves")
            reached[child] = True
        move = entry.get("move")
        if index == 0:
            if move is not None:
                raise InvalidGameError(f"{where} is the start, which follows no move")
        elif not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE_NAME:
            raise InvalidGameError(f"{where} should name its move (such as a1)")
        elif not move.isprintable():
            raise InvalidGameError(f"{where} names its move with a control character")
        nodes.append(TreeNode(move, tuple(following)))
    unreached = reached.index(False) if not all(reached) else None
    if unreached is not None:
        raise InvalidGameError(f"{TREE}: node {unreached} follows no move")
    if plies is not None:
        length = len(main_line(nodes))
        if length != plies:
            raise InvalidGameError(
                f"the main line of {TREE} has {length} moves, but the game has {plies}"
            )
    return tuple(nodes)


def main_line(nodes: tuple[TreeNode, ...] | list[TreeNode]) -> tuple[int, ...]:
    """The nodes of the main line: first children from the start, the start excluded."""
    line = []
    index = 0
    while nodes[index].children:
        index = nodes[index].children[0]
        line.append(index)
    return tuple(line)


def tree_text(data: list[dict[str, object]]) -> str:
    """A tree's list of nodes as the records keep it: compact JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def tree_data(nodes: tuple[TreeNode, ...]) -> list[dict[str, object]]:
    """The list of nodes an export writes (the saved games' form)."""
    data: list[dict[str, object]] = []
    for node in nodes:
        entry: dict[str, object] = {}
        if node.move is not None:
            entry["move"] = node.move
        entry["children"] = list(node.children)
        data.append(entry)
    return data
