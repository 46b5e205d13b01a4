"""Game-tree search: plain minimax, alpha-beta, and alpha-beta with a transposition table.

Scores are depth-aware and seen from the side to move, as in the reference
program: a move that wins in ``p`` plies (the move itself counts, so an
immediate win has ``p == 1``) scores ``11 - p``; one that loses in ``p`` plies
scores ``-(11 - p)``; a draw scores 0. Faster wins and slower losses score
higher.

Every searcher returns the *position value* ``f`` of a non-terminal position
for its side to move, on that same scale. A move into a child whose value is
``f`` is worth ``-f + sign(f)`` to the mover: the child's win becomes the
mover's loss one ply later, and vice versa. Because values are relative to
the node, not to the root, they can be stored in a table and reused at any
depth. That map is strictly decreasing, so alpha-beta windows translate to
the child as ``(t(-beta), t(-alpha))`` with ``t(v) = v + sign(v)``.

The searchers work on raw bit masks (``me`` = the mover's cells, ``opp`` =
the other side's), never on :class:`Board` objects, to keep the inner loop
small. They count every position they visit, terminal ones included, so
plain minimax visits exactly the 549,946 nodes of the full game tree.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from tictactoe_gui.engine.board import CELLS, FULL_MASK, LINE_MASKS, SYMMETRIES, permute_mask

WIN_NOW: Final = 10
INFINITY: Final = 1_000
#: Alpha-beta looks at strong cells first (centre, corners, edges): earlier cutoffs, same scores.
SEARCH_ORDER: Final = (4, 0, 2, 6, 8, 1, 3, 5, 7)
#: How often (in nodes) a search looks at its cancel flag and reports progress.
CHECK_EVERY: Final = 2048


class Algorithm(enum.StrEnum):
    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    TABLE = "table"

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS: Final = {
    Algorithm.MINIMAX: "Plain minimax",
    Algorithm.ALPHABETA: "Alpha-beta",
    Algorithm.TABLE: "Alpha-beta + table",
}


class SearchCancelled(Exception):  # noqa: N818 - reads as an event, like KeyboardInterrupt
    """Raised inside a search when its cancel flag is set; the search leaves no result."""


@dataclass(frozen=True, slots=True)
class SearchProgress:
    nodes: int
    root_moves_done: int
    root_moves_total: int


ProgressCallback = Callable[[SearchProgress], None]


def child_score(value: int) -> int:
    """What a move is worth to the mover when the child position is worth ``value``."""
    if value > 0:
        return -value + 1
    if value < 0:
        return -value - 1
    return 0


def _shift(bound: int) -> int:
    """Translate a window bound across one ply (see the module docstring)."""
    if bound > 0:
        return bound + 1
    if bound < 0:
        return bound - 1
    return 0


#: _IS_WIN[mask] says whether a set of cells holds a line: one lookup instead of eight tests.
_IS_WIN: Final = tuple(
    any(mask & line == line for line in LINE_MASKS) for mask in range(FULL_MASK + 1)
)


#: _PERMUTED[k][mask] is ``mask`` under symmetry k: 8 x 512 precomputed images.
_PERMUTED: Final = tuple(
    tuple(permute_mask(mask, permutation) for mask in range(FULL_MASK + 1))
    for permutation in SYMMETRIES
)


def canonical_key(me: int, opp: int) -> int:
    """The smallest ``me | opp << 9`` over the 8 symmetries: one key per symmetry class."""
    return min(images[me] | images[opp] << 9 for images in _PERMUTED)


class TranspositionTable:
    """Position values keyed on the symmetry-canonical position.

    Entries hold a value and whether it is exact or only a lower/upper bound
    (an alpha-beta cutoff leaves a bound). Keep one table for as long as you
    like: values are relative to the position, so they stay true at any depth.
    A table is not shared between threads.
    """

    EXACT: Final = 0
    LOWER: Final = 1
    UPPER: Final = 2

    def __init__(self) -> None:
        #: Canonical key -> (value for the side to move, EXACT / LOWER / UPPER).
        self.entries: dict[int, tuple[int, int]] = {}
        # Canonicalising costs 8 permutations; remember it per raw position.
        self.keys: dict[int, int] = {}
        #: Principal variations already read, keyed on the raw ``(x, o)`` position.
        self.lines: dict[tuple[int, int], tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def key(self, me: int, opp: int) -> int:
        """The canonical key of the position with ``me`` to move (remembered per position)."""
        raw = me | opp << 9
        key = self.keys.get(raw)
        if key is None:
            key = self.keys[raw] = canonical_key(me, opp)
        return key

    def clear(self) -> None:
        self.entries.clear()
        self.keys.clear()
        self.lines.clear()


class Searcher:
    """One search: counts nodes and depth, honours a cancel flag, reports progress.

    :meth:`move_score` is the entry point. The three recursive searches each
    return the value of a non-terminal position for ``me``, the side to move;
    ``ply`` is its depth below the analysed root (only used to record the
    deepest ply reached).
    """

    def __init__(
        self,
        algorithm: Algorithm,
        *,
        table: TranspositionTable | None = None,
        cancel: threading.Event | None = None,
        progress: ProgressCallback | None = None,
    ) -> None:
        self.algorithm = algorithm
        self.table = table if table is not None else TranspositionTable()
        self.cancel = cancel
        self.progress = progress
        self.nodes = 0
        self.max_depth = 0
        self.root_moves_done = 0
        self.root_moves_total = 0
        self._next_check = CHECK_EVERY

    # -- bookkeeping ---------------------------------------------------------------------

    def _checkpoint(self) -> None:
        self._next_check = self.nodes + CHECK_EVERY
        if self.cancel is not None and self.cancel.is_set():
            raise SearchCancelled
        if self.progress is not None:
            self.progress(SearchProgress(self.nodes, self.root_moves_done, self.root_moves_total))

    def _leaf(self, ply: int) -> None:
        self.nodes += 1
        if ply > self.max_depth:
            self.max_depth = ply

    # -- entry point ---------------------------------------------------------------------

    def move_score(
        self,
        me: int,
        opp: int,
        cell: int,
        ply: int = 1,
        alpha: int = -INFINITY,
        beta: int = INFINITY,
    ) -> int:
        """The score of playing ``cell`` (the mover's view); ``ply`` is the move's depth.

        Exact with the default window. With a narrower ``(alpha, beta)`` window
        the alpha-beta searches may stop early and return a bound instead: a
        result at or below ``alpha`` means "no better than that", one at or
        above ``beta`` means "at least that" (plain minimax is always exact).
        """
        new = me | 1 << cell
        if _IS_WIN[new]:
            self._leaf(ply)
            return WIN_NOW
        if (new | opp) == FULL_MASK:
            self._leaf(ply)
            return 0
        if self.algorithm is Algorithm.MINIMAX:
            value = self._minimax(opp, new, ply)
        elif self.algorithm is Algorithm.ALPHABETA:
            value = self._alphabeta(opp, new, ply, _shift(-beta), _shift(-alpha))
        else:
            value = self._table(opp, new, ply, _shift(-beta), _shift(-alpha))
        return child_score(value)

    def _ordered(self, me: int, opp: int, occupied: int, ply: int) -> list[int]:
        """Moves in the order alpha-beta should try them; ``[-1]`` if the mover wins at once.

        An immediate win ends the search of this node. Otherwise cells that
        stop the opponent's immediate win come first (any other move loses),
        then the centre, corners and edges.
        """
        empty = [cell for cell in SEARCH_ORDER if not occupied >> cell & 1]
        for cell in empty:
            if _IS_WIN[me | 1 << cell]:
                self._leaf(ply + 1)
                return [-1]
        blocks = [cell for cell in empty if _IS_WIN[opp | 1 << cell]]
        if blocks:
            return blocks + [cell for cell in empty if cell not in blocks]
        return empty

    # -- the three searches --------------------------------------------------------------

    def _minimax(self, me: int, opp: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        occupied = me | opp
        best = -INFINITY
        for cell in range(CELLS):
            if occupied >> cell & 1:
                continue
            new = me | 1 << cell
            if _IS_WIN[new]:
                self._leaf(ply + 1)
                score = WIN_NOW
            elif (new | opp) == FULL_MASK:
                self._leaf(ply + 1)
                score = 0
            else:
                score = child_score(self._minimax(opp, new, ply + 1))
            if score > best:
                best = score
        return best

    def _alphabeta(self, me: int, opp: int, ply: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        occupied = me | opp
        best = -INFINITY
        for cell in self._ordered(me, opp, occupied, ply):
            if cell < 0:  # an immediate win: nothing can score higher
                best = WIN_NOW
                break
            new = me | 1 << cell
            if (new | opp) == FULL_MASK:
                self._leaf(ply + 1)
                score = 0
            else:
                score = child_score(
                    self._alphabeta(opp, new, ply + 1, _shift(-beta), _shift(-alpha))
                )
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _table(self, me: int, opp: int, ply: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        table = self.table
        key = table.key(me, opp)
        entry = table.entries.get(key)
        if entry is not None:
            value, flag = entry
            if flag == TranspositionTable.EXACT:
                return value
            if flag == TranspositionTable.LOWER and value > alpha:
                alpha = value
            elif flag == TranspositionTable.UPPER and value < beta:
                beta = value
            if alpha >= beta:
                return value
        original_alpha = alpha
        occupied = me | opp
        best = -INFINITY
        for cell in self._ordered(me, opp, occupied, ply):
            if cell < 0:  # an immediate win: nothing can score higher
                best = WIN_NOW
                break
            new = me | 1 << cell
            if (new | opp) == FULL_MASK:
                self._leaf(ply + 1)
                score = 0
            else:
                score = child_score(self._table(opp, new, ply + 1, _shift(-beta), _shift(-alpha)))
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if best <= original_alpha:
            flag = TranspositionTable.UPPER
        elif best >= beta:
            flag = TranspositionTable.LOWER
        else:
            flag = TranspositionTable.EXACT
        table.entries[key] = (best, flag)
        return best
