"""The record of a finished game at the table: its moves, each with what the engine made of it.

The command line prints it and :mod:`tictactoe_gui.records_bridge` turns it
into a stored game; the window, ``play`` and ``match`` all build it the same
way, from a :class:`~tictactoe_gui.session.game.GameSession`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe_gui.engine import Board, Mark, Move, Verdict


@dataclass(frozen=True, slots=True)
class MoveRecord:
    ply: int  # 1 for the first move of the game
    move: Move
    mark: Mark
    #: The move's score for its mover and the best score available, where analysed.
    score: int | None
    best_score: int | None
    verdict: Verdict | None
    #: The predicted outcome after the move, in words ("draw", "X wins in 3 plies").
    prediction_after: str = ""
    nodes: int = 0
    max_depth: int = 0


@dataclass(frozen=True, slots=True)
class GameRecord:
    x_name: str
    o_name: str
    start: Board
    moves: tuple[MoveRecord, ...]
    final: Board
    winner: Mark | None
    #: The side that resigned, if the game ended that way.
    resigned: Mark | None = None
    #: Why the side that lost without finishing lost (a program that broke the rules or
    #: the protocol); empty for a resignation or a game played to its end.
    forfeit_reason: str = ""
    seed: int | None = None
    x_nodes: int = 0
    o_nodes: int = 0
    x_max_depth: int = 0
    o_max_depth: int = 0
    hints_x: int = 0
    hints_o: int = 0

    @property
    def plies(self) -> int:
        return len(self.moves)
