"""``tictactoe-gui --self-test``: prove that this build of the app works, with no user.

It is what the frozen bundle runs in CI, and what a person can run to check an
install: it starts Qt offscreen (no display needed), opens a window, loads the
art, plays one seeded AI vs AI game in an engine thread, saves the game to a
temporary records database, reads it back and compares. Exit status 0 and one
"passed" line on success; otherwise status 1 and one line on stderr naming the
first thing that went wrong.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import (
    QDeadlineTimer,
    QEventLoop,
    QMessageLogContext,
    QObject,
    QSize,
    Qt,
    QThread,
    QtMsgType,
    Signal,
    Slot,
    qInstallMessageHandler,
    qVersion,
)
from PySide6.QtGui import QIcon, QImage, QImageReader
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QMainWindow, QWidget

from tictactoe_gui import (
    APP_DISPLAY_NAME,
    APP_NAME,
    DESKTOP_FILE_NAME,
    ORGANIZATION_DOMAIN,
    ORGANIZATION_NAME,
    __version__,
    startup_probe,
)
from tictactoe_gui.assets import asset_path
from tictactoe_gui.cli import finished_game
from tictactoe_gui.engine import GameRecord, Mark, PersonaPlayer, get_persona, play_game
from tictactoe_gui.storage.records import GameMode, Side
from tictactoe_gui.storage.repository import Repository

#: The game the self-test plays: Cop (X) against Sera (O), from a fixed seed.
SEED = 20_261_125
X_PERSONA = "cop"
O_PERSONA = "sera"
#: Generous: the whole game takes well under a second even on a slow machine.
GAME_TIMEOUT_MS = 60_000
PERSONA_KEYS = ("kitty", "cop", "sera")
#: What Qt's offscreen platform says about features a screen-less platform lacks.
OFFSCREEN_NOISE = frozenset({"This plugin does not support propagateSizeHints()"})


class SelfTestError(Exception):
    """A check that did not hold; the message is the one line the user sees."""


def run_self_test(*, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run every check; 0 if all hold, 1 with a one-line reason on stderr otherwise."""
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    # Before any QApplication exists: the self-test must run without a display.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    previous_handler = qInstallMessageHandler(_forward_qt_message)
    try:
        findings = _run_checks()
    except SelfTestError as failure:
        reason = str(failure)
    except Exception as error:  # anything unexpected is a failure too, reported in one line
        reason = f"{type(error).__name__}: {error}"
    else:
        qInstallMessageHandler(previous_handler)
        print(f"{APP_NAME} {__version__} self-test passed: {'; '.join(findings)}", file=stdout)
        return 0
    qInstallMessageHandler(previous_handler)
    print(f"{APP_NAME} self-test failed: {' '.join(reason.split())}", file=stderr)
    return 1


def _forward_qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    # Keeps a passing run's output to its one line; real warnings still show.
    if message not in OFFSCREEN_NOISE:
        print(message, file=sys.stderr)


def _run_checks() -> list[str]:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([APP_NAME])
    _identify(app)
    startup_probe.install(app)
    findings = [f"Qt {qVersion()} on the {app.platformName()} platform"]
    findings.append(_check_art())
    window = _open_window(app)
    try:
        findings.append(f"window {window.width()}x{window.height()} painted")
        record = _play_in_engine_thread(app)
        findings.append(_check_game(record))
        findings.append(_check_records(record))
    finally:
        window.close()
        window.deleteLater()
        app.processEvents()
    return findings


def _identify(app: QApplication) -> None:
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_DISPLAY_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName(ORGANIZATION_NAME)
    app.setOrganizationDomain(ORGANIZATION_DOMAIN)
    app.setDesktopFileName(DESKTOP_FILE_NAME)


# -- art -------------------------------------------------------------------------------


def _check_art() -> str:
    """Every picture loads through the same Qt plugins the window uses, and is not blank."""
    formats = {bytes(f.data()).decode() for f in QImageReader.supportedImageFormats()}
    missing = {"png", "svg"} - formats
    if missing:
        raise SelfTestError(f"Qt cannot read {', '.join(sorted(missing))} images in this build")

    icon = QIcon(str(asset_path(f"icons/{APP_NAME}.svg")))
    if icon.isNull():
        raise SelfTestError("the app icon did not load")
    _require_drawn(icon.pixmap(QSize(64, 64)).toImage(), "the app icon")
    _require_drawn(
        QImage(str(asset_path(f"icons/hicolor/48x48/apps/{APP_NAME}.png"))), "the 48 px icon"
    )
    for key in PERSONA_KEYS:
        reader = QImageReader(str(asset_path(f"personas/{key}.svg")))
        reader.setScaledSize(QSize(96, 96))
        _require_drawn(reader.read(), f"the {key} portrait ({reader.errorString()})")
    return f"icon and {len(PERSONA_KEYS)} portraits drawn"


def _require_drawn(image: QImage, what: str) -> None:
    if image.isNull():
        raise SelfTestError(f"{what} did not load")
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    if centre.alpha() == 0:
        raise SelfTestError(f"{what} loaded but is blank")


# -- window ----------------------------------------------------------------------------


