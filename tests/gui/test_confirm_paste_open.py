"""Paste Position or Moves and Open Game replace the game on the board: during a game a
person is playing they ask first, as New Game does (with its "Don't ask again"), in every
game; text that pastes nothing asks nothing and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from tests.gui.helpers import answer, human_vs_ai, moves, play, rowcol_setup, settle
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.window.base import CONFIRM_NEW_GAME
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode


def k_in_a_row(qtbot: QtBot, window: MainWindow) -> tuple[str, Callable[[], int]]:
    window.new_game(human_vs_ai("cop"))
    settle(qtbot, window)
    assert play(window, 1, 1)
    settle(qtbot, window)
    return "a1, b2", lambda: len(moves(window))


def table_game(qtbot: QtBot, window: MainWindow, setup: TableSetup) -> Callable[[], int]:
    window.start_table_game(setup, seed=1)
    table = window.controller
    assert table.session is not None
    session = table.session
    qtbot.waitUntil(table.is_human_turn, timeout=10_000)
    move = session.state.legal_moves()[0]
    cols = session.spec.cols
    table.cell_activated(move // cols, move % cols)
    qtbot.waitUntil(lambda: len(session.moves) >= 2 and table.is_human_turn(), timeout=10_000)
    return lambda: len(session.moves)


def connect_four(qtbot: QtBot, window: MainWindow) -> tuple[str, Callable[[], int]]:
    spec = find_game("connect4")
    setup = TableSetup(
        spec, GameMode.HUMAN_VS_AI, (Seat.human("Alice"), Seat.for_game(spec, "kitty"))
    )
    return "44", table_game(qtbot, window, setup)


def row_and_column(qtbot: QtBot, window: MainWindow) -> tuple[str, Callable[[], int]]:
    setup = rowcol_setup(GameMode.HUMAN_VS_AI, "person:Alice", "greedy", size=3)
    return "1,2,3/4,5,6/7,8,9", table_game(qtbot, window, setup)


GAMES = [k_in_a_row, connect_four, row_and_column]
IDS = ["k-in-a-row", "connect4", "rowcol"]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_paste_asks_before_it_replaces_a_game_in_progress(
    qtbot: QtBot, window: MainWindow, game: Callable[..., tuple[str, Callable[[], int]]]
) -> None:
    text, played = game(qtbot, window)
    assert window.game_at_stake()
    before = played()
    # Text that pastes nothing asks nothing and leaves the game as it was.
    assert window.request_paste("this is no position") is None
    assert "Nothing pasted" in window.statusBar().currentMessage()
    assert played() == before
    box = window.request_paste(text)
    assert isinstance(box, QMessageBox)
    assert "Leave the game in progress?" in box.text()
    assert box.checkBox() is not None
    assert box.checkBox().text() == "Don't ask again"
    answer(box, yes=False)
    assert window.game_at_stake()
    assert played() == before
    box = window.request_paste(text)
    assert box is not None
    answer(box)
    assert "Studying the pasted position" in window.statusBar().currentMessage()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_open_game_asks_before_it_offers_a_file(
    qtbot: QtBot, window: MainWindow, game: Callable[..., tuple[str, Callable[[], int]]]
) -> None:
    game(qtbot, window)
    box = window.request_open_game()
    assert isinstance(box, QMessageBox)
    assert "Leave the game in progress?" in box.text()
    answer(box, yes=False)
    assert not [d for d in window.findChildren(QFileDialog) if d.isVisible()]
    box = window.request_open_game()
    assert isinstance(box, QMessageBox)
    answer(box)
    (dialog,) = [d for d in window.findChildren(QFileDialog) if d.isVisible()]
    dialog.reject()


def test_dont_ask_again_is_new_game_s_and_nothing_at_stake_asks_nothing(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    # Nothing played yet: the file dialog at once.
    window.new_game(human_vs_ai("cop"))
    settle(qtbot, window)
    dialog = window.request_open_game()
    assert isinstance(dialog, QFileDialog)
    dialog.reject()
    text, _played = k_in_a_row(qtbot, window)
    box = window.request_paste(text)
    assert box is not None
    answer(box, never_again=True)
    assert settings.value(CONFIRM_NEW_GAME) in (False, "false")
    assert not window.confirm_action.isChecked()
    k_in_a_row(qtbot, window)
    window.statusBar().clearMessage()
    assert window.request_paste(text) is None  # pasted at once
    assert "Studying the pasted position" in window.statusBar().currentMessage()
    k_in_a_row(qtbot, window)
    dialog = window.request_open_game()
    assert isinstance(dialog, QFileDialog)
    dialog.reject()
