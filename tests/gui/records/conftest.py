"""Fixtures for the records windows: a real records file seeded with known games."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.storage.games import seed_league
from tictactoe_gui.storage import Repository


@pytest.fixture
def repo(tmp_path: Path) -> Iterator[Repository]:
    with Repository.open(tmp_path / "records.sqlite3") as repository:
        yield repository


@pytest.fixture
def league(repo: Repository) -> Repository:
    """Alice 4W 1L 1D; Bob 1W 1L 1D; Kitty 0W 4L; Cop 1W 1L 1D; Sera 1W 0L 1D.

    Against Kitty: Alice 2-0-0, Bob 1-0-0, Cop 1-0-0.
    """
    seed_league(repo)
    return repo
