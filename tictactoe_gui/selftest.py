"""``tictactoe-gui --self-test``: prove that this build of the app works, with no user.

It is what the frozen bundle runs in CI, and what a person can run to check an
install: it starts Qt offscreen (no display needed), loads the art, opens the
real main window on a temporary records database, plays one seeded AI vs AI
game in it through the window's engine thread, and reads the game the window
saved back from the file. Exit status 0 and one "passed" line on success;
otherwise status 1 and one line on stderr naming the first thing that went
wrong. Settings and records go to a temporary folder, so it leaves no trace.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import (
    QDeadlineTimer,
    QEventLoop,
    QMessageLogContext,
    QSettings,
    QSize,
    QtMsgType,
    qInstallMessageHandler,
    qVersion,
)
from PySide6.QtGui import QIcon, QImage, QImageReader
from PySide6.QtWidgets import QApplication

from tictactoe_gui import APP_NAME, __version__, startup_probe
from tictactoe_gui.assets import asset_path
from tictactoe_gui.engine import Board, Mark, Move, get_persona
from tictactoe_gui.gui.app import after_first_paint, create_application
from tictactoe_gui.gui.controls import GameOverInfo
from tictactoe_gui.gui.interrupt import InterruptHandler, raise_if_interrupted
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session.seats import PlayerSpec
from tictactoe_gui.session.setup import GameSetup
from tictactoe_gui.storage.records import GameDetail, GameMode, Result
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
    app = create_application([APP_NAME])
    # Ctrl-C stops the run where the event loop is turned, and the window closes as usual.
    interrupt = InterruptHandler(app)
    interrupt.install()
    try:
        return _run_checks_in(app)
    finally:
        interrupt.uninstall()


def _run_checks_in(app: QApplication) -> list[str]:
    findings = [f"Qt {qVersion()} on the {app.platformName()} platform"]
    findings.append(_check_art())
    findings.append(_check_compiled_search())
    findings.append(_check_compiled_gravity_solver())
    findings.append(_check_compiled_proof_search())
    with tempfile.TemporaryDirectory(prefix=f"{APP_NAME}-self-test-") as scratch:
        folder = Path(scratch)
        # Any QSettings the window makes lands here, not in the user's configuration.
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, scratch)
        repository = Repository.open(folder / "records.sqlite3")
        try:
            findings += _check_window(app, repository)
        finally:
            repository.close()
    return findings


def _check_window(app: QApplication, repository: Repository) -> list[str]:
    # Shown as the app shows it: the frame first, completed after its first paint.
    window = MainWindow(QSettings(), staged=True)
    after_first_paint(window, lambda: window.complete(repository))
    startup_probe.install(window, ready=window.ready)
    try:
        window.show()
        _wait_until(
            app,
            lambda: window.isVisible() and window.windowHandle().isExposed(),
            10_000,
            "the main window to show",
        )
        _wait_until(app, lambda: window.is_ready, 10_000, "the main window to be complete")
        if window.grab().toImage().isNull():
            raise SelfTestError("the main window could not be painted")
        findings = [f"main window {window.width()}x{window.height()} painted"]
        info, engine_moves = _play_in_window(app, window)
        detail = _saved_game(info, repository)
        shown = window.controller.state.marks_board()
        assert shown is not None
        findings.append(_check_game(detail, shown, engine_moves))
        findings.append(_check_records(detail, window, info.saved_id))
    finally:
        window.close()
        app.processEvents()
    if window.engine_running():
        raise SelfTestError("the engine thread was still running after the window closed")
    return findings


# -- the compiled search --------------------------------------------------------------

#: A gomoku middle game (X to move) the compiled search is checked on.
SEARCH_X = (6, 6), (6, 8), (7, 7), (8, 6)
SEARCH_O = (5, 7), (7, 6), (7, 8), (6, 7)


def _check_compiled_search() -> str:
    """The big-board engine's C core is in this build and finds what the Python code finds."""
    from tictactoe_gui.engine.mnk import Limit, native, search

    if not native.available():
        raise SelfTestError(f"the compiled search core is missing ({native.UNAVAILABLE})")
    x = sum(1 << (row * 15 + col) for row, col in SEARCH_X)
    o = sum(1 << (row * 15 + col) for row, col in SEARCH_O)
    found = []
    for compiled in (True, False):
        result = search(15, 15, 5, x, o, Limit(depth=3), proofs=False, compiled=compiled)
        found.append((result.best, result.score, result.mate, result.nodes))
    if found[0] != found[1]:
        raise SelfTestError(
            f"the compiled search found {found[0]}, the Python reference {found[1]}"
        )
    return f"compiled search agrees ({found[0][3]} nodes)"


#: A Connect Four position (column digits) the compiled solver is checked on.
GRAVITY_MOVES = "44533166752233"


