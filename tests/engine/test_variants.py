"""The variant registry and the cell notation."""

import pytest

from tictactoe_gui.engine.notation import NotationError, cell_name, parse_cell, parse_move_list
from tictactoe_gui.engine.variants import (
    FOUR,
    GOMOKU,
    TICTACTOE,
    Family,
    VariantError,
    get_variant,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("tictactoe", TICTACTOE), ("3x3k3", TICTACTOE), ("20X20K4", FOUR), ("15x15k5", GOMOKU)],
)
def test_built_ins_are_found_by_id_and_by_size(text, expected):
    assert get_variant(text) is expected


def test_a_custom_board_is_rows_by_columns():
    variant = get_variant("3x4k3")
    assert (variant.rows, variant.cols, variant.k, variant.id) == (3, 4, 3, "3x4k3")
    assert variant.family is Family.MNK


@pytest.mark.parametrize("text", ["2x3k3", "21x3k3", "4x4k2", "4x4k5", "3x20k21", "chess", ""])
def test_anything_else_is_refused_with_one_line(text):
    with pytest.raises(VariantError) as error:
        get_variant(text)
    assert "\n" not in str(error.value)


def test_rowcol_sizes():
    assert get_variant("rowcol5").rows == 5
    assert get_variant("rowcol").family is Family.ROWCOL
    with pytest.raises(VariantError):
        get_variant("rowcol11")


def test_long_input_is_quoted_short():
    with pytest.raises(VariantError) as error:
        get_variant("x" * 100_000)
    assert len(str(error.value)) < 400


def test_cell_names_count_rows_from_the_bottom():
    assert cell_name(1, 1, 3) == "b2"
    assert cell_name(2, 0, 3) == "a1"
    assert cell_name(0, 19, 20) == "t20"
    for rows, cols in ((3, 3), (3, 4), (20, 20), (15, 15)):
        for row in range(rows):
            for col in range(cols):
                assert parse_cell(cell_name(row, col, rows), rows, cols) == (row, col)


@pytest.mark.parametrize("text", ["d1", "a4", "a0", "a01", "1a", "", "bb2"])
def test_bad_cells_are_refused(text):
    with pytest.raises(NotationError):
        parse_cell(text, 3, 3)


def test_move_lists():
    assert parse_move_list("b2, A1 ,c3", 3, 3) == [(1, 1), (2, 0), (0, 2)]
    assert parse_move_list("  ", 3, 3) == []
    with pytest.raises(NotationError, match="move 2"):
        parse_move_list("b2,z9", 3, 3)
