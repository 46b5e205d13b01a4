"""GUI responsiveness while the engine thread thinks on a big board.

Run with ``python -m tests.benchmarks.bench_gui`` (or ``make bench``); ``--window`` prints
the window's figures alone, ``--runs N`` measures the window N times (default 3). Not
part of the test suite: it prints figures, it does not assert them.

**The window as a person runs it**: the main window shown with its analysis dock open, a
20×20 game of four in a row against Sera, at the switch interval the app sets. Each turn
is a new game: the person plays a first move, Sera thinks for her 2 seconds and answers,
and the dock analyses the new position for its 2 seconds, updating with every depth: her
search and the dock's analysis both on the one engine thread (the compiled search, which
releases the GIL), her move landing on the board, the move list and the dock meanwhile.
(Openings, since a few moves further four in a row is sharp: a proven win ends the
searches in milliseconds and the game in a few moves, and there would be nothing left to
measure.) A turn the engine fails, or does not finish in time, stops the benchmark with
the reason. A 1 ms precise QTimer ticks on the window's thread; the worst gap between
two ticks and the 99th percentile of the gaps say how long the window could not react
(targets: worst ≤ 16 ms, 99th percentile ≤ 8 ms). Each run is measured beside the same
timer with nothing to do (the machine's own load), and the figures are the median of the
runs. On Linux it also says where the window's thread spent its gaps over 5 ms, from the
thread's own scheduler counters read at every tick: waiting on the run queue (ready, the
CPUs busy), its own work, or asleep (waiting for the GIL). Offscreen by default;
``QT_QPA_PLATFORM=xcb`` under Xvfb measures an X window.

The engine alone, for comparison: the same timer while the engine thread analyses a
20×20 game for 2 seconds, with no window, at the app's switch interval
(``tictactoe_gui.gui.app.GIL_SWITCH_INTERVAL_S``) and at Python's default of 5 ms.

It also times what the test suite only checks in kind: how long stopping the engine
thread takes while it analyses a 20×20 game (target: well under 0.5 s), and how long
a persona's visible think lasts next to what it is set to.

And the board view: one repaint of a full 20×20 board (400 stones, move numbers, the
last move) and of a 20×20 game in progress with every overlay on (heat-map, a previewed
line, a hint, the hover ghost), next to the 3×3 board measured in the same run. Target:
at most 4 ms per 20×20 repaint. It also times what the accessible cells cost (one
invisible widget per cell): building them when a 20×20 game opens and renaming them
after a move.
"""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from tictactoe_gui.engine import Board, Move, analyse
from tictactoe_gui.engine.k_in_a_row import spec_of
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.variants import FOUR
from tictactoe_gui.gui.app import GIL_SWITCH_INTERVAL_S
from tictactoe_gui.gui.engine_worker import EngineClient, EngineService

RUNS = 5
TARGET_MS = 16.0
P99_TARGET_MS = 8.0
TICK_MS = 1
REPAINTS = 200
#: A 20×20 game of four in a row after its first move, which the engine analyses for the
#: whole time it is given (a few moves further a proof of a win ends the search early).
BIG_POSITION = Board.empty(FOUR).play(Move(9, 9))
BIG_STATE = spec_of(FOUR).from_position_text(BIG_POSITION.to_text())
REPAINT_TARGET_MS = 4.0
#: Seconds the dock's analysis and Sera's search each take on the big board.
THINK_SECONDS = 2.0


#: Linux's scheduler counters for the calling thread: nanoseconds on a CPU, nanoseconds
#: ready but waiting for one (the run queue), time slices.
SCHEDSTAT = Path("/proc/thread-self/schedstat")
#: Gaps longer than this (ms) are broken down into where the window's thread spent them.
BREAKDOWN_OVER_MS = 5.0


def ticking(ticks: list[float], scheduled: list[tuple[float, float]] | None = None) -> QTimer:
    """A precise timer on this thread that records when each of its 1 ms ticks came, and
    with ``scheduled`` (on Linux) the thread's CPU time and run-queue wait then (ms)."""
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(TICK_MS)
    if scheduled is not None and SCHEDSTAT.exists():
        counters = os.open(SCHEDSTAT, os.O_RDONLY)

        def tick() -> None:
            ticks.append(time.perf_counter())
            on_cpu, queued = os.pread(counters, 100, 0).split()[:2]
            scheduled.append((int(on_cpu) / 1e6, int(queued) / 1e6))

        timer.timeout.connect(tick)
        timer.destroyed.connect(lambda: os.close(counters))
    else:
        timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    return timer


