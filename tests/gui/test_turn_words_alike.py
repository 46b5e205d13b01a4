"""The status bar says whose turn it is alike on every board: "Your move (X)." against a
computer player, "Ann (X) to drop." between two people, in k in a row as at the table."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_ai
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode


def test_the_person_to_move_is_spoken_to_alike_in_tic_tac_toe_and_connect_four(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_ai("cop", name="Ann"))
    assert window.turn_label.text() == "Your move (X)."
    spec = find_game("connect4")
    window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "cop")))
    )
    qtbot.waitUntil(lambda: window.turn_label.text() == "Your move (X).", timeout=10_000)
    people = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bea")))
    window.start_table_game(people)
    qtbot.waitUntil(lambda: window.turn_label.text() == "Ann (X) to drop.", timeout=10_000)
