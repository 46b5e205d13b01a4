"""GUI responsiveness while the engine thread runs its slowest search.

Run with ``python -m tests.benchmarks.bench_gui`` (or ``make bench``). Not part
of the test suite: it prints figures, it does not assert them.

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

from tictactoe_gui.engine import Algorithm, Board
from tictactoe_gui.gui.app import GIL_SWITCH_INTERVAL_S
from tictactoe_gui.gui.engine_worker import EngineService

RUNS = 5
TICK_MS = 5
TARGET_MS = 16.0


def longest_gap_during_search(app: QApplication, engine: EngineService) -> tuple[float, float]:
    """(longest gap between ticks in ms, search time in s) for one minimax search."""
    ticks: list[float] = []
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    loop = QEventLoop()
    engine.analysed.connect(loop.quit)
    timer.start()
    started = time.perf_counter()
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


def think_ms(app: QApplication, settings: QSettings, think: int) -> float:
    """Click to reply in Human vs AI with the think set to ``think`` ms."""
    from tests.gui.helpers import human_vs_ai
    from tictactoe_gui.gui.main_window import MainWindow

    window = MainWindow(settings)
    window.new_game(human_vs_ai("cop"))
    window.controller.set_think_ms(think)
    loop = QEventLoop()
    window.controller.position_changed.connect(
        lambda *_: loop.quit() if window.controller.board.ply == 2 else None
    )
    started = time.perf_counter()
    window.controller.play_human(1, 1)
    loop.exec()
    elapsed = (time.perf_counter() - started) * 1000
    window.close()
    return elapsed


def main() -> None:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
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
    stops = [stop_during_search_ms(app) for _ in range(RUNS)]
    print(
        f"Stopping the engine thread mid-search: median {statistics.median(stops):.1f} ms,"
        f" longest {max(stops):.1f} ms (target: well under 500 ms)"
    )
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        thinks = [think_ms(app, settings, 250) for _ in range(RUNS)]
    print(
        f"A 250 ms think, click to reply: median {statistics.median(thinks):.0f} ms,"
        f" range {min(thinks):.0f}-{max(thinks):.0f} ms"
    )


if __name__ == "__main__":
    main()
