"""The window keeps its shape: nothing in it widens the window, and the board does not
move when a game ends and its banner appears, and a big board's coordinates stay legible
in the smallest window."""

from __future__ import annotations

import itertools
from dataclasses import replace

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFontMetricsF, QTextDocument
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import board, human_vs_ai, human_vs_human, play, rowcol_setup, settle
from tests.gui.rowcol_table import RowColTable
from tictactoe_gui.engine import Board, Mark
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.status_bar import StatusBar
from tictactoe_gui.session import Tally
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode

FOUR = get_variant("four")


def default_size(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1060, 720)
    qtbot.waitUntil(lambda: window.width() == 1060, timeout=3000)


def test_a_long_tally_or_replay_title_is_cut_short_not_widening(
    qtbot: QtBot, window: MainWindow
) -> None:
    # An AI vs AI series' tally, once a game had ended, widened the window (1060 → 1169).
    default_size(qtbot, window)
    long_name = "Bartholomew Fitzgerald the Third"
    window.autoplay_bar.show_tally(Tally([5, 4], 3), 100, long_name, long_name)
    window.autoplay_bar.show()
    tally = window.autoplay_bar.tally
    qtbot.waitUntil(lambda: tally.isVisible(), timeout=3000)
    assert window.minimumSizeHint().width() <= 1060
    # At the default size, what stays in sight is the score, not the start of a name.
    shown = tally.fontMetrics().elidedText(tally.text(), Qt.TextElideMode.ElideRight, tally.width())
    assert shown.startswith("X 5 · O 4 · draws 3"), shown
    narrowest = window.minimumSizeHint().width()
    window.resize(narrowest, 720)
    qtbot.waitUntil(lambda: window.width() == narrowest, timeout=3000)
    # Cut short where it does not fit, the whole text is its tooltip and its spoken name.
    assert tally.fontMetrics().horizontalAdvance(tally.text()) > tally.width()
    assert tally.toolTip() == tally.text()
    assert tally.accessibleName() == tally.text()
    window.replay_bar.show_position(3, 9, f"{long_name} vs {long_name}, 2026-05-01 10:00")
    window.replay_bar.show()
    qtbot.waitUntil(lambda: window.replay_bar.title.isVisible(), timeout=3000)
    assert window.minimumSizeHint().width() <= narrowest


def test_the_board_does_not_move_when_the_banner_appears(qtbot: QtBot, window: MainWindow) -> None:
    default_size(qtbot, window)
    window.new_game(human_vs_human())
    for row, col in ((0, 0), (1, 0), (0, 1), (1, 1)):
        assert play(window, row, col)
    settle(qtbot, window)
    before = QRect(window.board_area.geometry())
    assert play(window, 0, 2)  # X wins along the top
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=10000)
    qtbot.waitUntil(lambda: window.board_area.geometry() == before, timeout=3000)
    assert window.banner.geometry().bottom() < before.top()
    assert not window.players_bar.isVisible()  # the banner has taken its place
    # Play Again: the players bar is back, and the board still has not moved.
    window.banner.play_again_button.click()
    qtbot.waitUntil(lambda: window.players_bar.isVisible(), timeout=3000)
    assert not window.banner.isVisible()
    qtbot.waitUntil(lambda: window.board_area.geometry() == before, timeout=3000)


def labels_apart(window: MainWindow) -> tuple[int, int, bool]:
    """How many column letters and row numbers the board shows, and whether every two
    neighbours are clear of each other."""
    view = window.board_view
    metrics = QFontMetricsF(view.coordinates_font())
    labels = view.coordinate_labels()
    columns = [rect.center().x() for rect, _flags, text in labels if text.isalpha()]
    rows = [rect.center().y() for rect, _flags, text in labels if text.isdigit()]
    widest = max(metrics.horizontalAdvance(text) for _rect, _flags, text in labels)
    clear = all(b - a >= widest for a, b in itertools.pairwise(columns)) and all(
        b - a >= metrics.height() * 0.9 for a, b in itertools.pairwise(sorted(rows))
    )
    return len(columns), len(rows), clear


def test_twenty_by_twenty_coordinates_stay_legible_at_the_smallest_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(replace(human_vs_human(), start=Board.empty(FOUR)))
    default_size(qtbot, window)
    assert labels_apart(window) == (20, 20, True)  # room for every line's label
    window.resize(1, 1)
    view = window.board_view
    smallest = window.minimumSizeHint()
    qtbot.waitUntil(lambda: window.size() == smallest, timeout=3000)
    assert min(view.width(), view.height()) < 300
    columns, rows, clear = labels_apart(window)
    assert clear
    assert 7 <= columns < 20  # every other line or so, never none
    assert 7 <= rows < 20
    # a1 is always named: counting starts there.
    texts = [text for _rect, _flags, text in view.coordinate_labels()]
    assert "a" in texts
    assert "1" in texts


