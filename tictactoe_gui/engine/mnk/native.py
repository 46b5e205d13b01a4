"""The compiled alpha-beta search (``_core``, built from ``_core.c`` at install) and its fallback.

:class:`NativeAlphaBeta` has the interface of ``search._AlphaBeta`` (``make``,
``unmake``, ``ordered``, ``negamax``, ``principal_variation``) over a copy of a
:class:`~.state.State`, and finds the same moves, scores and node counts, many
times faster and without holding the GIL, so the window stays responsive while
it thinks. The pure-Python search stays as the reference the compiled one is
tested against (tests/engine/mnk/test_compiled.py).

When the module cannot be loaded (no C compiler at install, a broken build), the
engine searches in pure Python and warns once, here, when it is first imported.
"""

from __future__ import annotations

import functools
import time
import warnings
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

from tictactoe_gui.engine.mnk.limits import Budget, SearchStopped

if TYPE_CHECKING:
    from tictactoe_gui.engine.mnk.geometry import Geometry
    from tictactoe_gui.engine.mnk.state import State

_core: ModuleType | None = None
try:
    from tictactoe_gui.engine.mnk import _core as _loaded  # type: ignore[attr-defined, unused-ignore]
except ImportError as error:  # pragma: no cover - exercised by test_compiled in a subprocess
    #: Why the compiled search is not in use (None when it is).
    UNAVAILABLE: str | None = f"{type(error).__name__}: {error}"
    warnings.warn(
        "the compiled search core could not be loaded "
        f"({UNAVAILABLE}); the big-board engine searches in pure Python, "
        "many times slower (reinstall with a C compiler: pip install -e .)",
        RuntimeWarning,
        stacklevel=2,
    )
else:
    _core = _loaded
    UNAVAILABLE = None

#: The most often (seconds) a compiled search takes the GIL to ask whether to stop.
POLL_SECONDS: Final[float] = 0.005 if _core is None else float(_core.POLL_SECONDS)

#: Values the compiled search keeps in 64-bit integers stay below this.
_LIMIT: Final = 2**61


def available() -> bool:
    """Whether the compiled search was loaded."""
    return _core is not None


def supports(state: State) -> bool:
    """Whether the compiled search can take this position: it is loaded and no sum overflows.

    Window values grow as 8**k, so a board with a very long k (say 20 in a row)
    has evaluations beyond 64 bits; those stay with the pure-Python search.
    """
    if _core is None:
        return False
    windows = len(state.geo.windows)
    widest = max((len(ws) for ws in state.geo.cell_windows), default=0)
    value = max((abs(v) for v in state._value), default=0)
    potential = max(state._potential, default=0)
    return windows * value < _LIMIT and 8 * widest * potential < _LIMIT


@functools.cache
def _geometry(geo: Geometry) -> Any:
    assert _core is not None
    return _core.Geometry(
        geo.rows, geo.cols, geo.k, geo.windows, geo.cell_windows, geo.near2, geo.zobrist
    )


def new_table(size_log2: int) -> Any:
    """A compiled transposition table of ``2 ** size_log2`` slots."""
    assert _core is not None
    return _core.Table(size_log2)


class NativeAlphaBeta:
    """The alpha-beta search over a copy of ``state``, run by the compiled core.

    ``table`` is a ``_core.Table``; ``generation`` the search's number in it (see
    ``search.TranspositionTable``). The copy starts as ``state`` is now, down to the
    order its sets and dicts iterate in, which the search's tie-breaks follow.
    """

    __slots__ = ("_budget", "_searcher")

    def __init__(self, state: State, table: Any, generation: int, width: int, budget: Budget):
        assert _core is not None
        self._searcher = _core.Searcher(_geometry(state.geo), table, generation, width, state)
        self._budget = budget

    def make(self, cell: int) -> None:
        self._searcher.make(cell)

    def unmake(self) -> None:
        self._searcher.unmake()

    def ordered(self, tt_move: int, width: int) -> list[int]:
        moves: list[int] = self._searcher.ordered(tt_move, width)
        return moves

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        budget = self._budget
        left = None if budget.deadline is None else budget.deadline - time.perf_counter()
        poll = None
        if budget.cancel is not None or budget.on_check is not None:

            def poll(nodes: int) -> bool:
                budget.nodes = nodes
                try:
                    budget.check()
                except SearchStopped:
                    return True
                return False

        max_nodes = -1 if budget.max_nodes is None else budget.max_nodes
        score, nodes, stopped = self._searcher.negamax(
            depth, alpha, beta, ply, budget.nodes, max_nodes, left, poll
        )
        budget.nodes = nodes
        if stopped:
            raise SearchStopped(nodes)
        return int(score)

    def principal_variation(self, first: int, depth: int) -> list[int]:
        line: list[int] = self._searcher.principal_variation(first, depth)
        return line

    def snapshot(self) -> dict[str, Any]:
        """The copy's position, as tests compare it with a :class:`State`."""
        values: dict[str, Any] = self._searcher.snapshot()
        return values
