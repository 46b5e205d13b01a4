"""The game on the board as the window sees it: state, signals, and what a new position sets off.

The game itself (players, moves, seeds, hints, verdicts, the record) is a
Qt-free :class:`~tictactoe_gui.session.GameSession`; :class:`ControllerCore`
holds it with the undo stack, the timers and the engine service, tells the views
what changed, asks the engine thread about each position, and ends, records and
tallies a game that is over.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from tictactoe_gui.engine import Algorithm, Analysis, Board, Event, Mark, Move, Verdict
from tictactoe_gui.engine.analysis import PROVE_SECONDS
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.gui.engine_worker import EngineResult, EngineService, MoveChoice
from tictactoe_gui.gui.error_log import logger
from tictactoe_gui.gui.recording import GameRecords
from tictactoe_gui.records_bridge import finished_game
from tictactoe_gui.session import GameSession, GameSetup, PlayerSpec, PlayerSummary, Tally
from tictactoe_gui.session.lines import GameLines
from tictactoe_gui.storage.records import FinishedGame, GameMode

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


class MovesCommand(QUndoCommand):
    """Some moves played from a known ply: a person's move, plus the AI's reply when it comes."""

    def __init__(self, controller: ControllerCore, start_ply: int, moves: list[Move]) -> None:
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


class ControllerCore(QObject):
    """The game on the board and what follows each change of it.

    Its signals, its state, the read-only view of it the window uses, and what
    happens when the moves change: the views are told, the engine is asked, and a
    game that has ended is judged, recorded and tallied. The classes built on it add
    starting games, AI vs AI pacing, hints and analysis, AI turns and replays.
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
        self._last_command: MovesCommand | None = None
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
        self._series_timer = QTimer(self)
        self._series_timer.setSingleShot(True)
        self._replay_timer = QTimer(self)
        self._replay_timer.setInterval(REPLAY_INTERVAL_MS)

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
            if not isinstance(command, MovesCommand) or command.start_ply != len(self.moves) + len(
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

    def _apply_command(self, command: MovesCommand, *, redo: bool) -> None:
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
