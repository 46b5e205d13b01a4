"""The rules: parsing, moves, outcomes and symmetry."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, strategies as st

from tests.engine.lines import LINES
from tictactoe_gui.engine import Board, BoardError, IllegalMoveError, Mark, Move, all_positions
from tictactoe_gui.engine.board import transform_move

POSITIONS = list(all_positions())


@st.composite
def reachable_boards(draw: st.DrawFn) -> Board:
    """A position reached by playing random legal moves from the empty board."""
    board = Board.empty()
    for _ in range(draw(st.integers(0, 9))):
        moves = board.legal_moves()
        if not moves:
            break
        board = board.play(draw(st.sampled_from(moves)))
    return board


def test_reachable_positions_are_5478_and_765_up_to_symmetry() -> None:
    assert len(POSITIONS) == 5478
    assert len({board.canonical() for board in POSITIONS}) == 765


def test_every_valid_text_is_exactly_a_reachable_position() -> None:
    # Brute force all 3^9 fillings: the validator must accept exactly the reachable ones.
    reachable = set(POSITIONS)
    accepted = set()
    for code in range(3**9):
        chars = []
        for _ in range(9):
            code, digit = divmod(code, 3)
            chars.append(".XO"[digit])
        with contextlib.suppress(BoardError):
            accepted.add(Board.from_text("".join(chars)))
    assert accepted == reachable


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X.O", "9 characters"),
        ("X.O......X", "9 characters"),
        ("", "9 characters"),
        ("X.O..Z...", "bad character 'Z' at position 6"),
        ("XX.......", "impossible counts: 2 X and 0 O"),
        ("O........", "impossible counts: 0 X and 1 O"),
        ("XXXOOO...", "both sides have a line"),
        ("XXXOO.O..", "X has a line but O has moved since"),
        ("OOOXX.XX.", "O has a line but X has moved since"),
    ],
)
def test_bad_text_is_rejected_with_a_message_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        Board.from_text(text)


@pytest.mark.parametrize(
    "text", ["X-O-X----", "X O X    ", "x.o.x....", "X.0.X....", "X.O/.X./...", "X.O|.X.|..."]
)
def test_other_spellings_of_empty_and_rows_are_accepted(text: str) -> None:
    assert Board.from_text(text).to_text() == "X.O.X...."


@given(reachable_boards())
def test_text_round_trips(board: Board) -> None:
    assert Board.from_text(board.to_text()) == board
    assert len(board.to_text()) == 9


def test_side_to_move_is_inferred() -> None:
    assert Board.empty().to_move is Mark.X
    assert Board.from_text("X........").to_move is Mark.O
    assert Board.from_text("X...O....").to_move is Mark.X


def test_playing_an_occupied_cell_or_after_the_end_is_illegal() -> None:
    board = Board.from_text("X........")
    with pytest.raises(IllegalMoveError, match="cell a3 is already taken by X"):
        board.play(Move(0, 0))
    finished = Board.from_text("XXXOO....")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        finished.play(Move(2, 2))
    assert finished.legal_moves() == ()


def test_moves_off_the_board_are_rejected() -> None:
    with pytest.raises(IllegalMoveError, match="off the 3×3 board"):
        Board.empty().play(Move(3, 0))
    with pytest.raises(IllegalMoveError, match="off the board"):
        Move(-1, 0)
    with pytest.raises(IllegalMoveError, match="off the board"):
        Move.from_index(-1)
    assert not Board.empty().is_legal(Move(0, 3))


@given(reachable_boards(), st.data())
def test_a_legal_move_adds_exactly_one_mark_of_the_side_to_move(
    board: Board, data: st.DataObject
) -> None:
    if board.is_over:
        return
    move = data.draw(st.sampled_from(board.legal_moves()))
    after = board.play(move)
    assert after.ply == board.ply + 1
    assert after[move] is board.to_move
    assert after.to_move is board.to_move.other
    assert move not in after.legal_moves()
    assert all(after.mark_at(i) == board.mark_at(i) for i in range(9) if i != move.index_on(3))


def test_winner_and_winning_line() -> None:
    outcome = Board.from_text("XOX.XO.OX").outcome
    assert outcome is not None
    assert outcome.winner is Mark.X
    assert outcome.line == (0, 4, 8)
    assert str(outcome) == "X wins"
    draw = Board.from_text("XOXXOOOXX").outcome
    assert draw is not None
    assert draw.winner is None
    assert str(draw) == "draw"
    assert Board.from_text("XO.......").outcome is None


def test_every_finished_position_has_a_line_or_a_full_board() -> None:
    for board in POSITIONS:
        outcome = board.outcome
        if outcome is None:
            assert board.legal_moves()
            continue
        if outcome.winner is None:
            assert board.ply == 9
        else:
            assert outcome.line in LINES
            assert all(board.mark_at(i) is outcome.winner for i in outcome.line)


def test_the_eight_symmetries_form_the_square_group() -> None:
    board = Board.from_text("XO.......")
    images = board.symmetries()
    assert len(set(images)) == 8
    assert images[0] == board
    # Each symmetry maps moves and boards consistently.
    for k in range(8):
        for move in board.legal_moves():
            assert board.play(move).transformed(k) == board.transformed(k).play(
                transform_move(move, k)
            )


@given(reachable_boards(), st.integers(0, 7))
def test_canonical_form_is_shared_by_every_image(board: Board, k: int) -> None:
    assert board.transformed(k).canonical() == board.canonical()
    assert board.transformed(k).winner == board.winner
    assert board.transformed(k).ply == board.ply


def test_no_move_is_legal_once_the_game_is_over_and_every_empty_cell_is_before() -> None:
    every_move = [Move(row, col) for row in range(3) for col in range(3)]
    finished = 0
    for board in all_positions():
        legal = {move for move in every_move if board.is_legal(move)}
        if board.is_over:
            finished += 1
            assert legal == set(), board
        else:
            assert legal == {move for move in every_move if board[move] is None}, board
            assert legal == set(board.legal_moves())
    assert finished == 958  # the finished positions, wins and draws
