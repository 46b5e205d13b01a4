"""Command-line test fixtures: a records file of the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe_gui.storage import DATABASE_ENV_VAR


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A records file under ``tmp_path``; the default one is moved there too, so that no
    test touches the user's own."""
    monkeypatch.setenv(DATABASE_ENV_VAR, str(tmp_path / "default.sqlite3"))
    return tmp_path / "records.sqlite3"
