"""How the New Game dialog names each game and its modes, and sums up each game's rules and
what the engine can say about it."""

from __future__ import annotations

import re

from tictactoe_gui.engine.analysis import EXACT_CELLS, PROOF_CELLS
from tictactoe_gui.engine.games import GameError, GameSpec, find_game
from tictactoe_gui.engine.variants import Variant, VariantError, get_variant
from tictactoe_gui.storage.records import GameMode


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


def table_game_summary(spec: GameSpec) -> str:
    """A game at the table summed up for the dialog: the paragraph How to Play gives its
    board, as plain text (no heading, links or emphasis)."""
    lines = [line for line in spec.board_paragraph().splitlines() if not line.startswith("#")]
    text = " ".join(line.strip() for line in lines if line.strip())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # [text](link): the text
    return text.replace("**", "").replace("`", "")


def variant_of(key: str) -> Variant:
    """The game a combo's or the settings' key names: a k-in-a-row id, or a game of the
    registry (``connect4``); VariantError for neither."""
    try:
        return get_variant(key)
    except VariantError:
        try:
            return find_game(key).variant
        except GameError:
            raise VariantError(f"unknown game {key!r}") from None


def plays(spec: GameSpec, key: str) -> bool:
    """Whether ``key`` names one of ``spec``'s players."""
    try:
        spec.player(key)
    except GameError:
        return False
    return True


#: The modes New Game offers, each with its title and what it is (the words of the
#: default game; :func:`mode_texts` gives each game's).
MODES = (
    (GameMode.HUMAN_VS_AI, "Human vs AI", "Play against Kitty, Cop or Sera."),
    (GameMode.HUMAN_VS_HUMAN, "Human vs Human", "Two people at one board; the engine coaches."),
    (GameMode.AI_VS_AI, "AI vs AI", "Watch two computer players, one move at a time."),
)


def mode_texts(spec: GameSpec) -> tuple[tuple[GameMode, str, str], ...]:
    """:data:`MODES` in ``spec``'s words: its computer players by name, its word for a
    move (``"Play against Dice, Magpie, Hedge or Abacus."``, ``"one take at a time"``)."""
    names = [player.name for player in spec.players]
    players = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return (
        (GameMode.HUMAN_VS_AI, "Human vs AI", f"Play against {players}."),
        MODES[1],
        (
            GameMode.AI_VS_AI,
            "AI vs AI",
            f"Watch two computer players, one {spec.move_word} at a time.",
        ),
    )
