"""How the New Game dialog names each game and sums up its rules and what the engine can
say about it."""

from __future__ import annotations

from tictactoe_gui.engine.analysis import EXACT_CELLS, PROOF_CELLS
from tictactoe_gui.engine.variants import Variant


def game_summary(variant: Variant) -> str:
    """One line on a game's rules and on what the engine can say about it."""
    rules = (
        f"{variant.rows} rows by {variant.cols} columns; {variant.k} or more in a row "
        "(across, down or diagonally) wins; X moves first."
    )
    if variant.cells <= EXACT_CELLS:
        engine = "The engine solves every position exactly."
    elif variant.cells <= PROOF_CELLS:
        engine = (
            "The engine solves it exactly when it can in the time it is given (the analysis "
            "dock's time budget), and estimates (labelled so) when it cannot."
        )
    else:
        engine = (
            "Too big to solve: the engine estimates and says so, and proves a forced win "
            "(by continuous threats) when it finds one."
        )
    return f"{rules} {engine}"


def game_title(variant: Variant) -> str:
    """The game as the game combo names it: its name and, where the name does not say
    them, its size and k (``"Four in a Row (20×20)"``, ``"Gomoku (15×15, five in a row)"``)."""
    if variant.name.startswith(f"{variant.rows}×"):
        return variant.name
    size = f"{variant.rows}×{variant.cols}"
    if variant.size_text.partition(", ")[2].lower() in variant.name.lower():
        return f"{variant.name} ({size})"  # "Four in a Row (20×20)": the name says the k
    return f"{variant.name} ({variant.size_text})"
