"""Search for gravity games (Connect Four and its other sizes): the exact solver and the estimate.

A position is two integers, as the strong Connect Four solvers keep it: the
discs of the side to move and the mask of every disc. Each column takes
``rows + 1`` bits, bottom first; the bit above the top row stays empty so that
lines never run from one column into the next. Playing a disc in a column is
one addition (the column's lowest empty bit is the column's filled bits plus
its bottom bit), and ``mover + mask`` is a unique key for the position.

The exact solver is a negamax with alpha-beta on a score that says how soon a
game is won (a win with the mover's n-th disc from the end scores more than a
later one), null-window searches that narrow the score, a transposition table
of bounds keyed on the position or its mirror image, moves that lose at once
removed before the search and the rest ordered by the threats they make. The
estimate is an alpha-beta of a few plies over a window evaluation, for
positions the exact search cannot finish in the time given.

Scores, for a position with ``n`` discs on a board of ``N`` cells: a win with
the disc played at ply ``q`` (1-based, counting every disc) scores
``(N + 2 - q) // 2`` for the winner and the negation for the loser; a draw
scores 0.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

#: How many nodes pass between two looks at the clock and the cancel flag.
_CHECK_EVERY: Final = 2048
#: Window evaluation: what a window holding only one side's discs is worth, by their count.
_WINDOW_WEIGHTS: Final = (0, 1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144)
#: Positions the solver's table holds at most (about 150 MB); it starts afresh past that.
TABLE_LIMIT: Final = 1_000_000
#: An estimate's score for a proven win, beyond any window evaluation.
WIN_ESTIMATE: Final = 10_000_000


class OutOfBudgetError(Exception):
    """The search ran out of its time or node budget, or was cancelled."""


@dataclass(frozen=True, slots=True)
class Position:
    """The mover's discs, every disc, and how many discs are on the board."""

    mover: int
    mask: int
    discs: int


