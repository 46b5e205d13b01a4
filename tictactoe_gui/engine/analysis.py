"""What the engine thinks of a position, as one frozen value everyone else reads.

:func:`analyse` scores every legal move and packs the result into an
:class:`Analysis`: candidates best first, the predicted outcome with best
play, the principal variation and the search statistics. The GUI, the
command line and the personas all read this value.

An analysis is either **exact** (the game was solved from this position:
every candidate's outcome and distance are proven) or an **estimate** (the
game is too big to solve here: candidates carry an evaluation from a
depth-limited search, and nothing is claimed as certain). ``Analysis.exact``
says which, and every reader shows it.
"""

from __future__ import annotations

import enum
import math
import threading
import time
from dataclasses import dataclass, replace
from typing import Final

from tictactoe_gui.engine.board import Board, Mark, Move
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.reading import (
    MUCH_BETTER as MUCH_BETTER,
    ROUGHLY_EQUAL as ROUGHLY_EQUAL,
    Analysis as Analysis,
    Candidate as Candidate,
    MoveOutcome as MoveOutcome,
    Prediction as Prediction,
    outcome_of_score as outcome_of_score,
    win_score as win_score,
)
from tictactoe_gui.engine.search import (
    INFINITY,
    Algorithm,
    NodeLimitReached,
    ProgressCallback,
    SearchCancelled,
    Searcher,
    SearchProgress,
    TranspositionTable,
    rules_for,
)

#: Boards this small are always solved exactly (every position of 4x4 included).
EXACT_CELLS: Final = 16
#: Any position with at most this many empty cells is solved exactly, on any board.
EXACT_EMPTIES: Final = 12
#: Boards up to this many cells are tried exactly within :data:`EXACT_NODE_BUDGET`.
TRY_EXACT_CELLS: Final = 25
#: The node budget of an exact try on a board too big to be sure of (5x5 and the like).
EXACT_NODE_BUDGET: Final = 400_000
#: With a time limit, the share of it the exact try may use before the estimate and proof.
EXACT_TRY_SHARE: Final = 0.3
#: Boards up to this many cells (6x6) that the exact try cannot finish are given to
#: proof-number search, which proves the position's value without scoring every move.
PROOF_CELLS: Final = 36


def solvable(board: Board) -> bool:
    """Whether :func:`analyse` solves ``board`` exactly for sure (no node budget needed)."""
    return board.cells <= EXACT_CELLS or board.empties <= EXACT_EMPTIES


def analyse(
    board: Board,
    algorithm: Algorithm = Algorithm.TABLE,
    *,
    table: TranspositionTable | None = None,
    cancel: threading.Event | None = None,
    progress: ProgressCallback | None = None,
    limit: Limit | None = None,
) -> Analysis:
    """Score every legal move of ``board``: exactly where the game can be solved.

    ``limit`` is the engine's one :class:`~tictactoe_gui.engine.limits.Limit`
    (as python-chess's ``engine.Limit``): its ``time`` in seconds for the whole
    analysis, its ``depth`` for the estimate, its ``nodes`` for the exact try
    (default :data:`EXACT_NODE_BUDGET`), its ``proof_time`` for the proof search.

    Boards of up to 16 cells and positions with at most 12 empty cells are
    always solved. Boards of up to 25 cells (5x5) are tried exactly within
    ``limit.nodes`` nodes (with ``limit.time``, also within
    :data:`EXACT_TRY_SHARE` of it) and estimated if the budget
    runs out. Other positions are estimated by a depth-limited search
    (``limit.depth`` plies, a default per board size; with ``limit.time``
    seconds it deepens while time remains), then handed to a proof search
    for ``limit.proof_time`` seconds (default: a share of ``limit.time``, or
    :data:`PROOF_SECONDS`): proof-number search on boards of up to
    :data:`PROOF_CELLS` cells, which settles the value (win, loss or draw),
    and a threat-space search on bigger ones, which can prove a forced win.
    What it proves makes the prediction exact.

    ``table`` lets repeated analyses share what they learned (only the TABLE
    algorithm uses it). Setting ``cancel`` makes the search raise
    :class:`~tictactoe_gui.engine.search.SearchCancelled` promptly;
    ``progress`` is called every few thousand nodes and after each root move.
    """
    started = time.perf_counter()
    limit = limit or Limit()
    time_limit = limit.time
    exact_node_budget = EXACT_NODE_BUDGET if limit.nodes is None else limit.nodes
    mover = board.to_move
    outcome = board.outcome
    if outcome is not None:
        prediction = Prediction(outcome.winner, 0, final=True, mover=mover)
        return Analysis(board, mover, (), prediction, (), 1, 0, 0.0, algorithm)
    if solvable(board):
        return _exact(board, algorithm, table, cancel, progress, None, started)
    tried = 0  # the nodes of an exact try that ran out, which count in the analysis too
    if board.cells <= TRY_EXACT_CELLS:
        deadline = None if time_limit is None else started + time_limit * EXACT_TRY_SHARE
        try:
            return _exact(
                board, algorithm, table, cancel, progress, exact_node_budget, started, deadline
            )
        except NodeLimitReached as ran_out:
            tried = ran_out.nodes
    analysis = _estimate_with_proofs(
        board, limit.depth, time_limit, limit.proof_time, cancel, progress, started
    )
    return replace(analysis, nodes=analysis.nodes + tried) if tried else analysis


