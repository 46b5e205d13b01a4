"""A game's moves as a tree: the main line and the variations played beside it.

Node 0 is the start; every other node is a move and names the node it follows.
A node's children are the moves played from its position, the first of them
the line that continues (so the main line is the first child of each node from
the start). This is the shape saved games keep (their ``tree``: a flat list of
nodes naming their children by index, see :mod:`tictactoe_gui.session.table_file`),
so a game with variations saves and opens with every line. Moves are the game
interface's integers; the tree is a frozen value and every change returns a new
tree with the nodes renumbered in order (main line first, each variation after
its main line).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

ROOT: Final = 0
#: A game's position as a saved tree is read from it (any value the reader plays on).
Position = TypeVar("Position")


class TreeError(ValueError):
    """A saved tree of moves that cannot be read; the message says why, in one line."""


@dataclass(frozen=True, slots=True)
class Node:
    """One position of the tree: the move that led to it (None at the start)."""

    move: int | None
    parent: int | None
    children: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveTree:
    """Every line of a game from its start."""

    nodes: tuple[Node, ...] = (Node(None, None),)

    @classmethod
    def of_line(cls, moves: Sequence[int]) -> MoveTree:
        """A tree of one line."""
        tree = cls()
        node = ROOT
        for move in moves:
            tree, node = tree.add(node, move)
        return tree

    # -- reading ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.nodes)

    def children(self, node: int) -> tuple[int, ...]:
        return self.nodes[node].children

    def parent(self, node: int) -> int | None:
        return self.nodes[node].parent

    def move(self, node: int) -> int | None:
        return self.nodes[node].move

    def path(self, node: int) -> tuple[int, ...]:
        """The nodes from the start (excluded) to ``node`` (included)."""
        path = []
        while node != ROOT:
            path.append(node)
            parent = self.nodes[node].parent
            assert parent is not None
            node = parent
        return tuple(reversed(path))

    def moves_to(self, node: int) -> tuple[int, ...]:
        """The moves played from the start to reach ``node``."""
        return tuple(self._move(step) for step in self.path(node))

    def line_from(self, node: int) -> tuple[int, ...]:
        """The nodes that continue ``node`` by first children, to the end of its line."""
        line = []
        while self.nodes[node].children:
            node = self.nodes[node].children[0]
            line.append(node)
        return tuple(line)

    def main_line(self) -> tuple[int, ...]:
        """The moves of the main line."""
        return tuple(self._move(node) for node in self.line_from(ROOT))

    def depth(self, node: int) -> int:
        return len(self.path(node))

    def is_main_line(self, node: int) -> bool:
        return all(self.nodes[self._parent(step)].children[0] == step for step in self.path(node))

    def siblings(self, node: int) -> tuple[int, ...]:
        """The moves played from the same position as ``node`` (itself included)."""
        parent = self.nodes[node].parent
        return (node,) if parent is None else self.nodes[parent].children

    def node_of(self, moves: Sequence[int]) -> int | None:
        """The node reached by playing ``moves`` from the start, None if the tree lacks it."""
        node = ROOT
        for move in moves:
            for child in self.nodes[node].children:
                if self.nodes[child].move == move:
                    node = child
                    break
            else:
                return None
        return node

    def is_first(self, node: int) -> bool:
        """Whether ``node`` is the line that goes on from its position (the start is)."""
        parent = self.nodes[node].parent
        return parent is None or self.nodes[parent].children[0] == node

    # -- changing -------------------------------------------------------------------------------

    def add(self, node: int, move: int) -> tuple[MoveTree, int]:
        """``move`` played from ``node``: the tree with it (a new variation where the position
        had other moves, nothing new where it was played already) and its node."""
        for child in self.nodes[node].children:
            if self.nodes[child].move == move:
                return self, child
        nodes = list(self.nodes)
        added = len(nodes)
        parent = nodes[node]
        nodes[node] = Node(parent.move, parent.parent, (*parent.children, added))
        nodes.append(Node(move, node))
        return MoveTree(tuple(nodes)), added

    def follow(self, node: int, moves: Sequence[int]) -> tuple[MoveTree, int]:
        """``moves`` played one after another from ``node``, each added where it is new."""
        tree = self
        for move in moves:
            tree, node = tree.add(node, move)
        return tree, node

    def promote(self, node: int) -> tuple[MoveTree, int]:
        """``node`` one place earlier among its siblings (the first is the line that goes on)."""
        parent = self.nodes[node].parent
        if parent is None:
            return self, node
        children = list(self.nodes[parent].children)
        at = children.index(node)
        if at:
            children[at - 1], children[at] = children[at], children[at - 1]
        return self._with_children(parent, tuple(children)).renumbered(node)

    def make_main_line(self, node: int) -> tuple[MoveTree, int]:
        """Every move on the way to ``node`` made the first of its siblings."""
        tree = self
        for step in self.path(node):
            parent = tree._parent(step)
            children = tree.nodes[parent].children
            ordered = (step, *(child for child in children if child != step))
            tree = tree._with_children(parent, ordered)
        return tree.renumbered(node)

    def delete(self, node: int) -> tuple[MoveTree, int]:
        """The tree without ``node`` and every move after it; the node it followed."""
        parent = self.nodes[node].parent
        if parent is None:
            raise ValueError("the start of the game cannot be deleted")
        children = tuple(child for child in self.nodes[parent].children if child != node)
        return self._with_children(parent, children).renumbered(parent)

    def renumbered(self, keep: int = ROOT) -> tuple[MoveTree, int]:
        """The same tree with its reachable nodes numbered in order (a node before its
        children, the first child's whole line before the next child), and the new number of
        the node ``keep``."""
        order: list[int] = []
        stack = [ROOT]
        while stack:
            index = stack.pop()
            order.append(index)
            stack.extend(reversed(self.nodes[index].children))
        number = {old: new for new, old in enumerate(order)}
        nodes = []
        for old in order:
            node = self.nodes[old]
            parent = None if node.parent is None else number[node.parent]
            nodes.append(Node(node.move, parent, tuple(number[c] for c in node.children)))
        return MoveTree(tuple(nodes)), number.get(keep, ROOT)

    # -- saved games ----------------------------------------------------------------------------

    def to_json(self, name_of: Callable[[tuple[int, ...]], str]) -> list[dict[str, object]]:
        """The flat list saved games hold: ``{"children": [...]}`` for the start, then
        ``{"move": NAME, "children": [...]}``; ``name_of(moves)`` names the last of the moves
        played from the start to that node."""
        tree, _ = self.renumbered()
        data: list[dict[str, object]] = []
        for index, node in enumerate(tree.nodes):
            entry: dict[str, object] = {}
            if node.move is not None:
                entry["move"] = name_of(tree.moves_to(index))
            entry["children"] = list(node.children)
            data.append(entry)
        return data

    @classmethod
    def from_json(
        cls,
        data: object,
        start: Position,
        read_move: Callable[[Position, object], tuple[int, Position]],
        *,
        max_nodes: int = 100_000,
    ) -> MoveTree:
        """The tree a saved game's flat list holds (see :meth:`to_json`) from ``start``, each
        node's move read by ``read_move(position, name)``, which gives the move and the
        position after it (ValueError for a name the position refuses). Every line is read,
        so a list is taken whole or refused: TreeError (a ValueError) says what is wrong.
        The nodes keep the file's numbers (``renumbered`` puts them in order)."""
        if not isinstance(data, list) or not data or len(data) > max_nodes:
            raise TreeError("there is no tree of moves")
        names: list[object] = []
        children: list[list[int]] = []
        for index, entry in enumerate(data):
            following = entry.get("children", []) if isinstance(entry, dict) else None
            if not isinstance(following, list) or any(
                type(child) is not int or not index < child < len(data) for child in following
            ):
                raise TreeError(f"node {index} of the tree should list the later nodes after it")
            names.append(entry.get("move"))
            children.append(following)
        positions: dict[int, Position] = {ROOT: start}
        depths = {ROOT: 0}
        parents: dict[int, int] = {}
        moves: dict[int, int] = {}
        for index, following in enumerate(children):
            if index not in positions:
                raise TreeError(f"node {index} of the tree follows no move")
            for child in following:
                if child in positions:
                    raise TreeError(f"node {child} of the tree follows two moves")
                try:
                    moves[child], positions[child] = read_move(positions[index], names[child])
                except ValueError as error:
                    shown = str(names[child])[:20]
                    raise TreeError(f"move {depths[index] + 1} ({shown}): {error}") from None
                parents[child], depths[child] = index, depths[index] + 1
        nodes = tuple(
            Node(moves.get(index), parents.get(index), tuple(following))
            for index, following in enumerate(children)
        )
        return MoveTree(nodes)

    def _move(self, node: int) -> int:
        move = self.nodes[node].move
        assert move is not None
        return move

    def _parent(self, node: int) -> int:
        parent = self.nodes[node].parent
        assert parent is not None
        return parent

    def _with_children(self, node: int, children: tuple[int, ...]) -> MoveTree:
        nodes = list(self.nodes)
        old = nodes[node]
        nodes[node] = Node(old.move, old.parent, children)
        return MoveTree(tuple(nodes))
