"""A game of a series between two computer players, saved from the window, keeps the series:
its length, its seed, its pace and the score of the games played so far."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.gui.test_table_series import SERIES_TIMEOUT_MS, connect_four_series
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session import table_file


def test_a_connect_four_series_is_saved_with_its_score(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.table.tally_changed.connect(lambda tally: tally.games and window.game_set_paused(True))
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
    window.table.tally_changed.connect(lambda tally: tally.games and window.game_set_paused(True))
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
