"""The history command counts as words do: "in 1 move", never "in 1 moves"."""

from __future__ import annotations

import io
from pathlib import Path

from tests.storage.games import one_move_game
from tictactoe_gui.cli import main
from tictactoe_gui.storage import Repository


def test_the_history_command_counts_one_move(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Repository.open(path) as repo:
        one_move_game(repo)
    out = io.StringIO()
    assert main(["history", "--db", str(path)], stdout=out, stderr=io.StringIO()) == 0
    assert "Alice (X) wins in 1 move  [" in out.getvalue()
