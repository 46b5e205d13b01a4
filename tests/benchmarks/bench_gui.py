"""GUI responsiveness while the engine thread runs its slowest search.

Run with ``python -m tests.benchmarks.bench_gui`` (or ``make bench``). Not part
of the test suite: it prints figures, it does not assert them.

**The window as a person runs it**: the main window shown with its analysis dock
open, a 20×20 game of four in a row in progress, the dock's 2-second analyses running
on the engine thread (the compiled search, which releases the GIL) and updating the
dock with every depth, at the switch interval the app sets; a 1 ms precise QTimer
ticks on the window's thread, and the worst gap between two ticks and the 99th
percentile of the gaps say how long the window could not react (targets: worst ≤ 16
ms, 99th percentile ≤ 8 ms). Offscreen by default; ``QT_QPA_PLATFORM=xcb`` under Xvfb
measures an X window.

A 5 ms precise QTimer ticks on the GUI thread while the worker runs plain
minimax on the empty board (the full 549,946-node tree). The longest gap
between two ticks is how long the window could not react. Target: no gap
over 16 ms (one frame at 60 Hz). The search is pure Python, so the GUI thread
competes with it for the GIL; the figure is measured at the switch interval
the app sets (``tictactoe_gui.gui.app.GIL_SWITCH_INTERVAL_S``) and, for
comparison, at Python's default of 5 ms.

It also times what the test suite only checks in kind: how long stopping the
engine thread takes while it runs that search (target: well under 0.5 s),
and how long a persona's visible think lasts next to what it is set to.

And the board view: one repaint of a full 20×20 board (400 stones, move
numbers, the last move) and of a 20×20 game in progress with every overlay
on (heat-map, a previewed line, a hint, the hover ghost), next to the 3×3
board measured in the same run. Target: at most 4 ms per 20×20 repaint. It
also times what the accessible cells cost (one invisible widget per cell):
building them when a 20×20 game opens and renaming them after a move.
"""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from tictactoe_gui.engine import Algorithm, Board, Move, analyse
from tictactoe_gui.engine.variants import FOUR
from tictactoe_gui.gui.app import GIL_SWITCH_INTERVAL_S
from tictactoe_gui.gui.engine_worker import EngineService

RUNS = 5
TICK_MS = 5
TARGET_MS = 16.0
REPAINTS = 200
#: A 20×20 game after a few moves: what the dock analyses in a game of four in a row.
BIG_POSITION = Board.empty(FOUR).play_all(
    [Move(9, 9), Move(9, 10), Move(10, 10), Move(8, 8), Move(8, 11), Move(11, 11)]
)
REPAINT_TARGET_MS = 4.0


def longest_gap_during_search(
    app: QApplication, engine: EngineService, big: bool = False
) -> tuple[float, float]:
    """(longest gap between ticks in ms, search time in s) for one minimax search, or with
    ``big`` one 2-second estimate of a 20×20 game in progress."""
    ticks: list[float] = []
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    loop = QEventLoop()
    engine.analysed.connect(loop.quit)
    timer.start()
    started = time.perf_counter()
    if big:
        engine.submit(BIG_POSITION, time_limit=2.0)
    else:
        engine.submit(Board.empty(), algorithm=Algorithm.MINIMAX)
    loop.exec()
    elapsed = time.perf_counter() - started
    timer.stop()
    engine.analysed.disconnect(loop.quit)
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    return (max(gaps) * 1000 if gaps else float("inf")), elapsed


def measure(app: QApplication, interval: float) -> tuple[list[float], list[float]]:
    previous = sys.getswitchinterval()
    sys.setswitchinterval(interval)
    engine = EngineService()
    try:
        longest_gap_during_search(app, engine)  # warm up: imports, thread start, caches
        results = [longest_gap_during_search(app, engine) for _ in range(RUNS)]
    finally:
        engine.shutdown()
        sys.setswitchinterval(previous)
    return [gap for gap, _ in results], [elapsed for _, elapsed in results]


def stop_during_search_ms(app: QApplication) -> float:
    """How long ``EngineService.shutdown`` takes while plain minimax runs on the empty board."""
    engine = EngineService()
    loop = QEventLoop()
    engine.progressed.connect(loop.quit)
    engine.submit(Board.empty(), algorithm=Algorithm.MINIMAX)
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
        lambda *_: loop.quit() if window.controller.board.ply == 2 else None
    )
    started = time.perf_counter()
    window.controller.play_human(*((10, 10) if big else (1, 1)))
    loop.exec()
    elapsed = (time.perf_counter() - started) * 1000
    window.close()
    return elapsed


#: The window's 20×20 analyses measured: a move by each side between them, so the dock
#: starts a fresh 2-second analysis each time.
WINDOW_ANALYSES = 4
WINDOW_TICK_MS = 1


