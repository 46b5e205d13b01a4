"""Records benchmark: saving a game, the first rows of history, the leaderboard, and
the memory an import takes.

Run with ``make bench`` or ``python -m tests.benchmarks.bench_storage``. Not part
of the test suite: it prints figures, it does not assert them. It builds a
database of 100,000 games once in a temporary folder (a few seconds).

Targets: at most 5 ms to save one game, 200 ms to show the first rows of the
history and 100 ms for the leaderboard, with 100,000 games recorded; at most
100 MB of memory beyond the app's own to import a JSON export of any size.
Import memory is measured in a fresh process per file (the peak resident set,
reset through ``/proc/self/clear_refs`` just before importing, minus the
resident set then; Linux only), for two file sizes four times
apart, side by side with reading the larger file whole with ``json.load`` (as
imports once did): flat figures across sizes mean memory does not grow with
the file.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
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


IMPORT_SIZES_MB = (16, 64)

_MEASURE_IMPORT = """
import json, sys
from tictactoe_gui.storage import Repository
path, target, how = sys.argv[1], sys.argv[2], sys.argv[3]
def status_kb(key):
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(key + ":"))
with Repository.open(target) as repository:
    repository.count_games()
    # Reset the peak to the present (getrusage's peak survives exec from the parent).
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")
    before = status_kb("VmRSS")
    if how == "stream":
        added = repository.import_records(path).added
    else:
        with open(path, encoding="utf-8") as stream:
            added = len(json.load(stream)["games"])
    after = status_kb("VmHWM")
print(added, (after - before) / 1024)
"""


def write_export(path: Path, megabytes: int) -> int:
    """A JSON export of about ``megabytes`` MB of distinct games; returns how many."""
    template = {
        "game": "tictactoe", "rows": 3, "cols": 3, "mode": "human-vs-ai",
        "x": {"kind": "human", "name": "Player 001"}, "o": {"kind": "persona", "name": "cop"},
        "result": "draw", "start_board": ".........", "extra": None, "resigned": None,
        "hints_x": 0, "hints_o": 0, "seed": 1, "x_ai_nodes": 0, "o_ai_nodes": 1234,
        "x_ai_max_depth": 0, "o_ai_max_depth": 7,
        "moves": [
            {"ply": i + 1, "cell": cell, "mark": "XO"[i % 2], "score": 0, "verdict": "best"}
            for i, cell in enumerate((0, 1, 2, 4, 3, 5, 7, 6, 8))
        ],
    }  # fmt: skip
    count = 0
    with path.open("w", encoding="utf-8") as stream:
        stream.write('{"format": "tictactoe-gui records", "version": 2, "games": [')
        while stream.tell() < megabytes * 1024 * 1024:
            moment = f"20{10 + count // 500_000:02d}-01-01T00:00:00.{count % 1_000_000:06d}Z"
            game = {"uuid": str(uuid.UUID(int=count + 1)), "started_at": moment,
                    "ended_at": moment, **template}  # fmt: skip
            stream.write(("," if count else "") + "\n" + json.dumps(game))
            count += 1
        stream.write("\n]}\n")
    return count


def import_memory(folder: Path) -> list[tuple[str, float]]:
    rows = []
    for megabytes in IMPORT_SIZES_MB:
        source = folder / f"export-{megabytes}.json"
        count = write_export(source, megabytes)
        hows = ("stream", "json.load") if megabytes == IMPORT_SIZES_MB[-1] else ("stream",)
        for how in hows:
            target = folder / f"import-{megabytes}-{how}.sqlite3"
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", _MEASURE_IMPORT, str(source), str(target), how],
                capture_output=True, text=True, check=True,
                cwd=Path(__file__).resolve().parents[2],
            )  # fmt: skip
            seconds = time.perf_counter() - start
            added, extra = done.stdout.split()
            if int(added) != count:
                raise RuntimeError(f"imported {added} of {count} games")
            label = "import (streamed)" if how == "stream" else "reading it whole with json.load"
            rows.append((f"{megabytes} MB export, {count:,} games: {label}", float(extra)))
            if how == "stream":
                rows.append((f"  time for the {megabytes} MB import (s)", seconds))
            target.unlink(missing_ok=True)
        source.unlink()
    return rows


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
    print()
    print(f"{'import memory beyond the app (peak RSS)':<62} {'MB':>7}  target ≤ 100")
    with tempfile.TemporaryDirectory() as folder:
        for label, value in import_memory(Path(folder)):
            print(f"{label:<62} {value:>7.1f}")


if __name__ == "__main__":
    main()
