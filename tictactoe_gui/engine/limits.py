"""How long a search may run: the engine's one :class:`Limit` (time, depth, nodes, as
python-chess's ``engine.Limit``), the clock that enforces it, and the one exception every
search stops with (:class:`SearchStopped`; the exact searches' ``SearchCancelled`` and
``NodeLimitReached`` are its two kinds)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

#: How many nodes pass between two looks at the clock and the cancel flag.
_CHECK_EVERY: Final = 64
#: How long a small board is given to be proven when a person asks for it (the window's
#: Prove button, ``analyse`` without --time): the empty 6x6 k4 board takes about 40 s.
PROVE_SECONDS: Final = 120.0


class SearchStopped(Exception):  # noqa: N818 (a signal, not an error)
    """Raised inside a search when its limit is reached or it is cancelled.

    ``nodes`` is what the budget that stopped had counted, so a caller can report
    the work done even when the search gave no answer.
    """

    def __init__(self, nodes: int = 0) -> None:
        super().__init__(nodes)
        self.nodes = nodes


@dataclass(frozen=True, slots=True)
class Limit:
    """Stop after ``time`` seconds, at ``depth`` plies, or after ``nodes`` nodes: whichever first.

    A limit with none of the three set searches until the search has nothing left
    to learn (or is cancelled); each search documents its own natural end.

    ``proof_time`` is apart from the three: the seconds a search that can prove a result
    (k in a row's proof-number search on a small board) may give to proving it, where the
    search has such a proof; None leaves it the search's own share of ``time``.
    """

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None
    proof_time: float | None = None

    def __post_init__(self) -> None:
        if self.time is not None and self.time < 0:
            raise ValueError(f"a time limit cannot be negative, got {self.time}")
        if self.proof_time is not None and self.proof_time < 0:
            raise ValueError(f"a proof's time cannot be negative, got {self.proof_time}")
        if self.depth is not None and self.depth < 1:
            raise ValueError(f"a depth limit is at least 1 ply, got {self.depth}")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"a node limit is at least 1, got {self.nodes}")


class Budget:
    """The running count of nodes against a :class:`Limit`, a deadline and a cancel flag."""

    __slots__ = ("_countdown", "cancel", "deadline", "max_nodes", "nodes", "on_check", "started")

    def __init__(
        self,
        limit: Limit,
        cancel: threading.Event | None = None,
        started: float | None = None,
    ) -> None:
        self.started = time.perf_counter() if started is None else started
        self.deadline = None if limit.time is None else self.started + limit.time
        self.max_nodes = limit.nodes
        self.cancel = cancel
        self.nodes = 0
        self._countdown = _CHECK_EVERY
        #: Told the node count at every check (every few dozen nodes), for progress reports.
        self.on_check: Callable[[int], None] | None = None

    def tick(self) -> None:
        """Count one node; raise :class:`SearchStopped` when the limit is reached."""
        self.nodes += 1
        self._countdown -= 1
        if self._countdown <= 0:
            self._countdown = _CHECK_EVERY
            self.check()
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise SearchStopped(self.nodes)

    def tick_costly(self) -> None:
        """:meth:`tick` for a node that costs far more than a clock reading (a proof
        search's, which generates and scores every move: milliseconds on a big board):
        the deadline and the cancel flag are read at every such node, so a limit holds
        to within one node, not sixty-four. Progress is still reported every few dozen."""
        self.tick()
        if (self.cancel is not None and self.cancel.is_set()) or (
            self.deadline is not None and time.perf_counter() >= self.deadline
        ):
            raise SearchStopped(self.nodes)

    def check(self) -> None:
        if self.on_check is not None:
            self.on_check(self.nodes)
        if self.cancel is not None and self.cancel.is_set():
            raise SearchStopped(self.nodes)
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise SearchStopped(self.nodes)

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def remaining(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.perf_counter()

    def sub_deadline(self, fraction: float) -> float | None:
        """A deadline ``fraction`` of the remaining time from now (None when unlimited)."""
        left = self.remaining()
        return None if left is None else time.perf_counter() + max(0.0, left) * fraction
