"""``games``: the games by the ids --game takes, their sizes, and what the engine does on each."""

from __future__ import annotations

import io
import json

import pytest

from tictactoe_gui.cli import main
from tictactoe_gui.cli.entry import build_parser
from tictactoe_gui.engine.games import Solving, find_game, listed_games, registered_games


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_games_lists_every_game_in_menu_order_with_its_size_and_engine() -> None:
    code, out, err = run("games")
    assert (code, err) == (0, "")
    rows = [line.split() for line in out.splitlines() if line.startswith("  ")]
    ids = [row[0] for row in rows[: len(listed_games())]]
    assert ids == [spec.id for spec in listed_games()]
    assert ids[:7] == ["tictactoe", "four", "gomoku", "4x4k3", "4x4k4", "5x5k4", "rowcol4"]
    for spec in listed_games():
        (line,) = (line for line in out.splitlines() if line.startswith(f"  {spec.id} "))
        assert spec.name in line
        assert spec.size_text in line
        assert line.endswith(str(spec.solving))
    assert "  tictactoe  Tic-tac-toe" in out
    assert out.count("solved exactly") >= 2


def test_games_describes_the_grammars_and_what_each_engine_level_means() -> None:
    _, out, _ = run("games")
    assert "  MxNkK    k in a row: M rows by N columns, K in a row" in out
    assert "  rowcolN  Row & Column: an N×N grid of numbers, N from 3 to 10" in out
    for level in Solving:
        assert f"  {level}: " in out
    assert max(len(line) for line in out.splitlines()) <= 88


def test_games_json_lists_the_same_games_with_their_players() -> None:
    code, out, err = run("games", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert [game["id"] for game in payload["games"]] == [spec.id for spec in listed_games()]
    for game in payload["games"]:
        spec = find_game(game["id"])
        assert (game["rows"], game["cols"], game["size"]) == (spec.rows, spec.cols, spec.size_text)
        assert game["engine"] in {level.value for level in Solving}
        assert game["engine"] == spec.solving.value
        assert game["engine_detail"] == spec.solving_text
        assert [p["key"] for p in game["players"]] == [p.key for p in spec.players]
    by_id = {game["id"]: game for game in payload["games"]}
    assert by_id["tictactoe"]["seats"] == ["X", "O"]
    assert by_id["rowcol4"]["seats"] == ["A", "B"]
    assert by_id["rowcol4"]["values"] == "margin in points"
    assert [p["key"] for p in by_id["tictactoe"]["players"]] == ["kitty", "cop", "sera"]
    assert [g["grammar"] for g in payload["grammars"]] == [g.grammar for g in registered_games()]


@pytest.mark.parametrize(
    "command", ["analyse", "match", "play", "solve", "history", "leaderboard", "export"]
)
def test_every_listed_id_is_one_the_game_option_takes(command: str) -> None:
    parser = build_parser()
    required = {"analyse": ["X........"], "export": ["-"]}
    for spec in listed_games():
        args = parser.parse_args([command, *required.get(command, []), "--game", spec.id])
        assert args.game in (spec, spec.id)


def test_games_refuses_what_it_does_not_take_in_one_line() -> None:
    code, out, err = run("games", "--game", "four")
    assert code == 2
    assert out == ""
    assert err.startswith("tictactoe-gui: unrecognized arguments: --game four")
    assert err.count("\n") == 1
