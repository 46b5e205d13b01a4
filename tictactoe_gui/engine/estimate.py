"""The estimate for boards too big to solve: the big-board search scoring every promising move.

The search is :func:`tictactoe_gui.engine.mnk.scoring.score_moves`, the same
alpha-beta search, window evaluation and compiled core that the big-board
personas play with (the pure-Python reference where the core is missing).
This module turns its scores into an :class:`~tictactoe_gui.engine.reading.Analysis`.

**Units.** An estimate's score is the search's window evaluation for the side
to move, rescaled so that a window one mark short of a line (a threat the other
side must answer) is worth ``10 ** (k - 2)``: 100 on four in a row, 1000 on
gomoku, as the evaluation has always read (:data:`~.reading.ROUGHLY_EQUAL`,
:data:`~.reading.MUCH_BETTER` and :func:`~.analysis.winning_chance` are in these
units). Positive means the side to move stands better. A win the search sees
but no proof backs scores ``WIN_VALUE // 10`` (a million) or its negative: an
estimate all the same, labelled as one. Only a win on the next move is
reported as a proven outcome here.

The search looks at the empty cells within two cells of a mark (the nine
nearest the centre on an empty board).
"""

from __future__ import annotations

import threading
import time
from typing import Final

from tictactoe_gui.engine.board import Board, Move
from tictactoe_gui.engine.mnk.limits import Limit, SearchStopped
from tictactoe_gui.engine.mnk.scoring import DepthScores, Score, score_moves, threat_value
from tictactoe_gui.engine.reading import WIN_VALUE, Analysis, Candidate, MoveOutcome, Prediction
from tictactoe_gui.engine.search import (
    Algorithm,
    ProgressCallback,
    SearchCancelled,
    SearchProgress,
)

#: On an empty board: how many cells nearest the centre are scored (the dock offers a top 9).
OPENING_CELLS: Final = 9
#: With a time limit, deepening stops here at the latest (plies below each candidate).
MAX_TIMED_DEPTH: Final = 12


def default_depth(board: Board) -> int:
    """Plies searched below each candidate without a time limit: deeper on smaller boards."""
    return 3 if board.cells <= 100 else 2


def estimate(
    board: Board,
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    cancel: threading.Event | None = None,
    progress: ProgressCallback | None = None,
    started: float | None = None,
) -> Analysis:
    """Score the promising moves of ``board`` by iterative deepening: an estimate.

    Without ``time_limit`` it searches ``depth`` plies below each candidate (a
    default per board size). With one, it deepens one ply at a time while time
    remains (up to :data:`MAX_TIMED_DEPTH`) and answers from the last depth it
    completed; the first depth always completes. After each completed depth
    ``progress`` hears the depth, best move, line and evaluation so far.
    """
    started = time.perf_counter() if started is None else started
    target = default_depth(board) if depth is None else depth
    if time_limit is not None and depth is None:
        target = max(target, MAX_TIMED_DEPTH)
    variant = board.variant
    k = variant.k
    roots = None
    if not board.x and not board.o:
        roots = list(board.geometry.centre_out[:OPENING_CELLS])
    total = len(roots) if roots is not None else 0
    reached: list[DepthScores] = []

    def on_nodes(nodes: int) -> None:
        if progress is not None:
            elapsed = time.perf_counter() - started
            progress(SearchProgress(nodes, 0, total, elapsed=elapsed))

    def on_depth(scores: DepthScores) -> None:
        reached.append(scores)
        if progress is None:
            return
        best = _candidate(board, *scores.moves[0], k)
        progress(
            SearchProgress(
                scores.nodes,
                len(scores.moves),
                len(scores.moves),
                depth=scores.depth,
                best_move=best.move,
                line=_line(board, scores, best),
                score=best.score,
                elapsed=time.perf_counter() - started,
            )
        )

    limit = Limit(
        time=None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started)),
        depth=target + 1,
    )
    try:
        found = score_moves(
            variant.rows,
            variant.cols,
            k,
            board.x,
            board.o,
            limit,
            roots=roots,
            cancel=cancel,
            on_depth=on_depth,
            on_nodes=None if progress is None else on_nodes,
        )
    except SearchStopped:
        raise SearchCancelled from None
    if cancel is not None and cancel.is_set():
        raise SearchCancelled
    last = found.last
    assert last is not None  # the first depth always completes
    mover = board.to_move
    candidates = tuple(_candidate(board, cell, score, k) for cell, score in last.moves)
    best = candidates[0]
    line = _line(board, last, best)
    if best.outcome is MoveOutcome.WIN:
        prediction = Prediction(mover, 1, mover=mover)
    else:
        prediction = Prediction(None, None, exact=False, evaluation=best.score, mover=mover)
    return Analysis(
        board,
        mover,
        candidates,
        prediction,
        line,
        found.nodes,
        last.depth,
        time.perf_counter() - started,
        Algorithm.ALPHABETA,
        exact=best.outcome is MoveOutcome.WIN,
        depth=last.depth,
        depth_scores=tuple(_units(score, k) for score in found.best_by_depth),
    )


def _units(score: Score, k: int) -> int:
    """A search score in the estimate's units (see the module docstring)."""
    if score.mate is not None:
        return WIN_VALUE // 10 if score.mate > 0 else -WIN_VALUE // 10
    return round(score.value * float(10 ** max(0, k - 2)) / threat_value(k))


def _candidate(board: Board, cell: tuple[int, int], score: Score, k: int) -> Candidate:
    move = Move(*cell)
    if score.mate == 1:
        # The move itself makes k in a row: a certainty of the rules.
        return Candidate(move, WIN_VALUE, MoveOutcome.WIN, 1)
    return Candidate(move, _units(score, k), None, None)


def _line(board: Board, scores: DepthScores, best: Candidate) -> tuple[Move, ...]:
    """The expected line from the best move: the search's principal variation."""
    if best.outcome is MoveOutcome.WIN:
        return (best.move,)
    line = tuple(Move(*cell) for cell in scores.pv)
    return line if line and line[0] == best.move else (best.move,)
