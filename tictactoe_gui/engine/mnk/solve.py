"""Exact solving of small k-in-a-row boards with the big-board machinery.

:func:`solve` searches every move (no cell is left out, so its answers are
proofs) with negamax alpha-beta on scores that carry the distance to the end
(a win in p plies scores ``MATE - p``), and prunes with what the rules make
certain:

- a win in one is taken; two threats of the opponent lose; one threat forces
  the block (no other move is searched);
- a side with no window left open cannot win, so its score is at most a draw;
  with no window open to either side the game is a draw now;
- positions are stored under a key that is the same for all symmetric boards
  (8 symmetries on a square board, 4 on a rectangle) in a fixed-size table.

The value and the distance it reports are exact: the shortest win the winner
can force against the longest defence.

The limit holds for the whole call, reading the line included: when it runs
out after the value is proven, the value stands and the line is cut short
(:attr:`Solution.line_complete` says so).

Bigger positions (more than :data:`ALPHA_BETA_EMPTIES` empty cells) are solved
by proof-number search instead (:mod:`~tictactoe_gui.engine.mnk.proof`): first
"does the side to move force a win?", then "does the opponent?"; no to both is
a draw. Then, for a win, the distance: the same search asks "a win within d
plies?" for d = 1, 3, 5, ... (2, 4, 6, ... for a loss) until it says yes. If the
limit stops that pass, the value still stands and the distance is reported as
unknown (``plies`` None); a draw's distance is the board filling up, as always.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from tictactoe_gui.engine.mnk.limits import Budget, Limit, SearchStopped
from tictactoe_gui.engine.mnk.proof import MAX_PLIES
from tictactoe_gui.engine.mnk.proof_native import AnyProofSearch, proof_search
from tictactoe_gui.engine.mnk.search import MATE, Outcome
from tictactoe_gui.engine.mnk.state import State

_MATE_BOUND: Final = MATE - 10_000
#: Positions with at most this many empty cells are solved by alpha-beta (with distances).
ALPHA_BETA_EMPTIES: Final = 16
#: Positions each proof search's table holds at most (about 150 bytes each).
PROOF_TABLE_ENTRIES: Final = 1 << 20

Method = Literal["auto", "alphabeta", "proof"]
_EXACT, _LOWER, _UPPER = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact value of a position for the side to move."""

    outcome: Outcome
    #: Plies to the end with best play on both sides (a draw: until the board is full);
    #: None when the value is proven but the distance of the win was not computed.
    plies: int | None
    #: The best move and a principal line (cells as (row, col)); empty when the game is over.
    line: tuple[tuple[int, int], ...]
    #: Every legal move with its exact outcome and distance, best first.
    moves: tuple[tuple[tuple[int, int], Outcome, int | None], ...]
    nodes: int
    elapsed: float
    #: False when the limit ran out while the line was being read: ``line`` is then its
    #: beginning only (maybe empty), though the value and the distance stand.
    line_complete: bool = True


