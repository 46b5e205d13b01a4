"""The analysis dock's heading at a game's end is the status bar's sentence, in every game."""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_human, play, settle
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode


def heading_at_the_end(qtbot: QtBot, window: MainWindow) -> str:
    dock = window.analysis_dock
    qtbot.waitUntil(lambda: dock.prediction_text().startswith("Game over"), timeout=10_000)
    return dock.prediction_text()


@pytest.mark.parametrize(
    ("cells", "words"),
    [((0, 3, 1, 4, 2), "Alice (X) wins"), ((0, 4, 8, 1, 7, 6, 2, 5, 3), "a draw")],
)
def test_k_in_a_row_ends_in_the_dock_as_in_the_status_bar(
    qtbot: QtBot, window: MainWindow, cells: tuple[int, ...], words: str
) -> None:
    window.new_game(human_vs_human())
    for cell in cells:
        assert play(window, cell // 3, cell % 3)
    settle(qtbot, window)
    assert heading_at_the_end(qtbot, window) == f"Game over: {words}."
    assert window.turn_label.text() == f"Game over: {words}."


@pytest.mark.parametrize(("game", "seed"), [("connect4", 1), ("connect4", 2), ("rowcol4", 3)])
def test_a_table_game_ends_in_the_dock_as_in_the_status_bar(
    qtbot: QtBot, window: MainWindow, game: str, seed: int
) -> None:
    spec = find_game(game)
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    table = window.start_table_game(setup, seed=seed)
    session = table.session
    assert session is not None
    rng = random.Random(seed)
    while not session.is_over:
        move = rng.choice(session.state.legal_moves())
        table.cell_activated(*divmod(move, spec.cols))
    words = session.result_words()
    assert words
    heading = heading_at_the_end(qtbot, window)
    assert heading == f"Game over: {words}."
    assert heading == window.turn_label.text()


def test_a_game_given_up_ends_in_the_dock_in_one_sentence(qtbot: QtBot, window: MainWindow) -> None:
    spec = find_game("connect4")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    table = window.start_table_game(setup, seed=1)
    session = table.session
    assert session is not None
    table.cell_activated(*divmod(session.state.legal_moves()[0], spec.cols))
    table.resign()
    assert heading_at_the_end(qtbot, window) == "Game over: Bob (O) resigned; Ann (X) wins."
