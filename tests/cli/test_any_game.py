"""Row & Column on the command line: analyse, match and play with --game rowcol."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import run
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.row_and_column import RowColState
from tictactoe_gui.engine.rowcol import (
    Player,
    Position,
    analyse,
    game_seeds,
    get_strategy,
    play_series,
)
from tictactoe_gui.records_bridge import open_for_reading
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def analysed(*args: str) -> dict[str, Any]:
    code, out, err = run("analyse", "--game", "rowcol", "--json", *args)
    assert (code, err) == (0, ""), err
    payload: dict[str, Any] = json.loads(out)
    return payload


# -- analyse ----------------------------------------------------------------------------


def test_analyse_json_has_the_documented_fields() -> None:
    payload = analysed("3,-1,4/.,5,-9/2,6,5", "--last", "1,0")
    for field in (
        "to_move_margin",
        "best_moves",
        "candidates",
        "principal_variation",
        "exact",
        "nodes",
        "elapsed_ms",
    ):
        assert field in payload
    # After a2, A may take a3, a1 (column a) and b2, c2 (row 2).
    cells = {(c["row"], c["col"]): c for c in payload["candidates"]}
    assert set(cells) == {(0, 0), (2, 0), (1, 1), (1, 2)}
    assert cells[(1, 1)]["value"] == 5
    assert payload["exact"] is True
    margins = [c["margin"] for c in payload["candidates"]]
    assert margins == sorted(margins, reverse=True)
    assert payload["to_move_margin"] == margins[0]
    assert payload["best_moves"] == [[c["row"], c["col"]] for c in payload["candidates"][:1]]
    position = Position.from_text("3,-1,4/.,5,-9/2,6,5", (1, 0))
    expected = analyse(position)
    assert {(c.row, c.col): c.margin for c in expected.candidates} == {
        key: c["margin"] for key, c in cells.items()
    }
    # The expected sequence is legal and ends with the predicted scores.
    for row, col in payload["principal_variation"]:
        position = position.play(position.cell(row, col))
    assert position.is_over
    assert payload["predicted_scores"] == {"A": position.score_a, "B": position.score_b}


def test_margins_count_from_the_movers_view_and_include_the_cell() -> None:
    # One row of cells allowed after b2: a2 (7) ends the game at once (its column is taken).
    payload = analysed(".,1,./7,.,./.,.,.", "--last", "1,1")
    cells = {(c["row"], c["col"]): c["margin"] for c in payload["candidates"]}
    assert cells[(1, 0)] == 7  # 7 and the game is over: B has nothing in row 2 or column a
    assert cells[(0, 1)] == 1  # 1, and B then has nothing either
    assert payload["to_move_margin"] == 7
    payload_b = analysed(".,1,./7,.,./.,.,.", "--last", "1,1", "--first", "B")
    assert payload_b["to_move"] == "B"
    assert payload_b["predicted_scores"] == {"A": 0, "B": 7}


def test_the_opening_allows_every_cell() -> None:
    payload = analysed("1,2,3/4,5,6/7,8,9")
    assert len(payload["candidates"]) == 9
    assert payload["last"] is None


def test_a_position_with_no_allowed_cell_has_no_candidates_and_margin_zero() -> None:
    payload = analysed("1,.,3/.,.,./7,.,9", "--last", "1,1")
    assert payload["candidates"] == []
    assert payload["to_move_margin"] == 0
    assert payload["best_moves"] == []
    assert payload["principal_variation"] == []


def test_large_boards_answer_with_a_labelled_estimate() -> None:
    board = "/".join(",".join(str((r * 7 + c * 3) % 19 - 9) for c in range(7)) for r in range(7))
    payload = analysed(board)
    assert payload["exact"] is False
    assert payload["depth"] >= 1
    code, out, _ = run("analyse", "--game", "rowcol", board)
    assert code == 0
    assert "Not solved: estimated by looking" in out
    assert "(estimate" in out


def test_analyse_text_shows_the_board_and_every_allowed_cell() -> None:
    code, out, err = run("analyse", "--game", "rowcol", "3,-1,4/.,5,-9/2,6,5", "--last", "1,0")
    assert (code, err) == (0, "")
    assert "( .)" in out  # the last take
    assert "[ 5]" in out  # an allowed cell
    assert "A to move. Candidates, best first:" in out
    assert " * b2    (1, 1)" in out
    assert "Predicted with best play: A wins, 10 to 5." in out
    assert "Expected line: b2 " in out


def test_a_position_may_start_with_a_negative_value() -> None:
    payload = analysed("-3,1,2/4,-5,6/7,8,-9")
    assert len(payload["candidates"]) == 9
    assert payload["board"] == "-3,1,2/4,-5,6/7,8,-9"


def test_analyse_reads_positions_from_standard_input() -> None:
    code, out, err = run(
        "analyse", "--game", "rowcol", "--json", "-", stdin="1,2,3/4,5,6/7,8,9\n\nbad\n"
    )
    assert code == 2
    assert len(out.splitlines()) == 1
    assert err.startswith("tictactoe-gui: standard input line 3: the board has 1 row")
    code, out, err = run(
        "analyse", "--game", "rowcol3", "-", stdin="1,2,3/4,5,6/7,8,9; B to move\n"
    )
    assert (code, err) == (0, "")
    assert "B to move. Candidates, best first:" in out


def test_rowcol_with_a_size_wants_a_board_of_that_size() -> None:
    code, _, err = run("analyse", "--game", "rowcol5", "1,2,3/4,5,6/7,8,9")
    assert code == 2
    assert "a 5×5 board has 5 rows, got 3" in err
    assert analysed("1,2,3/4,5,6/7,8,9")["game"] == "rowcol3"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["3,-1,4/.,5,-9/2,6,5"], "the board has taken cells ('.') but no last take"),
        (["1,2,3/4,5,6/7,8,9", "--last", "1"], "--last is a cell such as b2, or ROW,COL"),
        (["1,2,3/4,5,6/7,8,9", "--last", "a,b"], "--last is a cell such as b2, or ROW,COL"),
        (["1,2,3/4,5,6/7,8,9", "--last", "1,1"], "the last take (b2) must be a taken cell"),
        (["1,2,3/4,5,6/7,8,9", "--last", "b2"], "the last take (b2) must be a taken cell"),
        (["1,.,3/4,5,6/7,8,9", "--last", "5,1"], "--last 5,1 is off the 3×3 board"),
        (["1,2,3/4,5/7,8,9"], "row 2 has 2 cells"),
        (["1,2,3/4,five,6/7,8,9"], "row 2, cell 2 is 'five'"),
        (["1,2/3,4"], "3×3 to 10×10"),
        (["1,2,3/4,5,6/7,8,9", "--first", "C"], "the first player is A or B"),
        (["1,2,3/4,5,6/7,8,9", "--persona", "sera"], "--persona: Row & Column 4×4 has no"),
        (["--moves", "b2,b2"], "move 2 (b2): "),
        (["1,2,3/4,5,6/7,8,9", "--algorithm", "minimax"], "Row & Column 4×4 has one search"),
        ([], "give at least one BOARD"),
    ],
)
def test_bad_positions_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("analyse", "--game", "rowcol", *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("tictactoe-gui: ")
    assert message in err


def test_a_last_move_beside_the_text_is_refused_where_the_text_says_all() -> None:
    code, _, err = run("analyse", "X........", "--last", "1,1")
    assert code == 2
    assert err == (
        "tictactoe-gui: argument 1: a position of Tic-tac-toe is its text alone; it takes no "
        "last move or player to move beside it\n"
    )


def test_analyse_takes_moves_a_player_and_the_last_take_in_the_text() -> None:
    spec = find_game("rowcol")
    state = spec.new_game().play_all(spec.parse_move_list("b2, b4"))
    code, out, err = run("analyse", "--game", "rowcol", "--moves", "b2,b4", "--json",
                         "--persona", "Abacus", "--seed", "1")  # fmt: skip
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert payload["board"] == state.position.to_text()
    assert payload["to_move"] == "A"
    chosen = payload["chosen_move"]
    assert chosen[0] * 4 + chosen[1] in state.legal_moves()
    assert chosen in payload["best_moves"]
    code, out, err = run("analyse", "--game", "rowcol", "--json", state.position_text())
    assert (code, err) == (0, "")
    assert json.loads(out)["candidates"] == payload["candidates"]
    code, out, _ = run("analyse", "--game", "rowcol", "--moves", "b2", "--persona", "perfect")
    assert code == 0
    assert "\nAbacus takes " in out


def test_unknown_games_are_named() -> None:
    code, _, err = run("analyse", "--game", "rowcol11", "1")
    assert code == 2
    assert "3×3 to 10×10" in err


# -- match ------------------------------------------------------------------------------


def ply_rngs(seed: int) -> Iterator[random.Random]:
    """Each ply's generator, as a game's seed gives them in order (the session's one rule
    for chance, the same in the window, ``play`` and ``match``)."""
    master = random.Random(seed)
    while True:
        yield random.Random(master.getrandbits(63))


def session_series(
    game: str,
    a: str,
    b: str,
    games: int,
    seed: int,
    *,
    first: int = 0,
    values: tuple[int, int] | None = None,
) -> list[RowColState]:
    """The games a seeded series plays, by the session's one rule for chance (as the window
    plays them): each game's board drawn from its seed, each take chosen by the strategy
    itself with the take's own generator."""
    spec = find_game(game)
    ends = []
    for game_seed in game_seeds(seed, games):
        setup = TableSetup(
            spec, GameMode.AI_VS_AI, (Seat.for_game(spec, a), Seat.for_game(spec, b)), first=first,
            values=values,
        )  # fmt: skip
        session = TableSession(setup, game_seed)
        while (seat := session.player_to_move) is not None:
            state = session.state
            assert isinstance(state, RowColState)
            take = get_strategy(seat.name).choose_take(state.position, session.move_rng())
            session.play(take.cell)
        end = session.state
        assert isinstance(end, RowColState)
        ends.append(end)
    return ends


