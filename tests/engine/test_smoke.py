from tictactoe_gui.engine import Algorithm, Board, analyse


def test_minimax_counts_the_full_game_tree() -> None:
    assert analyse(Board.empty(), Algorithm.MINIMAX).nodes == 549_946
