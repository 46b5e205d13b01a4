"""Piskvork's .psq files and Connect Four's column digits: read, written, refused by line."""

from __future__ import annotations

import random
import re

import pytest

from tictactoe_gui.engine.field_formats import (
    FieldFormatError,
    FileKind,
    kind_of,
    read_digits,
    read_psq,
    write_digits,
    write_psq,
)
from tictactoe_gui.engine.games import GameState, find_game


def _random_game(game_id: str, seed: int) -> GameState:
    rng = random.Random(seed)
    state = find_game(game_id).new_game()
    while state.result is None and len(state.moves) < 60:
        state = state.play(rng.choice(state.legal_moves()))
    return state


GOMOCUP = """Piskvorky 20x20, 11:11, 0
10,10,0
11,11,312
1,20,45
20,1,1000
-1
pbrain-embryo.exe
pbrain-rapfi.exe
-1
"""


def test_a_gomocup_file_reads_column_from_the_left_and_row_from_the_top() -> None:
    read = read_psq(GOMOCUP)
    state = read.state
    assert state.spec.id == "20x20k5"
    # x is the column from the left, y the row from the top, both from 1; a1 is bottom-left.
    assert state.move_list_text() == "j11, k10, a1, t20"
    assert read.names == ("pbrain-embryo.exe", "pbrain-rapfi.exe")


@pytest.mark.parametrize(("size", "game_id"), [("15x15", "gomoku"), ("20x20", "20x20k5"),
                                              ("19x15", "15x19k5"), ("7x9", "9x7k5")])  # fmt: skip
def test_the_size_chooses_the_game(size: str, game_id: str) -> None:
    assert read_psq(f"Piskvorky {size}, 11:11, 0\n").state.spec.id == game_id


@pytest.mark.parametrize("game_id", ["gomoku", "20x20k5", "15x19k5", "four", "tictactoe"])
def test_psq_round_trips(game_id: str) -> None:
    spec = find_game(game_id)
    for seed in range(8):
        game = _random_game(game_id, seed)
        text = write_psq(game)
        as_read = read_psq(text, None if game_id in ("gomoku", "20x20k5", "15x19k5") else spec)
        assert as_read.state.spec == spec
        assert as_read.state.moves == game.moves
        assert write_psq(as_read.state) == text


def test_asking_for_another_game_of_the_same_size() -> None:
    state = read_psq("Piskvorky 20x20, 11:11, 0\n1,1,0\n", find_game("four")).state
    assert state.spec.id == "four"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: not a Piskvork game"),
        ("Gomoku 15x15\n8,8,0\n", "line 1: not a Piskvork game"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9\n8,8,0\n", "line 4: cell h8 is already taken"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n", "line 3: 16,1 is off the board"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n0,3,0\n", "line 3: 0,3 is off the board"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,x,0\n", "line 3: '8,x,0' is not a move"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n8 8 0\n", "line 3: '8 8 0' is not a move"),
        ("Piskvorky 30x30, 11:11, 0\n", "line 1: a 30×30 board"),
        ("Piskvorky 15x15\n" + "".join(f"{x},1,0\n{x},2,0\n" for x in range(1, 6)) + "9,9,0\n",
         "line 11: "),
    ],
)  # fmt: skip
def test_a_malformed_psq_names_the_line(text: str, message: str) -> None:
    with pytest.raises(FieldFormatError, match=re.escape(message)) as raised:
        read_psq(text)
    assert "\n" not in str(raised.value)


def test_a_psq_of_another_size_than_asked_is_refused() -> None:
    with pytest.raises(FieldFormatError, match="line 1: the board is 15×15"):
        read_psq("Piskvorky 15x15, 11:11, 0\n", find_game("four"))
    with pytest.raises(FieldFormatError, match="Connect Four is not played so"):
        read_psq("Piskvorky 7x6, 11:11, 0\n", find_game("connect4"))


@pytest.mark.parametrize("game_id", ["connect4", "4x4k3g", "9x9k5g"])
def test_column_digits_round_trip(game_id: str) -> None:
    spec = find_game(game_id)
    for seed in range(10):
        game = _random_game(game_id, seed)
        digits = write_digits(game)
        assert len(digits) == len(game.moves)
        again = read_digits(digits, spec).state
        assert again.moves == game.moves
        assert again.result == game.result


def test_digits_are_the_columns_from_the_left() -> None:
    state = read_digits("4453").state
    assert state.spec.id == "connect4"
    assert state.move_list_text() == "d1, d2, e1, c1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("448", "line 1, move 3: column 8: columns run 1 to 7"),
        ("4444444", "line 1, move 7 (column 4): column d is full"),
        ("1212121" + "3", "line 1, move 8 (column 3): the game is over"),
        ("44a5", "line 1: 'a' is not a column digit"),
        ("12\n34", "line 2: a game of column digits is one line"),
    ],
)
def test_malformed_digits_name_the_line_and_move(text: str, message: str) -> None:
    with pytest.raises(FieldFormatError, match=re.escape(message)):
        read_digits(text)


def test_digits_are_only_for_games_where_discs_fall() -> None:
    with pytest.raises(FieldFormatError, match="Gomoku is not one"):
        read_digits("4453", find_game("gomoku"))
    with pytest.raises(FieldFormatError, match="Connect Four is not played so"):
        write_psq(find_game("connect4").new_game())
    with pytest.raises(FieldFormatError, match="Gomoku is not one"):
        write_digits(find_game("gomoku").new_game())


def test_the_format_is_told_by_the_content() -> None:
    assert kind_of('{"format": "tictactoe-gui records"}') is FileKind.JSON
    assert kind_of("\ufeff[]") is FileKind.JSON
    assert kind_of(GOMOCUP) is FileKind.PSQ
    assert kind_of("piskvorky 15x15, 1:1, 0\r\n8,8,0\r\n") is FileKind.PSQ
    assert kind_of("4453\n") is FileKind.DIGITS
    assert kind_of("my notes") is None
    assert kind_of("") is None