#: Of an analysis's time on a big board, the share the threat-space proof search gets.
PROOF_SHARE: Final = 0.3
#: Of an analysis's time on a board of up to PROOF_CELLS cells, the proof-number search's share
#: (the estimate of so small a board is quick, and the proof is what tells the most).
SMALL_PROOF_SHARE: Final = 0.8
#: The proof search's time when the analysis has no time limit.
PROOF_SECONDS: Final = 0.3


def _estimate_with_proofs(
    board: Board,
    depth: int | None,
    time_limit: float | None,
    proof_time: float | None,
    cancel: threading.Event | None,
    progress: ProgressCallback | None,
    started: float,
) -> Analysis:
    """An estimate of every promising move, made exact where a proof settles the position.

    On a small board proof-number search settles the value itself (a win,
    a loss or a draw, see :func:`_solved_by_proof`). On a big board the
    engine (:mod:`tictactoe_gui.engine.mnk`) looks for a forced win of
    either side (victory by continuous fours or threats). A proof makes the
    prediction exact ("X wins in 7 plies", with the proven line); without one
    the analysis stays an estimate and says so.
    """
    # Imported here: 3x3 never needs the big-board engine, and starts faster without it.
    from tictactoe_gui.engine.estimate import estimate
    from tictactoe_gui.engine.mnk.limits import Limit, SearchStopped
    from tictactoe_gui.engine.mnk.search import Outcome, search

    small = board.cells <= PROOF_CELLS
    share = SMALL_PROOF_SHARE if small else PROOF_SHARE
    if time_limit is None:
        estimate_time, proof_share = None, PROOF_SECONDS
    else:
        # What an exact try that ran out has spent is gone; the rest is shared.
        spent = time.perf_counter() - started
        left = max(0.0, time_limit - spent)
        estimate_time, proof_share = spent + left * (1 - share), left * share
    if proof_time is None:
        proof_time = proof_share
    analysis = estimate(
        board,
        depth=depth,
        time_limit=estimate_time,
        cancel=cancel,
        progress=progress,
        started=started,
    )
    if analysis.exact:
        return analysis  # a win on the next move: nothing to prove
    if small:
        return _solved_by_proof(board, analysis, proof_time, cancel, progress, started)
    variant = board.variant
    try:
        result = search(
            variant.rows,
            variant.cols,
            variant.k,
            board.x,
            board.o,
            Limit(time=proof_time),
            cancel=cancel,
        )
    except SearchStopped as stopped:
        if cancel is not None and cancel.is_set():
            raise SearchCancelled from None
        return _unproven(analysis, stopped.nodes, started)
    if cancel is not None and cancel.is_set():
        raise SearchCancelled
    proof = result.proof
    if proof is None or proof.outcome is Outcome.DRAW or not proof.line:
        return _unproven(analysis, result.nodes, started)
    line = tuple(Move(*cell) for cell in proof.line)
    return with_proof(analysis, proof.outcome is Outcome.WIN, line, result.nodes, started)


