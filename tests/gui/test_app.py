"""``run()``: the application's identity, the window, the event loop and a clean exit."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

import tictactoe_gui
from tictactoe_gui.gui.app import (
    COMPLETE_WITHOUT_PAINT_MS,
    EXIT_INCOMPLETE,
    after_first_paint,
    load_then,
    open_records,
    run,
)
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.storage import DATABASE_ENV_VAR, Repository


@pytest.fixture
def user_settings_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point the default QSettings and records at a temporary folder; undo run()'s knobs."""
    monkeypatch.setenv(DATABASE_ENV_VAR, str(tmp_path / "records.sqlite3"))
    interval = sys.getswitchinterval()
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, str(tmp_path))
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(tmp_path))
    yield tmp_path
    sys.setswitchinterval(interval)


def close_when_complete(close: Callable[[], None]) -> None:
    """Run ``close`` once run()'s window is complete (it is built after its first paint)."""

    def watch() -> None:
        (window,) = [
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        ]
        if window.is_ready:
            close()
        else:
            window.ready.connect(close)

    # The first thing the event loop does: the window exists by then, complete or not.
    QTimer.singleShot(0, watch)


def test_run_shows_the_window_and_exits_cleanly(
    qtbot: QtBot, qapp: QApplication, user_settings_in: Path, no_leaked_threads: None
) -> None:
    seen: list[MainWindow] = []

    def close_window() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        seen.extend(w for w in windows if w.isVisible())
        for window in windows:
            window.close()

    close_when_complete(close_window)
    assert run([]) == 0
    assert len(seen) == 1
    assert seen[0].is_ready
    assert not seen[0].engine_running()
    assert qapp.applicationName() == tictactoe_gui.APP_NAME
    assert qapp.organizationName() == tictactoe_gui.ORGANIZATION_NAME
    assert qapp.applicationVersion() == tictactoe_gui.__version__
    assert qapp.desktopFileName() == tictactoe_gui.DESKTOP_FILE_NAME
    assert list(user_settings_in.rglob("*.conf")) or list(user_settings_in.rglob("*.ini"))
    # The records file is created by the first saved game, not by opening the app.
    assert not (user_settings_in / "records.sqlite3").exists()
    assert seen[0].leaderboard_action.isEnabled()
    seen[0].deleteLater()


def test_records_open_from_the_given_file(tmp_path: Path) -> None:
    opened = open_records(tmp_path / "games.sqlite3")
    assert isinstance(opened.records, Repository)
    assert opened.notice is None
    assert opened.recording_off is None
    opened.records.close()


def test_a_damaged_file_is_kept_aside_with_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    opened = open_records(path)
    assert isinstance(opened.records, Repository)
    assert opened.notice is not None
    assert "kept" in opened.notice
    opened.records.close()


def test_an_unwritable_location_turns_recording_off(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    opened = open_records(blocker / "games.sqlite3")
    assert isinstance(opened.records, InMemoryRecords)
    assert opened.recording_off is not None
    assert "Recording is off" in opened.recording_off


def test_the_window_command_ends_the_process_once_everything_is_saved(
    qtbot: QtBot,
    qapp: QApplication,
    user_settings_in: Path,
    no_leaked_threads: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Python's own teardown of the Qt types would keep the process for most of a second
    after the window has gone (see tests/benchmarks/bench_startup.py); it is skipped."""
    ended: list[tuple[int, bool, bool]] = []
    windows: list[MainWindow] = []

    class ExitCalledError(Exception):
        pass

    def fake_exit(status: int) -> None:
        settings_written = bool(list(user_settings_in.rglob("*.conf")))
        engine_stopped = not windows[0].engine_running()
        ended.append((status, settings_written, engine_stopped))
        raise ExitCalledError

    monkeypatch.setattr("tictactoe_gui.gui.app.os._exit", fake_exit)

    def close_window() -> None:
        windows.extend(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
        for window in windows:
            window.close()

    close_when_complete(close_window)
    with pytest.raises(ExitCalledError):
        run([], exit_process=True)
    assert ended == [(0, True, True)]
    windows[0].deleteLater()


def test_a_window_that_cannot_be_completed_ends_the_app_with_the_error(
    qtbot: QtBot,
    qapp: QApplication,
    user_settings_in: Path,
    no_leaked_threads: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def broken(window: MainWindow) -> None:
        raise RuntimeError("the docks could not be built")

    # After the engine thread has started: it must still be stopped.
    monkeypatch.setattr(MainWindow, "_create_dock_windows", broken)

    def close_all() -> None:  # a failure, not a wait: if the app did not end, end it
        for window in QApplication.topLevelWidgets():
            window.close()

    guard = QTimer()
    guard.setSingleShot(True)
    guard.timeout.connect(close_all)
    guard.start(10_000)
    assert run([]) == EXIT_INCOMPLETE
    guard.stop()
    assert "RuntimeError: the docks could not be built" in capsys.readouterr().err
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    assert all(not w.is_ready and not w.engine_running() for w in windows)
    for window in windows:
        window.deleteLater()


class TestAfterFirstPaint:
    """run() completes the window on the event loop's turn after its first paint."""

    def test_the_callback_runs_once_after_the_first_paint(self, qtbot: QtBot) -> None:
        widget = QWidget()
        qtbot.addWidget(widget)
        calls: list[bool] = []
        after_first_paint(widget, lambda: calls.append(widget.isVisible()))
        assert calls == []
        widget.show()
        # Well before the fallback: it is the paint that brings it.
        qtbot.waitUntil(lambda: calls == [True], timeout=COMPLETE_WITHOUT_PAINT_MS // 2)
        widget.repaint()
        widget.hide()
        widget.show()
        widget.repaint()
        assert calls == [True]

    def test_with_no_paint_it_runs_anyway_and_only_once(
        self, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr("tictactoe_gui.gui.app.COMPLETE_WITHOUT_PAINT_MS", 0)
        widget = QWidget()
        qtbot.addWidget(widget)
        calls: list[str] = []
        after_first_paint(widget, lambda: calls.append("called"))
        qtbot.waitUntil(lambda: calls == ["called"], timeout=5000)  # never shown
        widget.show()
        qtbot.waitExposed(widget)
        widget.repaint()
        qapp = QApplication.instance()
        assert qapp is not None
        qapp.processEvents()
        assert calls == ["called"]


def test_the_rest_of_the_window_loads_on_a_thread_and_completes_it_on_the_gui_thread(
    qtbot: QtBot,
) -> None:
    """After the first paint the app imports what the complete window needs on a thread of
    its own, so the frame takes clicks meanwhile; completing it runs on the GUI thread."""
    parent = QWidget()
    qtbot.addWidget(parent)
    loaded_first: list[bool] = []
    on_gui_thread: list[bool] = []

    def complete() -> None:
        loaded_first.append("tictactoe_gui.gui.window.later" in sys.modules)
        on_gui_thread.append(threading.current_thread() is threading.main_thread())

    load_then("tictactoe_gui.gui.window.later", complete, parent)
    qtbot.waitUntil(lambda: bool(on_gui_thread), timeout=10_000)
    assert loaded_first == [True]
    assert on_gui_thread == [True]