def test_a_series_tally_is_whole_in_sight_at_the_default_size(
    qtbot: QtBot, window: MainWindow
) -> None:
    # The score, the game of the series and who plays: beside the pace controls it was cut
    # to "X 1 · O 0…" in a desktop's fonts, the draws and the game of the series unseen.
    default_size(qtbot, window)
    window.autoplay_bar.show_tally(Tally([1, 0], 2), 5, "Sera", "Cop")
    window.autoplay_bar.show()
    tally = window.autoplay_bar.tally
    qtbot.waitUntil(lambda: tally.isVisible(), timeout=3000)
    assert "game 4 of 5" in tally.text()
    # Room to spare: a desktop's fonts are wider than the test's.
    qtbot.waitUntil(
        lambda: tally.width() >= 1.4 * tally.fontMetrics().horizontalAdvance(tally.text()),
        timeout=3000,
    )


def banner_laid_out(window: MainWindow) -> bool:
    """Whether the banner has had its layout: each of its lines at its full height and
    inside the banner (wrapped words too tall for it grow it first)."""
    banner = window.banner
    if not banner.isVisible() or window.players_bar.isVisible():
        return False
    if window.board_area.y() != banner.geometry().bottom() + 1 + window._central_layout.spacing():
        return False  # the board is not yet right under the banner
    inside = banner.contentsRect()
    for label in (banner.headline, banner.reaction, banner.summary, banner.save_note):
        if not label.isVisible():
            continue
        wanted = label.heightForWidth(label.width())
        if label.height() < max(wanted, label.minimumSizeHint().height()):
            return False
        if not inside.contains(label.geometry(), False) and label.parent() is banner:
            return False
    return True


def test_a_long_ending_does_not_move_the_board(qtbot: QtBot, window: MainWindow) -> None:
    # A long name wrapped an accuracy line: the banner grew past the players bar's room
    # and the board moved down and shrank.
    default_size(qtbot, window)
    long_name = "Bartholomew Fitzgerald the Third"
    window.new_game(human_vs_ai("cop", name=long_name))
    controller = window.controller
    settle(qtbot, window)
    before = QRect(window.board_view.mapTo(window, QPoint(0, 0)), window.board_view.size())
    while not board(window).is_over:
        move = board(window).legal_moves()[0]
        assert play(window, move.row, move.col)
        qtbot.waitUntil(lambda: board(window).is_over or controller.is_human_turn(), timeout=5000)
    qtbot.waitUntil(lambda: banner_laid_out(window), timeout=10000)
    banner = window.banner
    assert long_name in banner.summary.text()
    after = QRect(window.board_view.mapTo(window, QPoint(0, 0)), window.board_view.size())
    assert after == before
    # Nothing of the ending is lost: what is cut short is whole in its tooltip and spoken.
    for label in (banner.reaction, banner.summary, banner.save_note):
        assert label.accessibleName() == label.text()
        if label.toolTip():
            assert label.toolTip() == label.text()


def test_a_recorded_connect_four_ending_does_not_move_the_board(
    qtbot: QtBot, window: MainWindow
) -> None:
    # A game at the table adds "Recorded.", and its long headline widened the window.
    default_size(qtbot, window)
    first, second = "Bartholomew Fitzgerald the Third", "Alexandra Montgomery-Whitfield"
    setup = TableSetup(
        find_game("connect4"), GameMode.HUMAN_VS_HUMAN, (Seat.human(first), Seat.human(second))
    )
    window.start_table_game(setup, seed=1)
    bar, view = window.players_bar, window.board_view
    qtbot.waitUntil(
        lambda: bar.isVisible() and bar.geometry().bottom() < window.board_area.geometry().top(),
        timeout=5000,
    )
    before = QRect(view.mapTo(window, QPoint(0, 0)), view.size())
    for col in (0, 1, 0, 1, 0, 1, 0):  # X drops four in the first column
        click_cell(qtbot, view, 0, col)
    qtbot.waitUntil(lambda: banner_laid_out(window), timeout=10_000)
    assert window.banner.save_note.text() == "Recorded."
    assert first in window.banner.summary.text()
    note = window.banner.save_note  # whole, beside the headline cut short
    assert note.width() >= note.fontMetrics().horizontalAdvance(note.text())
    assert not note.toolTip()
    assert window.banner.headline.toolTip() == window.banner.headline.text()
    assert QRect(view.mapTo(window, QPoint(0, 0)), view.size()) == before


