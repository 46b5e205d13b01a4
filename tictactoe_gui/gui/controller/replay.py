"""Replays of recorded games and the game's lines: stepping, autoplaying, choosing a
variation, and a study begun from a replayed position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.gui.controller.ai_turns import AiTurns
from tictactoe_gui.gui.controller.state import State
from tictactoe_gui.session import GameSetup, PlayerSpec, Tally
from tictactoe_gui.storage.records import GameMode


class ReplayAndLines(AiTurns):
    """Replays a recorded game and moves about the game's tree of lines."""

    def start_replay(
        self,
        title: str,
        start: Board,
        moves: Sequence[Move],
        names: tuple[str, str] = ("X", "O"),
        lines: MoveTree | None = None,
        resigned: Mark | None = None,
    ) -> None:
        """Show a recorded game: step through it, autoplay it, the dock analysing each position.

        ``names`` are the X and O sides as the records name them, shown beside the board;
        ``lines`` the game's tree of moves where it has variations (choosing one replays it);
        ``resigned`` the side that gave the game up after ``moves``, which its end says.
        """
        start.play_all(tuple(moves))  # raises IllegalMoveError for a game that cannot be
        self._stop_everything()
        self._state = State.REPLAY
        setup = GameSetup(
            GameMode.HUMAN_VS_HUMAN,
            PlayerSpec.human(names[0]),
            PlayerSpec.human(names[1]),
            start,
            record=False,
        )
        # The tree always belongs to the start shown.
        self._open(setup, 0, lines=lines)
        self._session.add_line(self._indices(moves))
        self._replay_moves = list(moves)
        self._replay_resigned = None if resigned is None else (tuple(moves), resigned)
        self._replay_title = title
        self._last_command = None
        self._undo_stack.clear()
        self._over_info = None
        self.game_over.emit(None)
        self._show_card()
        self.comment_changed.emit(f"Replaying {title}.")
        self._set_moves([])

    def replay_seek(self, position: int) -> None:
        if self._state is not State.REPLAY:
            return
        position = max(0, min(len(self._replay_moves), position))
        if position != len(self.moves) or position == 0:
            self._set_moves(self._replay_moves[:position])

    def go_to_node(self, node: int) -> None:
        """Go to ``node`` of :attr:`lines`: the board shows the position after its moves and
        Redo plays its line on. A replay replays that line; a game (finished or not) goes on
        from there, and a move played there that differs from the line's next one becomes a
        variation beside it."""
        session = self._session
        if not 0 <= node < len(session.lines()):
            return
        moves = self._moves_of(session.moves_to(node))
        after = self._moves_of(session.line_after(node))
        if self._state is State.REPLAY:
            self._replay_moves = [*moves, *after]
            self._set_moves(list(moves))
            return
        self._record_an_ended_game()  # its ending is kept before the game goes elsewhere
        if self._setup.mode is GameMode.AI_VS_AI:
            self.set_paused(True)
        self._last_command = None
        self._undo_stack.clear()
        self._restore_history(moves, after)

    def set_lines(self, lines: MoveTree, node: int) -> None:
        """``lines`` as the game's tree of moves (its variations promoted, deleted or made the
        main line), the board at its ``node``."""
        self._session.set_lines(lines, self._session.line_node)
        self.go_to_node(node)

    def _study_from_replay(self) -> None:
        """The replay on the board made a study (two people, not recorded) at the same
        position with the same lines, so that a move can be played there."""
        setup = replace(self._setup, record=False)
        moves, lines = self.moves, self._session.lines()
        after = tuple(self._replay_moves[len(moves) :])
        self._tally = Tally()
        self._series_left = 1
        self.tally_changed.emit(self._tally)
        self._begin(setup, history=(moves, after), lines=lines)

    def replay_step(self, delta: int) -> None:
        self.replay_seek(len(self.moves) + delta)

    def set_replay_playing(self, playing: bool) -> None:
        if self._state is not State.REPLAY:
            return
        if playing and len(self.moves) >= len(self._replay_moves):
            self._set_moves([])  # play from the start again
        if playing:
            self._replay_timer.start()
        else:
            self._replay_timer.stop()
        self.replay_playing_changed.emit(playing)

    def set_replay_interval(self, ms: int) -> None:
        """The pause between moves when a replay plays itself."""
        self._replay_timer.setInterval(max(1, ms))

    @property
    def replay_playing(self) -> bool:
        return self._replay_timer.isActive()

    def _replay_tick(self) -> None:
        if len(self.moves) >= len(self._replay_moves):
            self.set_replay_playing(False)
            return
        self.replay_step(1)
        if len(self.moves) >= len(self._replay_moves):
            self.set_replay_playing(False)
