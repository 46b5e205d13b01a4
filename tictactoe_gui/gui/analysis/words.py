"""The analysis in numbers and words every game shares: evaluations, scores, speeds and
durations (a position's own words are :mod:`~.game_words`'s).

What the dock's sections show, as plain functions (no widgets), so each section and its
tests read the same words.
"""

from __future__ import annotations

from tictactoe_gui.engine import MoveOutcome
from tictactoe_gui.engine.reading import WIN_VALUE

#: An estimate's bar stops this far short of either end: only a proof fills it.
ESTIMATE_BAR_LIMIT = 0.9
#: The evaluation at which an estimate's bar is two thirds of the way to one side.
BAR_SCALE = 150
#: An estimate this far from zero means the search saw a win (not a proof of one).
WIN_SEEN = WIN_VALUE // 10


def estimate_lean(x_value: int) -> float:
    """An estimate's place on the bar: leaning by how much it favours a side, never at an end."""
    lean = x_value / (abs(x_value) + BAR_SCALE)
    return max(-ESTIMATE_BAR_LIMIT, min(ESTIMATE_BAR_LIMIT, lean))


def evaluation_number(value: int) -> str:
    """``"+35"``, ``"-1,200"``; a win the search saw (not proven) reads ``"+win"``."""
    if abs(value) >= WIN_SEEN:
        return "+win" if value > 0 else "-win"
    return f"{value:+,d}" if value else "0"


def score_text(score: int, outcome: MoveOutcome | None) -> str:
    """A candidate's score for the side to move, as every row of the column writes it: a
    proven result (``"+win"``, ``"-win"`` for a loss, ``"0"`` for a draw), or an estimate
    said to be one (``"+35 est."``, ``"+win est."``), never a proven result's raw number.
    Who wins and how soon is the Outcome column's (:func:`~.game_words.outcome_words`)."""
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
