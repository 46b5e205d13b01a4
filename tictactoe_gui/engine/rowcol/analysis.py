"""What the engine thinks of a Row & Column position, as one frozen value.

:func:`analyse` scores every allowed cell by its margin (the mover's points
minus the opponent's from this take to the end, this cell's value included)
and packs the result into a :class:`RowColAnalysis`: candidates best first,
the predicted final scores, the expected sequence of takes and the search's
statistics, and whether all of it is exact or an estimate.
"""

from __future__ import annotations

import enum
import threading
import time
from dataclasses import dataclass, field, replace
from typing import Final

from tictactoe_gui.engine.analysis import Verdict
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.rowcol.rules import Player, Position, allowed_cells_of
from tictactoe_gui.engine.rowcol.search import (
    INFINITY,
    BudgetSpent,
    ExactSearch,
    LimitedSearch,
    ProgressCallback,
    SolveTable,
)

#: Positions with at most this many cells left are solved exactly unless told otherwise
#: (a 5×5 opening is 25).
EXACT_CELLS: Final = 25
#: Nodes a depth-limited analysis may spend by default (a fraction of a second).
DEFAULT_NODE_BUDGET: Final = 400_000
#: Where a limit of time or nodes bounds a search that would be exact, the share of it the
#: depth-limited estimate takes first; the exact search tries the rest, and what it learns
#: stays in the board's table, so each later try goes further.
ESTIMATE_SHARE: Final = 0.4


class Method(enum.StrEnum):
    EXACT = "exact"
    LIMITED = "depth-limited"


def method_for(position: Position, exact: bool | None = None) -> Method:
    """The search for ``position``: exact or depth-limited as ``exact`` says, or (None)
    exact when at most :data:`EXACT_CELLS` cells are left."""
    if exact is None:
        exact = position.cells_left <= EXACT_CELLS
    return Method.EXACT if exact else Method.LIMITED


@dataclass(frozen=True, slots=True)
class TakeCandidate:
    """One allowed cell and its margin for the mover (this cell's value included)."""

    cell: int
    row: int
    col: int
    value: int
    margin: int


@dataclass(frozen=True, slots=True)
class RowColAnalysis:
    position: Position
    #: Every allowed cell, best first; ties in row-major order. Empty when the game is over.
    candidates: tuple[TakeCandidate, ...]
    #: The mover's margin from here to the end with best play (0 when the game is over).
    to_move_margin: int
    #: The scores of A and B at the end of the expected sequence.
    predicted_a: int
    predicted_b: int
    #: The expected takes (cells), best play on both sides, to the end when exact.
    principal_variation: tuple[int, ...]
    nodes: int
    elapsed: float
    #: True when every margin is proven; False for a depth-limited estimate.
    exact: bool
    method: Method
    #: How many takes the depth-limited search looked ahead (None for exact).
    depth: int | None = None
    best_cells: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        top = self.candidates[0].margin if self.candidates else None
        best = tuple(c.cell for c in self.candidates if c.margin == top)
        object.__setattr__(self, "best_cells", best)

    @property
    def to_move(self) -> Player:
        return self.position.to_move

    @property
    def predicted_winner(self) -> Player | None:
        if self.predicted_a > self.predicted_b:
            return Player.A
        if self.predicted_b > self.predicted_a:
            return Player.B
        return None

    def candidate(self, cell: int) -> TakeCandidate:
        for candidate in self.candidates:
            if candidate.cell == cell:
                return candidate
        raise KeyError(f"{self.position.cell_label(cell)} is not allowed in {self.position}")

    def prediction_text(self) -> str:
        """``"A wins, 12 to 7, with best play"``, or, when not exact, the lead the search
        expects, as its margins say it: ``"A ahead by 3 (estimate, 7 takes ahead)"``. An
        estimate names no final scores: it looked some takes ahead and counted the rest as
        even, so the scores its line reaches are not the end's."""
        if not self.exact:
            return f"{self._lead_words()} (estimate, {self.depth} takes ahead)"
        a, b = self.predicted_a, self.predicted_b
        winner = self.predicted_winner
        if winner is None:
            return f"a tie at {a} each with best play"
        high, low = (a, b) if winner is Player.A else (b, a)
        return f"{winner} wins, {high} to {low}, with best play"

    def _lead_words(self) -> str:
        """``"A ahead by 3"``, ``"level"``: the mover's margin so far and the best take's."""
        position = self.position
        lead = position.margin + self.to_move_margin
        if lead == 0:
            return "level"
        ahead = position.to_move if lead > 0 else position.to_move.other
        return f"{ahead} ahead by {abs(lead)}"


