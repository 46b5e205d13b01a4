"""A depth-limited estimate for boards too big to solve: alpha-beta on a window evaluation.

**Units.** The evaluation counts every k-window (k cells in a line) that only
one side occupies: a window holding ``j`` of a side's marks and nothing of the
other's is worth ``10 ** (j - 1)`` to that side (1, 10, 100, 1000 ... as the
4-mok program weighed them). The evaluation is the mover's total minus the
opponent's, so positive means the side to move stands better. It is an
estimate and is always labelled as one; only a win on the next move is
reported as a proven outcome here.

The search looks at the empty cells within two cells of a mark (the centre on
an empty board), keeps the most promising at each inner node, and updates the
evaluation incrementally as marks go down: only the windows through the cell
just played change.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Final

from tictactoe_gui.engine.analysis import (
    Analysis,
    Candidate,
    MoveOutcome,
    Prediction,
)
from tictactoe_gui.engine.board import Board, Geometry, Move
from tictactoe_gui.engine.search import (
    CHECK_EVERY,
    Algorithm,
    ProgressCallback,
    SearchCancelled,
    SearchProgress,
)

#: A won position's value: far beyond any sum of window weights.
WIN_VALUE: Final = 10_000_000
#: How many replies an inner node keeps, best-looking first (the 4-mok program kept 20).
INNER_WIDTH: Final = 12
#: How far from a mark a cell must be to be considered at all.
NEAR: Final = 2
#: On an empty board: how many cells nearest the centre are scored (the dock offers a top 9).
OPENING_CELLS: Final = 9


def default_depth(board: Board) -> int:
    """Plies searched below each candidate: deeper where the board is smaller."""
    return 3 if board.cells <= 100 else 2


class _State:
    """The incremental evaluator of one board size."""

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        self.weights: tuple[int, ...] = tuple([0] + [10 ** (j - 1) for j in range(1, geo.k + 1)])
        self.near = _near_masks(geo)

    def window_value(self, me: int, opp: int, window: int) -> int:
        mine, theirs = me & window, opp & window
        if mine and theirs:
            return 0
        if mine:
            return self.weights[mine.bit_count()]
        if theirs:
            return -self.weights[theirs.bit_count()]
        return 0

    def evaluate(self, me: int, opp: int) -> int:
        value = self.window_value
        return sum(value(me, opp, window) for window in self.geo.windows)

    def delta(self, me: int, opp: int, cell: int) -> tuple[int, bool]:
        """How the mover's evaluation changes by playing ``cell``, and whether it wins."""
        new = me | 1 << cell
        change = 0
        won = False
        value = self.window_value
        for window in self.geo.windows_through[cell]:
            change += value(new, opp, window) - value(me, opp, window)
            if new & window == window:
                won = True
        return change, won

    def candidates(self, me: int, opp: int) -> list[int]:
        occupied = me | opp
        free = self.geo.full & ~occupied
        if not occupied:
            # The cells nearest the centre, centre first, so that a "top 3" lists three.
            return list(self.geo.centre_out[:OPENING_CELLS])
        zone = 0
        rest = occupied
        while rest:
            low = rest & -rest
            zone |= self.near[low.bit_length() - 1]
            rest ^= low
        zone &= free
        cells = []
        while zone:
            low = zone & -zone
            cells.append(low.bit_length() - 1)
            zone ^= low
        return cells


def _near_masks(geo: Geometry) -> tuple[int, ...]:
    masks = []
    for cell in range(geo.cells):
        r, c = divmod(cell, geo.cols)
        mask = 0
        for dr in range(-NEAR, NEAR + 1):
            for dc in range(-NEAR, NEAR + 1):
                rr, cc = r + dr, c + dc
                if 0 <= rr < geo.rows and 0 <= cc < geo.cols:
                    mask |= 1 << (rr * geo.cols + cc)
        masks.append(mask)
    return tuple(masks)


_STATES: dict[tuple[int, int, int], _State] = {}


def _state(geo: Geometry) -> _State:
    key = (geo.rows, geo.cols, geo.k)
    state = _STATES.get(key)
    if state is None:
        state = _STATES[key] = _State(geo)
    return state


class _OutOfTime(Exception):  # noqa: N818 - an event: the deadline passed mid-depth
    pass


#: With a time limit, deepening stops here at the latest.
MAX_TIMED_DEPTH: Final = 6
#: How often (in nodes) the search looks at the clock when it has a deadline.
_CLOCK_EVERY: Final = 32


