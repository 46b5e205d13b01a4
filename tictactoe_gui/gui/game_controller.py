"""The rules of a session at the table: whose turn it is, what a click means, and when the AI moves.

:class:`GameController` owns the game in progress (a start position and the
moves played), its ``QUndoStack``, and the conversation with the engine
thread. Views only display what it announces through signals and forward
what the user did; nothing here paints. Three modes share one code path:
a side is either a person or a persona, and a persona's move is asked of the
engine thread and played after a short, visible think.
"""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QUndoCommand, QUndoStack

from tictactoe_gui.engine import (
    SERA,
    Algorithm,
    Analysis,
    Board,
    Event,
    Mark,
    Move,
    Persona,
    Verdict,
    get_persona,
    judge_move,
)
from tictactoe_gui.engine.match import game_seeds
from tictactoe_gui.gui.engine_worker import EngineResult, EngineService, MoveChoice
from tictactoe_gui.gui.recording import GameRecords, greeting_for
from tictactoe_gui.records_bridge import result_of
from tictactoe_gui.storage.records import (
    FinishedGame,
    GameMode,
    MoveEntry,
    Side,
)

DEFAULT_THINK_MS = 400
DEFAULT_MOVE_DELAY_MS = 700
REPLAY_INTERVAL_MS = 900


class PlayerKind(enum.StrEnum):
    HUMAN = "human"
    AI = "ai"


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One side of the table: a person (by name) or a persona (by key)."""

    kind: PlayerKind
    name: str

    @classmethod
    def human(cls, name: str) -> PlayerSpec:
        return cls(PlayerKind.HUMAN, name)

    @classmethod
    def ai(cls, persona_key: str) -> PlayerSpec:
        return cls(PlayerKind.AI, get_persona(persona_key).key)

    @property
    def is_ai(self) -> bool:
        return self.kind is PlayerKind.AI

    @property
    def persona(self) -> Persona | None:
        return get_persona(self.name) if self.is_ai else None

    @property
    def display_name(self) -> str:
        persona = self.persona
        return persona.name if persona is not None else self.name

    def side(self) -> Side:
        return Side.persona(self.name) if self.is_ai else Side.human(self.name)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything the New Game dialog decides."""

    mode: GameMode
    x: PlayerSpec
    o: PlayerSpec
    start: Board = field(default_factory=Board.empty)
    #: AI vs AI: how many games in the series, and the pause between moves.
    games: int = 1
    move_delay_ms: int = DEFAULT_MOVE_DELAY_MS
    #: None picks a fresh seed for every game.
    seed: int | None = None
    #: False for study sessions (analysing a set-up position): nothing goes to the records.
    record: bool = True

    def player(self, mark: Mark) -> PlayerSpec:
        return self.x if mark is Mark.X else self.o

    @classmethod
    def default(cls) -> GameSetup:
        return cls(GameMode.HUMAN_VS_AI, PlayerSpec.human("Player"), PlayerSpec.ai("cop"))

    @property
    def opponent_persona(self) -> Persona | None:
        """The persona a person plays against (Human vs AI only)."""
        for spec in (self.x, self.o):
            if spec.is_ai and self.mode is GameMode.HUMAN_VS_AI:
                return spec.persona
        return None


class State(enum.Enum):
    PLAYING = "playing"
    OVER = "over"
    REPLAY = "replay"


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """How one side played, judged move by move against the engine."""

    name: str
    mark: Mark
    moves: int
    best: int
    good: int
    mistakes: int
    blunders: int
    hints: int

    @property
    def accuracy(self) -> float:
        """Share of moves that kept the best outcome available (best or good)."""
        return (self.best + self.good) / self.moves if self.moves else 1.0

    def describe(self) -> str:
        parts = [f"{self.name} ({self.mark}): {self.accuracy:.0%} accurate"]
        details = [f"{self.best} best", f"{self.good} good"]
        if self.mistakes:
            details.append(f"{self.mistakes} mistake" + ("s" if self.mistakes > 1 else ""))
        if self.blunders:
            details.append(f"{self.blunders} blunder" + ("s" if self.blunders > 1 else ""))
        if self.hints:
            details.append(f"{self.hints} hint" + ("s" if self.hints > 1 else ""))
        return parts[0] + " — " + ", ".join(details)


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


@dataclass(slots=True)
class Tally:
    x_wins: int = 0
    o_wins: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.x_wins + self.o_wins + self.draws


