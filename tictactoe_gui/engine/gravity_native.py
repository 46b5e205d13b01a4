"""The compiled exact solver for gravity games (``_gravity``, built from ``_gravity.c`` at
install), its opening book, and the fallback to the pure-Python solver.

:class:`NativeSolver` has the interface of :class:`~.gravity_search.ExactSolver`
and finds the same scores (tests/engine/test_gravity_compiled.py checks it on
seeded positions of many board sizes), hundreds of times faster and without
holding the GIL. Boards whose columns take at most 64 bits (Connect Four's
7×6 takes 49) search on 64-bit words; every other board the app offers (up to
10×10, 110 bits) on 128-bit words where the C compiler has them. Connect Four
also reads its opening book (:mod:`.gravity_book`), the bounds of early
positions found by this solver, so the empty board is proven at once.

When the module cannot be loaded (no C compiler at install, a broken build), the
solver is the pure-Python one and a warning says so once, here.
"""

from __future__ import annotations

import functools
import threading
import time
import warnings
from types import ModuleType
from typing import Any, Final

from tictactoe_gui.engine.gravity_search import (
    ExactSolver,
    GravityBoard,
    OutOfBudgetError,
    Position,
)

_native: ModuleType | None = None
try:
    import tictactoe_gui.engine._gravity as _loaded  # type: ignore[import-not-found, unused-ignore]
except ImportError as error:  # pragma: no cover - exercised by a subprocess test
    #: Why the compiled solver is not in use (None when it is).
    UNAVAILABLE: str | None = f"{type(error).__name__}: {error}"
    warnings.warn(
        "the compiled Connect Four solver could not be loaded "
        f"({UNAVAILABLE}); gravity boards are solved in pure Python, many times slower "
        "(reinstall with a C compiler: pip install -e .)",
        RuntimeWarning,
        stacklevel=2,
    )
else:
    _native = _loaded
    UNAVAILABLE = None

#: The table holds 2**TABLE_LOG2 positions (16 bytes each on 64-bit boards: 64 MiB),
#: allocated at the first search of a board size.
TABLE_LOG2: Final = 22


def available() -> bool:
    """Whether the compiled solver was loaded."""
    return _native is not None


def widest_bits() -> int:
    """The most bits a board's columns may take in the compiled solver (0 if not loaded)."""
    return 0 if _native is None else int(_native.WIDEST_BITS)


def fits(board: GravityBoard) -> bool:
    """Whether the compiled solver takes this board: loaded, and its columns fit its words."""
    return board.cols * board.stride <= widest_bits()


class NativeSolver(ExactSolver):
    """:class:`~.gravity_search.ExactSolver`'s scores from the compiled search."""

    def __init__(self, board: GravityBoard, *, table_log2: int = TABLE_LOG2) -> None:
        super().__init__(board)
        assert _native is not None
        self._core: Any = _native.Solver(board.rows, board.cols, board.k, table_log2)

    @property
    def book_size(self) -> int:
        """How many positions the loaded book holds."""
        return int(self._core.book_size)

    def load_book(self, data: bytes, max_discs: int) -> None:
        """Bounds of positions of at most ``max_discs`` discs (see :mod:`.gravity_book`)."""
        self._core.load_book(data, max_discs)

    def record(self, max_discs: int) -> None:
        """Keep the bounds of every position of at most ``max_discs`` discs settled from now."""
        self._core.record(max_discs)

    def recorded(self) -> bytes:
        """What :meth:`record` kept, as a book's bytes."""
        data: bytes = self._core.recorded()
        return data

    def clear(self) -> None:
        """Forget the table (the book stays)."""
        self._core.clear()

    def keeps(self, position: Position, col: int, target: int, **budget: object) -> bool:
        """:meth:`ExactSolver.keeps` by one null-window search: the opponent's score after
        the move is at least ``-target``, so the move keeps the target if it is at most that."""
        board = self.board
        cell = board.landing_bit(position.mask, col)
        if board.winning_cells(position.mover, position.mask) & cell:
            return board.win_score(position.discs) == target
        after = board.played(position, col)
        if after.discs == board.cells:
            return target == 0
        found = self.score(after, low=-target, high=-target + 1, **budget)  # type: ignore[arg-type]
        return found == -target

    def score(
        self,
        position: Position,
        *,
        deadline: float | None = None,
        node_limit: int | None = None,
        cancel: threading.Event | None = None,
        low: int = -1000,
        high: int = 1000,
    ) -> int:
        """The mover's exact score; given ``low`` and ``high``, bounds the caller knows, it
        searches only between them (with ``high = low + 1``, one null-window search that
        returns ``low`` if the score is ``low`` and a higher lower bound otherwise)."""
        if cancel is not None and cancel.is_set():
            # The book may answer without a node to poll at: a cancelled search never starts.
            raise OutOfBudgetError("the search was cancelled")
        seconds = None if deadline is None else deadline - time.monotonic()
        if seconds is not None and seconds <= 0:
            raise OutOfBudgetError("the search ran out of time")
        nodes_left = 0
        if node_limit is not None:
            nodes_left = node_limit - self.nodes
            if nodes_left <= 0:
                raise OutOfBudgetError(f"the search passed its {node_limit:,} nodes")
        score, nodes, stopped, deepest = self._core.score(
            position.mover,
            position.mask,
            seconds,
            nodes_left,
            None if cancel is None else cancel.is_set,
            low,
            high,
        )
        self.nodes += nodes
        self.deepest = max(self.deepest, deepest)
        if stopped == 2:
            raise OutOfBudgetError("the search was cancelled")
        if stopped:
            raise OutOfBudgetError("the search ran out of its time or nodes")
        return int(score)


def solver_for(board: GravityBoard) -> ExactSolver:
    """The fastest exact solver for ``board``: compiled (with its book, if one ships) where
    it fits, else the pure-Python one."""
    if not fits(board):
        return ExactSolver(board)
    solver = NativeSolver(board)
    book = _book(board.rows, board.cols, board.k)
    if book is not None:
        solver.load_book(*book)
    return solver


@functools.cache
def _book(rows: int, cols: int, k: int) -> tuple[bytes, int] | None:
    """The board's opening book; None, with a warning, if its file is damaged."""
    from tictactoe_gui.engine.gravity_book import BookError, read_book

    try:
        return read_book(rows, cols, k)
    except (BookError, OSError) as error:
        warnings.warn(
            f"the opening book could not be read ({error}); solving without it",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
