"""The window's side of a game: Qt signals, the undo stack, timers and the engine thread.

The game itself (players, moves, seeds, hints, verdicts, the record) is a
Qt-free :class:`~tictactoe_gui.session.GameSession`, the same one ``play``
and ``match`` drive. :class:`GameController` is the glue: it turns what the
user did into session calls, announces the result through signals, asks the
engine thread for analyses and persona moves, and plays a persona's move
after a short, visible think. Views only display; nothing here paints.
"""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QUndoCommand, QUndoStack

from tictactoe_gui.engine import SERA, Algorithm, Analysis, Board, Event, Mark, Move, Verdict
from tictactoe_gui.engine.analysis import PROVE_SECONDS
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.engine.search import SearchProgress
from tictactoe_gui.gui.engine_worker import EngineResult, EngineService, MoveChoice
from tictactoe_gui.gui.error_log import logger
from tictactoe_gui.gui.recording import GameRecords
from tictactoe_gui.records_bridge import finished_game
from tictactoe_gui.session import (
    DEFAULT_MOVE_DELAY_MS,
    GameSession,
    GameSetup,
    PlayerKind,
    PlayerSpec,
    PlayerSummary,
    Tally,
    every_move_alike,
    game_seed,
)
from tictactoe_gui.session.lines import GameLines
from tictactoe_gui.storage.records import FinishedGame, GameMode, WinLossDraw

__all__ = [
    "DEFAULT_MOVE_DELAY_MS",
    "GameController",
    "GameOverInfo",
    "GameSetup",
    "PlayerKind",
    "PlayerSpec",
    "PlayerSummary",
    "State",
    "Tally",
]

DEFAULT_THINK_MS = 400
#: Seconds the dock's analysis may take where the game is too big to solve.
DEFAULT_TIME_LIMIT = 1.0
REPLAY_INTERVAL_MS = 900


class State(enum.Enum):
    PLAYING = "playing"
    OVER = "over"
    REPLAY = "replay"


@dataclass(frozen=True, slots=True)
class GameOverInfo:
    headline: str
    reaction: str
    summaries: tuple[PlayerSummary, ...]
    record: FinishedGame
    #: The records' id for the game, None if it was not saved (see ``save_note``).
    saved_id: int | None
    save_note: str = ""
    save_failed: bool = False


class _MovesCommand(QUndoCommand):
    """Some moves played from a known ply: a person's move, plus the AI's reply when it comes."""

    def __init__(self, controller: GameController, start_ply: int, moves: list[Move]) -> None:
        super().__init__()
        self._controller = controller
        self.start_ply = start_ply
        self.moves = list(moves)
        self._update_text()

    @property
    def end_ply(self) -> int:
        return self.start_ply + len(self.moves)

    def add_reply(self, move: Move) -> None:
        self.moves.append(move)
        self._update_text()

    def _update_text(self) -> None:
        board = self._controller.board_at(self.start_ply)
        words = []
        for move in self.moves:
            words.append(f"{board.to_move} at {board.cell_name(move)}")
            board = board.play(move)
        self.setText(" and ".join(words))

    def redo(self) -> None:
        self._controller._apply_command(self, redo=True)

    def undo(self) -> None:
        self._controller._apply_command(self, redo=False)


