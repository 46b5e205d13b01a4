"""A Connect Four game given up, saved to a file and opened again: it is over, and says why."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import human_vs_ai
from tests.gui.test_table_games import connect_four
from tictactoe_gui.gui.main_window import MainWindow


def test_a_game_given_up_and_saved_opens_as_a_replay_that_ends_with_the_resignation(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window._settings.setValue("confirm/resign", False)
    table = window.start_table_game(connect_four("kitty"), seed=14)
    click_cell(qtbot, window.board_view, 0, 3)
    qtbot.waitUntil(lambda: table.is_human_turn() and len(table.state.moves) == 2)
    window.resign_action.trigger()
    assert table.resigned == 0
    path = tmp_path / "given-up.json"
    assert window.save_game_to(path)
    window.new_game(human_vs_ai("kitty"))
    assert window.open_game_file(path)
    assert window.table.replaying  # not a game to play on: it was given up
    # One clause, with no dash to chain after a replay's "move 9 of 9: ".
    ending = "Alice (X) resigned; Kitty (O) wins"
    assert window.table.replay_ending() == ending
    assert window.turn_label.text() == f"{ending}."
