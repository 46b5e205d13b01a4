"""Fixtures for the records windows: a real records file seeded with known games."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.storage.games import human, make_game, persona
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import Result

X_WINS, O_WINS, DRAW = Result.X_WINS, Result.O_WINS, Result.DRAW


@pytest.fixture
def repo(tmp_path: Path) -> Iterator[Repository]:
    with Repository.open(tmp_path / "records.sqlite3") as repository:
        yield repository


@pytest.fixture
def league(repo: Repository) -> Repository:
    """Alice 4W 1L 1D; Bob 1W 1L 1D; Kitty 0W 4L; Cop 1W 1L 1D; Sera 1W 0L 1D.

    Against Kitty: Alice 2-0-0, Bob 1-0-0, Cop 1-0-0.
    """
    alice, bob = human("Alice"), human("Bob")
    kitty, cop, sera = persona("kitty"), persona("cop"), persona("sera")
    repo.save_games(
        [
            make_game(alice, kitty, X_WINS, minute=1),
            make_game(alice, kitty, X_WINS, minute=2),
            make_game(alice, sera, DRAW, minute=3),
            make_game(sera, alice, X_WINS, minute=4),
            make_game(bob, alice, O_WINS, minute=5),
            make_game(kitty, bob, O_WINS, minute=6),
            make_game(bob, cop, DRAW, minute=7),
            make_game(kitty, cop, O_WINS, minute=8),
            make_game(alice, cop, X_WINS, minute=9),
        ]
    )
    return repo
