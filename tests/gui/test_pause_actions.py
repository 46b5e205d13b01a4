"""Pause (Ctrl+P) and Step (Ctrl+.) are offered only between two computer players, in every
game: where a person plays, or a recorded game is replayed, there is nothing to pause."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tests.gui.helpers import ai_vs_ai, human_vs_ai, human_vs_human, rowcol_setup
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode


@pytest.fixture
def window(qtbot: QtBot, settings: QSettings) -> Iterator[MainWindow]:
    window = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


def offered(window: MainWindow) -> bool:
    pause, step = window.pause_action.isEnabled(), window.step_action.isEnabled()
    assert pause == step
    return pause


def connect_four(mode: GameMode) -> TableSetup:
    spec = find_game("connect4")
    person, kitty, cop = (
        Seat.human("Alice"),
        Seat.for_game(spec, "kitty"),
        Seat.for_game(spec, "cop"),
    )
    seats = {
        GameMode.HUMAN_VS_AI: (person, kitty),
        GameMode.HUMAN_VS_HUMAN: (person, Seat.human("Bob")),
        GameMode.AI_VS_AI: (kitty, cop),
    }[mode]
    return TableSetup(spec, mode, seats)


def rowcol(mode: GameMode) -> TableSetup:
    players = {
        GameMode.HUMAN_VS_AI: ("person:Alice", "greedy"),
        GameMode.HUMAN_VS_HUMAN: ("person:Alice", "person:Bob"),
        GameMode.AI_VS_AI: ("greedy", "random"),
    }[mode]
    return rowcol_setup(mode, *players)


def test_k_in_a_row_offers_them_only_between_two_personas(window: MainWindow) -> None:
    for setup, between_computers in (
        (ai_vs_ai(), True),
        (human_vs_ai("kitty"), False),
        (ai_vs_ai(), True),
        (human_vs_human(), False),
    ):
        window.new_game(setup)
        assert offered(window) is between_computers, setup.mode


@pytest.mark.parametrize("game", [connect_four, rowcol], ids=["connect4", "rowcol"])
def test_a_table_game_offers_them_only_between_two_computer_players(
    window: MainWindow, game: object
) -> None:
    make = game
    assert callable(make)
    for mode in (GameMode.AI_VS_AI, GameMode.HUMAN_VS_AI, GameMode.AI_VS_AI):
        window.start_table_game(make(mode), seed=1, paused=True)
        assert offered(window) is (mode is GameMode.AI_VS_AI), mode
    window.start_table_game(make(GameMode.HUMAN_VS_HUMAN), seed=1)
    assert not offered(window)
    # Back to k in a row between a person and a persona: nothing to pause there either.
    window.start_table_game(make(GameMode.AI_VS_AI), seed=1, paused=True)
    window.new_game(human_vs_ai("kitty"))
    assert not offered(window)


def test_a_replay_offers_neither(window: MainWindow) -> None:
    window.new_game(ai_vs_ai())
    assert offered(window)
    window.replay_table_game(find_game("tictactoe").new_game(), [4], ("Ada", "Cop"), "today")
    assert not offered(window)
    spec = find_game("connect4")
    window.start_table_game(connect_four(GameMode.AI_VS_AI), seed=1, paused=True)
    assert offered(window)
    window.replay_table_game(spec.new_game(), [3], ("Ada", "Cop"), "today")
    assert not offered(window)
