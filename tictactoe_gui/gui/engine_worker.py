"""The engine's own thread: every search and every player's move choice runs here.

One :class:`EngineWorker` lives in one ``QThread`` for the life of the window,
and this module is the one place that makes a ``QThread``. Every game of the
registry is served the same way, through the game interface
(:meth:`~tictactoe_gui.engine.games.GameSpec.decide` for a player's move, then
:meth:`~tictactoe_gui.engine.games.GameSpec.analyse` for the analysis, with the study's
extras where asked: another search, earlier positions, a comparison of the searches).
The GUI side asks through its own :class:`EngineClient` (:meth:`EngineService.client`),
which hands out request ids, cancels its search in progress when a newer request
arrives and drops any answer whose id is no longer its current one, so two windows on
one engine thread never cancel each other's work. Only frozen values cross the thread
boundary (requests, analyses, moves, game states); the worker never touches a widget
or the records.
"""

from __future__ import annotations

import random
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from tictactoe_gui.engine.games import GameAnalysis, GameError, GameState, Limit, MoveChoice
from tictactoe_gui.engine.search import SearchCancelled, SearchProgress
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
class GameRequest:
    """What a window wants to know about a position of any game, through the game interface."""

    request_id: int
    state: GameState
    #: Also choose this player's move (its key), with all chance from ``rng``.
    player: str | None = None
    rng: random.Random | None = field(default=None, compare=False)
    #: The limit of the analysis and the player's search, where the game's searches take one
    #: (its ``proof_time``: how long to try to prove a small board's result).
    limit: Limit | None = None
    #: Also ask this external engine (a command) for its move, instead of a player of the
    #: game's own (a game whose players may be Gomocup engines).
    engine_command: str | None = None
    #: The analysis's search, one of the game's ``algorithms`` (None: its default).
    algorithm: str | None = None
    #: Earlier positions to analyse as well, briefly each (for the coach's verdicts).
    review: tuple[GameState, ...] = ()
    #: Also analyse the position with each of the game's searches from a cold start, so
    #: that what each costs can be compared.
    compare: bool = False


@dataclass(frozen=True, slots=True)
class GameMove:
    """A player's move in ``state``, as :meth:`GameSpec.decide` chose it (or an external
    engine), and what choosing it cost (the nodes searched and the deepest ply, 0 where the
    player does not say)."""

    request_id: int
    state: GameState
    move: int
    nodes: int = 0
    depth: int = 0
    #: What the player found that is news ("O wins by force in 5"), else empty.
    news: str = ""
    #: The analysis of ``state`` the player made on the way, where it made one.
    analysis: GameAnalysis | None = None


@dataclass(frozen=True, slots=True)
class GameAnswer:
    """The analysis of ``state`` (proven where the game's engine can, else an estimate)."""

    request_id: int
    state: GameState
    analysis: GameAnalysis
    #: The earlier positions asked about, each with its analysis.
    review: tuple[tuple[GameState, GameAnalysis], ...] = ()
    #: Each of the game's searches by name with its analysis, when a comparison was asked.
    comparison: tuple[tuple[str, GameAnalysis], ...] = ()


