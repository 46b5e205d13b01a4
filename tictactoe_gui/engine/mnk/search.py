"""The big-board search: iterative-deepening alpha-beta with threat-space proofs first.

:func:`search` takes plain values (board size, k, the X and O bitboards), a
:class:`Limit` and optionally a cancel flag and a progress callback, and returns
a frozen :class:`SearchResult`. In order it:

1. answers what the rules decide at once (a win in one; two threats it cannot
   block);
2. runs the threat-space proof search (:mod:`.threats`): a VCF of its own is a
   proven win; a VCF of the opponent that no defence stops is a proven loss; a
   defence that still loses to a VCF is dropped from the root moves, so the
   search never walks into a loss it has proven;
3. deepens a negamax alpha-beta with principal-variation search over the cells
   near the stones, ordered threats first (forced blocks only when the opponent
   threatens to win, only the cells that make a four for either side when the
   opponent has a cell that makes two threats at once, then by each cell's
   attacking and defending potential),
   with a Zobrist-keyed :class:`TranspositionTable` of fixed size, and reports
   a :class:`Progress` after every completed depth.

Scores are from the side to move, in window-evaluation units (see
:func:`.state.evaluation_weights`); a win the alpha-beta search sees is a
``mate`` in plies, which is an estimate unless a :class:`Proof` backs it (the
search looks only near the stones and keeps the best few moves, so only the
threat-space proofs, whose defender moves are forced or all examined, are exact).
"""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final

from tictactoe_gui.engine.mnk import native
from tictactoe_gui.engine.mnk.limits import Budget, Limit, SearchStopped
from tictactoe_gui.engine.mnk.state import State
from tictactoe_gui.engine.mnk.threats import ThreatSearch

Cell = tuple[int, int]

MATE: Final = 1_000_000_000
_MATE_BOUND: Final = MATE - 10_000
_INFINITY: Final = MATE + 1
#: How many moves an interior node searches (the best by potential; threats come first).
WIDTH: Final = 10
#: How many fours in a row a quiet node past the search's depth may try (VCF at the leaves).
QUIESCENCE_FOURS: Final = 6
#: ... and how many of the mover's fours each such node tries.
QUIESCENCE_WIDTH: Final = 3
#: Nodes this close to the root (plies) look for a VCF of the side to move first: a win
#: by fours the depth alone might not reach, and below a root move and a reply, a quiet
#: threat of the opponent's that Sera's answers do not stop.
VCF_PLIES: Final = 3
#: How deep forced blocks may extend a line past its nominal depth.
_MAX_PLY: Final = 64
#: How many of the best root moves are checked against the opponent's VCT (all it searches).
_VCT_ROOT_MOVES: Final = 2 * WIDTH
#: Quiet threats ("threes") a VCT at the root may use, the mover's own and the opponent's.
VCT_THREES: Final = 2
#: Nodes each VCT check (the mover's, then the opponent's) may use without a time limit.
_VCT_NODES: Final = 20_000
#: Share of a timed search given to the proof search before alpha-beta starts.
_PROOF_SHARE: Final = 0.25
#: ... and at most this many seconds of it for the VCF and the mover's own VCT,
_PROOF_SECONDS: Final = 0.08
#: ... and this many more for the root moves the opponent's VCT refutes.
_VCT_SECONDS: Final = 0.12

#: Shares of its target time a search takes before it stops deepening: when the best move
#: has stayed for three depths and nothing threatens, in a quiet position otherwise, and
#: when the best move has just changed or the opponent has a proven threat (VCF or VCT).
STABLE_SHARE: Final = 0.3
_QUIET_SHARE: Final = 0.6
_CRITICAL_SHARE: Final = 1.0

_EXACT, _LOWER, _UPPER = 0, 1, 2


def _time_share(stable: int, threatened: bool) -> float:
    """The share of its target a search uses before it stops deepening (see ``search``)."""
    if stable == 0 or threatened:
        return _CRITICAL_SHARE
    return STABLE_SHARE if stable >= 2 else _QUIET_SHARE


