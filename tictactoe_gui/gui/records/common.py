"""Small pieces the records windows share: names for sides, result colours, messages."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QMessageBox, QWidget

from tictactoe_gui.engine import PERSONAS
from tictactoe_gui.engine.games import GameError, GameSpec, find_game, registered_games
from tictactoe_gui.gui.accessibility import buddy_label, name_message_box_icon, speak_choice_changes
from tictactoe_gui.storage.reader import RecordsReader
from tictactoe_gui.storage.records import (
    DEFAULT_GAME,
    DRAW,
    LOSS,
    WIN,
    RecordsError,
    Result,
    Side,
    SideKind,
)


def game_spec(game: str | None) -> GameSpec | None:
    """The game a records filter names (its id); None for every game, or for a game this
    app does not know (an imported record's)."""
    if game is None:
        return None
    try:
        return find_game(game)
    except GameError:
        return None


def persona_keys_for(game: str | None) -> tuple[str, ...]:
    """The computer players of ``game`` as its spec lists them, easiest first (None, or a
    game this app does not know: every game's, game by game)."""
    spec = game_spec(game)
    specs = [spec] if spec is not None else [known.listed[0] for known in registered_games()]
    return tuple(dict.fromkeys(player.key for each in specs for player in each.players))


def result_labels(game: str | None) -> dict[Result, str]:
    """The results a filter offers for ``game``, in its seats' names and its word for a
    game no one wins (``"X wins"``, ``"Draw"``; ``"A wins"``, ``"Tie"``); those of the
    default game for every game or one this app does not know."""
    spec = game_spec(game) or find_game(DEFAULT_GAME)
    first, second = spec.seats
    return {
        Result.X_WINS: f"{first} wins",
        Result.O_WINS: f"{second} wins",
        Result.DRAW: spec.draw_word.capitalize(),
    }


#: Outcome colours, chosen to stay apart for the common colour-vision deficiencies
#: (blue / orange / grey) rather than green / red.
OUTCOME_COLOURS: dict[str, QColor] = {
    WIN: QColor("#1f77b4"),
    DRAW: QColor("#9e9e9e"),
    LOSS: QColor("#ff7f0e"),
}


def persona_name(key: str) -> str:
    """The display name of a persona key ("sera" -> "Sera", Row & Column's "greedy" ->
    "Magpie"), or the key itself if unknown."""
    persona = PERSONAS.get(key)
    if persona is not None:
        return persona.name
    from tictactoe_gui.records_bridge import side_name

    return side_name(Side.persona(key))


def side_label(side: Side) -> str:
    """How a side reads in a table: a person's name, or a persona's name marked as such."""
    if side.kind is SideKind.PERSONA:
        return f"{persona_name(side.name)} (AI)"
    return side.name


def show_message(parent: QWidget, icon: QMessageBox.Icon, title: str, text: str) -> QMessageBox:
    """Show a message without blocking (window-modal), so slots return and tests can look."""
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("recordsMessage")
    name_message_box_icon(box)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def game_name(game: str) -> str:
    """How a game id reads ("gomoku" -> "Gomoku"); an id this version does not know, as is."""
    from tictactoe_gui.engine.games import GameError, find_game

    try:
        return find_game(game).name
    except GameError:
        return game


class GameChoice(QComboBox):
    """The "Game:" box of a records window: one game at a time, or every game if allowed.

    Lists tic-tac-toe and every game that has records, most played first; its
    data is the game id (None for "All games").
    """

    def __init__(
        self, reader: RecordsReader, *, every_game: bool = False, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("gameFilter")
        self.setAccessibleName("Game")
        self._reader = reader
        self._every_game = every_game
        #: Games listed though nothing of them is recorded yet (the game at the table).
        self._also: list[str] = []
        speak_choice_changes(self)
        self.fill()

    def fill(self) -> None:
        """List the games again (after games were recorded or imported), keeping the choice."""
        current = self.currentData() if self.count() else DEFAULT_GAME
        try:
            recorded = list(self._reader.games_recorded())
        except RecordsError:
            recorded = []
        games = [DEFAULT_GAME, *(game for game in recorded if game != DEFAULT_GAME)]
        games += [game for game in self._also if game not in games]
        self.blockSignals(True)
        self.clear()
        if self._every_game:
            self.addItem("All games", None)
        for game in games:
            self.addItem(game_name(game), game)
        found = self.findData(current)
        self.setCurrentIndex(found if found >= 0 else self.findData(DEFAULT_GAME))
        self.blockSignals(False)

    @property
    def game(self) -> str | None:
        """The chosen game id (None: every game)."""
        data = self.currentData()
        return data if isinstance(data, str) else None

    def select(self, game: str | None, *, add: bool = False) -> bool:
        """Choose ``game`` (None: every game); False if it is not listed, unless ``add``
        lists it (the game at the table, which has no records yet)."""
        if add and game is not None and self.findData(game) < 0:
            self._also.append(game)
            self.fill()
        index = self.findData(game)
        if index < 0:
            return False
        self.setCurrentIndex(index)
        return True

    def title(self, window: QWidget, what: str) -> None:
        """Keep ``window``'s title naming ``what`` it shows and the game chosen."""

        def retitle() -> None:
            game = self.game
            window.setWindowTitle(f"{what} · {game_name(game) if game else 'all games'}")

        self.currentIndexChanged.connect(retitle)
        retitle()

    def labelled(self, parent: QWidget) -> QHBoxLayout:
        """The box with its "Game:" label, ready for a window's top row."""
        row = QHBoxLayout()
        row.addWidget(buddy_label("&Game:", self, parent))
        row.addWidget(self, 1)
        return row


def documents_folder() -> Path:
    """Where file dialogs start: the user's documents folder, else their home folder."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if documents and Path(documents).is_dir():
        return Path(documents)
    return Path.home()
