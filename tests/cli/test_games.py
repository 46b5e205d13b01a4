"""Every k-in-a-row game on the command line: --game, positions of any size, --moves,
the a1 cell notation, and exact answers kept apart from estimates."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import run
from tictactoe_gui.engine import Algorithm, Board, analyse
from tictactoe_gui.engine.k_in_a_row import proven_score
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.storage import Repository


def analysed(*args: str) -> dict[str, Any]:
    code, out, err = run("analyse", "--json", *args)
    assert (code, err) == (0, ""), err
    payload: dict[str, Any] = json.loads(out)
    return payload


# -- --game and positions of any size ---------------------------------------------------


@pytest.mark.parametrize(
    ("game", "outcome", "plies"),
    [("3x4k3", "X", 7), ("4x4k3", "X", 5), ("tictactoe", "draw", 9)],
)
def test_the_empty_boards_of_small_games_come_out_as_published(
    game: str, outcome: str, plies: int
) -> None:
    variant = get_variant(game)
    empty = "/".join([str(variant.cols)] * variant.rows)
    payload = analysed("--game", game, empty)
    assert payload["exact"] is True
    assert (payload["outcome"], payload["plies_to_end"]) == (outcome, plies)
    assert "evaluation" not in payload
    assert "depth" not in payload
    assert len(payload["candidates"]) == variant.cells


def test_rows_with_runs_and_spelled_out_cells_are_the_same_position() -> None:
    compact = analysed("--game", "4x4k3", "X3/4/1O2/4")
    spelled = analysed("--game", "4X4K3", "X.../..../.O../....")
    assert compact["board"] == spelled["board"] == "X3/4/.O2/4"
    assert compact["candidates"] == spelled["candidates"]


def test_nine_character_boards_and_rows_both_read_for_tictactoe() -> None:
    nine = analysed("X.O.X....")
    rows = analysed("X1O/1X1/3")
    assert nine["board"] == rows["board"] == "X.O.X...."
    assert nine["candidates"] == rows["candidates"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess", "3/3/3"], "unknown game 'chess'"),
        (["--game", "2x9k3", "9/9"], "3 to 20 rows and columns"),
        # Row & Column reads its own positions: integers, "." for a taken cell.
        (["--game", "rowcol4", "4/4/4/4"], "row 1 has 1 cell, but a board of 4 rows needs 4"),
        (["--game", "4x4k3", "X.O.X...."], "argument 1: a 4x4k3 position has 4 rows"),
        (["--game", "4x4k3", "4/4/4/04"], "row 4"),
        (["--game", "4x4k3", "5/4/4/4"], "row 1"),
    ],
)
def test_a_bad_game_or_position_is_one_line(args: list[str], message: str) -> None:
    code, out, err = run("analyse", *args)
    assert (code, out) == (2, "")
    assert message in err
    assert err.count("\n") == 1


# -- --moves ----------------------------------------------------------------------------


def test_moves_are_played_from_the_empty_board_in_the_cell_notation() -> None:
    payload = analysed("--moves", "b2, a1")
    assert payload["board"] == "....X.O.."
    assert payload["to_move"] == "X"
    four = analysed("--game", "4x4k3", "--moves", "a4,d1,b3")
    assert four["board"] == "X3/.X2/4/3O"
    assert analysed("--moves", "")["board"] == "........."


def test_several_positions_answer_in_order_boards_then_moves() -> None:
    code, out, _ = run("analyse", "--json", "X........", "--moves", "c3", "--moves", "a1,b2")
    assert code == 0
    boards = [json.loads(line)["board"] for line in out.splitlines()]
    assert boards == ["X........", "..X......", "....O.X.."]


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("b2,b2", "--moves: move 2 (b2): cell b2 is already taken by X"),
        ("b2,z9", "--moves: move 2: 'z9' is off the 3×3 board"),
        ("b2,,a1", "--moves: move 2: '' is not a cell"),
        ("a1,b1,a2,b2,a3,c3", "--moves: move 6 (c3): the game is over"),
    ],
)
def test_a_bad_move_list_names_the_move(moves: str, message: str) -> None:
    code, out, err = run("analyse", "--moves", moves)
    assert (code, out) == (2, "")
    assert err.startswith(f"tictactoe-gui: {message}")
    assert err.count("\n") == 1


# -- the a1 notation in text --------------------------------------------------------------

CELL = re.compile(r"^[a-t]([1-9]|1\d|20)$")


def test_the_text_table_line_and_persona_use_the_board_notation() -> None:
    code, out, _ = run("analyse", "X.O.X....", "--persona", "sera", "--seed", "1")
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith((" * ", "   ")) and "draw" in line]
    assert rows[0].split()[:2] == ["*", "c1"]  # the only move that holds the draw
    loss_cells = {line.split()[0] for line in out.splitlines() if "loss in 2" in line}
    assert loss_cells == {"b3", "a2", "c2", "a1", "b1"}
    [expected] = [line for line in out.splitlines() if line.startswith("Expected line: ")]
    cells = expected.removeprefix("Expected line: ").split()
    assert cells[0] == "c1"
    assert all(CELL.match(cell) for cell in cells)
    assert out.rstrip().endswith("Sera plays c1.")
    assert "(2, 2)" not in out


def test_json_keeps_zero_based_rows_and_columns_from_the_top_left() -> None:
    payload = analysed("X.O.X....")
    assert payload["best_moves"] == [[2, 2]]  # c1: bottom row, right column


# -- exact and estimated ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "text"),
    [("tictactoe", "X...O...."), ("tictactoe", "XX.OO...."), ("4x4k3", "X3/1O2/4/4"),
     ("3x4k3", "4/1X2/4")],
)  # fmt: skip
def test_exact_scores_keep_their_shape_on_every_board(game: str, text: str) -> None:
    """A win in p plies scores cells + 2 - p (11 - p on 3x3), as the engine scores it."""
    variant = get_variant(game)
    engine = analyse(Board.from_text(text, variant), Algorithm.ALPHABETA)
    payload = analysed("--game", game, "--algorithm", "alphabeta", text)
    assert payload["exact"] is True
    assert [(c["row"], c["col"], c["score"]) for c in payload["candidates"]] == [
        (c.move.row, c.move.col, c.score) for c in engine.candidates
    ]
    for candidate in payload["candidates"]:
        value = variant.cells + 2 - candidate["plies_to_end"]
        expected = {"win": value, "loss": -value, "draw": 0}[candidate["outcome"]]
        assert candidate["score"] == expected


def test_proven_score_is_eleven_minus_plies_on_three_by_three() -> None:
    from tictactoe_gui.engine import MoveOutcome

    for plies in range(1, 10):
        assert proven_score(MoveOutcome.WIN, plies, 9) == 11 - plies
        assert proven_score(MoveOutcome.LOSS, plies, 9) == -(11 - plies)
    assert proven_score(MoveOutcome.DRAW, 7, 9) == 0


def test_a_big_board_is_an_estimate_that_claims_nothing() -> None:
    payload = analysed("--game", "four", "--moves", "j10,k10,j11")
    assert payload["exact"] is False
    assert payload["outcome"] is None
    assert payload["plies_to_end"] is None
    assert isinstance(payload["evaluation"], int)
    assert payload["depth"] >= 1
    assert payload["to_move"] == "O"
    assert payload["board"].count("/") == 19
    assert payload["candidates"]
    for candidate in payload["candidates"]:
        assert candidate["score"] is None
        assert candidate["outcome"] is None
        assert candidate["plies_to_end"] is None
        assert isinstance(candidate["evaluation"], int)
    assert payload["best_moves"][0] in [[c["row"], c["col"]] for c in payload["candidates"]]
    assert payload["evaluation"] == payload["candidates"][0]["evaluation"]
    # One evaluation per completed depth, the last the one reported.
    assert len(payload["depth_evaluations"]) == payload["depth"]
    assert payload["depth_evaluations"][-1] == payload["evaluation"]


def test_an_estimate_in_text_says_so_and_never_predicts() -> None:
    code, out, _ = run("analyse", "--game", "gomoku", "--moves", "h8,h9")
    assert code == 0
    assert "Not solved: estimated by a " in out
    assert "Estimate, not proven: " in out
    assert "(estimate)" in out
    assert "Likely line (estimate): " in out
    assert "Predicted with best play" not in out
    assert " 15 . . ." in out or "15 . . ." in out
    assert "   a b c d e f g h i j k l m n o" in out


def test_an_immediate_win_on_a_big_board_is_proven() -> None:
    payload = analysed("--game", "four", "--moves", "a1,t20,a2,t19,a3,s20")
    assert payload["exact"] is True
    assert payload["outcome"] == "X"
    assert payload["plies_to_end"] == 1
    best = payload["candidates"][0]
    assert (best["outcome"], best["plies_to_end"], best["score"]) == ("win", 1, 400 + 2 - 1)
    assert [best["row"], best["col"]] == [16, 0]  # a4 completes a1-a4


# -- play on any board --------------------------------------------------------------------


def test_play_takes_cells_and_keypad_digits_on_three_by_three() -> None:
    code, out, _ = run("play", "--persona", "sera", "--seed", "1", stdin="b2\n5\n")
    assert code == 0
    assert "cell b2 is already taken by X; you may play " in out  # 5 is b2 too
    assert re.search(r"Sera plays [a-c][1-3]\.", out)


def test_play_a_small_board_to_the_end_in_the_cell_notation() -> None:
    cells = [f"{c}{r}" for r in range(1, 5) for c in "abcd"]
    moves = "\n".join(cells * 2) + "\n"
    code, out, err = run("play", "--game", "4x4k3", "--persona", "kitty", "--seed", "4",
                         stdin=moves)  # fmt: skip
    assert (code, err) == (0, "")
    assert "Your move (a cell such as c2; q to quit): " in out
    assert "4 . . . ." in out
    assert any(end in out for end in ("You win!", "Kitty wins.", "A draw."))


def test_play_explains_a_cell_off_a_big_board() -> None:
    code, out, _ = run("play", "--game", "gomoku", "--persona", "kitty", "--seed", "1",
                       stdin="z99\nq\n")  # fmt: skip
    assert code == 0
    assert "'z99' is off the 15×15 board; columns run a to o and rows 1 to 15." in out


def test_play_records_a_small_board_game_with_its_game(tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    cells = [f"{c}{r}" for r in range(1, 5) for c in "abcd"]
    moves = "\n".join(cells * 2) + "\n"
    code, out, err = run("play", "--game", "4x4k3", "--persona", "kitty", "--seed", "4",
                         "--record", "--db", str(db), stdin=moves)  # fmt: skip
    assert (code, err) == (0, "")
    assert out.rstrip().endswith(f"Recorded in {db}.")
    with Repository.open(db) as repository:
        [game] = repository.list_games(limit=10)
        assert game.game == "4x4k3"
        assert game.x.name == "Player"


# -- match on any board -------------------------------------------------------------------


def test_perfect_play_wins_four_by_four_three_in_a_row_for_the_first_player() -> None:
    """4x4 k3 is a first-player win, so Sera against herself wins every game as X."""
    code, out, err = run("match", "--x", "sera", "--o", "sera", "--game", "4x4k3",
                         "--games", "3", "--seed", "2", "--json")  # fmt: skip
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert payload["game"] == "4x4k3"
    assert (payload["x_wins"], payload["o_wins"], payload["draws"]) == (3, 0, 0)


def test_a_big_board_series_is_reproducible_and_names_the_game() -> None:
    args = ("match", "--x", "cop", "--o", "kitty", "--game", "gomoku", "--games", "2",
            "--seed", "5")  # fmt: skip
    code, first, err = run(*args)
    assert (code, err) == (0, "")
    assert first.startswith("Gomoku, Cop (cop) as X vs Kitty (kitty) as O, 2 games, seed 5: ")
    assert run(*args)[1] == first
    _, as_json, _ = run(*args, "--json")
    payload = json.loads(as_json)
    assert payload["game"] == "gomoku"
    assert payload["x_wins"] + payload["o_wins"] + payload["draws"] == 2


def test_match_records_every_game_with_its_game(tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    code, out, err = run("match", "--x", "cop", "--o", "kitty", "--game", "gomoku", "--games",
                         "2", "--seed", "3", "--record", "--db", str(db))  # fmt: skip
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == f"Recorded 2 games in {db}."
    with Repository.open(db) as repository:
        games = repository.list_games(limit=10)
        assert [g.game for g in games] == ["gomoku", "gomoku"]
        detail = repository.game(games[0].id)
        assert len(detail.moves) == detail.summary.plies


def test_the_prompt_names_the_free_cell_nearest_the_middle_of_a_big_board() -> None:
    code, out, _ = run("play", "--game", "four", "--persona", "cop", "--seed", "3",
                       stdin="k10\nq\n")  # fmt: skip
    assert code == 0
    prompts = [line for line in out.splitlines() if line.startswith("Your move")]
    assert prompts[0].startswith("Your move (a cell such as k10; q to quit): ")
    assert prompts[1].startswith("Your move (a cell such as k11; q to quit): ")  # k10 is X's
