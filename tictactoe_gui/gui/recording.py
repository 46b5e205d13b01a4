"""What the window needs from the records: save a finished game, read a player's record.

The SQLite repository satisfies :class:`GameRecords` as it is; the in-memory
implementation keeps games for the life of the process, for when no database
is available (and for tests).
"""

from __future__ import annotations

from typing import Protocol

from tictactoe_gui.storage.records import (
    DEFAULT_GAME,
    FinishedGame,
    Result,
    SideKind,
    WinLossDraw,
    validate_player_name,
)


class GameRecords(Protocol):
    def save_game(self, game: FinishedGame) -> int:
        """Store one finished game in one go; returns its id."""
        ...

    def record_of(self, name: str, game: str = DEFAULT_GAME) -> WinLossDraw | None:
        """A person's wins, losses and draws in one game, or None if they have never played."""
        ...

    def stored_name(self, name: str) -> str | None:
        """The spelling ``name`` was first recorded with ("alice" -> "Alice"), if any."""
        ...


class InMemoryRecords:
    """Finished games kept in a list; standings computed from them like the database does."""

    def __init__(self) -> None:
        self.games: list[FinishedGame] = []

    def save_game(self, game: FinishedGame) -> int:
        self.games.append(game)
        return len(self.games)

    def stored_name(self, name: str) -> str | None:
        key = validate_player_name(name).casefold()
        for game in self.games:
            for side in (game.x, game.o):
                if side.kind is SideKind.HUMAN and side.name.casefold() == key:
                    return side.name
        return None

    def record_of(self, name: str, game: str = DEFAULT_GAME) -> WinLossDraw | None:
        key = validate_player_name(name).casefold()
        wins = losses = draws = 0
        played = False
        for recorded in self.games:
            if recorded.game != game:
                continue
            for mark, side in (("X", recorded.x), ("O", recorded.o)):
                if side.kind is not SideKind.HUMAN or side.name.casefold() != key:
                    continue
                played = True
                if recorded.result is Result.DRAW:
                    draws += 1
                elif recorded.result.value == mark:
                    wins += 1
                else:
                    losses += 1
        return WinLossDraw(wins, losses, draws) if played else None