class _Solver:
    def __init__(self, state: State, budget: Budget, size_log2: int) -> None:
        self.state = state
        self.budget = budget
        geo = state.geo
        self.sym_keys = [
            [[geo.zobrist[p][perm[c]] for c in range(geo.cells)] for p in range(3)]
            for perm in geo.symmetries
        ]
        self.mask = (1 << size_log2) - 1
        self.table: list[tuple[int, int, int, int] | None] = [None] * (1 << size_log2)
        self.hashes = [0] * len(geo.symmetries)
        for cell, mark in enumerate(state.cells):
            if mark:
                self._toggle(cell, mark)
        self.history = [0] * geo.cells

    def _toggle(self, cell: int, player: int) -> None:
        hashes = self.hashes
        for index, keys in enumerate(self.sym_keys):
            hashes[index] ^= keys[player][cell]

    def play(self, cell: int) -> None:
        self._toggle(cell, self.state.to_move)
        self.state.make(cell)

    def undo(self) -> None:
        state = self.state
        cell = state.history[-1]
        state.unmake()
        self._toggle(cell, state.to_move)

    def ordered(self) -> list[int]:
        state = self.state
        mover = state.to_move
        if state.wins[mover]:
            return list(state.wins[mover])
        their_wins = state.wins[3 - mover]
        if their_wins:
            return list(their_wins)
        mine = state.potential[mover]
        theirs = state.potential[3 - mover]
        history = self.history
        empty = [c for c, mark in enumerate(state.cells) if mark == 0]
        empty.sort(key=lambda c: -(3 * mine[c] + 2 * theirs[c] + history[c]))
        return empty

    def negamax(self, alpha: int, beta: int, ply: int) -> int:
        state = self.state
        self.budget.tick()
        if state.winner:
            return -(MATE - ply)
        mover = state.to_move
        opponent = 3 - mover
        if state.wins[mover]:
            return MATE - ply - 1
        if len(state.wins[opponent]) >= 2:
            return -(MATE - ply - 2)
        if state.empties == 0:
            return 0
        live_mine, live_theirs = state.live[mover], state.live[opponent]
        if not live_mine and not live_theirs:
            return 0
        if not live_mine and alpha >= 0:
            return 0  # the mover cannot win: at most a draw
        if not live_theirs and beta <= 0:
            return 0  # the opponent cannot win: at least a draw
        # No win comes sooner than the next move, no loss sooner than the opponent's.
        alpha = max(alpha, -(MATE - ply - 2))
        beta = min(beta, MATE - ply - 1)
        if alpha >= beta:
            return alpha
        key = min(self.hashes) ^ mover
        slot = self.table[key & self.mask]
        if slot is not None and slot[0] == key:
            score = slot[2]
            if score > _MATE_BOUND:
                score -= ply
            elif score < -_MATE_BOUND:
                score += ply
            flag = slot[1]
            if (
                flag == _EXACT
                or (flag == _LOWER and score >= beta)
                or (flag == _UPPER and score <= alpha)
            ):
                return score
        original_alpha = alpha
        best = -MATE - 1
        for cell in self.ordered():
            self.play(cell)
            try:
                score = -self.negamax(-beta, -alpha, ply + 1)
            finally:
                self.undo()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.history[cell] += 1 + state.empties
                        break
        flag = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
        stored = best + ply if best > _MATE_BOUND else best - ply if best < -_MATE_BOUND else best
        self.table[key & self.mask] = (key, flag, stored, 0)
        return best


def _outcome(score: int, empties: int) -> tuple[Outcome, int]:
    if score > _MATE_BOUND:
        return Outcome.WIN, MATE - score
    if score < -_MATE_BOUND:
        return Outcome.LOSS, MATE + score
    return Outcome.DRAW, empties


