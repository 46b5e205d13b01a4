"""The engine's own thread: every search and every player's move choice runs here.

One :class:`EngineWorker` lives in one ``QThread`` for the life of the window,
and this module is the one place that makes a ``QThread``. The GUI side talks
to it only through :class:`EngineService`, which hands out request ids, cancels
the search in progress when a newer request arrives, and drops any result whose
id is no longer current. Any game of the registry is served the same way
through the game interface (:meth:`~tictactoe_gui.engine.games.GameSpec.analyse`
and :meth:`~tictactoe_gui.engine.games.GameSpec.decide`): a window asks
through its own :class:`EngineClient` (:meth:`EngineService.client`), which
keeps its own current request on the same thread. Only frozen values cross the
thread boundary (requests, analyses, decisions, game states); the worker never
touches a widget or the records.
"""

from __future__ import annotations

import random
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from tictactoe_gui.engine import (
    Algorithm,
    Analysis,
    Board,
    Decision,
    Move,
    SearchCancelled,
    SearchProgress,
    TranspositionTable,
    analyse,
    get_persona,
    principal_variation,
)
from tictactoe_gui.engine.analysis import solvable, with_proof
from tictactoe_gui.engine.games import GameAnalysis, GameState, Limit
from tictactoe_gui.gui.collector import settle_loaded
from tictactoe_gui.gui.error_log import logger, summary_of
from tictactoe_gui.session.seats import engine_name

if TYPE_CHECKING:
    # Loaded when first needed (a big board, an external engine), not for 3×3.
    from tictactoe_gui.session.external_engine import ExternalEnginePlayer

#: How often the worker reports the node count of a long search (seconds): ten times a
#: second reads as live in the dock, and each report wakes the window's thread.
PROGRESS_INTERVAL = 0.1
#: The most time an earlier position's analysis takes (for the coach's verdicts), seconds.
REVIEW_SECONDS = 0.5


@dataclass(frozen=True, slots=True)
class EngineRequest:
    """What the window wants to know about one position."""

    request_id: int
    board: Board
    algorithm: Algorithm = Algorithm.TABLE
    #: Also choose a move for this persona (its key), seeded with ``seed``.
    persona_key: str | None = None
    seed: int = 0
    #: Earlier positions to analyse as well (exact scores for coach verdicts and the record).
    review: tuple[Board, ...] = ()
    #: Also analyse the position with all three algorithms, for the study comparison.
    compare: bool = False
    #: How long a search that cannot be exact may run (None: its default depth), and in
    #: its ``proof_time`` how long to try to prove a small board's result (None: the
    #: analysis's own share).
    limit: Limit | None = None
    #: Also ask this external engine (a command) for its move, instead of a persona.
    engine_command: str | None = None


@dataclass(frozen=True, slots=True)
class MoveChoice:
    request_id: int
    board: Board
    decision: Decision


@dataclass(frozen=True, slots=True)
class EngineResult:
    """The analysis of one position and everything the window shows alongside it."""

    request_id: int
    analysis: Analysis
    #: For each candidate (same order), the expected continuation after it.
    continuations: tuple[tuple[Move, ...], ...]
    review: tuple[Analysis, ...] = ()
    #: One analysis per algorithm (fastest first) when a comparison was asked for.
    comparison: tuple[Analysis, ...] = ()

    @property
    def board(self) -> Board:
        return self.analysis.board


@dataclass(frozen=True, slots=True)
class GameRequest:
    """What a window wants to know about a position of any game, through the game interface."""

    request_id: int
    state: GameState
    #: Also choose this player's move (its key), with all chance from ``rng``.
    player: str | None = None
    rng: random.Random | None = field(default=None, compare=False)
    #: The limit of the analysis and the player's search, where the game's searches take one.
    limit: Limit | None = None


@dataclass(frozen=True, slots=True)
class GameMove:
    """A player's move in ``state``, as :meth:`GameSpec.decide` chose it, and what choosing
    it cost (the nodes searched and the deepest ply, 0 where the player does not say)."""

    request_id: int
    state: GameState
    move: int
    nodes: int = 0
    depth: int = 0


