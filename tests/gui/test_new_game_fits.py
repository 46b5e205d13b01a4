"""New Game sizes itself to what it shows: for every game offered and every mode, each label
and button has the room its text needs (a word-wrapped label the height its width needs),
and the dialog is as tall as its contents (within the screen), so no description is clipped."""

from __future__ import annotations

import contextlib

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QWidget
from pytestqt.exceptions import TimeoutError
from pytestqt.qtbot import QtBot

from tests.gui.test_dialogs import make_dialog
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.storage.records import GameMode


def clipped(dialog: QWidget) -> list[str]:
    """The texts shown with less room than they need."""
    short = []
    for widget in dialog.findChildren(QWidget):
        if not isinstance(widget, QLabel | QAbstractButton) or not widget.isVisibleTo(dialog):
            continue
        if not widget.text():
            continue
        room = widget.size()
        if isinstance(widget, QLabel) and widget.wordWrap():
            needed = widget.heightForWidth(room.width())
            if needed > room.height():
                short.append(f"{widget.text()!r}: {needed} px tall in {room.height()}")
        else:
            hint = widget.minimumSizeHint()
            if hint.width() > room.width() or hint.height() > room.height():
                short.append(f"{widget.text()!r}: {hint.toTuple()} in {room.toTuple()}")
    return short


def fits(dialog: NewGameDialog) -> bool:
    return not clipped(dialog) and dialog.height() >= needed_height(dialog)


def settled(qtbot: QtBot, dialog: NewGameDialog, what: str) -> None:
    """Once the layouts have applied what changed (their requests are posted events, a
    layout at a time), every text has its room."""
    with contextlib.suppress(TimeoutError):
        qtbot.waitUntil(lambda: fits(dialog), timeout=2000)
    assert clipped(dialog) == [], what
    assert dialog.height() >= needed_height(dialog), what


def needed_height(dialog: NewGameDialog) -> int:
    layout = dialog.layout()
    assert layout is not None
    hint = dialog.sizeHint().height()
    if layout.hasHeightForWidth():
        hint = max(hint, layout.totalHeightForWidth(dialog.width()))
    return min(hint, dialog.screen().availableGeometry().height())


@pytest.mark.parametrize("mode", list(GameMode), ids=[mode.value for mode in GameMode])
def test_every_game_and_mode_shows_its_texts_whole(
    qtbot: QtBot, settings: QSettings, mode: GameMode
) -> None:
    dialog = make_dialog(qtbot, settings)
    combo: QComboBox = dialog.game_combo
    for index in range(combo.count()):
        combo.setCurrentIndex(index)
        dialog.set_mode(mode)
        settled(qtbot, dialog, combo.itemText(index))


def test_a_longer_description_chosen_grows_the_dialog(qtbot: QtBot, settings: QSettings) -> None:
    dialog = make_dialog(qtbot, settings)
    dialog.choose_game(find_game("rowcol"))
    dialog.set_mode(GameMode.AI_VS_AI)
    settled(qtbot, dialog, "Row & Column, AI vs AI")
    for combo in dialog.findChildren(QComboBox):
        if not combo.isVisibleTo(dialog) or combo is dialog.game_combo:
            continue
        for choice in range(combo.count()):
            combo.setCurrentIndex(choice)
            settled(qtbot, dialog, combo.itemText(choice))


def test_the_dialog_that_grows_stays_wholly_on_the_screen(
    qtbot: QtBot, settings: QSettings
) -> None:
    dialog = make_dialog(qtbot, settings)
    room = dialog.screen().availableGeometry()
    # Low on the screen and at its right edge, where growing taller or wider would push its
    # lower or right part off the screen.
    frame = dialog.frameGeometry()
    dialog.move(room.right() - frame.width() + 1, room.bottom() - frame.height() + 1)
    assert room.contains(dialog.frameGeometry())
    before = dialog.height()
    dialog.choose_game(find_game("rowcol"))
    dialog.set_mode(GameMode.AI_VS_AI)
    settled(qtbot, dialog, "Row & Column, AI vs AI")
    assert dialog.height() > before  # it grew (more fields)
    qtbot.waitUntil(lambda: room.contains(dialog.frameGeometry()), timeout=2000)
