"""Records benchmark: saving a game, the first rows of history and the leaderboard.

Run with ``make bench`` or ``python -m tests.benchmarks.bench_storage``. Not part
of the test suite: it prints figures, it does not assert them. It builds a
database of 100,000 games once in a temporary folder (a few seconds).

Targets: at most 5 ms to save one game, 200 ms to show the first rows of the
history and 100 ms for the leaderboard, with 100,000 games recorded.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from tests.storage.games import human, make_game, persona
from tictactoe_gui.storage import Repository, open_or_recover
from tictactoe_gui.storage.records import FinishedGame, GameFilter, Result, Side

GAMES = 100_000
PEOPLE = 500
SAVES = 200
RUNS = 7
PERSONAS = ("kitty", "cop", "sera")


def random_games(count: int, rng: random.Random) -> Iterator[FinishedGame]:
    people = [human(f"Player {n:03d}") for n in range(PEOPLE)]
    personas = [persona(key) for key in PERSONAS]
    results = tuple(Result)
    for minute in range(count):
        roll = rng.random()
        sides: list[Side]
        if roll < 0.6:
            sides = [rng.choice(people), rng.choice(personas)]
            rng.shuffle(sides)
        elif roll < 0.8:
            sides = rng.sample(people, 2)
        else:
            sides = [rng.choice(personas), rng.choice(personas)]
        yield make_game(sides[0], sides[1], rng.choice(results), minute=minute, seed=minute)


def median_ms(action: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def first_rows_in_window(path: Path) -> float:
    """Median ms from creating the history window to its first rows painted (offscreen Qt)."""
    # Qt is imported here, after the platform is chosen, so the benchmark runs headless.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from tictactoe_gui.gui.records import HistoryDialog

    # The offscreen platform warns about window hints it ignores; keep the table readable.
    qInstallMessageHandler(lambda *_: None)
    app = QApplication.instance() or QApplication([])
    times = []
    with Repository.open(path) as repository:
        for _ in range(RUNS):
            start = time.perf_counter()
            dialog = HistoryDialog(repository)
            dialog.show()
            dialog.view.viewport().repaint()  # paint the first rows now, not on the next loop
            times.append(time.perf_counter() - start)
            if dialog.model.rowCount() == 0:
                raise RuntimeError("the history window showed no rows")
            dialog.close()
            dialog.deleteLater()
            app.processEvents()
    return statistics.median(times) * 1000


def main() -> None:
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.sqlite3"
        start = time.perf_counter()
        with Repository.open(path) as repository:
            repository.save_games(random_games(GAMES, rng))
        build = time.perf_counter() - start

        with Repository.open(path) as repository:
            fresh = list(random_games(SAVES, random.Random(7)))
            save_times = []
            for game in fresh:
                begin = time.perf_counter()
                repository.save_game(game)
                save_times.append(time.perf_counter() - begin)
            save_ms = statistics.median(save_times) * 1000
            total = repository.count_games()

            def first_page() -> None:
                repository.count_games()
                repository.list_games(offset=0, limit=200)

            def player_page() -> None:
                flt = GameFilter(player="Player 042")
                repository.count_games(flt)
                repository.list_games(flt, offset=0, limit=200)

            page_ms = median_ms(first_page)
            player_page_ms = median_ms(player_page)
            deep_page_ms = median_ms(lambda: repository.list_games(offset=total - 200, limit=200))
            oldest = repository.list_games(offset=total - 201, limit=1)[0]
            deep_after_ms = median_ms(lambda: repository.list_games(limit=200, after=oldest))
            board_ms = median_ms(repository.standings)
            board_kitty_ms = median_ms(lambda: repository.standings("kitty"))
            stats_ms = median_ms(lambda: repository.player_stats("Player 042"))
        window_ms = first_rows_in_window(path)
        open_ms = median_ms(lambda: open_or_recover(path)[0].close())

    rows = [
        ("build 100,000 games (one transaction)", build * 1000, None),
        ("save one game (median of 200)", save_ms, 5),
        ("history first page + count", page_ms, 200),
        ("history window to first rows (offscreen)", window_ms, 200),
        ("history first page, one player's games", player_page_ms, 200),
        ("history last page by offset", deep_page_ms, None),
        ("history last page continuing after a row", deep_after_ms, None),
        ("open with integrity check (app start)", open_ms, None),
        ("leaderboard, all games", board_ms, 100),
        ("leaderboard, against Kitty", board_kitty_ms, 100),
        ("one player's statistics", stats_ms, None),
    ]
    print(f"{total:,} games recorded")
    print(f"{'measure':<44} {'ms':>9} {'target':>8}")
    for label, value, target in rows:
        goal = f"≤ {target}" if target is not None else ""
        print(f"{label:<44} {value:>9.2f} {goal:>8}")


if __name__ == "__main__":
    main()
