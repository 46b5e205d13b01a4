"""What the app loads before its window first shows: only what that window's frame needs.

The records windows, the set-up dialog and their charts are loaded when first
opened, the engines of the other games when such a game is chosen, and the
command line's commands only for a command, so they cost nothing at start-up
(``tests/benchmarks/bench_startup.py`` measures the time itself).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe_gui.gui.app import GIL_SWITCH_INTERVAL_S, LOADING_SWITCH_INTERVAL_S
from tictactoe_gui.startup_probe import ENV_VAR, MARKER, READY_MARKER

#: Modules that must not be loaded by the time the main window is first painted.
LOADED_ON_FIRST_USE = (
    "tictactoe_gui.gui.records",
    "tictactoe_gui.gui.dialogs.setup_position",
    # The big-board engine and Row & Column, for a tic-tac-toe start.
    "tictactoe_gui.engine.mnk",
    "tictactoe_gui.engine.rowcol",
    # The numbers board of Row & Column.
    "tictactoe_gui.gui.rowcol_view",
    # Importing and exporting records.
    "tictactoe_gui.storage.exchange",
    # The command line's commands and the players they run.
    "tictactoe_gui.cli.commands",
    "tictactoe_gui.cli.analyse",
    "tictactoe_gui.cli.export",
    "tictactoe_gui.cli.import_records",
    "tictactoe_gui.cli.match",
    "tictactoe_gui.cli.players",
    "tictactoe_gui.session.external_engine",
)

#: The main window's own parts, its engine thread and the records: loaded right after the
#: first paint of its frame (see MainWindow.complete), not before.
LOADED_AFTER_FIRST_PAINT = (
    "tictactoe_gui.gui.analysis_dock",
    "tictactoe_gui.gui.move_list",
    "tictactoe_gui.gui.controls",
    "tictactoe_gui.gui.announcer",
    "tictactoe_gui.gui.accessibility",
    "tictactoe_gui.gui.style",
    "tictactoe_gui.gui.dialogs.new_game",
    "tictactoe_gui.gui.table_controller",
    "tictactoe_gui.gui.table_boards",
    "tictactoe_gui.gui.narrator",
    "tictactoe_gui.gui.engine_worker",
    "tictactoe_gui.session",
    "tictactoe_gui.engine.personas",
    "tictactoe_gui.engine.analysis",
    "tictactoe_gui.engine.search",
    "tictactoe_gui.records_bridge",
    "tictactoe_gui.storage.database",
    "tictactoe_gui.storage.repository",
    # The error log's file (the sockets, queues and pickling its module brings along).
    "logging.handlers",
)

#: Starts the app as the command does; each line the start-up probe prints (first paint,
#: ready) is preceded by the app's modules loaded at that moment, and so is the exit.
LAUNCH = """
import io, os, sys, threading

class Snapshots(io.TextIOWrapper):
    def write(self, text):
        if text.startswith("startup-probe"):
            modules()
        return super().write(text)

def modules():
    watched = ("tictactoe_gui", "logging.handlers", "socket", "html")
    names = sorted(m for m in sys.modules if m.startswith(watched))
    sys.stdout.write("modules " + " ".join(names) + "\\n")
    # PySide6 builds each Qt class (and its enums) the first time it is named.
    built = sorted(
        name
        for module in ("QtCore", "QtGui", "QtWidgets")
        for name, value in vars(sys.modules["PySide6." + module]).items()
        if isinstance(value, type)
    )
    sys.stdout.write("qt-classes " + " ".join(built) + "\\n")
    sys.stdout.write(f"switch-interval {sys.getswitchinterval()}\\n")

class LoadedOn:  # says which thread loads the main window's module (finds nothing)
    def find_spec(self, name, path=None, target=None):
        if name == "tictactoe_gui.gui.main_window":
            sys.stdout.write("loaded-on " + threading.current_thread().name + "\\n")
        return None

sys.stdout = Snapshots(sys.stdout.detach(), line_buffering=True)
sys.meta_path.insert(0, LoadedOn())
import tictactoe_gui.gui.app as app
from tictactoe_gui.cli import main

real_load_then = app.load_then
def load_then(*args):  # says at what interval the rest of the window starts loading
    sys.stdout.write(f"loading-the-rest {sys.getswitchinterval()}\\n")
    return real_load_then(*args)
app.load_then = load_then

