"""The game-over banner never runs over the board, even at the window's smallest."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tictactoe_gui.gui.main_window import MainWindow

from .helpers import human_vs_human


def test_the_banner_and_the_board_never_overlap_at_the_smallest_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human("Alexandra Montgomery", "Bartholomew Fitzgerald"))
    controller = window.controller
    for row, col in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):  # X wins along the top
        controller.play_human(row, col)
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=10000)
    window.resize(1, 1)  # as small as the window lets itself be

    def board_fits() -> bool:
        banner = window.banner.geometry()
        board = window.board_area.geometry()
        apart = banner.bottom() < board.top() or board.bottom() < banner.top()
        return apart and window.centralWidget().rect().contains(board)

    # Layouts settle in the event loop; once they have, the board stays clear of the banner.
    qtbot.waitUntil(board_fits, timeout=3000)
    assert window.board_view.height() >= window.board_view.minimumHeight()
