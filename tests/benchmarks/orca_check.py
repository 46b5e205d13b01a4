"""Play the app with a real screen reader and print what it says, step by step.

Starts its own X server (Xvfb), session bus, AT-SPI bus, window manager (openbox)
and Orca with no speech server (Orca still logs each utterance as a
``SPEECH OUTPUT:`` line in its debug file), opens the app with a fresh home
directory (a first run, no arguments unless given), sends keys with xdotool and
prints, after each step, what Orca said. Needs Debian's orca, at-spi2-core,
dbus-x11, xvfb, x11-utils, openbox and xdotool.

    python -m tests.benchmarks.orca_check                 # the plain launch, 3×3
    python -m tests.benchmarks.orca_check --game four     # the 20×20 walk
    python -m tests.benchmarks.orca_check --game connect4 # Connect Four by ear
    python -m tests.benchmarks.orca_check --game rowcol5  # Row & Column's grid
    python -m tests.benchmarks.orca_check --scenario keys # edges, F9 and F7
    python -m tests.benchmarks.orca_check --display 94 --keep /tmp/orca-run

A step is a list of xdotool key names (``KP_5``, ``Tab``, ``ctrl+z``) or
``type:TEXT``, and may name words that must be heard in what Orca says after it
(``EXPECTED``); the script waits until Orca has been quiet for a moment before
the next one. At the window's opening its title must be said once and the board
announced. Exit status 1 when a step that should be heard was silent, or words
that should be heard were not (each one printed as ``MISSING: ...``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUIET_S = 3.0
STEP_LIMIT_S = 20.0
START_LIMIT_S = 60.0

#: (what the step is, keys): every step of a scenario should make Orca say something.
SCENARIOS: dict[str, list[tuple[str, list[str]]]] = {
    "tictactoe": [
        ("left", ["Left"]),
        ("up", ["Up"]),
        ("5 plays the centre", ["KP_5"]),
        ("L reads the last move", ["l"]),
        ("H asks for a hint", ["h"]),
        ("Tab into the dock", ["Tab"]),
        ("1 from the dock", ["KP_1"]),
        ("Escape back to the board", ["Escape"]),
        ("ctrl+z", ["ctrl+z"]),
    ],
    "tables": [
        ("5 plays the centre", ["KP_5"]),
        ("Tab to the dock", ["Tab"]),
        ("Tab to the check box", ["Tab"]),
        ("Space shows the engine's view", ["space"]),
        ("Tab to the candidates shown", ["Tab"]),
        ("Tab into the candidates", ["Tab"]),
        ("Down", ["Down"]),
        ("Down", ["Down"]),
        ("Up", ["Up"]),
        ("8 from the table (b3, an edge: free after the reply to the centre)", ["KP_8"]),
        ("Down: the next row, without the news again", ["Down"]),
        ("Tab out", ["Tab"]),
    ],
    "keys": [
        ("Left", ["Left"]),
        ("Left at the edge", ["Left"]),
        ("Up", ["Up"]),
        ("Up at the edge", ["Up"]),
        ("F9 hides the analysis", ["F9"]),
        ("F9 shows it", ["F9"]),
        ("F7 hides the move list", ["F7"]),
        ("F7 shows it", ["F7"]),
    ],
    "dialogs": [
        ("Ctrl+N opens New Game", ["ctrl+n"]),
        ("Tab", ["Tab"]),
        ("Tab", ["Tab"]),
        ("Tab", ["Tab"]),
        ("Down picks the next opponent", ["Down"]),
        ("Escape closes it", ["Escape"]),
        ("Ctrl+L opens the leaderboard", ["ctrl+l"]),
        ("Escape closes it", ["Escape"]),
    ],
    "opponent": [
        ("Ctrl+N opens New Game", ["ctrl+n"]),
        ("Tab to the name", ["Tab"]),
        ("Tab to the opponent", ["Tab"]),
        ("Down: the next opponent", ["Down"]),
        ("Down: the next opponent", ["Down"]),
        ("Escape closes it", ["Escape"]),
    ],
    "four": [
        ("Enter on the centre", ["Return"]),
        ("L goes to the last move", ["l"]),
        ("R reads its row", ["r"]),
        ("C reads its column", ["c"]),
        ("N reads the cells around it", ["n"]),
        ("T reads the threats", ["t"]),
        ("G goes to a cell by name", ["g", "type:c3", "Return"]),
        ("D reads a diagonal", ["d"]),
        ("Shift+D reads the other diagonal", ["shift+d"]),
        ("Tab into the dock", ["Tab"]),
    ],
    "connect4": [
        ("Right: where a disc in e lands", ["Right"]),
        ("Left: back to d", ["Left"]),
        ("C reads the column", ["c"]),
        ("4 drops a disc in d, and the reply", ["4"]),
        ("R reads the row", ["r"]),
        ("T reads the threats", ["t"]),
        ("3 drops a disc in c, and the reply", ["3"]),
        ("5 drops a disc in e, and the reply", ["5"]),
        ("L goes to the last move", ["l"]),
        ("Tab into the dock", ["Tab"]),
        ("Escape back to the board", ["Escape"]),
    ],
    "rowcol": [
        ("Right", ["Right"]),
        ("Enter takes the cell, and the reply", ["Return"]),
        ("R reads the row", ["r"]),
        ("C reads the column", ["c"]),
        ("N reads the cells around", ["n"]),
        ("L goes to the last take", ["l"]),
        ("Tab into the dock", ["Tab"]),
        ("Escape back to the grid", ["Escape"]),
    ],
}
#: Words that must be heard after a step (scenario, step's description): each one in
#: order within what Orca said, ``!`` before one that must not be heard.
EXPECTED: dict[tuple[str, str], tuple[str, ...]] = {
    # The name field: its name, its text whole, and that it is selected, nothing before.
    ("opponent", "Tab to the name"): (
        "!layered pane",
        "Your name: text.",
        "Player selected.",
        "!Playe selected",
    ),
    ("opponent", "Tab to the opponent"): ("Opponent: combo box.", "!unselected"),
    ("dialogs", "Tab"): ("Your name: text.", "Player selected."),
    # The leaderboard, built on its first opening, said by its title first.
    ("dialogs", "Ctrl+L opens the leaderboard"): ("Leaderboard", "Game: combo box."),
}

#: The scenario each game opens on unless one is named.
GAME_SCENARIOS = {"four": "four", "connect4": "connect4", "rowcol5": "rowcol"}


#: Starts Orca as /usr/bin/orca does, but under a process name of its own and leaving
#: other Orcas alone: Orca ends (--replace) or refuses to start beside every other Orca
#: of the same user, found by name, even one reading another display for another run.
ORCA_LAUNCHER = """
import runpy, sys
orca = runpy.run_path("/usr/bin/orca", run_name="orca_check")["main"]
named = orca.__globals__["setProcessName"]
orca.__globals__["setProcessName"] = lambda name: named("orca-check")
orca.__globals__["otherOrcas"] = lambda: []
sys.argv[0] = "orca"
sys.exit(orca())
"""


def _start(cmd: Sequence[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    handle = log.open("ab")
    return subprocess.Popen(
        list(cmd), env=env, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
    )


def _speech(log: Path) -> list[str]:
    if not log.exists():
        return []
    text = log.read_text(errors="replace")
    # An utterance ends "'{'established': False}"; the echo of a key pressed has a space
    # before the brace ("'tab ' {…}") and is left out.
    lines = re.findall(r"SPEECH OUTPUT: '(.*)'\{[^{}]*\}\s*$", text, re.MULTILINE)
    return [line for line in lines if line.strip()]


def _wait_quiet(log: Path, seen: int, limit: float) -> list[str]:
    """What Orca says from utterance ``seen`` on, once it has been quiet for QUIET_S."""
    deadline = time.monotonic() + limit
    last_count, last_change = len(_speech(log)), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.2)
        count = len(_speech(log))
        if count != last_count:
            last_count, last_change = count, time.monotonic()
        elif count > seen and time.monotonic() - last_change >= QUIET_S:
            break
    return _speech(log)[seen:]


def missing(heard: Sequence[str], expected: Sequence[str]) -> list[str]:
    """The words of ``expected`` not heard, in order, in ``heard`` (``!words``: heard
    though they should not be)."""
    text, at, wanting = " | ".join(heard), 0, []
    for words in expected:
        if words.startswith("!"):
            if words[1:] in text:
                wanting.append(words)
            continue
        found = text.find(words, at)
        if found < 0:
            wanting.append(words)
        else:
            at = found + len(words)
    return wanting


def opening_misses(heard: Sequence[str]) -> list[str]:
    """What the window's opening should say and did not: its game's title once (after
    the app's name, if Orca spoke the window before its game was set up), the board."""
    titles = [
        line
        for line in heard
        if " vs " in line and line.split(" frame.")[0].endswith("— Tic-Tac-Toe")
    ]
    wanting = [] if len(titles) == 1 else [f"the title once (said {len(titles)} times)"]
    if not any(line.endswith(" board.") for line in heard):
        wanting.append("the board")
    return wanting


def _keys(env: dict[str, str], keys: Sequence[str]) -> None:
    for key in keys:
        if key.startswith("type:"):
            cmd = ["xdotool", "type", "--delay", "80", key[5:]]
        else:
            cmd = ["xdotool", "key", "--delay", "80", key]
        subprocess.run(cmd, env=env, check=True)
        time.sleep(0.3)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--display", default="93", help="the X display number to use")
    parser.add_argument("--game", default=None, help="open on this game (else a plain launch)")
    parser.add_argument("--scenario", default=None, choices=sorted(SCENARIOS))
    parser.add_argument("--keep", type=Path, help="keep the logs in this directory")
    args = parser.parse_args(argv)
    # A display already served is someone else's: the app, Orca and the keys sent would
    # land among their windows.
    if (
        Path(f"/tmp/.X11-unix/X{args.display}").exists()
        or subprocess.run(
            ["xdpyinfo"],
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DISPLAY": f":{args.display}"},
            capture_output=True,
            check=False,
        ).returncode
        == 0
    ):
        print(f"Display :{args.display} is in use: choose a free one with --display.")
        return 2
    scenario = args.scenario or GAME_SCENARIOS.get(args.game or "", "tictactoe")
    work = args.keep or Path(tempfile.mkdtemp(prefix="orca-check-"))
    work.mkdir(parents=True, exist_ok=True)
    for name in ("home", "runtime"):
        shutil.rmtree(work / name, ignore_errors=True)
        (work / name).mkdir(mode=0o700)
    # Speech on, but no speech server: Orca logs each utterance and plays nothing.
    # ("--disable speech" would not do: Orca then skips the messages it presents.)
    prefs = work / "home" / "orca"
    prefs.mkdir()
    (prefs / "orca-customizations.py").write_text(
        "import orca.settings\n"
        "orca.settings.speechServerFactory = 'no_speech_server'\n"
        "orca.settings.speechFactoryModules = []\n"
        # Orca writes its debug file in blocks: the last words of a step would show only
        # with the next step's.
        "import orca.debug\n"
        "if orca.debug.debugFile:\n"
        "    orca.debug.debugFile.reconfigure(line_buffering=True)\n"
    )
    orca_log = work / "orca.log"
    orca_log.unlink(missing_ok=True)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(work / "home"),
        "XDG_RUNTIME_DIR": str(work / "runtime"),
        "DISPLAY": f":{args.display}",
        "LANG": "C.UTF-8",
        "GTK_MODULES": "gail:atk-bridge",
        "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
        "QT_QPA_PLATFORM": "xcb",
        "NO_AT_BRIDGE": "0",
    }
    processes: list[subprocess.Popen[bytes]] = []
    # Stopped with a signal, it still stops what it started (below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    try:
        processes.append(
            _start(["Xvfb", env["DISPLAY"], "-screen", "0", "1280x1024x24"], env, work / "x.log")
        )
        # On a busy machine the server takes a while, and the window manager gives up
        # on a display that does not answer yet.
        deadline = time.monotonic() + START_LIMIT_S
        while time.monotonic() < deadline:
            answer = subprocess.run(["xdpyinfo"], env=env, capture_output=True, check=False)
            if answer.returncode == 0:
                break
            time.sleep(0.5)
        bus = subprocess.run(
            ["dbus-launch", "--sh-syntax"], env=env, check=True, capture_output=True, text=True
        ).stdout
        for name, value in re.findall(r"(\w+)='?([^';\n]*)'?;", bus):
            env[name] = value
        processes.append(
            _start(
                ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env, work / "at.log"
            )
        )
        # Without a window manager the window is never activated and Orca hears nothing:
        # on a busy machine openbox may not reach a display that xdpyinfo just reached.
        for _attempt in range(5):
            wm = _start(["openbox"], env, work / "wm.log")
            time.sleep(1.0)
            if wm.poll() is None:
                break
        processes.append(wm)
        processes.append(
            _start(
                [
                    "/usr/bin/python3",
                    "-c",
                    ORCA_LAUNCHER,
                    "--user-prefs",
                    str(prefs),
                    "--debug-file",
                    str(orca_log),
                ],
                env,
                work / "orca.out",
            )
        )
        time.sleep(3.0)
        before = len(_speech(orca_log))
        command = [sys.executable, "-m", "tictactoe_gui"]
        if args.game:
            command += ["--game", args.game]
        app = _start(command, env | {"PYTHONPATH": str(ROOT)}, work / "app.log")
        processes.append(app)
        silent = 0
        # The window's first words are its frame's title, its last the game's greeting
        # ("New game: …"), which may come seconds later on a busy machine: Orca reads the
        # events of the window being built first. ("Screen reader on" comes before.)
        deadline = time.monotonic() + START_LIMIT_S
        while time.monotonic() < deadline and not any(
            "New game" in line for line in _speech(orca_log)[before:]
        ):
            time.sleep(0.2)
        heard = _wait_quiet(orca_log, before, START_LIMIT_S)
        print("(window opens):", " | ".join(heard) or "(silence)")
        wanting = opening_misses(heard)
        for words in wanting:
            print("MISSING:", words)
        seen = before + len(heard)
        checked: set[tuple[str, str]] = set()
        for what, keys in SCENARIOS[scenario]:
            _keys(env, keys)
            heard = _wait_quiet(orca_log, seen, STEP_LIMIT_S)
            seen += len(heard)
            silent += not heard
            print(f"{what} [{' '.join(keys)}]:", " | ".join(heard) or "(silence)")
            # A step named twice (Tab, Tab) is held to its words the first time.
            if (scenario, what) in EXPECTED and (scenario, what) not in checked:
                checked.add((scenario, what))
                for words in missing(heard, EXPECTED[scenario, what]):
                    print("MISSING:", words)
                    wanting.append(words)
        return 1 if silent or wanting else 0
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
        bus_pid = env.get("DBUS_SESSION_BUS_PID")
        if bus_pid:
            os.kill(int(bus_pid), signal.SIGTERM)
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
