"""import and export of other programs' game files: Piskvork's .psq and Connect Four's digits."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tictactoe_gui.engine.field_formats import write_digits, write_psq
from tictactoe_gui.engine.games import GameState, find_game


def finished(game_id: str, seed: int) -> GameState:
    """A game played at random to its end (a win or a full board)."""
    rng = random.Random(seed)
    state = find_game(game_id).new_game()
    while state.result is None:
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize(("game_id", "name"), [("gomoku", "game.psq"), ("9x7k5", "small.psq")])
def test_a_psq_game_imports_and_exports_as_it_was(
    db: Path, tmp_path: Path, game_id: str, name: str
) -> None:
    game = finished(game_id, 4)
    source = tmp_path / name
    source.write_text(write_psq(game) + "-1\npbrain-one.exe\npbrain-two\n-1\n")
    code, out, err = run("import", str(source), "--db", str(db))
    assert (code, err) == (0, "")
    assert out == f"Imported 1 game from {source}: game 1.\n"
    code, out, _ = run("history", "--json", "--db", str(db))
    (listed,) = [json.loads(line) for line in out.splitlines()]
    assert listed["game"] == game_id
    assert listed["plies"] == len(game.moves)
    names = (listed["x"]["name"], listed["o"]["name"])
    assert names == ("engine:pbrain-one.exe", "engine:pbrain-two")
    target = tmp_path / "again.psq"
    code, out, err = run("export", str(target), "--id", "1", "--db", str(db))
    assert (code, err) == (0, "")
    assert target.read_text() == write_psq(game)


def test_connect_four_digits_import_and_export(db: Path, tmp_path: Path) -> None:
    game = finished("connect4", 7)
    source = tmp_path / "game.txt"
    source.write_text(write_digits(game) + "\n")
    assert run("import", str(source), "--db", str(db))[0] == 0
    code, out, err = run("export", "-", "--id", "1", "--db", str(db))
    assert (code, out) == (0, write_digits(game) + "\n")
    assert err == "Exported game 1 to standard output.\n"
    code, out, _ = run("review", "1", "--json", "--time", "0.05", "--db", str(db))
    assert code == 0
    assert len(json.loads(out)["moves"]) == len(game.moves)


def test_another_gravity_board_is_named_with_game(db: Path, tmp_path: Path) -> None:
    game = finished("5x5k4g", 2)
    source = tmp_path / "small.txt"
    source.write_text(write_digits(game))
    code, _, err = run("import", str(source), "--game", "5x5k4g", "--db", str(db))
    assert (code, err) == (0, "")
    code, out, _ = run("history", "--json", "--db", str(db))
    assert json.loads(out)["game"] == "5x5k4g"


HEAD = "Piskvorky 15x15, 11:11, 0\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEAD + "8,8,0\n9,9,0\n8,8,0\n", "bad.psq, line 4: cell h8 is already taken"),
        (HEAD + "8,8,0\n99,9,0\n", "bad.psq, line 3: 99,9 is off the board"),
        (HEAD + "8,8,0\n9,9,0\n", "bad.psq: the game has not ended after 2 moves"),
        ("Piskvorky 15x16, 11:11, 0\n", "bad.psq: the game has not ended after 0 moves"),
        ("4448", "bad.psq, line 1, move 4: column 8"),
    ],
)  # fmt: skip
def test_a_bad_file_is_one_line_and_records_nothing(
    db: Path, tmp_path: Path, text: str, message: str
) -> None:
    bad = tmp_path / "bad.psq"
    bad.write_text(text)
    code, out, err = run("import", str(bad), "--db", str(db))
    assert (code, out) == (2, "")
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert not db.exists()  # nothing half-imported: not even a records file


def test_options_that_do_not_fit_are_refused_in_one_line(db: Path, tmp_path: Path) -> None:
    run("match", "--x", "cop", "--o", "kitty", "--games", "1", "--record", "--db", str(db))
    export = tmp_path / "all.json"
    assert run("export", str(export), "--db", str(db))[0] == 0
    code, _, err = run("import", str(export), "--game", "gomoku", "--db", str(db))
    assert code == 2
    assert "--game is for a .psq or column-digits file" in err
    code, _, err = run("export", str(tmp_path / "x.psq"), "--db", str(db))
    assert code == 2
    assert "a psq file holds one game: give its id with --id GAME_ID" in err
    code, _, err = run("export", "-", "--id", "1", "--format", "digits", "--db", str(db))
    assert code == 2
    assert "game 1: a string of column digits is a game where discs fall" in err
    code, _, err = run("export", "-", "--id", "1", "--format", "csv", "--db", str(db))
    assert code == 2
    assert "--id exports one game as psq or digits" in err


@pytest.mark.parametrize(
    "header", ["Piskvorky 15x, 11:11, 0", "piskvorky", "Piskvorky fifteen by fifteen"]
)
def test_a_psq_file_whose_header_is_wrong_is_refused_naming_line_1(
    db: Path, tmp_path: Path, header: str
) -> None:
    source = tmp_path / "broken.psq"
    source.write_text(f"{header}\n8,8,0\n9,8,0\n")
    code, out, err = run("import", str(source), "--db", str(db))
    assert (code, out) == (2, "")  # as any other bad file (not a JSON parse error)
    assert err.startswith("tictactoe-gui: broken.psq, line 1: ")
    assert "Piskvorky WxH" in err
    assert len(err.splitlines()) == 1
    assert not db.exists()
