"""The engine thread: answers by signal, stale answers dropped, cancel and shutdown, every
game through the game interface."""

from __future__ import annotations

import gc
import sys
import threading
import types
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.gui.helpers import board, human_vs_ai, play
from tictactoe_gui.engine import Algorithm, Analysis, Board, analyse, k_in_a_row, search
from tictactoe_gui.engine.games import GameAnalysis, GameState
from tictactoe_gui.engine.k_in_a_row import spec_of
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.engine_worker import (
    EngineClient,
    EngineService,
    GameAnswer,
    GameMove,
)
from tictactoe_gui.gui.main_window import MainWindow


@pytest.fixture
def service(qapp: object, no_leaked_threads: None) -> Iterator[EngineService]:
    engine = EngineService()
    yield engine
    engine.shutdown()


@pytest.fixture
def engine(service: EngineService) -> EngineClient:
    """A window's client of the engine thread."""
    return service.client()


def state_of(board: Board) -> GameState:
    """``board`` as a position of the game interface."""
    return spec_of(board.variant).from_position_text(board.to_text())


def own(analysis: GameAnalysis) -> Analysis:
    """k in a row's own analysis behind an answer's (its source)."""
    source = analysis.source
    assert isinstance(source, Analysis)
    return source


def test_a_request_comes_back_with_the_analysis_of_its_board(
    qtbot: QtBot, engine: EngineClient
) -> None:
    board = Board.from_text("X...O....")
    with qtbot.waitSignal(engine.analysed, timeout=5000) as blocker:
        request_id = engine.submit(state_of(board))
    answer = blocker.args[0]
    assert isinstance(answer, GameAnswer)
    assert answer.request_id == request_id
    assert answer.state == state_of(board)
    assert answer.state.marks_board() == board
    assert own(answer.analysis).candidates == analyse(board).candidates
    assert not engine.busy


def test_a_small_board_solved_whole_answers_with_the_line_after_each_move(
    qtbot: QtBot, engine: EngineClient
) -> None:
    """Each candidate's line is the exact search's: played out, it ends as the candidate's
    proven outcome says, in as many moves."""
    board = Board.from_text("X...O....")
    with qtbot.waitSignal(engine.analysed, timeout=5000) as blocker:
        engine.submit(state_of(board))
    answer = blocker.args[0]
    analysis = own(answer.analysis)
    assert [value.move for value in answer.analysis.moves] == [
        board.index(candidate.move) for candidate in analysis.candidates
    ]
    for candidate, value in zip(analysis.candidates, answer.analysis.moves, strict=True):
        line = tuple(board.move_at(move) for move in value.line)
        end = board.play(candidate.move).play_all(line)
        assert end.is_over
        assert len(line) + 1 == candidate.plies_to_end
        winner = end.outcome.winner if end.outcome is not None else None
        expected = {"win": board.to_move, "loss": board.to_move.other, "draw": None}
        assert winner is expected[candidate.outcome.value]


def test_a_persona_move_is_chosen_in_the_engine_thread(qtbot: QtBot, engine: EngineClient) -> None:
    import random

    board = Board.from_text("XX.OO....")
    with qtbot.waitSignal(engine.move_chosen, timeout=5000) as blocker:
        engine.submit(state_of(board), player="cop", rng=random.Random(1))
    choice = blocker.args[0]
    assert isinstance(choice, GameMove)
    assert choice.move == 2  # Cop always takes a win in one


#: Plain minimax of the empty 4×4 board, four in a row: far too long to finish (the 3×3
#: tree takes a few milliseconds compiled), so it is stopped midway.
LONG_SEARCH = state_of(Board.empty(get_variant("4x4k4")))


def test_only_the_latest_request_is_answered(qtbot: QtBot, engine: EngineClient) -> None:
    seen: list[GameAnswer] = []
    engine.analysed.connect(seen.append)
    # Slow; cancelled by the next.
    engine.submit(state_of(Board.empty()), algorithm=Algorithm.MINIMAX.value)
    engine.submit(state_of(Board.from_text("X........")))
    last = engine.submit(state_of(Board.from_text("X...O....")))
    qtbot.waitUntil(lambda: not engine.busy, timeout=5000)
    assert [r.request_id for r in seen] == [last]


def test_cancel_stops_a_long_search_and_drops_its_answer(
    qtbot: QtBot, engine: EngineClient
) -> None:
    seen: list[GameAnswer] = []
    engine.analysed.connect(seen.append)
    with qtbot.waitSignal(engine.progressed, timeout=5000):
        engine.submit(LONG_SEARCH, algorithm=Algorithm.MINIMAX.value)
    engine.cancel()
    assert not engine.busy
    # The worker is free again at once: a new request is answered quickly.
    with qtbot.waitSignal(engine.analysed, timeout=5000):
        engine.submit(state_of(Board.from_text("X........")))
    assert [answer.state for answer in seen] == [state_of(Board.from_text("X........"))]


