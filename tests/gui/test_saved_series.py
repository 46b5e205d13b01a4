"""A game of a series between two computer players, saved from the window, keeps the series:
its length, its seed, its pace and the score of the games played so far."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tests.gui.helpers import ai_vs_ai
from tests.gui.test_table_series import SERIES_TIMEOUT_MS, connect_four_series
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session import table_file
from tictactoe_gui.session.series import game_seed


def test_a_connect_four_series_is_saved_with_its_score(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.controller.tally_changed.connect(
        lambda tally: tally.games and window.game_set_paused(True)
    )
    table = window.start_table_game(connect_four_series(3))
    qtbot.waitUntil(lambda: table.tally.games == 1, timeout=SERIES_TIMEOUT_MS)
    path = tmp_path / "series.json"
    assert window.save_game_to(path)
    series = json.loads(path.read_text(encoding="utf-8"))["series"]
    tally = table.tally
    assert (series["games"], series["seed"]) == (3, 5)
    assert (series["wins"], series["draws"]) == (tally.wins, tally.level)
    saved = table_file.load(path)
    assert saved.tally == tally
    assert saved.setup.games == 3


def test_a_connect_four_series_opened_again_plays_on_with_its_score(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.controller.tally_changed.connect(
        lambda tally: tally.games and window.game_set_paused(True)
    )
    table = window.start_table_game(connect_four_series(2))
    qtbot.waitUntil(lambda: table.tally.games == 1, timeout=SERIES_TIMEOUT_MS)
    first = table.tally
    window.game_step()  # the second game, paused
    session = table.session
    assert session is not None
    window.game_step()  # its first move
    qtbot.waitUntil(lambda: len(session.moves) == 1, timeout=SERIES_TIMEOUT_MS)
    path = tmp_path / "series.json"
    assert window.save_game_to(path)
    window.start_table_game(connect_four_series(1))
    assert window.open_game_file(path)
    assert table.tally == first
    assert table.series_left == 1
    assert "game 2 of 2" in window.autoplay_bar.tally.text()


def test_a_connect_four_series_closed_between_two_games_goes_on_at_the_next_start(
    qtbot: QtBot, settings: QSettings, tmp_path: Path, no_leaked_threads: None
) -> None:
    """Closed after a game of a series and before the next, the window opens on the
    series' next game, paused, with the score so far and the game's seed from the series'
    (as ``match`` draws it)."""
    kept = tmp_path / "game-in-progress.json"
    first = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(first)
    first.controller.tally_changed.connect(
        lambda tally: tally.games and first.game_set_paused(True)
    )
    table = first.start_table_game(connect_four_series(3))
    qtbot.waitUntil(lambda: table.tally.games == 1, timeout=SERIES_TIMEOUT_MS)
    assert table.between_games()
    score = table.tally
    first.close()
    again = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(again)
    resumed = again.controller
    assert resumed.session is not None
    assert resumed.session.moves == ()
    assert resumed.tally == score
    assert resumed.series_left == 2
    assert resumed.paused
    assert resumed.session.seed == game_seed(5, 1)
    assert "game 2 of 3" in again.statusBar().currentMessage()
    again.close()
    # Closed again before the next game's first move: it is kept on its empty board.
    third = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(third)
    assert third.controller.tally == score
    assert third.controller.series_left == 2
    assert third.controller.session is not None
    assert third.controller.session.seed == game_seed(5, 1)
    third.close()


def test_a_k_in_a_row_series_closed_between_two_games_goes_on_at_the_next_start(
    qtbot: QtBot, settings: QSettings, tmp_path: Path, no_leaked_threads: None
) -> None:
    kept = tmp_path / "game-in-progress.json"
    first = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(first)
    controller = first.controller
    controller.set_think_ms(0)
    controller.tally_changed.connect(lambda tally: tally.games and controller.set_paused(True))
    setup = replace(ai_vs_ai("kitty", "cop"), move_delay_ms=0, games=3, seed=7)
    first.new_game(setup)
    qtbot.waitUntil(lambda: controller.tally.games == 1, timeout=SERIES_TIMEOUT_MS)
    assert controller.between_games()
    score = controller.tally.copy()
    first.close()
    again = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(again)
    resumed = again.controller
    assert resumed.state.spec.id == "tictactoe"
    assert resumed.session is not None
    assert resumed.session.moves == ()
    assert resumed.tally == score
    assert resumed.series_left == 2
    assert resumed.paused
    assert resumed.session.seed == game_seed(7, 1)
    assert "game 2 of 3" in again.statusBar().currentMessage()
    again.close()
    # Closed again before the next game's first move: it is kept on its empty board.
    third = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(third)
    assert third.controller.state.spec.id == "tictactoe"
    assert third.controller.tally == score
    assert third.controller.series_left == 2
    assert third.controller.session is not None
    assert third.controller.session.seed == game_seed(7, 1)
    third.close()
