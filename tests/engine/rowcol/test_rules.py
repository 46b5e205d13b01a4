"""The rules of Row & Column: boards, text, allowed cells, takes and the end of a game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from tictactoe_gui.engine.rowcol import (
    DEFAULT_HIGH,
    DEFAULT_LOW,
    IllegalTakeError,
    Player,
    Position,
    RowColError,
    parse_board,
    parse_player,
    parse_value_range,
    seeded_values,
)


def same_line(size: int, a: int, b: int) -> bool:
    return a // size == b // size or a % size == b % size


@st.composite
def boards(draw: st.DrawFn) -> Position:
    size = draw(st.integers(3, 6))
    values = draw(st.lists(st.integers(-20, 20), min_size=size * size, max_size=size * size))
    first = draw(st.sampled_from([Player.A, Player.B]))
    return Position.start(size, values, first)


@settings(max_examples=150, deadline=None)
@given(boards(), st.randoms(use_true_random=False))
def test_random_legal_play_keeps_every_rule(start: Position, rng: random.Random) -> None:
    position = start
    taken: list[int] = []
    totals = {Player.A: 0, Player.B: 0}
    while True:
        allowed = position.allowed_cells()
        # Independently: the untaken cells in the last take's row or column (any cell at first).
        expected = [
            c
            for c in range(position.cells)
            if c not in taken and (not taken or same_line(position.size, c, taken[-1]))
        ]
        assert list(allowed) == expected
        assert position.is_over == (not expected)
        if position.is_over:
            break
        cell = rng.choice(allowed)
        if taken:
            assert same_line(position.size, cell, taken[-1])
        mover = position.to_move
        totals[mover] += position.values[cell]
        position = position.play(cell)
        taken.append(cell)
        assert position.to_move is mover.other
        assert position.last == cell
        assert (position.score_a, position.score_b) == (totals[Player.A], totals[Player.B])
    assert position.rounds == len(taken) == len(set(taken))
    assert position.score_a + position.score_b == sum(start.values[c] for c in taken)
    winner = position.winner
    if winner is None:
        assert position.score_a == position.score_b
    else:
        assert position.score(winner) > position.score(winner.other)


@settings(max_examples=100, deadline=None)
@given(boards(), st.randoms(use_true_random=False))
def test_a_take_outside_the_row_and_column_is_refused(start: Position, rng: random.Random) -> None:
    position = start.play(rng.randrange(start.cells))
    for cell in range(position.cells):
        if not position.is_allowed(cell):
            with pytest.raises(IllegalTakeError):
                position.play(cell)


@settings(max_examples=100, deadline=None)
@given(boards(), st.randoms(use_true_random=False))
def test_text_form_round_trips(start: Position, rng: random.Random) -> None:
    position = start
    for _ in range(rng.randrange(0, 6)):
        if position.is_over:
            break
        position = position.play(rng.choice(position.allowed_cells()))
    last = None if position.last is None else position.row_col(position.last)
    again = Position.from_text(position.to_text(), last, first=position.to_move)
    assert again.taken == position.taken
    assert again.allowed_cells() == position.allowed_cells()
    for cell in position.allowed_cells():
        assert again.values[cell] == position.values[cell]


def test_the_game_ends_although_cells_remain() -> None:
    # A takes the centre's row and column empty except for one cell; then B has nothing.
    position = Position.from_text("1,.,3/.,.,./7,.,9", (1, 1))
    assert position.is_over
    assert position.cells_left == 4
    with pytest.raises(IllegalTakeError, match="the game is over"):
        position.play(0)


def test_a_take_adds_its_value_to_the_movers_score() -> None:
    position = Position.start(3, [5, -2, 8, 1, 0, 4, -7, 3, 6], Player.B)
    position = position.play(2)  # B takes 8
    assert (position.score_a, position.score_b, position.to_move) == (0, 8, Player.A)
    position = position.play(8)  # A takes 6, same column
    assert (position.score_a, position.score_b) == (6, 8)
    assert position.allowed_cells() == (5, 6, 7)
    assert position.margin == 8 - 6  # B to move


def test_illegal_takes_say_why() -> None:
    position = Position.start(3, list(range(9))).play(4)
    with pytest.raises(IllegalTakeError, match="b2 is already taken"):
        position.play(4)
    with pytest.raises(IllegalTakeError, match="a3 is not in the row or column of the last take"):
        position.play(0)
    with pytest.raises(IllegalTakeError, match="off the 3×3 board"):
        position.play(9)


def test_seeded_boards_are_reproducible_and_in_range() -> None:
    assert seeded_values(5, 42) == seeded_values(5, 42)
    assert seeded_values(5, 42) != seeded_values(5, 43)
    values = seeded_values(10, 7)
    assert len(values) == 100
    assert all(DEFAULT_LOW <= v <= DEFAULT_HIGH for v in values)
    assert min(values) < 0 < max(values)  # the default range has takes that hurt
    narrow = seeded_values(4, 7, 1, 3)
    assert set(narrow) <= {1, 2, 3}
    assert Position.from_seed(4, 7, low=1, high=3).values == narrow
    assert Position.from_seed(4, 7, first=Player.B).to_move is Player.B


def test_value_ranges() -> None:
    assert parse_value_range("-9..9") == (-9, 9)
    assert parse_value_range(" 0..100 ") == (0, 100)
    assert parse_value_range("5..5") == (5, 5)
    with pytest.raises(RowColError, match=r"LOW\.\.HIGH"):
        parse_value_range("-9-9")
    with pytest.raises(RowColError, match="is empty"):
        parse_value_range("3..1")
    with pytest.raises(RowColError, match="values run from -999 to 999"):
        parse_value_range("0..5000")


def test_parse_board() -> None:
    size, values, taken = parse_board("3,-1,4/.,5,-9/2,6,5")
    assert size == 3
    assert values == (3, -1, 4, 0, 5, -9, 2, 6, 5)
    assert taken == 1 << 3
    assert parse_board(" 1, 2 ,3\n4,5,6\n7,8,+9 ")[1] == tuple(range(1, 10))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the board is empty"),
        ("1,2/3,4", "the board has 2 rows; Row & Column is played on 3×3 to 10×10"),
        ("1,2,3/4,5/6,7,8", "row 2 has 2 cells, but a board of 3 rows needs 3"),
        ("1,2,3/4,x,6/7,8,9", "row 2, cell 2 is 'x': write an integer"),
        ("1,2,3/4,1.5,6/7,8,9", "row 2, cell 2 is '1.5'"),
        ("1,2,3/4,,6/7,8,9", "row 2, cell 2 is ''"),
        ("1,2,3/4,5_0,6/7,8,9", "row 2, cell 2 is '5_0'"),
        ("1,2,3/4,1000,6/7,8,9", "row 2, cell 2 is 1000: values run from -999 to 999"),
    ],
)
def test_bad_boards_are_named(text: str, message: str) -> None:
    with pytest.raises(RowColError, match=message.replace("(", r"\(").replace(".", r"\.")):
        parse_board(text)


def test_bad_positions_are_named() -> None:
    with pytest.raises(RowColError, match="no last cell"):
        Position.from_text("1,.,3/4,5,6/7,8,9")
    with pytest.raises(RowColError, match=r"the last cell \(0, 0\) still holds a value"):
        Position.from_text("1,.,3/4,5,6/7,8,9", (0, 0))
    with pytest.raises(RowColError, match=r"the last cell \(3, 0\) is off the 3×3 board"):
        Position.from_text("1,.,3/4,5,6/7,8,9", (3, 0))
    with pytest.raises(RowColError, match="a 4×4 board has 4 rows, got 3"):
        Position.from_text("1,2,3/4,5,6/7,8,9", size=4)
    with pytest.raises(RowColError, match="a 3×3 board has 9 values, got 8"):
        Position.start(3, range(8))
    with pytest.raises(RowColError, match="3×3 to 10×10"):
        Position.start(11, range(121))


def test_players() -> None:
    assert Player.A.other is Player.B
    assert parse_player(" b ") is Player.B
    with pytest.raises(RowColError, match="A or B"):
        parse_player("C")


def test_the_variant_of_a_position() -> None:
    position = Position.from_seed(6, 1)
    assert position.variant.id == "rowcol6"
    assert position.cell_label(0) == "a6"
    assert position.cell_label(35) == "f1"


def test_cells_are_described_for_screen_readers() -> None:
    position = Position.from_text("1,2,3/4,5,6/7,8,9").play(4)  # A takes b2
    assert position.describe_cell(4) == "b2, taken, the last take"
    assert position.describe_cell(1) == "b3, 2, allowed"
    assert position.describe_cell(0) == "a3, 1, not in the row or column of b2"
    assert Position.from_text("1,2,3/4,5,6/7,8,9").describe_cell(8) == "c1, 9, allowed"
    over = Position.from_text("1,.,3/.,.,./7,.,9", (1, 1))
    assert over.describe_cell(0) == "a3, 1"
    assert over.describe_cell(3) == "a2, taken"