def analyse(
    position: Position,
    limit: Limit | None = None,
    *,
    exact: bool | None = None,
    table: SolveTable | None = None,
    cancel: threading.Event | None = None,
    progress: ProgressCallback | None = None,
) -> RowColAnalysis:
    """Score every allowed cell of ``position``: exactly, or within ``limit``'s budget.

    ``exact`` chooses the search (:func:`method_for`: None, exact near the end). A
    depth-limited search deepens up to ``limit``'s ``depth`` takes while it stays within
    its ``nodes`` (:data:`DEFAULT_NODE_BUDGET` where it sets none) and its ``time``;
    ``limit`` is the engine's one :class:`~tictactoe_gui.engine.limits.Limit`. Where the
    search would be exact (``exact`` None) and ``limit`` sets a time or nodes, the estimate
    takes its share of them first (:data:`ESTIMATE_SHARE`), then the exact search the rest:
    the analysis is exact if that search ends in time, else the estimate, said so.

    ``table`` (exact searches only) lets analyses of one board share what they
    learned. ``cancel`` makes the search raise ``SearchCancelled`` promptly;
    ``progress`` is called after each allowed cell with (nodes, done, total).
    """
    limit = limit or Limit()
    started = time.perf_counter()
    method = method_for(position, exact)
    if position.is_over:
        return RowColAnalysis(
            position,
            (),
            0,
            position.score_a,
            position.score_b,
            (),
            0,
            time.perf_counter() - started,
            True,
            method,
        )
    if method is Method.EXACT and exact is None and bounded(limit):
        estimate, nodes, deadline = estimate_first(position, limit, cancel, started)
        if estimate.exact or (nodes is not None and nodes <= 0):
            return estimate
        try:
            found = _analyse_exact(position, table, cancel, progress, started, nodes, deadline)
        except BudgetSpent as spent:
            return replace(estimate, nodes=estimate.nodes + spent.nodes, elapsed=_since(started))
        return replace(found, nodes=found.nodes + estimate.nodes)
    if method is Method.EXACT:
        return _analyse_exact(position, table, cancel, progress, started)
    return _analyse_limited(position, limit, cancel, progress, started)


def bounded(limit: Limit | None) -> bool:
    """Whether ``limit`` bounds a search by its time or its nodes (a depth alone does not
    bound an exact search)."""
    return limit is not None and (limit.time is not None or limit.nodes is not None)


def estimate_first(
    position: Position,
    limit: Limit,
    cancel: threading.Event | None,
    started: float,
) -> tuple[RowColAnalysis, int | None, float | None]:
    """The depth-limited estimate within its share of ``limit`` (:data:`ESTIMATE_SHARE`)
    from ``started``, and what it leaves an exact search: the nodes left and the deadline
    (None where ``limit`` sets none)."""
    share = Limit(
        time=None if limit.time is None else limit.time * ESTIMATE_SHARE,
        depth=limit.depth,
        nodes=None if limit.nodes is None else max(1, int(limit.nodes * ESTIMATE_SHARE)),
    )
    estimate = _analyse_limited(position, share, cancel, None, started)
    nodes = None if limit.nodes is None else limit.nodes - estimate.nodes
    deadline = None if limit.time is None else started + limit.time
    return estimate, nodes, deadline


def _since(started: float) -> float:
    return time.perf_counter() - started


def _candidate(position: Position, cell: int, margin: int) -> TakeCandidate:
    row, col = position.row_col(cell)
    return TakeCandidate(cell, row, col, position.values[cell], margin)


def _ranked(candidates: list[TakeCandidate]) -> tuple[TakeCandidate, ...]:
    # sorted() is stable and the list is row-major, so ties keep row-major order.
    return tuple(sorted(candidates, key=lambda c: -c.margin))


def _final_scores(position: Position, line: tuple[int, ...]) -> tuple[int, int]:
    for cell in line:
        position = position.play(cell)
    return position.score_a, position.score_b


def _analyse_exact(
    position: Position,
    table: SolveTable | None,
    cancel: threading.Event | None,
    progress: ProgressCallback | None,
    started: float,
    nodes: int | None = None,
    deadline: float | None = None,
) -> RowColAnalysis:
    search = ExactSearch(position.size, position.values, table, cancel, nodes, deadline)
    remaining = position.remaining
    cells = position.allowed_cells()
    scored = []
    # Biggest values first: their lines fill the table that the others reuse.
    for done, cell in enumerate(sorted(cells, key=lambda c: -position.values[c]), start=1):
        scored.append(_candidate(position, cell, search.take_value(remaining, cell)))
        if progress is not None:
            progress(search.nodes, done, len(cells))
    candidates = _ranked(sorted(scored, key=lambda c: c.cell))
    margin = candidates[0].margin
    line = exact_line(search, position, margin)
    a, b = _final_scores(position, line)
    return RowColAnalysis(
        position,
        candidates,
        margin,
        a,
        b,
        line,
        search.nodes,
        time.perf_counter() - started,
        True,
        Method.EXACT,
    )