def breakdown(ticks: list[float], scheduled: list[tuple[float, float]]) -> tuple[float, ...]:
    """For the gaps over :data:`BREAKDOWN_OVER_MS`: (their total in ms, the thread's CPU
    time in them, its time waiting on the run queue); the rest it was asleep, which with a
    timer due is waiting for the GIL."""
    total = cpu = queued = 0.0
    for (a, b), (cpu_a, queued_a), (cpu_b, queued_b) in zip(
        itertools.pairwise(ticks), scheduled, scheduled[1:], strict=False
    ):
        if (b - a) * 1000 > BREAKDOWN_OVER_MS:
            total += (b - a) * 1000
            cpu += cpu_b - cpu_a
            queued += queued_b - queued_a
    return total, cpu, queued


def gaps_ms(ticks: list[float]) -> list[float]:
    return [(b - a) * 1000 for a, b in itertools.pairwise(ticks)]


def p99(gaps: list[float]) -> float:
    ordered = sorted(gaps)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def engine_alone_gaps(app: QApplication, engine: EngineClient) -> list[float]:
    """The timer's gaps (ms) while the engine thread analyses a 20×20 game for 2 s, no window."""
    ticks: list[float] = []
    timer = ticking(ticks)
    loop = QEventLoop()
    engine.analysed.connect(loop.quit)
    timer.start()
    engine.submit(BIG_STATE, limit=Limit(time=THINK_SECONDS))
    loop.exec()
    timer.stop()
    engine.analysed.disconnect(loop.quit)
    return gaps_ms(ticks)


def engine_alone(app: QApplication, interval: float, runs: int = 3) -> list[list[float]]:
    previous = sys.getswitchinterval()
    sys.setswitchinterval(interval)
    engine = EngineService()
    client = engine.client()
    try:
        client.submit(BIG_STATE, limit=Limit(time=0.2))  # warm up: imports, thread start, caches
        loop = QEventLoop()
        client.analysed.connect(loop.quit)
        loop.exec()
        client.analysed.disconnect(loop.quit)
        return [engine_alone_gaps(app, client) for _ in range(runs)]
    finally:
        engine.shutdown()
        sys.setswitchinterval(previous)


def stop_during_search_ms(app: QApplication) -> float:
    """How long ``EngineService.shutdown`` takes while the engine analyses a 20×20 game."""
    engine = EngineService()
    client = engine.client()
    loop = QEventLoop()
    client.progressed.connect(loop.quit)
    client.submit(BIG_STATE, limit=Limit(time=30.0))
    loop.exec()  # the search is under way
    started = time.perf_counter()
    engine.shutdown()
    return (time.perf_counter() - started) * 1000


def think_ms(app: QApplication, settings: QSettings, think: int, big: bool = False) -> float:
    """Click to reply in Human vs AI with the think set to ``think`` ms (with ``big``: Sera
    on a fresh 20×20 board)."""
    from dataclasses import replace

    from tests.gui.helpers import human_vs_ai
    from tictactoe_gui.gui.main_window import MainWindow

    window = MainWindow(settings)
    if big:
        window.new_game(replace(human_vs_ai("sera"), start=Board.empty(FOUR)))
    else:
        window.new_game(human_vs_ai("cop"))
    window.controller.set_think_ms(think)
    loop = QEventLoop()
    window.controller.position_changed.connect(
        lambda *_: loop.quit() if len(window.controller.state.moves) == 2 else None
    )
    started = time.perf_counter()
    window.controller.cell_activated(*((10, 10) if big else (1, 1)))
    loop.exec()
    elapsed = (time.perf_counter() - started) * 1000
    window.close()
    return elapsed


#: Turns measured in the window (a move by the person, Sera's answer, the dock's analysis).
WINDOW_TURNS = 3
#: The person's first move on the empty 20×20 board, a new game each turn: a different
#: cell each time, so that no table answers a turn from an earlier one. After one or two
#: stones neither side has a win a 2-second search can see, so Sera and the dock each
#: think for their whole time; a few moves further four in a row is sharp (the middle
#: games above: the threat search proves a win there in milliseconds and the game ends).
#: The first turn warms up and is not counted.
FIRST_MOVES = (Move(9, 9), Move(8, 10), Move(11, 7), Move(6, 6), Move(12, 12), Move(5, 9))
#: A turn whose searches have not both answered by then has failed (seconds).
TURN_DEADLINE_S = 20 * THINK_SECONDS


class BenchError(Exception):
    """The window did not play the turn it was asked to (the reason is the message)."""


