"""One step of a game on the window's undo stack, in every game.

A :class:`MovesCommand` holds the moves before it (as the game interface numbers them)
and the moves it plays: a person's move, or a computer player's, or a person's move with
the computer player's reply joined to it, so that one Undo takes both back. It is named
by its moves in every game ("X at b2 and O at a1"), and plays them through the controller
that pushed it (a :class:`MovesTarget`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from tictactoe_gui.engine.games import GameState


class MovesTarget(Protocol):
    """The controller a command plays its moves through."""

    def apply_command(self, command: MovesCommand, *, redo: bool) -> None:
        """Set the game's moves to the command's :attr:`~MovesCommand.after` (``redo``) or
        :attr:`~MovesCommand.before`."""
        ...


class MovesCommand(QUndoCommand):
    """Moves played from a known line: the moves before, and the ones this step plays."""

    def __init__(
        self,
        target: MovesTarget,
        position: GameState,
        before: Sequence[int],
        moves: Sequence[int],
    ) -> None:
        super().__init__()
        self._target = target
        #: The position after ``before`` (the session has it), where the moves are named.
        self._position = position
        self.before = tuple(before)
        self.moves = tuple(moves)
        self._update_text()

    @property
    def after(self) -> tuple[int, ...]:
        """The game's moves once this step is played."""
        return (*self.before, *self.moves)

    @property
    def start_ply(self) -> int:
        return len(self.before)

    @property
    def end_ply(self) -> int:
        return len(self.before) + len(self.moves)

    def add_reply(self, move: int) -> None:
        """A computer player's reply joined to this step: one Undo takes both back."""
        self.moves = (*self.moves, move)
        self._update_text()

    def _update_text(self) -> None:
        self.setText(steps_text(self._position, self.moves))

    def redo(self) -> None:
        self._target.apply_command(self, redo=True)

    def undo(self) -> None:
        self._target.apply_command(self, redo=False)


def steps_text(position: GameState, moves: Sequence[int]) -> str:
    """``moves`` played from ``position``, named by who played where ("X at b2 and O at
    a1")."""
    state = position
    words = []
    for move in moves:
        mover = state.to_move
        seat = "" if mover is None else f"{state.spec.seats[mover]} "
        words.append(f"{seat}at {state.spec.format_move(move)}")
        state = state.play(move)
    return " and ".join(words)