def _check_compiled_gravity_solver() -> str:
    """The Connect Four solver's C module is in this build and scores as the Python one."""
    from tictactoe_gui.engine import gravity_native
    from tictactoe_gui.engine.gravity_search import ExactSolver, GravityBoard, Position

    if not gravity_native.available():
        raise SelfTestError(
            f"the compiled Connect Four solver is missing ({gravity_native.UNAVAILABLE})"
        )
    board = GravityBoard(6, 7, 4)
    position = Position(0, 0, 0)
    for digit in GRAVITY_MOVES:
        position = board.played(position, int(digit) - 1)
    compiled = gravity_native.NativeSolver(board, table_log2=16).score(position)
    reference = ExactSolver(board).score(position)
    if compiled != reference:
        raise SelfTestError(
            f"the compiled Connect Four solver scored {compiled}, the Python reference {reference}"
        )
    return f"compiled Connect Four solver agrees (score {compiled:+d})"


def _check_compiled_proof_search() -> str:
    """``solve``'s compiled proof search is in this build and proves what the Python one does."""
    from tictactoe_gui.engine.mnk import proof_native
    from tictactoe_gui.engine.mnk.solve import solve

    if not proof_native.available():
        raise SelfTestError(f"the compiled proof search is missing ({proof_native.UNAVAILABLE})")
    found = []
    for compiled in (True, False):
        # 4x4 three in a row: a first-player win in 5 plies.
        solution = solve(4, 4, 3, method="proof", compiled=compiled)
        found.append((solution.outcome.value, solution.plies, solution.line, solution.nodes))
    if found[0] != found[1]:
        raise SelfTestError(
            f"the compiled proof search found {found[0]}, the Python reference {found[1]}"
        )
    return f"compiled proof search agrees ({found[0][3]} nodes)"


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


# -- the game ----------------------------------------------------------------------------


def _play_in_window(app: QApplication, window: MainWindow) -> tuple[GameOverInfo, int]:
    """Play one seeded AI vs AI game in the window, at top speed, until it is over.

    Returns what the window reports at the end, and how many moves the engine
    thread chose (every move of an AI vs AI game must come from there).
    """
    controller = window.controller
    ended: list[GameOverInfo] = []
    chosen: list[object] = []
    controller.game_over.connect(lambda info: ended.append(info) if info is not None else None)
    controller.engine.move_chosen.connect(chosen.append)
    controller.set_think_ms(0)
    window.new_game(
        GameSetup(
            GameMode.AI_VS_AI,
            PlayerSpec.ai(X_PERSONA),
            PlayerSpec.ai(O_PERSONA),
            move_delay_ms=0,
            seed=SEED,
        )
    )
    _wait_until(app, lambda: bool(ended), GAME_TIMEOUT_MS, "the AI vs AI game to end")
    return ended[0], len(chosen)


def _saved_game(info: GameOverInfo, repository: Repository) -> GameDetail:
    """The game the window saved, read back from the records file."""
    if info.saved_id is None:
        raise SelfTestError("the window did not save the finished game")
    return repository.game(info.saved_id)


def _check_game(record: GameDetail, shown: Board, engine_moves: int) -> str:
    summary = record.summary
    board = Board.from_text(summary.start_board)
    for entry in record.moves:
        if str(board.to_move) != entry.mark:
            raise SelfTestError(f"ply {entry.ply} was played by the wrong side")
        board = board.play(Move.from_index(entry.cell))
    if not board.is_over or board != shown:
        raise SelfTestError("the recorded game does not replay to the position on the board")
    winner = board.winner
    expected = Result.DRAW if winner is None else Result(str(winner))
    if summary.result is not expected:
        raise SelfTestError(f"the game was recorded as {summary.result}, the board says {expected}")
    if winner is Mark.X:
        raise SelfTestError("Sera lost a game, which a perfect player never does")
    plies = len(record.moves)
    if engine_moves != plies:
        raise SelfTestError(f"the engine thread chose {engine_moves} of the game's {plies} moves")
    outcome = "draw" if winner is None else f"{winner} wins"
    players = f"{get_persona(X_PERSONA).name} v {get_persona(O_PERSONA).name}"
    return f"{players}: {outcome} in {plies} plies, every move from the engine thread"


# -- records -----------------------------------------------------------------------------


def _check_records(detail: GameDetail, window: MainWindow, saved_id: int | None) -> str:
    """The game read back from the file is the game played on the board, move by move."""
    session = window.controller.session
    assert session is not None
    start = session.start
    stored = [(m.cell, m.mark) for m in detail.moves]
    played, state = [], start
    for move in session.moves:
        mover = state.to_move
        assert mover is not None
        played.append((move, start.spec.seats[mover]))
        state = state.play(move)
    if stored != played:
        raise SelfTestError("the recorded moves read back differently")
    summary = detail.summary
    names = (summary.x.name, summary.o.name)
    if names != (session.seat(0).name, session.seat(1).name):
        raise SelfTestError("the recorded players read back differently")
    return f"game saved as #{saved_id} and read back intact"


# -- waiting ---------------------------------------------------------------------------


def _wait_until(
    app: QApplication, condition: Callable[[], bool], timeout_ms: int, waiting_for: str
) -> None:
    """Run the event loop until ``condition`` holds, or fail after ``timeout_ms``."""
    deadline = QDeadlineTimer(timeout_ms)
    while not condition():
        raise_if_interrupted(app)
        if deadline.hasExpired():
            raise SelfTestError(
                f"timed out after {timeout_ms / 1000:g} s waiting for {waiting_for}"
            )
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)


if __name__ == "__main__":
    sys.exit(run_self_test())
