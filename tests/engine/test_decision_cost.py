"""What a computer player's decision says it cost, in the games whose players search.

The records keep each side's nodes and deepest ply; a player that searches says them in its
decision (:meth:`GameSpec.decide`), a player that only picks says nothing (0).
"""

from __future__ import annotations

import random

from tictactoe_gui.engine.connect_four import COP_DEPTH
from tictactoe_gui.engine.games import find_game


def test_connect_four_players_say_what_they_searched() -> None:
    spec = find_game("connect4")
    state = spec.new_game().play_all(spec.new_game().read_moves("4"))
    kitty = spec.decide(state, "kitty", random.Random(1))
    cop = spec.decide(state, "cop", random.Random(1))
    assert (kitty.nodes, kitty.depth) == (0, 0)  # a pick at random
    assert cop.nodes > 0
    assert cop.depth == COP_DEPTH
    assert cop.move == spec.choose_move(state, "cop", random.Random(1))


def test_connect_four_says_nothing_searched_for_a_winning_drop() -> None:
    spec = find_game("connect4")
    # Three in column d for the first player: the fourth wins at once.
    state = spec.new_game().play_all(spec.new_game().read_moves("434343"))
    for player in ("cop", "sera"):
        choice = spec.decide(state, player, random.Random(1))
        assert spec.format_move(choice.move).startswith("d")
        assert (choice.nodes, choice.depth) == (0, 0)


def test_row_and_column_players_say_what_they_counted() -> None:
    spec = find_game("rowcol")
    state = spec.new_game(4)
    state = state.play(state.legal_moves()[0])
    dice = spec.decide(state, "random", random.Random(2))
    abacus = spec.decide(state, "perfect", random.Random(2))
    assert dice.nodes == 0
    assert abacus.nodes > 0
    assert abacus.move == spec.choose_move(state, "perfect", random.Random(2))
