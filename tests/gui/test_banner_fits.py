"""The game-over banner never runs over the board, even at the window's smallest."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tictactoe_gui.gui.main_window import MainWindow

from .helpers import human_vs_human, play


def test_the_banner_and_the_board_never_overlap_at_the_smallest_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human("Alexandra Montgomery", "Bartholomew Fitzgerald"))
    for row, col in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):  # X wins along the top
        assert play(window, row, col)
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


def test_a_long_note_leaves_the_headline_whole(qtbot: QtBot, window: MainWindow) -> None:
    # "Only the first ending of a game is recorded." kept 200 pixels beside the headline,
    # which read "You resig…" at the window's first size.
    window.resize(1060, 720)
    qtbot.waitUntil(lambda: window.width() == 1060, timeout=3000)
    banner = window.banner
    banner.show_text(
        "You resigned. Cop wins.",
        "",
        "",
        "Only the first ending of a game is recorded.",
        save_failed=False,
    )
    headline, note = banner.headline, banner.save_note
    qtbot.waitUntil(lambda: headline.isVisible() and note.isVisible(), timeout=3000)
    whole = headline.fontMetrics().horizontalAdvance(headline.text())
    qtbot.waitUntil(lambda: headline.contentsRect().width() >= whole, timeout=3000)
    assert not headline.toolTip()
    assert note.toolTip() == note.text()  # cut short, whole in its tooltip
    # A short note still stays whole beside a headline cut short.
    banner.show_text("X" * 80, "", "", "Recorded.", save_failed=False)
    qtbot.waitUntil(lambda: bool(headline.toolTip()), timeout=3000)
    assert note.contentsRect().width() >= note.fontMetrics().horizontalAdvance("Recorded.")
    assert not note.toolTip()
