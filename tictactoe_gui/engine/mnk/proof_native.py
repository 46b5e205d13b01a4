"""The compiled proof-number search (``_proof``, built from ``_proof.c``) and its fallback.

:class:`NativeProofSearch` has the interface of :class:`~.proof.ProofSearch`
(``run``, ``children``, ``clear``, a ``budget`` that can be swapped) and searches
the same positions in the same order, so it gives the same answers with the same
node counts and the same keys, many times faster and without holding the GIL:
the search runs in slices of a few thousand positions, and between two slices
the budget reads its clock and cancel flag and reports progress, as the
pure-Python search does at every position. The pure-Python search stays as the
reference the compiled one is tested against (tests/engine/mnk/test_proof_native.py).

:func:`proof_search` picks the compiled search where it can take the board (up
to 64 cells) and the pure-Python one elsewhere or when the module is missing (no
C compiler at install): the answers are the same, only slower.
"""

from __future__ import annotations

from types import ModuleType
from typing import Final

from tictactoe_gui.engine.mnk.geometry import geometry
from tictactoe_gui.engine.mnk.limits import Budget, SearchStopped
from tictactoe_gui.engine.mnk.proof import UNLIMITED, ProofSearch

_proof: ModuleType | None
try:
    from tictactoe_gui.engine.mnk import _proof as _loaded  # type: ignore[attr-defined, unused-ignore]
except ImportError as error:  # pragma: no cover - only without a C compiler
    _proof = None
    #: Why the compiled search is not in use (None when it is).
    UNAVAILABLE: str | None = f"{type(error).__name__}: {error}"
else:
    _proof = _loaded
    UNAVAILABLE = None

#: Positions the compiled search settles between two looks at the budget.
SLICE: Final = 2048
#: The largest board (cells) and k the compiled search takes.
MAX_CELLS: Final = 64
MAX_K: Final = 30
_MAX_WINDOWS: Final = 256


def available() -> bool:
    """Whether the compiled proof search was loaded."""
    return _proof is not None


def supports(rows: int, cols: int, k: int) -> bool:
    """Whether the compiled search is loaded and takes this board."""
    if _proof is None or rows * cols > MAX_CELLS or k > MAX_K:
        return False
    return len(geometry(rows, cols, k).windows) <= _MAX_WINDOWS


class NativeProofSearch:
    """:class:`~.proof.ProofSearch` compiled; see the module docstring."""

    def __init__(
        self,
        rows: int,
        cols: int,
        k: int,
        attacker: int,
        *,
        maker_breaker: bool,
        budget: Budget,
        max_entries: int = 1 << 21,
    ) -> None:
        if not supports(rows, cols, k):
            raise ValueError(f"the compiled proof search cannot take {rows}×{cols} k{k}")
        assert _proof is not None
        geo = geometry(rows, cols, k)
        self.cells = geo.cells
        self.attacker = attacker
        self.budget = budget
        self._core = _proof.Search(
            geo.cells,
            k,
            attacker,
            maker_breaker,
            max_entries,
            [sum(1 << c for c in window) for window in geo.windows],
            geo.symmetries,
        )

    def __len__(self) -> int:
        """The positions the table holds."""
        return int(self._core.entries())

    def clear(self) -> None:
        """Forget every position."""
        self._core.clear()

    def _pack(self, p: int, q: int, meta: int) -> int:
        return (p << self.cells | q) << 8 | meta

    def _unpack(self, key: int) -> tuple[int, int, int]:
        rest = key >> 8
        return rest >> self.cells, rest & ((1 << self.cells) - 1), key & 255

    def children(
        self, x: int, o: int, left: int = UNLIMITED
    ) -> list[tuple[int, int, int, bool | None]]:
        """As :meth:`.proof.ProofSearch.children` (the same children, keys and order)."""
        return [
            (cx, co, self._pack(*key), known)
            for cx, co, key, known in self._core.children(x, o, left)
        ]

    def run(self, x: int, o: int, key: int | None = None, left: int = UNLIMITED) -> bool:
        """As :meth:`.proof.ProofSearch.run`: whether the attacker wins from (x, o)."""
        if not 0 <= left <= UNLIMITED:
            raise ValueError(f"the plies left run from 0 to {UNLIMITED - 1}, got {left}")
        self._core.start(x, o, None if key is None else self._unpack(key), left)
        budget = self.budget
        while True:
            quota = SLICE
            if budget.max_nodes is not None:
                quota = max(1, min(quota, budget.max_nodes - budget.nodes))
            deadline = 0.0 if budget.deadline is None else budget.deadline
            result, used = self._core.resume(quota, deadline)
            budget.nodes += used
            if result:
                return bool(result == 1)
            # Stopped between two positions: what the pure-Python search checks at each.
            if budget.on_check is not None:
                budget.on_check(budget.nodes)
            if budget.max_nodes is not None and budget.nodes >= budget.max_nodes:
                raise SearchStopped(budget.nodes)
            if budget.cancel is not None and budget.cancel.is_set():
                raise SearchStopped(budget.nodes)
            left_time = budget.remaining()
            if left_time is not None and left_time <= 0:
                raise SearchStopped(budget.nodes)


#: Either search: they have the same interface and give the same answers.
AnyProofSearch = ProofSearch | NativeProofSearch


def proof_search(
    rows: int,
    cols: int,
    k: int,
    attacker: int,
    *,
    maker_breaker: bool,
    budget: Budget,
    max_entries: int = 1 << 21,
    compiled: bool = True,
) -> AnyProofSearch:
    """The compiled search where it takes the board (and ``compiled``), else the pure-Python one."""
    if compiled and supports(rows, cols, k):
        return NativeProofSearch(
            rows,
            cols,
            k,
            attacker,
            maker_breaker=maker_breaker,
            budget=budget,
            max_entries=max_entries,
        )
    return ProofSearch(
        rows,
        cols,
        k,
        attacker,
        maker_breaker=maker_breaker,
        budget=budget,
        max_entries=max_entries,
    )
