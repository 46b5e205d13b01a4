"""A table game and the engine thread: what is asked, what comes back, and the dock's own
requests (hints, the search to analyse with, Stop, Analyse Again, Compare, Prove).

:class:`TableEngine` is the layer of
:class:`~tictactoe_gui.gui.table_controller.TableController` that speaks with the app's one
engine thread through an :class:`~tictactoe_gui.gui.engine_worker.EngineClient`: after each
position it asks for the analysis (and the move of the computer player or external engine
to move), plays that move after a visible think, keeps the analysis for the coach, and
says what a player found ("Sera: X wins by force in 5."), how deep it has looked, or why
an external engine lost. Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot

from tictactoe_gui.engine.games import GameAnalysis, GameState, Limit
from tictactoe_gui.engine.personas import Event
from tictactoe_gui.gui.engine_worker import GameAnswer
from tictactoe_gui.gui.moves_command import MovesCommand
from tictactoe_gui.gui.table_autoplay import TableAutoplay
from tictactoe_gui.session.table import every_move_alike
from tictactoe_gui.storage.records import GameMode

if TYPE_CHECKING:
    from tictactoe_gui.engine.search import SearchProgress
    from tictactoe_gui.gui.controls import GameOverInfo
    from tictactoe_gui.gui.engine_worker import EngineClient, GameMove
    from tictactoe_gui.session.table import TableSession

#: How long Prove the Result lets the proof search try to settle a small board's result.
PROVE_SECONDS = 120.0


class TableEngine(TableAutoplay):
    """Asks the engine thread about the position on the board and plays its answers."""

    #: The dock's analysis after each completed depth of its search (SearchProgress).
    search_info = Signal(object)
    #: The dock shows the analysis of the position on the board, or that it is on its way.
    analysis_shown = Signal()

    engine: EngineClient
    _active: bool
    _hint_waiting: bool
    _time_limit: float | None
    #: The search the dock's analysis uses (one of the game's ``algorithms``; None: its own).
    _algorithm: str | None
    #: The computer player's thinking line for the position it is choosing in (one line
    #: per move, kept while that move is thought over).
    _thinking: tuple[GameState, str] | None
    #: How deep the player to move has looked so far ("depth 5"), for its thinking line.
    _search_words: str
    #: The position whose result is being proven on request (its thinking line says so).
    _proving: GameState | None
    _last_answer: GameAnswer | None
    #: Where :meth:`recover` last asked again, so that an error that repeats cannot loop.
    _recovered_at: tuple[GameState, int] | None
    #: A finished game's position whose earlier positions could not be analysed (the engine
    #: failed): it is recorded with the verdicts known.
    _unjudged_end: GameState | None

    if TYPE_CHECKING:

        def is_human_turn(self) -> bool: ...
        def _say(self, text: str) -> None: ...
        def _show_comment(self) -> None: ...

    def _init_engine(self) -> None:
        self._hint_waiting = False
        self._algorithm = None
        self._thinking = None
        self._search_words = ""
        self._proving = None
        self._last_answer = None
        self._recovered_at = None
        self._unjudged_end = None
        engine = self.engine
        engine.analysed.connect(self._on_analysis)
        engine.move_chosen.connect(self._on_move_chosen)
        engine.failed.connect(self._on_engine_failed)
        engine.search_info.connect(self._on_search_info)
        engine.player_info.connect(self._on_player_info)
        engine.engine_lost.connect(self._on_engine_lost)
        engine.engine_noted.connect(self._on_engine_noted)

    # -- asking --------------------------------------------------------------------------

    def _ask_engine(
        self, *, again: bool = False, compare: bool = False, prove: bool = False
    ) -> None:
        """Ask for what the position on the board still needs: its analysis (``again``:
        even where one is known), and the move of the computer player or external engine
        to move (unless it waits, paused)."""
        session = self._session()
        state = session.state
        known = session.analysis_of(state)
        if known is not None and not session.ai_to_move() and not again:
            return  # nothing to ask the engine
        seat = session.player_to_move
        moving = seat is not None and seat.is_ai and not self.replaying
        player = seat.name if moving and seat is not None and not seat.is_engine else None
        command = seat.name if moving and seat is not None and seat.is_engine else None
        if prove:
            self._proving = state
        self.engine.submit(
            state,
            player=player,
            rng=session.move_rng(),
            limit=Limit(time=self._time_limit, proof_time=PROVE_SECONDS if prove else None),
            engine_command=command,
            # The positions before each move that no analysis covers yet (a move played
            # before its position's analysis came), for the coach to judge every move.
            review=session.unanalysed(),
            # The game's own search (its first) is asked for by no name: a player's analysis
            # made with it serves the dock.
            algorithm=self._algorithm if self._algorithm in state.spec.algorithms[1:] else None,
            compare=compare,
        )
        if moving and not self._held():
            self._show_thinking()
        elif prove:
            self._widgets.analysis_dock.set_thinking(
                True, "Proving the result (up to two minutes)…"
            )

    @property
    def answer(self) -> GameAnswer | None:
        """The engine's answer about the position on the board, where it has one: its last
        (with the searches compared, when that was asked), else the analysis known of the
        position (reached again by an undo, a step back, a player's own search)."""
        answer, session = self._last_answer, self.session
        if session is None or not self._active:
            return None
        if answer is not None and self._is_now(answer.state):
            return answer
        known = session.analysis_of(session.state)
        return None if known is None else GameAnswer(0, session.state, known)

    def set_algorithm(self, algorithm: str | None) -> None:
        """The search the dock's analysis uses from now on (one of the game's
        ``algorithms``; None: the game's own); the position is analysed again with it."""
        if algorithm == self._algorithm:
            return
        self._algorithm = algorithm
        if self.session is not None and self._active:
            self._analyse_again()

    @property
    def algorithm(self) -> str | None:
        return self._algorithm

    def _analyse_again(self, *, compare: bool = False, prove: bool = False) -> None:
        session = self._session()
        if session.is_over or session.resigned is not None:
            return
        self._show_analysis(None)
        self._ask_engine(again=True, compare=compare, prove=prove)

    def restart_analysis(self) -> None:
        """Analyse the position on the board again from scratch (after Stop, say)."""
        if not self._ai_is_choosing():
            self._analyse_again()

    def compare_algorithms(self) -> None:
        """Analyse the position with each of the game's searches from a cold start, to
        show what each costs (the dock shows the comparison)."""
        if not self._ai_is_choosing():
            self._analyse_again(compare=True)

    def prove_result(self) -> bool:
        """Analyse the position again, giving the proof search up to :data:`PROVE_SECONDS`
        to settle its result (Stop ends it). Not while a computer player chooses its move:
        False then, and nothing is asked."""
        if self._ai_is_choosing():
            return False
        self._analyse_again(prove=True)
        return True

    def stop_analysis(self) -> None:
        """Stop the dock's analysis in progress (a computer player choosing goes on)."""
        if self._ai_is_choosing():
            return
        self.engine.cancel()
        self._end_unjudged()
        self._hint_waiting = False
        self._proving = None
        self._widgets.analysis_dock.set_thinking(False, "")
        self._say("Analysis stopped. Analyse Again to start it anew.")

    def _ai_is_choosing(self) -> bool:
        """Whether a computer player is choosing its move now (and say so): the dock's own
        searches wait for it."""
        session = self._session()
        if session.ai_to_move() and not self.replaying and not self._held():
            mover = session.state.to_move
            assert mover is not None
            self._say(f"{session.name_of(mover)} is choosing a move.")
            return True
        return False

    def recover(self) -> None:
        """After an unexpected error: leave no game waiting for ever. The game on the board
        is kept; what it waits for is asked again, once per position (an error that comes
        back every time cannot loop)."""
        session = self.session
        if session is None or not self._active:
            return
        here = (session.state, len(session.moves))
        if self._recovered_at == here:
            self._say(
                "The engine cannot go on from here: Undo (Ctrl+Z), save the game (Ctrl+S) or "
                "start a New Game (Ctrl+N)."
            )
            return
        self._recovered_at = here
        if not self.engine.busy and self._pending is None:
            self._ask_engine()

    # -- hints ---------------------------------------------------------------------------

    def hint(self) -> None:
        session = self._session()
        if self.replaying:
            self._say("Hints are for games in progress; the dock shows the analysis.")
            return
        if session.is_over:
            self._say("The game is over — no hint needed.")
            return
        if not self.is_human_turn():
            mover = session.state.to_move
            assert mover is not None
            self._say(f"A hint is for your own turn; {session.name_of(mover)} is to move.")
            return
        if self._hint_waiting:
            return  # asked already: it comes with the analysis
        session.count_hint()
        analysis = session.analysis_of(session.state)
        if analysis is None:
            self._hint_waiting = True
            self._say("The hint comes with the analysis: thinking…")
            return
        self._show_hint(analysis)

    def _show_hint(self, analysis: GameAnalysis) -> None:
        session = self._session()
        alike = every_move_alike(analysis, session.state)
        self._widgets.board.set_hints(() if alike else analysis.best_moves)
        self._say(session.hint_text(analysis))

    # -- the engine's answers ------------------------------------------------------------

    def _is_now(self, state: GameState) -> bool:
        return self._active and self.session is not None and state == self.session.state

    @Slot(object)
    def _on_analysis(self, answer: GameAnswer) -> None:
        if not self._is_now(answer.state):
            return
        session = self._session()
        self._proving = None
        self._last_answer = answer
        for earlier, analysis in answer.review:
            session.add_analysis(earlier, analysis)
        session.add_analysis(answer.state, answer.analysis)
        if session.is_over and self.game_over_info is None and not self.replaying:
            self._refresh()  # every move judged now: the game is recorded, its banner shown
            return
        self._show_analysis(answer.analysis)
        self._show_comment()
        if session.is_human_turn() and not self.replaying:
            self._show_turn()
            if self._hint_waiting:
                self._hint_waiting = False
                self._show_hint(answer.analysis)
        elif self._play_when_analysed:
            self._apply_pending()
        elif session.ai_to_move() and not self.replaying and not self._held():
            self._show_thinking()  # its move is chosen, and still thought over for a while

    def _show_analysis(self, analysis: GameAnalysis | None) -> None:
        """The dock shows the analysis of the position on the board (None: thinking)."""
        session = self._session()
        names = (session.name_of(0), session.name_of(1))
        answer = self.answer
        # The searches compared, where this analysis came with them.
        compared = answer is not None and analysis is not None and answer.analysis is analysis
        self._widgets.analysis_dock.show_game_analysis(
            session.state,
            analysis,
            names,
            comparison=answer.comparison if compared and answer is not None else (),
            study=True,
        )
        self.analysis_shown.emit()

    @Slot(object)
    def _on_search_info(self, progress: SearchProgress) -> None:
        if self._active:
            self.search_info.emit(progress)

    @Slot(object)
    def _on_player_info(self, progress: SearchProgress) -> None:
        """The player choosing a move: its thinking line says how deep it has looked (never
        its own evaluation: the dock's analysis is the one voice on who stands better)."""
        session = self.session
        if not self._active or session is None or self._pending is not None:
            return
        if progress.depth and session.ai_to_move():
            self._search_words = f"depth {progress.depth}"
            self._show_thinking()

    @Slot(object)
    def _on_move_chosen(self, choice: GameMove) -> None:
        if not self._is_now(choice.state):
            return
        self._pending = choice
        self._play_when_analysed = False
        if choice.analysis is not None and self._session().analysis_of(choice.state) is None:
            # The player's own proof: the analysis of the position it moves in.
            self._session().add_analysis(choice.state, choice.analysis)
        if self._step_once:
            self._step_once = False
            self._apply_pending()
        elif not self._held():
            self._think.start(self._delay())

    def _apply_pending(self) -> None:
        choice = self._pending
        if choice is not None and self._session().analysis_of(choice.state) is None:
            # The analysis of the position comes right after the move's choice: played
            # before it, the move could not be judged (the next position's search cancels
            # it), and the computer player's accuracy would count only some of its moves.
            self._play_when_analysed = True
            return
        self._pending, self._play_when_analysed = None, False
        if choice is not None and self._is_now(choice.state):
            self._play_chosen(choice)

    def _play_chosen(self, choice: GameMove) -> None:
        """A computer player's move, what choosing it cost kept for the record; against a
        person, joined to the person's move in one step of the undo stack."""
        session = self._session()
        if choice.news:
            # Only a proof is news worth a line (and a screen reader's voice) on every move.
            mover = choice.state.to_move
            assert mover is not None
            self._say(f"{session.name_of(mover)}: {choice.news}.")
        session.note_cost(choice.state, choice.move, choice.nodes, choice.depth)
        self._search_words = ""
        stack = self.undo_stack
        last = stack.command(stack.index() - 1) if stack.index() == stack.count() else None
        if (
            session.setup.mode is GameMode.HUMAN_VS_AI
            and isinstance(last, MovesCommand)
            and last.after == session.moves
            and not session.seat(session.mover_of(last.start_ply)).is_ai
        ):
            last.add_reply(choice.move)
            stack.undoTextChanged.emit(stack.undoText())
            self._set_moves(last.after)
        elif session.setup.mode is GameMode.HUMAN_VS_AI and stack.count() == 0:
            # Its opening move against a person is no step to undo: undone, it would only
            # be played again.
            self._set_moves((*session.moves, choice.move))
        else:
            self._play(choice.move)

    @Slot(str)
    def _on_engine_lost(self, reason: str) -> None:
        """The external engine to move broke the rules or the protocol: it loses the game,
        recorded as a forfeit with the reason."""
        session = self.session
        if not self._active or session is None or self.replaying or not session.ai_to_move():
            return
        seat = session.player_to_move
        if seat is None or not seat.is_engine:
            return
        self._pending = None
        self._think.stop()
        session.forfeit(reason)
        self._say(f"The engine loses: {reason}")
        self._refresh()

    @Slot(str)
    def _on_engine_noted(self, words: str) -> None:
        """An external engine printed lines that were skipped: said, the game goes on."""
        if self._active:
            self._say(words)

    def _moves_judged(self) -> bool:
        """Whether every move of the game can be judged now (its positions analysed), or
        never will be (the engine failed on them)."""
        session = self._session()
        if session.resigned is not None or self._unjudged_end == session.state:
            return True  # (a game given up is not searched again)
        return not session.unanalysed()

    def _end_unjudged(self) -> None:
        """The analysis a finished game's end waits for is called off (Stop, Undo, another
        game, closing): the game is recorded, and its banner shown, with the verdicts known."""
        session = self.session
        if (
            session is not None
            and self._active
            and session.is_over
            and not self.replaying
            and self.game_over_info is None
            and not self._moves_judged()
        ):
            self._unjudged_end = session.state
            self._show_end()

    def _on_engine_failed(self, message: str) -> None:
        """Never a silent wait: say the engine failed (the error is in the log) and what to do."""
        self._proving = None
        session = self.session
        if session is not None and self._active and session.is_over and not self._moves_judged():
            # The game's end is recorded with the verdicts known, not lost with the search.
            self._unjudged_end = session.state
            self._refresh()
        if self._play_when_analysed and self._pending is not None:
            # The move was chosen; only its analysis failed: play it unjudged.
            self._play_when_analysed = False
            choice, self._pending = self._pending, None
            if self._is_now(choice.state):
                self._play_chosen(choice)
        if self._active:
            self._widgets.analysis_dock.set_thinking(False, "")
            self._say(
                f"The engine failed: {message}. Undo (Ctrl+Z), play again or start a New Game."
            )

    def _show_thinking(self) -> None:
        """The dock's thinking line while a computer player chooses, in its voice where it
        has one, with how deep it has looked ("Sera is thinking… “Inevitable.” (depth 4…)")."""
        session = self._session()
        state = session.state
        mover = state.to_move
        seat = session.player_to_move
        if mover is None or seat is None:
            return
        if self._thinking is None or self._thinking[0] != state:
            line = "" if seat.is_engine else session.spec.say(seat.name, Event.THINKING)
            self._thinking = (state, line)
            self._search_words = ""
        line = self._thinking[1]
        who = f"{session.name_of(mover)} is thinking…"
        if line:
            who = f"{who} “{line}”"
        if self._search_words:
            who = f"{who} ({self._search_words}…)"
        self._widgets.analysis_dock.set_thinking(True, who)

    if TYPE_CHECKING:

        def _session(self) -> TableSession: ...
        def _refresh(self) -> None: ...
        def _show_end(self) -> None: ...
        @property
        def game_over_info(self) -> GameOverInfo | None: ...
