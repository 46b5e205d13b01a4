"""The main window's game controller: every registered game, played in the main window.

:class:`TableController` drives a :class:`~tictactoe_gui.session.table.TableSession`
(k in a row, Connect Four, Row & Column, any game of the registry) with the main window's own
widgets: the board, the analysis dock, the move list, the game-over banner, the AI vs
AI and replay bars (:class:`TableWidgets`); what happens is told to the narrator
(:mod:`tictactoe_gui.gui.narrator`) by signals, which says it. A person's move is
checked by the session and pushed on a ``QUndoStack``; a computer player's move and the
analysis of each position come from the app's one engine thread through the game
interface (an :class:`~tictactoe_gui.gui.engine_worker.EngineClient`), with request ids
so that a stale answer is dropped, and a cancel flag that New Game, Undo and
:meth:`TableController.park` set. When the game ends it is recorded through
``TableSession.finished_game``, so the history, leaderboard, statistics and
replays see it. Nothing here names a game: what differs is drawn by the board
(:mod:`tictactoe_gui.gui.table_boards`) and said by the game interface.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from tictactoe_gui.engine.games import GameState
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.gui.controls import GameOverInfo
from tictactoe_gui.gui.error_log import report_and_carry_on
from tictactoe_gui.gui.moves_command import MovesCommand
from tictactoe_gui.gui.narrator import How, MovesChange
from tictactoe_gui.gui.table_engine import TableEngine
from tictactoe_gui.gui.table_lines import TableWidgets
from tictactoe_gui.session.first_ending import FirstEnding, Recording
from tictactoe_gui.session.series import Tally
from tictactoe_gui.session.table import Seat, SeatSummary, TableSession, TableSetup
from tictactoe_gui.session.words import game_title, replay_status
from tictactoe_gui.storage.records import GameMode, WinLossDraw

if TYPE_CHECKING:
    from tictactoe_gui.gui.engine_worker import EngineService, GameMove
    from tictactoe_gui.gui.recording import GameRecords

#: The pause before a computer player's move shows, so it reads as a reply.
THINK_MS = 400
#: A replay playing on shows one move this often.
REPLAY_STEP_MS = 900


class TableController(TableEngine):
    """A game of the registry at the main window's table: turns, engine, undo, records."""

    #: A finished game was saved in the records, with its id.
    game_saved = Signal(int)
    #: A game began (its setup).
    game_started = Signal(object)
    #: The game ended, or its end changed (a save retried): its GameOverInfo; None when an
    #: undo takes the ending back.
    game_over = Signal(object)
    #: The position on the board changed (a move, an undo, a replay's step).
    position_changed = Signal()
    #: The game ended, told once for each ending: the note on its recording.
    ended = Signal(str)
    #: A passing word about the game (a refusal, a hint, an engine's failure).
    message = Signal(str)
    #: The latest remark on the game (the dock's bubble).
    comment_changed = Signal(str)
    #: The players greeted with their records in the game.
    greeted = Signal(str)

    def __init__(
        self,
        engine: EngineService,
        records: GameRecords | None,
        widgets: TableWidgets,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.records = records
        self._widgets = widgets
        self.engine = engine.client(self)
        self.undo_stack = QUndoStack(self)
        self.session: TableSession | None = None
        self._pending: GameMove | None = None
        #: The pending move waits for the analysis of its position, which judges it.
        self._play_when_analysed = False
        self._paused = False
        self._step_once = False
        self._delay_ms = THINK_MS
        self._think_ms = THINK_MS
        #: The engine's time per move (the dock's budget); None: each game's own.
        self._time_limit: float | None = None
        self._announced = 0
        #: The word said on the last move, once it is judged (a computer player's remark is
        #: drawn at random: one for each move, not a new one each time it is shown).
        self._remark: tuple[GameState, int, str | None] | None = None
        self._undoing = False
        #: A saved game is being played back onto the board (its moves are not said).
        self._quiet = False
        #: Whether (and which ending of) the game went to the records.
        self._ending = FirstEnding()
        #: The end of the game on the board as the banner shows it (None: not over).
        self._over_info: GameOverInfo | None = None
        self._active = False
        self._think = QTimer(self)
        self._think.setSingleShot(True)
        self._think.timeout.connect(self._apply_pending)
        self._replay_moves: list[int] | None = None
        self._replay_resigned: tuple[tuple[int, ...], int] | None = None
        self._replay_index = 0
        self._replay_title = ""
        self._replay_timer = QTimer(self)
        self._replay_timer.setInterval(REPLAY_STEP_MS)
        self._replay_timer.timeout.connect(lambda: self.replay_seek(self._replay_index + 1))
        self._init_series()
        self._init_engine()

    # -- what the window reads -----------------------------------------------------------

    @property
    def active(self) -> bool:
        """Whether the board shows this controller's game (see :meth:`park`)."""
        return self._active

    @property
    def state(self) -> GameState:
        assert self.session is not None
        return self.session.state

    @property
    def first_ending_recorded(self) -> bool:
        """Whether the game went to the records at its first ending (and is played on
        after an undo)."""
        return self._ending.recorded and not self.is_over

    @property
    def game_over_info(self) -> GameOverInfo | None:
        """The end of the game on the board as the banner shows it (None: not over, or a
        replay)."""
        return self._over_info

    @property
    def setup(self) -> TableSetup:
        """How the game on the board was set up: the game, its mode, its seats."""
        return self._session().setup

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def replaying(self) -> bool:
        return self._replay_moves is not None

    def is_human_turn(self) -> bool:
        return (
            self._active
            and self.session is not None
            and self.session.is_human_turn()
            and not self.replaying
        )

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, on the board or by a resignation."""
        return self._session().is_over

    @property
    def resigned(self) -> int | None:
        """The seat that gave the game up (None: nobody has, or no game)."""
        return None if self.session is None else self.session.resigned

    def resign(self) -> None:
        """The person to move gives the game up: a loss for them, recorded like any other
        result (in a game that may be given up; one decided by points ends on the board)."""
        session = self._session()
        if not session.spec.can_resign:
            self._say(f"{session.spec.name} is not given up: it ends on the board.")
        elif session.is_over or self.replaying:
            self._say("There is no game in progress to resign.")
        elif not self.is_human_turn():
            self._say("Resign on your own turn: only a person at the board may resign.")
        else:
            session.resign()
            self._think.stop()
            self._pending = None
            self.engine.cancel()
            self._refresh()

    def game_at_stake(self) -> bool:
        """Whether leaving now throws away a game a person is playing: not over, not a
        replay, and a person has made a move in it."""
        session = self.session
        if session is None or not self._active or self.replaying or self.is_over:
            return False
        return any(
            not session.seat(session.mover_of(number)).is_ai for number in range(len(session.moves))
        )

    def set_time_limit(self, seconds: float | None) -> None:
        """The engine's time per move from now on (analyses and a computer player's
        choice, where the game's engine takes a time: Connect Four's does)."""
        self._time_limit = seconds

    @property
    def time_limit(self) -> float | None:
        return self._time_limit

    def set_think_ms(self, ms: int) -> None:
        """The pause before a computer player's move against a person."""
        self._think_ms = ms

    @property
    def think_ms(self) -> int:
        return self._think_ms

    # -- starting and leaving ------------------------------------------------------------

    def start(
        self,
        setup: TableSetup,
        seed: int | None = None,
        *,
        paused: bool = False,
        lines: MoveTree | None = None,
        tally: Tally | None = None,
    ) -> None:
        """A new game of ``setup`` (a drawn board from ``seed``, the series' own when None),
        the first of its series (``setup.games`` between two computer players; ``tally``,
        the series' games played before this one, a saved series'); ``lines``, the game's
        tree of moves where it has some already (a saved game's)."""
        self._begin_series(setup, tally)
        if seed is None:
            seed = self._series_seed(setup)
        self._start_game(setup, seed, paused=paused, lines=lines)
        self.tally_changed.emit(self._tally.copy())

    def _start_game(
        self,
        setup: TableSetup,
        seed: int,
        *,
        paused: bool = False,
        lines: MoveTree | None = None,
    ) -> None:
        """A game of ``setup`` from ``seed`` on the board (a new one, or a series' next)."""
        if self.records is None and setup.record:
            setup = replace(setup, record=False)
        setup = self._spelled_as_recorded(setup)
        self._reset(TableSession(setup, seed, lines=lines), saved=False)
        w = self._widgets
        ai_vs_ai = setup.mode is GameMode.AI_VS_AI
        w.autoplay_bar.setVisible(ai_vs_ai)
        w.autoplay_bar.set_finished(False)
        w.autoplay_bar.set_delay(setup.move_delay_ms)
        self._delay_ms = setup.move_delay_ms
        self.set_paused(paused and ai_vs_ai)
        session = self._session()
        w.set_title(game_title((session.name_of(0), session.name_of(1)), setup.spec))
        self.game_started.emit(setup)  # the narrator says it
        self._show_comment()  # the opening line, then the greeting, as k in a row says them
        self._greet()
        self._refresh()

    def _spelled_as_recorded(self, setup: TableSetup) -> TableSetup:
        """``setup`` with each person's name as the records first spelled it ("alice" typed,
        "Alice" shown), so that the window and the records never disagree."""
        records = self.records
        if records is None or not setup.recorded:
            return setup

        def spelled(seat: Seat) -> Seat:
            if seat.is_ai:
                return seat
            try:
                stored = records.stored_name(seat.name)
            except Exception:  # the game goes on with the name as typed
                return seat
            return seat if stored is None else replace(seat, name=stored)

        return replace(setup, seats=(spelled(setup.seats[0]), spelled(setup.seats[1])))

    def _greet(self) -> None:
        """Each person at the table greeted with their record in this game, as k in a
        row's games greet them (a recorded game only)."""
        session = self._session()
        records = self.records
        if records is None or not session.setup.recorded:
            return

        def record_of(name: str) -> WinLossDraw | None:
            try:
                return records.record_of(name, session.spec.id)
            except Exception:  # the game goes on without the greeting
                return None

        lines = session.greetings(record_of, session.spec.name)
        if lines:
            self._widgets.show_message("   ".join(lines))
            self.greeted.emit("   ".join(lines))

    def play_again(self) -> None:
        """The same players again (a drawn board from a new seed; a given start again)."""
        session = self._session()
        setup = session.setup
        self.start(setup, session.seed if setup.start is not None else None)

    def start_from(self, start: GameState) -> None:
        """Play on from ``start`` (a set-up position) with the same players; such a game is
        studied, never recorded."""
        setup = self._session().setup
        self.start(
            replace(setup, spec=start.spec, start=start, from_position=True, record=False),
            self._session().seed,
        )

    def study(self, start: GameState, moves: tuple[int, ...]) -> None:
        """Two people at the board on ``start``, ``moves`` played on it (each one a step of
        the undo stack), the coach watching; never recorded (a pasted position, a pasted
        move list). MoveError (a ValueError) for a move the rules refuse, with nothing
        changed."""
        start.play_all(moves)  # checked before anything changes
        setup = TableSetup(
            start.spec,
            GameMode.HUMAN_VS_HUMAN,
            (Seat.human("Player 1"), Seat.human("Player 2")),
            start=start,
            from_position=True,
            record=False,
        )
        self.start(setup, self.session.seed if self.session is not None else 0)
        for move in moves:
            self._play(move)

    def resume(
        self,
        setup: TableSetup,
        moves: tuple[int, ...],
        undone: tuple[int, ...],
        seed: int,
        lines: MoveTree | None = None,
        *,
        paused: bool = False,
        tally: Tally | None = None,
    ) -> None:
        """Play on a saved game as it stood: ``moves`` played, ``undone`` ready to redo,
        ``lines`` its tree of moves where it has variations (``paused``: two computer
        players wait for Resume or Step; ``tally``: the games of its series before it)."""
        self.start(setup, seed, lines=lines, paused=paused, tally=tally)
        self._restore(moves, undone)

    def moves_text(self) -> str:
        """The moves played, as the game writes them; after the start position where the
        game started from one ("… then d1 d2"), not the game's own empty board."""
        session = self._session()
        spec = session.spec
        text = spec.format_move_list(session.moves)
        start = session.setup.start
        if start is not None and (
            spec.draws_values or start.position_text() != spec.new_game().position_text()
        ):
            return f"{start.position_text()} then {text}"
        return text

    def park(self) -> None:
        """Stop everything this game waits for (timers, the search): the board shows another
        game. The game itself is kept until the next :meth:`start`."""
        self._end_unjudged()
        self._active = False
        self._leave_replay()
        self._think.stop()
        self._series_timer.stop()
        self._pending = None
        self._step_once = False
        self._hint_waiting = False
        self.engine.cancel()

    def _reset(self, session: TableSession, *, saved: bool) -> None:
        self.park()
        self._active = True
        self.session = session
        # The last game's answer is not about this one, even at the same position.
        self._last_answer = None
        self._counted = False
        # Recorded before (a saved game resumed): any ending here is a later one.
        self._ending = FirstEnding(recorded_before=saved)
        self._over_info = None
        self._last_answer = None  # the last game's answer is not about this one
        self._announced = 0
        self.undo_stack.clear()
        w = self._widgets
        w.banner.show_info(None)
        w.board.show(session, new_game=True)
        w.analysis_dock.set_player_names(session.name_of(0), session.name_of(1))
        w.analysis_dock.set_comment("")  # the last game's word is not this one's
        self.comment_changed.emit("")
        self._show_coach()

    def _show_coach(self) -> None:
        """The computer player on the dock's card (see :meth:`TableSession.card`)."""
        player, role = self._session().card(replaying=self.replaying)
        self._widgets.analysis_dock.set_game_player(player, role)

    def _session(self) -> TableSession:
        assert self.session is not None
        return self.session

    # -- moves ---------------------------------------------------------------------------

    def cell_activated(self, row: int, col: int) -> None:
        """A click or key on the board's cell (row, col): the move there, if it may be played."""
        session = self._session()
        move = row * session.spec.cols + col
        why = session.why_not_playable(move)
        if why is not None:
            self._say(why)
            return
        if self.replaying:
            self._study_from_replay()  # a move of one's own there: a variation in a study
        self._play(move)

    def _play(self, move: int) -> None:
        session = self._session()
        self.undo_stack.push(MovesCommand(self, session.state, session.moves, (move,)))

    def apply_command(self, command: MovesCommand, *, redo: bool) -> None:
        self._set_moves(command.after if redo else command.before)

    def _set_moves(self, moves: tuple[int, ...]) -> None:
        session = self._session()
        self._think.stop()
        self._pending = None
        self._hint_waiting = False
        before = session.moves
        session.set_moves(moves)  # an undo (or a replay's step) takes a resignation back too
        # An ending taken back and played again is said again, as any ending is.
        self._announced = min(self._announced, len(moves))
        self._widgets.board.show(session)
        if self._quiet:
            return
        if self.replaying:
            change = MovesChange(before, How.REPLAY, self.replay_length, self.replay_ending())
            self.moves_changed.emit(change)
        elif len(moves) < len(before):
            if not self._undoing:  # an undo says its moves once, all of them
                self.moves_changed.emit(MovesChange(before, How.TAKEN_BACK))
        else:
            remark = self._latest_comment()
            self.moves_changed.emit(MovesChange(before, How.PLAYED, remark=remark))
        self._refresh()

    def undo(self) -> None:
        if self.replaying:
            self.replay_step(-1)
            return
        session = self._session()
        if session.setup.mode is GameMode.AI_VS_AI and self.undo_stack.canUndo():
            self.set_paused(True)  # two computer players wait on the move taken back
        # Against a computer player, undo takes back its reply and the person's move:
        # said once, with the moves taken back.
        before = session.moves
        self._end_unjudged()
        self._undoing = True
        try:
            self.undo_stack.undo()
            if session.setup.mode is GameMode.HUMAN_VS_AI:
                while self.undo_stack.canUndo() and session.ai_to_move():
                    self.undo_stack.undo()
        finally:
            self._undoing = False
        if len(session.moves) < len(before):
            self.moves_changed.emit(MovesChange(before, How.TAKEN_BACK))
            self._show_comment()

    def redo(self) -> None:
        if self.replaying:
            self.replay_step(1)
            return
        if self._session().setup.mode is GameMode.AI_VS_AI and self.undo_stack.canRedo():
            self.set_paused(True)
        self.undo_stack.redo()

    def can_undo(self) -> bool:
        if self.replaying:
            return self._replay_index > 0
        return self.undo_stack.canUndo()

    def can_redo(self) -> bool:
        if self.replaying:
            return self._replay_index < self.replay_length
        return self.undo_stack.canRedo()

    # -- showing the game ----------------------------------------------------------------

    def _say(self, text: str) -> None:
        """A passing word in the status bar (and to a screen reader), as k in a row's
        messages are: the game's own status beside it stays."""
        self._widgets.show_message(text)
        self.message.emit(text)

    def can_resign(self) -> bool:
        """Whether a person at the board has a game in progress that may be given up."""
        session = self.session
        return (
            session is not None
            and self._active
            and not self.replaying
            and session.offers_resignation()
        )

    def _players_text(self) -> str:
        session = self._session()
        seats = session.spec.seats
        return f"{session.name_of(0)} ({seats[0]}) vs {session.name_of(1)} ({seats[1]})"

    def _turn_text(self, session: TableSession) -> str:
        mover = session.state.to_move
        if mover is None:
            return session.end_status()
        ending = self.replay_ending()
        if ending is not None:
            return f"{ending}."
        board = self._widgets.board.status_text()
        if board:
            return board
        return session.turn_words()

    def _show_turn(self) -> None:
        session = self._session()
        if session.ai_to_move() and not self.replaying:
            mover = session.state.to_move
            assert mover is not None
            spec = session.spec
            player = f"{session.name_of(mover)} ({spec.seats[mover]})"
            # Paused, nobody is thinking: the player waits to move, as k in a row says.
            self._widgets.show_status(
                f"Paused — {player} to {spec.move_verb}"
                if self._held()
                else f"{player} is thinking…"
            )
        else:
            self._widgets.show_status(f"{self._coach_line()}{self._turn_text(session)}")

    def _coach_line(self) -> str:
        """Between two people, the coach's word on the last move (once it has been analysed),
        as the session says it ("Coach: Ann's X at d1 — best move. ")."""
        session = self._session()
        if session.setup.mode is not GameMode.HUMAN_VS_HUMAN:
            return ""
        line = self._latest_comment()
        return f"{line} " if line else ""

    def _latest_comment(self) -> str | None:
        """What is said of the last move once it is judged: the coach between two people,
        else a computer player's voice (None: not judged yet, or nobody to say it)."""
        session = self._session()
        if not session.moves or self.replaying:
            return None
        ply = len(session.moves)
        if self._remark is not None and self._remark[:2] == (session.state, ply):
            return self._remark[2]
        try:
            judgement = session.judgement_at(ply)
        except Exception as error:  # the coach's word is a bonus: the game goes on, and ends
            report_and_carry_on(error)
            return None
        if judgement is None:
            return None
        line = session.coach_line(ply, judgement.verdict)
        self._remark = (session.state, ply, line)
        return line

    def _show_comment(self) -> None:
        """The dock's bubble says the latest word on the game (the opening line until a
        move is judged), as k in a row's does."""
        session = self._session()
        line = self._latest_comment()
        if line is None and not session.moves and not self.replaying:
            line = session.opening_line()
        if line is not None:
            self._widgets.analysis_dock.set_comment(line)
            if not self._undoing:  # the remark an undo brings back is said with it, once
                self.comment_changed.emit(line)

    def _refresh(self) -> None:
        session = self._session()
        w = self._widgets
        # In a replay a move may be played too: it makes the replay a study there.
        w.board.set_interactive(self.is_human_turn() or (self.replaying and not session.is_over))
        w.show_lines(session)
        self._show_comment()
        if session.setup.mode is GameMode.AI_VS_AI and not self.replaying:
            self._show_coach()
        w.analysis_dock.set_spoiler_guard(
            session.setup.mode is GameMode.HUMAN_VS_AI and self.is_human_turn()
        )
        self._show_analysis(session.analysis_of(session.state))
        if self.replaying:
            w.banner.show_info(None)
            w.show_status(self._replay_status())
        elif self.is_over:
            if self._moves_judged():
                self._show_end()
            else:
                # The game is recorded, and its banner shown, once every move is judged:
                # the positions the engine has not analysed yet come with the next answer.
                w.show_status(session.end_status())
        else:
            w.banner.show_info(None)
            w.autoplay_bar.set_finished(False)
            self._show_turn()
            if self._over_info is not None:  # an undo took the ending back
                self._over_info = None
                self.game_over.emit(None)
        # After the banner: it takes the players' place at the end.
        w.show_players(
            (session.name_of(0), session.name_of(1)), session.spec.seats, session.state.to_move
        )
        self.position_changed.emit()
        if session.resigned is not None:
            self._widgets.analysis_dock.show_ended(session.result_words())
            return  # nothing left to search
        self._ask_engine()

    def _replay_status(self) -> str:
        """Where a replay stands, as k in a row's says it ("Replay: … — move 5 of 9"), and
        at the end of a finished game how it ended ("…: Kitty (O) wins.")."""
        session = self._session()
        ending = self.replay_ending()
        if ending is None and session.is_over:
            ending = session.result_words()
        return replay_status(self._replay_title, self._replay_index, self.replay_length, ending)

    def _show_end(self) -> None:
        session = self._session()
        w = self._widgets
        recording = self._save()
        note = recording.note
        headline = session.headline()
        reaction = session.reaction()
        summaries: tuple[SeatSummary, ...]
        try:
            summaries = session.summaries()  # both sides, the computer player's too
        except Exception as error:  # the verdicts are a bonus: the record and banner are not
            report_and_carry_on(error)
            summaries = ()
        info = GameOverInfo(
            headline,
            reaction,
            summaries,
            recording.saved_id,
            note,
            recording.failed,
        )
        w.banner.show_info(info)
        if info != self._over_info:
            self._over_info = info
            self.game_over.emit(info)
        self._count_ended_game(session)
        w.autoplay_bar.set_finished(self._series_left <= 0)
        w.show_status(session.end_status())
        if len(session.moves) > self._announced:
            self._announced = len(session.moves)
            self.ended.emit(note)

    # -- records -------------------------------------------------------------------------

    def _save(self, *, again: bool = False) -> Recording:
        """Record the game the first time it ends (never again after an undo; ``again``:
        after a failure, try once more); what became of it."""
        session = self._session()
        if not self.is_over:
            return Recording("")
        records = self.records
        save = None if records is None else records.save_game
        before = self._ending.recorded
        ending = self._ending
        recording = ending.retry(session, save) if again else ending.record(session, save)
        if not before and recording.saved_id is not None:
            self.game_saved.emit(recording.saved_id)
        return recording

    def retry_save(self) -> None:
        if not self.is_over:
            return
        recording = self._save(again=True)
        # What became of it, as k in a row says it: not the whole ending again.
        self._say(recording.note if recording.failed else "The game is recorded.")
        self._refresh()

    def shutdown(self) -> None:
        """Stop timers and this game's search (the window then stops the engine thread)."""
        self.park()
