"""The engine thread's answers: analyses, a persona's or an engine's chosen move played
after a visible think, failures and recovery.
"""

from __future__ import annotations

import time

from PySide6.QtCore import Slot

from tictactoe_gui.engine.search import SearchProgress
from tictactoe_gui.gui.controller.hints import HintsAndAnalysis
from tictactoe_gui.gui.controller.state import State
from tictactoe_gui.gui.engine_worker import GameAnswer, GameMove
from tictactoe_gui.gui.moves_command import MovesCommand
from tictactoe_gui.storage.records import GameMode


class AiTurns(HintsAndAnalysis):
    """Plays an AI's turn and takes in the engine thread's analyses, progress and failures."""

    @Slot(object)
    def _on_search_info(self, info: SearchProgress) -> None:
        """The analysis's progress: the dock shows it as the analysis so far."""
        self.search_info.emit(info)

    @Slot(object)
    def _on_player_info(self, info: SearchProgress) -> None:
        """The persona's own search: its thinking line says how deep it has looked.

        No evaluation and no "sees a win" here: the dock's analysis is the one voice on
        who stands better, and a persona's own numbers (Cop's are in other units) would
        contradict it. A proof is news, and is said when the move is played.
        """
        if self.ai_to_move() and self._choice is None and info.depth:
            self._search_words = f"depth {info.depth}"
            self._update_thinking()

    @Slot(object)
    def _on_move_chosen(self, choice: GameMove) -> None:
        if choice.state != self._session.state or not self.ai_to_move():
            return
        self._choice = choice
        if self._step_pending:
            self._step_pending = False
            self._ai_timer.start(0)
        elif self._setup.mode is GameMode.AI_VS_AI:
            if self._paused:
                self._choice = None
                return
            self._schedule(self._setup.move_delay_ms)
        else:
            self._schedule(self._think_ms)
        self._update_thinking()

    def _schedule(self, delay_ms: int) -> None:
        elapsed_ms = int((time.monotonic() - self._request_time) * 1000)
        self._ai_timer.start(max(0, delay_ms - elapsed_ms))

    @Slot()
    def _play_ai_move(self) -> None:
        choice, self._choice = self._choice, None
        session = self._session
        if choice is None or choice.state != session.state or not self.ai_to_move():
            return
        move = self.start.move_at(choice.move)
        if choice.news:
            # Only a proof is news worth a line (and a screen reader's voice) on every move.
            name = self.player_to_move().display_name
            self.message.emit(f"{name}: {choice.news}.")
        session.note_cost(session.state, choice.move, choice.nodes, choice.depth)
        if choice.analysis is not None and session.analysis_of(session.state) is None:
            self._remember(session.state, choice.analysis)
        if self._setup.mode is GameMode.HUMAN_VS_AI:
            command = self._last_command
            if command is not None and command.end_ply == len(self.moves):
                # One undo takes back the person's move and this reply together.
                command.add_reply(choice.move)
                self._undo_stack.undoTextChanged.emit(self._undo_stack.undoText())
            self._set_moves([*self.moves, move])
        else:
            self._undo_stack.push(MovesCommand(self, session.state, session.moves, [choice.move]))

    @Slot(object)
    def _on_analysed(self, answer: GameAnswer) -> None:
        if answer.state != self._session.state:
            return
        self._result = answer
        self._remember(answer.state, answer.analysis)
        for earlier, analysis in answer.review:
            self._remember(earlier, analysis)
        self._judge_known_moves()
        self.analysis_changed.emit(answer)
        self._update_thinking()
        if self._pending_hint and self.is_human_turn():
            self._show_hint(answer.analysis)
        if self._state is State.OVER and self._over_info is None:
            self._finish_game()

    @Slot(str)
    def _on_engine_lost(self, reason: str) -> None:
        """The external engine to move broke the rules or the protocol: it loses the game."""
        if not self.ai_to_move() or not self.player_to_move().is_engine:
            return
        self._session.forfeit(reason)
        self.message.emit(f"The engine loses: {reason}")
        self._position_changed()

    def _on_engine_failed(self, message: str) -> None:
        self.message.emit(f"The engine failed: {message}")
        self._update_thinking()
        self.recover()

    def recover(self) -> None:
        """After an unexpected error or an engine failure: leave no game waiting for ever.

        A game that has ended is recorded and its banner shown with what is known;
        a game under way asks the engine again (once per position, so an error that
        comes back every time cannot loop). The game on the board is never lost.
        """
        board = self.board
        if self._recovered_at == (board, len(self.moves)):
            self.message.emit(
                "The engine cannot go on from here: Undo (Ctrl+Z), save the game "
                "(Ctrl+S) or start a New Game (Ctrl+N)."
            )
            return
        self._recovered_at = (board, len(self.moves))
        if self._state is State.OVER and self._over_info is None:
            self._finish_game(without_review=True)
        elif self._state is State.PLAYING and not self._engine.busy and self._choice is None:
            self._request()
