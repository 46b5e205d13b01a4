"""Exact node counts per algorithm, like a move generator's perft counts.

Every algorithm gives the right scores even when its pruning is broken (a
cutoff taken one step late, a table bound read the wrong way round only
costs nodes), so the scores alone cannot catch such a fault. These counts
can: they are what each search visits, the root and terminal positions
included, with a fresh table for every analysis.
"""

from __future__ import annotations

import pytest

from tictactoe_gui.engine import Algorithm, Board, analyse

#: board -> nodes for (plain minimax, alpha-beta, alpha-beta + table).
NODES = {
    ".........": (549_946, 4_372, 410),
    "X........": (59_705, 1_735, 482),
    "....X....": (55_505, 1_859, 175),
    ".X.......": (63_905, 2_005, 513),
    "X...O....": (7_332, 504, 175),
    "XO..X....": (1_061, 61, 56),
    ".O..X..X.": (1_349, 278, 112),
    "XOX.O....": (206, 40, 27),
    "X..OX...O": (238, 86, 75),
    "X.O.XO...": (106, 10, 10),
}


@pytest.mark.parametrize("text", list(NODES))
@pytest.mark.parametrize(
    ("column", "algorithm"),
    list(enumerate((Algorithm.MINIMAX, Algorithm.ALPHABETA, Algorithm.TABLE))),
)
def test_each_search_visits_exactly_its_known_number_of_nodes(
    text: str, column: int, algorithm: Algorithm
) -> None:
    assert analyse(Board.from_text(text), algorithm).nodes == NODES[text][column]


def test_the_plain_minimax_counts_are_the_game_trees_below_each_position() -> None:
    # An independent count: every position reachable from the board, terminal ones included.
    def tree_size(board: Board) -> int:
        return 1 + sum(tree_size(board.play(move)) for move in board.legal_moves())

    for text, (minimax_nodes, _, _) in NODES.items():
        if minimax_nodes < 100_000:
            assert tree_size(Board.from_text(text)) == minimax_nodes, text
