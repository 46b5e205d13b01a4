"""The main window's ways out of a game: resigning, another game, restarting and
quitting, each asked first while a person's game is at stake."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot

from tictactoe_gui.gui.window.base import (
    CONFIRM_NEW_GAME,
    CONFIRM_QUIT,
    CONFIRM_RESIGN,
    WindowBase,
    setting_bool,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from tictactoe_gui.gui.dialogs.new_game import NewGameDialog


class LeavingPart(WindowBase):
    """Resign, New Game, Restart and Quit, each asked first while a game is at stake."""

    @Slot()
    def resign(self) -> QMessageBox | None:
        """The person to move gives up (a loss for them, recorded like any other result),
        once they have said so (unless they asked not to be asked)."""
        self.back_to_game()
        table = self.controller
        session = table.session
        if session is None or not table.is_human_turn() or not session.spec.can_resign:
            table.resign()  # it says why not
            return None
        mover = session.state.to_move
        assert mover is not None
        winner = f"{session.name_of(1 - mover)} ({session.spec.seats[1 - mover]})"
        # What becomes of the record, as the banner will say it.
        if table.first_ending_recorded:
            record = "; only the game's first ending is recorded, not this one"
        elif session.setup.recorded and table.records is not None:
            record = ", and the game is recorded as a loss"
        else:
            record = " (the game is not recorded)"
        return self.confirm(
            CONFIRM_RESIGN,
            "Resign",
            f"Resign this game? {winner} wins{record}.",
            "Resign",
            table.resign,
        )

    def request_new_game(self) -> QMessageBox | NewGameDialog:
        """New Game (Ctrl+N): the dialog, once the game in progress may be left."""
        shown: list[NewGameDialog] = []
        box = self.confirm(
            CONFIRM_NEW_GAME,
            "New Game",
            f"Leave the game in progress? {self._where_the_game_goes()}",
            "New Game",
            lambda: shown.append(self.show_new_game_dialog()),
        )
        return box if box is not None else shown[0]

    def request_paste(self, text: str | None = None) -> QMessageBox | None:
        """Paste Position or Moves (Ctrl+Shift+V): the clipboard's (or ``text``'s) position
        studied, once the game in progress may be left; text that pastes nothing asks
        nothing (it says why on one line)."""
        study = self.pasted_study(text)
        if study is None:
            return None
        return self.confirm(
            CONFIRM_NEW_GAME,
            "Paste Position or Moves",
            f"Leave the game in progress? {self._where_the_game_goes()}",
            "Paste",
            study,
        )

    @Slot()
    def request_open_game(self) -> QMessageBox | QFileDialog:
        """Open Game (Ctrl+O): the file dialog, once the game in progress may be left."""
        shown: list[QFileDialog] = []
        box = self.confirm(
            CONFIRM_NEW_GAME,
            "Open Game",
            f"Leave the game in progress? {self._where_the_game_goes()}",
            "Open Game…",
            lambda: shown.append(self.show_open_game_dialog()),
        )
        return box if box is not None else shown[0]

    @Slot()
    def request_restart(self) -> QMessageBox | None:
        """Restart (Ctrl+R), once the game in progress may be left."""
        return self.confirm(
            CONFIRM_NEW_GAME,
            "Restart",
            f"Start this game again? {self._where_the_game_goes()}",
            "Restart",
            self.game_play_again,
        )

    @Slot()
    def request_quit(self) -> QMessageBox | None:
        """Quit (Ctrl+Q), once the game in progress may be left."""
        return self.confirm(
            CONFIRM_QUIT,
            "Quit",
            f"Quit during the game? {self._where_the_game_goes(quit=True)}",
            "Quit",
            self._quit_confirmed,
        )

    def _quit_confirmed(self) -> None:
        self._quit_asked = True
        self.close()

    def _where_the_game_goes(self, *, quit: bool = False) -> str:
        if quit and self._game_in_progress is not None:
            return "It will be here to play on when you start the app again."
        if self._first_ending_recorded():
            # Played on after its end (an undo): that first ending is what the records keep.
            return "Its first ending is recorded; what was played after it is not."
        return "It ends unfinished and is not recorded."

    def _first_ending_recorded(self) -> bool:
        """Whether the game on the board went to the records once already, at its first
        ending (and is being played on after an undo)."""
        return self.controller_ready and self.controller.first_ending_recorded

    def game_at_stake(self) -> bool:
        """Whether leaving now throws away a game a person is playing: not over, not a
        replay or AI vs AI, and a person has made a move in it."""
        return self.controller_ready and self.controller.game_at_stake()

    def confirm(
        self, key: str, title: str, question: str, verb: str, then: Callable[[], object]
    ) -> QMessageBox | None:
        """Ask ``question`` before ``then`` while a game is at stake (with "Don't ask
        again", remembered under ``key``); do it at once otherwise. Returns the question
        (answered later: it does not block), or None when nothing was asked."""
        from PySide6.QtWidgets import QCheckBox, QMessageBox

        if not self.game_at_stake() or not setting_bool(self._settings.value(key), True):
            then()
            return None
        box = QMessageBox(QMessageBox.Icon.Question, title, question, parent=self)
        box.setObjectName("confirmBox")
        yes = box.addButton(verb, QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(yes)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        check = QCheckBox("Don't ask again")
        box.setCheckBox(check)

        def answered() -> None:
            if box.clickedButton() is not yes:
                return
            if check.isChecked():
                self._settings.setValue(key, False)
                self._update_confirm_action()
            then()

        box.finished.connect(answered)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box
