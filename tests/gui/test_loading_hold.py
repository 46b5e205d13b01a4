"""While the window draws a click on its first frame, the loading of the rest of the window
waits at its imports until that drawing is painted: the click is not drawn taking turns
with the loading for Python's GIL (gui/app.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from tictactoe_gui.gui import app


def a_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> str:
    """A package of two modules that nothing has loaded yet."""
    root = tmp_path / name
    root.mkdir()
    (root / "__init__.py").write_text(f"from {name} import part\n")
    (root / "part.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def test_the_loading_waits_at_its_imports_until_the_drawing_is_painted(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "HOLD_LIMIT_S", 60.0)  # only the paint lets it go here
    name = a_package(tmp_path, monkeypatch, "held_while_drawn")
    widget = QWidget()
    qtbot.addWidget(widget)
    loaded: list[bool] = []
    loading = app._LoadThen(name, lambda: loaded.append(name in sys.modules), widget)
    loading.hold_until_painted(widget)
    loading.start()
    assert loading.holding.waited.wait(30)  # at its first import
    assert name not in sys.modules
    widget.show()  # painted: the loading goes on, and the callback follows
    qtbot.waitUntil(lambda: loaded == [True], timeout=30_000)
    assert f"{name}.part" in sys.modules
    assert loading.holding not in sys.meta_path


def test_a_hold_ends_by_itself_if_no_paint_comes(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "HOLD_LIMIT_S", 0.05)
    name = a_package(tmp_path, monkeypatch, "held_without_paint")
    widget = QWidget()  # never shown, so never painted
    qtbot.addWidget(widget)
    loaded: list[bool] = []
    loading = app._LoadThen(name, lambda: loaded.append(name in sys.modules), widget)
    loading.hold_until_painted(widget)
    loading.start()
    qtbot.waitUntil(lambda: loaded == [True], timeout=30_000)
    assert loading.holding.waited.is_set()


def test_other_threads_pass_a_hold_at_once(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app, "HOLD_LIMIT_S", 60.0)
    holding = app._HoldAtImports()
    holding.thread_id = -1  # some other thread's
    holding.hold()
    assert holding.find_spec("anything") is None
    assert not holding.waited.is_set()