def solve(
    rows: int,
    cols: int,
    k: int,
    x_mask: int = 0,
    o_mask: int = 0,
    *,
    limit: Limit | None = None,
    cancel: threading.Event | None = None,
    on_move: Callable[[int, int], None] | None = None,
    table_log2: int = 20,
    all_moves: bool = False,
    method: Method = "auto",
    on_nodes: Callable[[int], None] | None = None,
    compiled: bool = True,
) -> Solution:
    """The exact value of the position for the side to move; see the module docstring.

    Raises :class:`~tictactoe_gui.engine.mnk.limits.SearchStopped` when ``limit``
    or ``cancel`` stops it first. ``on_move(done, total)`` reports the root moves
    finished in each pass (a value pass, then a distance pass), for a progress bar.
    ``all_moves`` gives every root move its exact value (slower); otherwise only
    the best move is exact and the others are bounds left out of
    :attr:`Solution.moves`. The table holds ``2 ** table_log2``
    entries (about 100 bytes each when full).

    ``method`` picks the search: ``"alphabeta"`` (value and distance),
    ``"proof"`` (proof-number search: the value, and the distance only for a
    draw; ``all_moves`` is not offered there) or ``"auto"``: alpha-beta when at
    most :data:`ALPHA_BETA_EMPTIES` cells are empty or ``all_moves`` is asked,
    else proof-number search.

    ``on_nodes(n)`` is told the positions searched so far every few dozen of them,
    for a progress display.

    ``compiled=False`` keeps the proof-number search in pure Python (the reference
    the compiled one, :mod:`~tictactoe_gui.engine.mnk.proof_native`, is tested and
    timed against); the answers are the same.
    """
    state = State(rows, cols, k, x_mask, o_mask)
    budget = Budget(limit or Limit(), cancel)
    budget.on_check = on_nodes
    if state.is_over:
        winner = state.winner
        outcome = (
            Outcome.DRAW if not winner else Outcome.WIN if winner == state.to_move else Outcome.LOSS
        )
        return Solution(outcome, 0, (), (), 0, budget.elapsed())
    if method == "proof" or (
        method == "auto" and not all_moves and state.empties > ALPHA_BETA_EMPTIES
    ):
        if all_moves:
            raise ValueError("proof-number search values only the best move")
        return _solve_by_proof(state, budget, on_move, compiled=compiled)
    solver = _Solver(state, budget, table_log2)
    moves = solver.ordered()
    # Symmetric moves have equal values: keep one of each.
    seen: set[int] = set()
    unique: list[int] = []
    for cell in moves:
        solver.play(cell)
        key = min(solver.hashes)
        solver.undo()
        if key not in seen:
            seen.add(key)
            unique.append(cell)

    def root(alpha: int, beta: int, cells: list[int]) -> list[tuple[int, int]]:
        """Fail-soft scores of ``cells`` searched against the window (alpha, beta)."""
        scored: list[tuple[int, int]] = []
        best = -MATE - 1
        for cell in cells:
            solver.play(cell)
            try:
                window_alpha = alpha if all_moves else max(alpha, best)
                score = -solver.negamax(-beta, -window_alpha, 1)
            finally:
                solver.undo()
            scored.append((score, cell))
            best = max(best, score)
            if on_move is not None:
                on_move(len(scored), len(cells))
            if not all_moves and best >= beta:
                break
        return scored

    # First the value with null windows (is it a win? a loss?), then the distance.
    first = root(0, 1, unique)
    if max(score for score, _ in first) >= 1:
        winners = [c for s, c in first if s >= 1]
        ordered = winners + [c for c in unique if c not in winners]
        results = root(-MATE - 1, MATE + 1, ordered) if all_moves else root(0, MATE + 1, ordered)
    else:
        second = root(-1, 0, unique)
        if max(score for score, _ in second) >= 0:
            results = [(s, c) for s, c in second if s >= 0]
            results = [(0, c) for _, c in results]
            if all_moves:
                results = root(-MATE - 1, MATE + 1, unique)
        else:
            results = root(-MATE - 1, 0, unique)
    results.sort(key=lambda item: -item[0])
    best_score, best_cell = results[0]
    line = [best_cell]
    solver.play(best_cell)
    played = 1
    complete = True
    try:
        value = -best_score  # from the side to move now, which alternates
        while not state.is_over:
            reply = _achieving(solver, value, played)
            line.append(reply)
            solver.play(reply)
            played += 1
            value = -value
    except SearchStopped:
        if budget.cancel is not None and budget.cancel.is_set():
            raise
        complete = False  # the value stands; the line is cut where the limit fell
    finally:
        for _ in range(played):
            solver.undo()
    outcome, plies = _outcome(best_score, state.empties)
    listed = results if all_moves else results[:1]
    return Solution(
        outcome,
        plies,
        tuple(divmod(c, cols) for c in line),
        tuple((divmod(c, cols), *_outcome(s, state.empties)) for s, c in listed),
        budget.nodes,
        budget.elapsed(),
        complete,
    )


def _achieving(solver: _Solver, value: int, ply: int) -> int:
    """A move that keeps the exact ``value`` (scored from the root) for the side to move."""
    for cell in solver.ordered():
        solver.play(cell)
        try:
            score = -solver.negamax(-value, -value + 1, ply + 1)
        finally:
            solver.undo()
        if score >= value:
            return cell
    raise AssertionError("no move keeps the value the search proved")


