"""What a heat map colours, for any game's analysis: each candidate move's cell, its
outcome for the side to move (None for an estimate) and its value in words.

The k-in-a-row engine's :class:`~tictactoe_gui.engine.Analysis` has this shape
already; :func:`heat_of` gives any registered game's analysis the same shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from tictactoe_gui.engine import Board, Move

if TYPE_CHECKING:
    from tictactoe_gui.engine import MoveOutcome
    from tictactoe_gui.engine.games import GameAnalysis


class HeatCandidate(Protocol):
    @property
    def move(self) -> Move: ...

    @property
    def outcome(self) -> MoveOutcome | None: ...

    @property
    def describe(self) -> str: ...


class Heat(Protocol):
    """An analysis of ``board``: its candidates, best first."""

    @property
    def board(self) -> Board: ...

    @property
    def candidates(self) -> Sequence[HeatCandidate]: ...


@dataclass(frozen=True, slots=True)
class HeatCell:
    move: Move
    outcome: MoveOutcome | None
    describe: str


@dataclass(frozen=True, slots=True)
class GameHeat:
    board: Board
    candidates: tuple[HeatCell, ...]


def heat_of(board: Board, analysis: GameAnalysis) -> GameHeat:
    """A registered game's analysis of the position drawn as ``board`` (its moves are cell
    indices, as Connect Four's are): proven moves by outcome, estimates unproven."""
    from tictactoe_gui.engine import MoveOutcome

    outcomes = {1: MoveOutcome.WIN, 0: MoveOutcome.DRAW, -1: MoveOutcome.LOSS}
    cells = tuple(
        HeatCell(
            board.move_at(value.move),
            None if value.value is None else outcomes[max(-1, min(1, value.value))],
            # The tint tells an estimate from a proof; the label stays short to fit a cell.
            value.words.removesuffix(" (estimate)"),
        )
        for value in analysis.moves
    )
    return GameHeat(board, cells)
