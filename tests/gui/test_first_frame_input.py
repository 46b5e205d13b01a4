"""A click or key on the window's first frame (before the rest of the window is built) is
never lost: the move shows at once where the person's side is to move, and is played as
soon as the game is set up."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from tests.gui.helpers import board, moves, start
from tests.gui.test_accessibility_startup import board_object
from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session import GameSetup


def staged(qtbot: QtBot, settings: QSettings) -> MainWindow:
    window = MainWindow(settings, staged=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert not window.is_ready
    return window


def click_cell(qtbot: QtBot, window: MainWindow, move: Move) -> None:
    centre = window.board_view.cell_rect(move).center()
    qtbot.mouseClick(
        window.board_view,
        Qt.MouseButton.LeftButton,
        pos=QPoint(round(centre.x()), round(centre.y())),
    )


def test_a_first_launch_opens_on_tic_tac_toe_and_a_click_on_its_first_frame_is_a_move(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = staged(qtbot, settings)
    board = window.board_view.board
    assert board.variant.is_tictactoe
    centre = board.move_at(4)
    click_cell(qtbot, window, centre)
    # Seen at once, before the game is set up: the person plays X, first.
    assert window.board_view.board.mark_at(4) is Mark.X
    window.complete(InMemoryRecords())
    assert moves(window)[:1] == (centre,)
    assert window.board_view.board.mark_at(4) is Mark.X
    window.close()


def test_a_key_on_the_first_frame_is_played_once_the_game_is_set_up(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = staged(qtbot, settings)
    qtbot.keyClick(window, Qt.Key.Key_5)  # the keypad's centre
    window.complete(InMemoryRecords())
    assert moves(window)[:1] == (start(window).move_at(4),)
    window.close()


def test_where_the_person_is_not_to_move_a_first_frame_click_shows_nothing(
    qtbot: QtBot, settings: QSettings
) -> None:
    settings.setValue("newGame/yourSide", "O")  # the AI plays X, first
    window = staged(qtbot, settings)
    click_cell(qtbot, window, window.board_view.board.move_at(4))
    assert window.board_view.board.mark_at(4) is None
    window.complete(InMemoryRecords())
    qtbot.waitUntil(lambda: len(moves(window)) >= 1, timeout=10_000)
    # The AI's first move is its own, and the click (on the AI's turn) played nothing.
    assert len(moves(window)) == 1
    window.close()


def test_a_first_frame_click_keeps_the_board_a_screen_reader_was_given_and_is_said(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = staged(qtbot, settings)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    first = QAccessible.uniqueId(board_object(window))
    click_cell(qtbot, window, window.board_view.board.move_at(4))
    with qtbot.waitSignal(window.ready, timeout=5000):
        window.complete(InMemoryRecords())
    assert QAccessible.uniqueId(board_object(window)) == first
    qtbot.waitUntil(
        lambda: "played X at b2" in board_object(window).text(QAccessible.Text.Description),
        timeout=5000,
    )
    window.close()


def test_a_click_on_a_frame_of_another_board_than_the_game_set_up_plays_nothing(
    qtbot: QtBot, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = staged(qtbot, settings)
    assert window.board_view.board.variant.is_tictactoe
    click_cell(qtbot, window, window.board_view.board.move_at(4))
    # The game set up turns out to be another board (a cell of 3×3 is not a cell of it).
    other = replace(GameSetup.default(), start=Board.empty(get_variant("4x4k3")))
    monkeypatch.setattr(window, "_initial_setup", lambda: other)
    window.complete(InMemoryRecords())
    assert board(window).variant == get_variant("4x4k3")
    assert moves(window) == ()
    window.close()
