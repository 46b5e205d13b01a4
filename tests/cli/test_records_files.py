"""The records commands with games of several kinds, damaged files, and export/import."""

from __future__ import annotations

import json
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.storage.games import human, make_game, persona
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import MoveEntry, Result


def small_board_game(minute: int) -> object:
    """Ann beats Kitty at 4x4, three in a row (X: a4 b4 c4 along the top row)."""
    game = make_game(human("Ann"), persona("kitty"), Result.X_WINS, minute=minute)
    cells = (0, 4, 1, 5, 2)
    return replace(
        game,
        game="4x4k3",
        rows=4,
        cols=4,
        start_board="4/4/4/4",
        moves=tuple(MoveEntry(i + 1, c, "XO"[i % 2]) for i, c in enumerate(cells)),
    )


def seed(db: Path) -> None:
    with Repository.open(db) as repository:
        repository.save_games(
            [
                make_game(human("Bob"), persona("cop"), Result.O_WINS, minute=1),
                make_game(human("Ann"), persona("cop"), Result.DRAW, minute=2),
                small_board_game(3),  # type: ignore[list-item]
            ]
        )


def test_leaderboard_shows_one_game_at_a_time(db: Path) -> None:
    seed(db)
    code, out, _ = run("leaderboard", "--db", str(db), "--json")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert {row["game"] for row in rows} == {"tictactoe"}
    assert {(row["name"], row["games"]) for row in rows} == {("cop", 2), ("Bob", 1), ("Ann", 1)}
    code, out, _ = run("leaderboard", "--db", str(db), "--json", "--game", "4X4K3")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(row["game"], row["name"], row["wins"]) for row in rows] == [
        ("4x4k3", "Ann", 1),
        ("4x4k3", "kitty", 0),
    ]
    code, out, _ = run("leaderboard", "--db", str(db), "--game", "gomoku")
    assert (code, out) == (0, "No games of Gomoku recorded yet.\n")


def test_history_lists_every_game_with_its_game_unless_filtered(db: Path) -> None:
    seed(db)
    code, out, err = run("history", "--db", str(db), "--json")
    assert (code, err) == (0, "")
    assert [json.loads(line)["game"] for line in out.splitlines()] == [
        "4x4k3",
        "tictactoe",
        "tictactoe",
    ]
    _, out, _ = run("history", "--db", str(db), "--json", "--game", "4x4k3")
    assert [json.loads(line)["game"] for line in out.splitlines()] == ["4x4k3"]
    _, out, _ = run("history", "--db", str(db))
    assert "[4×4, three in a row, game 3]" in out
    assert "[Tic-tac-toe, game 1]" in out


def test_an_unknown_game_is_one_line_and_status_2(db: Path) -> None:
    code, out, err = run("leaderboard", "--db", str(db), "--game", "chess")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert "unknown game 'chess'" in err


def test_a_damaged_row_is_one_line_and_the_others_are_listed(db: Path) -> None:
    seed(db)
    connection = sqlite3.connect(db)
    connection.execute("PRAGMA ignore_check_constraints = ON")
    connection.execute("UPDATE games SET ended_at = 'garbage' WHERE id = 2")
    connection.commit()
    connection.close()
    code, out, err = run("history", "--db", str(db))
    assert code == 1
    assert err == "tictactoe-gui: game 2 cannot be read: ended_at is 'garbage'\n"
    assert len(out.splitlines()) == 2


def test_mid_file_damage_is_noticed_in_one_line(db: Path) -> None:
    with Repository.open(db) as repository:
        repository.save_games(
            make_game(human(f"P{i}"), persona("cop"), Result.DRAW, minute=i) for i in range(300)
        )
    original = db.read_bytes()
    damaged = original[: 4 * 4096] + b"\xa5" * (len(original) - 6 * 4096) + original[-8192:]
    db.write_bytes(damaged)
    for command in ("leaderboard", "history", "export"):
        args = (command, "--db", str(db)) + (
            (str(db.parent / "out.json"),) if command == "export" else ()
        )
        code, _, err = run(*args)
        assert code == 1, command
        assert err.count("\n") == 1
        assert "damaged" in err
    assert db.read_bytes() == damaged


def test_names_from_the_file_never_drive_the_terminal(db: Path) -> None:
    seed(db)
    connection = sqlite3.connect(db)
    connection.execute("UPDATE games SET o_persona = 'x' || char(27) || '[31mred' WHERE id = 1")
    connection.execute("UPDATE players SET name = 'Ann' || char(8238) || 'evil' WHERE name = 'Ann'")
    connection.commit()
    connection.close()
    for command in ("leaderboard", "history"):
        code, out, _ = run(command, "--db", str(db))
        assert code == 0
        assert "\x1b" not in out
        assert "\u202e" not in out
        assert "\\u001b" in out or "\\u202e" in out


