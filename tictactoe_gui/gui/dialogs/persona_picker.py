"""New Game's choice of a computer player: a combo of the game's own players (and an
external engine), with the chosen one's description under it."""

from __future__ import annotations

import shlex
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox, QFileDialog, QFormLayout, QLabel

from tictactoe_gui.engine.games import GameSpec, find_game
from tictactoe_gui.engine.variants import DEFAULT
from tictactoe_gui.gui.accessibility import buddy_label, speak_choice_changes
from tictactoe_gui.gui.dialogs.game_names import plays
from tictactoe_gui.session.seats import ENGINE_PREFIX, PlayerSpec


class PersonaPicker(QObject):
    """A persona combo in a form, with the chosen persona's one-line description under it:
    the computer players of the game chosen, as its spec lists and describes them.

    The combo sits in the form itself, beside its label, so screen readers find the
    label through Qt's "labelled by" relation (which Qt looks for among siblings).
    """

    def __init__(self, form: QFormLayout, text: str, name: str, parent: QObject) -> None:
        super().__init__(parent)
        self.combo = speak_choice_changes(QComboBox())
        self.combo.setAccessibleName(name)
        #: The game the players play (what each does depends on its size).
        self._game = find_game(DEFAULT.id)
        self._fill()
        #: The external engine's command, once one is chosen.
        self.command = ""
        self._previous = 0
        self.description = QLabel()
        self.description.setObjectName(f"personaDescription-{name.lower().replace(' ', '-')}")
        self.description.setWordWrap(True)
        self.description.setEnabled(False)  # a quieter colour for the help text
        form.addRow(buddy_label(text, self.combo), self.combo)
        form.setWidget(form.rowCount(), QFormLayout.ItemRole.FieldRole, self.description)
        self.combo.activated.connect(self._on_activated)
        self.combo.currentIndexChanged.connect(self._describe)
        #: A key that steps through the closed combo (or the wheel) is changing it now:
        #: passing over "External engine…" then only says how to choose it.
        self._stepping = False
        self.combo.installEventFilter(self)
        self._describe()

    _STEP_KEYS = (
        Qt.Key.Key_Up,
        Qt.Key.Key_Down,
        Qt.Key.Key_PageUp,
        Qt.Key.Key_PageDown,
        Qt.Key.Key_Home,
        Qt.Key.Key_End,
    )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.combo and not self.combo.view().isVisible():
            if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
                if event.key() in self._STEP_KEYS:
                    self._stepping = True
                elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and (
                    self.combo.currentData() == ENGINE_PREFIX
                ):
                    self._choose_program(self.combo.currentIndex())
                    return True  # chosen here: not the dialog's Start
            elif event.type() in (QEvent.Type.KeyRelease, QEvent.Type.FocusOut):
                self._stepping = False
            elif event.type() == QEvent.Type.Wheel:
                self._stepping = True
                QTimer.singleShot(0, self, self._stop_stepping)
        return False

    def _stop_stepping(self) -> None:
        self._stepping = False

    def key(self) -> str:
        """A persona key, or ``engine:COMMAND`` for an external engine."""
        data = str(self.combo.currentData())
        if data == ENGINE_PREFIX:
            return f"{ENGINE_PREFIX}{self.command}"
        return data

    def name(self) -> str:
        return PlayerSpec.from_choice(self.key()).display_name if self._usable() else "The engine"

    def set_key(self, key: str) -> None:
        if key.startswith(ENGINE_PREFIX) and key != ENGINE_PREFIX:
            self.command = key.removeprefix(ENGINE_PREFIX)
            key = ENGINE_PREFIX
        index = self.combo.findData(key)
        if index >= 0:
            self.combo.setCurrentIndex(index)
            self._previous = index
        self._describe()

    def set_game(self, game: GameSpec) -> None:
        """Offer ``game``'s computer players, each described as it plays that game (the
        one chosen stays where the game has it too)."""
        self._game = game
        if self._keys() != tuple(player.key for player in game.players):
            key = self.key()
            self.combo.blockSignals(True)
            self._fill()
            self.combo.blockSignals(False)
            self.set_key(key)
        self._describe()

    def _keys(self) -> tuple[str, ...]:
        return tuple(
            str(self.combo.itemData(i))
            for i in range(self.combo.count())
            if self.combo.itemData(i) != ENGINE_PREFIX
        )

    def _fill(self) -> None:
        self.combo.clear()
        for player in self._game.players:
            self.combo.addItem(f"{player.name} ({player.level})", player.key)
        self.combo.addItem("External engine…", ENGINE_PREFIX)

    def usable(self) -> bool:
        """Whether the choice is complete (an external engine needs its program)."""
        return self._usable()

    def _usable(self) -> bool:
        return str(self.combo.currentData()) != ENGINE_PREFIX or bool(self.command)

    def _on_activated(self, index: int) -> None:
        if self.combo.itemData(index) != ENGINE_PREFIX:
            self._previous = index
            return
        if self._stepping:
            self._describe()  # passing over it: Enter chooses the program
            return
        self._choose_program(index)

    def _choose_program(self, index: int) -> None:
        parent = self.combo.window()
        path, _ = QFileDialog.getOpenFileName(
            parent, "Choose a Gomocup engine", self.command or str(Path.home())
        )
        if path:
            self.command = shlex.quote(path)
            self._previous = index
        elif not self.command:
            self.combo.setCurrentIndex(self._previous)  # nothing chosen: keep the persona
        self._describe()

    def _describe(self) -> None:
        data = str(self.combo.currentData())
        if data == ENGINE_PREFIX:
            self.description.setText(
                f"A Gomocup-protocol engine: {self.command}"
                if self.command
                else "Press Enter to choose the program of a Gomocup-protocol engine."
            )
            return
        if plays(self._game, data):
            self.description.setText(self._game.player(data).description)