@dataclass(frozen=True, slots=True)
class GameAnswer:
    """The analysis of ``state`` (proven where the game's engine can, else an estimate)."""

    request_id: int
    state: GameState
    analysis: GameAnalysis


class EngineWorker(QObject):
    """Runs requests one after another in the engine thread."""

    move_chosen = Signal(object)  # MoveChoice
    analysed = Signal(object)  # EngineResult
    progressed = Signal(int, int)  # request id, nodes so far
    searched = Signal(int, object)  # request id, SearchProgress after a completed depth
    #: The same from a persona's own search for its move (its thinking line, not the dock's).
    persona_searched = Signal(int, object)
    #: An external engine broke the rules or the protocol: request id, the reason in one line.
    engine_lost = Signal(int, str)
    #: An external engine printed lines that were skipped: request id, what it printed.
    engine_noted = Signal(int, str)
    cancelled = Signal(int)
    failed = Signal(int, str)
    #: Answers to :class:`GameRequest`: a player's move (GameMove), then the analysis
    #: (GameAnswer).
    game_move_chosen = Signal(object)
    game_analysed = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        # Created and used only in the engine thread (a table is not thread-safe);
        # it makes repeated analyses of nearby positions almost free.
        self._table: TranspositionTable | None = None
        #: External engines by (command, game): started on first use, kept for the window's life.
        self._engines: dict[tuple[str, str], ExternalEnginePlayer] = {}

    @Slot()
    def close_engines(self) -> None:
        """End every external engine process (the engine thread calls this as it stops)."""
        engines, self._engines = self._engines, {}
        for player in engines.values():
            player.close()

    @Slot(object, object)
    def handle(self, request: EngineRequest, cancel: threading.Event) -> None:
        if cancel.is_set():
            self.cancelled.emit(request.request_id)
            return
        if self._table is None:
            self._table = TranspositionTable()
        try:
            self._handle(request, cancel, self._table)
        except SearchCancelled:
            self.cancelled.emit(request.request_id)
        except Exception as error:  # a bug must reach the window, not kill the thread
            logger.exception("The engine failed on %s", request.board)
            self.failed.emit(request.request_id, summary_of(error))
        settle_loaded()

    @Slot(object, object)
    def handle_game(self, request: GameRequest, cancel: threading.Event) -> None:
        """A position of any game: the player's move where asked, then the analysis."""
        if cancel.is_set():
            self.cancelled.emit(request.request_id)
            return
        state = request.state
        spec = state.spec
        limit = request.limit
        try:
            if request.player is not None and state.to_move is not None:
                rng = request.rng if request.rng is not None else random.Random()
                choice = spec.decide(state, request.player, rng, limit=limit, cancel=cancel)
                if cancel.is_set():
                    raise SearchCancelled
                self.game_move_chosen.emit(
                    GameMove(request.request_id, state, choice.move, choice.nodes, choice.depth)
                )
            analysis = spec.analyse(state, limit=limit, cancel=cancel)
            if cancel.is_set():
                raise SearchCancelled
            settle_loaded()  # before the answer, which the window may act on at once
            self.game_analysed.emit(GameAnswer(request.request_id, state, analysis))
        except SearchCancelled:
            self.cancelled.emit(request.request_id)
        except Exception as error:  # a bug must reach the window, not kill the thread
            logger.exception("The engine failed on %s: %s", spec.id, state.position_text())
            self.failed.emit(request.request_id, summary_of(error))
        settle_loaded()

    def _handle(
        self, request: EngineRequest, cancel: threading.Event, table: TranspositionTable
    ) -> None:
        board = request.board
        last_report = time.monotonic()

        def report(progress: SearchProgress, *, own: bool = False) -> None:
            nonlocal last_report
            if progress.depth:
                # A persona's search is its own (Cop's evaluation is not the analysis's):
                # what it finds speaks in its thinking line, never in the dock's analysis.
                signal = self.persona_searched if own else self.searched
                signal.emit(request.request_id, progress)
            now = time.monotonic()
            if now - last_report >= PROGRESS_INTERVAL:
                last_report = now
                self.progressed.emit(request.request_id, progress.nodes)

        decision: Decision | None = None
        if request.engine_command is not None and not board.is_over:
            from tictactoe_gui.session.external_engine import (
                EngineError,
                ExternalEnginePlayer,
                skipped_words,
            )

            key = (request.engine_command, board.variant.id)
            player = self._engines.get(key)
            if player is None:
                player = self._engines[key] = ExternalEnginePlayer(request.engine_command)
            skipped = player.engine.skipped_count if player.engine is not None else 0
            try:
                decision = player.decide(board, random.Random(request.seed))
            except EngineError as error:
                player.close()
                del self._engines[key]
                self.engine_lost.emit(
                    request.request_id, f"{engine_name(request.engine_command)}: {error.reason}"
                )
                return
            engine = player.engine
            if engine is not None and engine.skipped_count > skipped:
                self.engine_noted.emit(
                    request.request_id,
                    f"{engine_name(request.engine_command)} "
                    + skipped_words(engine.skipped_count - skipped, engine.skipped[-1]),
                )
            if cancel.is_set():
                raise SearchCancelled
            self.move_chosen.emit(MoveChoice(request.request_id, board, decision))
        elif request.persona_key is not None and not board.is_over:
            persona = get_persona(request.persona_key)
            decision = persona.choose_move(
                board,
                random.Random(request.seed),
                table,
                limit=request.limit,
                cancel=cancel,
                progress=lambda progress: report(progress, own=True),
            )
            if cancel.is_set():
                raise SearchCancelled
            self.move_chosen.emit(MoveChoice(request.request_id, board, decision))

        # Each earlier position within a short time of its own: an AI vs AI game leaves one
        # for every move (unlimited, they held up the game's end), and the board's own
        # analysis, which the dock waits for, comes after them (at the board's 30 s each,
        # two earlier positions kept it waiting a minute).
        limit = request.limit or Limit()
        review_time = REVIEW_SECONDS
        if limit.time is not None:
            review_time = min(review_time, limit.time)
        review = tuple(
            analyse(b, Algorithm.TABLE, table=table, cancel=cancel, limit=Limit(time=review_time))
            for b in request.review
        )

        if (
            decision is not None
            and decision.analysis is not None
            and request.algorithm is Algorithm.TABLE
        ):
            analysis = decision.analysis  # the persona already searched this very position
        else:
            analysis = analyse(
                board,
                request.algorithm,
                table=table,
                cancel=cancel,
                progress=report,
                limit=limit,
            )
        if (
            decision is not None
            and decision.proof_line
            and not analysis.exact
            and decision.proof_line[0] == decision.move
        ):
            # The persona proved what the analysis only estimated: the dock says so too.
            analysis = with_proof(analysis, decision.proof_wins, decision.proof_line)
        # Lines after each candidate are read exactly, so only where every result is proven
        # and the board is one the exact search settles whole (its table then holds every
        # line). A proof that settles a bigger board (5×5 and up) gives its own line;
        # reading one after every candidate there took seconds each, long after the 0.05 s
        # asked for.
        proven = analysis.exact and all(c.exact for c in analysis.candidates) and solvable(board)
        continuations = tuple(
            principal_variation(board.play(c.move), table) if proven else ()
            for c in analysis.candidates
        )
        comparison: tuple[Analysis, ...] = ()
        if request.compare and solvable(board):
            # A fresh table, so its node count is what a cold search costs, like the others.
            comparison = (
                analyse(board, Algorithm.TABLE, table=TranspositionTable(), cancel=cancel),
                analyse(board, Algorithm.ALPHABETA, cancel=cancel, progress=report),
                analyse(board, Algorithm.MINIMAX, cancel=cancel, progress=report),
            )
        if cancel.is_set():
            raise SearchCancelled
        settle_loaded()  # before the answer, which the window may act on at once
        self.analysed.emit(
            EngineResult(request.request_id, analysis, continuations, review, comparison)
        )


