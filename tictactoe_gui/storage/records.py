"""Plain values that go into and come out of the records database.

These dataclasses are the whole contract between the game (GUI or command
line) and storage: the game hands a :class:`FinishedGame` to
:meth:`Repository.save_game`, and reads back summaries, standings and
statistics. Nothing here knows about Qt or about the engine's types; marks are
the strings ``"X"`` and ``"O"`` and cells are indices 0-8, row-major.
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final

NAME_MAX_LENGTH: Final = 32
#: SQLite stores integers in 64 bits.
SQLITE_MAX_INTEGER: Final = 2**63 - 1
# Control, surrogate, private-use, unassigned and line/paragraph separators.
# Other format characters stay allowed: emoji need the zero-width joiner.
_FORBIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class RecordsError(Exception):
    """Something went wrong reading or writing the records; the message says what."""


class InvalidNameError(RecordsError, ValueError):
    """A player name outside the rules (1-32 characters after trimming, no control characters)."""


class InvalidGameError(RecordsError, ValueError):
    """A game record that cannot be true (bad cells, marks out of turn, a result the moves deny)."""


class GameNotFoundError(RecordsError, LookupError):
    """No recorded game has the id asked for."""


class UnknownPlayerError(RecordsError, LookupError):
    """No recorded game involves the person asked for."""


class CorruptDatabaseError(RecordsError):
    """The records file is not an SQLite database, or not one this app can read."""


class UnwritableDatabaseError(RecordsError):
    """The records file or its folder cannot be written; games can still be played, unrecorded."""


class NewerDatabaseError(RecordsError):
    """The records file was written by a newer version of the app; it is left untouched."""


def validate_player_name(name: str) -> str:
    """The name as it will be stored (trimmed), or :class:`InvalidNameError` saying why not.

    Names may hold spaces, quotes, punctuation and emoji; they are compared
    without regard to case ("alice" and "Alice" are one player).
    """
    trimmed = name.strip()
    if not trimmed:
        raise InvalidNameError("a player name cannot be empty")
    if len(trimmed) > NAME_MAX_LENGTH:
        raise InvalidNameError(
            f"a player name has at most {NAME_MAX_LENGTH} characters; this one has {len(trimmed)}"
        )
    for ch in trimmed:
        if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES or ch in _BIDI_CONTROLS:
            raise InvalidNameError(
                f"a player name cannot contain control characters (found U+{ord(ch):04X})"
            )
    return trimmed


def name_key(name: str) -> str:
    """The form two names are compared in: "Alice", "alice" and "ALICE" are one player."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


class GameMode(enum.StrEnum):
    HUMAN_VS_AI = "human-vs-ai"
    HUMAN_VS_HUMAN = "human-vs-human"
    AI_VS_AI = "ai-vs-ai"


class SideKind(enum.StrEnum):
    HUMAN = "human"
    PERSONA = "persona"


class Result(enum.StrEnum):
    """How a recorded game ended. Abandoned games are not recorded at all."""

    X_WINS = "X"
    O_WINS = "O"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Side:
    """Who played one side: a person (by name) or a persona (by key: kitty, cop, sera)."""

    kind: SideKind
    name: str

    @classmethod
    def human(cls, name: str) -> Side:
        return cls(SideKind.HUMAN, validate_player_name(name))

    @classmethod
    def persona(cls, key: str) -> Side:
        return cls(SideKind.PERSONA, key)


@dataclass(frozen=True, slots=True)
class MoveEntry:
    ply: int  # 1 for the first move after the start position
    cell: int  # 0-8, row-major
    mark: str  # "X" or "O"
    #: The move's exact engine score for its mover, when known.
    score: int | None = None
    #: The coach's verdict ("best", "good", "mistake", "blunder"), when judged.
    verdict: str | None = None


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """Everything recorded about a game that reached its end."""

    started_at: datetime  # timezone-aware, UTC
    ended_at: datetime
    mode: GameMode
    x: Side
    o: Side
    result: Result
    moves: tuple[MoveEntry, ...]
    #: The position the game started from: 9 characters, "." for empty.
    start_board: str = "........."
    hints_x: int = 0
    hints_o: int = 0
    seed: int | None = None
    x_ai_nodes: int = 0
    o_ai_nodes: int = 0
    x_ai_max_depth: int = 0
    o_ai_max_depth: int = 0

    @property
    def plies(self) -> int:
        return len(self.moves)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One row of the history: a recorded game without its moves."""

    id: int
    started_at: datetime
    ended_at: datetime
    mode: GameMode
    x: Side
    o: Side
    result: Result
    plies: int
    moves_x: int
    moves_o: int
    hints_x: int
    hints_o: int
    seed: int | None
    x_ai_nodes: int
    o_ai_nodes: int
    x_ai_max_depth: int
    o_ai_max_depth: int
    start_board: str
    #: The game's permanent identity, kept across export and import (a UUID).
    uid: str = ""


@dataclass(frozen=True, slots=True)
class GameDetail:
    summary: GameSummary
    moves: tuple[MoveEntry, ...]


@dataclass(frozen=True, slots=True)
class GameFilter:
    """What the history shows; None means "any"."""

    player: str | None = None  # a person's name or a persona key, either side
    mode: GameMode | None = None
    #: Result from the named player's view when ``player`` is set ("win", "loss",
    #: "draw"); otherwise "X", "O" or "draw".
    result: str | None = None
    #: Whether ``player`` names a person or a persona; None matches either.
    player_kind: SideKind | None = None


@dataclass(frozen=True, slots=True)
class WinLossDraw:
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def summary(self) -> str:
        """ "5 wins, 1 loss, 2 draws": each count with its noun, singular for one."""

        def count(n: int, one: str, many: str) -> str:
            return f"{n} {one if n == 1 else many}"

        return (
            f"{count(self.wins, 'win', 'wins')}, {count(self.losses, 'loss', 'losses')}, "
            f"{count(self.draws, 'draw', 'draws')}"
        )


@dataclass(frozen=True, slots=True)
class Standing:
    """One leaderboard row, computed from recorded games."""

    side: Side
    record: WinLossDraw


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    totals: WinLossDraw
    #: Record against each persona, by persona key.
    against_persona: dict[str, WinLossDraw] = field(default_factory=dict)
    #: Record against people (human-vs-human games).
    against_people: WinLossDraw = field(default_factory=WinLossDraw)
    #: +N for N wins in a row up to the latest game, -N for losses, 0 after a draw.
    current_streak: int = 0
    longest_win_streak: int = 0
    longest_loss_streak: int = 0
    #: Every game in time order: (ended_at, "win" | "loss" | "draw").
    timeline: tuple[tuple[datetime, str], ...] = ()


WIN: Final = "win"
LOSS: Final = "loss"
DRAW: Final = "draw"
PLAYER_RESULTS: Final = (WIN, LOSS, DRAW)


def outcome_for(result: Result, mark: str) -> str:
    """``"win"``, ``"loss"`` or ``"draw"`` for whoever played ``mark`` in a game with ``result``."""
    if result is Result.DRAW:
        return DRAW
    return WIN if result.value == mark else LOSS


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What importing a records file did: games new to this database, and games already in it."""

    added: int
    skipped: int