def test_row_and_column_s_grid_does_not_move_when_its_game_ends(
    qtbot: QtBot, window: MainWindow
) -> None:
    # The players bar was hidden on the grid of numbers, so no room was kept for the
    # banner: the grid moved down and shrank when a game ended.
    default_size(qtbot, window)
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bob"))
    table = RowColTable(window)
    bar, view = window.players_bar, table.board_view
    qtbot.waitUntil(lambda: bar.isVisible() and view.isVisible(), timeout=5000)
    # The bar names the players by their seats, the one to take picked out.
    names = [bar.findChild(QLabel, f"player{mark}") for mark in Mark]
    assert [label.accessibleName() for label in names if label] == ["A: Ann", "B: Bob"]
    assert bar.picked_out is Mark.X
    table.take(table.session.state.legal_moves()[0])
    qtbot.waitUntil(lambda: bar.picked_out is Mark.O, timeout=5000)
    before = QRect(view.mapTo(window, QPoint(0, 0)), view.size())
    while not table.session.state.is_over:
        table.take(table.session.state.legal_moves()[-1])
    qtbot.waitUntil(lambda: banner_laid_out(window), timeout=10_000)
    assert QRect(view.mapTo(window, QPoint(0, 0)), view.size()) == before
    # Play Again: the bar is back in the banner's place, and the grid still has not moved.
    window.banner.play_again_button.click()
    qtbot.waitUntil(lambda: bar.isVisible() and not window.banner.isVisible(), timeout=5000)
    qtbot.waitUntil(
        lambda: QRect(view.mapTo(window, QPoint(0, 0)), view.size()) == before, timeout=3000
    )


def test_a_long_name_in_the_players_bar_ends_in_an_ellipsis_with_the_whole_in_its_tooltip(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Two long names were clipped mid-letter, with no "…" and no way to read the rest.
    default_size(qtbot, window)
    first = "Bartholomew Fitzgerald the Third of Westminster"
    second = "Alexandra Montgomery-Whitfield of Kensington"
    window.new_game(human_vs_human(first, second))
    settle(qtbot, window)
    bar = window.players_bar
    assert window.minimumSizeHint().width() <= 1060  # nothing widens the window
    for mark, name in ((Mark.X, first), (Mark.O, second)):
        label = bar.findChild(QLabel, f"player{mark}")
        assert label is not None
        qtbot.waitUntil(lambda lbl=label: "…" in lbl.text(), timeout=3000)
        shown = QTextDocument()
        shown.setDocumentMargin(0)
        shown.setDefaultFont(label.font())
        shown.setHtml(label.text())
        assert shown.idealWidth() <= label.contentsRect().width()  # whole in sight
        assert shown.toPlainText().startswith(f"{mark}  {name[:8]}")
        assert label.toolTip() == f"{mark}  {name}"
        assert label.accessibleName() == f"{mark}: {name}"
    # Given the room, the whole name is shown and there is no tooltip to read it by.
    window.new_game(human_vs_human("Ann", "Bob"))
    settle(qtbot, window)
    label = bar.findChild(QLabel, "playerX")
    assert label is not None
    qtbot.waitUntil(lambda: "Ann" in label.text() and "…" not in label.text(), timeout=3000)
    assert not label.toolTip()


def test_a_long_status_message_keeps_left_of_the_turn_and_ends_in_an_ellipsis(
    qtbot: QtBot, window: MainWindow
) -> None:
    # A welcome with a long name ran under the turn on the right, cut off mid-word.
    default_size(qtbot, window)
    name = "Bartholomew Fitzgerald the Third of Westminster"
    window.new_game(human_vs_human(name, "Alexandra Montgomery-Whitfield of Kensington"))
    bar = window.statusBar()
    assert isinstance(bar, StatusBar)
    qtbot.waitUntil(lambda: name in bar.currentMessage(), timeout=5000)
    turn = window.turn_label
    qtbot.waitUntil(lambda: turn.isVisible() and name in turn.text(), timeout=5000)
    room = bar.message_rect()
    assert room.right() < turn.geometry().left()
    shown = bar.shown_message()
    assert shown.endswith("…")
    assert bar.fontMetrics().horizontalAdvance(shown) <= room.width()
    assert bar.toolTip() == bar.currentMessage()
    # A short message is whole, with no tooltip.
    window.show_message("Saved the game to game.ttt.")
    assert bar.shown_message() == "Saved the game to game.ttt."
    assert not bar.toolTip()
