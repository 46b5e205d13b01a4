"""An unexpected error never leaves a game hanging in silence: the window says what went
wrong, the game is kept (and can be saved), a finished game is still recorded, and the
error's traceback goes to a log file whose place the About box shows.

These tests raise inside a slot on purpose, so pytest-qt's own capture of such errors
is off for them (``qt_no_exception_capture``): the app's reporter is what catches them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_human, moves, play, rowcol_setup
from tests.gui.rowcol_table import RowColTable
from tictactoe_gui.engine import Move
from tictactoe_gui.gui.error_log import MAX_LOG_BYTES, ErrorReporter, error_log_path, logger
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.storage.database import DATABASE_ENV_VAR
from tictactoe_gui.storage.records import GameMode, Result

pytestmark = pytest.mark.qt_no_exception_capture


@pytest.fixture
def reporter(window: MainWindow, tmp_path: Path) -> Iterator[ErrorReporter]:
    """The reporter as the app installs it, logging to a file under ``tmp_path``."""
    reporter = ErrorReporter(tmp_path / "data" / "errors.log", window)
    reporter.install()
    reporter.error.connect(window.show_unexpected_error)
    window.set_error_log(reporter.logging_to)
    yield reporter
    reporter.uninstall()


def test_an_error_in_a_slot_is_shown_logged_and_the_game_is_kept(
    qtbot: QtBot, window: MainWindow, reporter: ErrorReporter, tmp_path: Path
) -> None:
    controller = window.controller
    window.new_game(human_vs_human())
    assert play(window, 1, 1)
    assert play(window, 0, 0)

    def broken(*_: object) -> None:
        raise KeyError("a1 is not a legal move")

    controller.position_changed.connect(broken)
    assert play(window, 2, 2)
    controller.position_changed.disconnect(broken)
    qtbot.waitUntil(lambda: window._error_box is not None, timeout=5000)
    box = window._error_box
    assert box is not None
    assert box.text() == "Something went wrong: KeyError: 'a1 is not a legal move'"
    assert str(reporter.logging_to) in box.informativeText()
    assert "Save Game (Ctrl+S)" in box.informativeText()
    assert "Traceback" in box.detailedText()
    log = (tmp_path / "data" / "errors.log").read_text(encoding="utf-8")
    assert "Traceback" in log
    assert "KeyError: 'a1 is not a legal move'" in log
    # The game goes on, and can be saved.
    assert moves(window) == (Move(1, 1), Move(0, 0), Move(2, 2))
    saved = tmp_path / "kept.json"
    assert window.save_game_to(saved)
    from tictactoe_gui.session import table_file

    session = controller.session
    assert session is not None
    assert table_file.load(saved).moves == session.moves == (4, 0, 8)
    # A second error while the box is open updates it instead of stacking another.
    reporter.report(ValueError("again"))
    qtbot.waitUntil(lambda: box.text().endswith("ValueError: again"), timeout=5000)
    assert window._error_box is box
    # The About box says where the log is.
    about = window.show_about()
    assert str(reporter.logging_to) in about.text()
    about.close()
    box.close()


def test_a_game_that_ends_on_an_error_is_still_recorded_with_its_banner(
    qtbot: QtBot,
    window: MainWindow,
    reporter: ErrorReporter,
    records: InMemoryRecords,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    controller = window.controller
    window.new_game(human_vs_human())
    for move in (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1)):
        assert play(window, move.row, move.col)

    def broken(ply: int) -> object:
        raise RuntimeError("the coach tripped")

    # Judging the moves fails every time from now on: the game must still end properly.
    monkeypatch.setattr(controller.session, "judgement_at", broken)
    assert play(window, 0, 2)  # X completes the top row
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    assert window.banner.isVisible()
    assert window.banner.headline.text() == controller.game_over_info.headline
    assert len(records.games) == 1
    assert records.games[0].result is Result.X_WINS
    assert records.games[0].plies == 5
    qtbot.waitUntil(lambda: window._error_box is not None, timeout=5000)
    assert window._error_box is not None
    assert "the coach tripped" in window._error_box.text()
    window._error_box.close()


def test_the_log_sits_beside_the_records_and_is_capped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATABASE_ENV_VAR, str(tmp_path / "records" / "records.sqlite3"))
    path = error_log_path()
    assert path == tmp_path / "records" / "errors.log"
    reporter = ErrorReporter(path)
    reporter.install()
    try:
        for number in range(MAX_LOG_BYTES // 1000 * 3):
            logger.error("line %d %s", number, "x" * 1000)
    finally:
        reporter.uninstall()
    kept = sorted(p.name for p in path.parent.iterdir())
    assert kept == ["errors.log", "errors.log.1"]
    assert all(p.stat().st_size <= MAX_LOG_BYTES + 2000 for p in path.parent.iterdir())


def test_a_row_and_column_engine_failure_is_said_and_logged(
    qtbot: QtBot,
    rowcol_window: RowColTable,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    from tictactoe_gui.engine import row_and_column as module

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("the search tripped")

    monkeypatch.setattr(module, "analyse", broken)
    window = rowcol_window
    window.start(
        rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Alice", "person:Bob"),
        seed=5,
    )
    qtbot.waitUntil(lambda: window.message.startswith("The engine failed"), timeout=5000)
    assert "RuntimeError: the search tripped" in window.message
    assert "Undo (Ctrl+Z)" in window.message
    assert any("the search tripped" in (r.exc_text or "") for r in caplog.records)
    # The game goes on: a take is still played.
    cell = window.position.allowed_cells()[0]
    window.take(cell)
    assert window.session.moves == (cell,)


def test_the_log_is_found_only_when_needed_and_an_early_error_opens_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The app installs the reporter before its first paint with a function that finds the
    log (finding it loads the records' code): an error before the window is complete
    still reaches the log."""
    asked: list[int] = []
    path = tmp_path / "early" / "errors.log"

    def find() -> Path:
        asked.append(1)
        return path

    reporter = ErrorReporter(find, window)
    reporter.install()
    try:
        assert asked == []
        assert reporter.logging_to is None
        with qtbot.waitSignal(reporter.error, timeout=5000):
            reporter.report(ValueError("before the window was complete"))
        assert reporter.logging_to == path
        assert "before the window was complete" in path.read_text()
        reporter.open_log()  # as the window completes: nothing more to find
        assert asked == [1]
    finally:
        reporter.uninstall()
