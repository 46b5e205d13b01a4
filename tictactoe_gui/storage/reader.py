"""What the records windows read: a small interface any records store can offer.

The windows (leaderboard, history, statistics) depend on this, not on the
SQLite :class:`~tictactoe_gui.storage.repository.Repository`, so they can be
shown over any store that answers these questions (a read-only file, a test
double) and never reach into how the records are kept.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol, runtime_checkable

from tictactoe_gui.storage.records import (
    DEFAULT_GAME,
    DamagedGame,
    GameDetail,
    GameFilter,
    GameSummary,
    ImportReport,
    PlayerStats,
    Standing,
    WinLossDraw,
)


@runtime_checkable
class RecordsReader(Protocol):
    """Questions the records windows ask; every answer is a plain value."""

    def count_games(self, game_filter: GameFilter | None = None) -> int:
        """How many recorded games match the filter."""
        ...

    def list_games(
        self,
        game_filter: GameFilter | None = None,
        offset: int = 0,
        limit: int = 100,
        *,
        after: GameSummary | None = None,
        on_damaged: Callable[[DamagedGame], None] | None = None,
    ) -> list[GameSummary]:
        """One page of matching games, newest first (``after``: the last one shown)."""
        ...

    def game(self, game_id: int) -> GameDetail:
        """One game with its moves."""
        ...

    def players(self, game: str | None = None) -> list[str]:
        """Every person with a recorded game (of one game, if named)."""
        ...

    def games_recorded(self) -> dict[str, int]:
        """How many games are recorded of each game id."""
        ...

    def standings(
        self, opponent_persona: str | None = None, game: str = DEFAULT_GAME
    ) -> list[Standing]:
        """One game's leaderboard, best first."""
        ...

    def player_stats(self, name: str, game: str = DEFAULT_GAME) -> PlayerStats:
        """A person's figures in one game."""
        ...

    def record_of(self, name: str, game: str = DEFAULT_GAME) -> WinLossDraw | None:
        """A person's wins, losses and draws in one game; None if never recorded."""
        ...


@runtime_checkable
class RecordsFiles(Protocol):
    """Records a window can export to a file and import from one."""

    def export_records(
        self,
        path: Path,
        file_format: str,
        game: str | None = None,
        *,
        on_damaged: Callable[[DamagedGame], None] | None = None,
    ) -> int:
        """Write the games (of one game, if named) as ``"csv"`` or ``"json"``; how many."""
        ...

    def import_records(
        self, path: Path, progress: Callable[[int, int], bool] | None = None
    ) -> ImportReport:
        """Merge the games of a JSON export; ``progress`` hears (done, to do), in bytes over
        both readings of the file, and may cancel by returning False."""
        ...
