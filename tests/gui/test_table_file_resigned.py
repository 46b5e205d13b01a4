"""Connect Four saved to a file and opened again: a game given up is over and says why; a
game to play on keeps its hints and the time it began."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import human_vs_ai, start
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
    assert window.controller.replaying  # not a game to play on: it was given up
    # One clause, with no dash to chain after a replay's "move 9 of 9: ".
    ending = "Alice (X) resigned; Kitty (O) wins"
    assert window.controller.replay_ending() == ending
    assert window.turn_label.text().endswith(f" — move 2 of 2: {ending}.")


def test_a_saved_game_opens_with_its_hints_and_start_time(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from datetime import UTC, datetime

    from tictactoe_gui.session import table_file
    from tictactoe_gui.session.table import TableSession

    began = datetime(2026, 5, 1, 10, tzinfo=UTC)
    session = TableSession(connect_four("kitty"), 4, began)
    session.set_moves((38, 31))
    session.hints = {0: 2, 1: 0}
    path = tmp_path / "hinted.json"
    table_file.save(path, session)
    assert window.open_game_file(path)
    opened = window.controller.session
    assert opened is not None
    assert opened.moves == session.moves
    assert opened.hints == {0: 2, 1: 0}
    assert opened.started_at == began


def test_a_game_left_unfinished_is_played_on_with_its_hints_at_the_next_start(
    qtbot: QtBot, settings: QSettings, tmp_path: Path, no_leaked_threads: None
) -> None:
    from tictactoe_gui.session import table_file
    from tictactoe_gui.session.table import TableSession

    kept = tmp_path / "game-in-progress.json"
    first = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(first)
    first.start_table_game(connect_four("kitty"), seed=12)  # the game played last
    first.close()
    session = TableSession(connect_four("kitty"), 4)
    session.set_moves((38, 31))
    session.hints = {0: 3, 1: 0}
    table_file.save(kept.with_name("table-game-in-progress.json"), session)
    again = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(again)
    resumed = again.controller.session
    assert resumed is not None
    assert resumed.moves == session.moves
    assert resumed.hints == {0: 3, 1: 0}
    assert resumed.started_at == session.started_at
    again.close()


def test_a_replay_of_a_game_given_up_saved_again_still_ends_with_the_resignation(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from tictactoe_gui.engine import Move
    from tictactoe_gui.engine.games import find_game

    moves = [Move(1, 1), Move(0, 0)]
    cells = [move.row * 3 + move.col for move in moves]
    names = ("Ada", "Cop")
    window.replay_table_game(find_game("tictactoe").new_game(), cells, names, "today", None, 0)
    window.controller.replay_seek(0)  # saved from anywhere in the replay
    path = tmp_path / "replay.json"
    assert window.save_game_to(path)
    window.new_game(human_vs_ai("kitty"))
    assert window.open_game_file(path)
    controller = window.controller
    assert controller.replay_moves == tuple(cells)
    assert tuple(start(window).move_at(cell) for cell in cells) == tuple(moves)
    assert controller.replay_ending() == "Ada (X) resigned; Cop (O) wins"
    assert window.turn_label.text().endswith("move 2 of 2: Ada (X) resigned; Cop (O) wins.")
