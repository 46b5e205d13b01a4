"""Searching Row & Column: exact negamax on the score margin, and a depth-limited estimate.

The value of a position to its mover is the margin (the mover's points minus
the opponent's) from here to the end under best play on both sides. It
depends only on which cells are left and which cell was taken last, never on
the scores so far or on who is to move, so the searches key their tables on
``(cells left, last cell)`` packed into one integer.

:class:`ExactSearch` is negamax with alpha-beta pruning and a transposition
table of bounds (lower, upper or exact), its moves ordered by the table's
best move and then by value. It solves 3×3 and 4×4 at once and every opening
of 5×5 in well under a minute (see the benchmark). :class:`LimitedSearch`
looks a fixed number of takes ahead and counts what lies beyond as even; it
deepens one take at a time within a node budget, and says it is exact only
when its last pass never reached the horizon.

Both check a cancel flag every 2,048 nodes and raise
:class:`~tictactoe_gui.engine.search.SearchCancelled` when it is set, and
:class:`BudgetSpent` once past a node budget or a deadline they were given.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Final

from tictactoe_gui.engine.limits import SearchStopped
from tictactoe_gui.engine.rowcol.rules import line_masks
from tictactoe_gui.engine.search import SearchCancelled

INFINITY: Final = 1 << 40
#: Table entry kinds (the low two bits of an entry).
EXACT: Final = 0
LOWER: Final = 1
UPPER: Final = 2
_CHECK_EVERY: Final = 2047
#: A search this deep recurses once per take; 10×10 has 100 cells.
_RECURSION_ROOM: Final = 1000

#: One ordered move: the cell, its bit, its value and its row-and-column mask.
OrderedMove = tuple[int, int, int, int]


def move_order(size: int, values: tuple[int, ...]) -> tuple[tuple[OrderedMove, ...], ...]:
    """For each last cell (and ``size*size`` for the opening), the cells it allows, biggest first.

    Ties keep row-major order, so searches and their lines are deterministic.
    """
    masks = line_masks(size)
    cells = size * size
    everything = (1 << cells) - 1
    orders = []
    for last in range(cells + 1):
        allowed = everything if last == cells else masks[last]
        chosen = sorted((c for c in range(cells) if allowed >> c & 1), key=lambda c: -values[c])
        orders.append(tuple((c, 1 << c, values[c], masks[c]) for c in chosen))
    return tuple(orders)


def _ensure_recursion(cells: int) -> None:
    needed = cells + _RECURSION_ROOM
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)


class SolveTable:
    """What exact searches learned about one board: kept between searches of that board.

    Entries are facts about positions of this board (they never go stale), so
    a game can keep one table from its first take to its last. It is tied to
    the board's values; a search of another board refuses it.
    """

    def __init__(self, size: int, values: tuple[int, ...]) -> None:
        self.size = size
        self.values = values
        #: ``(remaining << shift | last)`` -> ``((value << 7 | best cell) << 2) | kind``.
        self.entries: dict[int, int] = {}
        # Many entries share a packed value; keeping one object per value
        # saves about a third of the table's memory on 5×5.
        self._packed: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def fits(self, size: int, values: tuple[int, ...]) -> bool:
        return self.size == size and self.values == values

    def clear(self) -> None:
        self.entries.clear()
        self._packed.clear()


class ExactSearch:
    """One exact search of one board: counts nodes, honours a cancel flag, and stops with
    :class:`BudgetSpent` past ``node_budget`` nodes or the ``deadline`` (``perf_counter``
    time); what it learned before it stopped stays in the table, true."""

    def __init__(
        self,
        size: int,
        values: tuple[int, ...],
        table: SolveTable | None = None,
        cancel: threading.Event | None = None,
        node_budget: int | None = None,
        deadline: float | None = None,
    ) -> None:
        if table is None:
            table = SolveTable(size, values)
        elif not table.fits(size, values):
            raise ValueError("this table belongs to another board")
        self.size = size
        self.values = values
        self.table = table
        self.cancel = cancel
        self.node_budget = node_budget
        self.deadline = deadline
        self.nodes = 0
        self.opening = size * size
        self.shift = self.opening.bit_length()
        self._orders = move_order(size, values)
        _ensure_recursion(self.opening)

    def value(
        self, remaining: int, last: int | None, alpha: int = -INFINITY, beta: int = INFINITY
    ) -> int:
        """The margin of the position for its mover (fail-soft outside ``(alpha, beta)``)."""
        return self._search(remaining, self.opening if last is None else last, alpha, beta)

    def take_value(self, remaining: int, cell: int) -> int:
        """The exact margin of taking ``cell`` from a position with ``remaining`` cells left."""
        after = remaining & ~(1 << cell)
        return self.values[cell] - self._search(after, cell, -INFINITY, INFINITY)

    def _search(self, remaining: int, last: int, alpha: int, beta: int) -> int:
        # The hot loop of the whole game: locals only, no helper calls.
        self.nodes += 1
        if self.nodes & _CHECK_EVERY == 0:
            _check(self.nodes, self.cancel, self.node_budget, self.deadline)
        entries = self.table.entries
        key = remaining << self.shift | last
        entry = entries.get(key)
        hint = -1
        if entry is not None:
            kind = entry & 3
            stored = entry >> 9
            if kind == EXACT:
                return stored
            if kind == LOWER:
                if stored >= beta:
                    return stored
                if stored > alpha:
                    alpha = stored
            else:
                if stored <= alpha:
                    return stored
                if stored < beta:
                    beta = stored
            hint = (entry >> 2) & 127
        original_alpha = alpha
        best = -INFINITY
        best_cell = -1
        moves = self._orders[last]
        if hint >= 0:
            for cell, bit, value, line in moves:
                if cell == hint:
                    after = remaining ^ bit
                    score = (
                        value - self._search(after, cell, value - beta, value - alpha)
                        if line & after
                        else value
                    )
                    best, best_cell = score, cell
                    if score > alpha:
                        alpha = score
                    break
        if alpha < beta:
            for cell, bit, value, line in moves:
                if remaining & bit and cell != hint:
                    after = remaining ^ bit
                    # A take that leaves the opponent nothing ends the game: no call needed.
                    score = (
                        value - self._search(after, cell, value - beta, value - alpha)
                        if line & after
                        else value
                    )
                    if score > best:
                        best, best_cell = score, cell
                        if score > alpha:
                            alpha = score
                            if alpha >= beta:
                                break
        if best_cell < 0:
            return 0  # the mover has no cell: the game is over, nothing more to gain
        kind = LOWER if best >= beta else UPPER if best <= original_alpha else EXACT
        packed = ((best << 7 | best_cell) << 2) | kind
        entries[key] = self.table._packed.setdefault(packed, packed)
        return best


class LimitedSearch:
    """A search that looks ``depth`` takes ahead and counts the rest as even.

    ``horizon_hits`` counts the positions where it stopped with cells still
    allowed; a pass with none is exact.
    """

    def __init__(
        self,
        size: int,
        values: tuple[int, ...],
        cancel: threading.Event | None = None,
        node_budget: int | None = None,
        deadline: float | None = None,
    ) -> None:
        self.size = size
        self.values = values
        self.cancel = cancel
        self.node_budget = node_budget
        self.deadline = deadline
        self.nodes = 0
        self.horizon_hits = 0
        self.opening = size * size
        self.shift = self.opening.bit_length()
        self._orders = move_order(size, values)
        #: Best cells found by earlier passes, to try first in deeper ones.
        self.hints: dict[int, int] = {}
        #: This pass's table: key -> (depth, ((value << 7 | best cell) << 2) | kind).
        self._entries: dict[int, tuple[int, int]] = {}
        #: The table of the last pass that ended whole (what :meth:`line` reads).
        self._whole: dict[int, tuple[int, int]] = {}
        _ensure_recursion(self.opening)

    def new_pass(self) -> None:
        """Start a deeper pass: keep the move hints, forget the values and the hits."""
        self._entries = {}
        self.horizon_hits = 0

    def pass_ended(self) -> None:
        """The pass just searched every root cell: its values are the ones :meth:`line`
        follows, whatever a deeper pass cut short by the budget leaves behind."""
        self._whole = self._entries

    def line(self, remaining: int, last: int, depth: int) -> tuple[int, ...]:
        """The takes the last whole pass expects from the position (``remaining``, ``last``),
        which it searched ``depth`` takes ahead: at each step the best cell it kept for the
        position with its exact value, to the horizon or the game's end. No search: each
        position of the line was searched inside its window (its value is its best take's,
        so its best reply's was too), and its exact value is in the table."""
        line: list[int] = []
        masks = self._orders[last]
        while depth > 0 and any(remaining & bit for _, bit, _, _ in masks):
            depth_and_entry = self._whole.get(remaining << self.shift | last, (0, LOWER))
            kept, entry = depth_and_entry
            if kept != depth or entry & 3 != EXACT:  # pragma: no cover - a bug in the search
                raise AssertionError(f"no exact value kept {depth} takes from the horizon")
            cell = (entry >> 2) & 127
            line.append(cell)
            remaining, last, depth = remaining & ~(1 << cell), cell, depth - 1
            masks = self._orders[last]
        return tuple(line)

    def value(
        self,
        remaining: int,
        last: int | None,
        depth: int,
        alpha: int = -INFINITY,
        beta: int = INFINITY,
    ) -> int:
        return self._search(remaining, self.opening if last is None else last, depth, alpha, beta)

    def _search(self, remaining: int, last: int, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes & _CHECK_EVERY == 0:
            _check(self.nodes, self.cancel, self.node_budget, self.deadline)
        moves = self._orders[last]
        if depth <= 0:
            if any(remaining & bit for _, bit, _, _ in moves):
                self.horizon_hits += 1
            return 0
        key = remaining << self.shift | last
        entry = self._entries.get(key)
        if entry is not None and entry[0] >= depth:
            packed = entry[1]
            kind, stored = packed & 3, packed >> 9
            if kind == EXACT:
                return stored
            if kind == LOWER and stored >= beta:
                return stored
            if kind == UPPER and stored <= alpha:
                return stored
        hint = self.hints.get(key, -1)
        original_alpha = alpha
        best = -INFINITY
        best_cell = -1
        ordered = sorted(moves, key=lambda move: move[0] != hint) if hint >= 0 else moves
        for cell, bit, value, line in ordered:
            if remaining & bit:
                after = remaining ^ bit
                if line & after:
                    score = value - self._search(
                        after, cell, depth - 1, value - beta, value - alpha
                    )
                else:
                    score = value
                if score > best:
                    best, best_cell = score, cell
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
        if best_cell < 0:
            return 0
        kind = LOWER if best >= beta else UPPER if best <= original_alpha else EXACT
        self._entries[key] = (depth, ((best << 7 | best_cell) << 2) | kind)
        self.hints[key] = best_cell
        return best


class BudgetSpent(SearchStopped):
    """Raised inside a search when its node budget or its time is used up (``nodes``: what
    it had searched)."""


def _check(
    nodes: int, cancel: threading.Event | None, budget: int | None, deadline: float | None
) -> None:
    """Stop a search that was cancelled (:class:`SearchCancelled`) or has spent its nodes or
    its time (:class:`BudgetSpent`): read every 2,048 nodes, so a search runs past its
    limit by fewer than that."""
    if cancel is not None and cancel.is_set():
        raise SearchCancelled
    if (budget is not None and nodes > budget) or (
        deadline is not None and time.perf_counter() >= deadline
    ):
        raise BudgetSpent(nodes)


#: A progress callback: nodes so far, root cells done, root cells in all.
ProgressCallback = Callable[[int, int, int], None]