# The window command ends the process itself once the window has closed.
real_exit, os._exit = os._exit, lambda code: (modules(), print("exit"), real_exit(code))
main([])
"""


def launch(tmp_path: Path) -> list[str]:
    """What LAUNCH printed, line by line, having opened the window and quit once complete."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        ENV_VAR: "quit",  # quit once the window is complete
        "TICTACTOE_GUI_DB": str(tmp_path / "records.sqlite3"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    result = subprocess.run(
        [sys.executable, "-c", LAUNCH],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def imports_by_stage(tmp_path: Path, what: str = "modules") -> dict[str, set[str]]:
    """The app's modules loaded by the first paint ("paint"), by the time the window is
    complete ("ready") and in all ("exit"), each including the stages before it; or, given
    ``what="qt-classes"``, the Qt classes PySide6 has built by then."""
    lines = launch(tmp_path)
    loaded: set[str] = set()
    stages: dict[str, set[str]] = {}
    for line in lines:
        if line.startswith(what + " ") or line == what:
            loaded = set(line.split()[1:])
        elif line.startswith(MARKER):
            stages["paint"] = loaded
        elif line.startswith(READY_MARKER):
            stages["ready"] = loaded
        elif line == "exit":
            stages["exit"] = loaded
    assert stages.keys() == {"paint", "ready", "exit"}, lines  # painted, completed
    return stages


def early(loaded: set[str], lazy_modules: tuple[str, ...] = LOADED_ON_FIRST_USE) -> list[str]:
    return sorted(
        name
        for name in loaded
        if any(name == lazy or name.startswith(lazy + ".") for lazy in lazy_modules)
    )


def test_the_records_windows_dialogs_and_other_games_load_only_when_first_used(
    tmp_path: Path,
) -> None:
    loaded = imports_by_stage(tmp_path)["exit"]
    assert "tictactoe_gui.gui.main_window" in loaded
    assert "tictactoe_gui.engine.search" in loaded  # the 3×3 engine is there
    assert early(loaded) == []


def test_the_window_is_painted_before_its_docks_engine_and_records_load(
    tmp_path: Path,
) -> None:
    stages = imports_by_stage(tmp_path)
    assert {"tictactoe_gui.gui.main_window", "tictactoe_gui.gui.board_view"} <= stages["paint"]
    assert early(stages["paint"], LOADED_AFTER_FIRST_PAINT) == []
    # ...and all of them by the time the window says it is complete.
    assert set(LOADED_AFTER_FIRST_PAINT) <= stages["ready"]
    # Nor the standard library's sockets (Ctrl-C wakes the window through a pipe) or HTML
    # entities (a player's name is escaped by a table of five characters).
    assert not {"socket", "html", "html.entities"} & stages["paint"]
    # Started with no arguments, as the desktop starts it: no command line is parsed.
    assert not {"tictactoe_gui.cli.entry", "tictactoe_gui.cli.common"} & stages["exit"]


#: Qt classes the first frame does without, which PySide6 builds (each with its enums) the
#: first time one is named: the style (Fusion is given to the application as it is made),
#: the icon (set after the first paint), the key sequences of the shortcuts, the dialog
#: that asks for a cell and the board's animations (made when first used), and the
#: accessibility classes (the frame's widgets start the bridge to screen readers from Qt).
BUILT_AFTER_FIRST_PAINT = (
    "QStyle",
    "QIcon",
    "QKeySequence",
    "QInputDialog",
    "QVariantAnimation",
    "QEasingCurve",
    "QAccessible",
)


def test_the_frame_builds_no_qt_class_it_does_without(tmp_path: Path) -> None:
    stages = imports_by_stage(tmp_path, "qt-classes")
    assert {"QApplication", "QMainWindow", "QDockWidget", "QPainter"} <= stages["paint"]
    assert set(BUILT_AFTER_FIRST_PAINT) & stages["paint"] == set()
    # The complete window has the app's style and icon, and its actions their shortcuts.
    assert {"QStyle", "QIcon", "QKeySequence", "QAccessible"} <= stages["ready"]


def test_the_frame_loads_on_a_thread_of_its_own_while_the_gui_thread_starts_qt(
    tmp_path: Path,
) -> None:
    """The first frame's modules load beside the start of Qt (the display, the style, the
    fonts, the screen readers' bridge), not after it; while the rest of the window loads
    after the first paint the GUI thread takes the GIL from the loading thread within a
    fraction of a millisecond, and once it is complete the engine's interval comes back."""
    lines = launch(tmp_path)
    assert "loaded-on load-frame" in lines
    (loading,) = [line for line in lines if line.startswith("loading-the-rest")]
    assert LOADING_SWITCH_INTERVAL_S < GIL_SWITCH_INTERVAL_S
    assert float(loading.split()[1]) == pytest.approx(LOADING_SWITCH_INTERVAL_S)
    interval, at = 0.0, {}
    for line in lines:
        if line.startswith("switch-interval"):
            interval = float(line.split()[1])
        elif line.startswith((MARKER, READY_MARKER)):
            at[line.split()[1]] = interval
    assert at["first-paint"] == pytest.approx(GIL_SWITCH_INTERVAL_S)
    assert at["ready"] == pytest.approx(GIL_SWITCH_INTERVAL_S)


#: Opens the window on 3×3 as the app does, then chooses a big board (waiting for its first
#: analysis, which the engine thread makes), then Row & Column; reports what was loaded.
CHOOSE = """
import sys
from dataclasses import replace
from PySide6.QtCore import QEventLoop, QSettings, QTimer
from tictactoe_gui.engine import Board
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.app import create_application
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session.setup import GameSetup

def report(stage):
    names = sorted(m for m in sys.modules if m.startswith(("tictactoe_gui", "logging.handlers")))
    print(stage, " ".join(names), flush=True)

app = create_application(["tictactoe-gui"])
window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat), InMemoryRecords())
window.show()
report("start")
four = get_variant("four")
loop = QEventLoop()
window.controller.engine.analysed.connect(
    lambda answer: answer.state.spec.variant == four and loop.quit()
)
QTimer.singleShot(60_000, lambda: loop.exit(1))  # a failure, not a wait: the signal ends it
window.new_game(replace(GameSetup.default(), start=Board.empty(four)))
if loop.exec() != 0:
    sys.exit("no analysis of the big board arrived")
report("four")
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode
seats = (Seat.human("Ann"), Seat.human("Bea"))
window.start_table_game(TableSetup(find_game("rowcol4"), GameMode.HUMAN_VS_HUMAN, seats))
report("rowcol")
window.shutdown()
"""


def test_choosing_another_game_loads_its_engine(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", CHOOSE, str(tmp_path / "settings.ini")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    stages = {
        stage: set(names.split())
        for stage, _, names in (line.partition(" ") for line in result.stdout.splitlines())
    }
    assert "tictactoe_gui.engine.mnk" not in stages["start"]
    assert "tictactoe_gui.engine.rowcol" not in stages["start"]
    assert "tictactoe_gui.engine.mnk" in stages["four"]
    assert "tictactoe_gui.gui.rowcol_view" not in stages["four"]
    assert {"tictactoe_gui.engine.rowcol", "tictactoe_gui.gui.rowcol_view"} <= stages["rowcol"]


SOURCE_READS = """
import inspect
import sys

import PySide6.QtCore
from tictactoe_gui.gui.app import skip_pyside_source_reads

read = []
getsource = inspect.getsource
inspect.getsource = lambda module: read.append(module.__name__) or getsource(module)
if sys.argv[1] == "skip":
    skip_pyside_source_reads()
    skip_pyside_source_reads()  # a second call changes nothing
import tictactoe_gui.gui.main_window

answers = sys.modules["shibokensupport.feature"].pyside_feature_dict
print(" ".join(sorted(read)))
print(" ".join(f"{name}={answer}" for name, answer in answers.items()))
"""


def source_reads(skip: bool) -> tuple[list[str], dict[str, int]]:
    """The modules of the app and of Python whose source PySide6 read while the window's
    frame loaded, and its answers for the app's modules (0: uses PySide6, -1: does not)."""
    result = subprocess.run(
        [sys.executable, "-c", SOURCE_READS, "skip" if skip else "read"],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    read, answered = result.stdout.splitlines()
    ours_or_python = [
        name
        for name in read.split()
        if name.startswith("tictactoe_gui.") or name.partition(".")[0] in sys.stdlib_module_names
    ]
    answers = {
        name: int(answer)
        for name, _, answer in (pair.partition("=") for pair in answered.split())
        if name.startswith("tictactoe_gui.")
    }
    return ours_or_python, answers


def test_pyside_is_spared_reading_the_source_of_the_modules_the_frame_loads() -> None:
    """PySide6 reads the source of each module imported after it to learn whether it names
    PySide6; the app's own modules and Python's answer from their name: the window's
    modules use it (its optional features, which the app never turns on, would apply to
    them), the rest do not, as reading says."""
    read_before, answers_before = source_reads(skip=False)
    read_after, answers_after = source_reads(skip=True)
    assert "tictactoe_gui.gui.board_view" in read_before
    assert "textwrap" in read_before
    assert read_after == []
    assert answers_after.keys() == answers_before.keys()
    for name, answer in answers_after.items():
        if name.startswith("tictactoe_gui.gui."):
            assert answer == 0
        else:
            assert answer == answers_before[name] == -1, name
