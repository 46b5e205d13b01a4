"""What the engine thinks of a position, as one frozen value everyone else reads.

:func:`analyse` scores every legal move exactly with the chosen algorithm and
packs the result into an :class:`Analysis`: candidates best first, the
predicted outcome with best play, the principal variation and the search
statistics. The GUI, the command line and the personas all read this value.
"""

from __future__ import annotations

import enum
import threading
import time
from dataclasses import dataclass, field

from tictactoe_gui.engine.board import Board, Mark, Move
from tictactoe_gui.engine.search import (
    INFINITY,
    Algorithm,
    ProgressCallback,
    SearchCancelled,
    Searcher,
    SearchProgress,
    TranspositionTable,
)


class MoveOutcome(enum.StrEnum):
    """What a move leads to for the player making it, with best play afterwards."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class Candidate:
    """One legal move with its exact score."""

    move: Move
    score: int
    outcome: MoveOutcome
    #: Plies until the game ends with best play, counting this move.
    plies_to_end: int

    @property
    def describe(self) -> str:
        """``"win in 3"``, ``"draw"`` or ``"loss in 2"`` (plies, counting this move)."""
        if self.outcome is MoveOutcome.DRAW:
            return "draw"
        return f"{self.outcome} in {self.plies_to_end}"


@dataclass(frozen=True, slots=True)
class Prediction:
    """The result of a position with best play from both sides."""

    winner: Mark | None
    #: Plies from this position until the game ends (0 for a finished game).
    plies_to_end: int
    #: True when the game is already over in the analysed position.
    final: bool = False

    def __str__(self) -> str:
        if self.winner is None:
            return "draw"
        if self.final:
            return f"{self.winner} has won"
        unit = "ply" if self.plies_to_end == 1 else "plies"
        return f"{self.winner} wins in {self.plies_to_end} {unit}"

    @property
    def code(self) -> str:
        """``"X"``, ``"O"`` or ``"draw"``: the machine-readable form."""
        return "draw" if self.winner is None else self.winner.value


@dataclass(frozen=True, slots=True)
class Analysis:
    board: Board
    to_move: Mark
    #: Every legal move, best first; ties in row-major order. Empty when the game is over.
    candidates: tuple[Candidate, ...]
    prediction: Prediction
    principal_variation: tuple[Move, ...]
    nodes: int
    max_depth: int
    elapsed: float
    algorithm: Algorithm
    best_moves: tuple[Move, ...] = field(init=False)

    def __post_init__(self) -> None:
        top = self.candidates[0].score if self.candidates else None
        best = tuple(c.move for c in self.candidates if c.score == top)
        object.__setattr__(self, "best_moves", best)

    @property
    def best_score(self) -> int | None:
        return self.candidates[0].score if self.candidates else None

    def candidate(self, move: Move) -> Candidate:
        for candidate in self.candidates:
            if candidate.move == move:
                return candidate
        raise KeyError(f"{move} is not a legal move in {self.board}")

    def score_of(self, move: Move) -> int:
        return self.candidate(move).score


def outcome_of_score(score: int, empties: int) -> tuple[MoveOutcome, int]:
    """The outcome and plies-to-end of a move scored ``score`` with ``empties`` cells free."""
    if score > 0:
        return MoveOutcome.WIN, 11 - score
    if score < 0:
        return MoveOutcome.LOSS, 11 + score
    return MoveOutcome.DRAW, empties


def analyse(
    board: Board,
    algorithm: Algorithm = Algorithm.TABLE,
    *,
    table: TranspositionTable | None = None,
    cancel: threading.Event | None = None,
    progress: ProgressCallback | None = None,
) -> Analysis:
    """Score every legal move of ``board`` exactly.

    ``table`` lets repeated analyses share what they learned (only the TABLE
    algorithm uses it). Setting ``cancel`` makes the search raise
    :class:`~tictactoe_gui.engine.search.SearchCancelled` promptly;
    ``progress`` is called every few thousand nodes and after each root move.
    """
    started = time.perf_counter()
    mover = board.to_move
    outcome = board.outcome
    if outcome is not None:
        prediction = Prediction(outcome.winner, 0, final=True)
        return Analysis(board, mover, (), prediction, (), 1, 0, 0.0, algorithm)

    searcher = Searcher(algorithm, table=table, cancel=cancel, progress=progress)
    me, opp = board.marks(mover), board.marks(mover.other)
    moves = board.legal_moves()
    searcher.root_moves_total = len(moves)
    searcher.nodes = 1  # the root itself
    scored: list[Candidate] = []
    for move in moves:
        score = searcher.move_score(me, opp, move.index)
        result, plies = outcome_of_score(score, board.empties)
        scored.append(Candidate(move, score, result, plies))
        searcher.root_moves_done += 1
        if cancel is not None and cancel.is_set():
            raise SearchCancelled
        if progress is not None:
            progress(SearchProgress(searcher.nodes, searcher.root_moves_done, len(moves)))
    # sorted() is stable, so equal scores keep row-major order.
    candidates = tuple(sorted(scored, key=lambda c: -c.score))
    best = candidates[0]
    winner = None if best.outcome is MoveOutcome.DRAW else mover
    if best.outcome is MoveOutcome.LOSS:
        winner = mover.other
    prediction = Prediction(winner, best.plies_to_end)
    line = principal_variation(
        board, table if algorithm is Algorithm.TABLE else None, value=best.score
    )
    elapsed = time.perf_counter() - started
    return Analysis(
        board,
        mover,
        candidates,
        prediction,
        line,
        searcher.nodes,
        searcher.max_depth,
        elapsed,
        algorithm,
    )


def principal_variation(
    board: Board, table: TranspositionTable | None = None, value: int | None = None
) -> tuple[Move, ...]:
    """The expected line: at each step the first best move in row-major order, to the end.

    ``value`` is the position's exact value for its mover, if already known.
    The line is read with alpha-beta and a table, testing each move only for
    "does it keep the value?" (a null window), so it costs a few hundred nodes
    at most and does not count toward an analysis's nodes. Lines already read
    are kept in the table.
    """
    table = table if table is not None else _THREAD_TABLES.table
    known = table.lines.get((board.x, board.o))
    if known is not None:
        return tuple(Move.from_index(i) for i in known)
    searcher = Searcher(Algorithm.TABLE, table=table)
    start = board
    line: list[Move] = []
    while not board.is_over:
        mover = board.to_move
        me, opp = board.marks(mover), board.marks(mover.other)
        best_move, best_score = None, -INFINITY
        for move in board.legal_moves():
            if value is None:
                score = searcher.move_score(me, opp, move.index)
            else:
                # Only "does this move reach the known value?" matters: a null window.
                score = searcher.move_score(me, opp, move.index, 1, value - 1, value)
                if score >= value:
                    best_move, best_score = move, value
                    break
            if score > best_score:
                best_move, best_score = move, score
        assert best_move is not None
        line.append(best_move)
        board = board.play(best_move)
        value = position_value_after(best_score)
    table.lines[(start.x, start.o)] = tuple(m.index for m in line)
    return tuple(line)


def position_value_after(score: int) -> int:
    """The value of the child position for its mover, given the score of the move into it."""
    if score > 0:
        return -(score + 1)
    if score < 0:
        return 1 - score
    return 0


# A shared table for reading principal variations. Values in it are facts about
# positions (they never go stale), so sharing one per process is safe; each
# thread gets its own so no dict is written from two threads at once.
class _ThreadTables(threading.local):
    def __init__(self) -> None:
        self.table = TranspositionTable()


_THREAD_TABLES = _ThreadTables()


class Verdict(enum.StrEnum):
    """A coach's word on a move, judged against the analysis of the position before it."""

    BEST = "best"
    #: Not the top score, but the predicted outcome for the mover is unchanged.
    GOOD = "good"
    #: The predicted outcome got worse for the mover (a win let go to a draw).
    MISTAKE = "mistake"
    #: A win or a draw turned into a loss.
    BLUNDER = "blunder"


def judge_move(before: Analysis, move: Move) -> Verdict:
    """How good ``move`` was in the position ``before`` analysed."""
    played = before.candidate(move)
    best = before.candidates[0]
    if played.score == best.score:
        return Verdict.BEST
    if played.outcome is best.outcome:
        return Verdict.GOOD
    if played.outcome is MoveOutcome.LOSS:
        return Verdict.BLUNDER
    return Verdict.MISTAKE
