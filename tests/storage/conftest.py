"""Fixtures for the records tests: a real SQLite file under tmp_path."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from tictactoe_gui.storage import Repository


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "records.sqlite3"


@pytest.fixture
def repo(db_path: Path) -> Iterator[Repository]:
    with Repository.open(db_path) as repository:
        yield repository