def with_proof(
    analysis: Analysis,
    mover_wins: bool,
    line: tuple[Move, ...],
    proof_nodes: int = 0,
    started: float | None = None,
) -> Analysis:
    """``analysis`` made exact by a proof that the side to move wins (``mover_wins``) or
    loses, along ``line`` (the mover's move first; its length is the plies to the end).

    The proof's first move becomes the best candidate, proven, so that the best move and
    the expected line agree; the other candidates keep their estimates. Used for the
    analysis's own proof search, and for a proof a persona's search found in the same
    position (so the dock says what the persona knows).
    """
    board = analysis.board
    plies = len(line)
    mover = board.to_move
    if mover_wins:
        winner = mover
        score = win_score(board.cells) + 1 - plies
        proven = Candidate(line[0], score, MoveOutcome.WIN, plies)
    else:
        # Every move loses; the proof's line starts with a defence it refuted, shown as the
        # best move, so that the best move and the expected line agree.
        winner = mover.other
        score = plies - win_score(board.cells) - 1
        proven = Candidate(line[0], score, MoveOutcome.LOSS, plies)
    candidates = (proven, *(c for c in analysis.candidates if c.move != line[0]))
    if started is None:
        started = time.perf_counter() - analysis.elapsed
    return _proven(analysis, candidates, winner, plies, line, proof_nodes, started)


def _proven(
    analysis: Analysis,
    candidates: tuple[Candidate, ...],
    winner: Mark | None,
    plies: int | None,
    line: tuple[Move, ...],
    proof_nodes: int,
    started: float,
) -> Analysis:
    """``analysis`` made exact by a proof: its prediction, its line and the nodes it took."""
    return Analysis(
        analysis.board,
        analysis.to_move,
        candidates,
        Prediction(winner, plies, mover=analysis.to_move),
        line,
        analysis.nodes + proof_nodes,
        max(analysis.max_depth, len(line)),
        time.perf_counter() - started,
        analysis.algorithm,
        exact=True,
        depth=analysis.depth,
    )


def _unproven(analysis: Analysis, proof_nodes: int, started: float) -> Analysis:
    """The estimate as it stands, counting the proof search's nodes and time, which found none."""
    return replace(
        analysis,
        nodes=analysis.nodes + proof_nodes,
        elapsed=time.perf_counter() - started,
    )


def _solved_by_proof(
    board: Board,
    analysis: Analysis,
    seconds: float,
    cancel: threading.Event | None,
    progress: ProgressCallback | None,
    started: float,
) -> Analysis:
    """``analysis`` made exact by solving the position within ``seconds`` (unchanged but
    for the nodes and time spent, if time runs out).

    The solver (:func:`~tictactoe_gui.engine.mnk.solve.solve`) proves the
    value, the best move and the line, and the distance when it has time for
    it; the other candidates keep their estimates (marked as such).
    """
    from tictactoe_gui.engine.mnk.limits import Limit, SearchStopped
    from tictactoe_gui.engine.mnk.search import Outcome
    from tictactoe_gui.engine.mnk.solve import solve

    def counting(nodes: int) -> None:
        assert progress is not None
        progress(
            SearchProgress(analysis.nodes + nodes, 0, 0, elapsed=time.perf_counter() - started)
        )

    variant = board.variant
    try:
        solution = solve(
            variant.rows,
            variant.cols,
            variant.k,
            board.x,
            board.o,
            limit=Limit(time=seconds),
            cancel=cancel,
            on_nodes=None if progress is None else counting,
        )
    except SearchStopped as stopped:
        if cancel is not None and cancel.is_set():
            raise SearchCancelled from None
        return _unproven(analysis, stopped.nodes, started)
    if not solution.line:
        # Proven, but the time ran out before even the first move of the line was read:
        # no move can be marked as the one that keeps the value.
        return _unproven(analysis, solution.nodes, started)
    mover = board.to_move
    line = tuple(Move(*cell) for cell in solution.line)
    plies = solution.plies
    # A win whose distance is unknown is ranked as the slowest one the board allows.
    slowest = win_score(board.cells) + 1 - (plies if plies is not None else board.empties)
    if solution.outcome is Outcome.DRAW:
        winner, outcome, score = None, MoveOutcome.DRAW, 0
    elif solution.outcome is Outcome.WIN:
        winner, outcome, score = mover, MoveOutcome.WIN, slowest
    else:
        winner, outcome, score = mover.other, MoveOutcome.LOSS, -slowest
    proven = Candidate(line[0], score, outcome, plies)
    candidates = (proven, *(c for c in analysis.candidates if c.move != line[0]))
    return _proven(analysis, candidates, winner, plies, line, solution.nodes, started)