def window_gaps_against_sera(
    app: QApplication,
    settings: QSettings,
    turns: int = WINDOW_TURNS,
    spent: list[tuple[float, ...]] | None = None,
    lasted: list[float] | None = None,
    busy: list[float] | None = None,
) -> list[float]:
    """The gaps (ms) between a 1 ms timer's ticks on the real window's thread through
    ``turns`` turns of a 20×20 game against Sera, at the app's own switch interval.

    The whole app as a person runs it: the main window shown, the analysis dock open and
    updating with every depth. Each turn opens a new game on the empty board, waits for
    the dock's analysis of it, and then is measured: the person plays a first move (one of
    :data:`FIRST_MOVES`), Sera searches for her 2 seconds on the engine thread and
    answers, and the dock analyses her move for its 2 seconds. The first turn warms up
    (imports, caches) and is not counted. With ``spent``, each counted turn's :func:`breakdown` of
    its long gaps is added to it (on Linux); with ``lasted``, how long it lasted (s); with
    ``busy``, the window thread's CPU time in it per second (ms, on Linux).
    """
    from dataclasses import replace

    from tests.gui.helpers import human_vs_ai
    from tictactoe_gui.gui.main_window import MainWindow

    previous = sys.getswitchinterval()
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    window = MainWindow(settings)
    window.resize(1200, 850)
    window.show()
    window.analysis_dock.show()
    controller = window.controller
    controller.set_time_limit(THINK_SECONDS)
    failures: list[str] = []
    controller.engine.failed.connect(failures.append)
    gaps: list[float] = []

    def wait_until(done: Callable[[], bool], what: str) -> None:
        """Run the window's event loop until ``done()``; a failure or the deadline ends it."""
        loop = QEventLoop()
        check = QTimer()
        check.setInterval(5)
        check.timeout.connect(lambda: loop.quit() if done() or failures else None)
        QTimer.singleShot(int(TURN_DEADLINE_S * 1000), lambda: loop.exit(1))
        check.start()
        timed_out = loop.exec()
        check.stop()
        if failures or timed_out:
            reason = failures[0] if failures else f"no answer in {TURN_DEADLINE_S:g} s"
            raise BenchError(f"{what}: {reason}")

    def analysed() -> bool:
        return not controller.engine.busy and (controller.is_over or controller.answer is not None)

    try:
        for turn, move in enumerate(FIRST_MOVES[: turns + 1]):
            window.new_game(replace(human_vs_ai("sera"), start=Board.empty(FOUR)))
            wait_until(analysed, "the dock's analysis of the empty board")
            ply = len(controller.state.moves)
            ticks: list[float] = []
            scheduled: list[tuple[float, float]] = []
            timer = ticking(ticks, scheduled)
            timer.start()
            began = time.perf_counter()
            controller.cell_activated(move.row, move.col)
            wait_until(
                lambda ply=ply: len(controller.state.moves) >= ply + 2 and analysed(),
                "Sera's answer and the dock's analysis of it",
            )
            timer.stop()
            if turn:
                gaps.extend(gaps_ms(ticks))
                if lasted is not None:
                    lasted.append(time.perf_counter() - began)
                if busy is not None and len(scheduled) > 1:
                    busy.append((scheduled[-1][0] - scheduled[0][0]) / (ticks[-1] - ticks[0]))
                if spent is not None and scheduled:
                    spent.append(breakdown(ticks, scheduled))
    finally:
        window.close()
        sys.setswitchinterval(previous)
    return gaps


def full_four_board() -> tuple[Board, list[Move]]:
    """A full 20×20 board with no four in a row (a draw), and an order its moves came in.

    X where ``(col + 2 * row) % 4 < 2``: runs of two along rows, columns and diagonals.
    """
    xs = [Move(r, c) for r in range(20) for c in range(20) if (c + 2 * r) % 4 < 2]
    os_ = [Move(r, c) for r in range(20) for c in range(20) if (c + 2 * r) % 4 >= 2]
    order = [move for pair in zip(xs, os_, strict=True) for move in pair]
    return Board.empty(FOUR).play_all(order), order


def repaint_ms(app: QApplication, view: object) -> float:
    """Median time of one synchronous repaint of ``view``, in ms."""
    from tictactoe_gui.gui.board_view import BoardView

    assert isinstance(view, BoardView)
    times = []
    for _ in range(REPAINTS):
        started = time.perf_counter()
        view.repaint()
        times.append(time.perf_counter() - started)
    app.processEvents()
    return statistics.median(times) * 1000