class Outcome(enum.StrEnum):
    """A result from the side to move's point of view."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Proof:
    """A result proven exactly: the outcome for the side to move, in how many plies, and how.

    ``line`` is the proven line (the mover's move first); ``plies`` is its length,
    which the losing side cannot make longer within the proof. ``method`` names
    the proof: ``"rules"`` (a win in one, or two threats), ``"vcf"``, ``"vct"``
    or ``"solved"`` (an exhaustive search).
    """

    outcome: Outcome
    plies: int
    line: tuple[Cell, ...]
    method: str


@dataclass(frozen=True, slots=True)
class Progress:
    """What a search knows after a completed depth (or a proof)."""

    depth: int
    best: Cell
    pv: tuple[Cell, ...]
    #: Window evaluation from the side to move, or None when ``mate`` is set.
    score: int | None
    #: Plies to a win (positive) or a loss (negative) the search sees; exact only with ``proof``.
    mate: int | None
    nodes: int
    elapsed: float
    proof: Proof | None = None

    @property
    def nps(self) -> int:
        return int(self.nodes / self.elapsed) if self.elapsed > 0 else 0


@dataclass(frozen=True, slots=True)
class SearchResult:
    best: Cell
    pv: tuple[Cell, ...]
    score: int | None
    mate: int | None
    #: Completed alpha-beta depth (0 when the rules or a proof decided at once).
    depth: int
    nodes: int
    elapsed: float
    proof: Proof | None = None
    #: Root moves the proof search showed to lose (cells), dropped from the search.
    refuted: tuple[Cell, ...] = ()

    @property
    def exact(self) -> bool:
        return self.proof is not None

    @property
    def nps(self) -> int:
        return int(self.nodes / self.elapsed) if self.elapsed > 0 else 0


class TranspositionTable:
    """A fixed-size table of search results keyed by Zobrist hash (one slot per index).

    ``2 ** size_log2`` slots; each holds one tuple (key, depth, flag, score, move),
    about 120 bytes when filled, so the default 2**17 slots stay under 16 MB
    however long a game lasts. A newer entry replaces an older one of smaller or
    equal depth, or any entry from an earlier search.

    The compiled search keeps its entries in a C array of the same shape (32 bytes
    a slot), made the first time it searches with this table.
    """

    __slots__ = ("_mask", "_native", "_slots", "generation")

    def __init__(self, size_log2: int = 17) -> None:
        if not 4 <= size_log2 <= 24:
            raise ValueError(f"table size 2**{size_log2} is outside 2**4 .. 2**24")
        self._mask = (1 << size_log2) - 1
        self._slots: list[tuple[int, int, int, int, int, int] | None] = [None] * (1 << size_log2)
        self._native: Any = None
        self.generation = 0

    def __len__(self) -> int:
        return len(self._slots)

    def used(self) -> int:
        native_used = 0 if self._native is None else int(self._native.used())
        return native_used + sum(1 for slot in self._slots if slot is not None)

    def clear(self) -> None:
        self._slots = [None] * len(self._slots)
        if self._native is not None:
            self._native.clear()

    def native(self) -> Any:
        """The compiled search's slots (made on first use)."""
        if self._native is None:
            self._native = native.new_table(self._mask.bit_length())
        return self._native

    def get(self, key: int) -> tuple[int, int, int, int, int, int] | None:
        slot = self._slots[key & self._mask]
        return slot if slot is not None and slot[0] == key else None

    def put(self, key: int, depth: int, flag: int, score: int, move: int) -> None:
        index = key & self._mask
        slot = self._slots[index]
        if slot is None or slot[5] != self.generation or slot[0] == key or depth >= slot[1]:
            self._slots[index] = (key, depth, flag, score, move, self.generation)


ProgressCallback = Callable[[Progress], None]


def _to_table(score: int, ply: int) -> int:
    if score > _MATE_BOUND:
        return score + ply
    if score < -_MATE_BOUND:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score > _MATE_BOUND:
        return score - ply
    if score < -_MATE_BOUND:
        return score + ply
    return score


def _mate_plies(score: int) -> int | None:
    if score > _MATE_BOUND:
        return MATE - score
    if score < -_MATE_BOUND:
        return -(MATE + score)
    return None


class _AlphaBeta:
    def __init__(self, state: State, table: TranspositionTable, budget: Budget) -> None:
        self.state = state
        self.table = table
        self.budget = budget
        self.history = [0] * len(state.cells)
        self.threats = ThreatSearch(budget)
        #: Two moves per ply that last cut off a sibling (killer moves), newest first.
        self.killers = [[-1, -1] for _ in range(_MAX_PLY + 1)]

    def make(self, cell: int) -> None:
        self.state.make(cell)

    def unmake(self) -> None:
        self.state.unmake()

    def ordered(
        self, tt_move: int, width: int, ply: int = -1, *, answers_only: bool = True
    ) -> list[int]:
        """The moves a node searches: the table's move, then this ply's killer moves,
        then the best ``width`` cells by potential and history (and the mover's fours
        among the rest). ``ply`` -1 (the root) has no killers. Without ``answers_only``
        a threat of two wins at once keeps every cell (an analysis scores each move)."""
        state = self.state
        mover = state.to_move
        if state.wins[mover]:
            return list(state.wins[mover])
        their_wins = state.wins[3 - mover]
        if their_wins:
            return list(their_wins)
        mine = state.potential[mover]
        theirs = state.potential[3 - mover]
        mine_lines = state.pattern[mover]
        their_lines = state.pattern[3 - mover]
        history = self.history
        candidates: Iterable[int] = state.candidates
        # The opponent threatens two wins at once: only the cells that make a four for
        # either side can matter (a block, or a four of the mover's that must be answered).
        own_fours, their_fours = state.fours[mover], state.fours[3 - mover]
        forced = answers_only and state.double_threat(3 - mover)
        if forced:
            candidates = [c for c in candidates if c in own_fours or c in their_fours]
            if not candidates:
                forced = False
                candidates = state.candidates
        moves = sorted(
            candidates,
            key=lambda c: (
                -(3 * (mine[c] + mine_lines[c]) + 2 * (theirs[c] + their_lines[c]) + history[c])
            ),
        )
        if forced:
            width = len(moves)
        if len(moves) > width:
            fours = state.fours[mover]
            head = moves[:width]
            head.extend(c for c in moves[width:] if c in fours)
            moves = head
        if ply >= 0:
            for killer in reversed(self.killers[ply]):
                if (
                    killer >= 0
                    and killer != tt_move
                    and killer in state.candidates
                    and (not forced or killer in own_fours or killer in their_fours)
                ):
                    if killer in moves:
                        moves.remove(killer)
                    moves.insert(0, killer)
        if (
            tt_move >= 0
            and tt_move in state.candidates
            and (not forced or tt_move in own_fours or tt_move in their_fours)
        ):
            if tt_move in moves:
                moves.remove(tt_move)
            moves.insert(0, tt_move)
        return moves

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        state = self.state
        self.budget.tick()
        mover = state.to_move
        if state.wins[mover]:
            return MATE - ply - 1
        their_wins = state.wins[3 - mover]
        if len(their_wins) >= 2:
            return -(MATE - ply - 2)
        if state.empties == 0:
            return 0
        if their_wins:
            if ply >= _MAX_PLY:
                return state.score_for_mover()
            state.make(next(iter(their_wins)))
            try:
                return -self.negamax(depth, -beta, -alpha, ply + 1)
            finally:
                state.unmake()
        if ply >= _MAX_PLY:
            return state.score_for_mover()
        if depth <= 0:
            return self.quiesce(depth, alpha, beta, ply)
        if ply <= VCF_PLIES and state.fours[mover]:
            line = self.threats.vcf(state)
            if line is not None:
                return MATE - ply - len(line)
        key = state.hash
        entry = self.table.get(key)
        tt_move = -1
        if entry is not None:
            tt_move = entry[4]
            if entry[1] >= depth:
                score = _from_table(entry[3], ply)
                flag = entry[2]
                if (
                    flag == _EXACT
                    or (flag == _LOWER and score >= beta)
                    or (flag == _UPPER and score <= alpha)
                ):
                    return score
        original_alpha = alpha
        best = -_INFINITY
        best_move = -1
        first = True
        for cell in self.ordered(tt_move, WIDTH, ply):
            state.make(cell)
            try:
                if first:
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                else:
                    score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -self.negamax(depth - 1, -beta, -score, ply + 1)
            finally:
                state.unmake()
            first = False
            if score > best:
                best, best_move = score, cell
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.history[cell] += depth * depth
                        killers = self.killers[ply]
                        if killers[0] != cell:
                            killers[1] = killers[0]
                            killers[0] = cell
                        break
        flag = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
        self.table.put(key, depth, flag, _to_table(best, ply), best_move)
        return best

    def quiesce(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """A quiet node past the depth: its evaluation, or better by a four (a VCF at the
        leaves). The opponent must answer each four, so only the mover may stand pat;
        the best :data:`QUIESCENCE_WIDTH` fours are tried (those that make two fours at
        once first, then by the ordering key), at most
        :data:`QUIESCENCE_FOURS` in a row."""
        state = self.state
        if not state.fours[3 - state.to_move] and state.double_threat(state.to_move):
            return MATE - ply - 3  # two wins at once the opponent, with no four, cannot stop
        best = state.score_for_mover()
        fours = state.fours[state.to_move]
        if best >= beta or depth <= -QUIESCENCE_FOURS or not fours:
            return best
        alpha = max(alpha, best)
        mine = state.potential[state.to_move]
        theirs = state.potential[3 - state.to_move]
        mine_lines = state.pattern[state.to_move]
        their_lines = state.pattern[3 - state.to_move]
        history = self.history
        ordered = sorted(
            fours,
            key=lambda c: (
                fours[c] < 2,
                -(3 * (mine[c] + mine_lines[c]) + 2 * (theirs[c] + their_lines[c]) + history[c]),
            ),
        )
        for cell in ordered[:QUIESCENCE_WIDTH]:
            state.make(cell)
            try:
                score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            finally:
                state.unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def principal_variation(self, first: int, depth: int) -> list[int]:
        state = self.state
        line = [first]
        state.make(first)
        made = 1
        try:
            while len(line) < depth + 8 and not state.is_over:
                mover = state.to_move
                if state.wins[mover]:
                    line.append(next(iter(state.wins[mover])))
                    break
                their = state.wins[3 - mover]
                if their:
                    cell = next(iter(their))
                else:
                    entry = self.table.get(state.hash)
                    if entry is None or entry[4] < 0 or state.cells[entry[4]] != 0:
                        break
                    cell = entry[4]
                line.append(cell)
                state.make(cell)
                made += 1
        finally:
            for _ in range(made):
                state.unmake()
        return line


def search(
    rows: int,
    cols: int,
    k: int,
    x_mask: int,
    o_mask: int,
    limit: Limit,
    *,
    cancel: threading.Event | None = None,
    on_progress: ProgressCallback | None = None,
    table: TranspositionTable | None = None,
    proofs: bool = True,
    blocked: int = 0,
    to_move: int | None = None,
    compiled: bool | None = None,
    target: float | None = None,
    patterns: bool = False,
) -> SearchResult:
    """The best move for the side to move, found within ``limit``. See the module docstring.

    Without a time, depth or node limit it deepens until a result is certain
    (a proof or a mate the search sees) or the board is full; give a limit.
    ``proofs=False`` skips the threat-space proofs (for comparisons).
    ``blocked`` and ``to_move`` are :class:`~tictactoe_gui.engine.mnk.state.State`'s.
    ``compiled`` picks the alpha-beta and threat-space searches: the compiled core
    (True; an error when it cannot take the position), the pure-Python reference
    (False), or the compiled one whenever it can (None). Both find the same result.

    ``patterns=True`` adds the line patterns of five in a row (:mod:`.patterns`) to the
    evaluation and the move ordering: measured against PentaZen and Rapfi they did not
    make Sera stronger yet (tests/benchmarks/README.md), so they are off by default.

    ``target`` (seconds) is the time the search aims to take when the limit's time is a
    ceiling above it: after a completed depth it stops once it has used a share of the
    target, less when the best move has stayed the same for three depths and nothing
    threatens (:data:`STABLE_SHARE`), all of it when the best move has just changed or the
    opponent has a threat the proofs found (VCF or VCT), more only up to the limit.
    """
    state = State(
        rows, cols, k, x_mask, o_mask, blocked=blocked, to_move=to_move, patterns=patterns
    )
    if state.is_over:
        raise ValueError("the game is over: there is no move to search")
    budget = Budget(limit, cancel)
    table = table if table is not None else TranspositionTable()
    table.generation += 1
    cols_ = state.cols

    def cell(index: int) -> Cell:
        return divmod(index, cols_)

    def finish(
        best: int,
        pv: list[int],
        score: int | None,
        mate: int | None,
        depth: int,
        proof: Proof | None,
        refuted: tuple[Cell, ...] = (),
    ) -> SearchResult:
        result = SearchResult(
            cell(best),
            tuple(cell(c) for c in pv),
            score,
            mate,
            depth,
            budget.nodes,
            budget.elapsed(),
            proof,
            refuted,
        )
        if on_progress is not None:
            on_progress(
                Progress(
                    depth,
                    result.best,
                    result.pv,
                    score,
                    mate,
                    result.nodes,
                    result.elapsed,
                    proof,
                )
            )
        return result

    mover = state.to_move
    opponent = 3 - mover
    if state.wins[mover]:
        win = next(iter(state.wins[mover]))
        proof = Proof(Outcome.WIN, 1, (cell(win),), "rules")
        return finish(win, [win], None, 1, 0, proof)
    if len(state.wins[opponent]) >= 2:
        blocks = list(state.wins[opponent])
        proof = Proof(Outcome.LOSS, 2, (cell(blocks[0]), cell(blocks[1])), "rules")
        return finish(blocks[0], blocks[:2], None, -2, 0, proof)
    if not state.candidates:
        centre = state.geo.centre
        return finish(centre, [centre], state.score_for_mover(), None, 0, None)

    if compiled is None:
        compiled = native.supports(state)
    elif compiled and not native.supports(state):
        raise RuntimeError(
            "the compiled search cannot take this position: "
            + (native.UNAVAILABLE or f"k = {k} is too long for 64-bit scores")
        )
    allowed: list[int] | None = None
    refuted: list[int] = []
    if proofs:
        proof_budget = Budget(limit, cancel, budget.started)
        proof_budget.deadline = budget.sub_deadline(_PROOF_SHARE)
        if proof_budget.deadline is not None:
            # The first depth is reported soon, so a viewer has an answer at once.
            proof_budget.deadline = min(proof_budget.deadline, budget.started + _PROOF_SECONDS)
        if limit.nodes is not None:
            proof_budget.max_nodes = max(1, int(limit.nodes * _PROOF_SHARE))
        # Without a limit of time or nodes, each VCT check gets a number of nodes.
        unbounded = proof_budget.max_nodes is None and proof_budget.deadline is None
        threats: ThreatSearch | native.NativeThreatSearch = (
            native.NativeThreatSearch(proof_budget) if compiled else ThreatSearch(proof_budget)
        )
        # The proofs work on a position of their own: the Python search's moves and takebacks
        # reorder a State's set of candidates, which the alpha-beta search's ties follow, and
        # the compiled one leaves the position it is given as it was.
        proof_state = State(rows, cols, k, x_mask, o_mask, blocked=blocked, to_move=to_move)
        try:
            line = threats.vcf(proof_state)
            if line is not None:
                budget.nodes += proof_budget.nodes
                proof = Proof(Outcome.WIN, len(line), tuple(cell(c) for c in line), "vcf")
                return finish(line[0], line, None, len(line), 0, proof)
            if not state.wins[opponent]:
                allowed, refuted = threats.defences(proof_state)
            if allowed is not None and not allowed:
                loss = threats.prove_loss(proof_state)
                if loss is not None:
                    budget.nodes += proof_budget.nodes
                    proof = Proof(Outcome.LOSS, len(loss), tuple(cell(c) for c in loss), "vcf")
                    return finish(loss[0], loss, None, -len(loss), 0, proof)
                allowed = None
            if not state.wins[opponent]:
                # A win by quiet threats (VCT): a three, say, after which every defence
                # that could matter loses to a VCF (or, with more threes, to another VCT).
                if unbounded:
                    proof_budget.max_nodes = proof_budget.nodes + _VCT_NODES
                line = threats.prove_win(proof_state, VCT_THREES)
                if line is not None:
                    budget.nodes += proof_budget.nodes
                    proof = Proof(Outcome.WIN, len(line), tuple(cell(c) for c in line), "vct")
                    return finish(line[0], line, None, len(line), 0, proof)
        except SearchStopped:
            pass  # no proof in the time given: the alpha-beta search decides
        budget.nodes += proof_budget.nodes

    searcher = _AlphaBeta(state, table, budget)
    root_moves = searcher.ordered(-1, 10_000)
    if allowed is not None:
        allowed_set = set(allowed)
        root_moves = [c for c in root_moves if c in allowed_set] + [
            c for c in allowed if c not in root_moves
        ]
    if not root_moves:
        root_moves = searcher.ordered(-1, 10_000)
    root_moves = root_moves[: max(WIDTH * 2, len(state.wins[opponent]))]
    if proofs and allowed is None and not state.wins[opponent]:
        # A quiet threat of the opponent's (VCT): drop the moves shown to lose to one.
        before = proof_budget.nodes
        if unbounded:
            proof_budget.max_nodes = before + _VCT_NODES
        if proof_budget.deadline is not None:
            proof_budget.deadline = min(
                budget.sub_deadline(_PROOF_SHARE) or 0.0, time.perf_counter() + _VCT_SECONDS
            )
        lost = threats.vct_refuted(proof_state, root_moves[:_VCT_ROOT_MOVES], VCT_THREES)
        budget.nodes += proof_budget.nodes - before
        if lost and len(lost) < len(root_moves):
            root_moves = [c for c in root_moves if c not in lost]
            refuted.extend(lost)
    engine: _AlphaBeta | native.NativeAlphaBeta = searcher
    if compiled:
        engine = native.NativeAlphaBeta(state, table.native(), table.generation, WIDTH, budget)
    best_move = root_moves[0]
    best_score: int | None = None
    completed = 0
    pv: list[int] = [best_move]
    max_depth = limit.depth if limit.depth is not None else state.empties
    refuted_cells = tuple(cell(c) for c in refuted)
    depth = 0
    stable = 0  # completed depths since the best move last changed
    previous_best = -1
    threatened = allowed is not None or bool(refuted)
    try:
        for depth in range(1, max_depth + 1):
            budget.check()
            scores: dict[int, int] = {}
            alpha = -_INFINITY
            beta = _INFINITY
            iteration_best = -1
            for index, move in enumerate(root_moves):
                engine.make(move)
                try:
                    if index == 0:
                        score = -engine.negamax(depth - 1, -beta, -alpha, 1)
                    else:
                        score = -engine.negamax(depth - 1, -alpha - 1, -alpha, 1)
                        if score > alpha:
                            score = -engine.negamax(depth - 1, -beta, -score, 1)
                finally:
                    engine.unmake()
                scores[move] = score
                if score > alpha:
                    alpha = score
                    iteration_best = move
                    best_move, best_score = move, score
            completed = depth
            root_moves.sort(key=lambda c: -scores.get(c, -_INFINITY))
            best_move = iteration_best if iteration_best >= 0 else root_moves[0]
            best_score = scores[best_move]
            pv = engine.principal_variation(best_move, depth)
            mate = _mate_plies(best_score)
            if on_progress is not None:
                on_progress(
                    Progress(
                        depth,
                        cell(best_move),
                        tuple(cell(c) for c in pv),
                        None if mate is not None else best_score,
                        mate,
                        budget.nodes,
                        budget.elapsed(),
                    )
                )
            if mate is not None and abs(mate) <= depth:
                break
            if len(root_moves) == 1 and depth >= 2:
                break
            stable = stable + 1 if best_move == previous_best else 0
            previous_best = best_move
            if target is not None and budget.elapsed() >= target * _time_share(stable, threatened):
                break
    except SearchStopped:
        if completed == 0 and best_score is None:
            best_move = root_moves[0]
        pv = [best_move] if not pv or pv[0] != best_move else pv
    mate = None if best_score is None else _mate_plies(best_score)
    final_score = None if mate is not None else best_score
    return SearchResult(
        cell(best_move),
        tuple(cell(c) for c in pv),
        final_score,
        mate,
        completed,
        budget.nodes,
        budget.elapsed(),
        None,
        refuted_cells,
    )