class EngineService(QObject):
    """The GUI thread's handle on the engine thread: submit, cancel, shut down.

    At most one request is current; submitting a new one cancels the previous
    search, and results of any request but the current one are dropped here,
    so listeners only ever see answers about what is on the board now.
    """

    move_chosen = Signal(object)  # MoveChoice
    analysed = Signal(object)  # EngineResult
    progressed = Signal(int)  # nodes searched so far by the current request
    #: What a search that cannot be exact found after each completed depth (SearchProgress).
    search_info = Signal(object)
    #: The same from the persona choosing a move, about its own search (SearchProgress).
    persona_info = Signal(object)
    #: The external engine to move broke the rules or the protocol (the reason).
    engine_lost = Signal(str)
    #: The external engine to move printed lines that were skipped (what, in one line).
    engine_noted = Signal(str)
    busy_changed = Signal(bool)
    failed = Signal(str)

    _request = Signal(object, object)
    _game_request = Signal(object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._next_id = 0
        self._current_id: int | None = None
        self._cancel: threading.Event | None = None
        self._busy = False
        #: The windows' own clients (:meth:`client`), whose searches stop with the thread.
        self._clients: weakref.WeakSet[EngineClient] = weakref.WeakSet()
        self._thread = QThread(self)
        self._thread.setObjectName("engine")
        self._worker = EngineWorker()
        self._worker.moveToThread(self._thread)
        self._thread.finished.connect(self._worker.deleteLater)
        self._request.connect(self._worker.handle)
        self._game_request.connect(self._worker.handle_game)
        self._worker.move_chosen.connect(self._on_move_chosen)
        self._worker.analysed.connect(self._on_analysed)
        self._worker.progressed.connect(self._on_progressed)
        self._worker.searched.connect(self._on_searched)
        self._worker.persona_searched.connect(self._on_persona_searched)
        self._worker.engine_lost.connect(self._on_engine_lost)
        self._worker.engine_noted.connect(self._on_engine_noted)
        # External engine processes end with the engine thread, in that thread.
        self._thread.finished.connect(
            self._worker.close_engines, Qt.ConnectionType.DirectConnection
        )
        self._worker.cancelled.connect(self._on_cancelled)
        self._worker.failed.connect(self._on_failed)
        self._thread.start()

    # -- asking ----------------------------------------------------------------------------

    def submit(
        self,
        board: Board,
        *,
        algorithm: Algorithm = Algorithm.TABLE,
        persona_key: str | None = None,
        seed: int = 0,
        review: tuple[Board, ...] = (),
        compare: bool = False,
        limit: Limit | None = None,
        engine_command: str | None = None,
    ) -> int:
        """Ask about ``board`` within ``limit`` (None: each search's own measure; its
        ``proof_time``, how long to try to prove a small board's result); cancels whatever
        was asked before. Returns the request id."""
        self.cancel()
        self._current_id = self.next_request_id()
        self._cancel = threading.Event()
        request = EngineRequest(
            self._current_id,
            board,
            algorithm,
            persona_key,
            seed,
            tuple(review),
            compare,
            limit,
            engine_command,
        )
        self._set_busy(True)
        self._request.emit(request, self._cancel)
        return self._current_id

    def client(self, parent: QObject | None = None) -> EngineClient:
        """A new client of this engine thread, for a window of its own (:class:`EngineClient`)."""
        client = EngineClient(self, parent)
        self._clients.add(client)
        return client

    def next_request_id(self) -> int:
        """A request id no other request on this engine thread has."""
        self._next_id += 1
        return self._next_id

    def send_game_request(self, request: GameRequest, cancel: threading.Event) -> None:
        """Queue ``request`` on the engine thread; setting ``cancel`` stops its search."""
        self._game_request.emit(request, cancel)

    @property
    def worker(self) -> EngineWorker:
        return self._worker

    def cancel(self) -> None:
        """Stop the current search (if any); its results will be dropped."""
        if self._cancel is not None:
            self._cancel.set()
        self._cancel = None
        self._current_id = None
        self._set_busy(False)

    def shutdown(self) -> None:
        """Cancel (every client's search too), stop the thread and wait for it: safe to call
        more than once."""
        self.cancel()
        for client in tuple(self._clients):
            client.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait()

    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def current_id(self) -> int | None:
        return self._current_id

    def is_running(self) -> bool:
        return self._thread.isRunning()

    # -- answers -----------------------------------------------------------------------------

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    @Slot(object)
    def _on_move_chosen(self, choice: MoveChoice) -> None:
        if choice.request_id == self._current_id:
            self.move_chosen.emit(choice)

    @Slot(object)
    def _on_analysed(self, result: EngineResult) -> None:
        if result.request_id != self._current_id:
            return
        self._cancel = None
        self._set_busy(False)
        self.analysed.emit(result)

    @Slot(int, int)
    def _on_progressed(self, request_id: int, nodes: int) -> None:
        if request_id == self._current_id:
            self.progressed.emit(nodes)

    @Slot(int, object)
    def _on_searched(self, request_id: int, progress: SearchProgress) -> None:
        if request_id == self._current_id:
            self.search_info.emit(progress)

    @Slot(int, object)
    def _on_persona_searched(self, request_id: int, progress: SearchProgress) -> None:
        if request_id == self._current_id:
            self.persona_info.emit(progress)

    @Slot(int, str)
    def _on_engine_lost(self, request_id: int, reason: str) -> None:
        if request_id == self._current_id:
            self._cancel = None
            self._set_busy(False)
            self.engine_lost.emit(reason)

    @Slot(int, str)
    def _on_engine_noted(self, request_id: int, words: str) -> None:
        if request_id == self._current_id:
            self.engine_noted.emit(words)

    @Slot(int)
    def _on_cancelled(self, request_id: int) -> None:
        if request_id == self._current_id:
            # Nobody here cancelled it (that forgets the request first): a search that
            # gave up by itself. Said as a failure, so that no game waits for it in silence.
            self._current_id = None
            self._set_busy(False)
            self.failed.emit("the search stopped before it answered")

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if request_id == self._current_id:
            self._set_busy(False)
            self.failed.emit(message)


class EngineClient(QObject):
    """One window's handle on the shared engine thread, for any game of the registry.

    It keeps its own current request (a newer one cancels it, and answers to any other
    are dropped), so two windows on one engine thread never cancel each other's work.
    """

    move_chosen = Signal(object)  # GameMove
    analysed = Signal(object)  # GameAnswer
    #: The current request's search failed (one line about the error; it is logged).
    failed = Signal(str)

    def __init__(self, service: EngineService, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._service = service
        self._current_id: int | None = None
        self._cancel: threading.Event | None = None
        worker = service.worker
        worker.game_move_chosen.connect(self._on_move_chosen)
        worker.game_analysed.connect(self._on_analysed)
        worker.cancelled.connect(self._on_cancelled)
        worker.failed.connect(self._on_failed)

    def submit(
        self,
        state: GameState,
        *,
        player: str | None = None,
        rng: random.Random | None = None,
        limit: Limit | None = None,
    ) -> int:
        """Analyse ``state`` (and with ``player``, choose that player's move first) within
        ``limit``; cancels what this client asked before. Returns the request id."""
        self.cancel()
        self._current_id = self._service.next_request_id()
        self._cancel = threading.Event()
        request = GameRequest(self._current_id, state, player, rng, limit)
        self._service.send_game_request(request, self._cancel)
        return self._current_id

    def cancel(self) -> None:
        """Stop this client's search in progress and forget its answers not yet delivered."""
        if self._cancel is not None:
            self._cancel.set()
        self._cancel = None
        self._current_id = None

    @property
    def current_id(self) -> int | None:
        return self._current_id

    @Slot(object)
    def _on_move_chosen(self, choice: GameMove) -> None:
        if choice.request_id == self._current_id:
            self.move_chosen.emit(choice)

    @Slot(object)
    def _on_analysed(self, answer: GameAnswer) -> None:
        if answer.request_id == self._current_id:
            self._cancel = None
            self.analysed.emit(answer)

    @Slot(int)
    def _on_cancelled(self, request_id: int) -> None:
        if request_id == self._current_id:
            # Nobody here cancelled it (that forgets the request first): said as a failure,
            # so that no game waits for it in silence.
            self._current_id = None
            self.failed.emit("the search stopped before it answered")

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if request_id == self._current_id:
            self._current_id = None
            self.failed.emit(message)
