"""Set Up Position on Connect Four and the other gravity boards: discs dropped by click or
key, taken off the top, typed or pasted; impossible positions refused in one line; then
the game plays on from the position set up, unrecorded, Undo stopping there. And what the
window hands back when a game set up, pasted or restarted takes over from a replay."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractButton, QDialogButtonBox, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tictactoe_gui.engine import Move
from tictactoe_gui.engine.games import GameState, find_game
from tictactoe_gui.gui.dialogs.gravity_setup import GravitySetupDialog
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameFilter, GameMode

C4 = find_game("connect4")


def played(digits: str, game: str = "connect4") -> GameState:
    state = find_game(game).new_game()
    return state.play_all(state.read_moves(digits))


def at(digits: str, game: str = "connect4") -> GameState:
    """The position ``digits`` reach, as a start (no moves behind it)."""
    return find_game(game).from_position_text(played(digits, game).position_text())


def make_dialog(qtbot: QtBot, start: GameState | None = None) -> GravitySetupDialog:
    dialog = GravitySetupDialog(C4.new_game() if start is None else start)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def column_click(
    qtbot: QtBot, dialog: GravitySetupDialog, col: int, *, right: bool = False
) -> None:
    """A click on the column's top cell, wherever its discs reach."""
    view = dialog.board_view
    point = view.cell_rect(Move(0, col)).center().toPoint()
    button = Qt.MouseButton.RightButton if right else Qt.MouseButton.LeftButton
    qtbot.mouseClick(view, button, pos=point)


