"""Moves applied and what a new position sets off: the views told, the engine asked.

Every move reaches the board through here: an undo stack's command, a replay's seek,
a game resumed or started. After each, the views are told, the engine thread is asked
about the new position, and a game that has just ended goes to :mod:`.ending`.
"""

from __future__ import annotations

import time

from tictactoe_gui.engine import Algorithm, Event, Move
from tictactoe_gui.engine.limits import PROVE_SECONDS, Limit
from tictactoe_gui.gui.controller.ending import GameEndings
from tictactoe_gui.gui.controller.state import State
from tictactoe_gui.gui.moves_command import MovesCommand
from tictactoe_gui.session.words import replay_status
from tictactoe_gui.storage.records import GameMode


class ControllerCore(GameEndings):
    """Applies moves (the undo stack's commands, a replay's seek, a game resumed), and
    after each change of position tells the views, asks the engine thread about it and
    keeps the thinking line and the status bar true. The classes built on it add
    starting games, AI vs AI pacing, hints and analysis, AI turns and replays."""

    def undone_moves(self) -> tuple[Move, ...]:
        """The moves taken back that Redo would play again, in order."""
        stack = self._undo_stack
        line: list[int] = []
        for index in range(stack.index(), stack.count()):
            command = stack.command(index)
            if not isinstance(command, MovesCommand) or command.start_ply != len(self.moves) + len(
                line
            ):
                break
            line.extend(command.moves)
        return self._moves_of(line)

    def _stop_everything(self) -> None:
        # A game that has ended is recorded even when what it waited for is called off.
        self._record_an_ended_game()
        self._engine.cancel()
        self._ai_timer.stop()
        self._series_timer.stop()
        self._replay_timer.stop()
        self._choice = None
        self._step_pending = False
        self._pending_hint = False

    def apply_command(self, command: MovesCommand, *, redo: bool) -> None:
        if self._restoring:
            return  # rebuilding a saved game's history: the position is set once, after
        if redo:
            self._last_command = command
            self._set_moves(list(self._moves_of(command.after)))
        else:
            self._last_command = None
            self._set_moves(list(self._moves_of(command.before)))

    def _set_moves(self, moves: list[Move]) -> None:
        if self._state is State.OVER:
            # Undone before its banner came: the game did end, and is recorded first.
            self._record_an_ended_game()
        self._session.set_moves(self._indices(moves))  # the session's tree of lines follows
        self._position_changed()

    def _position_changed(self) -> None:
        self._engine.cancel()
        self._ai_timer.stop()
        self._choice = None
        self._result = None
        self._pending_hint = False
        board = self.board
        session = self._session
        self.position_changed.emit(board, self.last_move)
        self.analysis_changed.emit(None)
        if self._state is State.REPLAY:
            self.replay_changed.emit(len(self.moves), len(self._replay_moves), self._replay_title)
        elif session.is_over:
            self._state = State.OVER
            if self._setup.mode is GameMode.AI_VS_AI:
                self._show_card()  # the winner, or who made the drawing move
        else:
            if self._state is State.OVER:
                self._state = State.PLAYING
                self._over_info = None
                self.game_over.emit(None)
            if self._setup.mode is GameMode.AI_VS_AI:
                self._show_card()  # the one to move
        self._update_status()
        self._request()
        self._judge_known_moves()

    def _request(self, *, compare: bool = False, prove: bool = False) -> None:
        board = self.board
        self._proving = board if prove else None
        persona_key = None
        engine_command = None
        if self.ai_to_move() and self._choice is None:
            wanted = (
                self._setup.mode is not GameMode.AI_VS_AI or not self._paused or self._step_pending
            )
            if wanted and self.player_to_move().is_engine:
                engine_command = self.player_to_move().name
            elif wanted:
                persona_key = self.player_to_move().name
                persona = self.player_to_move().persona
                if persona is not None and board != self._thinking_for:
                    # A fresh line per move, kept while the same move is being thought over.
                    self._thinking_line = persona.say(Event.THINKING)
                    self._thinking_for = board
                    self._search_words = ""
        self._request_time = time.monotonic()
        session = self._session
        self._engine.submit(
            session.state,
            player=persona_key,
            # The session's generator for this ply: the same game as ``play`` and ``match``.
            rng=session.move_rng(),
            limit=Limit(time=self._time_limit, proof_time=PROVE_SECONDS if prove else None),
            engine_command=engine_command,
            # The table search is the game's own: a persona's analysis made with it serves.
            algorithm=None if self._algorithm is Algorithm.TABLE else self._algorithm.value,
            review=session.unanalysed(),
            compare=compare,
        )
        self._update_thinking()

    def _update_thinking(self, *_: object) -> None:
        waiting = self._choice is not None and self._ai_timer.isActive()
        busy = self._engine.busy or waiting
        who = ""
        if busy:
            if self.ai_to_move() and (waiting or self._choice is None):
                who = f"{self.player_to_move().display_name} is thinking…"
                if self._thinking_line:
                    who = f"{who} “{self._thinking_line}”"
                if self._search_words and self._thinking_for == self.board:
                    who = f"{who} ({self._search_words}…)"
            elif self._proving == self.board:
                who = "Proving the result (up to two minutes)…"
            else:
                who = "Analysing…"
        self.thinking_changed.emit(busy, who)
        self._update_status()

    def _update_status(self) -> None:
        board = self.board
        if self._state is State.REPLAY:
            ending = self.replay_ending
            if ending is None and self._session.is_over:
                ending = self._session.result_words()
            text = replay_status(
                self._replay_title, len(self.moves), len(self._replay_moves), ending
            )
        elif self._session.is_over:
            text = self._session.end_status()
        else:
            spec = self.player_to_move()
            mark = board.to_move
            if spec.is_ai:
                text = f"{spec.display_name} ({mark}) is thinking…"
                if self._setup.mode is GameMode.AI_VS_AI and self._paused:
                    verb = self._session.spec.move_verb
                    text = f"Paused — {spec.display_name} ({mark}) to {verb}"
            else:
                text = self._session.turn_words()
        self.status_changed.emit(text)