class GravityBoard:
    """The bit layout of one board size, and what can be computed from a position alone."""

    def __init__(self, rows: int, cols: int, k: int) -> None:
        self.rows, self.cols, self.k = rows, cols, k
        self.cells = rows * cols
        self.stride = rows + 1
        column = (1 << rows) - 1
        self.column_masks = tuple(column << (c * self.stride) for c in range(cols))
        self.bottom_bits = tuple(1 << (c * self.stride) for c in range(cols))
        self.top_bits = tuple(1 << (rows - 1 + c * self.stride) for c in range(cols))
        self.bottom_mask = sum(self.bottom_bits)
        self.board_mask = sum(self.column_masks)
        centre = (cols - 1) / 2
        #: Columns from the centre out, the left one first where two are as near.
        self.centre_order = tuple(sorted(range(cols), key=lambda c: (abs(c - centre), c)))
        # Vertical, horizontal and both diagonals.
        self.directions = tuple(d for d in (1, self.stride, rows, rows + 2))
        # For each direction and each place of the new disc within a run of k, the offsets
        # of the run's other k - 1 discs.
        self._run_offsets = tuple(
            tuple((i - j) * d for i in range(k) if i != j)
            for d in self.directions
            for j in range(k)
        )
        self.windows = self._all_windows()

    # -- cells ------------------------------------------------------------------------------

    def bit(self, row: int, col: int) -> int:
        """The bit of the cell at ``row`` (0 = the top row) and ``col``."""
        return 1 << (col * self.stride + self.rows - 1 - row)

    def position(self, grid_mover: int, grid_other: int) -> Position:
        """The position from grid masks (bit ``row * cols + col``, row 0 the top)."""
        mover = mask = 0
        for index in range(self.cells):
            row, col = divmod(index, self.cols)
            if grid_mover >> index & 1:
                mover |= self.bit(row, col)
                mask |= self.bit(row, col)
            elif grid_other >> index & 1:
                mask |= self.bit(row, col)
        return Position(mover, mask, mask.bit_count())

    def landing_bit(self, mask: int, col: int) -> int:
        """The bit a disc dropped in ``col`` fills; 0 when the column is full."""
        return (mask + self.bottom_bits[col]) & self.column_masks[col]

    def played(self, position: Position, col: int) -> Position:
        """The position after the mover drops a disc in ``col`` (which must have room)."""
        mask = position.mask | self.landing_bit(position.mask, col)
        return Position(position.mover ^ position.mask, mask, position.discs + 1)

    # -- lines ------------------------------------------------------------------------------

    def has_line(self, discs: int) -> bool:
        for d in self.directions:
            run = discs
            for i in range(1, self.k):
                run &= discs >> (i * d)
                if not run:
                    break
            if run:
                return True
        return False

    def winning_cells(self, discs: int, mask: int) -> int:
        """The empty cells where one more of ``discs`` would make k in a row."""
        if self.k == 4:
            return self._winning_cells_of_four(discs, mask)
        return self.winning_cells_any_k(discs, mask)

    def _winning_cells_of_four(self, discs: int, mask: int) -> int:
        """:meth:`winning_cells` for four in a row, unrolled (the solver's hottest code)."""
        found = (discs << 1) & (discs << 2) & (discs << 3)
        for d in self.directions[1:]:
            pair = (discs << d) & (discs << 2 * d)
            found |= pair & (discs << 3 * d)
            found |= pair & (discs >> d)
            pair = (discs >> d) & (discs >> 2 * d)
            found |= pair & (discs << d)
            found |= pair & (discs >> 3 * d)
        return found & self.board_mask & ~mask

    def winning_cells_any_k(self, discs: int, mask: int) -> int:
        """:meth:`winning_cells` for any k: every place of the new disc in every run."""
        found = 0
        for offsets in self._run_offsets:
            cells = self.board_mask
            for offset in offsets:
                cells &= discs >> offset if offset > 0 else discs << -offset
                if not cells:
                    break
            found |= cells
        return found & self.board_mask & ~mask

    def possible(self, mask: int) -> int:
        """Every landing cell, one per column that has room."""
        return (mask + self.bottom_mask) & self.board_mask

    def can_win_now(self, position: Position) -> bool:
        return bool(
            self.winning_cells(position.mover, position.mask) & self.possible(position.mask)
        )

    def non_losing_moves(self, position: Position) -> int:
        """The landing cells that do not let the opponent win at once (0 if every move does)."""
        possible = self.possible(position.mask)
        threats = self.winning_cells(position.mover ^ position.mask, position.mask)
        forced = possible & threats
        if forced:
            if forced & (forced - 1):
                return 0  # two threats to stop: every move loses
            possible = forced
        return possible & ~(threats >> 1)

    def mirrored(self, key: int) -> int:
        """``key`` with the columns in the opposite order."""
        column = (1 << self.stride) - 1
        out = 0
        for c in range(self.cols):
            out |= ((key >> (c * self.stride)) & column) << ((self.cols - 1 - c) * self.stride)
        return out

    # -- the window evaluation --------------------------------------------------------------

    def _all_windows(self) -> tuple[int, ...]:
        windows = []
        for col in range(self.cols):
            for row in range(self.rows):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                    cells = [(row + i * dr, col + i * dc) for i in range(self.k)]
                    if all(0 <= r < self.rows and 0 <= c < self.cols for r, c in cells):
                        windows.append(sum(self.bit(r, c) for r, c in cells))
        return tuple(windows)

    def evaluate(self, position: Position) -> int:
        """The mover's prospects: windows of k cells that only the mover's discs occupy, less
        the opponent's, each worth more the fuller it is."""
        mine = position.mover
        theirs = position.mover ^ position.mask
        score = 0
        for window in self.windows:
            if not window & theirs:
                score += _WINDOW_WEIGHTS[(window & mine).bit_count()]
            elif not window & mine:
                score -= _WINDOW_WEIGHTS[(window & theirs).bit_count()]
        return score

    # -- scores -----------------------------------------------------------------------------

    def win_score(self, discs: int) -> int:
        """The score of winning with the disc played now."""
        return (self.cells + 1 - discs) // 2

    def plies_to_end(self, score: int, discs: int) -> int:
        """How many plies from a position with ``discs`` discs the game lasts with best play,
        counting the move that ends it, for the mover's exact ``score``."""
        if score == 0:
            return self.cells - discs
        # The winner's disc falls on plies of one parity: the mover's (discs + 1, discs + 3 ...)
        # for a win, the opponent's for a loss.
        parity = (discs + 1) % 2 if score > 0 else discs % 2
        size = abs(score)
        last = self.cells + 2 - 2 * size
        if last % 2 != parity:
            last -= 1
        return last - discs