def test_clicks_drop_discs_in_turn_and_the_counts_say_who_moves(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    assert dialog.board_view.gravity
    assert dialog.board_view.accessibleName() == "Connect Four board"
    assert dialog.analyse_button.isHidden()
    assert dialog.state() == C4.new_game()
    assert dialog.play_button.isEnabled()
    for col in (3, 3, 4):
        column_click(qtbot, dialog, col)
    assert dialog.state() == at("445")
    assert dialog.status_label.text() == "A legal position: O to move."
    assert dialog.o_button.isChecked()
    assert dialog.play_button.isEnabled()
    assert dialog.text() == "7/7/7/7/3O3/3XX2"
    # Right-click takes a column's top disc off; the colour follows the counts again.
    column_click(qtbot, dialog, 4, right=True)
    assert dialog.state() == at("44")
    assert dialog.x_button.isChecked()
    column_click(qtbot, dialog, 0, right=True)
    assert dialog.text_error.text() == "Column a is empty; it has no disc to take off."
    assert dialog.state() == at("44")


def test_the_chosen_colour_drops_and_an_impossible_count_is_refused(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    dialog.o_button.setChecked(True)
    column_click(qtbot, dialog, 0)  # an O first: impossible
    assert dialog.state() is None
    assert dialog.status_label.text() == (
        "Not a legal position: impossible counts: 0 X and 1 O "
        "(X moves first, so X has as many marks as O or one more)."
    )
    assert not dialog.play_button.isEnabled()
    # What was placed still shows, and its cell reads it.
    assert dialog.board_view.cell_widget(5, 0).accessibleName() == "a1, O"
    column_click(qtbot, dialog, 1)  # the colour followed the counts: X, legal again
    assert dialog.text() == "7/7/7/7/7/OX5"
    assert dialog.status_label.text() == "A legal position: X to move."
    assert dialog.play_button.isEnabled()


def test_keys_drop_and_take_back_discs(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    view = dialog.board_view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_4)
    qtbot.keyClick(view, Qt.Key.Key_4)
    qtbot.keyClick(view, Qt.Key.Key_1)
    assert dialog.state() == at("441")
    # Left and Right move over the columns; Enter drops in the one the cursor is over.
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert dialog.state() == at("4413")
    assert dialog.isVisible()  # Enter on the board dropped a disc; it did not close the dialog
    # Backspace takes the top disc off the column the cursor is over (the last dropped in).
    qtbot.keyClick(view, Qt.Key.Key_Backspace)
    assert dialog.state() == at("441")
    qtbot.keyClick(view, Qt.Key.Key_Backspace)  # column c is empty now
    assert dialog.text_error.text() == "Column c is empty; it has no disc to take off."
    assert dialog.state() == at("441")
    qtbot.keyClick(view, Qt.Key.Key_8)  # Connect Four has 7 columns: said, nothing changed
    assert dialog.state() == at("441")
    # The Take Back button does what Backspace does, on the column of the cursor.
    qtbot.keyClick(view, Qt.Key.Key_1)
    qtbot.mouseClick(dialog.take_back_button, Qt.MouseButton.LeftButton)
    assert dialog.state() == at("441")


def test_a_full_column_is_said_and_left_as_it_was(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, played("444444"))
    assert dialog.is_full(3)
    column_click(qtbot, dialog, 3)
    assert dialog.text_error.text() == (
        "Column d is full; take its top disc off (right-click or Backspace)."
    )
    assert dialog.state() == at("444444")
    # Read with the board too.
    qtbot.waitUntil(lambda: dialog.text_error.text() in dialog.board_view.accessibleDescription())


def test_backspace_in_the_position_text_edits_the_text(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, played("44"))
    dialog.text_edit.setFocus()
    qtbot.keyClicks(dialog.text_edit, "4453")
    qtbot.keyClick(dialog.text_edit, Qt.Key.Key_Backspace)
    assert dialog.text_edit.text() == "445"
    assert dialog.state() == at("44")


def test_column_digits_and_a_pasted_position_set_the_board(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    dialog.text_edit.setText("4453")
    qtbot.keyClick(dialog.text_edit, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert dialog.state() == at("4453")
    assert dialog.status_label.text() == "A legal position: X to move."
    position = at("3344565")
    QGuiApplication.clipboard().setText(position.position_text())
    dialog.paste()
    assert dialog.text_edit.text() == position.position_text()
    assert dialog.state() == position
    assert dialog.o_button.isChecked()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "7/7/7/7/3X3/7",
            "Not a position: the disc on d2 floats: in Connect Four every disc "
            "rests on the one below it.",
        ),
        ("4489", "Not a position: columns run 1 to 7, got '4489'."),
        ("4444444", "Not a position: move 7: column d is full."),
        ("7/7/7/7/7", "Not a position: a 6×7 position has 6 rows separated by '/', got 5: "),
        ("7/7/7/7/7/3Q3", "Not a position: bad character 'Q' in row 6; use X, O, . or a number"),
    ],
)
def test_text_that_is_no_position_is_refused_in_one_line_and_changes_nothing(
    qtbot: QtBot, text: str, reason: str
) -> None:
    dialog = make_dialog(qtbot, played("45"))
    assert not dialog.set_text(text)
    assert dialog.text_error.text().startswith(reason)
    assert "\n" not in dialog.text_error.text()
    assert dialog.state() == at("45")


@pytest.mark.parametrize(
    ("text", "status"),
    [
        (
            "7/7/OOOO3/XXXX3/OXOX3/XOXO3",
            "Not a legal position: both sides have a line; a game stops at the first one.",
        ),
        ("7/7/7/7/7/XXXO3", "Not a legal position: impossible counts: 3 X and 1 O"),
        ("7/7/7/7/7/OO5", "Not a legal position: impossible counts: 0 X and 2 O"),
        (
            "7/7/7/O6/OOO4/XXXX3",
            "Not a legal position: X has a line but O has moved since; the game would have ended.",
        ),
        (
            "7/7/7/7/OOO4/XXXX3",
            "This game is already over (X wins); remove a disc to play on.",
        ),
    ],
)
def test_an_impossible_or_finished_position_shows_why_and_cannot_be_played(
    qtbot: QtBot, text: str, status: str
) -> None:
    dialog = make_dialog(qtbot)
    assert dialog.set_text(text)  # shown, so that it can be mended
    assert dialog.text() == text
    assert dialog.state() is None
    assert dialog.status_label.text().startswith(status)
    assert "\n" not in dialog.status_label.text()
    assert not dialog.play_button.isEnabled()
    qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible()
    assert dialog.result() == 0


def test_a_finished_game_opens_on_an_empty_board(qtbot: QtBot) -> None:
    won = played("1212121")
    assert won.result is not None
    dialog = make_dialog(qtbot, won)
    assert dialog.state() == C4.new_game()


def test_every_gravity_board_can_be_set_up(qtbot: QtBot) -> None:
    start = played("1234", "5x9k4g")
    dialog = make_dialog(qtbot, start)
    assert dialog.board_view.accessibleName() == f"{start.spec.name} board"
    qtbot.keyClick(dialog.board_view, Qt.Key.Key_9)
    assert dialog.state() == at("12349", "5x9k4g")
    assert dialog.text_edit.placeholderText().startswith("rows separated by /")


# -- in the window ------------------------------------------------------------------------------


def two_people() -> TableSetup:
    return TableSetup(C4, GameMode.HUMAN_VS_HUMAN, (Seat.human("Alice"), Seat.human("Bob")))


def open_setup(window: MainWindow) -> GravitySetupDialog:
    assert window.setup_action.isEnabled()
    window.setup_action.trigger()
    (dialog,) = [d for d in window.findChildren(GravitySetupDialog) if d.isVisible()]
    return dialog


def test_set_up_position_plays_on_from_the_discs_dropped(
    qtbot: QtBot, recorded_window: MainWindow, repository: Repository
) -> None:
    window = recorded_window
    window.start_table_game(two_people(), seed=1)
    click_cell(qtbot, window.board_view, 0, 0)  # a1 in the game, before setting up
    dialog = open_setup(window)
    assert dialog.state() == at("1")  # it opens on the game's discs
    dialog.clear()
    for col in (2, 2, 3, 3, 4, 4):
        column_click(qtbot, dialog, col)
    assert dialog.status_label.text() == "A legal position: X to move."
    with qtbot.waitSignal(dialog.finished):
        qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)
    table = window.controller
    assert table.session is not None
    assert table.state == at("334455")
    assert table.state.to_move == 0
    assert table.session.moves == ()
    assert not window.undo_action.isEnabled()  # Undo stops at the set-up position
    # X to move: b1 makes four in a row on the bottom row.
    click_cell(qtbot, window.board_view, 0, 1)
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert table.state == at("334455")
    assert not window.undo_action.isEnabled()
    window.redo_action.trigger()
    assert table.session.is_over
    qtbot.waitUntil(window.banner.isVisible, timeout=5000)
    assert window.banner.save_note.text() == (
        "Not recorded: a game from a set-up position counts for nobody."
    )
    assert repository.list_games(GameFilter(game="connect4")) == []


