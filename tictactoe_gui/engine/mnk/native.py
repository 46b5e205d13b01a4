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
        max_nodes, left, poll = _budget_arguments(budget)
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


def _budget_arguments(budget: Budget) -> tuple[int, float | None, Any]:
    """What a compiled search takes of a budget: the node limit (-1: none), the seconds
    left (None: none) and the function it calls now and then to ask whether to stop."""
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
    return max_nodes, left, poll


class NativeThreatSearch:
    """:class:`~.threats.ThreatSearch` run by the compiled core, without the GIL.

    The same methods, lines, proofs and node counts as the Python search, which stays
    as the reference (tests/engine/mnk/test_threats_native.py). It searches a copy of
    the position it is first given, made again whenever it is given another (which
    forgets the positions it remembered as having no VCF, so a search that keeps to
    one position, as the root's does, counts the same nodes as the Python one).
    """

    __slots__ = ("_searcher", "budget", "max_fours")

    def __init__(self, budget: Budget, max_fours: int = 20) -> None:
        assert _core is not None
        self.budget = budget
        self.max_fours = max_fours
        self._searcher: Any = None

    def _copy(self, state: State) -> Any:
        searcher = self._searcher
        if searcher is None or searcher.position() != (state.hash, state.to_move):
            searcher = _core.Searcher(_geometry(state.geo), _tiny_table(), 0, 1, state)  # type: ignore[union-attr]
            self._searcher = searcher
        return searcher

    def _run(self, state: State, kind: int, threes: int = 0, moves: Any = None) -> Any:
        budget = self.budget
        max_nodes, left, poll = _budget_arguments(budget)
        answer, nodes, stopped = self._copy(state).threats(
            kind, threes, self.max_fours, moves, budget.nodes, max_nodes, left, poll
        )
        budget.nodes = nodes
        if stopped and kind != _VCT_REFUTED:
            raise SearchStopped(nodes)
        return answer

    def vcf(self, state: State) -> list[int] | None:
        """The shortest VCF of the side to move (in fours, up to ``max_fours``), or None."""
        line: list[int] | None = self._run(state, _VCF)
        return line

    def prove_win(self, state: State, threes: int = 0) -> list[int] | None:
        """A proven win for the side to move: a VCF, or with ``threes`` > 0 a VCT line."""
        line: list[int] | None = self._run(state, _PROVE_WIN, threes)
        return line

    def prove_loss(self, state: State, threes: int = 0) -> list[int] | None:
        """A proof that the side to move loses: the longest defence's line, or None."""
        line: list[int] | None = self._run(state, _PROVE_LOSS, threes)
        return line

    def defences(self, state: State) -> tuple[list[int] | None, list[int]]:
        """The moves that do not lose to a VCF of the opponent, and the ones that do."""
        allowed, refuted = self._run(state, _DEFENCES)
        return allowed, refuted

    def vct_refuted(self, state: State, moves: list[int], threes: int = 1) -> list[int]:
        """The ``moves`` after which the opponent has a proven VCT, as far as the budget goes."""
        lost: list[int] = self._run(state, _VCT_REFUTED, threes, moves)
        return lost


_VCF, _PROVE_WIN, _PROVE_LOSS, _DEFENCES, _VCT_REFUTED = range(5)


@functools.cache
def _tiny_table() -> Any:
    """The table a threat search's copy carries and never reads."""
    assert _core is not None
    return _core.Table(4)
