"""Start-up time: from launch to the first painted window, for the bundle and from source.

    python -m tests.benchmarks.bench_startup [--runs N]     (make bench runs it too)

Both are measured the same way: this process reads the system-wide monotonic
clock, starts the app, and the app's start-up probe prints the same clock at
the first paint of a window (see ``tictactoe_gui/startup_probe.py``). Runs
alternate between the two so neither gets a warmer cache, after one unmeasured
warm-up run each; medians are reported. Qt runs offscreen, so no display is
needed and none is measured.

The app is launched with no arguments (the main window) when that path
reports its first paint; otherwise the self-test's window is timed, and the
output says which. The bundle is the one ``make bundle`` left in
``packaging/dist``; without it only the source run is measured.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tictactoe_gui import APP_NAME, __version__
from tictactoe_gui.startup_probe import ENV_VAR, MARKER

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "packaging" / "dist"
BUNDLE = DIST / APP_NAME
TIMEOUT_S = 60


class NoFirstPaintError(Exception):
    """The launched app ended (or hung) without reporting a painted window."""


def time_to_first_paint(command: list[str], env: dict[str, str]) -> float:
    """Seconds from just before launching ``command`` to its first painted window."""
    started = time.monotonic()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith(MARKER):
                return float(line.split()[-1]) - started
        raise NoFirstPaintError(f"{' '.join(command)} exited with status {process.wait()}")
    finally:
        try:
            process.wait(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def probe_env(folder: Path, *, quit_after_paint: bool) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY", "PYTHONPATH")
    }
    env["QT_QPA_PLATFORM"] = "offscreen"
    env[ENV_VAR] = "quit" if quit_after_paint else "1"
    # The records go to a scratch file, never the user's own.
    env["TICTACTOE_GUI_DB"] = str(folder / "records.sqlite3")
    return env


def choose_mode(source: list[str], folder: Path) -> tuple[list[str], dict[str, str], str]:
    """The main window if it reports its first paint, otherwise the self-test's window."""
    window_env = probe_env(folder, quit_after_paint=True)
    try:
        time_to_first_paint(source, window_env)
    except NoFirstPaintError:
        return ["--self-test"], probe_env(folder, quit_after_paint=False), "the self-test window"
    return [], window_env, "the main window"


def tree_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="measured runs of each (default 7)")
    args = parser.parse_args(argv if argv is not None else [])

    source = [sys.executable, "-m", "tictactoe_gui"]
    bundle = [str(BUNDLE / APP_NAME)]
    with tempfile.TemporaryDirectory(prefix=f"{APP_NAME}-bench-") as scratch:
        folder = Path(scratch)
        extra, env, what = choose_mode(source, folder)
        targets = {"source": source + extra}
        if (BUNDLE / APP_NAME).is_file():
            targets["bundle"] = bundle + extra
        for command in targets.values():  # warm-up, unmeasured
            time_to_first_paint(command, env)
        times: dict[str, list[float]] = {name: [] for name in targets}
        for _ in range(args.runs):
            for name, command in targets.items():
                times[name].append(time_to_first_paint(command, env))

    print(
        f"{APP_NAME} {__version__}: launch to first paint of {what}, offscreen, "
        f"median of {args.runs} runs (min-max)"
    )
    for name, samples in times.items():
        label = "source (python -m tictactoe_gui)" if name == "source" else "bundle (one folder)"
        print(
            f"  {label:34} {statistics.median(samples) * 1000:6.0f} ms "
            f"({min(samples) * 1000:.0f}-{max(samples) * 1000:.0f})"
        )
    if "bundle" not in times:
        print(f"  bundle: not built; run 'make bundle' first to measure {BUNDLE}")
        return
    ratio = statistics.median(times["bundle"]) / statistics.median(times["source"])
    print(f"  bundle / source: {ratio:.2f}")
    archives = sorted(DIST.glob(f"{APP_NAME}-{__version__}-*.tar.gz"))
    sizes = f"bundle on disk {tree_size(BUNDLE) / 2**20:.1f} MiB"
    if archives:
        sizes += f"; {archives[-1].name} {archives[-1].stat().st_size / 2**20:.1f} MiB"
    print(f"  {sizes}")


if __name__ == "__main__":
    main(sys.argv[1:])