def _solve_by_proof(
    state: State,
    budget: Budget,
    on_move: Callable[[int, int], None] | None,
    *,
    compiled: bool = True,
) -> Solution:
    """The value by proof-number search: does the mover win? If not, does the opponent?

    Then, for a win, the distance: the least ``d`` for which the winner wins within
    ``d`` plies (the same search, with the plies left in the position). If that
    pass reaches the limit, the value stands and the distance is left unknown.
    """
    rows, cols, k = state.rows, state.cols, state.k
    x, o = state.masks()
    mover = state.to_move

    def search(player: int, within: Budget) -> AnyProofSearch:
        return proof_search(
            rows,
            cols,
            k,
            player,
            maker_breaker=False,
            budget=within,
            max_entries=PROOF_TABLE_ENTRIES,
            compiled=compiled,
        )

    searches = {player: search(player, budget) for player in (1, 2)}
    passes = 4
    if on_move is not None:
        on_move(0, passes)
    if searches[mover].run(x, o):
        outcome = Outcome.WIN
    else:
        if on_move is not None:
            on_move(1, passes)
        outcome = Outcome.LOSS if searches[3 - mover].run(x, o) else Outcome.DRAW
    if on_move is not None:
        on_move(2, passes)
    plies: int | None = state.empties if outcome is Outcome.DRAW else None
    nodes = budget.nodes
    line: list[int] | None = None
    if outcome is not Outcome.DRAW:
        winner = mover if outcome is Outcome.WIN else 3 - mover
        # A budget of its own, so that running out here leaves the value standing.
        left_time = budget.remaining()
        left_nodes = None if budget.max_nodes is None else budget.max_nodes - budget.nodes
        if (left_time is None or left_time > 0) and (left_nodes is None or left_nodes > 0):
            within = Budget(Limit(time=left_time, nodes=left_nodes), budget.cancel)
            counted = budget.nodes
            report = budget.on_check
            if report is not None:
                within.on_check = lambda n: report(counted + n)
            # The winner's table is kept: what it disproved is no win within any limit.
            timed = searches[winner]
            timed.budget = within
            searches[3 - winner].clear()
            try:
                plies = _win_distance(timed, x, o, outcome, state.empties)
                if plies is not None:
                    line = _distance_line(state, timed, winner, plies)
            except SearchStopped:
                if budget.cancel is not None and budget.cancel.is_set():
                    raise
                plies, line = None, None
            nodes += within.nodes
    if on_move is not None:
        on_move(3, passes)
    complete = True
    if line is None:
        # The value is proven; its line is read from the tables in what is left of the
        # limit (on a big board that can take far longer than the proof).
        left = _what_is_left(budget)
        for each in searches.values():
            each.budget = left  # one count for both: the limit is the command's
        line, complete = _proof_line(state, outcome, searches, budget.cancel)
        nodes += left.nodes
    if on_move is not None:
        on_move(4, passes)
    return Solution(
        outcome,
        plies,
        tuple(divmod(c, cols) for c in line),
        ((divmod(line[0], cols), outcome, plies),) if line else (),
        nodes,
        budget.elapsed(),
        complete,
    )


def _what_is_left(budget: Budget) -> Budget:
    """A fresh count for what is left of ``budget``'s time and nodes (and its cancel flag)."""
    left_time = budget.remaining()
    left_nodes = None if budget.max_nodes is None else budget.max_nodes - budget.nodes
    return Budget(
        Limit(
            time=None if left_time is None else max(0.0, left_time),
            nodes=None if left_nodes is None else max(1, left_nodes),
        ),
        budget.cancel,
    )


def _win_distance(
    search: AnyProofSearch, x: int, o: int, outcome: Outcome, empties: int
) -> int | None:
    """The fewest plies in which ``search``'s attacker, proven to win, wins from (x, o).

    None past the most plies the search can count (:data:`MAX_PLIES`).
    """
    plies = 1 if outcome is Outcome.WIN else 2  # the winner's moves fall on these plies
    while not search.run(x, o, left=plies):
        plies += 2
        if plies > min(empties, MAX_PLIES):
            if plies > MAX_PLIES:
                return None
            raise AssertionError("a proven win that does not come before the board is full")
    return plies