def test_set_up_position_with_o_to_move_gives_the_turn_to_o(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    window.start_table_game(two_people(), seed=2)
    dialog = open_setup(window)
    dialog.text_edit.setText("445")
    dialog.apply_text()
    qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)
    assert window.controller.state == at("445")
    assert window.controller.state.to_move == 1
    assert window.turn_label.text().startswith("Bob")


def test_an_impossible_position_and_cancel_leave_the_game_as_it_was(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    window.start_table_game(two_people(), seed=3)
    click_cell(qtbot, window.board_view, 0, 3)
    table = window.controller
    before = table.state
    dialog = open_setup(window)
    assert dialog.set_text("7/7/OOOO3/XXXX3/OXOX3/XOXO3")
    assert dialog.status_label.text() == (
        "Not a legal position: both sides have a line; a game stops at the first one."
    )
    qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible()
    assert table.state == before
    cancel = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel)
    with qtbot.waitSignal(dialog.finished):
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert table.state == before
    assert table.session is not None
    assert table.session.moves == (before.moves[-1],)
    assert window.undo_action.isEnabled()
    # Escape cancels too, after discs were dropped.
    dialog = open_setup(window)
    column_click(qtbot, dialog, 0)
    with qtbot.waitSignal(dialog.finished):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert table.state == before


def test_the_right_click_point_is_a_column_not_a_cell(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot, played("44"))
    view = dialog.board_view
    bottom = view.cell_rect(Move(5, 3)).center().toPoint()
    qtbot.mouseClick(view, Qt.MouseButton.RightButton, pos=bottom)
    assert dialog.state() == at("4")