def test_comparison_runs_all_three_searches(qtbot: QtBot, engine: EngineClient) -> None:
    board = Board.from_text("X...O....")
    with qtbot.waitSignal(engine.analysed, timeout=10000) as blocker:
        engine.submit(state_of(board), compare=True)
    answer = blocker.args[0]
    assert [name for name, _ in answer.comparison] == [
        Algorithm.TABLE,
        Algorithm.ALPHABETA,
        Algorithm.MINIMAX,
    ]
    comparison = [own(found) for _, found in answer.comparison]
    assert [a.algorithm for a in comparison] == [
        Algorithm.TABLE,
        Algorithm.ALPHABETA,
        Algorithm.MINIMAX,
    ]
    assert comparison[2].nodes == analyse(board, Algorithm.MINIMAX).nodes
    assert comparison[0].nodes < comparison[1].nodes < comparison[2].nodes
    assert {a.candidates for a in comparison} == {analyse(board).candidates}


def worker_cancellations(service: EngineService) -> list[int]:
    """Request ids the worker stopped through the cancel flag, recorded in the engine thread."""
    stopped: list[int] = []
    service.worker.cancelled.connect(stopped.append, Qt.ConnectionType.DirectConnection)
    return stopped


def test_a_long_search_reports_its_progress_ten_times_a_second_at_most(
    qtbot: QtBot, service: EngineService, engine: EngineClient
) -> None:
    """Each report wakes the window's thread (the dock's node count and bar): ten a second
    read as live, and twenty kept the window busier while the engine thinks."""
    import time

    reported: list[float] = []
    service.worker.progressed.connect(
        lambda *_: reported.append(time.monotonic()), Qt.ConnectionType.DirectConnection
    )
    engine.submit(LONG_SEARCH, algorithm=Algorithm.MINIMAX.value)
    qtbot.waitUntil(lambda: len(reported) >= 6, timeout=10_000)
    engine.cancel()
    assert (reported[5] - reported[0]) / 5 >= 0.09  # (twenty a second: 0.05)


def test_shutdown_during_a_search_stops_it_rather_than_waiting_for_it(
    qtbot: QtBot, service: EngineService, engine: EngineClient
) -> None:
    # How long a shutdown takes is measured by tests/benchmarks/bench_gui.py.
    stopped = worker_cancellations(service)
    with qtbot.waitSignal(engine.progressed, timeout=5000):
        request_id = engine.submit(LONG_SEARCH, algorithm=Algorithm.MINIMAX.value)
    service.shutdown()
    assert not service.is_running()
    assert stopped == [request_id]  # the search gave up midway, at its next check
    service.shutdown()  # twice is harmless