class _Search:
    def __init__(
        self,
        state: _State,
        cancel: threading.Event | None,
        report: Callable[[int], None] | None,
    ) -> None:
        self.state = state
        self.cancel = cancel
        self.report = report
        self.nodes = 0
        self.max_depth = 0
        self.deadline: float | None = None
        self._next_check = CHECK_EVERY
        self._next_clock = _CLOCK_EVERY

    def ordered(self, me: int, opp: int) -> list[tuple[int, int, bool]]:
        """Candidate cells as ``(cell, my gain, wins)``, most urgent first."""
        delta = self.state.delta
        scored = []
        for cell in self.state.candidates(me, opp):
            gain, won = delta(me, opp, cell)
            block, _ = delta(opp, me, cell)
            scored.append((cell, gain, won, gain + block))
        scored.sort(key=lambda item: -item[3])
        return [(cell, gain, won) for cell, gain, won, _ in scored]

    def negamax(
        self, me: int, opp: int, value: int, depth: int, ply: int, alpha: int, beta: int
    ) -> int:
        """The value of the position for ``me`` (to move), whose static value is ``value``."""
        self.nodes += 1
        if ply > self.max_depth:
            self.max_depth = ply
        if self.deadline is not None and self.nodes >= self._next_clock:
            self._next_clock = self.nodes + _CLOCK_EVERY
            if time.perf_counter() > self.deadline:
                raise _OutOfTime
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + CHECK_EVERY
            if self.cancel is not None and self.cancel.is_set():
                raise SearchCancelled
            if self.report is not None:
                self.report(self.nodes)
        if depth == 0:
            return value
        moves = self.ordered(me, opp)
        if not moves:
            return 0  # a full board: a draw
        for _cell, _gain, won in moves:
            if won:
                return WIN_VALUE - ply
        best = -WIN_VALUE * 2
        for cell, gain, _won in moves[:INNER_WIDTH]:
            score = -self.negamax(
                opp, me | 1 << cell, -(value + gain), depth - 1, ply + 1, -beta, -alpha
            )
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best


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
    if time_limit is not None:
        target = max(target, MAX_TIMED_DEPTH) if depth is None else depth
    geo = board.geometry
    state = _state(geo)
    mover = board.to_move
    me, opp = board.marks(mover), board.marks(mover.other)
    roots = list(state.candidates(me, opp))
    done = 0

    def report(nodes: int) -> None:
        if progress is not None:
            progress(SearchProgress(nodes, done, len(roots), elapsed=time.perf_counter() - started))

    search = _Search(state, cancel, report)
    search.nodes = 1
    base = state.evaluate(me, opp)
    candidates: tuple[Candidate, ...] = ()
    reached = 0
    depth_scores: list[int] = []
    for level in range(target + 1):
        if candidates and time_limit is not None:
            search.deadline = started + time_limit
        scored: list[Candidate] = []
        done = 0
        try:
            for cell in roots:
                gain, won = state.delta(me, opp, cell)
                move = board.move_at(cell)
                if won:
                    search.nodes += 1
                    scored.append(Candidate(move, WIN_VALUE, MoveOutcome.WIN, 1))
                else:
                    value = -search.negamax(
                        opp, me | 1 << cell, -(base + gain), level, 1, -WIN_VALUE * 2, WIN_VALUE * 2
                    )
                    scored.append(Candidate(move, _clamp(value), None, None))
                done += 1
                if cancel is not None and cancel.is_set():
                    raise SearchCancelled
        except _OutOfTime:
            break
        # Best first; a stable sort keeps the most urgent-looking cells first among equals.
        candidates = tuple(sorted(scored, key=lambda c: -c.score))
        reached = level
        best = candidates[0]
        depth_scores.append(best.score)
        if progress is not None:
            line = (
                (best.move,)
                if best.outcome is MoveOutcome.WIN
                else _line(board, state, level, best.move)
            )
            progress(
                SearchProgress(
                    search.nodes,
                    done,
                    len(roots),
                    depth=level + 1,
                    best_move=best.move,
                    line=line,
                    score=best.score,
                    elapsed=time.perf_counter() - started,
                )
            )
        if best.outcome is MoveOutcome.WIN:
            break
        if time_limit is not None and time.perf_counter() - started > time_limit:
            break
    best = candidates[0]
    if best.outcome is MoveOutcome.WIN:
        prediction = Prediction(mover, 1, mover=mover)
        pv: tuple[Move, ...] = (best.move,)
    else:
        prediction = Prediction(None, None, exact=False, evaluation=best.score, mover=mover)
        pv = _line(board, state, reached, best.move)
    return Analysis(
        board,
        mover,
        candidates,
        prediction,
        pv,
        search.nodes,
        search.max_depth,
        time.perf_counter() - started,
        Algorithm.ALPHABETA,
        exact=best.outcome is MoveOutcome.WIN,
        depth=reached + 1,
        depth_scores=tuple(depth_scores),
    )


def _clamp(value: int) -> int:
    """Keep an estimate's huge "a win was seen" values readable: within ±1,000,000."""
    return max(-WIN_VALUE // 10, min(WIN_VALUE // 10, value))


def _line(board: Board, state: _State, depth: int, first: Move) -> tuple[Move, ...]:
    """A short expected line: the best move found, then the most urgent reply at each step,
    as far as the search looked."""
    line = [first]
    board = board.play(first)
    for _ in range(depth):
        if board.is_over:
            break
        mover = board.to_move
        me, opp = board.marks(mover), board.marks(mover.other)
        search = _Search(state, None, None)
        moves = search.ordered(me, opp)
        if not moves:
            break
        move = board.move_at(moves[0][0])
        line.append(move)
        board = board.play(move)
    return tuple(line)