def test_match_json_tally_is_the_seeded_games_the_session_plays() -> None:
    code, out, err = run(
        "match", "--game", "rowcol", "--x", "perfect", "--o", "Magpie",
        "--games", "10", "--seed", "5", "--json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    payload = json.loads(out)
    ends = session_series("rowcol4", "perfect", "greedy", 10, 5)
    a_scores = [end.position.score_a for end in ends]
    b_scores = [end.position.score_b for end in ends]
    assert payload == {
        "game": "rowcol4",
        "x": "perfect",
        "o": "greedy",
        "games": 10,
        "seed": 5,
        "first": "A",
        "values": [-9, 9],
        "a_wins": sum(a > b for a, b in zip(a_scores, b_scores, strict=True)),
        "b_wins": sum(b > a for a, b in zip(a_scores, b_scores, strict=True)),
        "ties": sum(a == b for a, b in zip(a_scores, b_scores, strict=True)),
        "average_a": round(sum(a_scores) / 10, 3),
        "average_b": round(sum(b_scores) / 10, 3),
    }
    assert payload["a_wins"] + payload["b_wins"] + payload["ties"] == 10


def test_match_honours_first_values_and_the_size_in_the_game_id() -> None:
    code, out, _ = run(
        "match", "--game", "rowcol3", "--x", "random", "--o", "maximize-future-min",
        "--games", "6", "--seed", "2", "--first", "B", "--values", "1..3", "--json",
    )  # fmt: skip
    assert code == 0
    payload = json.loads(out)
    assert payload["game"] == "rowcol3"
    assert (payload["first"], payload["values"]) == ("B", [1, 3])
    ends = session_series("rowcol3", "random", "maximize-future-min", 6, 2, first=1, values=(1, 3))
    assert payload["average_b"] == round(sum(end.position.score_b for end in ends) / 6, 3)
    starts = [end.start.position for end in ends]
    assert starts == [
        Position.from_seed(3, board_seed, low=1, high=3, first=Player.B)
        for board_seed in game_seeds(2, 6)
    ]
    assert all(set(start.values) <= {1, 2, 3} for start in starts)


def test_match_text_names_the_players_and_the_result() -> None:
    code, out, _ = run(
        "match", "--game", "rowcol", "--x", "greedy", "--o", "random", "--games", "3", "--seed", "1"
    )
    assert code == 0
    assert out.startswith("Row & Column 4×4, Magpie (greedy) as A vs Dice (random) as B, 3 games")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--x", "sera", "--o", "greedy"], "--x: Row & Column 4×4 has no player 'sera'"),
        (["--x", "greedy", "--o", "best"], "--o: Row & Column 4×4 has no player 'best'"),
        (["--x", "greedy", "--o", "random", "--size", "5"], "--size is replaced by the size in"),
        (["--x", "greedy", "--o", "random", "--values", "9..1"], "is empty"),
        (["--x", "greedy", "--o", "random", "--values", "nine"], "LO..HI"[:2]),
        (["--x", "greedy", "--o", "random", "--first", "X"], "the first player is A or B"),
    ],
)
def test_bad_match_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("match", "--game", "rowcol", *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


def test_players_with_a_strength_are_refused_in_one_line_where_the_session_does_not_play() -> None:
    code, out, err = run("match", "--game", "rowcol", "--x", "cop:3", "--o", "greedy")
    assert (code, out) == (2, "")
    assert err == (
        "tictactoe-gui: cop:N, sera:T and engine: players do not play Row & Column 4×4\n"
    )


def test_the_old_size_option_says_what_replaced_it() -> None:
    code, out, err = run("match", "--game", "rowcol", "--size", "5")
    assert (code, out) == (2, "")
    assert err.startswith(
        "tictactoe-gui: argument --size: --size is replaced by the size in --game's id "
        "(MxNkK, rowcolN, MxNkKg)"
    )


def test_strategies_need_the_rowcol_game_and_personas_the_other() -> None:
    code, _, err = run("match", "--x", "greedy", "--o", "cop")
    assert code == 2
    assert "--x: Tic-tac-toe has no player 'greedy'; choose one of: kitty, cop, sera" in err
    code, _, err = run("match", "--game", "rowcol", "--x", "cop", "--o", "greedy")
    assert code == 2
    assert "--x: Row & Column 4×4 has no player 'cop'" in err
    code, _, err = run("match", "--x", "cop", "--o", "cop", "--first", "O")
    assert code == 2
    assert "X always moves first in k in a row" in err
    code, _, err = run("match", "--x", "cop", "--o", "cop", "--values", "1..3")
    assert code == 2
    assert "there are no values to draw" in err


# -- play -------------------------------------------------------------------------------


def test_play_a_whole_game_in_the_terminal() -> None:
    # Take the first allowed cell every time, whatever it is: the game must reach its end.
    position = Position.from_seed(3, 11)
    answers = []
    opponent = get_strategy("greedy")
    rng = random.Random(11)
    while not position.is_over:
        if position.to_move is Player.A:
            cell = position.allowed_cells()[0]
            answers.append(position.cell_label(cell))
        else:
            cell = opponent.choose_take(position, rng).cell
        position = position.play(cell)
    code, out, err = run(
        "play", "--game", "rowcol3", "--seed", "11", "--strategy", "greedy",
        stdin="\n".join(answers) + "\n",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "You are A; Magpie (greedy) is B." in out
    assert "Magpie: Shiny numbers!" in out
    assert f"A {position.score_a}, B {position.score_b};" in out
    assert "The game is over: " in out
    winner = position.winner
    if winner is Player.A:
        assert "You win" in out
    elif winner is Player.B:
        assert "Magpie wins" in out
    else:
        assert "A tie" in out


def test_play_re_asks_on_bad_and_refused_cells_and_quits_cleanly() -> None:
    position = Position.from_seed(4, 3)
    first = position.allowed_cells()[0]
    after = position.play(first)
    refused = next(c for c in range(16) if c != first and not after.is_allowed(c))
    code, out, err = run(
        "play", "--game", "rowcol", "--seed", "3", "--strategy", "random",
        stdin=f"zz\n{position.cell_label(first)}\n",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "'zz' is not a cell" in out
    assert f"You take {position.cell_label(first)}" in out
    assert "Game abandoned; nothing was recorded." in out
    assert refused >= 0


def test_play_takes_the_second_seat_and_a_player_by_name() -> None:
    spec = find_game("rowcol3")
    state = spec.new_game(6)
    rngs = ply_rngs(6)
    answers = []
    while (mover := state.to_move) is not None:
        rng = next(rngs)
        if mover == 1:
            move = state.legal_moves()[0]
            answers.append(spec.format_move(move))
        else:
            move = spec.choose_move(state, "greedy", rng)
        state = state.play(move)
    code, out, err = run(
        "play", "--game", "rowcol3", "--seed", "6", "--persona", "Magpie", "--as", "b",
        stdin="\n".join(answers) + "\n",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "You are B; Magpie (greedy) is A." in out
    assert state.result is not None
    assert f"The game is over: {state.result.text}." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "rowcol", "--as", "X"], "--as: the first player is A or B, got 'X'"),
        (["--as", "A"], "--as: the first player is X or O, got 'A'"),
        (["--game", "rowcol", "--persona", "sera"], "--persona: Row & Column 4×4 has no player"),
        (["--first", "O"], "X always moves first in k in a row"),
    ],
)
def test_bad_play_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("play", *args, stdin="q\n")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert message in err


