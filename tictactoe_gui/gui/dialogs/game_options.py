"""New Game's part for a game with options of its own
(:attr:`~tictactoe_gui.engine.game_interface.GameSpec.own_new_game_options`): its board,
who moves first and its players, in place of the game combo's sizes and the personas.

Each such game gives its widget here, by its key (:attr:`GameSpec.game_key`), loaded
when the game is first chosen; New Game asks only the spec and this table, never the
game's name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QWidget

from tictactoe_gui.engine.games import GameError, GameSpec
from tictactoe_gui.storage.records import GameMode

if TYPE_CHECKING:
    from tictactoe_gui.session.table import TableSetup


class GameOptions(QWidget):
    """A game's own part of New Game: it follows the dialog's mode, says whether its
    choices are complete, and returns the game they describe."""

    #: Emitted when a choice changes (the dialog validates again).
    changed = Signal()
    #: The settings group the game's choices are kept in between runs.
    settings_group: ClassVar[str]

    def set_mode(self, mode: GameMode) -> None:
        raise NotImplementedError

    def validate(self, mode: GameMode) -> bool:
        raise NotImplementedError

    def setup(self, mode: GameMode, record: bool = True) -> tuple[TableSetup, int]:
        """The game chosen and its seed (only call once :meth:`validate` says it is valid)."""
        raise NotImplementedError

    def restore(self, settings: QSettings) -> None:
        raise NotImplementedError

    def save(self, settings: QSettings) -> None:
        raise NotImplementedError

    @classmethod
    def saved_mode(cls, settings: QSettings) -> str | None:
        """The mode last chosen for this game (a :class:`GameMode` value), kept apart from
        the other games' (see :meth:`save_mode`)."""
        value = settings.value(f"{cls.settings_group}/mode")
        return None if value is None else str(value)

    def save_mode(self, settings: QSettings, mode: GameMode) -> None:
        settings.setValue(f"{self.settings_group}/mode", mode.value)

    @classmethod
    def remember(cls, settings: QSettings, spec: GameSpec) -> None:
        """Keep what New Game offers next after ``spec`` was started elsewhere than in the
        dialog (the command line, a saved game): by default nothing."""


def _row_and_column() -> type[GameOptions]:
    from tictactoe_gui.gui.dialogs.rowcol_options import RowColOptions

    return RowColOptions


#: The widget of each game with New Game options of its own, by the game's key.
OPTIONS: dict[str, Callable[[], type[GameOptions]]] = {"rowcol": _row_and_column}


def options_class(spec: GameSpec) -> type[GameOptions]:
    """The widget of ``spec``'s own New Game options; GameError for a game without."""
    load = OPTIONS.get(spec.game_key)
    if load is None or not spec.own_new_game_options:
        raise GameError(f"{spec.name} has no New Game options of its own")
    return load()


def options_for(spec: GameSpec) -> GameOptions:
    """A new widget of ``spec``'s own New Game options; GameError for a game without."""
    return options_class(spec)()
