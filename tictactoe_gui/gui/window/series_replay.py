"""The main window's replays and AI vs AI series: the replay bar and keys, a recorded
game's variations for its replay, looking back through a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Slot

from tictactoe_gui.engine import Mark
from tictactoe_gui.gui.window.base import (
    WindowBase,
    later,
)

if TYPE_CHECKING:
    from tictactoe_gui.engine.move_tree import MoveTree
    from tictactoe_gui.storage.records import GameDetail


class SeriesReplayPart(WindowBase):
    """Replays, looking back at earlier moves, and the AI vs AI bar."""

    def recorded_lines(self, detail: GameDetail) -> tuple[MoveTree | None, str | None]:
        """A recorded game's tree of moves for its replay (None for a game of one line), and
        what to say when the tree recorded cannot be read: the game replays its main line."""
        from tictactoe_gui.records_bridge import recorded_tree
        from tictactoe_gui.storage.records import InvalidGameError

        try:
            return recorded_tree(detail), None
        except InvalidGameError as error:
            return None, (
                f"This game's variations cannot be read ({error}); its main line is replayed."
            )

    def _note_replay_ending(self) -> None:
        """At the recorded end of a game given up, the board says who resigned where it
        would say whose turn it is (a replay goes on from there no more)."""
        table = self.controller
        ending = table.replay_ending()
        self.board_view.set_status_note(None if ending is None else f"{ending}.")
        # Nobody is to move there: the bar picks out the winner, not the side that resigned.
        seat = table.replay_resigned()
        if seat is None:
            return
        from tictactoe_gui.gui.board_reading import board_of

        try:
            board, _gravity = board_of(table.state)
        except ValueError:
            return  # a grid of numbers: no bar of X and O
        self.players_bar.show_turn(board, (Mark.X, Mark.O)[seat])

    def replay_seek_end(self) -> None:
        table = self.controller
        table.replay_seek(table.replay_length)

    def _update_pause_actions(self) -> None:
        """Pause and Step only between two computer players, in every game: where a person
        plays, or a recorded game is replayed, there is nothing to pause."""
        table = self.controller
        setup = None if table.session is None else table.session.setup
        between = setup is not None and setup.mode is later.GameMode.AI_VS_AI
        between = between and not table.replaying
        self.pause_action.setEnabled(between)
        self.step_action.setEnabled(between)

    def _set_replay_keys(self, enabled: bool) -> None:
        for act in self.replay_actions:
            act.setEnabled(enabled)

    @property
    def looking_at(self) -> int | None:
        """How many moves into the game the board shows while looking back (None: now)."""
        return self._looking_at

    @Slot(int)
    def look_at_ply(self, ply: int) -> None:
        """Show the position after ``ply`` moves: a replay steps there; a game in progress
        shows it until the game moves on, the last move is selected or the board is clicked."""
        self._look_at_table_ply(ply)

    def back_to_game(self) -> None:
        if self._looking_at is None:
            return
        self._looking_at = None
        self._back_to_table_game()
