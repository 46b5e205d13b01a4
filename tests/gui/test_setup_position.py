"""Set Up Position on every board: click to cycle, clear, paste and copy a position as text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import board, human_vs_human, play, settle
from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.dialogs.setup_position import (
    SetupChoice,
    SetupPositionDialog,
    cells_from_text,
    cells_to_text,
)
from tictactoe_gui.gui.main_window import MainWindow

FOUR = get_variant("four")


def make_dialog(qtbot: QtBot, **kwargs: object) -> SetupPositionDialog:
    dialog = SetupPositionDialog(**kwargs)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_clicks_cycle_cells_of_a_20_by_20_board(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, variant=FOUR)
    view = dialog.board_view
    assert view.board.variant == FOUR
    click_cell(qtbot, view, 0, 0)
    assert dialog.board() == Board.empty(FOUR).play(Move(0, 0))
    click_cell(qtbot, view, 19, 19)
    click_cell(qtbot, view, 19, 19)  # X, then O
    assert dialog.board() == Board.empty(FOUR).play_all([Move(0, 0), Move(19, 19)])
    assert dialog.status_label.text() == "A legal position: X to move."
    assert dialog.text() == "X19/" + "20/" * 18 + "19O"
    click_cell(qtbot, view, 5, 5)
    click_cell(qtbot, view, 5, 5)  # a second O: impossible, and said so
    assert dialog.board() is None
    assert "impossible counts" in dialog.status_label.text()
    assert not dialog.analyse_button.isEnabled()
    # What was placed still shows, and every cell reads it.
    assert view.cell_widget(5, 5).accessibleName() == "f15, O"
    dialog.clear()
    assert dialog.board() == Board.empty(FOUR)


def test_a_pasted_position_is_taken_and_bad_text_changes_nothing(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, variant=FOUR)
    position = Board.empty(FOUR).play_all([Move(10, 10), Move(9, 9), Move(10, 11)])
    QGuiApplication.clipboard().setText(position.to_text())
    dialog.paste()
    assert dialog.board() == position
    assert dialog.text_edit.text() == position.to_text()
    for bad, reason in (
        ("X.O", "has 20 rows separated by '/', got 1"),
        ("20/" * 19 + "19Q", "bad character 'Q' in row 20"),
        ("20/" * 19 + "21", "row 20 has 21 cells; a row here has 20"),
    ):
        assert not dialog.set_text(bad)
        assert dialog.text_error.text().startswith("Not a position: ")
        assert reason in dialog.text_error.text()
        assert "\n" not in dialog.text_error.text()
        assert dialog.board() == position  # nothing lost
    dialog.text_edit.setText("10X9/" + "20/" * 18 + "20")
    dialog.apply_text()
    assert dialog.text_error.isHidden()
    assert dialog.board() == Board.empty(FOUR).play(Move(0, 10))
    dialog.copy()
    assert QGuiApplication.clipboard().text() == dialog.text()
    assert Board.from_text(QGuiApplication.clipboard().text(), FOUR) == dialog.board()


@pytest.mark.parametrize("variant_id", ["tictactoe", "4x4k3", "3x4k3", "gomoku", "four"])
def test_text_round_trips_on_every_board(variant_id: str) -> None:
    variant = get_variant(variant_id)
    board = Board.empty(variant)
    # Four marks spread over the board, so runs of empty cells of many lengths appear.
    for move in board.legal_moves()[:: max(1, variant.cells // 5)][:4]:
        board = board.play(move)
    assert board.ply == 4
    cells = cells_from_text(board.to_text(), variant)
    assert cells_to_text(cells, variant) == board.to_text()
    assert Board.from_text(cells_to_text(cells, variant), variant) == board


def test_the_9_character_form_still_works_on_3_by_3(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    assert dialog.set_text("x.0/.X./...")
    assert dialog.board() == Board.from_text("X.O.X....")
    assert dialog.text() == "X.O.X...."


def test_set_up_opens_on_the_game_being_played(qtbot: QtBot, window: MainWindow) -> None:
    from dataclasses import replace

    window.new_game(replace(human_vs_human(), start=Board.empty(FOUR)))
    assert play(window, 9, 9)
    settle(qtbot, window)
    dialog = window.show_setup_dialog()
    assert dialog.variant == FOUR
    assert dialog.board() == Board.empty(FOUR).play(Move(9, 9))
    click_cell(qtbot, dialog.board_view, 9, 10)
    click_cell(qtbot, dialog.board_view, 9, 10)
    assert dialog.board() is not None
    assert dialog.board()[Move(9, 10)] is Mark.O  # type: ignore[index]
    dialog.analyse_button.click()
    assert dialog.choice is SetupChoice.ANALYSE
    qtbot.waitUntil(lambda: board(window).ply == 2, timeout=5000)
    assert board(window) == Board.empty(FOUR).play_all([Move(9, 9), Move(9, 10)])
    assert window.board_view.board == board(window)


def test_enter_in_the_position_text_applies_it_and_keeps_the_dialog_open(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, variant=FOUR)
    dialog.text_edit.setFocus()
    qtbot.keyClicks(dialog.text_edit, "10X9/" + "20/" * 18 + "20")
    qtbot.keyClick(dialog.text_edit, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert dialog.result() == 0
    assert dialog.board() == Board.empty(FOUR).play(Move(0, 10))
