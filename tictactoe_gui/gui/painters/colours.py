"""The colours every board painter shares: X and O, outcomes, a heat map's ranks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor, QPalette

from tictactoe_gui.engine import Mark

if TYPE_CHECKING:
    from tictactoe_gui.engine import MoveOutcome


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def mark_colour(mark: Mark, palette: QPalette) -> QColor:
    """X blue, O vermilion: apart in hue and lightness, and the shapes differ anyway."""
    dark = is_dark(palette)
    if mark is Mark.X:
        return QColor("#7fb2ff") if dark else QColor("#1f5fbf")
    return QColor("#ff9870") if dark else QColor("#c8401e")


def outcome_colour(outcome: MoveOutcome | None, palette: QPalette) -> QColor:
    """Green for a win, amber for a draw, red for a loss; grey for an unproven estimate."""
    # The analysis (and the searches it uses) loads after the board's first paint.
    from tictactoe_gui.engine import MoveOutcome

    dark = is_dark(palette)
    if outcome is None:
        return QColor("#8a94a6") if dark else QColor("#6b7385")
    return {
        MoveOutcome.WIN: QColor("#3fae5a") if dark else QColor("#2e9e4a"),
        MoveOutcome.DRAW: QColor("#c9a227") if dark else QColor("#d4a017"),
        MoveOutcome.LOSS: QColor("#e0524a") if dark else QColor("#d23c32"),
    }[outcome]


def rank_colour(rank: int, count: int, palette: QPalette) -> QColor:
    """An estimate's candidates by rank: the best green, fading to amber for the last shown."""
    from tictactoe_gui.engine import MoveOutcome

    best = outcome_colour(MoveOutcome.WIN, palette)
    last = outcome_colour(MoveOutcome.DRAW, palette)
    share = 0.0 if count <= 1 else rank / (count - 1)
    return QColor.fromRgbF(
        best.redF() + (last.redF() - best.redF()) * share,
        best.greenF() + (last.greenF() - best.greenF()) * share,
        best.blueF() + (last.blueF() - best.blueF()) * share,
    )


def heat_rank_label(rank: int) -> str:
    """How the heat map names a candidate's rank (0 the best): "#1", never a bare number,
    which on the board is a move number."""
    return f"#{rank + 1}"