def test_play_refuses_a_cell_outside_the_row_and_column() -> None:
    # B (the computer) starts; after its take, a cell off its row and column is refused.
    code, out, _ = run(
        "play", "--game", "rowcol3", "--seed", "1", "--strategy", "greedy", "--first", "B",
        stdin="a1\nb2\nc3\nq\n",
    )  # fmt: skip
    assert code == 0
    assert "is not in the row or column of the last take" in out or "is already taken" in out
    # The cells allowed, listed as the window's board lists them: "a2, b1 or c3".
    cell = r"[a-c][1-3]"
    assert re.search(rf"; you may take ({cell}|({cell}, )*{cell} or {cell})\.\n", out), out


def test_match_records_every_game_of_the_series(tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    code, out, err = run(
        "match", "--game", "rowcol3", "--x", "perfect", "--o", "greedy", "--games", "4",
        "--seed", "9", "--record", "--db", str(db),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert f"Recorded 4 games in {db}." in out
    with open_for_reading(db) as repository:
        summaries = repository.list_games()
    assert len(summaries) == 4
    assert {g.game for g in summaries} == {"rowcol3"}
    _, played = play_series(3, get_strategy("perfect"), get_strategy("greedy"), 4, 9)
    results = sorted(
        "X" if g.winner is Player.A else "O" if g.winner is Player.B else "draw" for g in played
    )
    assert sorted(g.result.value for g in summaries) == results


def test_history_names_the_seats_a_and_b_with_the_scores(tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    code, _, _ = run(
        "match", "--game", "rowcol3", "--x", "perfect", "--o", "greedy", "--games", "3",
        "--seed", "9", "--record", "--db", str(db),
    )  # fmt: skip
    assert code == 0
    played = [end.position for end in session_series("rowcol3", "perfect", "greedy", 3, 9)]
    code, out, err = run("history", "--db", str(db))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 3
    for line, game in zip(lines, reversed(played), strict=True):  # newest first
        assert "Abacus (A) vs Magpie (B): " in line
        winner = game.winner
        if winner is None:
            words = f"a tie at {game.score_a} each"
        else:
            mine, theirs = (
                (game.score_a, game.score_b) if winner is Player.A else (game.score_b, game.score_a)
            )
            name = "Abacus" if winner is Player.A else "Magpie"
            words = f"{name} ({winner}) wins, {mine} to {theirs}"
        takes = bin(game.taken).count("1")
        assert f": {words}, after {takes} take{'s' * (takes != 1)}  [Row & Column 3×3" in line
        assert "(X)" not in line
    code, out, _ = run("history", "--db", str(db), "--json", "--limit", "1")
    newest = json.loads(out)
    assert newest["scores"] == {"A": played[-1].score_a, "B": played[-1].score_b}


def test_play_records_the_finished_game_under_the_name(tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    position = Position.from_seed(3, 5)
    opponent = get_strategy("random")
    rngs = ply_rngs(5)
    answers = []
    while not position.is_over:
        rng = next(rngs)
        if position.to_move is Player.A:
            cell = position.allowed_cells()[-1]
            answers.append(position.cell_label(cell))
        else:
            cell = opponent.choose_take(position, rng).cell
        position = position.play(cell)
    code, out, err = run(
        "play", "--game", "rowcol3", "--seed", "5", "--strategy", "random", "--name", "Alice",
        "--record", "--db", str(db), stdin="\n".join(answers) + "\n",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert f"Recorded in {db}." in out
    with open_for_reading(db) as repository:
        (game,) = repository.list_games()
    assert game.game == "rowcol3"
    assert game.x.name == "Alice"
    assert game.o.name == "random"


def test_an_abandoned_game_is_not_recorded(tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    code, out, _ = run(
        "play", "--game", "rowcol", "--record", "--db", str(db), "--seed", "1", stdin="q\n"
    )
    assert code == 0
    assert "nothing was recorded" in out
    code, out, _ = run("history", "--db", str(db), "--json")
    assert out == ""


def test_leaderboard_counts_games_against_a_strategy_named_as_the_game_names_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "records.sqlite3"
    for opponent in ("greedy", "random"):
        code, _, err = run(
            "match", "--game", "rowcol3", "--x", "perfect", "--o", opponent, "--games", "2",
            "--seed", "3", "--record", "--db", str(db),
        )  # fmt: skip
        assert (code, err) == (0, "")
    code, out, err = run(
        "leaderboard", "--game", "rowcol3", "--against", "Magpie", "--json", "--db", str(db)
    )
    assert (code, err) == (0, "")
    rows = {row["name"]: row for row in map(json.loads, out.splitlines())}
    assert rows["perfect"]["games"] == 2
    assert "random" not in rows
