"""Start-up as a person feels it: launch to the first click that places a mark, next to
a minimal PySide6 window's first paint.

    python -m tests.benchmarks.bench_startup [--runs N]   (make bench runs it too)

Everything is measured from outside, on an X display (an ``Xvfb`` this benchmark
starts, with a black root window), as a person at the screen sees it: this process
reads the clock just before each launch, watches the screen's pixels (XGetImage) and
clicks with XTest, the way a mouse does. Three programs are launched from this same
environment, each run in turn after one unmeasured warm-up each (which also leaves
Python's cache of compiled modules, as any launch after the first does):

- a minimal PySide6 window (``tests/benchmarks/minimal_window.py``, the baseline:
  what Qt alone costs): its **first paint** is when the middle of its window stops
  being black;
- the app from source (``python -m tictactoe_gui``) and, when ``make bundle`` has
  left it in ``packaging/dist``, the bundle, each on a first launch (fresh settings
  and records: tic-tac-toe, the person playing X first): its **first paint** is when
  the board's centre cell stops being black; the benchmark then clicks that cell at
  once, and again every quarter of a second while no mark shows (an unanswered click), and
  its **first mark** is when X's colour appears in that cell.

Where the centre cell is comes from one calibration launch (the app's start-up probe
says where, never when). The medians of every run are compared as ratios, since the
machine's speed varies from run to run. Target: the first mark within 1.5× the minimal
window's first paint, from source and from the bundle; no click unanswered.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.benchmarks.xscreen import Rect, XScreen
from tictactoe_gui import APP_NAME, __version__
from tictactoe_gui.startup_probe import ENV_VAR, TARGET_MARKER

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "packaging" / "dist"
BUNDLE = DIST / APP_NAME
MINIMAL = Path(__file__).with_name("minimal_window.py")
TIMEOUT_S = 30
TARGET_RATIO = 1.5
#: How often the screen is looked at (seconds): often, and still leaving the CPU to the app.
POLL_S = 0.002
#: A click that has placed no mark after this long is taken as lost, and the cell clicked again.
RECLICK_S = 0.25
BLACK = (0, 0, 0)
#: X's colour in the light and the dark palette (gui/painters/colours.py), as the screen
#: holds it: blue, green, red, then a byte unused.
X_PIXELS = (bytes((0xBF, 0x5F, 0x1F)), bytes((0xFF, 0xB2, 0x7F)))


class StartupError(Exception):
    """The launched program ended, or showed nothing, or never showed the mark."""


@dataclass(frozen=True)
class Launch:
    """One launch, in seconds from just before it."""

    #: The first paint (the window's middle, or the board's centre cell, no longer black).
    painted: float
    #: X's mark seen in the clicked cell (the minimal window: its first paint).
    marked: float
    #: Clicks that placed no mark within RECLICK_S (each followed by another).
    lost_clicks: int = 0


def _wait(what: str, process: subprocess.Popen[bytes], started: float, done: object) -> float:
    """Poll ``done()`` until it is true; the time since ``started``."""
    assert callable(done)
    while not done():
        if process.poll() is not None:
            raise StartupError(f"the program ended (status {process.returncode}) before {what}")
        if time.monotonic() - started > TIMEOUT_S:
            raise StartupError(f"no {what} after {TIMEOUT_S} s")
        time.sleep(POLL_S)
    return time.monotonic() - started


def has_x_mark(screen: XScreen, cell: Rect) -> bool:
    pixels = screen.pixels(cell)
    for colour in X_PIXELS:
        at = pixels.find(colour)
        while at >= 0:
            if at % 4 == 0:
                return True
            at = pixels.find(colour, at + 1)
    return False


def launch_minimal(screen: XScreen, env: dict[str, str]) -> Launch:
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, str(MINIMAL)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        windows: list[Rect] = []

        def painted() -> bool:
            if not windows:
                windows.extend(screen.shown_windows())
            return bool(windows) and screen.pixel(*windows[0].centre) != BLACK

        at = _wait("first paint", process, started, painted)
        return Launch(at, at)
    finally:
        _end(screen, process)


def launch_and_click(
    screen: XScreen, command: list[str], env: dict[str, str], cell: Rect
) -> Launch:
    """Launch the app, click the centre cell as soon as it shows, time X's mark there."""
    started = time.monotonic()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        painted = _wait(
            "first paint", process, started, lambda: screen.pixel(*cell.centre) != BLACK
        )
        clicks = 0
        clicked_at = 0.0

        def marked() -> bool:
            nonlocal clicks, clicked_at
            if has_x_mark(screen, cell):
                return True
            now = time.monotonic()
            if clicks == 0 or now - clicked_at > RECLICK_S:
                screen.click(*cell.centre)
                clicks += 1
                clicked_at = now
            return False

        at = _wait("mark", process, started, marked)
        return Launch(painted, at, clicks - 1)
    finally:
        _end(screen, process)
        screen.move_pointer(0, 0)  # away from the board for the next launch


