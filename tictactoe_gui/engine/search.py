"""Exact game-tree search on any k-in-a-row board: plain minimax, alpha-beta, and alpha-beta
with a transposition table.

Scores are depth-aware and seen from the side to move: on a board of ``n``
cells a move that wins in ``p`` plies (the move itself counts, so an immediate
win has ``p == 1``) scores ``n + 2 - p``; one that loses in ``p`` plies scores
``-(n + 2 - p)``; a draw scores 0. On 3x3 that is the reference program's
``11 - p``. Faster wins and slower losses score higher.

Every searcher returns the *position value* ``f`` of a non-terminal position
for its side to move, on that same scale. A move into a child whose value is
``f`` is worth ``-f + sign(f)`` to the mover: the child's win becomes the
mover's loss one ply later, and vice versa. Because values are relative to
the node, not to the root, they can be stored in a table and reused at any
depth. That map is strictly decreasing, so alpha-beta windows translate to
the child as ``(t(-beta), t(-alpha))`` with ``t(v) = v + sign(v)``.

The searchers work on raw bit masks (``me`` = the mover's cells, ``opp`` =
the other side's), never on :class:`Board` objects, to keep the inner loop
small; what a board's size implies is precomputed once in :class:`Rules`. They
count every position they visit, terminal ones included, so plain minimax
visits exactly the 549,946 nodes of the full 3x3 game tree.
"""

from __future__ import annotations

import enum
import functools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Final

from tictactoe_gui.engine.board import Geometry, Move, geometry
from tictactoe_gui.engine.limits import SearchStopped

_compiled: ModuleType | None = None
try:  # plain minimax on boards with a win table, compiled at install (``_minimax.c``)
    from tictactoe_gui.engine import _minimax as _loaded  # type: ignore[attr-defined, unused-ignore]
except ImportError:  # pragma: no cover - without a C compiler the Python walk below is used
    pass
else:
    _compiled = _loaded

INFINITY: Final = 1_000_000
#: How often (in nodes) a search looks at its cancel flag and reports progress.
CHECK_EVERY: Final = 2048
#: Boards up to this many cells get a lookup table of every mask's "holds a line?".
_WIN_TABLE_CELLS: Final = 16
#: Symmetry images are built from lookup tables of this many bits at a time.
_CHUNK: Final = 8
#: Boards up to this many cells look a whole mask's image up at once.
_WHOLE_IMAGE_CELLS: Final = 12


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


class SearchCancelled(SearchStopped):
    """Raised inside a search when its cancel flag is set; the search leaves no result."""


class NodeLimitReached(SearchStopped):
    """Raised inside an exact search that was given a node budget (or a deadline) and used
    it up; ``nodes`` is how many it searched."""


@dataclass(frozen=True, slots=True)
class SearchProgress:
    """How far a search has got. A depth-limited search also says, after each completed
    depth, what it found so far (``depth`` > 0): best move, line, evaluation."""

    nodes: int
    root_moves_done: int
    root_moves_total: int
    depth: int = 0
    best_move: Move | None = None
    line: tuple[Move, ...] = ()
    #: The mover's evaluation at that depth (an estimate; see ``engine.estimate``).
    score: int | None = None
    elapsed: float = 0.0

    @property
    def nodes_per_second(self) -> int:
        return int(self.nodes / self.elapsed) if self.elapsed > 0 else 0


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