def _half(value: int) -> int:
    """``value / 2`` rounded toward zero."""
    return -(-value // 2) if value < 0 else value // 2


class ExactSolver:
    """The exact score of gravity positions of one board size; its table outlives a search."""

    def __init__(self, board: GravityBoard, *, symmetric: bool = True) -> None:
        self.board = board
        self.symmetric = symmetric
        self.table: dict[int, tuple[int, int]] = {}
        #: Positions searched, and the most discs any of them held (how deep the searches
        #: went), since the solver was made or its caller set them back.
        self.nodes = 0
        self.deepest = 0
        self._deadline: float | None = None
        self._node_limit: int | None = None
        self._cancel: threading.Event | None = None

    def score(
        self,
        position: Position,
        *,
        deadline: float | None = None,
        node_limit: int | None = None,
        cancel: threading.Event | None = None,
    ) -> int:
        """The mover's exact score (see the module's text); OutOfBudgetError past the budget.

        The position must not be over (no line, a cell free).
        """
        self._deadline, self._node_limit, self._cancel = deadline, node_limit, cancel
        board = self.board
        if board.can_win_now(position):
            return board.win_score(position.discs)
        low = -((board.cells - position.discs) // 2)
        high = (board.cells + 1 - position.discs) // 2
        while low < high:
            middle = low + (high - low) // 2
            if middle <= 0 and _half(low) < middle:
                middle = _half(low)
            elif middle >= 0 and _half(high) > middle:
                middle = _half(high)
            found = self._negamax(position.mover, position.mask, position.discs, middle, middle + 1)
            if found <= middle:
                high = found
            else:
                low = found
        return low

    def move_score(self, position: Position, col: int, **budget: object) -> int:
        """The mover's exact score after dropping a disc in ``col``."""
        board = self.board
        cell = board.landing_bit(position.mask, col)
        if board.winning_cells(position.mover, position.mask) & cell:
            return board.win_score(position.discs)
        after = board.played(position, col)
        if after.discs == board.cells:
            return 0
        return -self.score(after, **budget)  # type: ignore[arg-type]

    def keeps(self, position: Position, col: int, target: int, **budget: object) -> bool:
        """Whether dropping in ``col`` keeps the mover's exact score ``target`` (the
        position's score: no column does better)."""
        return self.move_score(position, col, **budget) == target

    def _check(self) -> None:
        if self._node_limit is not None and self.nodes > self._node_limit:
            raise OutOfBudgetError(f"the search passed its {self._node_limit:,} nodes")
        if self._cancel is not None and self._cancel.is_set():
            raise OutOfBudgetError("the search was cancelled")
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise OutOfBudgetError("the search ran out of time")

    def _negamax(self, mover: int, mask: int, discs: int, alpha: int, beta: int) -> int:
        """The score within (alpha, beta), fail-hard; the mover cannot win at once."""
        self.nodes += 1
        if discs > self.deepest:
            self.deepest = discs
        if self.nodes % _CHECK_EVERY == 0:
            self._check()
        board = self.board
        cells = board.cells
        possible = (mask + board.bottom_mask) & board.board_mask
        threats = board.winning_cells(mover ^ mask, mask)
        forced = possible & threats
        if forced:
            if forced & (forced - 1):
                return -((cells - discs) // 2)  # two threats to stop: every move loses
            possible = forced
        moves = possible & ~(threats >> 1)
        if not moves:
            return -((cells - discs) // 2)
        if discs >= cells - 2:
            return 0
        low = -((cells - 2 - discs) // 2)
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = (cells - 1 - discs) // 2
        key = mover + mask
        if self.symmetric:
            key = min(key, board.mirrored(key))
        known = self.table.get(key)
        if known is not None:
            lower, upper = known
            if upper < high:
                high = upper
            if lower > alpha:
                alpha = lower
                if alpha >= beta:
                    return alpha
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        # Threat ordering: moves that make the most winning cells first, centre first on ties.
        ordered: list[tuple[int, int, int]] = []
        for rank, col in enumerate(board.centre_order):
            cell = moves & board.column_masks[col]
            if cell:
                threats = board.winning_cells(mover | cell, mask | cell).bit_count()
                ordered.append((-threats, rank, cell))
        ordered.sort()
        opponent = mover ^ mask
        for _, _, cell in ordered:
            found = -self._negamax(opponent, mask | cell, discs + 1, -beta, -alpha)
            if found >= beta:
                self._store(key, found, None)
                return found
            if found > alpha:
                alpha = found
        self._store(key, None, alpha)
        return alpha

    def _store(self, key: int, lower: int | None, upper: int | None) -> None:
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()  # bounds are only hints: forgetting them costs time, not truth
        old_lower, old_upper = self.table.get(key, (-(1 << 30), 1 << 30))
        self.table[key] = (
            old_lower if lower is None else max(old_lower, lower),
            old_upper if upper is None else min(old_upper, upper),
        )


class Estimator:
    """An alpha-beta of a few plies over the window evaluation (no proof: an estimate)."""

    def __init__(self, board: GravityBoard) -> None:
        self.board = board
        self.nodes = 0
        self._deadline: float | None = None
        self._cancel: threading.Event | None = None

    def move_values(
        self,
        position: Position,
        depth: int,
        *,
        deadline: float | None = None,
        cancel: threading.Event | None = None,
    ) -> dict[int, int]:
        """Each column's value for the mover, searched ``depth`` plies deep in all."""
        self._deadline, self._cancel = deadline, cancel
        board = self.board
        values: dict[int, int] = {}
        wins = board.winning_cells(position.mover, position.mask)
        for col in board.centre_order:
            cell = board.landing_bit(position.mask, col)
            if not cell:
                continue
            if wins & cell:
                values[col] = WIN_ESTIMATE
                continue
            after = board.played(position, col)
            values[col] = -self._search(after, depth - 1, -WIN_ESTIMATE - 1, WIN_ESTIMATE + 1)
        return values

    def _search(self, position: Position, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0:
            if self._cancel is not None and self._cancel.is_set():
                raise OutOfBudgetError("the search was cancelled")
            if self._deadline is not None and time.monotonic() > self._deadline:
                raise OutOfBudgetError("the search ran out of time")
        board = self.board
        if board.can_win_now(position):
            return WIN_ESTIMATE - 1
        if position.discs == board.cells:
            return 0
        moves = board.non_losing_moves(position)
        if not moves:
            return -(WIN_ESTIMATE - 2)
        if depth <= 0:
            return board.evaluate(position)
        best = -WIN_ESTIMATE
        for col in board.centre_order:
            cell = moves & board.column_masks[col]
            if not cell:
                continue
            found = -self._search(board.played(position, col), depth - 1, -beta, -alpha)
            if found > best:
                best = found
            if found > alpha:
                alpha = found
            if alpha >= beta:
                break
        return best


def deepest_estimate(
    board: GravityBoard,
    position: Position,
    *,
    deadline: float,
    min_depth: int = 2,
    max_depth: int = 8,
    cancel: threading.Event | None = None,
    on_depth: Callable[[int], None] | None = None,
) -> tuple[dict[int, int], int, int]:
    """Each column's estimate from the deepest search finished by ``deadline`` (the first
    ``min_depth`` plies whatever the time): values, depth and nodes."""
    estimator = Estimator(board)
    values = estimator.move_values(position, min_depth, cancel=cancel)
    reached = min_depth
    for depth in range(min_depth + 1, max_depth + 1):
        try:
            values = estimator.move_values(position, depth, deadline=deadline, cancel=cancel)
        except OutOfBudgetError:
            if cancel is not None and cancel.is_set():
                raise
            break
        reached = depth
        if on_depth is not None:
            on_depth(depth)
    return values, reached, estimator.nodes