def _distance_line(state: State, search: AnyProofSearch, winner: int, plies: int) -> list[int]:
    """A line of exactly ``plies`` plies: the winner's quickest win, the loser's longest defence."""
    line: list[int] = []
    left = plies
    try:
        while not state.is_over:
            mover = state.to_move
            x, o = state.masks()
            cell = -1
            if state.wins[mover]:
                cell = next(iter(state.wins[mover]))
            else:
                children: list[tuple[int, int, int | None, bool | None]] = []
                children.extend(search.children(x, o, left))
                if not children:
                    children = _every_move(state, x, o)
                for cx, co, _key, _known in children:
                    # The winner keeps a win within the plies left; the loser finds a
                    # move after which the win takes all of them.
                    if (
                        search.run(cx, co, left=left - 1)
                        if mover == winner
                        else left < 3 or not search.run(cx, co, left=left - 2)
                    ):
                        cell = ((cx | co) & ~(x | o)).bit_length() - 1
                        break
            if cell < 0:
                raise AssertionError("no move keeps the distance the search proved")
            line.append(cell)
            state.make(cell)
            left -= 1
    finally:
        for _ in line:
            state.unmake()
    return line


def _every_move(state: State, x: int, o: int) -> list[tuple[int, int, int | None, bool | None]]:
    """Every empty cell as a child position, for positions the search settles at once."""
    mover = state.to_move
    return [
        (x | 1 << c, o, None, None) if mover == 1 else (x, o | 1 << c, None, None)
        for c, mark in enumerate(state.cells)
        if mark == 0
    ]


def _proof_line(
    state: State,
    outcome: Outcome,
    searches: dict[int, AnyProofSearch],
    cancel: threading.Event | None = None,
) -> tuple[list[int], bool]:
    """A line to the end that keeps the proven ``outcome`` (for the side to move at the
    start), and whether it reached the end before the searches' budgets ran out.

    The winner plays a move its search proves still wins (a draw: each side a
    move after which the opponent cannot force a win); the loser blocks a threat
    or plays the first move the search lists (every move loses).
    """
    line: list[int] = []
    try:
        _extend_proof_line(state, outcome, searches, line)
    except SearchStopped:
        if cancel is not None and cancel.is_set():
            raise
        return line, False
    return line, True


def _extend_proof_line(
    state: State, outcome: Outcome, searches: dict[int, AnyProofSearch], line: list[int]
) -> None:
    """Append :func:`_proof_line`'s moves to ``line`` as they are found (so a limit that
    stops the search leaves the moves found so far); ``state`` is left as it was."""
    value = outcome
    start = len(line)
    try:
        while not state.is_over:
            mover = state.to_move
            x, o = state.masks()
            if state.wins[mover]:
                cell = next(iter(state.wins[mover]))
            elif value is Outcome.LOSS and state.wins[3 - mover]:
                cell = next(iter(state.wins[3 - mover]))  # lost anyway: block one threat
            else:
                if value is Outcome.DRAW:
                    search, wanted = searches[3 - mover], False
                elif value is Outcome.WIN:
                    search, wanted = searches[mover], True
                else:
                    search, wanted = searches[3 - mover], True
                children: list[tuple[int, int, int | None, bool | None]] = []
                children.extend(search.children(x, o))
                if not children:
                    # Settled at once (say by the Erdős-Selfridge bound, which holds only
                    # if the defender keeps playing well): try every empty cell.
                    children = _every_move(state, x, o)
                cell = -1
                # What the table already settled first, then search in the order it prefers.
                children.sort(key=lambda child: child[3] is not wanted)
                for cx, co, key, known in children:
                    if (
                        value is Outcome.LOSS
                        or known is wanted
                        or (known is None and search.run(cx, co, key) is wanted)
                    ):
                        cell = ((cx | co) & ~(x | o)).bit_length() - 1
                        break
                if cell < 0:
                    raise AssertionError("no move keeps the value the search proved")
            line.append(cell)
            state.make(cell)
            value = (
                Outcome.DRAW
                if value is Outcome.DRAW
                else Outcome.LOSS
                if value is Outcome.WIN
                else Outcome.WIN
            )
    finally:
        for _ in line[start:]:
            state.unmake()