def test_each_alt_key_reaches_one_control(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    texts = [w.text() for w in dialog.findChildren(QAbstractButton) if w.isVisible()]
    texts += [w.text() for w in dialog.findChildren(QLabel) if w.buddy() is not None]
    keys = [
        match.group(1).lower()
        for text in texts
        if (match := re.search(r"(?<!&)&([^&])", text)) is not None
    ]
    assert len(keys) >= 8
    assert len(keys) == len(set(keys)), sorted(keys)


def test_tab_goes_from_the_board_through_the_controls_in_the_order_they_are_seen(
    qtbot: QtBot,
) -> None:
    dialog = make_dialog(qtbot)
    dialog.activateWindow()
    dialog.board_view.setFocus()
    qtbot.waitUntil(dialog.board_view.hasFocus)
    seen = []
    for _ in range(4):
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        seen.append(dialog.focusWidget())
    assert seen == [
        dialog.x_button,  # the colour to drop (the checked one of the two)
        dialog.take_back_button,
        dialog.text_edit,
        dialog.findChild(QPushButton, "useTextButton"),
    ]


def test_set_up_from_a_replay_leaves_the_replay_and_its_keys(
    qtbot: QtBot, recorded_window: MainWindow, repository: Repository
) -> None:
    window = recorded_window
    window.start_table_game(two_people(), seed=4)
    for col in (0, 1, 0, 1, 0, 1, 0):  # X wins down column a
        click_cell(qtbot, window.board_view, 0, col)
    # Recorded once every drop is judged (drops made before their analyses came).
    qtbot.waitUntil(lambda: window.controller.game_over_info is not None, timeout=20_000)
    (summary,) = repository.list_games(GameFilter(game="connect4"))
    window.replay_recorded_game(repository.game(summary.id))
    assert window.controller.replaying
    assert all(action.isEnabled() for action in window.replay_actions)
    dialog = open_setup(window)
    dialog.set_text("445")
    qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)
    assert not window.controller.replaying
    assert not window.replay_bar.isVisible()
    assert not any(action.isEnabled() for action in window.replay_actions)
    assert window.controller.state == at("445")


def test_a_position_pasted_over_a_replay_leaves_the_replay_and_its_keys(
    qtbot: QtBot, recorded_window: MainWindow, repository: Repository
) -> None:
    window = recorded_window
    window.start_table_game(two_people(), seed=5)
    for col in (0, 1, 0, 1, 0, 1, 0):
        click_cell(qtbot, window.board_view, 0, col)
    # Recorded once every drop is judged (drops made before their analyses came).
    qtbot.waitUntil(lambda: window.controller.game_over_info is not None, timeout=20_000)
    (summary,) = repository.list_games(GameFilter(game="connect4"))
    window.replay_recorded_game(repository.game(summary.id))
    assert window.paste_position("4453")
    assert not window.controller.replaying
    assert not any(action.isEnabled() for action in window.replay_actions)
    assert window.setup_action.isEnabled()
    assert window.undo_action.isEnabled()  # the pasted moves are steps to take back


def test_restart_over_a_replay_gives_the_arrow_keys_back_to_the_board(
    qtbot: QtBot, recorded_window: MainWindow, repository: Repository
) -> None:
    window = recorded_window
    window.start_table_game(two_people(), seed=6)
    for col in (0, 1, 0, 1, 0, 1, 0):
        click_cell(qtbot, window.board_view, 0, col)
    # Recorded once every drop is judged (drops made before their analyses came).
    qtbot.waitUntil(lambda: window.controller.game_over_info is not None, timeout=20_000)
    (summary,) = repository.list_games(GameFilter(game="connect4"))
    window.replay_recorded_game(repository.game(summary.id))
    window.game_play_again()
    assert not window.controller.replaying
    assert not any(action.isEnabled() for action in window.replay_actions)
    view = window.board_view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    before = view.focus_cell.col
    step = 1 if before < view.cols - 1 else -1
    qtbot.keyClick(view, Qt.Key.Key_Right if step == 1 else Qt.Key.Key_Left)
    assert view.focus_cell.col == before + step