class EngineWorker(QObject):
    """Runs requests one after another in the engine thread."""

    #: Answers to :class:`GameRequest`: a player's move (GameMove), then the analysis
    #: (GameAnswer).
    game_move_chosen = Signal(object)
    game_analysed = Signal(object)
    progressed = Signal(int, int)  # request id, nodes so far
    searched = Signal(int, object)  # request id, SearchProgress after a completed depth
    #: The same from a player's own search for its move (its thinking line, not the dock's).
    player_searched = Signal(int, object)
    #: An external engine broke the rules or the protocol: request id, the reason in one line.
    engine_lost = Signal(int, str)
    #: An external engine printed lines that were skipped: request id, what it printed.
    engine_noted = Signal(int, str)
    cancelled = Signal(int)
    failed = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        #: External engines by (command, game): started on first use, kept for the window's life.
        self._engines: dict[tuple[str, str], ExternalEnginePlayer] = {}

    @Slot()
    def close_engines(self) -> None:
        """End every external engine process (the engine thread calls this as it stops)."""
        engines, self._engines = self._engines, {}
        for player in engines.values():
            player.close()

    @Slot(object, object)
    def handle_game(self, request: GameRequest, cancel: threading.Event) -> None:
        """A position of any game: the player's move where asked, then the analysis."""
        if cancel.is_set():
            self.cancelled.emit(request.request_id)
            return
        state = request.state
        try:
            self._handle(request, cancel)
        except SearchCancelled:
            self.cancelled.emit(request.request_id)
        except Exception as error:  # a bug must reach the window, not kill the thread
            logger.exception("The engine failed on %s: %s", state.spec.id, state.position_text())
            self.failed.emit(request.request_id, summary_of(error))
        settle_loaded()

    def _handle(self, request: GameRequest, cancel: threading.Event) -> None:
        state = request.state
        spec = state.spec
        limit = request.limit
        request_id = request.request_id
        last_report = time.monotonic()

        def report(progress: SearchProgress, *, own: bool = False) -> None:
            nonlocal last_report
            if progress.depth:
                # A player's search is its own (Cop's evaluation is not the analysis's):
                # what it finds speaks in its thinking line, never in the dock's analysis.
                signal = self.player_searched if own else self.searched
                signal.emit(request_id, progress)
            now = time.monotonic()
            if now - last_report >= PROGRESS_INTERVAL:
                last_report = now
                self.progressed.emit(request_id, progress.nodes)

        choice: MoveChoice | None = None
        if state.to_move is not None and request.engine_command is not None:
            choice = self._engine_move(request)
            if choice is None:
                return  # the engine lost the game (said through engine_lost)
        elif state.to_move is not None and request.player is not None:
            rng = request.rng if request.rng is not None else random.Random()
            choice = spec.decide(
                state,
                request.player,
                rng,
                limit=limit,
                cancel=cancel,
                progress=lambda progress: report(progress, own=True),
            )
        if choice is not None:
            if cancel.is_set():
                raise SearchCancelled
            self.game_move_chosen.emit(
                GameMove(
                    request_id,
                    state,
                    choice.move,
                    choice.nodes,
                    choice.depth,
                    choice.news,
                    choice.analysis,
                )
            )

        # Each earlier position within a short time of its own: an AI vs AI game leaves one
        # for every move (unlimited, they held up the game's end), and the board's own
        # analysis, which the dock waits for, comes after them (at the board's 30 s each,
        # two earlier positions kept it waiting a minute).
        review_time = REVIEW_SECONDS
        if limit is not None and limit.time is not None:
            review_time = min(review_time, limit.time)
        review = tuple(
            (earlier, earlier.spec.analyse(earlier, limit=Limit(time=review_time), cancel=cancel))
            for earlier in request.review
        )
        if choice is not None and choice.analysis is not None and request.algorithm is None:
            analysis = choice.analysis  # the player already searched this very position
        else:
            analysis = spec.analyse(
                state, limit=limit, cancel=cancel, algorithm=request.algorithm, progress=report
            )
        if choice is not None:
            analysis = spec.merge_choice(analysis, choice)
        comparison: tuple[tuple[str, GameAnalysis], ...] = ()
        if request.compare:
            comparison = spec.compare_algorithms(state, cancel=cancel, progress=report)
        if cancel.is_set():
            raise SearchCancelled
        settle_loaded()  # before the answer, which the window may act on at once
        self.game_analysed.emit(GameAnswer(request_id, state, analysis, review, comparison))

    def _engine_move(self, request: GameRequest) -> MoveChoice | None:
        """The external engine's move in the request's position; None when it broke the
        rules or the protocol (it loses the game: said through :attr:`engine_lost`)."""
        from tictactoe_gui.session.external_engine import (
            EngineError,
            ExternalEnginePlayer,
            skipped_words,
        )

        command = request.engine_command
        assert command is not None
        board = request.state.marks_board()
        if board is None:
            raise GameError(f"{request.state.spec.name} is not played by Gomocup engines")
        key = (command, board.variant.id)
        player = self._engines.get(key)
        if player is None:
            player = self._engines[key] = ExternalEnginePlayer(command)
        skipped = player.engine.skipped_count if player.engine is not None else 0
        try:
            decision = player.decide(board, random.Random())
        except EngineError as error:
            player.close()
            del self._engines[key]
            self.engine_lost.emit(request.request_id, f"{engine_name(command)}: {error.reason}")
            return None
        engine = player.engine
        if engine is not None and engine.skipped_count > skipped:
            self.engine_noted.emit(
                request.request_id,
                f"{engine_name(command)} "
                + skipped_words(engine.skipped_count - skipped, engine.skipped[-1]),
            )
        return MoveChoice(board.index(decision.move))