def exact_analysis(
    board: Board,
    algorithm: Algorithm = Algorithm.TABLE,
    *,
    table: TranspositionTable | None = None,
    node_limit: int | None = None,
) -> Analysis:
    """Solve ``board`` exactly whatever its size; :class:`NodeLimitReached` past ``node_limit``."""
    if board.is_over:
        return analyse(board, algorithm)
    return _exact(board, algorithm, table, None, None, node_limit, time.perf_counter())


def _exact(
    board: Board,
    algorithm: Algorithm,
    table: TranspositionTable | None,
    cancel: threading.Event | None,
    progress: ProgressCallback | None,
    node_limit: int | None,
    started: float,
    deadline: float | None = None,
) -> Analysis:
    variant = board.variant
    rules = rules_for(variant.rows, variant.cols, variant.k)
    mover = board.to_move
    searcher = Searcher(
        algorithm,
        rules=rules,
        table=table,
        cancel=cancel,
        progress=progress,
        node_limit=node_limit,
        deadline=deadline,
    )
    me, opp = board.marks(mover), board.marks(mover.other)
    moves = board.legal_moves()
    searcher.root_moves_total = len(moves)
    searcher.nodes = 1  # the root itself
    scored: list[Candidate] = []
    for move in moves:
        score = searcher.move_score(me, opp, board.index(move))
        result, plies = outcome_of_score(score, board.empties, board.cells)
        scored.append(Candidate(move, score, result, plies))
        searcher.root_moves_done += 1
        if cancel is not None and cancel.is_set():
            raise SearchCancelled
        if progress is not None:
            progress(SearchProgress(searcher.nodes, searcher.root_moves_done, len(moves)))
    # sorted() is stable, so equal scores keep row-major order.
    candidates = tuple(sorted(scored, key=lambda c: -c.score))
    best = candidates[0]
    winner = None if best.outcome is MoveOutcome.DRAW else mover
    if best.outcome is MoveOutcome.LOSS:
        winner = mover.other
    prediction = Prediction(winner, best.plies_to_end, mover=mover)
    line = principal_variation(
        board, searcher.table if algorithm is Algorithm.TABLE else None, value=best.score
    )
    elapsed = time.perf_counter() - started
    return Analysis(
        board,
        mover,
        candidates,
        prediction,
        line,
        searcher.nodes,
        searcher.max_depth,
        elapsed,
        algorithm,
    )


def principal_variation(
    board: Board, table: TranspositionTable | None = None, value: int | None = None
) -> tuple[Move, ...]:
    """The expected line: at each step the first best move in row-major order, to the end.

    ``value`` is the position's exact value for its mover, if already known.
    The line is read with alpha-beta and a table, testing each move only for
    "does it keep the value?" (a null window), so it costs a few hundred nodes
    at most and does not count toward an analysis's nodes. Lines already read
    are kept in the table.
    """
    variant = board.variant
    rules = rules_for(variant.rows, variant.cols, variant.k)
    if table is None:
        table = _THREAD_TABLES.table_for(rules)
    table.bind(rules)
    known = table.lines.get((board.x, board.o))
    if known is not None:
        return tuple(board.move_at(i) for i in known)
    searcher = Searcher(Algorithm.TABLE, rules=rules, table=table)
    start = board
    line: list[Move] = []
    while not board.is_over:
        mover = board.to_move
        me, opp = board.marks(mover), board.marks(mover.other)
        best_move, best_score = None, -INFINITY
        for move in board.legal_moves():
            index = board.index(move)
            if value is None:
                score = searcher.move_score(me, opp, index)
            else:
                # Only "does this move reach the known value?" matters: a null window.
                score = searcher.move_score(me, opp, index, 1, value - 1, value)
                if score >= value:
                    best_move, best_score = move, value
                    break
            if score > best_score:
                best_move, best_score = move, score
        assert best_move is not None
        line.append(best_move)
        board = board.play(best_move)
        value = position_value_after(best_score)
    table.lines[(start.x, start.o)] = tuple(start.index(m) for m in line)
    return tuple(line)


