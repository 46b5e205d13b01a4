"""What an analysis says: its candidates, its prediction and the frozen :class:`Analysis`.

The values every reader of an analysis uses (the window, the command line, the
personas, the verdicts), apart from the searches that make them, so that the
estimate (:mod:`tictactoe_gui.engine.estimate`) and the exact analysis
(:mod:`tictactoe_gui.engine.analysis`) both build them without importing each other.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from tictactoe_gui.engine.board import Board, Mark, Move
from tictactoe_gui.engine.search import Algorithm

#: Beyond any estimate's evaluation: a tenth of it (a million) is a win the search sees,
#: not proven.
WIN_VALUE: Final = 10_000_000


class MoveOutcome(enum.StrEnum):
    """What a move leads to for the player making it, with best play afterwards."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class Candidate:
    """One legal move with its score.

    In an exact analysis ``score`` is the exact depth-aware score and
    ``outcome``/``plies_to_end`` are proven. In an estimate ``score`` is the
    search's evaluation (see :mod:`tictactoe_gui.engine.estimate` for its
    units) and ``outcome`` is set only where the search proved a result.
    """

    move: Move
    score: int
    outcome: MoveOutcome | None
    #: Plies until the game ends with best play, counting this move (None when not proven).
    plies_to_end: int | None

    @property
    def exact(self) -> bool:
        return self.outcome is not None

    @property
    def describe(self) -> str:
        """``"win in 3"``, ``"draw"``, ``"loss in 2"`` (plies, counting this move) or ``"+35"``."""
        if self.outcome is None:
            return f"{self.score:+d}"
        if self.outcome is MoveOutcome.DRAW:
            return "draw"
        if self.plies_to_end is None:
            return str(self.outcome)  # proven, but not how soon
        return f"{self.outcome} in {self.plies_to_end}"


@dataclass(frozen=True, slots=True)
class Prediction:
    """The result of a position with best play from both sides, proven or estimated."""

    winner: Mark | None
    #: Plies from this position until the game ends (0 for a finished game; None if unproven,
    #: which an exact prediction can be when a win is proven but not its distance).
    plies_to_end: int | None
    #: True when the game is already over in the analysed position.
    final: bool = False
    #: False when the game was not solved: ``evaluation`` then says who stands better.
    exact: bool = True
    #: The mover's evaluation, for an estimate.
    evaluation: int | None = None
    mover: Mark | None = None

    def __str__(self) -> str:
        if not self.exact:
            return self.estimate_words()
        if self.winner is None:
            return "draw"
        if self.final:
            return f"{self.winner} has won"
        if self.plies_to_end is None:
            return f"{self.winner} wins (in how many plies is not proven)"
        unit = "ply" if self.plies_to_end == 1 else "plies"
        return f"{self.winner} wins in {self.plies_to_end} {unit}"

    def estimate_words(self) -> str:
        """``"X is better (estimate)"``, ``"roughly equal (estimate)"``: an evaluation in words."""
        value = self.evaluation or 0
        if self.mover is None or abs(value) < ROUGHLY_EQUAL:
            return "roughly equal (estimate)"
        ahead = self.mover if value > 0 else self.mover.other
        strength = "much better" if abs(value) >= MUCH_BETTER else "better"
        return f"{ahead} is {strength} (estimate)"

    @property
    def code(self) -> str | None:
        """``"X"``, ``"O"`` or ``"draw"``: the machine-readable form (None for an estimate)."""
        if not self.exact:
            return None
        return "draw" if self.winner is None else self.winner.value


#: Evaluations closer to zero than this read as "roughly equal"; from MUCH_BETTER on, "much".
ROUGHLY_EQUAL: Final = 20
MUCH_BETTER: Final = 300


def _reading(value: int) -> tuple[int, int]:
    """An evaluation as its words read it: (which side leads, how much: 0 equal, 1 better,
    2 much better)."""
    if abs(value) < ROUGHLY_EQUAL:
        return 0, 0
    return (1 if value > 0 else -1), (2 if abs(value) >= MUCH_BETTER else 1)


@dataclass(frozen=True, slots=True)
class Analysis:
    board: Board
    to_move: Mark
    #: Every legal move, best first; ties in row-major order. Empty when the game is over.
    #: An estimate lists the moves its search considered (those near the marks on a big board).
    candidates: tuple[Candidate, ...]
    prediction: Prediction
    principal_variation: tuple[Move, ...]
    nodes: int
    max_depth: int
    elapsed: float
    algorithm: Algorithm
    #: Whether every candidate's result is proven (the game was solved from here).
    exact: bool = True
    #: The depth an estimate searched to, in plies (0 for an exact analysis).
    depth: int = 0
    #: An estimate's best evaluation (for the side to move) after each depth it completed,
    #: depth 1 first: the same position searched to the same depth always gives the same
    #: value, and where the last depths disagree the estimate is not settled.
    depth_scores: tuple[int, ...] = ()
    best_moves: tuple[Move, ...] = field(init=False)

    def __post_init__(self) -> None:
        first = self.candidates[0] if self.candidates else None
        # A proven best move shares the top only with proven moves: an estimate's
        # evaluation is in other units, even when the numbers happen to be equal.
        best = tuple(
            c.move
            for c in self.candidates
            if first is not None and c.score == first.score and c.exact == first.exact
        )
        object.__setattr__(self, "best_moves", best)

    @property
    def best_score(self) -> int | None:
        return self.candidates[0].score if self.candidates else None

    @property
    def evaluation(self) -> int | None:
        """An estimate's evaluation for the side to move (None when exact)."""
        return None if self.exact else self.prediction.evaluation

    @property
    def unsettled_since(self) -> tuple[int, int] | None:
        """``(depth, evaluation)`` one depth before the last, when the estimate's reading
        changed there (who is better, or by how much in words): a deeper search may change
        it again. None for an exact analysis or a settled estimate."""
        if self.exact or len(self.depth_scores) < 2:
            return None
        before, last = self.depth_scores[-2], self.depth_scores[-1]
        if _reading(before) == _reading(last):
            return None
        return len(self.depth_scores) - 1, before

    def candidate(self, move: Move) -> Candidate:
        for candidate in self.candidates:
            if candidate.move == move:
                return candidate
        raise KeyError(f"{self.board.cell_name(move)} is not a legal move in {self.board}")

    def has_candidate(self, move: Move) -> bool:
        return any(candidate.move == move for candidate in self.candidates)

    def score_of(self, move: Move) -> int:
        return self.candidate(move).score


def win_score(cells: int) -> int:
    """The score of an immediate win on a board of ``cells`` cells (10 on 3x3)."""
    return cells + 1


def outcome_of_score(score: int, empties: int, cells: int = 9) -> tuple[MoveOutcome, int]:
    """The outcome and plies-to-end of a move scored ``score`` with ``empties`` cells free."""
    if score > 0:
        return MoveOutcome.WIN, cells + 2 - score
    if score < 0:
        return MoveOutcome.LOSS, cells + 2 + score
    return MoveOutcome.DRAW, empties
