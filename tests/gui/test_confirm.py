"""What throws a game away asks first: Resign, New Game, Restart and Quit during a game a
person is playing, each with "Don't ask again"; nothing is asked when nothing is at stake.
After a resignation nothing predicts the game any more."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSettings
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from tests.gui.helpers import ai_vs_ai, answer, human_vs_ai, human_vs_human, moves, play, settle
from tictactoe_gui.engine import SERA, Board
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.window.base import CONFIRM_KEYS, CONFIRM_RESIGN


def at_stake(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_ai("cop"))
    settle(qtbot, window)
    assert play(window, 1, 1)
    settle(qtbot, window)


def new_game_dialogs(window: MainWindow) -> list[NewGameDialog]:
    return [d for d in window.findChildren(NewGameDialog) if d.isVisible()]


def test_resign_asks_and_cancel_keeps_the_game(qtbot: QtBot, window: MainWindow) -> None:
    at_stake(qtbot, window)
    box = window.resign()
    assert isinstance(box, QMessageBox)
    assert box.isVisible()
    assert "Cop (O) wins" in box.text()
    assert box.checkBox() is not None
    assert box.checkBox().text() == "Don't ask again"
    answer(box, yes=False)
    assert not window.controller.replaying
    assert not window.controller.session.is_over
    box = window.resign()
    assert box is not None
    answer(box)
    qtbot.waitUntil(lambda: window.controller.game_over_info is not None, timeout=5000)
    assert window.controller.session.resigned is not None


def test_dont_ask_again_is_remembered_and_can_be_reset(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    at_stake(qtbot, window)
    assert window.confirm_action.isChecked()
    box = window.resign()
    assert box is not None
    answer(box, never_again=True)
    assert window.controller.session.resigned is not None
    assert settings.value(CONFIRM_RESIGN) in (False, "false")
    assert not window.confirm_action.isChecked()
    at_stake(qtbot, window)
    assert window.resign() is None  # not asked: resigned at once
    assert window.controller.session.resigned is not None
    # The Game menu's check asks again, for everything.
    window.confirm_action.trigger()
    assert window.confirm_action.isChecked()
    assert all(settings.value(key) in (True, "true") for key in CONFIRM_KEYS)
    at_stake(qtbot, window)
    box = window.resign()
    assert box is not None
    answer(box, yes=False)


def test_new_game_and_restart_ask_during_a_game_only(qtbot: QtBot, window: MainWindow) -> None:
    # Nothing played yet: no question.
    window.new_game(human_vs_ai("cop"))
    settle(qtbot, window)
    dialog = window.request_new_game()
    assert isinstance(dialog, NewGameDialog)
    dialog.reject()
    at_stake(qtbot, window)
    played = moves(window)
    box = window.request_new_game()
    assert isinstance(box, QMessageBox)
    assert not new_game_dialogs(window)
    answer(box, yes=False)
    assert moves(window) == played
    box = window.request_new_game()
    assert isinstance(box, QMessageBox)
    answer(box)
    (dialog,) = new_game_dialogs(window)
    dialog.reject()
    box = window.request_restart()
    assert box is not None
    answer(box)
    qtbot.waitUntil(lambda: moves(window) == (), timeout=5000)
    # A finished game asks nothing.
    at_stake(qtbot, window)
    window.controller.resign()
    assert window.request_restart() is None


def test_no_question_in_ai_vs_ai_or_a_replay(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(ai_vs_ai(delay=0))
    qtbot.waitUntil(lambda: len(moves(window)) >= 2, timeout=10000)
    assert not window.game_at_stake()
    session = window.controller.session
    assert session is not None
    window.replay_table_game(session.start, list(session.moves), ("Sera", "Cop"), "today")
    assert window.controller.replaying
    assert not window.game_at_stake()


def test_quit_asks_and_cancel_keeps_the_window(qtbot: QtBot, window: MainWindow) -> None:
    at_stake(qtbot, window)
    box = window.request_quit()
    assert box is not None
    assert "Quit during the game?" in box.text()
    answer(box, yes=False)
    assert window.isVisible()
    assert window.engine_running()
    box = window.request_quit()
    assert box is not None
    answer(box)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    assert not window.engine_running()


class WindowManagerClose(QCloseEvent):
    """A close event as the window manager's close button sends it (spontaneous), which
    the offscreen platform never does."""

    def spontaneous(self) -> bool:
        return True


def test_the_close_button_asks_too(qtbot: QtBot, window: MainWindow) -> None:
    at_stake(qtbot, window)
    event = WindowManagerClose()
    window.closeEvent(event)
    assert not event.isAccepted()
    (box,) = [b for b in window.findChildren(QMessageBox, "confirmBox") if b.isVisible()]
    assert window.isVisible()
    answer(box)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    assert not window.engine_running()


def test_a_close_from_code_does_not_ask(qtbot: QtBot, window: MainWindow) -> None:
    at_stake(qtbot, window)
    window.close()
    assert not window.isVisible()
    assert not window.findChildren(QMessageBox, "confirmBox")


def test_after_a_resignation_nothing_predicts_the_game(qtbot: QtBot, window: MainWindow) -> None:
    window.heat_map_action.setChecked(True)
    window.analysis_dock.set_reveal(True)
    window.new_game(replace(human_vs_ai("sera"), start=Board.empty(get_variant("gomoku"))))
    settle(qtbot, window)
    assert play(window, 7, 7)
    settle(qtbot, window)
    assert window.board_view.heat_map is not None
    box = window.resign()
    assert box is not None
    answer(box)
    qtbot.waitUntil(lambda: window.controller.game_over_info is not None, timeout=10000)
    dock = window.analysis_dock
    assert dock.prediction_text().startswith("Game over: ")
    assert "resigned" in dock.prediction_text()
    assert not dock.candidates_shown()
    assert window.board_view.heat_map is None
    # Sera's word fits a resignation, not a win on the board.
    reaction = window.controller.game_over_info.reaction
    assert any(line in reaction for line in SERA.voice.resignation)
    # Taking the resignation back (Undo) brings the prediction back.
    window.controller.undo()
    qtbot.waitUntil(lambda: not dock.prediction_text().startswith("Game over"), timeout=5000)
    assert not window.controller.is_over
    assert dock.candidates_shown()


def test_between_two_people_a_game_is_at_stake_from_the_first_move(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    assert not window.game_at_stake()
    assert play(window, 0, 0)
    assert window.game_at_stake()
    # Against an AI that opens, its move alone puts nothing of the person's at stake.
    window.new_game(human_vs_ai("cop", human_side="O"))
    qtbot.waitUntil(lambda: len(moves(window)) == 1, timeout=5000)
    assert not window.game_at_stake()


def test_leaving_a_game_played_on_after_its_recorded_end_says_so(
    qtbot: QtBot, window: MainWindow
) -> None:
    at_stake(qtbot, window)
    assert "is not recorded" in str(window.request_restart().text())  # type: ignore[union-attr]
    for box in window.findChildren(QMessageBox):
        answer(box, yes=False)
    controller = window.controller
    box = window.resign()
    assert box is not None
    answer(box)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    assert controller.game_over_info is not None
    assert controller.game_over_info.saved_id is not None  # its first ending is recorded
    controller.undo()  # back into the game, for study
    qtbot.waitUntil(controller.is_human_turn, timeout=5000)
    assert play(window, 0, 0)
    settle(qtbot, window)
    assert window.game_at_stake()
    question = window.request_restart()
    assert question is not None
    # Its ending is in the records already: leaving now is not what keeps it out of them.
    assert "not recorded" not in question.text()
    assert "first ending is recorded" in question.text()
    answer(question, yes=False)


def test_resign_says_what_becomes_of_the_record(qtbot: QtBot, window: MainWindow) -> None:
    """Recorded as a loss only where it will be: after the game's first ending went to the
    records (an undo played on from it), or in a study, the question says so."""
    at_stake(qtbot, window)
    box = window.resign()
    assert box is not None
    assert box.text() == "Resign this game? Cop (O) wins, and the game is recorded as a loss."
    answer(box)
    qtbot.waitUntil(lambda: window.controller.game_over_info is not None, timeout=5000)
    window.controller.undo()  # the resignation taken back: its ending was recorded
    settle(qtbot, window)
    assert play(window, 0, 0)  # played on from it
    settle(qtbot, window)
    box = window.resign()
    assert box is not None
    assert box.text() == (
        "Resign this game? Cop (O) wins; only the game's first ending is recorded, not this one."
    )
    answer(box, yes=False)
    window.new_game(replace(human_vs_human(), record=False))
    settle(qtbot, window)
    assert play(window, 1, 1)
    box = window.resign()
    assert box is not None
    assert box.text() == "Resign this game? Alice (X) wins (the game is not recorded)."
