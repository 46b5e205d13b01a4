"""The values every game's interface speaks in (:mod:`~tictactoe_gui.engine.game_interface`
names them all): its errors, how far a game is solved and how sure an analysis is, a result,
a computer player's card, a move's value, a solution, an analysis and a chosen move. Frozen,
so they cross threads freely.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from tictactoe_gui.engine.variants import VariantError


class GameError(ValueError):
    """A game, a position or a move that cannot be; the message says why."""


class UnknownGameError(GameError, VariantError):
    """Text that names no registered game, or a size the game is not played on."""


class MoveError(GameError):
    """A move the rules refuse in this position, or text that names no move."""


class PositionTextError(GameError):
    """Text that describes no position of this game."""


class NoSolverError(GameError):
    """The game (or this size of it) has no exact solver; the message says what it has."""


class OutOfTimeError(GameError):
    """An exact solver that did not finish within the time it was given."""


class Solving(enum.StrEnum):
    """What the engine can say about a game of this size from its start."""

    #: Every position is solved exactly, at once.
    EXACT = "solved exactly"
    #: Solved exactly when time allows (an exact search within a budget, or a proof search);
    #: an estimate otherwise, and labelled so.
    PROVEN_IN_TIME = "proven when time allows"
    #: Estimated by a depth-limited search; solved exactly only near the end.
    ESTIMATED = "estimated"


class Certainty(enum.StrEnum):
    """Whether a value is proven with best play on both sides, or an estimate."""

    PROVEN = "proven"
    ESTIMATED = "estimated"


class ValueKind(enum.StrEnum):
    """What a move's value measures."""

    #: A win, a draw or a loss, with the plies to the end where known.
    OUTCOME = "win, draw or loss"
    #: Points: the mover's points minus the opponent's from this move to the end.
    MARGIN = "margin in points"


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ends (or, in an analysis, will end with best play)."""

    #: The winning seat, 0 (the first player) or 1; None for a draw or a tie.
    winner: int | None
    #: What each seat gets from the game, as OpenSpiel's returns: +1, 0 or -1 in k in a row;
    #: the difference of the final scores in Row & Column.
    returns: tuple[int, int]
    #: In words: ``"X wins"``, ``"draw"``, ``"A wins 12 to 7"``.
    text: str

    @classmethod
    def of_winner(cls, winner: int | None, text: str) -> GameResult:
        """A game seat ``winner`` won (returns +1 and -1), or drawn (None: 0 each)."""
        if winner is None:
            return cls(None, (0, 0), text)
        return cls(winner, (1, -1) if winner == 0 else (-1, 1), text)

    def with_best_play(self) -> str:
        """A game of points' result proven ahead, as ``analyse``, ``solve`` and the window
        say it: ``"A wins, 15 to 10, with best play"``, ``"a tie at 7 each with best play"``."""
        return f"{self.text}{'' if self.winner is None else ','} with best play"


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """One of a game's computer players (a persona or a strategy)."""

    key: str
    name: str
    #: ``"easy"``, ``"medium"`` or ``"hard"``.
    level: str
    description: str


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move as an analysis scores it."""

    move: int
    #: The move in the game's notation (``"b2"``).
    text: str
    certainty: Certainty
    #: The engine's own number, higher is better for the mover: k in a row's score (exact and
    #: depth-aware, or an estimate's evaluation), Row & Column's margin.
    score: int
    #: When proven: the mover's return at the end (as :attr:`GameResult.returns`) with best
    #: play after this move. None for an estimate.
    value: int | None
    #: In words: ``"win in 3"``, ``"draw"``, ``"+35"``, ``"margin +4"``.
    words: str
    #: The expected play after this move, best play on both sides, where the analysis read
    #: it whole (a proven small board's); empty where it did not.
    line: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameSolution:
    """A position solved exactly: its result with best play and the line that gets there."""

    #: The result with best play on both sides.
    result: GameResult
    #: Moves to the end with best play (a draw in k in a row: until the board is full); None
    #: when the result is proven but not how soon.
    plies: int | None
    #: The best move and the line after it, best play on both sides; empty once over.
    line: tuple[int, ...]
    #: False when the time ran out while the line was read: ``line`` is its beginning only.
    line_complete: bool
    nodes: int
    elapsed: float
    #: Each seat's points at the end with best play, in games that keep a score; else None.
    scores: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """What the engine says of a position: every move it scored, best first, and the result."""

    #: PROVEN when the position's result with best play is proven.
    certainty: Certainty
    moves: tuple[MoveValue, ...]
    best_moves: tuple[int, ...]
    #: The result with best play, when proven (the result itself once the game is over).
    result: GameResult | None
    #: The prediction in words, proven or labelled an estimate.
    prediction: str
    #: The expected moves, best play on both sides.
    line: tuple[int, ...]
    nodes: int
    elapsed: float
    #: The game's engine's own analysis, which its reports read (see
    #: :meth:`GameSpec.analysis_json`).
    source: object = field(default=None, compare=False, repr=False)
    #: How deep the search looked, where the game says (:attr:`GameSpec.reports_depth`): the
    #: depth an estimate searched every line to, in plies (0 for a position solved), and the
    #: deepest line it read (0 where every reply was known from an earlier search).
    depth: int = 0
    max_depth: int = 0
    #: An estimate whose reading (who stands better, or by how much) the last depth changed:
    #: the depth before it and the mover's evaluation there, for a deeper search may change
    #: it again. None when proven or settled.
    unsettled_since: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class MoveChoice:
    """A move a computer player chose (:meth:`GameSpec.decide`) and what choosing it cost."""

    move: int
    #: The positions its search visited and the deepest it looked (0 where it did not say).
    nodes: int = 0
    depth: int = 0
    #: The analysis of the position, where the game has one at hand (its player's search
    #: made it on the way, or the position is solved at once): the coach needs no other.
    analysis: GameAnalysis | None = None
    #: What the player found that is news, in a few words ("O wins by force in 5 (proven
    #: by vcf)"), said as the move is played; empty for an ordinary move.
    news: str = ""
    #: The game's player's own decision, which :meth:`GameSpec.merge_choice` reads.
    source: object = field(default=None, compare=False, repr=False)
