"""Connect Four and the gravity boards at the command line: listed, analysed, solved, matched
and played through the game interface, with moves as cells, column letters or column digits."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import run


def test_games_lists_connect_four_and_the_gravity_grammar() -> None:
    code, out, err = run("games", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    (connect4,) = (game for game in payload["games"] if game["id"] == "connect4")
    assert connect4["name"] == "Connect Four"
    assert "MxNkKg" in [grammar["grammar"] for grammar in payload["grammars"]]


def test_analyse_gives_every_column_exact_with_its_landing_cell() -> None:
    code, out, err = run("analyse", "--game", "5x4k4g", "--moves", "22", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert (payload["exact"], payload["outcome"], payload["plies_to_end"]) == (True, "draw", 18)
    by_move = {c["move"]: c for c in payload["candidates"]}
    assert (by_move["b3"]["row"], by_move["b3"]["col"]) == (2, 1)
    assert (by_move["b3"]["outcome"], by_move["b3"]["plies_to_end"]) == ("draw", 18)
    assert by_move["a1"]["outcome"] == "loss"


def test_analyse_reads_column_letters_and_labels_an_estimate() -> None:
    # A position of 8 discs off the opening book that takes the solver seconds.
    moves = "g, f, f, f, f, a, e, a"
    code, out, err = run("analyse", "--game", "connect4", "--moves", moves, "--time", "0.2")
    assert (code, err) == (0, "")
    assert "X to move. Not solved: estimated. Candidates, best first:" in out
    code, out, err = run(
        "analyse", "--game", "connect4", "--moves", "76666151", "--json", "--time", "0.05"
    )
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert payload["board"] == "7/7/5X./5O./O4X./O3XOX"
    assert payload["exact"] is False
    code, out, err = run("analyse", "--game", "connect4", "--moves", "4444444")
    assert (code, out) == (2, "")
    assert "move 7: column d is full" in err


def test_solve_proves_small_gravity_boards() -> None:
    code, out, err = run("solve", "--game", "4x4k4g", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert (payload["outcome"], payload["plies_to_end"]) == ("draw", 16)
    code, out, err = run("solve", "--game", "4x5k3g", "--moves", "3")
    assert (code, err) == (0, "")
    assert out.startswith("4×5, 3 in a row, with gravity: X wins in 8 plies, proven.")


def test_match_and_play_connect_four() -> None:
    code, out, err = run(
        "match", "--game", "connect4", "--x", "cop", "--o", "kitty", "--games", "2", "--json"
    )
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert payload["x_wins"] + payload["o_wins"] + payload["draws"] == 2
    code, out, err = run(
        "play", "--game", "connect4", "--persona", "kitty", "--seed", "4",
        stdin="d\nz\nd\nd\nd\nd\nd\nd\n",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "You drop d1." in out
    # The prompt names a move the way Connect Four's players give one: by its column.
    assert "Your move (a column letter such as d, or the cell d1; q to quit): " in out
    assert (
        "'z' is not a move: give a column letter from a to g, its digit from 1 to 7, or a " in out
    )
    assert "The game is over:" in out


def test_connect_four_games_are_recorded_listed_ranked_exported_and_imported(
    tmp_path: Path,
) -> None:
    database = str(tmp_path / "records.db")
    code, out, err = run(
        "match", "--game", "connect4", "--x", "cop", "--o", "kitty", "--games", "2", "--seed",
        "3", "--record", "--db", database,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert f"Recorded 2 games in {database}." in out
    code, out, err = run(
        "play", "--game", "4x4k3g", "--persona", "kitty", "--name", "Ada", "--record",
        "--db", database, stdin="a\nb\nc\nd\n" * 8,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "Recorded in" in out
    code, out, err = run("history", "--game", "connect4", "--json", "--db", database)
    assert (code, err) == (0, "")
    games = [json.loads(line) for line in out.splitlines()]
    assert [game["game"] for game in games] == ["connect4", "connect4"]
    assert {(game["x"]["name"], game["o"]["name"]) for game in games} == {("cop", "kitty")}
    code, out, err = run("history", "--game", "4x4k3g", "--db", database)
    assert (code, err) == (0, "")
    assert "Ada (X) vs Kitty (O)" in out or "Kitty (X) vs Ada (O)" in out
    code, out, err = run("leaderboard", "--game", "4x4k3g", "--json", "--db", database)
    assert (code, err) == (0, "")
    assert "Ada" in [json.loads(line)["name"] for line in out.splitlines()]
    export = tmp_path / "connect4.json"
    code, out, err = run("export", str(export), "--game", "connect4", "--db", database)
    assert (code, err) == (0, "")
    exported = json.loads(export.read_text(encoding="utf-8"))["games"]
    assert [game["game"] for game in exported] == ["connect4", "connect4"]
    elsewhere = str(tmp_path / "elsewhere.db")
    code, out, err = run("import", str(export), "--db", elsewhere)
    assert (code, err) == (0, "")
    assert "Imported 2 games" in out
    code, out, err = run("history", "--game", "connect4", "--json", "--db", elsewhere)
    assert sorted(json.loads(line)["uuid"] for line in out.splitlines()) == sorted(
        game["uuid"] for game in games
    )
