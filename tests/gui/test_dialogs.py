"""The New Game dialog: modes, name validation with inline errors, remembered choices."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QSpinBox
from pytestqt.qtbot import QtBot

from tests.gui.helpers import board, play
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.variants import DEFAULT, get_variant
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session import PlayerKind
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
    controller = window.controller
    assert controller.setup.mode is GameMode.HUMAN_VS_HUMAN
    assert board(window) == Board.from_text("X........")
    session = controller.session
    assert session is not None
    assert {session.name_of(0), session.name_of(1)} == {"Carol", "Dave"}


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


# -- the game choice -------------------------------------------------------------------------


def choose(dialog: NewGameDialog, game_id: str) -> None:
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData(game_id))


def test_every_named_game_is_offered_and_starts_on_its_empty_board(
    qtbot: QtBot, settings: QSettings
) -> None:
    dialog = make_dialog(qtbot, settings)
    offered = [dialog.game_combo.itemData(i) for i in range(dialog.game_combo.count())]
    assert offered == [
        "tictactoe", "four", "gomoku", "4x4k3", "4x4k4", "5x5k4", "connect4", "custom", "rowcol"
    ]  # fmt: skip
    assert dialog.variant() == DEFAULT  # nothing remembered yet: tic-tac-toe
    for game_id in offered[:-3]:
        choose(dialog, game_id)
        variant = get_variant(game_id)
        assert dialog.setup().start == Board.empty(variant)
        summary = dialog.game_summary_text()
        assert f"{variant.rows} rows by {variant.cols} columns; {variant.k} or more" in summary
        assert ("exactly" in summary) == (variant.cells <= 25)
    assert "estimates" in dialog.game_summary_text()  # 5×5 may need an estimate
    titles = [dialog.game_combo.itemText(i) for i in range(dialog.game_combo.count())]
    # The 20×20 game is named so that nobody takes it for Connect Four.
    assert titles[:3] == [
        "Tic-tac-toe (3×3, three in a row)",
        "Four in a Row (20×20)",
        "Gomoku (15×15, five in a row)",
    ]
    # Connect Four beside it, played with the personas at the table; its summary says
    # how the discs fall.
    assert titles[6] == find_game("connect4").name == "Connect Four"
    choose(dialog, "connect4")
    spec = dialog.table_game()
    assert spec is not None
    assert spec.id == "connect4"
    assert dialog.table_setup().spec == spec
    summary = dialog.game_summary_text()
    assert "fall" in summary
    assert "#" not in summary  # plain text, not the help page's markdown
    assert "](" not in summary
    # A series to choose between two computer players, as in k in a row's games.
    series = next(
        s for s in dialog.findChildren(QSpinBox) if s.accessibleName() == "Number of games"
    )
    dialog.set_mode(GameMode.AI_VS_AI)
    assert not series.isHidden()
    series.setValue(3)
    assert dialog.table_setup().games == 3
    choose(dialog, "four")
    assert not series.isHidden()
    choose(dialog, "connect4")
    # The personas are described as they play Connect Four.
    card = dialog.findChild(QLabel, "personaDescription-opponent")
    assert card is not None
    for player in spec.players:
        dialog.opponent_combo.setCurrentIndex(dialog.opponent_combo.findData(player.key))
        assert card.text() == player.description  # the game's own sentence, as written


def test_a_custom_board_keeps_k_within_the_limits_it_explains(
    qtbot: QtBot, settings: QSettings
) -> None:
    dialog = make_dialog(qtbot, settings)
    choose(dialog, "custom")
    rows, cols, k = dialog.custom_fields
    assert rows.isVisibleTo(dialog)
    assert (rows.minimum(), rows.maximum(), cols.minimum(), cols.maximum()) == (3, 20, 3, 20)
    rows.setValue(3)
    cols.setValue(4)
    k.setValue(9)  # past the longer side: the field stops at 4
    assert k.value() == 4
    assert "in a row from 3 to the longer side (4 here)" in dialog.game_summary_text()
    k.setValue(3)
    setup = dialog.setup()
    assert setup.start == Board.empty(get_variant("3x4k3"))
    # Shrinking the board pulls k down with it.
    rows.setValue(8)
    cols.setValue(9)
    k.setValue(9)
    cols.setValue(5)
    assert k.value() == 8
    assert dialog.variant() == get_variant("8x5k8")
    # A custom size that is a built-in game is that game.
    rows.setValue(15)
    cols.setValue(15)
    k.setValue(5)
    assert dialog.variant() == get_variant("gomoku")
    choose(dialog, "tictactoe")
    assert not rows.isVisibleTo(dialog)


def test_the_game_is_remembered(qtbot: QtBot, settings: QSettings) -> None:
    dialog = make_dialog(qtbot, settings)
    choose(dialog, "gomoku")
    dialog.ok_button.click()
    again = make_dialog(qtbot, settings)
    assert again.variant() == get_variant("gomoku")
    choose(again, "custom")
    rows, cols, k = again.custom_fields
    rows.setValue(6)
    cols.setValue(7)
    k.setValue(4)
    again.ok_button.click()
    third = make_dialog(qtbot, settings)
    assert third.variant() == get_variant("6x7k4")
    assert third.game_combo.currentData() == "custom"
    assert third.custom_fields[0].value() == 6
    # Nonsense in the settings file falls back to tic-tac-toe.
    settings.setValue("newGame/game", "99x99k99")
    assert make_dialog(qtbot, settings).variant() == DEFAULT


def test_a_set_up_position_fixes_the_game(qtbot: QtBot, settings: QSettings) -> None:
    four = get_variant("four")
    start = Board.empty(four).play(Move(10, 10))
    dialog = make_dialog(qtbot, settings, start=start)
    assert not dialog.game_combo.isEnabled()
    assert dialog.variant() == four
    assert dialog.setup().start == start
    labels = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert "set-up position of Four in a Row (1 mark, O to move)" in labels


def test_accepting_a_big_game_opens_it_on_the_board(qtbot: QtBot, window: MainWindow) -> None:
    dialog = window.show_new_game_dialog()
    dialog.set_mode(GameMode.HUMAN_VS_HUMAN)
    choose(dialog, "four")
    dialog.ok_button.click()
    four = get_variant("four")
    assert board(window) == Board.empty(four)
    assert window.board_view.board == Board.empty(four)
    assert window.board_view.cell_widget(19, 0).accessibleName() == "a1, empty"
    assert play(window, 10, 10)
    qtbot.waitUntil(lambda: window.board_view.board.ply == 1, timeout=5000)


def test_the_window_opens_on_the_game_asked_for(
    qtbot: QtBot, settings: QSettings, records: InMemoryRecords
) -> None:
    gomoku = get_variant("gomoku")
    window = MainWindow(settings, records, game=gomoku)
    qtbot.addWidget(window)
    try:
        assert board(window) == Board.empty(gomoku)
        assert window.board_view.board.variant == gomoku
        # New Game then opens on that game, as on the game chosen last.
        dialog = window.show_new_game_dialog()
        assert dialog.variant() == gomoku
        assert dialog.own_options_game() is None
        dialog.reject()
    finally:
        window.close()


def test_persona_cards_describe_how_each_plays_on_the_chosen_board(
    qtbot: QtBot, settings: QSettings
) -> None:
    dialog = make_dialog(qtbot, settings)
    dialog.set_mode(GameMode.HUMAN_VS_AI)
    combo = dialog.opponent_combo
    combo.setCurrentIndex(combo.findData("sera"))
    description = dialog.findChild(QLabel, "personaDescription-opponent")
    assert description is not None
    assert "never loses" in description.text()  # tic-tac-toe is solved
    choose(dialog, "four")
    assert "never loses" not in description.text()
    assert "can lose" in description.text()
    choose(dialog, "custom")
    rows, cols, _k = dialog.custom_fields
    rows.setValue(4)
    cols.setValue(4)
    assert "never loses" in description.text()  # 16 cells: every position solved
    cols.setValue(9)
    assert "never loses" not in description.text()


def test_a_closed_dialog_that_showed_row_and_column_is_freed(
    qtbot: QtBot, settings: QSettings
) -> None:
    # Finding the last of Row & Column's fields on the Tab path left its rules label (the
    # last widget in it) holding the dialog: the two kept each other, and the dialog with
    # every widget in it was never freed.
    gone: list[str] = []
    for game_id in ("tictactoe", "rowcol"):
        dialog = NewGameDialog(settings)
        dialog.destroyed.connect(lambda _object=None, game_id=game_id: gone.append(game_id))
        choose(dialog, game_id)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.reject()
        freed = weakref.ref(dialog)
        del dialog
        gc.collect()
        assert freed() is None, game_id
        assert gone[-1:] == [game_id]
