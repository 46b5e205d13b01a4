"""k in a row's engine analysis, as the game interface gives it (``game_analysis``)."""

from __future__ import annotations

import random

from tictactoe_gui.engine import analyse
from tictactoe_gui.engine.games import Certainty, find_game
from tictactoe_gui.engine.k_in_a_row import game_analysis


def test_the_empty_board_of_tic_tac_toe_is_a_proven_draw_whatever_the_first_move() -> None:
    # Tic-tac-toe is a draw with best play, and no first move loses.
    state = find_game("tictactoe").new_game()
    board = state.marks_board()
    assert board is not None
    converted = game_analysis(analyse(board))
    assert converted.certainty is Certainty.PROVEN
    assert converted.result is not None
    assert converted.result.winner is None
    assert sorted(value.move for value in converted.moves) == list(range(9))
    assert {value.value for value in converted.moves} == {0}
    assert set(converted.best_moves) == set(range(9))


def test_it_is_what_the_game_interface_analyses_along_a_game() -> None:
    spec = find_game("tictactoe")
    rng = random.Random(4)
    state = spec.new_game()
    while not state.is_over:
        board = state.marks_board()
        assert board is not None
        mine = game_analysis(analyse(board))
        theirs = spec.analyse(state)
        assert mine.certainty is theirs.certainty
        assert mine.best_moves == theirs.best_moves
        assert mine.result == theirs.result
        assert [(v.move, v.value, v.certainty) for v in mine.moves] == [
            (v.move, v.value, v.certainty) for v in theirs.moves
        ]
        # Each best move is one the position's own legal moves hold.
        assert set(mine.best_moves) <= set(state.legal_moves())
        state = state.play(rng.choice(state.legal_moves()))