class Rules:
    """What the exact searches need to know about one board size, computed once.

    ``wins`` answers "does this mask hold a line?" by lookup on boards of up to
    16 cells; larger boards test the windows through the cell just played.
    """

    def __init__(self, geo: Geometry) -> None:
        self.geometry = geo
        self.cells = geo.cells
        self.full = geo.full
        #: The score of winning with the move being searched: ``cells + 1``.
        self.win_now = geo.cells + 1
        self.windows_through = geo.windows_through
        self.wins: bytes | None = None
        if geo.cells <= _WIN_TABLE_CELLS:
            table = bytearray(1 << geo.cells)
            for window in geo.window_masks:
                # Every superset of a window holds a line: mark them all.
                rest = geo.full & ~window
                sub = rest
                while True:
                    table[sub | window] = 1
                    if sub == 0:
                        break
                    sub = (sub - 1) & rest
            self.wins = bytes(table)
        #: Search order: cells on the most lines first (on 3x3: centre, corners, edges).
        self.order: tuple[int, ...] = tuple(
            sorted(range(geo.cells), key=lambda cell: (-len(geo.windows_through[cell]), cell))
        )
        self._images = self._image_tables(geo)
        self._whole: tuple[tuple[int, ...], ...] | None = None
        if geo.cells <= _WHOLE_IMAGE_CELLS:
            self._whole = tuple(
                tuple(geo.permute(mask, s) for mask in range(1 << geo.cells))
                for s in range(len(geo.symmetries))
            )

    @staticmethod
    def _image_tables(geo: Geometry) -> tuple[tuple[tuple[int, ...], ...], ...]:
        # images[s][j][byte] is the image under symmetry s of ``byte`` placed at chunk j.
        chunks = (geo.cells + _CHUNK - 1) // _CHUNK
        return tuple(
            tuple(
                tuple(geo.permute(byte << (_CHUNK * j) & geo.full, s) for byte in range(256))
                for j in range(chunks)
            )
            for s in range(len(geo.symmetries))
        )

    def won(self, mask: int, cell: int) -> bool:
        """Whether ``mask``, just extended by ``cell``, holds a line."""
        wins = self.wins
        if wins is not None:
            return bool(wins[mask])
        return any(mask & window == window for window in self.windows_through[cell])

    def image(self, mask: int, symmetry: int) -> int:
        out = 0
        j = 0
        tables = self._images[symmetry]
        while mask:
            out |= tables[j][mask & 0xFF]
            mask >>= _CHUNK
            j += 1
        return out

    def canonical_key(self, me: int, opp: int) -> int:
        """The smallest ``me | opp << cells`` over the board's symmetries."""
        cells = self.cells
        if self._whole is not None:
            return min(images[me] | images[opp] << cells for images in self._whole)
        return min(
            self.image(me, s) | self.image(opp, s) << cells for s in range(len(self._images))
        )


@functools.cache
def rules_for(rows: int, cols: int, k: int) -> Rules:
    return Rules(geometry(rows, cols, k))