def _end(screen: XScreen, process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.kill()
    process.wait()
    # The window gone from the screen (black again) before the next launch looks at it.
    deadline = time.monotonic() + 5
    while screen.shown_windows() and time.monotonic() < deadline:
        time.sleep(POLL_S)


def calibrate(command: list[str], env: dict[str, str]) -> Rect:
    """Where the board's centre cell is on the screen, as the app's start-up probe says."""
    process = subprocess.Popen(
        command,
        env={**env, ENV_VAR: "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith(TARGET_MARKER):
                x, y, width, height = (int(word) for word in line.split()[-4:])
                # Inside the cell's lines: the mark is drawn there, the grid is not.
                inset = width // 6
                return Rect(x + inset, y + inset, width - 2 * inset, height - 2 * inset)
        raise StartupError(f"{' '.join(command)} did not say where its board is")
    finally:
        process.kill()
        process.wait()


@contextlib.contextmanager
def x_display() -> Iterator[str]:
    """A fresh Xvfb with a black root window."""
    xvfb = shutil.which("Xvfb")
    assert xvfb is not None  # main() says so before
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        [
            xvfb,
            "-displayfd",
            str(write_end),
            "-screen",
            "0",
            "1280x1024x24",
            "-nolisten",
            "tcp",
            "-br",
        ],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    try:
        with os.fdopen(read_end) as ready:
            number = ready.readline().strip()  # written once the server accepts clients
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def launch_env(folder: Path, display: str) -> dict[str, str]:
    """A first launch's environment: its own settings, records and data, on ``display``."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in (
            "WAYLAND_DISPLAY",
            "PYTHONPATH",
            "QT_QPA_PLATFORM",
            ENV_VAR,
            # Python caches compiled modules after a first run, as on any person's machine;
            # the warm-up run writes that cache if this environment had turned it off.
            "PYTHONDONTWRITEBYTECODE",
        )
    }
    folder.mkdir(parents=True, exist_ok=True)
    env["QT_QPA_PLATFORM"] = "xcb"
    env["DISPLAY"] = display
    env["TICTACTOE_GUI_DB"] = str(folder / "records.sqlite3")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[name] = str(folder / name.lower())
    return env


def tree_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="measured runs of each (default 9)")
    args = parser.parse_args(argv if argv is not None else [])
    if shutil.which("Xvfb") is None or ctypes.util.find_library("Xtst") is None:
        # Skipped, not failed: `make bench` runs every benchmark in turn.
        print("bench_startup: skipped; it needs Xvfb and libXtst to look and click from outside")
        return

    apps = {"source": [sys.executable, "-m", APP_NAME.replace("-", "_")]}
    if (BUNDLE / APP_NAME).is_file():
        apps["bundle"] = [str(BUNDLE / APP_NAME)]
    labels = {
        "minimal": "minimal PySide6 window",
        "source": "source (python -m tictactoe_gui)",
        "bundle": "bundle (one folder)",
    }
    runs: dict[str, list[Launch]] = {"minimal": [], **{name: [] for name in apps}}
    with (
        tempfile.TemporaryDirectory(prefix=f"{APP_NAME}-bench-") as scratch,
        x_display() as display,
    ):
        screen = XScreen(display)
        folders = (Path(scratch) / str(n) for n in range(1_000_000))
        try:
            cells = {
                name: calibrate(command, launch_env(next(folders), display))
                for name, command in apps.items()
            }
            for measured in (False, *([True] * args.runs)):  # a warm-up first
                launch = launch_minimal(screen, launch_env(next(folders), display))
                if measured:
                    runs["minimal"].append(launch)
                for name, command in apps.items():
                    env = launch_env(next(folders), display)
                    launch = launch_and_click(screen, command, env, cells[name])
                    if measured:
                        runs[name].append(launch)
        finally:
            screen.close()

    print(
        f"{APP_NAME} {__version__}: launch to the first paint and to the first click's mark, "
        f"seen from outside on Xvfb {display}, median of {args.runs} runs (min-max)"
    )
    baseline = statistics.median(run.painted for run in runs["minimal"])
    for name, samples in runs.items():
        paints = [run.painted for run in samples]
        paint = statistics.median(paints)
        line = (
            f"  {labels[name]:34} first paint {paint * 1000:5.0f} ms "
            f"({min(paints) * 1000:.0f}-{max(paints) * 1000:.0f}) {paint / baseline:.2f}x"
        )
        if name != "minimal":
            marks = [run.marked for run in samples]
            mark = statistics.median(marks)
            lost = sum(run.lost_clicks for run in samples)
            line += (
                f"; first mark {mark * 1000:5.0f} ms ({min(marks) * 1000:.0f}-"
                f"{max(marks) * 1000:.0f}) {mark / baseline:.2f}x; unanswered clicks {lost}"
            )
        print(line)
    print(
        f"  target: the first mark within {TARGET_RATIO}x the minimal window's first paint, "
        "no click unanswered"
    )
    if "bundle" not in apps:
        print(f"  bundle: not built; run 'make bundle' first to measure {BUNDLE}")
        return
    archives = sorted(DIST.glob(f"{APP_NAME}-{__version__}-*.tar.gz"))
    sizes = f"bundle on disk {tree_size(BUNDLE) / 2**20:.1f} MiB"
    if archives:
        sizes += f"; {archives[-1].name} {archives[-1].stat().st_size / 2**20:.1f} MiB"
    print(f"  {sizes}")


if __name__ == "__main__":
    main(sys.argv[1:])