def board_view_figures(app: QApplication) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QMouseEvent

    from tictactoe_gui.gui.board_view import BoardView

    view = BoardView()
    view.set_animations_enabled(False)
    view.resize(720, 720)
    view.show()
    app.processEvents()
    small = Board.from_text("XOX.O.X..")
    view.set_board(small, Move(2, 0))
    baseline = repaint_ms(app, view)

    empty_four = Board.empty(FOUR)  # the board's geometry is built once per size, not timed here
    started = time.perf_counter()
    view.set_board(empty_four)
    build_ms = (time.perf_counter() - started) * 1000
    full, order = full_four_board()
    view.set_board(full, order[-1])
    view.set_move_order(order)
    view.set_move_numbers(True)
    full_ms = repaint_ms(app, view)
    before_last = Board.empty(FOUR).play_all(order[:-1])
    after_move, after_undo = [], []
    for _ in range(REPAINTS // 8):
        for board, last, times in (
            (full, order[-1], after_move),
            (before_last, order[-2], after_undo),
        ):
            view.set_board(board, last)
            started = time.perf_counter()
            view.repaint()
            times.append(time.perf_counter() - started)
    after_move_ms = statistics.median(after_move) * 1000
    after_undo_ms = statistics.median(after_undo) * 1000
    view.set_board(full, order[-1])
    view.set_move_numbers(False)
    full_plain_ms = repaint_ms(app, view)

    game = Board.empty(FOUR)
    moves = [Move(9 + (i % 5) - (i // 7), 8 + (i * 3) % 7) for i in range(24)]
    played = []
    for move in moves:
        if game.is_legal(move):
            game = game.play(move)
            played.append(move)
    view.set_board(Board.empty(FOUR))
    view.set_board(game, played[-1])
    next_move = next(m for m in game.legal_moves() if m not in played)
    started = time.perf_counter()
    view.set_board(game.play(next_move), next_move)
    rename_ms = (time.perf_counter() - started) * 1000
    view.set_board(game, played[-1])
    view.set_move_order(played)
    view.set_move_numbers(True)
    analysis = analyse(game)
    view.set_heat_map(analysis)
    view.set_preview(game, analysis.principal_variation[:6] or (analysis.candidates[0].move,))
    view.set_hints([analysis.candidates[0].move])
    hover = view.cell_rect(game.legal_moves()[0]).center()
    app.sendEvent(
        view,
        QMouseEvent(
            QMouseEvent.Type.MouseMove,
            hover,
            view.mapToGlobal(QPoint(int(hover.x()), int(hover.y()))).toPointF(),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
        ),
    )
    overlays_ms = repaint_ms(app, view)
    view.close()
    print(f"Board view at 720×720, median of {REPAINTS} repaints each:")
    print(f"  3×3, five marks (baseline)            {baseline:6.2f} ms  1.0×")
    for label, value in (
        ("20×20 full, 400 stones + move numbers", full_ms),
        ("  the same, first repaint after a move", after_move_ms),
        ("  the same, first repaint after an undo", after_undo_ms),
        ("20×20 full, 400 stones               ", full_plain_ms),
        ("20×20 game, every overlay on         ", overlays_ms),
    ):
        print(f"  {label}  {value:6.2f} ms  {value / baseline:.1f}×")
    print(f"Target: at most {REPAINT_TARGET_MS:g} ms per 20×20 repaint.")
    print(
        f"Accessible cells: building 400 when a 20×20 game opens {build_ms:.1f} ms;"
        f" renaming after a move {rename_ms:.2f} ms"
    )


def idle_gaps(seconds: float, busy: list[float] | None = None) -> list[float]:
    """The same 1 ms timer's gaps (ms) with nothing else to do: what the machine's own load
    costs, to read the window's figures against. With ``busy``, the thread's CPU time per
    second (ms, on Linux: the timer's own ticks) is added to it."""
    ticks: list[float] = []
    scheduled: list[tuple[float, float]] = []
    timer = ticking(ticks, scheduled)
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    timer.start()
    loop.exec()
    timer.stop()
    if busy is not None and len(scheduled) > 1:
        busy.append((scheduled[-1][0] - scheduled[0][0]) / (ticks[-1] - ticks[0]))
    return gaps_ms(ticks)


def window_figures(app: QApplication, runs: int) -> None:
    print(
        f"The real window on 20×20 against Sera, the dock updating ({WINDOW_TURNS} turns of"
        f" her {THINK_SECONDS:g} s search and the dock's {THINK_SECONDS:g} s analysis, each"
        f" after a first move), switch interval {GIL_SWITCH_INTERVAL_S * 1000:g} ms (the"
        f" app's), a {TICK_MS} ms timer; beside it the same timer with nothing to do for 3 s:"
    )
    rows: list[tuple[float, float, float, float]] = []
    spent: list[tuple[float, ...]] = []
    lasted: list[float] = []
    busy: list[float] = []
    idle_busy: list[float] = []
    for run in range(runs):
        idle = idle_gaps(3.0, idle_busy)
        with tempfile.TemporaryDirectory() as folder:
            settings = QSettings(str(Path(folder) / "window.ini"), QSettings.Format.IniFormat)
            window = window_gaps_against_sera(app, settings, spent=spent, lasted=lasted, busy=busy)
        rows.append((max(window), p99(window), max(idle), p99(idle)))
        print(
            f"  run {run + 1}: window worst {max(window):6.1f} ms, 99th percentile"
            f" {p99(window):5.1f} ms, median {statistics.median(window):4.1f} ms | idle worst"
            f" {max(idle):5.1f} ms, 99th percentile {p99(idle):4.1f} ms"
            f" | load average {os.getloadavg()[0]:.1f}"
        )
    medians = [statistics.median(column) for column in zip(*rows, strict=True)]
    print(
        f"  median of {runs} runs: window worst {medians[0]:.1f} ms, 99th percentile"
        f" {medians[1]:.1f} ms | idle worst {medians[2]:.1f} ms, 99th percentile"
        f" {medians[3]:.1f} ms (targets for the window: worst ≤ {TARGET_MS:g} ms,"
        f" 99th percentile ≤ {P99_TARGET_MS:g} ms)"
    )
    print(
        f"  each counted turn, the person's move to the dock's analysis of Sera's answer,"
        f" lasted {min(lasted):.1f}-{max(lasted):.1f} s (both searches took their time)"
    )
    if busy and idle_busy:
        print(
            f"  the window's thread was on a CPU {statistics.median(busy):.0f} ms a second of"
            f" the turns (median; {min(busy):.0f}-{max(busy):.0f}), the idle timer's"
            f" {statistics.median(idle_busy):.0f} ms (its ticks alone): the window's own work"
            " is the difference"
        )
    if spent:
        total, cpu, queued = (sum(column) for column in zip(*spent, strict=True))
        if total:
            print(
                f"  the window's gaps over {BREAKDOWN_OVER_MS:g} ms ({total:.0f} ms in all):"
                f" waiting on the run queue {100 * queued / total:.0f} %, its own work"
                f" {100 * cpu / total:.0f} %, asleep (waiting for the GIL)"
                f" {100 * (total - cpu - queued) / total:.0f} %"
            )


def main() -> None:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    arguments = sys.argv[1:]
    runs = int(arguments[arguments.index("--runs") + 1]) if "--runs" in arguments else 3
    if "--window" in arguments:  # the window's figures alone
        window_figures(app, runs)
        return
    board_view_figures(app)
    print(
        f"The engine alone: a {TICK_MS} ms GUI timer while the engine thread analyses a 20×20"
        f" game for {THINK_SECONDS:g} s, no window (three runs)"
    )
    print(f"{'GIL switch interval':>22}  {'worst gap: max':>14}  {'median':>7}  {'99th pct':>8}")
    for label, interval in (
        (f"{GIL_SWITCH_INTERVAL_S * 1000:g} ms (app)", GIL_SWITCH_INTERVAL_S),
        ("5 ms (Python default)", 0.005),
    ):
        gaps = engine_alone(app, interval)
        print(
            f"{label:>22}  {max(max(g) for g in gaps):>11.1f} ms"
            f"  {statistics.median(max(g) for g in gaps):>4.1f} ms"
            f"  {statistics.median(p99(g) for g in gaps):>5.1f} ms"
        )
    window_figures(app, runs)
    stops = [stop_during_search_ms(app) for _ in range(RUNS)]
    print(
        f"Stopping the engine thread mid-search on 20×20: median {statistics.median(stops):.1f}"
        f" ms, longest {max(stops):.1f} ms (target: well under 500 ms)"
    )
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        thinks = [think_ms(app, settings, 250) for _ in range(RUNS)]
        big_thinks = [think_ms(app, settings, 250, big=True) for _ in range(3)]
    print(
        f"A 250 ms think, click to reply: median {statistics.median(thinks):.0f} ms,"
        f" range {min(thinks):.0f}-{max(thinks):.0f} ms"
    )
    print(
        f"The same against Sera on 20×20: median {statistics.median(big_thinks):.0f} ms,"
        f" range {min(big_thinks):.0f}-{max(big_thinks):.0f} ms"
    )


if __name__ == "__main__":
    main()
