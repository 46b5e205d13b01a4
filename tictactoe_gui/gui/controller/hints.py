"""A person's hints and the analysis dock's requests: algorithm, time limit, stop, again,
compare, prove.
"""

from __future__ import annotations

from tictactoe_gui.engine import Algorithm
from tictactoe_gui.engine.games import GameAnalysis
from tictactoe_gui.gui.controller.autoplay import AutoplayControls
from tictactoe_gui.gui.controller.state import State
from tictactoe_gui.session.table import every_move_alike
from tictactoe_gui.storage.records import GameMode


class HintsAndAnalysis(AutoplayControls):
    """Hints for the person to move, and what the analysis dock asks of the engine."""

    def hint(self) -> None:
        """Show the best move for the person to move (counted on the game record)."""
        if self._state is State.REPLAY:
            self.message.emit("Hints are for games in progress; the dock shows the analysis.")
            return
        if self._session.is_over:
            self.message.emit("The game is over — no hint needed.")
            return
        if not self.is_human_turn():
            self.message.emit(
                f"A hint is for your own turn; {self.player_to_move().display_name} is to move."
            )
            return
        self._session.count_hint()
        if self._result is not None and self._result.state == self._session.state:
            self._show_hint(self._result.analysis)
        else:
            self._pending_hint = True
            self.message.emit("Working out a hint…")

    def _show_hint(self, analysis: GameAnalysis) -> None:
        self._pending_hint = False
        state = self._session.state
        board = self.board
        best = tuple(board.move_at(move) for move in analysis.best_moves)
        self.hint_shown.emit(() if every_move_alike(analysis, state) else best)
        self.message.emit(self._session.hint_text(analysis, state))

    def set_algorithm(self, algorithm: Algorithm) -> None:
        """Which search the dock's analysis uses (scores are the same; effort differs)."""
        if algorithm is self._algorithm:
            return
        self._algorithm = algorithm
        self._request(compare=False)

    @property
    def time_limit(self) -> float:
        return self._time_limit

    def set_time_limit(self, seconds: float) -> None:
        """How long the analysis may think where the game is too big to solve (from now on)."""
        self._time_limit = max(0.05, seconds)

    def stop_analysis(self) -> None:
        """Stop the dock's analysis in progress (a persona choosing a move goes on)."""
        if self._ai_is_choosing():
            return
        self._engine.cancel()
        self._pending_hint = False
        self._record_an_ended_game()
        self._update_thinking()
        self.message.emit("Analysis stopped. Analyse Again to start it anew.")

    def _ai_is_choosing(self) -> bool:
        """Whether an AI is choosing its move now (and say so): the dock's own searches
        (Stop, Prove the Result) then wait for it."""
        if self.ai_to_move() and not (self._setup.mode is GameMode.AI_VS_AI and self._paused):
            self.message.emit(f"{self.player_to_move().display_name} is choosing a move.")
            return True
        return False

    def restart_analysis(self) -> None:
        """Analyse the position on the board again from scratch (after a stop, say)."""
        self._result = None
        self.analysis_changed.emit(None)
        self._request()

    def compare_algorithms(self) -> None:
        """Analyse the position with all three searches, to show what pruning saves."""
        self._request(compare=True)

    def prove_result(self) -> bool:
        """Analyse the position again, giving the proof search time to settle a small
        board's result (up to :data:`PROVE_SECONDS`; Stop ends it). Not while an AI is
        choosing its move: False then, and nothing is asked."""
        if self._ai_is_choosing():
            return False
        self._result = None
        self.analysis_changed.emit(None)
        self._request(prove=True)
        return True