def position_value_after(score: int) -> int:
    """The value of the child position for its mover, given the score of the move into it."""
    if score > 0:
        return -(score + 1)
    if score < 0:
        return 1 - score
    return 0


# Shared tables for reading principal variations. Values in them are facts about
# positions (they never go stale), so sharing them per process is safe; each
# thread gets its own so no dict is written from two threads at once.
class _ThreadTables(threading.local):
    def __init__(self) -> None:
        self.tables: dict[int, TranspositionTable] = {}

    def table_for(self, rules: object) -> TranspositionTable:
        key = id(rules)
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = TranspositionTable()
        return table


_THREAD_TABLES = _ThreadTables()


class Verdict(enum.StrEnum):
    """A coach's word on a move, judged against the analysis of the position before it."""

    BEST = "best"
    #: Not the top score, but the predicted outcome for the mover is unchanged.
    GOOD = "good"
    #: The predicted outcome got worse for the mover (a win let go to a draw).
    MISTAKE = "mistake"
    #: A win or a draw turned into a loss.
    BLUNDER = "blunder"


@dataclass(frozen=True, slots=True)
class Proven:
    """A position's proven result with best play: ``winner`` wins (None: a draw)."""

    winner: Mark | None


def proven_result(analysis: Analysis) -> Proven | None:
    """What ``analysis`` proves about its position's result (None when it proves nothing)."""
    if not analysis.exact or not analysis.prediction.exact:
        return None
    return Proven(analysis.prediction.winner)


@dataclass(frozen=True, slots=True)
class Judgement:
    """A verdict on a move, and whether it rests on proven results or on the estimate."""

    verdict: Verdict
    #: True when the verdict compares estimates (it is then said "by the estimate").
    by_estimate: bool = False
    #: By the estimate: the winning chance the move gave away (0 to 1), else None.
    chance_lost: float | None = None


#: The logistic scale of an estimate, in windows one mark short of a line (see
#: :func:`winning_chance`): one such window ahead is a 66 % chance, two 79 %.
CHANCE_SCALE: Final = 1.5
#: By the estimate, a move that gives away this much winning chance is a mistake, and
#: from :data:`BLUNDER_CHANCE` on a blunder (as chess sites grade by win percentage).
MISTAKE_CHANCE: Final = 0.10
BLUNDER_CHANCE: Final = 0.25


def winning_chance(evaluation: int, k: int) -> float:
    """An estimate's evaluation for the mover as a chance of winning, from 0 to 1.

    The evaluation (:mod:`tictactoe_gui.engine.estimate`) sums windows of k
    cells held by one side only, in units where a window one mark short of a
    line, a threat the other side must answer, is worth ``10 ** (k - 2)``. The
    chance is the logistic ``1 / (1 + exp(-e / s))`` with
    ``s`` = :data:`CHANCE_SCALE` threats: level is 50 %, one threat's worth
    ahead 66 %, two 79 %, three 88 %; a win seen by the search (a million or
    more) is 100 % for all purposes. Chess sites turn centipawns into a
    winning percentage the same way.

    The scale is fitted to games: over every position of 32 games of Sera and
    Cop (16 of four in a row, 16 of gomoku, a few random moves mixed in), the
    estimate's depth-2 evaluation against who won fits best (maximum
    likelihood) at 1.5 to 2 threats; 1 (one threat 73 %) or less fits clearly
    worse. The evaluation says little near level (the side to move at about
    zero won only a third of the time), so the curve is kept gentle.
    """
    scale = CHANCE_SCALE * 10 ** max(0, k - 2)
    exponent = -evaluation / scale
    if exponent > 700:  # exp() would overflow: the chance is nil
        return 0.0
    return 1.0 / (1.0 + math.exp(exponent))


def _chance_of(candidate: Candidate, k: int) -> float:
    if candidate.outcome is MoveOutcome.WIN:
        return 1.0
    if candidate.outcome is MoveOutcome.LOSS:
        return 0.0
    if candidate.outcome is MoveOutcome.DRAW:
        return 0.5
    return winning_chance(candidate.score, k)