class GameController(QObject):
    """Glue between a Qt-free :class:`~tictactoe_gui.session.GameSession` and the window.

    The session holds the game's rules and state (players, moves, seeds,
    hints, verdicts, the record); this class adds what needs Qt: signals for
    the views, the undo stack, timers for visible thinking and AI vs AI
    pacing, and the conversation with the engine thread.
    """

    position_changed = Signal(object, object)  # Board, last Move | None
    status_changed = Signal(str)
    message = Signal(str)  # a transient note for the status bar
    analysis_changed = Signal(object)  # EngineResult | None, always about the board shown
    thinking_changed = Signal(bool, str)  # busy, who ("Sera is thinking…")
    progress = Signal(int)
    #: A search that cannot be exact, after each completed depth (SearchProgress).
    search_info = Signal(object)
    comment_changed = Signal(str)
    persona_changed = Signal(object, str)  # Persona | None, its role ("Opponent", "Coach", …)
    hint_shown = Signal(object)  # tuple[Move, ...]
    game_started = Signal(object)  # GameSetup
    game_over = Signal(object)  # GameOverInfo, or None when an undo reopens the game
    verdict_added = Signal(int, str)  # ply, the Verdict's value
    tally_changed = Signal(object)  # Tally
    paused_changed = Signal(bool)
    replay_changed = Signal(int, int, str)  # position, total moves, title
    replay_playing_changed = Signal(bool)

    def __init__(
        self,
        engine: EngineService,
        records: GameRecords,
        parent: QObject | None = None,
        *,
        think_ms: int = DEFAULT_THINK_MS,
    ) -> None:
        super().__init__(parent)
        self._engine = engine
        self._records = records
        self._think_ms = think_ms
        self._algorithm = Algorithm.TABLE
        self._time_limit = DEFAULT_TIME_LIMIT
        self._undo_stack = QUndoStack(self)
        self._state = State.PLAYING
        self._session = GameSession(GameSetup.default(), 0)
        #: Analyses and verdicts are facts about positions: they outlive a game.
        self._known: dict[Board, Analysis] = {}
        self._last_command: _MovesCommand | None = None
        self._result: EngineResult | None = None
        self._choice: MoveChoice | None = None
        self._request_time = 0.0
        self._pending_hint = False
        self._step_pending = False
        self._paused = False
        self._over_info: GameOverInfo | None = None
        self._tally = Tally()
        self._series_left = 0
        self._replay_moves: list[Move] = []
        self._replay_title = ""
        #: Every line played in the game on the board (see :mod:`~tictactoe_gui.session.lines`).
        self._lines = GameLines(self._session.setup.start)
        self._thinking_line = ""
        self._search_words = ""
        self._thinking_for: Board | None = None
        #: The position being proven on request (the thinking line says so), if any.
        self._proving: Board | None = None
        self._commented: tuple[int, Board] | None = None
        #: Where :meth:`recover` last asked again, so an error that repeats cannot loop.
        self._recovered_at: tuple[Board, int] | None = None
        #: A saved game's undo history is being rebuilt (its commands change nothing).
        self._restoring = False

        self._ai_timer = QTimer(self)
        self._ai_timer.setSingleShot(True)
        # A coarse timer may fire 5 % early; the think should last as long as it says.
        self._ai_timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._ai_timer.timeout.connect(self._play_ai_move)
        self._series_timer = QTimer(self)
        self._series_timer.setSingleShot(True)
        self._series_timer.timeout.connect(self._next_series_game)
        self._replay_timer = QTimer(self)
        self._replay_timer.setInterval(REPLAY_INTERVAL_MS)
        self._replay_timer.timeout.connect(self._replay_tick)

        engine.move_chosen.connect(self._on_move_chosen)
        engine.analysed.connect(self._on_analysed)
        engine.progressed.connect(self.progress)
        engine.search_info.connect(self._on_search_info)
        engine.persona_info.connect(self._on_persona_info)
        engine.busy_changed.connect(self._update_thinking)
        engine.failed.connect(self._on_engine_failed)
        engine.engine_lost.connect(self._on_engine_lost)
        engine.engine_noted.connect(self.message)

    # -- read-only view of the game ----------------------------------------------------------

    @property
    def session(self) -> GameSession:
        return self._session

    @property
    def setup(self) -> GameSetup:
        return self._session.setup

    @property
    def _setup(self) -> GameSetup:
        return self._session.setup

    @property
    def state(self) -> State:
        return self._state

    @property
    def board(self) -> Board:
        return self._session.board

    @property
    def start(self) -> Board:
        return self._session.start

    @property
    def moves(self) -> tuple[Move, ...]:
        return self._session.moves

    @property
    def last_move(self) -> Move | None:
        return self._session.last_move

    def board_at(self, ply: int) -> Board:
        return self._session.board_at(ply)

    @property
    def undo_stack(self) -> QUndoStack:
        return self._undo_stack

    @property
    def current_result(self) -> EngineResult | None:
        return self._result

    @property
    def algorithm(self) -> Algorithm:
        return self._algorithm

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def tally(self) -> Tally:
        return self._tally

    @property
    def game_over_info(self) -> GameOverInfo | None:
        return self._over_info

    @property
    def hints_used(self) -> dict[Mark, int]:
        return dict(self._session.hints)

    @property
    def game_seed(self) -> int:
        return self._session.seed

    @property
    def replay_position(self) -> int:
        return len(self._session.moves)

    @property
    def replay_length(self) -> int:
        return len(self._replay_moves)

    @property
    def replay_moves(self) -> tuple[Move, ...]:
        """Every move of the game being replayed (empty outside a replay)."""
        return tuple(self._replay_moves)

    @property
    def lines(self) -> MoveTree:
        """Every line played in the game on the board, its variations too."""
        return self._lines.tree

    @property
    def line_node(self) -> int:
        """The node of :attr:`lines` on the board."""
        return self._lines.node

    def undone_moves(self) -> tuple[Move, ...]:
        """The moves taken back that Redo would play again, in order."""
        stack = self._undo_stack
        line: list[Move] = []
        for index in range(stack.index(), stack.count()):
            command = stack.command(index)
            if not isinstance(command, _MovesCommand) or command.start_ply != len(self.moves) + len(
                line
            ):
                break
            line.extend(command.moves)
        return tuple(line)

    def verdict_at(self, ply: int) -> Verdict | None:
        """The coach's verdict on move number ``ply`` (1-based), once the engine has judged it."""
        return self._session.verdict_at(ply)

    def player_to_move(self) -> PlayerSpec:
        return self._session.player_to_move()

    def is_human_turn(self) -> bool:
        return self._state is State.PLAYING and self._session.is_human_turn()

    def accepts_moves(self) -> bool:
        """Whether a click on the board plays: a person's turn, or a replay not at its end
        (the move starts a study there)."""
        if self._state is State.REPLAY:
            return not self.board.is_over
        return self.is_human_turn()

    def ai_to_move(self) -> bool:
        return self._state is State.PLAYING and self._session.ai_to_move()

    def engine_busy(self) -> bool:
        return self._engine.busy

    def set_records(self, records: GameRecords) -> None:
        """Where finished games go from now on (e.g. once a database has been opened)."""
        self._records = records

    def set_think_ms(self, ms: int) -> None:
        """How long a persona visibly thinks in Human vs AI."""
        self._think_ms = max(0, ms)

    @property
    def think_ms(self) -> int:
        return self._think_ms

    # -- starting games ------------------------------------------------------------------------

    def new_game(self, setup: GameSetup, *, paused: bool = False) -> None:
        """Start ``setup`` from its start position; a series starts its tally afresh.

        ``paused`` starts an AI vs AI game idle: nothing moves until a person
        resumes it (a relaunched window never plays games nobody asked for).
        """
        self._tally = Tally()
        self._series_left = max(1, setup.games)
        self.tally_changed.emit(self._tally)
        self._begin(setup, paused=paused and setup.mode is GameMode.AI_VS_AI)

    def restart(self) -> None:
        """The same players again, from the same start (a new seed unless one was fixed)."""
        if self._state is State.REPLAY:
            self.message.emit("This is a replay — start a New Game (Ctrl+N) to play.")
            return
        self.new_game(self._setup)

    def play_again(self) -> None:
        self.restart()

    def resume(
        self,
        setup: GameSetup,
        moves: Sequence[Move],
        undone: Sequence[Move] = (),
        *,
        seed: int | None = None,
        hints: tuple[int, int] = (0, 0),
        started_at: datetime | None = None,
        lines: MoveTree | None = None,
    ) -> None:
        """Play on a saved game: its players, its moves, and an undo history that takes them
        back as they were played (against an AI, each of the person's moves with its reply),
        with ``undone`` ready to redo; ``lines``, the game's tree of moves where it has
        variations. An AI vs AI game waits, paused. Raises IllegalMoveError (changing
        nothing) for moves that cannot be played."""
        setup.start.play_all((*moves, *undone))
        if setup.start.play_all(moves).is_over:
            raise ValueError("cannot play on a finished game")
        self._tally = Tally()
        self._series_left = 1
        self.tally_changed.emit(self._tally)
        self._begin(
            setup,
            paused=setup.mode is GameMode.AI_VS_AI,
            seed=seed,
            started_at=started_at,
            history=(tuple(moves), tuple(undone)),
            lines=lines,
        )
        self._session.hints = {Mark.X: hints[0], Mark.O: hints[1]}

    def _begin(
        self,
        setup: GameSetup,
        *,
        paused: bool = False,
        seed: int | None = None,
        started_at: datetime | None = None,
        history: tuple[tuple[Move, ...], tuple[Move, ...]] = ((), ()),
        lines: MoveTree | None = None,
    ) -> None:
        self._stop_everything()
        if setup.start.is_over:
            raise ValueError(f"cannot start from a finished position ({setup.start.outcome})")
        setup = self._spelled_as_recorded(setup)
        # Each game of a seeded series gets its own seed, drawn from the series seed the
        # same way the command line's match does, so game N can be replayed alone.
        if seed is not None:
            pass  # a saved game goes on with its own
        elif setup.seed is None:
            seed = random.randrange(2**32)
        else:
            seed = game_seed(setup.seed, self._tally.games)
        self._session = GameSession(setup, seed, started_at or datetime.now(UTC))
        self._session.analyses.update(self._known)
        self._lines = GameLines(setup.start, lines)
        self._state = State.PLAYING
        self._commented = None
        self._over_info = None
        self._paused = paused
        self._replay_moves = []
        self._last_command = None
        self._undo_stack.clear()
        self.paused_changed.emit(paused)
        self.game_over.emit(None)
        self.game_started.emit(setup)
        self._announce_personas()
        self._greet()
        self._restore_history(*history)

    def _restore_history(self, moves: tuple[Move, ...], undone: tuple[Move, ...]) -> None:
        """The undo stack of a game whose ``moves`` were played and ``undone`` taken back,
        built as playing them would have built it; then the position after ``moves``."""
        line = (*moves, *undone)
        self._lines.follow(line)  # the line is in the tree, the moves to redo too
        if line:
            self._session.set_moves(line)  # the commands name their moves from the boards
            commands: list[_MovesCommand] = []
            against_ai = self._setup.mode is GameMode.HUMAN_VS_AI
            for ply, move in enumerate(line):
                mover = self._setup.player(self.board_at(ply).to_move)
                if not (against_ai and mover.is_ai):
                    commands.append(_MovesCommand(self, ply, [move]))
                elif commands and commands[-1].end_ply == ply:
                    commands[-1].add_reply(move)  # one undo takes back a move and its reply
                # else an AI's move before any person's: not taken back, as in play
            self._restoring = True
            try:
                for command in commands:
                    self._undo_stack.push(command)
                self._undo_stack.setIndex(
                    sum(1 for command in commands if command.end_ply <= len(moves))
                )
            finally:
                self._restoring = False
            done = [command for command in commands if command.end_ply <= len(moves)]
            if done and done[-1].end_ply == len(moves):
                self._last_command = done[-1]  # the AI's reply joins the person's move
        self._set_moves(list(moves))

    def _spelled_as_recorded(self, setup: GameSetup) -> GameSetup:
        """``setup`` with each person's name as the records first spelled it ("alice" typed,
        "Alice" shown), so the window and the records never disagree."""
        if not setup.recorded:
            return setup

        def spelled(spec: PlayerSpec) -> PlayerSpec:
            if spec.is_ai:
                return spec
            try:
                stored = self._records.stored_name(spec.name)
            except Exception:  # the game goes on with the name as typed
                return spec
            return spec if stored is None else replace(spec, name=stored)

        return replace(setup, x=spelled(setup.x), o=spelled(setup.o))

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

    def _announce_personas(self) -> None:
        setup = self._setup
        if setup.mode is GameMode.HUMAN_VS_AI:
            self.persona_changed.emit(setup.opponent_persona, "Opponent")
        elif setup.mode is GameMode.HUMAN_VS_HUMAN:
            self.persona_changed.emit(SERA, "Coach")
        else:
            self.persona_changed.emit(self.player_to_move_at(setup.start).persona, "To move")

    def player_to_move_at(self, board: Board) -> PlayerSpec:
        return self._setup.player(board.to_move)

    def _greet(self) -> None:
        def record_of(name: str) -> WinLossDraw | None:
            try:
                return self._records.record_of(name, self._setup.variant.id)
            except Exception as error:  # the game goes on without the greeting
                self.message.emit(f"Could not read the records: {error}")
                return None

        lines = self._session.greetings(record_of) if self._setup.recorded else []
        self.comment_changed.emit(self._session.opening_line())
        if lines:
            self.message.emit("   ".join(lines))

    # -- what the user does --------------------------------------------------------------------

    @Slot(int, int)
    def play_human(self, row: int, col: int) -> bool:
        """A person activated a cell; plays it if that is legal, else says why not. In a
        replay, the move starts a study from there (the replayed line kept beside it)."""
        move = Move(row, col)
        board = self.board
        if self._state is State.REPLAY and not board.is_over and board.is_legal(move):
            self._study_from_replay()
        reason = self._session.why_not_playable(move)
        if self._state is State.REPLAY and reason is None:
            reason = "This is a replay — start a New Game (Ctrl+N) to play."
        if reason is not None:
            self.message.emit(reason)
            return False
        self._undo_stack.push(_MovesCommand(self, len(self.moves), [move]))
        return True

    def undo(self) -> None:
        if self._state is State.REPLAY:
            self.replay_step(-1)
            return
        if not self._undo_stack.canUndo():
            self.message.emit("Nothing to undo.")
            return
        if self._setup.mode is GameMode.AI_VS_AI:
            self.set_paused(True)
        self._undo_stack.undo()

    def redo(self) -> None:
        if self._state is State.REPLAY:
            self.replay_step(1)
            return
        if not self._undo_stack.canRedo():
            self.message.emit("Nothing to redo.")
            return
        if self._setup.mode is GameMode.AI_VS_AI:
            self.set_paused(True)
        self._undo_stack.redo()

    def resign(self) -> None:
        """The person to move gives up: the game ends as a loss for them."""
        if self._state is not State.PLAYING or self._session.is_over:
            self.message.emit("There is no game in progress to resign.")
            return
        if not self.is_human_turn():
            self.message.emit("Resign on your own turn.")
            return
        self._stop_everything()
        self._session.resign()
        self._position_changed()

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
        if self._result is not None and self._result.board == self.board:
            self._show_hint(self._result.analysis)
        else:
            self._pending_hint = True
            self.message.emit("Working out a hint…")

    def _show_hint(self, analysis: Analysis) -> None:
        self._pending_hint = False
        self.hint_shown.emit(() if every_move_alike(analysis) else analysis.best_moves)
        self.message.emit(self._session.hint_text(analysis))

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

    # -- AI vs AI controls -------------------------------------------------------------------------

    def set_paused(self, paused: bool) -> None:
        if paused == self._paused:
            return
        self._paused = paused
        self.paused_changed.emit(paused)
        if paused:
            self._ai_timer.stop()
            self._series_timer.stop()
            self._choice = None
            self._update_thinking()
            self._update_status()
            return
        self._update_status()
        if self._state is State.OVER and self._series_left > 0:
            self._series_timer.start(self._setup.move_delay_ms)
        elif self.ai_to_move():
            self._request()

    def step(self) -> None:
        """Play exactly one AI move, pausing the autoplay."""
        if self._setup.mode is not GameMode.AI_VS_AI or self._state is State.REPLAY:
            self.message.emit("Step is for AI vs AI games.")
            return
        self.set_paused(True)
        if self._state is State.OVER:
            if self._series_left > 0:
                self._next_series_game()
            else:
                self.message.emit("The game is over.")
            return
        self._step_pending = True
        self._request()

    def set_move_delay(self, ms: int) -> None:
        self._session.setup = replace(self._setup, move_delay_ms=max(0, ms))

    # -- replay --------------------------------------------------------------------------------

    def start_replay(
        self,
        title: str,
        start: Board,
        moves: Sequence[Move],
        names: tuple[str, str] = ("X", "O"),
        lines: MoveTree | None = None,
    ) -> None:
        """Show a recorded game: step through it, autoplay it, the dock analysing each position.

        ``names`` are the X and O sides as the records name them, shown beside the board;
        ``lines`` the game's tree of moves where it has variations (choosing one replays it).
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
        self._session = GameSession(setup, 0)
        self._session.analyses.update(self._known)
        self._lines = GameLines(start, lines)  # the tree always belongs to the start shown
        self._lines.follow(moves)
        self._replay_moves = list(moves)
        self._replay_title = title
        self._last_command = None
        self._undo_stack.clear()
        self._over_info = None
        self.game_over.emit(None)
        self.persona_changed.emit(SERA, "Analysis")
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
        lines = self._lines
        if not 0 <= node < len(lines.tree):
            return
        moves, after = lines.moves_to(node), lines.line_after(node)
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
        self._lines.tree = lines
        self.go_to_node(node)

    def _study_from_replay(self) -> None:
        """The replay on the board made a study (two people, not recorded) at the same
        position with the same lines, so that a move can be played there."""
        session = self._session
        setup = replace(session.setup, record=False)
        moves, lines = self.moves, self._lines.tree
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

    # -- applying moves ------------------------------------------------------------------------

    def _apply_command(self, command: _MovesCommand, *, redo: bool) -> None:
        if self._restoring:
            return  # rebuilding a saved game's history: the position is set once, after
        base = list(self.moves[: command.start_ply])
        if redo:
            self._last_command = command
            self._set_moves(base + command.moves)
        else:
            self._last_command = None
            self._set_moves(base)

    def _set_moves(self, moves: list[Move]) -> None:
        if self._state is State.OVER:
            # Undone before its banner came: the game did end, and is recorded first.
            self._record_an_ended_game()
        self._session.set_moves(moves)
        self._lines.follow(moves)
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
                winner = session.winner
                if winner is not None:
                    self.persona_changed.emit(self._setup.player(winner).persona, "Winner")
                else:
                    # Nobody is "to move" in a finished game: show who made the drawing move.
                    last_mover = self._setup.player(board.to_move.other)
                    self.persona_changed.emit(last_mover.persona, "Last move")
        else:
            if self._state is State.OVER:
                self._state = State.PLAYING
                self._over_info = None
                self.game_over.emit(None)
            if self._setup.mode is GameMode.AI_VS_AI:
                self.persona_changed.emit(self.player_to_move().persona, "To move")
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
        self._engine.submit(
            board,
            algorithm=self._algorithm,
            persona_key=persona_key,
            # The session's generator for this ply: the same game as ``play`` and ``match``.
            seed=self._session.ply_seed(),
            review=self._session.unanalysed(),
            compare=compare,
            time_limit=self._time_limit,
            engine_command=engine_command,
            proof_time=PROVE_SECONDS if prove else None,
        )
        self._update_thinking()

    # -- engine answers ------------------------------------------------------------------------

    @Slot(object)
    def _on_search_info(self, info: SearchProgress) -> None:
        """The analysis's progress: the dock shows it as the analysis so far."""
        self.search_info.emit(info)

    @Slot(object)
    def _on_persona_info(self, info: SearchProgress) -> None:
        """The persona's own search: its thinking line says how deep it has looked.

        No evaluation and no "sees a win" here: the dock's analysis is the one voice on
        who stands better, and a persona's own numbers (Cop's are in other units) would
        contradict it. A proof is news, and is said when the move is played.
        """
        if self.ai_to_move() and self._choice is None and info.depth:
            self._search_words = f"depth {info.depth}"
            self._update_thinking()

    @Slot(object)
    def _on_move_chosen(self, choice: MoveChoice) -> None:
        if choice.board != self.board or not self.ai_to_move():
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
        if choice is None or choice.board != self.board or not self.ai_to_move():
            return
        move = choice.decision.move
        if choice.decision.proven:
            # Only a proof is news worth a line (and a screen reader's voice) on every move.
            name = self.player_to_move().display_name
            self.message.emit(f"{name} {choice.decision.thinking}.")
        self._session.note_decision(self.board, move, choice.decision)
        self._remember(self._session.analyses)
        if self._setup.mode is GameMode.HUMAN_VS_AI:
            command = self._last_command
            if command is not None and command.end_ply == len(self.moves):
                # One undo takes back the person's move and this reply together.
                command.add_reply(move)
                self._undo_stack.undoTextChanged.emit(self._undo_stack.undoText())
            self._set_moves([*self.moves, move])
        else:
            self._undo_stack.push(_MovesCommand(self, len(self.moves), [move]))

    def _remember(self, analyses: dict[Board, Analysis]) -> None:
        self._known.update(analyses)

    @Slot(object)
    def _on_analysed(self, result: EngineResult) -> None:
        if result.board != self.board:
            return
        self._result = result
        self._session.add_analysis(result.analysis)
        for analysis in result.review:
            self._session.add_analysis(analysis)
        self._remember(self._session.analyses)
        self._judge_known_moves()
        self.analysis_changed.emit(result)
        self._update_thinking()
        if self._pending_hint and self.is_human_turn():
            self._show_hint(result.analysis)
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

    def _judge_known_moves(self) -> None:
        for ply, verdict in self._session.judge_known_moves():
            self.verdict_added.emit(ply, verdict.value)
        # Comment on the latest move once its verdict is known.
        last = len(self.moves)
        if last and self._state is not State.REPLAY and self._commented != (last, self.board):
            latest = self.verdict_at(last)
            if latest is not None:
                self._commented = (last, self.board)
                line = self._session.coach_line(last, latest)
                if line is not None:
                    self.comment_changed.emit(line)

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
            text = (
                f"Replay: {self._replay_title} — move {len(self.moves)} of "
                f"{len(self._replay_moves)}"
            )
        elif self._session.is_over:
            text = f"Game over — {self._session.result_words()}"
        else:
            spec = self.player_to_move()
            mark = board.to_move
            if spec.is_ai:
                text = f"{spec.display_name} ({mark}) is thinking…"
                if self._setup.mode is GameMode.AI_VS_AI and self._paused:
                    text = f"Paused — {spec.display_name} ({mark}) to move"
            else:
                text = f"{mark} to move — {spec.display_name}"
                if self._setup.mode is GameMode.HUMAN_VS_AI:
                    text = f"Your move ({mark})"
        self.status_changed.emit(text)

    # -- the end of a game -----------------------------------------------------------------------

    def _finish_game(self, *, without_review: bool = False) -> None:
        """End the game: judge its moves, record it, show the banner.

        ``without_review`` ends it with what is known now, when the analyses it
        waits for will not come (the engine failed, or an error broke the way).
        """
        session = self._session
        if session.unanalysed() and not without_review:
            return  # the review request is still running; we are called again when it lands
        try:
            self._judge_known_moves()
        except Exception:
            if not without_review:
                raise
            # The verdicts are a bonus: the record and the banner are what must not be lost.
            logger.exception("Could not judge the moves of a finished game")
        record = self._build_record()
        saved_id: int | None = None
        note = ""
        failed = False
        first_ending = not session.ended_once
        session.ended_once = True
        if not self._setup.record:
            note = "Analysis sessions are not recorded."
        elif self._setup.from_position:
            note = "Games from a set-up position are for study and are not recorded."
        elif first_ending:
            try:
                saved_id = self._records.save_game(record)
            except Exception as error:  # storage trouble must never cost the game on the board
                failed = True
                note = f"Could not save this game: {error}. The game is still on the board."
                self.message.emit(note)
        else:
            # Undoing after the end is for study; recording every later ending would
            # let one game count many times.
            note = "Only the first ending of a game is recorded."
        info = GameOverInfo(
            headline=session.headline(),
            reaction=session.reaction(),
            summaries=session.summaries(),
            record=record,
            saved_id=saved_id,
            save_note=note,
            save_failed=failed,
        )
        self._over_info = info
        self.game_over.emit(info)
        if first_ending:
            self._count_in_tally()

    def _record_an_ended_game(self) -> None:
        """A game over on the board whose ending waits on the engine's last analyses is
        recorded now with what is known (its banner shown), not lost with the search."""
        if self._state is State.OVER and self._over_info is None:
            self._finish_game(without_review=True)

    def retry_save(self) -> None:
        """Try again to save the finished game on the board (after a storage failure)."""
        info = self._over_info
        if info is None or not info.save_failed:
            return
        try:
            saved_id = self._records.save_game(info.record)
        except Exception as error:
            self.message.emit(f"Still could not save this game: {error}")
            return
        self._over_info = replace(info, saved_id=saved_id, save_note="Saved.", save_failed=False)
        self.message.emit("The game is saved.")
        self.game_over.emit(self._over_info)

    def _count_in_tally(self) -> None:
        if self._setup.mode is not GameMode.AI_VS_AI:
            return
        self._tally.count(self._session.winner)
        self._series_left -= 1
        self.tally_changed.emit(self._tally)
        if self._series_left > 0 and not self._paused:
            self._series_timer.start(max(self._setup.move_delay_ms * 2, 0))

    def _next_series_game(self) -> None:
        if self._series_left <= 0 or self._setup.mode is not GameMode.AI_VS_AI:
            return
        self._begin(self._setup)

    @property
    def series_left(self) -> int:
        return self._series_left

    def _build_record(self) -> FinishedGame:
        session = self._session
        return finished_game(
            session.game_record(),
            self._setup.x.side(),
            self._setup.o.side(),
            self._setup.mode,
            session.started_at,
            datetime.now(UTC),
        )

    def shutdown(self) -> None:
        """Stop timers and the search in progress (the window then stops the engine thread)."""
        self._stop_everything()
