"""The lines of a game: a move that differs from the line's next one is kept beside it."""

from __future__ import annotations

from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.move_tree import ROOT
from tictactoe_gui.session.lines import GameLines

B2, A1, C3, A3 = Move(1, 1), Move(2, 0), Move(0, 2), Move(0, 0)


def test_a_different_move_becomes_a_variation_and_the_old_line_stays() -> None:
    lines = GameLines(Board.empty())
    end = lines.follow((B2, A1, C3))
    assert lines.moves_to(end) == (B2, A1, C3)
    branch = lines.follow((B2, A1))
    assert lines.line_after(branch) == (C3,)
    variation = lines.follow((B2, A1, A3))
    assert lines.node == variation
    assert not lines.tree.is_main_line(variation)
    assert lines.line_after(ROOT) == (B2, A1, C3)  # the main line is the first one played
    assert len(lines.tree) == 5