def _open_window(app: QApplication) -> QMainWindow:
    """Show a window and wait until it has been painted once.

    The window is a plain main window carrying the app's icon and portraits,
    which exercises the same widgets, styles and image plugins as the game's.
    """
    window = QMainWindow()
    window.setWindowTitle(f"{APP_DISPLAY_NAME} self-test")
    window.setWindowIcon(QIcon(str(asset_path(f"icons/{APP_NAME}.svg"))))
    central = QWidget(window)
    row = QHBoxLayout(central)
    for key in PERSONA_KEYS:
        label = QLabel(central)
        label.setPixmap(QIcon(str(asset_path(f"personas/{key}.svg"))).pixmap(QSize(96, 96)))
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        row.addWidget(label)
    window.setCentralWidget(central)
    window.statusBar().showMessage("Self-test running")
    window.resize(480, 240)
    window.show()
    _wait_until(
        app,
        lambda: window.isVisible() and window.windowHandle().isExposed(),
        10_000,
        "the window to show",
    )
    shot = window.grab().toImage()
    if shot.isNull() or shot.width() == 0:
        raise SelfTestError("the window could not be painted")
    return window


# -- the game ----------------------------------------------------------------------------


class _GameWorker(QObject):
    played = Signal(object)  # GameRecord
    failed = Signal(str)

    @Slot()
    def play(self) -> None:
        try:
            self.played.emit(_play_seeded_game())
        except Exception as error:  # reported to the GUI thread, never lost in the thread
            self.failed.emit(f"{type(error).__name__}: {error}")


def _play_in_engine_thread(app: QApplication) -> GameRecord:
    """Play the seeded game in a separate QThread, as the window's engine does.

    Only the frozen game record crosses back to this thread, through a queued signal.
    """
    results: list[GameRecord] = []
    errors: list[str] = []
    thread = QThread()
    thread.setObjectName("engine")
    worker = _GameWorker()
    worker.moveToThread(thread)
    thread.started.connect(worker.play)
    worker.played.connect(results.append)
    worker.failed.connect(errors.append)
    thread.finished.connect(worker.deleteLater)
    thread.start()
    try:
        _wait_until(app, lambda: bool(results or errors), GAME_TIMEOUT_MS, "the game to end")
    finally:
        thread.quit()
        if not thread.wait(10_000):
            raise SelfTestError("the engine thread did not stop")
    if errors:
        raise SelfTestError(f"the engine thread failed: {errors[0]}")
    return results[0]


def _play_seeded_game() -> GameRecord:
    rng = random.Random(SEED)
    return play_game(
        PersonaPlayer(get_persona(X_PERSONA), rng),
        PersonaPlayer(get_persona(O_PERSONA), rng),
        seed=SEED,
    )


def _check_game(record: GameRecord) -> str:
    board = record.start
    for entry in record.moves:
        if board.to_move is not entry.mark:
            raise SelfTestError(f"ply {entry.ply} was played by the wrong side")
        board = board.play(entry.move)
    if board != record.final or not board.is_over:
        raise SelfTestError("the game record does not replay to its final position")
    if record.winner is Mark.X:
        raise SelfTestError(f"{record.o_name} lost a game, which a perfect player never does")
    # Same seed, same game: the engine thread ran the very engine this process holds.
    again = _play_seeded_game()
    if [m.move for m in again.moves] != [m.move for m in record.moves]:
        raise SelfTestError("the seeded game did not replay identically")
    return f"{record.x_name} v {record.o_name}: {record.outcome} in {record.plies} plies"


# -- records -----------------------------------------------------------------------------


def _check_records(record: GameRecord) -> str:
    """Save the game to a fresh database file, read it back, and compare."""
    now = datetime.now(UTC)
    finished = finished_game(
        record, Side.persona(X_PERSONA), Side.persona(O_PERSONA), GameMode.AI_VS_AI, now, now
    )
    with tempfile.TemporaryDirectory(prefix=f"{APP_NAME}-self-test-") as folder:
        repository = Repository.open(Path(folder) / "records.sqlite3")
        try:
            game_id = repository.save_game(finished)
            detail = repository.game(game_id)
        finally:
            repository.close()
    stored = [(m.ply, m.cell, m.mark) for m in detail.moves]
    played = [(m.ply, m.cell, m.mark) for m in finished.moves]
    if stored != played:
        raise SelfTestError("the recorded moves read back differently")
    if (detail.summary.result, detail.summary.x, detail.summary.o) != (
        finished.result,
        finished.x,
        finished.o,
    ):
        raise SelfTestError("the recorded result or players read back differently")
    return f"game saved as #{game_id} and read back intact"


# -- waiting ---------------------------------------------------------------------------


def _wait_until(
    app: QApplication, condition: Callable[[], bool], timeout_ms: int, waiting_for: str
) -> None:
    """Run the event loop until ``condition`` holds, or fail after ``timeout_ms``."""
    deadline = QDeadlineTimer(timeout_ms)
    while not condition():
        if deadline.hasExpired():
            raise SelfTestError(
                f"timed out after {timeout_ms / 1000:g} s waiting for {waiting_for}"
            )
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)


if __name__ == "__main__":
    sys.exit(run_self_test())