def judge(
    before: Analysis,
    move: Move,
    after: Analysis | None = None,
    *,
    known_before: Proven | None = None,
    known_after: Proven | None = None,
) -> Judgement | None:
    """How good ``move`` was in the position ``before`` analysed; None when nothing tells.

    What is proven decides first. Against an analysis that proves every
    move's result (3x3, small boards) the verdict is exact, as before. Else
    the proven results of the positions before and after the move (from the
    analyses, or ``known_before``/``known_after`` where the game proved them
    later) decide: a move after which a forced loss is proven is a blunder,
    unless the loss was already proven before it. Where only estimates exist,
    the verdict grades the winning chance the move gave away
    (:func:`winning_chance`): the move's own estimate, or else the estimate
    of the position after it (``after``, seen from the other side). A move
    nothing is known about is left unjudged (None), never an error.
    """
    if not before.candidates:
        return None
    mover = before.to_move
    best = before.candidates[0]
    played = next((c for c in before.candidates if c.move == move), None)
    if played is not None and played.exact and best.exact and before.exact:
        return Judgement(_exact_verdict(played, best))
    if known_before is None:
        known_before = proven_result(before)
    if known_after is None and played is not None and played.outcome is not None:
        known_after = Proven(_winner_of(played.outcome, mover))
    if known_after is None and after is not None:
        known_after = proven_result(after)
    listed_best = played is not None and played.move in before.best_moves
    if known_after is not None:
        verdict = _proven_verdict(mover, known_before, known_after, listed_best)
        return Judgement(verdict)
    if known_before is not None and known_before.winner is mover.other:
        # Lost already, whatever was played: the outcome is unchanged.
        return Judgement(Verdict.BEST if listed_best else Verdict.GOOD)
    k = before.board.variant.k
    if played is not None:
        played_chance = _chance_of(played, k)
    elif after is not None and after.evaluation is not None:
        played_chance = 1.0 - winning_chance(after.evaluation, k)
    else:
        return None
    return judge_by_chance(max(0.0, _chance_of(best, k) - played_chance), listed_best)


def judge_by_chance(lost: float, listed_best: bool) -> Judgement:
    """The verdict on a move judged by the estimate, in any game: best where the analysis
    lists it among the best, else graded by the winning chance it gave away."""
    if listed_best:
        verdict = Verdict.BEST
    elif lost >= BLUNDER_CHANCE:
        verdict = Verdict.BLUNDER
    elif lost >= MISTAKE_CHANCE:
        verdict = Verdict.MISTAKE
    else:
        verdict = Verdict.GOOD
    return Judgement(verdict, by_estimate=True, chance_lost=lost)


def _winner_of(outcome: MoveOutcome, mover: Mark) -> Mark | None:
    if outcome is MoveOutcome.WIN:
        return mover
    if outcome is MoveOutcome.LOSS:
        return mover.other
    return None


def _exact_verdict(played: Candidate, best: Candidate) -> Verdict:
    """The verdict when both the move's result and the best move's are proven."""
    if played.score == best.score:
        return Verdict.BEST
    if played.outcome is best.outcome:
        return Verdict.GOOD
    if played.outcome is MoveOutcome.LOSS:
        return Verdict.BLUNDER
    return Verdict.MISTAKE


def _proven_verdict(
    mover: Mark, before: Proven | None, after: Proven, listed_best: bool
) -> Verdict:
    """The verdict when the result after the move is proven (and perhaps the one before)."""
    kept = Verdict.BEST if listed_best else Verdict.GOOD
    if after.winner is mover.other:
        if before is not None and before.winner is mover.other:
            return kept  # it was lost already
        return Verdict.BLUNDER
    if after.winner is None and before is not None and before.winner is mover:
        return Verdict.MISTAKE  # a proven win let go to a draw
    return kept


def judge_by_proof(
    mover: Mark, known_before: Proven | None, known_after: Proven | None
) -> Judgement | None:
    """A verdict from proven results alone, where no analysis lists the move (None: none)."""
    if known_after is not None:
        return Judgement(_proven_verdict(mover, known_before, known_after, listed_best=False))
    if known_before is not None and known_before.winner is mover.other:
        return Judgement(Verdict.GOOD)
    return None


def judge_move(before: Analysis, move: Move, after: Analysis | None = None) -> Verdict | None:
    """The verdict of :func:`judge` alone (None when nothing tells how good the move was)."""
    judgement = judge(before, move, after)
    return None if judgement is None else judgement.verdict