class EngineService(QObject):
    """The GUI thread's handle on the engine thread: its clients, and its end.

    Every window or dialog asks through its own :class:`EngineClient` (:meth:`client`),
    which keeps its own current request; the service starts the one thread, hands out
    request ids and stops the thread (with every client's search) at the end.
    """

    _game_request = Signal(object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._next_id = 0
        #: The clients (:meth:`client`), whose searches stop with the thread.
        self._clients: weakref.WeakSet[EngineClient] = weakref.WeakSet()
        self._thread = QThread(self)
        self._thread.setObjectName("engine")
        self._worker = EngineWorker()
        self._worker.moveToThread(self._thread)
        self._thread.finished.connect(self._worker.deleteLater)
        self._game_request.connect(self._worker.handle_game)
        # External engine processes end with the engine thread, in that thread.
        self._thread.finished.connect(
            self._worker.close_engines, Qt.ConnectionType.DirectConnection
        )
        self._thread.start()

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

    def shutdown(self) -> None:
        """Cancel every client's search, stop the thread and wait for it: safe to call more
        than once."""
        for client in tuple(self._clients):
            client.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait()

    def is_running(self) -> bool:
        return self._thread.isRunning()


class EngineClient(QObject):
    """One window's handle on the shared engine thread, for any game of the registry.

    It keeps its own current request (a newer one cancels it, and answers to any other
    are dropped), so two windows on one engine thread never cancel each other's work, and
    listeners only ever hear about what they asked last.
    """

    move_chosen = Signal(object)  # GameMove
    analysed = Signal(object)  # GameAnswer
    progressed = Signal(int)  # nodes searched so far by the current request
    #: What the analysis's search found after each completed depth (SearchProgress).
    search_info = Signal(object)
    #: The same from the player choosing a move, about its own search (SearchProgress).
    player_info = Signal(object)
    #: The external engine to move broke the rules or the protocol (the reason).
    engine_lost = Signal(str)
    #: The external engine to move printed lines that were skipped (what, in one line).
    engine_noted = Signal(str)
    busy_changed = Signal(bool)
    #: The current request's search failed (one line about the error; it is logged).
    failed = Signal(str)

    def __init__(self, service: EngineService, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._service = service
        self._current_id: int | None = None
        self._cancel: threading.Event | None = None
        self._busy = False
        worker = service.worker
        worker.game_move_chosen.connect(self._on_move_chosen)
        worker.game_analysed.connect(self._on_analysed)
        worker.progressed.connect(self._on_progressed)
        worker.searched.connect(self._on_searched)
        worker.player_searched.connect(self._on_player_searched)
        worker.engine_lost.connect(self._on_engine_lost)
        worker.engine_noted.connect(self._on_engine_noted)
        worker.cancelled.connect(self._on_cancelled)
        worker.failed.connect(self._on_failed)

    def submit(
        self,
        state: GameState,
        *,
        player: str | None = None,
        rng: random.Random | None = None,
        limit: Limit | None = None,
        engine_command: str | None = None,
        algorithm: str | None = None,
        review: tuple[GameState, ...] = (),
        compare: bool = False,
    ) -> int:
        """Analyse ``state`` (and with ``player`` or ``engine_command``, choose that player's
        move first) within ``limit`` (see :class:`GameRequest` for the rest); cancels what
        this client asked before. Returns the request id."""
        self.cancel()
        self._current_id = self._service.next_request_id()
        self._cancel = threading.Event()
        request = GameRequest(
            self._current_id,
            state,
            player,
            rng,
            limit,
            engine_command,
            algorithm,
            tuple(review),
            compare,
        )
        self._set_busy(True)
        self._service.send_game_request(request, self._cancel)
        return self._current_id

    def cancel(self) -> None:
        """Stop this client's search in progress and forget its answers not yet delivered."""
        if self._cancel is not None:
            self._cancel.set()
        self._cancel = None
        self._current_id = None
        self._set_busy(False)

    @property
    def current_id(self) -> int | None:
        return self._current_id

    @property
    def busy(self) -> bool:
        """Whether this client waits for an answer."""
        return self._busy

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    def _done(self) -> None:
        self._cancel = None
        self._set_busy(False)

    @Slot(object)
    def _on_move_chosen(self, choice: GameMove) -> None:
        if choice.request_id == self._current_id:
            self.move_chosen.emit(choice)

    @Slot(object)
    def _on_analysed(self, answer: GameAnswer) -> None:
        if answer.request_id == self._current_id:
            self._done()
            self.analysed.emit(answer)

    @Slot(int, int)
    def _on_progressed(self, request_id: int, nodes: int) -> None:
        if request_id == self._current_id:
            self.progressed.emit(nodes)

    @Slot(int, object)
    def _on_searched(self, request_id: int, progress: SearchProgress) -> None:
        if request_id == self._current_id:
            self.search_info.emit(progress)

    @Slot(int, object)
    def _on_player_searched(self, request_id: int, progress: SearchProgress) -> None:
        if request_id == self._current_id:
            self.player_info.emit(progress)

    @Slot(int, str)
    def _on_engine_lost(self, request_id: int, reason: str) -> None:
        if request_id == self._current_id:
            self._done()
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
            self._done()
            self.failed.emit("the search stopped before it answered")

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if request_id == self._current_id:
            self._current_id = None
            self._done()
            self.failed.emit(message)