def exact_line(search: ExactSearch, position: Position, value: int) -> tuple[int, ...]:
    """The expected takes to the end: at each step the first best cell in row-major order.

    ``value`` is the position's exact margin for its mover; each step only
    asks "does this take keep the value?" (a null window), which the table
    answers almost at once.
    """
    line: list[int] = []
    remaining, last = position.remaining, position.last
    values = position.values
    while True:
        allowed = allowed_cells_of(position.size, remaining, last)
        if not allowed:
            return tuple(line)
        for cell in allowed:
            target = values[cell] - value  # the child's value must be at most this
            after = remaining & ~(1 << cell)
            if search.value(after, cell, target, target + 1) <= target:
                break
        else:  # pragma: no cover - a wrong value would be a bug in the search
            raise AssertionError(f"no take keeps the value {value} in {position}")
        line.append(cell)
        remaining, last, value = after, cell, values[cell] - value


def _analyse_limited(
    position: Position,
    limit: Limit,
    cancel: threading.Event | None,
    progress: ProgressCallback | None,
    started: float,
) -> RowColAnalysis:
    nodes = DEFAULT_NODE_BUDGET if limit.nodes is None else limit.nodes
    deadline = None if limit.time is None else started + limit.time
    search = LimitedSearch(position.size, position.values, cancel, nodes, deadline)
    remaining = position.remaining
    cells = sorted(position.allowed_cells(), key=lambda c: -position.values[c])
    max_depth = limit.depth if limit.depth is not None else position.cells_left
    best: list[TakeCandidate] | None = None
    reached = 0
    exact = False
    depth = 1
    while depth <= max_depth:
        search.new_pass()
        try:
            scored = []
            for cell in cells:
                after = remaining & ~(1 << cell)
                child = search.value(after, cell, depth - 1, -INFINITY, INFINITY)
                scored.append(_candidate(position, cell, position.values[cell] - child))
        except BudgetSpent:
            if best is not None:
                break
            raise  # pragma: no cover - a one-take pass costs one node per cell
        best, reached = scored, depth
        search.pass_ended()
        exact = search.horizon_hits == 0
        if progress is not None:
            progress(search.nodes, len(cells), len(cells))
        if exact:
            break
        depth += 1
    assert best is not None
    candidates = _ranked(sorted(best, key=lambda c: c.cell))
    first = candidates[0].cell
    line = (first, *search.line(remaining & ~(1 << first), first, reached - 1))
    a, b = _final_scores(position, line)
    return RowColAnalysis(
        position,
        candidates,
        candidates[0].margin,
        a,
        b,
        line,
        search.nodes,
        time.perf_counter() - started,
        exact,
        Method.LIMITED,
        reached,
    )


def best_takes(
    position: Position,
    *,
    table: SolveTable | None = None,
    cancel: threading.Event | None = None,
    nodes: int | None = None,
    deadline: float | None = None,
) -> tuple[int, tuple[int, ...], int]:
    """The exact margin, every best cell (row-major) and the nodes it took.

    Cheaper than :func:`analyse` when only the best cells matter (a perfect
    player choosing): the other cells are only proven worse, not scored.
    Raises :class:`~tictactoe_gui.engine.rowcol.search.BudgetSpent` past ``nodes`` nodes
    or the ``deadline`` (``perf_counter`` time).
    """
    if position.is_over:
        return 0, (), 0
    search = ExactSearch(position.size, position.values, table, cancel, nodes, deadline)
    remaining = position.remaining
    value = search.value(remaining, position.last)
    best = []
    for cell in position.allowed_cells():
        target = position.values[cell] - value
        after = remaining & ~(1 << cell)
        if search.value(after, cell, target, target + 1) <= target:
            best.append(cell)
    return value, tuple(best), search.nodes


def judge_take(before: RowColAnalysis, cell: int) -> Verdict | None:
    """How good taking ``cell`` was, against the analysis of the position before it
    (None when the analysis does not score that cell: nothing then tells).

    Best: the top margin. Good: within two points of it and the predicted
    result (win, tie or loss for the mover) unchanged. Mistake: a worse
    result or more than two points given away. Blunder: a win or a tie
    turned into a loss, or ten points or more given away.
    """
    played_candidate = next((c for c in before.candidates if c.cell == cell), None)
    if played_candidate is None:
        return None
    played = played_candidate.margin
    best = before.to_move_margin
    if played == best:
        return Verdict.BEST
    before_sign = _sign(before.position.margin + best)
    after_sign = _sign(before.position.margin + played)
    if (after_sign < 0 <= before_sign) or best - played >= 10:
        return Verdict.BLUNDER
    if after_sign < before_sign or best - played > 2:
        return Verdict.MISTAKE
    return Verdict.GOOD


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)
