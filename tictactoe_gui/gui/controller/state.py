"""The state of k in a row's game in the window: its signals, what it holds, and the
read-only view of it the window uses."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QUndoStack

from tictactoe_gui.engine import Algorithm, Board, Mark, Move, Verdict
from tictactoe_gui.engine.games import GameAnalysis, GameState
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.gui.engine_worker import EngineClient, EngineService, GameAnswer, GameMove
from tictactoe_gui.gui.recording import GameRecords
from tictactoe_gui.session import GameSetup, PlayerSpec, Tally
from tictactoe_gui.session.first_ending import FirstEnding
from tictactoe_gui.session.table import SeatSummary, TableSession
from tictactoe_gui.session.words import resigned_ending
from tictactoe_gui.storage.records import FinishedGame

if TYPE_CHECKING:
    from tictactoe_gui.gui.moves_command import MovesCommand

DEFAULT_THINK_MS = 400
#: Seconds the dock's analysis may take where the game is too big to solve.
DEFAULT_TIME_LIMIT = 1.0
REPLAY_INTERVAL_MS = 900


def seat_of(mark: Mark) -> int:
    """The seat ``mark`` plays in the game interface: X first (0), O second (1)."""
    return 0 if mark is Mark.X else 1


def mark_of(seat: int) -> Mark:
    return (Mark.X, Mark.O)[seat]


def board_of(state: GameState) -> Board:
    """The marks on a k-in-a-row position of the game interface."""
    board = state.marks_board()
    assert board is not None, "k in a row's positions are boards of marks"
    return board


class State(enum.Enum):
    PLAYING = "playing"
    OVER = "over"
    REPLAY = "replay"


@dataclass(frozen=True, slots=True)
class GameOverInfo:
    headline: str
    reaction: str
    summaries: tuple[SeatSummary, ...]
    record: FinishedGame
    #: The records' id for the game, None if it was not saved (see ``save_note``).
    saved_id: int | None
    save_note: str = ""
    save_failed: bool = False


class ControllerState(QObject):
    """The game on the board (a Qt-free :class:`~tictactoe_gui.session.table.TableSession`
    of k in a row, read here as boards, moves and marks), the undo stack, the timers and
    the engine service, the signals the views listen to, and the read-only view of it all."""

    position_changed = Signal(object, object)  # Board, last Move | None
    status_changed = Signal(str)
    message = Signal(str)  # a transient note for the status bar
    #: The engine's answer about the board shown (GameAnswer), or None while it is on its way.
    analysis_changed = Signal(object)
    thinking_changed = Signal(bool, str)  # busy, who ("Sera is thinking…")
    progress = Signal(int)
    #: A search that cannot be exact, after each completed depth (SearchProgress).
    search_info = Signal(object)
    comment_changed = Signal(str)
    #: The computer player on the dock's card: PlayerInfo | None ("Engine"), its role
    #: ("Opponent", "Coach", "To move", …).
    player_changed = Signal(object, str)
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
        #: This window's own requests on the app's one engine thread.
        self._engine = engine.client(self)
        self._records = records
        self._think_ms = think_ms
        self._algorithm = Algorithm.TABLE
        self._time_limit = DEFAULT_TIME_LIMIT
        self._undo_stack = QUndoStack(self)
        self._state = State.PLAYING
        self._setup = GameSetup.default()
        self._session = TableSession(self._setup.table_setup(), 0)
        #: The first ending of the game on the board has been judged and recorded.
        self._ended_once = False
        #: Whether (and which ending of) the game went to the records.
        self._ending = FirstEnding()
        #: Analyses are facts about positions: they outlive a game (by the session's key
        #: for the position).
        self._known_by_key: dict[str, GameAnalysis] = {}
        self._last_command: MovesCommand | None = None
        self._result: GameAnswer | None = None
        self._choice: GameMove | None = None
        self._request_time = 0.0
        self._pending_hint = False
        self._step_pending = False
        self._paused = False
        self._over_info: GameOverInfo | None = None
        self._tally = Tally()
        self._series_left = 0
        self._replay_moves: list[Move] = []
        self._replay_title = ""
        #: The replayed game's recorded moves and the side that gave it up after them.
        self._replay_resigned: tuple[tuple[Move, ...], Mark] | None = None
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
        self._series_timer = QTimer(self)
        self._series_timer.setSingleShot(True)
        self._replay_timer = QTimer(self)
        self._replay_timer.setInterval(REPLAY_INTERVAL_MS)

    @property
    def session(self) -> TableSession:
        return self._session

    @property
    def engine(self) -> EngineClient:
        """This window's requests on the engine thread."""
        return self._engine

    @property
    def setup(self) -> GameSetup:
        return self._setup

    @property
    def ended_once(self) -> bool:
        """Whether the game on the board has ended once (and went to the records then)."""
        return self._ended_once

    def _show_card(self) -> None:
        """The computer player on the dock's card, in its role (see
        :meth:`~tictactoe_gui.session.table.TableSession.card`)."""
        self.player_changed.emit(*self._session.card(replaying=self._state is State.REPLAY))

    def _remember(self, state: GameState, analysis: GameAnalysis) -> None:
        """The analysis of a position, handed to the session to judge the moves with (and
        to every later game of the window: see :meth:`_open`)."""
        self._known_by_key[self._session.position_key(state)] = analysis
        self._session.add_analysis(state, analysis)

    def _open(
        self,
        setup: GameSetup,
        seed: int,
        started_at: datetime | None = None,
        lines: MoveTree | None = None,
    ) -> None:
        """A new session of ``setup`` on the board, told every analysis known so far."""
        session = TableSession(setup.table_setup(), seed, started_at, lines=lines)
        session.add_analyses(self._known_by_key)
        self._setup, self._session, self._ended_once = setup, session, False
        self._ending = FirstEnding()

    def _indices(self, moves: Sequence[Move]) -> list[int]:
        """``moves`` as the game interface numbers them."""
        start = self.start
        return [start.index(move) for move in moves]

    def _moves_of(self, indices: Sequence[int]) -> tuple[Move, ...]:
        start = self.start
        return tuple(start.move_at(index) for index in indices)

    @property
    def state(self) -> State:
        return self._state

    @property
    def board(self) -> Board:
        return board_of(self._session.state)

    @property
    def start(self) -> Board:
        return board_of(self._session.start)

    @property
    def moves(self) -> tuple[Move, ...]:
        return self._moves_of(self._session.moves)

    @property
    def last_move(self) -> Move | None:
        moves = self._session.moves
        return self.start.move_at(moves[-1]) if moves else None

    def board_at(self, ply: int) -> Board:
        return board_of(self._session.position_at(ply))

    @property
    def undo_stack(self) -> QUndoStack:
        return self._undo_stack

    @property
    def current_result(self) -> GameAnswer | None:
        """The engine's answer about the board shown (None while it is on its way)."""
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
        hints = self._session.hints
        return {Mark.X: hints[0], Mark.O: hints[1]}

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
    def replay_resigned(self) -> Mark | None:
        """Where a replay shows the recorded end of a game given up, the side that gave it
        up; None anywhere else."""
        if self._state is not State.REPLAY or self._replay_resigned is None:
            return None
        moves, loser = self._replay_resigned
        return loser if self.moves == moves else None

    @property
    def replayed_resignation(self) -> Mark | None:
        """In a replay of a game given up, the side that gave it up after the recorded moves
        (wherever the replay stands); None anywhere else."""
        if self._state is not State.REPLAY or self._replay_resigned is None:
            return None
        return self._replay_resigned[1]

    @property
    def replay_ending(self) -> str | None:
        """Where a replay shows the recorded end of a game given up, who gave it up
        ("Ada (X) resigned; Cop (O) wins"); None anywhere else."""
        loser = self.replay_resigned
        if loser is None:
            return None
        winner = loser.other
        name = self._setup.player
        return resigned_ending(
            name(loser).display_name, str(loser), name(winner).display_name, str(winner)
        )

    @property
    def lines(self) -> MoveTree:
        """Every line played in the game on the board, its variations too (the session's)."""
        return self._session.lines()

    @property
    def line_node(self) -> int:
        """The node of :attr:`lines` on the board."""
        return self._session.line_node

    def moves_to(self, node: int) -> tuple[Move, ...]:
        """The moves from the start to ``node`` of :attr:`lines`."""
        return self._moves_of(self._session.moves_to(node))

    def verdict_at(self, ply: int) -> Verdict | None:
        """The coach's verdict on move number ``ply`` (1-based), once the engine has judged it."""
        return self._session.verdict_at(ply)

    def player_to_move(self) -> PlayerSpec:
        return self._setup.player(self.board.to_move)

    def player_to_move_at(self, board: Board) -> PlayerSpec:
        return self._setup.player(board.to_move)

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
