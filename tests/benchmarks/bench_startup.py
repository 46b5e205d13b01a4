"""Start-up time: launch to a visible window, next to a minimal PySide6 window.

    python -m tests.benchmarks.bench_startup [--runs N] [--offscreen]   (make bench runs it too)

Three programs are launched from this same environment and timed alike: a
minimal PySide6 window (``tests/benchmarks/minimal_window.py``, the baseline:
what Qt alone costs), the app from source (``python -m tictactoe_gui``) and,
when ``make bundle`` has left it in ``packaging/dist``, the bundle. This
process reads the system-wide monotonic clock just before launching; each
program prints the same clock at the first paint of its window (the app
through ``tictactoe_gui/startup_probe.py``). The app shows its window's frame
first and builds the rest (docks, engine thread, records) right after that
paint; it prints the clock again when its window is complete, and that is
reported too. Each program then quits. Runs alternate between
the programs after one unmeasured warm-up each (which also leaves Python's
cache of compiled modules, as any first launch does), and the medians are
compared as ratios, since the machine's speed varies from run to run.

The windows are painted on a real X display: ``DISPLAY`` if set, otherwise an
``Xvfb`` this benchmark starts (and stops), if one is installed; with neither,
or with ``--offscreen``, Qt's offscreen platform, and the output says so.
Target: the app from source within 1.5× the minimal window, the bundle no
slower than source. The time from the window complete to the end of each
process is reported too (closing the app should not take longer than closing
the minimal window).
"""

from __future__ import annotations

import argparse
import contextlib
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

from tictactoe_gui import APP_NAME, __version__
from tictactoe_gui.startup_probe import ENV_VAR, MARKER, READY_MARKER

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "packaging" / "dist"
BUNDLE = DIST / APP_NAME
MINIMAL = Path(__file__).with_name("minimal_window.py")
TIMEOUT_S = 60
TARGET_RATIO = 1.5


class NoFirstPaintError(Exception):
    """The launched program ended (or hung) without reporting a painted window."""


@dataclass(frozen=True)
class Launch:
    """One launch, in seconds from just before it."""

    #: The first paint of the window.
    painted: float
    #: The window complete (the app says so; the minimal window is complete when painted).
    complete: float
    #: The end of the process, which quits once the window is complete.
    ended: float


def launch(command: list[str], env: dict[str, str]) -> Launch:
    """Launch ``command`` and time its first paint, its window complete and its end."""
    started = time.monotonic()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert process.stdout is not None
        painted = complete = None
        for line in process.stdout:
            if line.startswith(MARKER):
                painted = float(line.split()[-1]) - started
            elif line.startswith(READY_MARKER):
                complete = float(line.split()[-1]) - started
        process.wait(timeout=TIMEOUT_S)
        ended = time.monotonic() - started
        if painted is None:
            raise NoFirstPaintError(f"{' '.join(command)} exited with status {process.returncode}")
        return Launch(painted, painted if complete is None else complete, ended)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@contextlib.contextmanager
def x_display(offscreen: bool) -> Iterator[str | None]:
    """The X display to paint on (starting an Xvfb if need be), or None for offscreen."""
    if offscreen:
        yield None
        return
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        yield None
        return
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
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


def launch_env(folder: Path, display: str | None) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in (
            "DISPLAY",
            "WAYLAND_DISPLAY",
            "PYTHONPATH",
            "QT_QPA_PLATFORM",
            # Python caches compiled modules after a first run, as on any person's machine;
            # the warm-up run writes that cache if this environment had turned it off.
            "PYTHONDONTWRITEBYTECODE",
        )
    }
    if display is None:
        env["QT_QPA_PLATFORM"] = "offscreen"
    else:
        env["QT_QPA_PLATFORM"] = "xcb"
        env["DISPLAY"] = display
    env[ENV_VAR] = "quit"
    # Records and settings go to scratch places, never the user's own, and every
    # run starts as a first start does.
    env["TICTACTOE_GUI_DB"] = str(folder / "records.sqlite3")
    env["XDG_CONFIG_HOME"] = str(folder / "config")
    return env


def tree_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="measured runs of each (default 7)")
    parser.add_argument("--offscreen", action="store_true", help="paint offscreen, no X display")
    args = parser.parse_args(argv if argv is not None else [])

    targets = {
        "minimal": [sys.executable, str(MINIMAL)],
        "source": [sys.executable, "-m", APP_NAME.replace("-", "_")],
    }
    if (BUNDLE / APP_NAME).is_file():
        targets["bundle"] = [str(BUNDLE / APP_NAME)]
    labels = {
        "minimal": "minimal PySide6 window",
        "source": "source (python -m tictactoe_gui)",
        "bundle": "bundle (one folder)",
    }
    with (
        tempfile.TemporaryDirectory(prefix=f"{APP_NAME}-bench-") as scratch,
        x_display(args.offscreen) as display,
    ):
        env = launch_env(Path(scratch), display)
        for command in targets.values():  # warm-up, unmeasured
            launch(command, env)
        runs: dict[str, list[Launch]] = {name: [] for name in targets}
        for _ in range(args.runs):
            for name, command in targets.items():
                runs[name].append(launch(command, env))

    where = "offscreen (no X display)" if display is None else f"on the X display {display}"
    print(
        f"{APP_NAME} {__version__}: launch to the first paint of the main window, {where}, "
        f"median of {args.runs} runs (min-max)"
    )
    times = {name: [run.painted for run in samples] for name, samples in runs.items()}
    medians = {name: statistics.median(samples) for name, samples in times.items()}
    for name, samples in times.items():
        ratio = medians[name] / medians["minimal"]
        print(
            f"  {labels[name]:34} {medians[name] * 1000:6.0f} ms "
            f"({min(samples) * 1000:.0f}-{max(samples) * 1000:.0f})  {ratio:.2f}x minimal"
        )
    print(f"  target: source within {TARGET_RATIO}x the minimal window, the bundle no slower")
    print("  the window complete (the app builds its docks, engine and records after that")
    print("  first paint), median:")
    for name, samples in runs.items():
        complete = statistics.median(run.complete for run in samples)
        after = statistics.median(run.complete - run.painted for run in samples)
        print(f"    {labels[name]:32} {complete * 1000:6.0f} ms ({after * 1000:.0f} ms after it)")
    print("  from the window complete (the program then quits) to the end of the process:")
    for name, samples in runs.items():
        ending = statistics.median(run.ended - run.complete for run in samples)
        print(f"    {labels[name]:32} {ending * 1000:6.0f} ms")
    if "bundle" not in times:
        print(f"  bundle: not built; run 'make bundle' first to measure {BUNDLE}")
        return
    print(f"  bundle / source: {medians['bundle'] / medians['source']:.2f}")
    archives = sorted(DIST.glob(f"{APP_NAME}-{__version__}-*.tar.gz"))
    sizes = f"bundle on disk {tree_size(BUNDLE) / 2**20:.1f} MiB"
    if archives:
        sizes += f"; {archives[-1].name} {archives[-1].stat().st_size / 2**20:.1f} MiB"
    print(f"  {sizes}")


if __name__ == "__main__":
    main(sys.argv[1:])