_WIN_LINES: Final = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)


def _winner(cells: list[str]) -> str | None:
    for a, b, c in _WIN_LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def validate_game(game: FinishedGame) -> None:
    """Raise :class:`InvalidGameError` naming the first thing that makes ``game`` impossible.

    Storage keeps its own copy of the rules (a few lines) rather than import
    the engine, so a record is checked the same way whoever built it: the
    window, the command line or an imported file.
    """
    for label, moment in (("start time", game.started_at), ("end time", game.ended_at)):
        if moment.tzinfo is None or moment.utcoffset() is None:
            raise InvalidGameError(f"the {label} must carry a time zone (UTC), got {moment}")
    if game.ended_at < game.started_at:
        raise InvalidGameError(
            f"the game ends ({game.ended_at}) before it starts ({game.started_at})"
        )
    for letter, side in (("X", game.x), ("O", game.o)):
        if side.kind is SideKind.HUMAN:
            validate_player_name(side.name)
        elif not side.name.strip() or len(side.name.strip()) > NAME_MAX_LENGTH:
            raise InvalidGameError(f"side {letter} names no persona ({side.name!r})")
    counts = {
        "hints_x": game.hints_x,
        "hints_o": game.hints_o,
        "x_ai_nodes": game.x_ai_nodes,
        "o_ai_nodes": game.o_ai_nodes,
        "x_ai_max_depth": game.x_ai_max_depth,
        "o_ai_max_depth": game.o_ai_max_depth,
    }
    for label, count in counts.items():
        if count < 0:
            raise InvalidGameError(f"{label} cannot be negative, got {count}")
        if count > SQLITE_MAX_INTEGER:
            raise InvalidGameError(f"{label} is too large to record, got {count}")
    if game.seed is not None and not -SQLITE_MAX_INTEGER - 1 <= game.seed <= SQLITE_MAX_INTEGER:
        raise InvalidGameError(f"the seed is too large to record (over 64 bits), got {game.seed}")

    board = game.start_board
    if len(board) != 9 or set(board) - set("XO."):
        raise InvalidGameError(f"the start board must be 9 of 'X', 'O' and '.', got {board!r}")
    cells = list(board)
    xs, os_ = cells.count("X"), cells.count("O")
    if xs not in (os_, os_ + 1):
        raise InvalidGameError(f"the start board {board!r} has {xs} X and {os_} O, impossible")
    if _winner(cells) is not None:
        raise InvalidGameError(f"the start board {board!r} is already won")
    to_move = "X" if xs == os_ else "O"
    if game.moves and game.moves[0].ply not in (1, xs + os_ + 1):
        raise InvalidGameError(f"the first move has ply {game.moves[0].ply}; expected 1")
    winner: str | None = None
    for index, move in enumerate(game.moves):
        where = f"move {index + 1} (ply {move.ply})"
        if winner is not None:
            raise InvalidGameError(f"{where} comes after {winner} already won")
        if index and move.ply != game.moves[index - 1].ply + 1:
            raise InvalidGameError(f"{where} does not follow ply {game.moves[index - 1].ply}")
        if not 0 <= move.cell <= 8:
            raise InvalidGameError(f"{where} plays cell {move.cell}; cells are 0-8")
        if move.mark != to_move:
            raise InvalidGameError(f"{where} is played by {move.mark!r} but {to_move} is to move")
        if cells[move.cell] != ".":
            raise InvalidGameError(f"{where} plays cell {move.cell}, which is taken")
        cells[move.cell] = move.mark
        winner = _winner(cells)
        to_move = "O" if to_move == "X" else "X"
    if winner is not None:
        actual = Result(winner)
    elif "." not in cells:
        actual = Result.DRAW
    else:
        raise InvalidGameError(
            f"the game has not ended after {len(game.moves)} moves"
            " (abandoned games are not recorded)"
        )
    if actual is not game.result:
        raise InvalidGameError(
            f"the result is recorded as {game.result.value!r} but the moves give {actual.value!r}"
        )
