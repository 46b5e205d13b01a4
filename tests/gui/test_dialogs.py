"""The New Game dialog: modes, name validation with inline errors, remembered choices."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine import Board
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.gui.game_controller import PlayerKind
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.storage.records import GameMode


def make_dialog(qtbot: QtBot, settings: QSettings, **kwargs: object) -> NewGameDialog:
    dialog = NewGameDialog(settings, **kwargs)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_names_are_validated_inline(qtbot: QtBot, settings: QSettings) -> None:
    dialog = make_dialog(qtbot, settings)
    dialog.set_mode(GameMode.HUMAN_VS_AI)
    name = dialog.your_name_edit
    name.setText("   ")
    assert not dialog.ok_button.isEnabled()
    assert "empty" in dialog.name_error()
    name.setText("x" * 33)
    assert not dialog.ok_button.isEnabled()
    assert "at most 32" in dialog.name_error()
    name.setText("bad\x07name")
    assert "control characters" in dialog.name_error()
    name.setText("  Ada Lovelace 👩‍💻 ")
    assert dialog.ok_button.isEnabled()
    assert dialog.name_error() == ""
    assert dialog.setup().x.name == "Ada Lovelace 👩‍💻"


def test_two_people_need_different_names(qtbot: QtBot, settings: QSettings) -> None:
    dialog = make_dialog(qtbot, settings)
    dialog.set_mode(GameMode.HUMAN_VS_HUMAN)
    one, two = dialog.player_name_edits
    one.setText("Alice")
    two.setText("alice")
    assert not dialog.ok_button.isEnabled()
    assert "different names" in dialog.name_error()
    two.setText("Bob")
    assert dialog.ok_button.isEnabled()
    setup = dialog.setup()
    assert (setup.x.name, setup.o.name) == ("Alice", "Bob")


def test_human_vs_ai_sides_and_persona(qtbot: QtBot, settings: QSettings) -> None:
    dialog = make_dialog(qtbot, settings)
    dialog.set_mode(GameMode.HUMAN_VS_AI)
    dialog.opponent_combo.setCurrentIndex(dialog.opponent_combo.findData("sera"))
    dialog.side_combo.setCurrentIndex(1)  # play O: the AI moves first
    setup = dialog.setup()
    assert setup.x.kind is PlayerKind.AI
    assert setup.x.name == "sera"
    assert setup.o.kind is PlayerKind.HUMAN


def test_choices_are_remembered(qtbot: QtBot, settings: QSettings) -> None:
    dialog = make_dialog(qtbot, settings)
    dialog.set_mode(GameMode.AI_VS_AI)
    dialog.ok_button.click()
    assert dialog.result() == NewGameDialog.DialogCode.Accepted
    again = make_dialog(qtbot, settings)
    assert again.mode() is GameMode.AI_VS_AI


def test_accepting_starts_the_game_in_the_window(qtbot: QtBot, window: MainWindow) -> None:
    dialog = window.show_new_game_dialog(Board.from_text("X........"))
    dialog.set_mode(GameMode.HUMAN_VS_HUMAN)
    dialog.player_name_edits[0].setText("Carol")
    dialog.player_name_edits[1].setText("Dave")
    dialog.ok_button.click()
    setup = window.controller.setup
    assert setup.mode is GameMode.HUMAN_VS_HUMAN
    assert window.controller.board == Board.from_text("X........")
    assert {setup.x.name, setup.o.name} == {"Carol", "Dave"}


def test_the_side_choice_names_the_opponent(qtbot: QtBot, settings: QSettings) -> None:
    dialog = make_dialog(qtbot, settings)
    dialog.set_mode(GameMode.HUMAN_VS_AI)
    dialog.opponent_combo.setCurrentIndex(dialog.opponent_combo.findData("kitty"))
    assert dialog.side_combo.itemText(1) == "O — Kitty moves first"
    dialog.opponent_combo.setCurrentIndex(dialog.opponent_combo.findData("sera"))
    assert dialog.side_combo.itemText(1) == "O — Sera moves first"
    assert dialog.side_combo.itemData(1) == "O"


def test_a_set_up_position_with_o_to_move_says_who_moves_first(
    qtbot: QtBot, settings: QSettings
) -> None:
    dialog = make_dialog(qtbot, settings, start=Board.from_text("..X......"))
    dialog.set_mode(GameMode.HUMAN_VS_AI)
    dialog.opponent_combo.setCurrentIndex(dialog.opponent_combo.findData("kitty"))
    # O is to move here, so playing O means moving first.
    assert dialog.side_combo.itemText(0) == "X — Kitty moves first"
    assert dialog.side_combo.itemText(1) == "O — you move first"
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert any("(1 mark, O to move)" in text for text in labels)
    assert "Plays X:" in labels
    assert "Moves first:" not in labels
