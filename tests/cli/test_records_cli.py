"""The records commands: match --record, leaderboard and history, and where the file lives."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.storage.games import human, make_game, persona
from tictactoe_gui.cli import main
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode, Result, SideKind


def test_match_record_stores_every_game_as_played(db: Path) -> None:
    code, out, err = run("match", "--x", "sera", "--o", "kitty", "--games", "6", "--seed", "3",
                         "--record", "--db", str(db), "--json")  # fmt: skip
    assert (code, err) == (0, "")
    tally = json.loads(out)
    with Repository.open(db) as repository:
        games = repository.list_games(limit=10)
        assert len(games) == 6
        assert all(g.mode is GameMode.AI_VS_AI for g in games)
        assert {(g.x.kind, g.x.name, g.o.name) for g in games} == {
            (SideKind.PERSONA, "sera", "kitty")
        }
        results = [g.result for g in games]
        assert results.count(Result.X_WINS) == tally["x_wins"]
        assert results.count(Result.DRAW) == tally["draws"]
        detail = repository.game(games[0].id)
        assert len(detail.moves) == detail.summary.plies
        assert all(m.verdict is not None and m.score is not None for m in detail.moves)
        assert detail.summary.x_ai_nodes > 0
        assert len({g.seed for g in games} - {None}) == 6  # each game keeps its own seed


def test_without_record_nothing_is_written(db: Path) -> None:
    assert run("match", "--x", "cop", "--o", "cop", "--games", "2", "--db", str(db))[0] == 0
    assert not db.exists()


def test_the_environment_variable_chooses_the_file(db: Path, tmp_path: Path) -> None:
    run("match", "--x", "cop", "--o", "kitty", "--games", "2", "--seed", "1", "--record")
    with Repository.open(tmp_path / "default.sqlite3") as repository:
        assert repository.count_games() == 2
    code, out, _ = run("leaderboard", "--json")
    assert code == 0
    assert {json.loads(line)["name"] for line in out.splitlines()} == {"cop", "kitty"}


def seed_league(db: Path) -> None:
    with Repository.open(db) as repository:
        repository.save_games(
            [
                make_game(human("Zoë ✨"), persona("kitty"), Result.X_WINS, minute=1),
                make_game(human("Zoë ✨"), persona("sera"), Result.DRAW, minute=2),
                make_game(persona("cop"), human("Bob"), Result.X_WINS, minute=3),
            ]
        )


def test_leaderboard_prints_people_and_personas(db: Path) -> None:
    seed_league(db)
    code, out, _ = run("leaderboard", "--db", str(db))
    assert code == 0
    lines = out.splitlines()
    # Ranked by wins, then win rate: Cop (1 of 1) above Zoë (1 of 2).
    assert "Cop (AI)" in lines[1]
    assert "Zoë ✨" in lines[2]
    assert "Kitty (AI)" in out
    code, out, _ = run("--db", str(db), "leaderboard", "--json", "--against", "kitty")
    assert [json.loads(line) for line in out.splitlines()] == [
        {"game": "tictactoe", "name": "Zoë ✨", "kind": "human", "games": 1, "wins": 1,
         "losses": 0, "draws": 0, "win_rate": 1.0},
    ]  # fmt: skip


def test_history_newest_first_with_player_and_limit(db: Path) -> None:
    seed_league(db)
    code, out, _ = run("history", "--db", str(db), "--json")
    assert code == 0
    games = [json.loads(line) for line in out.splitlines()]
    assert [g["o"]["name"] for g in games] == ["Bob", "sera", "kitty"]
    # Times in UTC, written as the JSON export writes them.
    export = db.with_name("export.json")
    assert run("export", str(export), "--db", str(db))[0] == 0
    exported = {g["uuid"]: g for g in json.loads(export.read_text(encoding="utf-8"))["games"]}
    for game in games:
        assert game["started_at"] == exported[game["uuid"]]["started_at"]
        assert game["ended_at"] == exported[game["uuid"]]["ended_at"]
        assert game["ended_at"].endswith("Z")
    _, out, _ = run("history", "--db", str(db), "--player", "zoë ✨", "--limit", "1", "--json")
    [only] = [json.loads(line) for line in out.splitlines()]
    assert only["result"] == "draw"
    _, out, _ = run("history", "--db", str(db), "--player", "Bob")
    assert "Cop (X) vs Bob (O): Cop (X) wins in 5 moves" in out


def test_export_to_standard_output(db: Path) -> None:
    seed_league(db)
    code, out, err = run("export", "-", "--db", str(db))
    assert code == 0
    assert err == "Exported 3 games to standard output.\n"
    assert len(json.loads(out)["games"]) == 3
    code, out, err = run("export", "-", "--format", "csv", "--db", str(db))
    assert code == 0
    assert out.splitlines()[0].startswith("uuid,game,started_at")
    assert len(out.splitlines()) == 4
    assert not (Path.cwd() / "-").exists()


def test_a_limit_beyond_any_count_lists_every_game(db: Path) -> None:
    seed_league(db)
    code, out, err = run("history", "--db", str(db), "--limit", str(10**30), "--json")
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == 3


def test_an_empty_record_says_so(db: Path) -> None:
    assert run("leaderboard", "--db", str(db))[1] == "No games recorded yet.\n"
    assert run("history", "--db", str(db))[1] == "No games recorded yet.\n"


def test_reading_records_that_do_not_exist_creates_nothing(tmp_path: Path, db: Path) -> None:
    missing = tmp_path / "typo" / "records.sqlite3"
    for command in ("leaderboard", "history"):
        assert run(command, "--db", str(missing)) == (0, "No games recorded yet.\n", "")
        assert run(command, "--db", str(missing), "--json") == (0, "", "")
    assert not missing.parent.exists()
    with Repository.open(db):
        pass  # an empty records file reads the same way
    assert run("history", "--db", str(db), "--player", "Bob") == (0, "No games of Bob.\n", "")


@pytest.mark.parametrize(
    "command",
    [
        ("history",),
        ("history", "--json", "--player", "Bob"),
        ("leaderboard",),
        ("leaderboard", "--json"),
        ("export", "OUT/all.json"),
        ("export", "OUT/all.csv"),
        ("export", "-"),
    ],
)
def test_a_read_command_leaves_nothing_beside_the_records(
    tmp_path: Path, db: Path, command: tuple[str, ...]
) -> None:
    """No -wal or -shm file is left beside a records file that only was read."""
    seed_league(db)  # in WAL mode, closed: the file alone in its folder
    (tmp_path / "out").mkdir()
    before = sorted(db.parent.iterdir())
    args = [part.replace("OUT", str(tmp_path / "out")) for part in command]
    code, out, _ = run(*args, "--db", str(db))
    assert code == 0
    assert out
    assert sorted(db.parent.iterdir()) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("history", "--player", " "), "--player: a player name cannot be empty"),
        (("history", "--limit", "0"), "expected a number of at least 1"),
        (("leaderboard", "--against", "dog"), "--against: Tic-tac-toe has no player 'dog'"),
        (("leaderboard", "--game", "rowcol", "--against", "cop"), "Row & Column 4×4 has no player"),
    ],
)
def test_bad_input_is_one_line_and_status_2(db: Path, args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args, "--db", str(db))
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


def test_an_unusable_database_is_one_line_and_status_1(tmp_path: Path, db: Path) -> None:
    db.write_text("not a database")
    code, _, err = run("leaderboard", "--db", str(db))
    assert code == 1
    assert "damaged or not a records database" in err
    assert err.count("\n") == 1
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run("history", "--db", str(blocker / "records.sqlite3"))
    assert code == 1
    assert "cannot create the folder" in err


def test_the_human_tally_says_how_many_games_were_recorded(db: Path) -> None:
    code, out, _ = run("match", "--x", "kitty", "--o", "kitty", "--games", "1", "--seed", "5",
                       "--record", "--db", str(db))  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(
        "Tic-tac-toe, Kitty (kitty) as X vs Kitty (kitty) as O, 1 game, seed 5: "
    )
    assert lines[1] == f"Recorded 1 game in {db}."


def test_play_records_a_finished_terminal_game_and_greets_a_returning_player(db: Path) -> None:
    moves = "\n".join(["5", "1", "9", "3", "7", "2", "8", "4", "6"] * 3) + "\n"
    args = ("play", "--persona", "kitty", "--seed", "2", "--name", "  Ana María ", "--record",
            "--db", str(db))  # fmt: skip
    code, out, err = run(*args, stdin=moves)
    assert (code, err) == (0, "")
    assert "Welcome, Ana María! This is your first game of Tic-tac-toe here — good luck." in out
    assert out.rstrip().endswith(f"Recorded in {db}.")
    with Repository.open(db) as repository:
        (game,) = repository.list_games(limit=10)
        assert game.mode is GameMode.HUMAN_VS_AI
        assert (game.x.kind, game.x.name) == (SideKind.HUMAN, "Ana María")
        assert (game.o.kind, game.o.name) == (SideKind.PERSONA, "kitty")
        record = repository.record_of("ana maría")
    assert record is not None
    assert record.games == 1
    _, again, _ = run(*args, stdin=moves)
    assert f"Welcome back, Ana María — Tic-tac-toe: {record.summary()}" in again


def test_the_terminal_greeting_counts_in_the_singular_for_one(db: Path) -> None:
    with Repository.open(db) as repository:
        repository.save_game(make_game(human("Alice"), persona("kitty"), Result.X_WINS))
    code, out, _ = run("play", "--name", "Alice", "--record", "--db", str(db), stdin="q\n")
    assert code == 0
    assert "Welcome back, Alice — Tic-tac-toe: 1 win, 0 losses, 0 draws" in out


def test_an_abandoned_terminal_game_is_not_recorded(db: Path) -> None:
    code, out, _ = run("play", "--record", "--db", str(db), stdin="5\nq\n")
    assert code == 0
    assert "Game abandoned; nothing was recorded." in out
    with Repository.open(db) as repository:
        assert repository.list_games(limit=10) == []


@pytest.mark.parametrize("name", ["", "   ", "x" * 33, "bad\tname"])
def test_play_refuses_a_bad_name_in_one_line(name: str) -> None:
    code, out, err = run("play", "--name", name, stdin="q\n")
    assert code == 2
    assert out == ""
    assert err.startswith("tictactoe-gui: argument --name: a player name")
    assert err.count("\n") == 1


class ReleaseOnWaiting(io.StringIO):
    """Standard error that lets the other program finish once the app says it waits."""

    def __init__(self, holder: sqlite3.Connection) -> None:
        super().__init__()
        self.holder = holder

    def write(self, text: str) -> int:
        if "waiting to record the game" in text:
            self.holder.commit()
        return super().write(text)


@pytest.mark.parametrize(
    "command",
    [
        ("match", "--x", "kitty", "--o", "cop", "--games", "1", "--record"),
        ("match", "--x", "cop:2", "--o", "kitty", "--games", "1", "--record"),
        ("match", "--game", "rowcol4", "--x", "greedy", "--o", "random", "--record"),
        ("play", "--persona", "kitty", "--seed", "2", "--name", "Ann", "--record"),
    ],
    ids=["match", "match-strength", "rowcol", "play"],
)
def test_a_finished_game_waits_for_another_program_writing_and_says_so(
    db: Path, command: tuple[str, ...]
) -> None:
    seed_league(db)
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # another program in the middle of a long write
    stderr = ReleaseOnWaiting(holder)
    stdin = "\n".join(["5", "1", "9", "3", "7", "2", "8", "4", "6"] * 3) + "\n"
    try:
        code = main([*command, "--db", str(db)], stdin=io.StringIO(stdin), stdout=io.StringIO(),
                     stderr=stderr)  # fmt: skip
    finally:
        holder.close()
    assert code == 0
    assert stderr.getvalue() == (
        f"tictactoe-gui: the records file {db} is busy (another program is writing to it);"
        " waiting to record the game…\n"
    )
    with Repository.open(db) as repository:
        assert repository.count_games() == 4


def test_play_records_what_the_engine_made_of_each_move_and_the_seed(db: Path) -> None:
    moves = "\n".join(["5", "1", "9", "3", "7", "2", "8", "4", "6"] * 3) + "\n"
    code, out, err = run("play", "--persona", "cop", "--as", "O", "--seed", "6", "--record",
                         "--db", str(db), stdin=moves)  # fmt: skip
    assert (code, err) == (0, "")
    assert "Tic-tac-toe (seed 6). You are O; Cop (cop) is X.\n" in out
    with Repository.open(db) as repository:
        (game,) = repository.list_games(limit=10)
        detail = repository.game(game.id)
    assert game.seed == 6
    assert (game.x.kind, game.x.name) == (SideKind.PERSONA, "cop")
    # Every move of 3×3 is scored exactly and judged, as the window records it.
    assert all(m.verdict is not None and m.score is not None for m in detail.moves)
    assert game.x_ai_nodes > 0
    assert game.x_ai_max_depth > 0
    assert (game.o_ai_nodes, game.o_ai_max_depth) == (0, 0)  # the person spent nothing


def test_a_series_without_a_seed_says_the_one_it_drew_and_it_replays(db: Path) -> None:
    code, out, _ = run("match", "--x", "cop", "--o", "kitty", "--games", "3", "--json")
    assert code == 0
    tally = json.loads(out)
    assert isinstance(tally["seed"], int)
    again = run("match", "--x", "cop", "--o", "kitty", "--games", "3", "--json",
                "--seed", str(tally["seed"]))  # fmt: skip
    assert json.loads(again[1]) == tally


def test_a_big_board_series_records_each_side_s_search(db: Path) -> None:
    code, _, err = run("match", "--game", "7x7k4", "--x", "cop", "--o", "sera", "--games", "1",
                       "--seed", "2", "--record", "--db", str(db))  # fmt: skip
    assert (code, err) == (0, "")
    with Repository.open(db) as repository:
        (game,) = repository.list_games(limit=10)
    assert game.x_ai_nodes > 0
    assert game.o_ai_nodes > 0
    assert game.o_ai_max_depth > 0


def test_the_terminal_greeting_counts_the_games_of_the_game_played(db: Path) -> None:
    """A tic-tac-toe record is not a 4×4 one: each game greets with its own."""
    with Repository.open(db) as repository:
        repository.save_game(make_game(human("Alice"), persona("kitty"), Result.X_WINS))
    args = ("play", "--game", "4x4k3", "--name", "Alice", "--record", "--db", str(db))
    code, out, _ = run(*args, stdin="q\n")
    assert code == 0
    assert "Welcome, Alice! This is your first game of 4×4, three in a row here" in out
