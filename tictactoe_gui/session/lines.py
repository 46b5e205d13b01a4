"""Every line played in a game: its tree of moves and the position on the board in it.

A game on the board is one line of its tree (the moves from the start to the
position shown, then the moves ready to redo). Playing a move that the tree
lacks adds it beside the moves already played from that position, so a
different move from an earlier position becomes a variation and the old
continuation stays; nothing played is lost until it is deleted.
"""

from __future__ import annotations

from collections.abc import Sequence

from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.move_tree import ROOT, MoveTree


class GameLines:
    """The tree of moves of the game that starts at ``start``, and the node on the board."""

    def __init__(self, start: Board, tree: MoveTree | None = None) -> None:
        self.start = start
        self.tree = tree or MoveTree()
        self.node = ROOT

    def follow(self, moves: Sequence[Move]) -> int:
        """The position after ``moves`` from the start, added to the tree where it is new;
        it is the node on the board now."""
        self.tree, self.node = self.tree.follow(ROOT, [self.start.index(move) for move in moves])
        return self.node

    def moves_to(self, node: int) -> tuple[Move, ...]:
        """The moves from the start to ``node``."""
        return tuple(self.start.move_at(move) for move in self.tree.moves_to(node))

    def line_after(self, node: int) -> tuple[Move, ...]:
        """The moves that go on from ``node`` along its line (first moves), to its end."""
        tree = self.tree
        return tuple(self.start.move_at(tree.move(step) or 0) for step in tree.line_from(node))