def test_the_gui_thread_never_searches(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every search of a whole game (analysis, persona moves, review) runs in the engine thread."""
    searching_threads: set[int] = set()
    original_init = search.Searcher.__init__

    def recording_init(self: search.Searcher, *args: Any, **kwargs: Any) -> None:
        searching_threads.add(threading.get_ident())
        original_init(self, *args, **kwargs)

    monkeypatch.setattr(search.Searcher, "__init__", recording_init)
    window.new_game(human_vs_ai("sera"))
    controller = window.controller
    while not board(window).is_over:
        qtbot.waitUntil(lambda: board(window).is_over or controller.is_human_turn(), timeout=5000)
        if not board(window).is_over:
            move = board(window).legal_moves()[-1]
            assert play(window, move.row, move.col)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    assert searching_threads, "no search ran at all"
    assert threading.get_ident() not in searching_threads


def test_the_dock_hears_one_search_while_sera_chooses_on_a_big_board(
    qtbot: QtBot, engine: EngineClient
) -> None:
    """Sera's own search speaks in her thinking line; the dock hears only its analysis,
    depth after depth, ending on the depth and the best move the analysis gives."""
    from tictactoe_gui.engine.variants import get_variant

    board = Board.empty(get_variant("gomoku"))
    for move in ("h8", "h9", "j8"):
        board = board.play(board.parse_move(move))
    dock: list[Any] = []
    own_info: list[Any] = []
    engine.search_info.connect(dock.append)
    engine.player_info.connect(own_info.append)
    with qtbot.waitSignal(engine.analysed, timeout=30000) as blocker:
        engine.submit(state_of(board), player="sera", limit=Limit(time=0.4))
    analysis = own(blocker.args[0].analysis)
    assert own_info, "Sera's search reported nothing"
    depths = [info.depth for info in dock]
    assert depths == list(range(1, len(depths) + 1)), depths
    assert depths[-1] == analysis.depth
    assert dock[-1].best_move == analysis.candidates[0].move


def test_a_win_sera_proves_is_what_the_dock_shows_even_if_its_analysis_missed_it(
    qtbot: QtBot, engine: EngineClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One voice: the dock never estimates a position whose result the persona on move has
    just proven; her proof makes the dock's analysis exact, with her line and her move."""
    from tictactoe_gui.engine import Move
    from tictactoe_gui.engine.estimate import estimate
    from tictactoe_gui.engine.variants import get_variant

    # An analysis that proves nothing (a one-ply estimate), whatever the position.
    monkeypatch.setattr(k_in_a_row, "analyse", lambda board, *_, **__: estimate(board, depth=0))
    board = Board.empty(get_variant("four")).play_all(
        [Move(9, 9), Move(11, 7), Move(9, 10), Move(11, 10)]
    )  # X's open two on an empty stretch: X to move wins in 3
    chosen: list[GameMove] = []
    engine.move_chosen.connect(chosen.append)
    with qtbot.waitSignal(engine.analysed, timeout=30000) as blocker:
        engine.submit(state_of(board), player="sera", limit=Limit(time=2.0))
    (choice,) = chosen
    assert "wins" in choice.news  # a proof is the news said as the move is played
    analysis = own(blocker.args[0].analysis)
    assert analysis.exact
    assert analysis.prediction.winner is board.to_move
    assert analysis.candidates[0].move == board.move_at(choice.move)
    line = analysis.principal_variation
    assert line[0] == board.move_at(choice.move)
    assert analysis.prediction.plies_to_end == len(line)
    assert board.play_all(line).outcome.winner is board.to_move  # the line wins, move by move


def test_earlier_positions_are_reviewed_within_the_time_given(
    qtbot: QtBot, engine: EngineClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An AI vs AI game leaves a position to review at every move: each gets the time
    limit of the request, as the board's own analysis does, so the game's end is not held up."""
    limits: list[float | None] = []

    def recording_analyse(board: Board, *args: Any, **kwargs: Any) -> Any:
        limits.append(kwargs["limit"].time)
        return analyse(board, *args, **kwargs)

    monkeypatch.setattr(k_in_a_row, "analyse", recording_analyse)
    four = Board.empty(get_variant("four"))
    earlier = (four.play(four.parse_move("j10")), four.play(four.parse_move("a1")))
    with qtbot.waitSignal(engine.analysed, timeout=10_000) as blocker:
        engine.submit(
            state_of(earlier[0].play(earlier[0].parse_move("k11"))),
            review=tuple(state_of(board) for board in earlier),
            limit=Limit(time=0.1),
        )
    assert limits == [0.1, 0.1, 0.1]
    reviewed = blocker.args[0].review
    assert [state for state, _ in reviewed] == [state_of(board) for board in earlier]
    assert [own(found).board for _, found in reviewed] == list(earlier)


def test_the_one_limit_asked_for_reaches_the_analysis_whole(
    qtbot: QtBot, engine: EngineClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request's Limit is the engine's own: its time and depth bound the board's analysis
    and its proof time goes to the proof search, as the window asks them in one value."""
    asked: list[Limit] = []

    def recording_analyse(board: Board, *args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["limit"])
        return analyse(board, *args, **kwargs)

    monkeypatch.setattr(k_in_a_row, "analyse", recording_analyse)
    small = Board.from_text("5/1XX2/1OO2/5/5", get_variant("5x5k4"))
    limit = Limit(time=0.5, depth=2, proof_time=0.25)
    with qtbot.waitSignal(engine.analysed, timeout=10_000) as blocker:
        engine.submit(state_of(small), limit=limit)
    assert asked == [limit]
    assert own(blocker.args[0].analysis).exact  # the proof settled it in time


def test_a_search_that_gives_up_by_itself_is_reported_as_a_failure(
    qtbot: QtBot, engine: EngineClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nobody asked it to stop: the window hears a failure rather than waiting for ever."""
    from tictactoe_gui.engine import SearchCancelled

    def gives_up(*_: Any, **__: Any) -> Any:
        raise SearchCancelled

    monkeypatch.setattr(k_in_a_row, "analyse", gives_up)
    with qtbot.waitSignal(engine.failed, timeout=5000) as failed:
        engine.submit(state_of(Board.empty()))
    assert failed.args == ["the search stopped before it answered"]
    assert not engine.busy


@pytest.mark.parametrize(("game", "moves"), [("connect4", "4453"), ("rowcol3", ""), ("4x4k3", "")])
def test_a_client_serves_any_game_through_the_game_interface(
    qtbot: QtBot, service: EngineService, game: str, moves: str
) -> None:
    import random

    from tictactoe_gui.engine.games import find_game

    spec = find_game(game)
    start = spec.new_game(7)
    state = start.play_all(start.read_moves(moves))
    client = service.client()
    player = spec.default_players[1]
    chosen: list[GameMove] = []
    client.move_chosen.connect(chosen.append)
    with qtbot.waitSignal(client.analysed, timeout=20_000) as blocker:
        request_id = client.submit(
            state, player=player, rng=random.Random(3), limit=Limit(time=0.3)
        )
    answer = blocker.args[0]
    assert isinstance(answer, GameAnswer)
    assert (answer.request_id, answer.state) == (request_id, state)
    assert {value.move for value in answer.analysis.moves} == set(state.legal_moves())
    (move,) = chosen  # the player's move came first, from the same generator as a command's
    assert move.move == spec.choose_move(state, player, random.Random(3), limit=Limit(time=0.3))


def test_clients_keep_their_own_requests_and_stop_with_the_thread(
    qtbot: QtBot, service: EngineService
) -> None:
    from tictactoe_gui.engine.games import find_game

    spec = find_game("rowcol6")
    first, second = service.client(), service.client()
    answered: list[object] = []
    second.analysed.connect(answered.append)
    # The first client's search is long (Abacus solving a 6×6 board); a request of the
    # second client neither cancels it nor is lost behind it once it stops.
    first.submit(spec.new_game(1), player="perfect")
    searching = first._cancel
    assert searching is not None
    small = find_game("rowcol3").new_game(2)
    second.submit(small)
    assert not searching.is_set()
    first.cancel()
    assert searching.is_set()
    qtbot.waitUntil(lambda: len(answered) == 1, timeout=10_000)
    first.submit(spec.new_game(1), player="perfect")
    still_searching = first._cancel
    assert still_searching is not None
    service.shutdown()
    assert still_searching.is_set()
    assert not service.is_running()


def test_one_module_makes_the_apps_one_engine_thread() -> None:
    import re
    from pathlib import Path

    import tictactoe_gui

    package = Path(tictactoe_gui.__file__).parent
    makers = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if re.search(r"\bQThread\(", path.read_text(encoding="utf-8"))
    )
    assert makers == ["gui/engine_worker.py"]


def test_a_small_board_proven_by_a_proof_answers_without_every_line(
    qtbot: QtBot, engine: EngineClient
) -> None:
    """On 5×5 Sera settles this position by a proof within the time asked (O must block); a
    line after each proven candidate would be an exact search of its own on a board the
    exact search does not settle whole (seconds apiece, some 40 s for a position whose
    every move is proven), so the answer comes without them: the proof gives its line."""
    board = Board.from_text("5/5/2O2/.O3/2XXX", get_variant("5x5k4"))
    with qtbot.waitSignal(engine.analysed, timeout=30_000) as blocker:
        engine.submit(state_of(board), player="sera", limit=Limit(time=5.0))
    analysis = blocker.args[0].analysis
    assert own(analysis).exact
    assert own(analysis).principal_variation  # the proof's own line
    assert all(value.line == () for value in analysis.moves)


def test_a_search_that_loaded_modules_keeps_them_out_of_full_collections(
    qtbot: QtBot, engine: EngineClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a search loads (a new game's engine) lives as long as the app: frozen, a full
    garbage collection no longer walks it (on the window's time, or holding the GIL)."""
    board = Board.from_text("X...O....")
    with qtbot.waitSignal(engine.analysed, timeout=5000):
        engine.submit(state_of(board))
    frozen = gc.get_freeze_count()
    with qtbot.waitSignal(engine.analysed, timeout=5000):
        engine.submit(state_of(board))
    assert gc.get_freeze_count() <= frozen  # nothing was loaded: nothing more is frozen
    loaded = types.ModuleType("tictactoe_gui_loaded_by_a_search")
    loaded.table = [[cell] for cell in range(100)]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, loaded.__name__, loaded)
    with qtbot.waitSignal(engine.analysed, timeout=5000):
        engine.submit(state_of(board.play(board.legal_moves()[0])))
    assert gc.get_freeze_count() >= frozen + 100
    # Out of every generation a collection walks (frozen objects are in none of them).
    assert not any(tracked is loaded.table for tracked in gc.get_objects())
