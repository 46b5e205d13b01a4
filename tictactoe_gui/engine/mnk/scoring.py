"""Every root move scored by the big-board search: what an analysis lists, depth by depth.

:func:`search` looks for the one best move and proves what it can;
:func:`score_moves` answers the question a viewer asks instead: *how good is each
move here?* It runs the same alpha-beta search (the compiled core when it can
take the position, else the pure-Python reference: both give the same scores
and node counts) below every root move with a full window, deepening one ply at
a time, so each move's score at a depth is its exact minimax value under that
search's pruning and move selection, not a bound. After each completed depth
``on_depth`` hears every move's score, best first.

Scores are :class:`Score` values from the side to move: a window evaluation
(see :func:`.state.evaluation_weights`) or a win or loss in so many plies that
the search sees. A seen win is not a proof: the search keeps the best few
moves at inner nodes. Each call uses a table of its own, so the same position
searched to the same depth always gives the same scores.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from tictactoe_gui.engine.mnk import native
from tictactoe_gui.engine.mnk.limits import Budget, Limit, SearchStopped
from tictactoe_gui.engine.mnk.search import (
    _INFINITY,
    MATE,
    WIDTH,
    TranspositionTable,
    _AlphaBeta,
    _mate_plies,
)
from tictactoe_gui.engine.mnk.state import State, evaluation_weights

Cell = tuple[int, int]

#: The table each scoring gets: 2**16 slots (2 MB compiled), made anew for every call.
_TABLE_LOG2: Final = 16


@dataclass(frozen=True, slots=True, order=True)
class Score:
    """A search's score from the side to move: ``mate`` plies to a win (> 0) or a loss
    (< 0) that the search sees, else the window evaluation ``value``.

    Scores compare as the search ranks them: a faster win above a slower one
    above any evaluation, and a slower loss above a faster one below any.
    """

    rank: int
    value: int
    mate: int | None

    @classmethod
    def of(cls, raw: int) -> Score:
        """The search's raw negamax value as a score."""
        mate = _mate_plies(raw)
        return cls(raw, 0 if mate is not None else raw, mate)

    @property
    def seen_win(self) -> bool:
        return self.mate is not None and self.mate > 0

    @property
    def seen_loss(self) -> bool:
        return self.mate is not None and self.mate < 0


def threat_value(k: int) -> int:
    """What one window a stone short of k (a threat to win) adds to the evaluation."""
    return evaluation_weights(k)[k - 1]


@dataclass(frozen=True, slots=True)
class DepthScores:
    """Every root move's score after one completed depth (plies, the root move included)."""

    depth: int
    #: ``(cell, score)`` best first; equal scores keep the order the moves were searched in.
    moves: tuple[tuple[Cell, Score], ...]
    #: The expected line from the best move, as deep as the table holds it.
    pv: tuple[Cell, ...]
    nodes: int
    elapsed: float


@dataclass(frozen=True, slots=True)
class MoveScores:
    """What :func:`score_moves` found: the last completed depth (None when none was)."""

    last: DepthScores | None
    #: The best move's score after each completed depth, depth 1 first.
    best_by_depth: tuple[Score, ...]
    nodes: int
    elapsed: float


def score_moves(
    rows: int,
    cols: int,
    k: int,
    x_mask: int,
    o_mask: int,
    limit: Limit,
    *,
    roots: Sequence[int] | None = None,
    first_depth_whole: bool = True,
    cancel: threading.Event | None = None,
    on_depth: Callable[[DepthScores], None] | None = None,
    on_nodes: Callable[[int], None] | None = None,
    started: float | None = None,
    compiled: bool | None = None,
) -> MoveScores:
    """Score the root moves of a position by iterative deepening, within ``limit``.

    ``roots`` are the cells to score (default: every empty cell within two of a
    stone, best-looking first). The first depth completes whatever the time
    limit when ``first_depth_whole`` is set, so there is always an answer; a
    depth the limit interrupts is dropped. ``cancel`` raises
    :class:`SearchStopped` (the caller tells it from a limit by the flag);
    ``on_nodes`` hears the node count every few hundred nodes.
    ``compiled`` is as in :func:`.search.search`.
    """
    state = State(rows, cols, k, x_mask, o_mask)
    if state.is_over:
        raise ValueError("the game is over: there is no move to score")
    budget = Budget(limit, cancel, started)
    budget.on_check = on_nodes
    table = TranspositionTable(_TABLE_LOG2)
    table.generation = 1
    reference = _AlphaBeta(state, table, budget)
    # every move is scored, even those that lose to a threat of two wins at once
    moves = list(roots) if roots is not None else reference.ordered(-1, 10_000, answers_only=False)
    if compiled is None:
        compiled = native.supports(state)
    engine: _AlphaBeta | native.NativeAlphaBeta = reference
    if compiled:
        engine = native.NativeAlphaBeta(state, table.native(), table.generation, WIDTH, budget)
    deadline = budget.deadline
    if first_depth_whole:
        budget.deadline = None
    max_depth = limit.depth if limit.depth is not None else state.empties
    last: DepthScores | None = None
    best_by_depth: list[Score] = []
    try:
        for depth in range(1, max_depth + 1):
            if depth > 1:
                budget.deadline = deadline
                budget.check()
            scored: list[tuple[int, Score]] = []
            wins = state.wins[state.to_move]
            for move in moves:
                budget.tick()  # the position the move leads to
                if move in wins:
                    scored.append((move, Score.of(MATE - 1)))
                    continue
                engine.make(move)
                try:
                    raw = -engine.negamax(depth - 1, -_INFINITY, _INFINITY, 1)
                finally:
                    engine.unmake()
                scored.append((move, Score.of(raw)))
            # A stable sort: among equals, the order the moves were searched in.
            scored.sort(key=lambda item: item[1], reverse=True)
            moves = [move for move, _ in scored]
            best, best_score = scored[0]
            pv = engine.principal_variation(best, depth)
            if best_score.mate is not None and best_score.mate > 0:
                pv = pv[: best_score.mate]
            cols_ = state.cols
            last = DepthScores(
                depth,
                tuple((divmod(move, cols_), score) for move, score in scored),
                tuple(divmod(cell, cols_) for cell in pv),
                budget.nodes,
                budget.elapsed(),
            )
            best_by_depth.append(best_score)
            if on_depth is not None:
                on_depth(last)
            if best_score.mate is not None and 0 < best_score.mate <= depth:
                break  # a win the search sees within its depth: deeper tells no more
            if all(score.mate is not None for _, score in scored):
                break
    except SearchStopped:
        if cancel is not None and cancel.is_set():
            raise
        if last is None:
            raise
    return MoveScores(last, tuple(best_by_depth), budget.nodes, budget.elapsed())
