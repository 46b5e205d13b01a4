"""The analysis in words and numbers: cells, lines, evaluations, depths, durations.

What the dock's sections show, as plain functions of an analysis (no widgets), so
each section and its tests read the same words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tictactoe_gui.engine import Algorithm, Analysis, Board, Candidate, Mark, Move, MoveOutcome
from tictactoe_gui.engine.reading import WIN_VALUE

if TYPE_CHECKING:
    from tictactoe_gui.gui.engine_worker import EngineResult

#: Who the prediction belongs to: the engine's full search, whoever is playing.
ENGINE_NAME = "Sera's search"
#: An estimate's bar stops this far short of either end: only a proof fills it.
ESTIMATE_BAR_LIMIT = 0.9
#: The evaluation at which an estimate's bar is two thirds of the way to one side.
BAR_SCALE = 150
#: An estimate this far from zero means the search saw a win (not a proof of one).
WIN_SEEN = WIN_VALUE // 10


def cell_label(board: Board, move: Move) -> str:
    """A cell in the board notation: ``c3`` (column letter, row counted from the bottom)."""
    return board.cell_name(move)


def line_text(start: Board, line: tuple[Move, ...]) -> str:
    """``X b2 → O a1 → …``: a line of play with its marks."""
    words = []
    board = start
    for move in line:
        if not board.is_legal(move):
            break
        words.append(f"{board.to_move} {cell_label(board, move)}")
        board = board.play(move)
    return " → ".join(words) if words else "—"


def x_evaluation(analysis: Analysis) -> int | None:
    """An estimate's evaluation from X's side (positive: X stands better); None when exact."""
    value = analysis.evaluation
    if value is None:
        return None
    return value if analysis.to_move is Mark.X else -value


def bar_value(analysis: Analysis) -> float:
    """Where the evaluation bar stands, from -1 (O winning) to +1 (X winning).

    A proven result fills the bar to the winner's end (a draw sits in the
    middle); an estimate leans by how much it favours a side but never reaches
    either end, since it proves nothing.
    """
    prediction = analysis.prediction
    if prediction.exact:
        if prediction.winner is None:
            return 0.0
        return 1.0 if prediction.winner is Mark.X else -1.0
    return estimate_lean(x_evaluation(analysis) or 0)


def estimate_lean(x_value: int) -> float:
    """An estimate's place on the bar: leaning by how much it favours a side, never at an end."""
    lean = x_value / (abs(x_value) + BAR_SCALE)
    return max(-ESTIMATE_BAR_LIMIT, min(ESTIMATE_BAR_LIMIT, lean))


def evaluation_words(analysis: Analysis) -> tuple[str, str]:
    """(the number, its reading): ``("+35", "X is better (estimate)")`` or
    ``("proven", "X wins in 7 plies: forced")``."""
    prediction = analysis.prediction
    if prediction.exact:
        if prediction.final:
            return "—", str(prediction)
        if prediction.winner is None:
            return "0", "a draw with best play: proven"
        return "proven", f"{prediction}: forced"
    value = x_evaluation(analysis) or 0
    if abs(value) >= WIN_SEEN:
        winner = Mark.X if value > 0 else Mark.O
        return evaluation_number(value), f"{winner} wins, as far as the search sees"
    # The badge beside it says "Estimate"; the words need not say it twice.
    reading = prediction.estimate_words().removesuffix(" (estimate)")
    unsettled = analysis.unsettled_since
    if unsettled is not None:
        # A reading that a deeper search changed may change again: say so, with the old one.
        depth, before = unsettled
        before_x = before if analysis.to_move is Mark.X else -before
        reading += f" (was {evaluation_number(before_x)} at depth {depth}: not settled)"
    return evaluation_number(value), reading


def evaluation_number(value: int) -> str:
    """``"+35"``, ``"-1,200"``; a win the search saw (not proven) reads ``"+win"``."""
    if abs(value) >= WIN_SEEN:
        return "+win" if value > 0 else "-win"
    return f"{value:+,d}" if value else "0"