def test_export_and_import_round_trip(db: Path, tmp_path: Path) -> None:
    seed(db)
    target = tmp_path / "all.json"
    code, out, err = run("export", str(target), "--db", str(db))
    assert (code, err) == (0, "")
    assert out == f"Exported 3 games to {target}.\n"
    code, out, _ = run("export", str(tmp_path / "small.csv"), "--db", str(db), "--game", "4x4k3")
    assert out.startswith("Exported 1 game of 4×4, three in a row to")
    assert (tmp_path / "small.csv").read_text().splitlines()[1].split(",")[1] == "4x4k3"
    code, out, _ = run("export", str(tmp_path / "t.data"), "--format", "csv", "--db", str(db))
    assert (tmp_path / "t.data").read_text().startswith("uuid,game,")
    other = tmp_path / "other.sqlite3"
    code, out, err = run("import", str(target), "--db", str(other))
    assert (code, err) == (0, "")
    assert out == f"Imported 3 games from {target}.\n"
    code, out, _ = run("import", str(target), "--db", str(other))
    assert out == f"Imported 0 games; 3 were already recorded from {target}.\n"
    _, out, _ = run("leaderboard", "--db", str(other), "--game", "4x4k3", "--json")
    assert json.loads(out.splitlines()[0])["name"] == "Ann"


def test_a_bad_import_is_one_line_and_imports_nothing(db: Path, tmp_path: Path) -> None:
    seed(db)
    target = tmp_path / "all.json"
    run("export", str(target), "--db", str(db))
    document = json.loads(target.read_text())
    document["games"][2]["result"] = "O"  # the moves say X won
    target.write_text(json.dumps(document))
    other = tmp_path / "other.sqlite3"
    code, out, err = run("import", str(target), "--db", str(other))
    assert (code, out) == (1, "")
    assert err.count("\n") == 1
    assert "game 3: the result is recorded as 'O' but the moves give 'X'" in err
    with Repository.open(other) as repository:
        assert repository.count_games() == 0


REAL_V2 = Path(__file__).parents[1] / "storage" / "data" / "records-v2.sqlite3"


def test_a_file_that_is_not_json_leaves_the_records_as_they_were(tmp_path: Path) -> None:
    """Nothing is created, upgraded, backed up or moved aside for a file that cannot import."""
    bad = tmp_path / "notes.json"
    bad.write_text("these are my notes, not JSON\n")
    folder = tmp_path / "records"
    folder.mkdir()
    shutil.copy(REAL_V2, folder / "old.sqlite3")
    (folder / "damaged.sqlite3").write_text("not a database either\n" * 50)

    def files() -> dict[str, bytes]:
        return {path.name: path.read_bytes() for path in folder.iterdir()}

    before = files()
    for name in ("old.sqlite3", "damaged.sqlite3", "missing.sqlite3"):
        code, out, err = run("import", str(bad), "--db", str(folder / name))
        assert (code, out) == (1, "")
        assert err == (
            "tictactoe-gui: notes.json is none of the files import reads: a records export"
            " (JSON), a Piskvork game (.psq) or a Connect Four game of column digits\n"
        )
        assert files() == before


def test_exporting_with_no_records_creates_nothing(tmp_path: Path) -> None:
    missing = tmp_path / "none" / "records.sqlite3"
    code, out, _ = run("export", str(tmp_path / "out.json"), "--db", str(missing))
    assert (code, out) == (0, f"Exported 0 games to {tmp_path / 'out.json'}.\n")
    assert not missing.parent.exists()
    assert json.loads((tmp_path / "out.json").read_text())["games"] == []


def test_reading_commands_leave_a_zero_length_file_alone(db: Path) -> None:
    db.write_bytes(b"")
    for command in ("leaderboard", "history"):
        assert run(command, "--db", str(db))[0] == 0
    assert db.read_bytes() == b""


def test_the_home_folder_in_db_is_the_same_for_reading_and_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    seed(tmp_path / "t.sqlite3")
    code, out, _ = run("history", "--db", "~/t.sqlite3", "--json")
    assert (code, len(out.splitlines())) == (0, 3)
    code, out, _ = run("export", "~/t.json", "--db", "~/t.sqlite3")
    assert (code, (tmp_path / "t.json").exists()) == (0, True)