VERDICT_WORDS = {
    Verdict.BEST: "best move",
    Verdict.GOOD: "good — the outcome is unchanged",
    Verdict.MISTAKE: "a mistake — a win slipped away",
    Verdict.BLUNDER: "a blunder — this now loses",
}


def cell_name(move: Move) -> str:
    return f"row {move.row + 1}, column {move.col + 1}"


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
            words.append(f"{board.to_move} at {cell_name(move)}")
            board = board.play(move)
        self.setText(" and ".join(words))

    def redo(self) -> None:
        self._controller._apply_command(self, redo=True)

    def undo(self) -> None:
        self._controller._apply_command(self, redo=False)


class GameController(QObject):
    position_changed = Signal(object, object)  # Board, last Move | None
    status_changed = Signal(str)
    message = Signal(str)  # a transient note for the status bar
    analysis_changed = Signal(object)  # EngineResult | None, always about the board shown
    thinking_changed = Signal(bool, str)  # busy, who ("Sera is thinking…")
    progress = Signal(int)
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
        self._undo_stack = QUndoStack(self)
        self._setup = GameSetup.default()
        self._state = State.PLAYING
        self._start = Board.empty()
        self._moves: list[Move] = []
        self._boards: list[Board] = [self._start]
        self._last_command: _MovesCommand | None = None
        self._game_seed = 0
        self._started_at = datetime.now(UTC)
        self._analyses: dict[Board, Analysis] = {}
        self._verdicts: dict[tuple[Board, Move], Verdict] = {}
        self._ai_costs: dict[tuple[Board, Move], tuple[int, int]] = {}
        self._hints = {Mark.X: 0, Mark.O: 0}
        self._hinted: set[Board] = set()
        self._result: EngineResult | None = None
        self._choice: MoveChoice | None = None
        self._request_time = 0.0
        self._pending_hint = False
        self._step_pending = False
        self._paused = False
        self._recorded = False
        self._ended_once = False
        self._over_info: GameOverInfo | None = None
        self._tally = Tally()
        self._series_left = 0
        self._replay_moves: list[Move] = []
        self._replay_title = ""
        self._thinking_line = ""
        self._thinking_for: Board | None = None
        self._commented: tuple[int, Board] | None = None

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
        engine.busy_changed.connect(self._update_thinking)
        engine.failed.connect(self._on_engine_failed)

    # -- read-only view of the game ----------------------------------------------------------

    @property
    def setup(self) -> GameSetup:
        return self._setup

    @property
    def state(self) -> State:
        return self._state

    @property
    def board(self) -> Board:
        return self._boards[-1]

    @property
    def start(self) -> Board:
        return self._start

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def last_move(self) -> Move | None:
        return self._moves[-1] if self._moves else None

    def board_at(self, ply: int) -> Board:
        return self._boards[ply]

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
        return dict(self._hints)

    @property
    def game_seed(self) -> int:
        return self._game_seed

    @property
    def replay_position(self) -> int:
        return len(self._moves)

    @property
    def replay_length(self) -> int:
        return len(self._replay_moves)

    def verdict_at(self, ply: int) -> Verdict | None:
        """The coach's verdict on move number ``ply`` (1-based), once the engine has judged it."""
        if not 1 <= ply <= len(self._moves):
            return None
        return self._verdicts.get((self._boards[ply - 1], self._moves[ply - 1]))

    def player_to_move(self) -> PlayerSpec:
        return self._setup.player(self.board.to_move)

    def is_human_turn(self) -> bool:
        return (
            self._state is State.PLAYING
            and not self.board.is_over
            and not self.player_to_move().is_ai
        )

    def ai_to_move(self) -> bool:
        return (
            self._state is State.PLAYING and not self.board.is_over and self.player_to_move().is_ai
        )

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

    def new_game(self, setup: GameSetup) -> None:
        """Start ``setup`` from its start position; a series starts its tally afresh."""
        self._tally = Tally()
        self._series_left = max(1, setup.games)
        self.tally_changed.emit(self._tally)
        self._begin(setup)

    def restart(self) -> None:
        """The same players again, from the same start (a new seed unless one was fixed)."""
        if self._state is State.REPLAY:
            self.message.emit("This is a replay — start a New Game (Ctrl+N) to play.")
            return
        self.new_game(self._setup)

    def play_again(self) -> None:
        self.restart()

    def _begin(self, setup: GameSetup) -> None:
        self._stop_everything()
        if setup.start.is_over:
            raise ValueError(f"cannot start from a finished position ({setup.start.outcome})")
        self._setup = setup
        self._state = State.PLAYING
        self._start = setup.start
        if setup.seed is None:
            self._game_seed = random.randrange(2**32)
        else:
            # Each game of a seeded series gets its own seed, drawn from the series seed the
            # same way the command line's match does, so game N can be replayed alone.
            seeds = game_seeds(setup.seed, max(1, setup.games))
            self._game_seed = seeds[min(self._tally.games, len(seeds) - 1)]
        self._started_at = datetime.now(UTC)
        self._hints = {Mark.X: 0, Mark.O: 0}
        self._hinted.clear()
        self._recorded = False
        self._ended_once = False
        self._commented = None
        self._over_info = None
        self._paused = False
        self._replay_moves = []
        self._last_command = None
        self._undo_stack.clear()
        self.paused_changed.emit(False)
        self.game_over.emit(None)
        self.game_started.emit(setup)
        self._announce_personas()
        self._greet()
        self._set_moves([])

    def _stop_everything(self) -> None:
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
            persona = setup.opponent_persona
            self.persona_changed.emit(persona, "Opponent")
        elif setup.mode is GameMode.HUMAN_VS_HUMAN:
            self.persona_changed.emit(SERA, "Coach")
        else:
            self.persona_changed.emit(self.player_to_move_at(setup.start).persona, "To move")

    def player_to_move_at(self, board: Board) -> PlayerSpec:
        return self._setup.player(board.to_move)

    def _greet(self) -> None:
        lines = []
        for spec in (self._setup.x, self._setup.o):
            if spec.is_ai:
                continue
            try:
                record = self._records.record_of(spec.name)
            except Exception as error:  # the game goes on without the greeting
                self.message.emit(f"Could not read the records: {error}")
                record = None
            lines.append(greeting_for(spec.name, record))
        persona = self._setup.opponent_persona
        if persona is not None:
            self.comment_changed.emit(f"{persona.name}: “{persona.say(Event.GREETING)}”")
        elif self._setup.mode is GameMode.HUMAN_VS_HUMAN:
            self.comment_changed.emit("Coach: I'll judge every move. Play well!")
        else:
            x, o = self._setup.x.display_name, self._setup.o.display_name
            self.comment_changed.emit(f"{x} (X) against {o} (O).")
        if lines:
            self.message.emit("   ".join(lines))

    # -- what the user does --------------------------------------------------------------------

    @Slot(int, int)
    def play_human(self, row: int, col: int) -> bool:
        """A person activated a cell; plays it if that is legal, else says why not."""
        move = Move(row, col)
        reason = self._why_not_playable(move)
        if reason is not None:
            self.message.emit(reason)
            return False
        self._undo_stack.push(_MovesCommand(self, len(self._moves), [move]))
        return True

    def _why_not_playable(self, move: Move) -> str | None:
        board = self.board
        if self._state is State.REPLAY:
            return "This is a replay — start a New Game (Ctrl+N) to play."
        if board.is_over:
            return "The game is over — Play Again (Ctrl+R) or start a New Game (Ctrl+N)."
        spec = self.player_to_move()
        if spec.is_ai:
            if self._setup.mode is GameMode.AI_VS_AI:
                return "Two AIs are playing this game — start a New Game (Ctrl+N) to play."
            return f"It's {spec.display_name}'s turn — wait for the reply."
        taken = board.mark_at(board.index(move))
        if taken is not None:
            return f"{cell_name(move).capitalize()} is already taken by {taken}."
        return None

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

    def hint(self) -> None:
        """Show the best move for the person to move (counted on the game record)."""
        if self._state is State.REPLAY:
            self.message.emit("Hints are for games in progress; the dock shows the analysis.")
            return
        if self.board.is_over:
            self.message.emit("The game is over — no hint needed.")
            return
        if not self.is_human_turn():
            self.message.emit(
                f"A hint is for your own turn; {self.player_to_move().display_name} is to move."
            )
            return
        board = self.board
        if board not in self._hinted:
            self._hinted.add(board)
            self._hints[board.to_move] += 1
        if self._result is not None and self._result.board == board:
            self._show_hint(self._result.analysis)
        else:
            self._pending_hint = True
            self.message.emit("Working out a hint…")

    def _show_hint(self, analysis: Analysis) -> None:
        self._pending_hint = False
        best = analysis.candidates[0]
        cells = " or ".join(cell_name(m) for m in analysis.best_moves)
        self.hint_shown.emit(analysis.best_moves)
        self.message.emit(f"Hint: {cells} ({best.describe}).")

    def set_algorithm(self, algorithm: Algorithm) -> None:
        """Which search the dock's analysis uses (scores are the same; effort differs)."""
        if algorithm is self._algorithm:
            return
        self._algorithm = algorithm
        self._request(compare=False)

    def compare_algorithms(self) -> None:
        """Analyse the position with all three searches, to show what pruning saves."""
        self._request(compare=True)

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
        self._setup = replace(self._setup, move_delay_ms=max(0, ms))

    # -- replay --------------------------------------------------------------------------------

    def start_replay(
        self,
        title: str,
        start: Board,
        moves: Sequence[Move],
        names: tuple[str, str] = ("X", "O"),
    ) -> None:
        """Show a recorded game: step through it, autoplay it, the dock analysing each position.

        ``names`` are the X and O sides as the records name them, shown beside the board.
        """
        start.play_all(tuple(moves))  # raises IllegalMoveError for a game that cannot be
        self._stop_everything()
        self._state = State.REPLAY
        self._setup = GameSetup(
            GameMode.HUMAN_VS_HUMAN, PlayerSpec.human(names[0]), PlayerSpec.human(names[1]), start
        )
        self._start = start
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
        if position != len(self._moves) or position == 0:
            self._set_moves(self._replay_moves[:position])

    def replay_step(self, delta: int) -> None:
        self.replay_seek(len(self._moves) + delta)

    def set_replay_playing(self, playing: bool) -> None:
        if self._state is not State.REPLAY:
            return
        if playing and len(self._moves) >= len(self._replay_moves):
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
        if len(self._moves) >= len(self._replay_moves):
            self.set_replay_playing(False)
            return
        self.replay_step(1)
        if len(self._moves) >= len(self._replay_moves):
            self.set_replay_playing(False)

    # -- applying moves ------------------------------------------------------------------------

    def _apply_command(self, command: _MovesCommand, *, redo: bool) -> None:
        base = self._moves[: command.start_ply]
        if redo:
            self._last_command = command
            self._set_moves(base + command.moves)
        else:
            self._last_command = None
            self._set_moves(base)

    def _set_moves(self, moves: list[Move]) -> None:
        boards = [self._start]
        for move in moves:
            boards.append(boards[-1].play(move))
        self._moves = list(moves)
        self._boards = boards
        self._position_changed()

    def _position_changed(self) -> None:
        self._engine.cancel()
        self._ai_timer.stop()
        self._choice = None
        self._result = None
        self._pending_hint = False
        board = self.board
        self.position_changed.emit(board, self.last_move)
        self.analysis_changed.emit(None)
        if self._state is State.REPLAY:
            self.replay_changed.emit(len(self._moves), len(self._replay_moves), self._replay_title)
        elif board.is_over:
            self._state = State.OVER
            if self._setup.mode is GameMode.AI_VS_AI:
                if board.winner is not None:
                    self.persona_changed.emit(self._setup.player(board.winner).persona, "Winner")
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

    def _request(self, *, compare: bool = False) -> None:
        board = self.board
        persona_key = None
        if self.ai_to_move() and self._choice is None:
            wanted = (
                self._setup.mode is not GameMode.AI_VS_AI or not self._paused or self._step_pending
            )
            if wanted:
                persona_key = self.player_to_move().name
                persona = self.player_to_move().persona
                if persona is not None and board != self._thinking_for:
                    # A fresh line per move, kept while the same move is being thought over.
                    self._thinking_line = persona.say(Event.THINKING)
                    self._thinking_for = board
        review = tuple(dict.fromkeys(b for b in self._boards[:-1] if b not in self._analyses))
        self._request_time = time.monotonic()
        seed = (self._game_seed * 1_000_003 + (board.x << 9 | board.o)) % 2**63
        self._engine.submit(
            board,
            algorithm=self._algorithm,
            persona_key=persona_key,
            seed=seed,
            review=review,
            compare=compare,
        )
        self._update_thinking()

    # -- engine answers ------------------------------------------------------------------------

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
        board, move = self.board, choice.decision.move
        self._ai_costs[(board, move)] = (choice.decision.nodes, choice.decision.max_depth)
        if choice.decision.analysis is not None:
            self._analyses.setdefault(board, choice.decision.analysis)
        if self._setup.mode is GameMode.HUMAN_VS_AI:
            command = self._last_command
            if command is not None and command.end_ply == len(self._moves):
                # One undo takes back the person's move and this reply together.
                command.add_reply(move)
                self._undo_stack.undoTextChanged.emit(self._undo_stack.undoText())
            self._set_moves([*self._moves, move])
        else:
            self._undo_stack.push(_MovesCommand(self, len(self._moves), [move]))

    @Slot(object)
    def _on_analysed(self, result: EngineResult) -> None:
        if result.board != self.board:
            return
        self._result = result
        self._analyses[result.board] = result.analysis
        for analysis in result.review:
            self._analyses[analysis.board] = analysis
        self._judge_known_moves()
        self.analysis_changed.emit(result)
        self._update_thinking()
        if self._pending_hint and self.is_human_turn():
            self._show_hint(result.analysis)
        if self._state is State.OVER and self._over_info is None:
            self._finish_game()

    def _on_engine_failed(self, message: str) -> None:
        self.message.emit(f"The engine failed: {message}")
        self._update_thinking()

    def _judge_known_moves(self) -> None:
        for ply in range(1, len(self._moves) + 1):
            key = (self._boards[ply - 1], self._moves[ply - 1])
            if key in self._verdicts:
                continue
            before = self._analyses.get(key[0])
            if before is None:
                continue
            verdict = judge_move(before, key[1])
            self._verdicts[key] = verdict
            self.verdict_added.emit(ply, verdict.value)
        # Comment on the latest move once its verdict is known, even if the same position
        # and move were judged in an earlier game (verdicts are facts and stay cached).
        last = len(self._moves)
        if last and self._state is not State.REPLAY and self._commented != (last, self.board):
            latest = self.verdict_at(last)
            if latest is not None:
                self._commented = (last, self.board)
                self._comment_on(last, latest)

    def _comment_on(self, ply: int, verdict: Verdict) -> None:
        mover = self._boards[ply - 1].to_move
        spec = self._setup.player(mover)
        move = self._moves[ply - 1]
        mode = self._setup.mode
        if mode is GameMode.HUMAN_VS_HUMAN:
            self.comment_changed.emit(
                f"Coach: {spec.display_name}'s {mover} at {cell_name(move)} — "
                f"{VERDICT_WORDS[verdict]}."
            )
            return
        speaker = spec.persona if spec.is_ai else self._setup.opponent_persona
        if speaker is None:
            return
        line = speaker.comment(verdict, own=spec.is_ai)
        name = speaker.name
        if self._setup.x == self._setup.o:
            name = f"{name} ({mover})"  # a persona playing itself: say which side speaks
        self.comment_changed.emit(f"{name}: “{line}”")

    def _update_thinking(self, *_: object) -> None:
        waiting = self._choice is not None and self._ai_timer.isActive()
        busy = self._engine.busy or waiting
        who = ""
        if busy:
            if self.ai_to_move() and (waiting or self._choice is None):
                who = f"{self.player_to_move().display_name} is thinking…"
                if self._thinking_line:
                    who = f"{who} “{self._thinking_line}”"
            else:
                who = "Analysing…"
        self.thinking_changed.emit(busy, who)
        self._update_status()

    def _update_status(self) -> None:
        board = self.board
        if self._state is State.REPLAY:
            text = (
                f"Replay: {self._replay_title} — move {len(self._moves)} of "
                f"{len(self._replay_moves)}"
            )
        elif board.is_over:
            text = f"Game over — {self._result_words()}"
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

    def _result_words(self) -> str:
        winner = self.board.winner
        if winner is None:
            return "a draw"
        return f"{self._setup.player(winner).display_name} ({winner}) wins"

    # -- the end of a game -----------------------------------------------------------------------

    def _finish_game(self) -> None:
        if any(b not in self._analyses for b in self._boards[:-1]):
            return  # the review request is still running; we are called again when it lands
        self._judge_known_moves()
        record = self._build_record()
        saved_id: int | None = None
        note = ""
        failed = False
        first_ending = not self._ended_once
        self._ended_once = True
        if not self._setup.record:
            note = "Analysis sessions are not recorded."
        elif first_ending:
            try:
                saved_id = self._records.save_game(record)
                self._recorded = True
            except Exception as error:  # storage trouble must never cost the game on the board
                failed = True
                note = f"Could not save this game: {error}. The game is still on the board."
                self.message.emit(note)
        else:
            # Undoing after the end is for study; recording every later ending would
            # let one game count many times.
            note = "Only the first ending of a game is recorded."
        info = GameOverInfo(
            headline=self._headline(),
            reaction=self._reaction(),
            summaries=self._summaries(),
            record=record,
            saved_id=saved_id,
            save_note=note,
            save_failed=failed,
        )
        self._over_info = info
        self.game_over.emit(info)
        if first_ending:
            self._count_in_tally()

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
        self._recorded = True
        self._over_info = replace(info, saved_id=saved_id, save_note="Saved.", save_failed=False)
        self.message.emit("The game is saved.")
        self.game_over.emit(self._over_info)

    def _count_in_tally(self) -> None:
        if self._setup.mode is not GameMode.AI_VS_AI:
            return
        winner = self.board.winner
        if winner is Mark.X:
            self._tally.x_wins += 1
        elif winner is Mark.O:
            self._tally.o_wins += 1
        else:
            self._tally.draws += 1
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
        entries = []
        nodes = {Mark.X: 0, Mark.O: 0}
        depth = {Mark.X: 0, Mark.O: 0}
        for ply, move in enumerate(self._moves, start=1):
            before = self._boards[ply - 1]
            mark = before.to_move
            analysis = self._analyses.get(before)
            score = analysis.score_of(move) if analysis is not None else None
            verdict = self._verdicts.get((before, move))
            entries.append(
                MoveEntry(
                    ply=ply,
                    cell=self._start.index(move),
                    mark=str(mark),
                    score=score,
                    verdict=None if verdict is None else verdict.value,
                )
            )
            if self._setup.player(mark).is_ai:
                cost_nodes, cost_depth = self._ai_costs.get((before, move), (0, 0))
                nodes[mark] += cost_nodes
                depth[mark] = max(depth[mark], cost_depth)
        return FinishedGame(
            started_at=self._started_at,
            ended_at=datetime.now(UTC),
            mode=self._setup.mode,
            x=self._setup.x.side(),
            o=self._setup.o.side(),
            result=result_of(self.board.winner),
            moves=tuple(entries),
            start_board=self._start.to_text(),
            hints_x=self._hints[Mark.X],
            hints_o=self._hints[Mark.O],
            seed=self._game_seed,
            x_ai_nodes=nodes[Mark.X],
            o_ai_nodes=nodes[Mark.O],
            x_ai_max_depth=depth[Mark.X],
            o_ai_max_depth=depth[Mark.O],
        )

    def _headline(self) -> str:
        winner = self.board.winner
        mode = self._setup.mode
        if winner is None:
            return "It's a draw."
        spec = self._setup.player(winner)
        if mode is GameMode.HUMAN_VS_AI:
            return "You win!" if not spec.is_ai else f"{spec.display_name} wins."
        return f"{spec.display_name} ({winner}) wins!"

    def _reaction(self) -> str:
        winner = self.board.winner
        personas = [
            (mark, spec.persona)
            for mark, spec in ((Mark.X, self._setup.x), (Mark.O, self._setup.o))
            if spec.persona is not None
        ]
        # A persona playing itself needs its marks to tell its two voices apart.
        same = len({persona.key for _, persona in personas}) < len(personas)
        lines = []
        for mark, persona in personas:
            if winner is None:
                event = Event.DRAW
            elif winner is mark:
                event = Event.WIN
            else:
                event = Event.LOSS
            speaker = f"{persona.name} ({mark})" if same else persona.name
            lines.append(f"{speaker}: “{persona.say(event)}”")
        return "   ".join(lines)

    def _summaries(self) -> tuple[PlayerSummary, ...]:
        summaries = []
        for mark in (Mark.X, Mark.O):
            counts = dict.fromkeys(Verdict, 0)
            moves = 0
            for ply, move in enumerate(self._moves, start=1):
                before = self._boards[ply - 1]
                if before.to_move is not mark:
                    continue
                moves += 1
                verdict = self._verdicts.get((before, move))
                if verdict is not None:
                    counts[verdict] += 1
            summaries.append(
                PlayerSummary(
                    name=self._setup.player(mark).display_name,
                    mark=mark,
                    moves=moves,
                    best=counts[Verdict.BEST],
                    good=counts[Verdict.GOOD],
                    mistakes=counts[Verdict.MISTAKE],
                    blunders=counts[Verdict.BLUNDER],
                    hints=self._hints[mark],
                )
            )
        return tuple(summaries)

    def shutdown(self) -> None:
        """Stop timers and the search in progress (the window then stops the engine thread)."""
        self._stop_everything()