def score_text(score: int, outcome: MoveOutcome | None) -> str:
    """A candidate's score for the side to move, as every row of the column writes it: a
    proven result (``"+win"``, ``"-win"`` for a loss, ``"0"`` for a draw), or an estimate
    said to be one (``"+35 est."``, ``"+win est."``), never a proven result's raw number.
    Who wins and how soon is the Outcome column's (:func:`side_outcome_text`)."""
    if outcome is None:
        return f"{evaluation_number(score)} est."
    return {MoveOutcome.WIN: "+win", MoveOutcome.LOSS: "-win", MoveOutcome.DRAW: "0"}[outcome]


#: What the candidate table's Score and Outcome columns say, for any game scored by results.
SCORE_TIP = (
    'The engine\'s score for the side to move: "+win", "-win" (a loss) or "0" (a draw) where '
    'proven, an evaluation marked "est." where estimated ("+35 est.")'
)
OUTCOME_TIP = (
    'The result with best play after the move: who wins and in how many plies ("X wins in '
    '3"), or "draw"; "estimate" where nothing is proven'
)
#: A proven score as a screen reader hears it ("-win" read out would be "minus win").
_SPOKEN_SCORES = {"+win": "win", "-win": "loss"}


def spoken_score(shown: str) -> str:
    """The score column's words as a screen reader hears them ("est." spelt out)."""
    if shown.endswith(" est."):
        return shown.removesuffix(" est.") + ", estimated"
    return _SPOKEN_SCORES.get(shown, shown)


def preview_line(result: EngineResult, candidate: Candidate) -> tuple[Move, ...]:
    """The line previewed for a candidate: the move and its expected continuation.

    Exact analyses carry a continuation for every candidate. An estimate has
    none of its own for each move, but its principal variation is the line
    after its best move, so the best move previews that whole line.
    """
    analysis = result.analysis
    index = analysis.candidates.index(candidate)
    continuation = result.continuations[index] if index < len(result.continuations) else ()
    line = analysis.principal_variation
    if not continuation and line and line[0] == candidate.move:
        return line
    return (candidate.move, *continuation)


def outcome_text(candidate: Candidate) -> str:
    """A proven result in words ("win in 3"), or "estimate" where nothing is proven."""
    return candidate.describe if candidate.exact else "estimate"


def side_outcome_text(candidate: Candidate, mover: Mark) -> str:
    """A move's proven result naming the side that wins (``"X wins in 3"``, ``"O wins in
    2"``, ``"draw"``), or "estimate": heard row by row, "loss in 2" says not whose."""
    if not candidate.exact or candidate.outcome is MoveOutcome.DRAW:
        return outcome_text(candidate)
    winner = mover if candidate.outcome is MoveOutcome.WIN else mover.other
    plies = "" if candidate.plies_to_end is None else f" in {candidate.plies_to_end}"
    return f"{winner} wins{plies}"


def best_outcome_text(best: Candidate, mover: Mark) -> str:
    """The best move's result, naming the winner where it is a loss for the mover:
    ``"win in 3"``, ``"draw"``, ``"O wins in 2"``, or the estimate's number."""
    if not best.exact:
        return evaluation_number(best.score)
    if best.outcome is MoveOutcome.LOSS:
        plies = "" if best.plies_to_end is None else f" in {best.plies_to_end}"
        return f"{mover.other} wins{plies}"
    return outcome_text(best)


def depth_text(analysis: Analysis) -> str:
    if not analysis.exact:
        # An estimate searched every line this deep; forcing lines may have gone deeper.
        if analysis.max_depth > analysis.depth:
            return f"{analysis.depth} (deepest line {analysis.max_depth})"
        return str(analysis.depth)
    depth = str(analysis.max_depth)
    if analysis.algorithm is Algorithm.TABLE and analysis.max_depth == 0:
        # Every reply was solved by an earlier search: a bare "0" reads like a fault.
        return f"{depth} (all known from the table)"
    return depth


def seconds_text(seconds: float) -> str:
    return f"{seconds:g} s"


def rate(nodes: int, seconds: float) -> str:
    """``"12,300 nodes/s"`` (a dash while too little time has passed to say)."""
    if seconds <= 0.001:
        return "—"
    return f"{nodes / seconds:,.0f} nodes/s"


def duration(seconds: float) -> str:
    if seconds < 0.001:
        return f"{seconds * 1_000_000:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"
