"""The words every game's ``analyse`` ends with: one wording for a game over, the
prediction and the line expected, proven or estimated, whatever the game (k in a row,
Connect Four, Row & Column), so that an estimate never reads as a certainty in one game
and is said another way in the next."""

from __future__ import annotations


def game_over_line(words: str) -> str:
    """``"Game over: X wins."``, ``"Game over: a draw."``, as the window's status bar says it."""
    return f"Game over: {'a draw' if words == 'draw' else words}."


def candidates_heading(proven: bool, how: str = "") -> str:
    """What heads the moves listed: ``"Candidates, best first:"``, after an estimate's
    ``"Not solved: estimated by a 5-ply search."`` (``how`` says how far it looked)."""
    if proven:
        return "Candidates, best first:"
    return f"Not solved: estimated{how}. Candidates, best first:"


def prediction_line(proven: bool, words: str) -> str:
    """``"Predicted with best play: X wins in 5 plies."`` where the result is proven, else
    ``"Estimate, not proven: X is better (estimate)."``."""
    if proven:
        return f"Predicted with best play: {words}."
    return f"Estimate, not proven: {words}."


def expected_line(proven: bool, line: str) -> str:
    """The line best play follows (``"Expected line: c3 b1"``), or the line an estimate
    expects (``"Likely line (estimate): c3 b1"``)."""
    return f"Expected line: {line}" if proven else f"Likely line (estimate): {line}"