class TranspositionTable:
    """Position values keyed on the symmetry-canonical position, for one board size.

    Entries hold a value and whether it is exact or only a lower/upper bound
    (an alpha-beta cutoff leaves a bound). Keep one table for as long as you
    like: values are relative to the position, so they stay true at any depth.
    Used for another board size, it starts afresh. A table is not shared
    between threads.
    """

    EXACT: Final = 0
    LOWER: Final = 1
    UPPER: Final = 2

    def __init__(self, rules: Rules | None = None) -> None:
        #: Canonical key -> (value for the side to move, EXACT / LOWER / UPPER).
        self.entries: dict[int, tuple[int, int]] = {}
        # Canonicalising costs a permutation per symmetry; remember it per raw position.
        self.keys: dict[int, int] = {}
        #: Principal variations already read, keyed on the raw ``(x, o)`` position.
        self.lines: dict[tuple[int, int], tuple[int, ...]] = {}
        self.rules = rules if rules is not None else rules_for(3, 3, 3)

    def __len__(self) -> int:
        return len(self.entries)

    def bind(self, rules: Rules) -> None:
        """Use the table for ``rules``' board size, forgetting another size's entries."""
        if rules is not self.rules:
            self.clear()
            self.rules = rules

    def key(self, me: int, opp: int) -> int:
        """The canonical key of the position with ``me`` to move (remembered per position)."""
        raw = me | opp << self.rules.cells
        key = self.keys.get(raw)
        if key is None:
            key = self.keys[raw] = self.rules.canonical_key(me, opp)
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
    deepest ply reached). ``node_limit`` makes a search give up with
    :class:`NodeLimitReached` once it has visited that many nodes, and
    ``deadline`` (a :func:`time.perf_counter` reading) once that moment has
    passed (checked every few thousand nodes, so node counts do not depend on it).
    """

    def __init__(
        self,
        algorithm: Algorithm,
        *,
        rules: Rules | None = None,
        table: TranspositionTable | None = None,
        cancel: threading.Event | None = None,
        progress: ProgressCallback | None = None,
        node_limit: int | None = None,
        deadline: float | None = None,
    ) -> None:
        self.algorithm = algorithm
        self.rules = rules if rules is not None else rules_for(3, 3, 3)
        self.table = table if table is not None else TranspositionTable(self.rules)
        self.table.bind(self.rules)
        self.cancel = cancel
        self.progress = progress
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self.max_depth = 0
        self.root_moves_done = 0
        self.root_moves_total = 0
        self._next_check = CHECK_EVERY
        # The inner loops read these as locals.
        self._wins = self.rules.wins
        self._through = self.rules.windows_through
        self._full = self.rules.full
        self._win_now = self.rules.win_now
        self._order = self.rules.order
        self._cells = self.rules.cells
        #: Plain minimax runs compiled where the board has a win table: the same walk,
        #: node for node, with the same checkpoints (cancel, limits, progress).
        self.compiled_minimax = _compiled is not None and self._wins is not None

    # -- bookkeeping ---------------------------------------------------------------------

    def _checkpoint(self) -> None:
        self._next_check = self.nodes + CHECK_EVERY
        if self.cancel is not None and self.cancel.is_set():
            raise SearchCancelled
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise NodeLimitReached(self.nodes)
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise NodeLimitReached(self.nodes)
        if self.progress is not None:
            self.progress(SearchProgress(self.nodes, self.root_moves_done, self.root_moves_total))

    def _leaf(self, ply: int) -> None:
        self.nodes += 1
        if ply > self.max_depth:
            self.max_depth = ply

    def _won(self, mask: int, cell: int) -> bool:
        wins = self._wins
        if wins is not None:
            return bool(wins[mask])
        return any(mask & window == window for window in self._through[cell])

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
        if self._won(new, cell):
            self._leaf(ply)
            return self._win_now
        if (new | opp) == self._full:
            self._leaf(ply)
            return 0
        if self.algorithm is Algorithm.MINIMAX:
            if self.compiled_minimax:
                assert _compiled is not None
                value = int(_compiled.minimax(self, opp, new, ply))
            else:
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
        then the cells on most lines.
        """
        empty = [cell for cell in self._order if not occupied >> cell & 1]
        wins = self._wins
        if wins is not None:
            for cell in empty:
                if wins[me | 1 << cell]:
                    self._leaf(ply + 1)
                    return [-1]
            blocks = [cell for cell in empty if wins[opp | 1 << cell]]
        else:
            won = self._won
            for cell in empty:
                if won(me | 1 << cell, cell):
                    self._leaf(ply + 1)
                    return [-1]
            blocks = [cell for cell in empty if won(opp | 1 << cell, cell)]
        if blocks:
            return blocks + [cell for cell in empty if cell not in blocks]
        return empty

    # -- the three searches --------------------------------------------------------------

    def _minimax(self, me: int, opp: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        occupied = me | opp
        full = self._full
        wins = self._wins
        best = -INFINITY
        for cell in range(self.rules.cells):
            if occupied >> cell & 1:
                continue
            new = me | 1 << cell
            if wins[new] if wins is not None else self._won(new, cell):
                self._leaf(ply + 1)
                score = self._win_now
            elif (new | opp) == full:
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
        full = self._full
        best = -INFINITY
        for cell in self._ordered(me, opp, occupied, ply):
            if cell < 0:  # an immediate win: nothing can score higher
                best = self._win_now
                break
            new = me | 1 << cell
            if (new | opp) == full:
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
        full = self._full
        best = -INFINITY
        for cell in self._ordered(me, opp, occupied, ply):
            if cell < 0:  # an immediate win: nothing can score higher
                best = self._win_now
                break
            new = me | 1 << cell
            if (new | opp) == full:
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
