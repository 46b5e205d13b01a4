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
# Control, surrogate, private-use, unassigned and line/paragraph separators.
# Other format characters stay allowed: emoji need the zero-width joiner.
_FORBIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class RecordsError(Exception):
    """Something went wrong reading or writing the records; the message says what."""


class InvalidNameError(RecordsError, ValueError):
    """A player name outside the rules (1-32 characters after trimming, no control characters)."""


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
