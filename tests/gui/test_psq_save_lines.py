"""A .psq file holds one line: saving a game with variations to one says that the other
lines are left out (a saved game, .json, keeps them)."""

from __future__ import annotations

from pathlib import Path

from tests.gui.test_move_list_variations import with_a_variation
from tictactoe_gui.gui.main_window import MainWindow


def test_saving_a_game_with_variations_as_psq_says_only_the_line_on_the_board_is_saved(
    window: MainWindow, tmp_path: Path
) -> None:
    with_a_variation(window)
    path = tmp_path / "game.psq"
    assert window.save_game_to(path)
    assert len(path.read_text().splitlines()) == 4  # the header and b2 a1 a3
    said = window.statusBar().currentMessage()
    assert said.startswith("Saved the line on the board to game.psq")
    assert "1 other line" in said
    assert window.save_game_to(tmp_path / "game.json")
    assert window.statusBar().currentMessage() == "Saved the game to game.json."