def window_gaps_during_analysis(app: QApplication, settings: QSettings) -> list[float]:
    """The gaps (ms) between a 1 ms timer's ticks on the real window's thread while its dock
    shows 2-second analyses of a 20×20 game, at the app's own switch interval.

    The whole app as a person runs it: the main window shown, the analysis dock open and
    updating with every depth and node count, the engine thread running the search.
    """
    from dataclasses import replace

    from tests.gui.helpers import human_vs_human
    from tictactoe_gui.gui.main_window import MainWindow

    previous = sys.getswitchinterval()
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    window = MainWindow(settings)
    window.resize(1200, 850)
    window.show()
    window.analysis_dock.show()
    window.controller.set_time_limit(2.0)
    gaps: list[float] = []
    try:
        window.new_game(replace(human_vs_human(), start=BIG_POSITION))
        controller = window.controller
        replies = iter([(7, 12), (12, 7), (6, 13), (13, 6), (10, 4), (4, 10)])
        for index in range(WINDOW_ANALYSES + 1):
            ticks: list[float] = []
            timer = QTimer()
            timer.setTimerType(Qt.TimerType.PreciseTimer)
            timer.setInterval(WINDOW_TICK_MS)
            timer.timeout.connect(lambda ticks=ticks: ticks.append(time.perf_counter()))
            loop = QEventLoop()
            done = QTimer()
            done.setInterval(5)

            def check(loop: QEventLoop = loop) -> None:
                result = controller.current_result
                if (
                    result is not None
                    and result.board == controller.board
                    and not controller.engine_busy()
                ):
                    loop.quit()

            done.timeout.connect(check)
            timer.start()
            done.start()
            loop.exec()
            timer.stop()
            done.stop()
            if index:  # the first analysis warms up imports and caches
                gaps.extend((b - a) * 1000 for a, b in itertools.pairwise(ticks))
            row, col = next(replies)
            controller.play_human(row, col)
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


def idle_gaps(seconds: float) -> list[float]:
    """The same 1 ms timer's gaps (ms) with nothing else to do: what the machine's own load
    costs, to read the window's figures against."""
    ticks: list[float] = []
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(WINDOW_TICK_MS)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    timer.start()
    loop.exec()
    timer.stop()
    return sorted((b - a) * 1000 for a, b in itertools.pairwise(ticks))


def window_figures(app: QApplication) -> None:
    idle = idle_gaps(4.0)
    idle_p99 = idle[min(len(idle) - 1, int(len(idle) * 0.99))]
    print(
        f"The same 1 ms timer with nothing to do for 4 s (the machine's own load,"
        f" load average {os.getloadavg()[0]:.1f}): worst gap {idle[-1]:.1f} ms,"
        f" 99th percentile {idle_p99:.1f} ms"
    )
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "window.ini"), QSettings.Format.IniFormat)
        window_gaps = sorted(window_gaps_during_analysis(app, settings))
    p99 = window_gaps[min(len(window_gaps) - 1, int(len(window_gaps) * 0.99))]
    print(
        f"The real window on 20×20 with the dock updating, {WINDOW_ANALYSES} analyses of 2 s,"
        f" switch interval {GIL_SWITCH_INTERVAL_S * 1000:g} ms (the app's), a"
        f" {WINDOW_TICK_MS} ms timer: worst gap {window_gaps[-1]:.1f} ms, 99th percentile"
        f" {p99:.1f} ms, median {statistics.median(window_gaps):.1f} ms"
        f" (targets: worst ≤ {TARGET_MS:g} ms, 99th percentile ≤ 8 ms)"
    )


def main() -> None:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    if "--window" in sys.argv[1:]:  # the window's figures alone
        window_figures(app)
        return
    board_view_figures(app)
    print(f"GUI timer every {TICK_MS} ms while the worker runs plain minimax on the empty board")
    print(f"{'GIL switch interval':>20}  {'longest gap: max':>16}  {'median':>7}  {'search':>9}")
    for label, interval in (
        (f"{GIL_SWITCH_INTERVAL_S * 1000:g} ms (app)", GIL_SWITCH_INTERVAL_S),
        ("5 ms (Python default)", 0.005),
    ):
        gaps, times = measure(app, interval)
        print(
            f"{label:>20}  {max(gaps):>13.1f} ms  {statistics.median(gaps):>4.1f} ms"
            f"  {statistics.median(times) * 1000:>6.0f} ms"
        )
    print(f"Target: no gap over {TARGET_MS:g} ms.")
    engine = EngineService()
    try:
        big_gaps = [longest_gap_during_search(app, engine, big=True)[0] for _ in range(3)]
    finally:
        engine.shutdown()
    print(
        f"The same timer while the worker estimates a 20×20 game for 2 s: longest gap"
        f" {max(big_gaps):.1f} ms, median of runs {statistics.median(big_gaps):.1f} ms"
    )
    window_figures(app)
    stops = [stop_during_search_ms(app) for _ in range(RUNS)]
    print(
        f"Stopping the engine thread mid-search: median {statistics.median(stops):.1f} ms,"
        f" longest {max(stops):.1f} ms (target: well under 500 ms)"
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
