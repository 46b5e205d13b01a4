"""Schema versions: a new file, and every older version brought up to date with a backup."""

from __future__ import annotations

import shutil
import sqlite3
import uuid
from dataclasses import replace
from pathlib import Path

import pytest

from tests.storage.games import human, make_game, persona
from tictactoe_gui.storage import Repository, migrations
from tictactoe_gui.storage.records import Result, SideKind, WinLossDraw


def build_old(path: Path, version: int) -> None:
    """A file at ``version`` as that version of the app left it, holding two games."""
    connection = sqlite3.connect(path, isolation_level=None)
    for step in migrations.STEPS[:version]:
        step(connection)
    connection.execute(f"PRAGMA user_version = {version}")
    if version >= 1:
        connection.execute(
            "INSERT INTO players (id, name, name_key, created_at)"
            " VALUES (1, 'Zoë O''Neil', 'zoë o''neil', '2025-05-01T10:00:00.000000Z')"
        )
        for game_id, result, cells in ((1, "X", (0, 3, 1, 4, 2)), (2, "O", (0, 3, 1, 4, 8, 5))):
            connection.execute(
                """
                INSERT INTO games (id, started_at, ended_at, mode, x_kind, x_player_id,
                    o_kind, o_persona, result, plies, moves_x, moves_o)
                VALUES (?, ?, ?, 'human-vs-ai', 'human', 1, 'persona', 'cop', ?, ?, ?, ?)
                """,
                (
                    game_id,
                    f"2025-05-0{game_id}T10:00:00.000000Z",
                    f"2025-05-0{game_id}T10:01:00.000000Z",
                    result,
                    len(cells),
                    (len(cells) + 1) // 2,
                    len(cells) // 2,
                ),
            )
            if version >= 2:  # that version gave every game its permanent id
                connection.execute(
                    "UPDATE games SET uuid = ? WHERE id = ?", (str(uuid.uuid4()), game_id)
                )
            connection.executemany(
                "INSERT INTO moves (game_id, ply, cell, mark) VALUES (?, ?, ?, ?)",
                [(game_id, i + 1, cell, "XO"[i % 2]) for i, cell in enumerate(cells)],
            )
    connection.close()


def backups(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if "backup" in p.name)


def test_a_new_file_is_created_by_the_first_write_without_a_backup(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        assert repository.count_games() == 0
        assert not db_path.exists()  # reading creates nothing
        repository.save_game(make_game(human("Ada"), persona("cop"), Result.X_WINS))
        assert repository.schema_version == migrations.LATEST_VERSION
        assert repository.migration_backup is None
    assert backups(db_path.parent) == []


def test_an_empty_file_is_read_as_no_games_and_written_only_by_a_write(db_path: Path) -> None:
    db_path.write_bytes(b"")
    with Repository.open(db_path) as repository:
        assert repository.count_games() == 0
        assert repository.standings() == []
    assert db_path.read_bytes() == b""
    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Ada"), persona("cop"), Result.X_WINS))
        assert repository.schema_version == migrations.LATEST_VERSION


def test_the_latest_file_opens_without_migrating_again(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Ada"), persona("cop"), Result.X_WINS))
    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Ada"), persona("cop"), Result.DRAW, minute=1))
        assert repository.migration_backup is None
    assert backups(db_path.parent) == []


def read_everything(repository: Repository) -> None:
    """What the read commands and the records windows ask of a file."""
    repository.count_games()
    repository.list_games(limit=1000)
    repository.standings()
    repository.players()
    repository.games_recorded()
    for name in repository.players():
        repository.player_stats(name)
    for summary in repository.list_games(limit=1000):
        repository.game(summary.id)


@pytest.mark.parametrize("version", range(1, migrations.LATEST_VERSION))
def test_an_older_file_is_read_as_it_is_then_upgraded_by_the_first_write(
    db_path: Path, version: int
) -> None:
    build_old(db_path, version)
    before = db_path.read_bytes()
    with Repository.open(db_path) as repository:
        read_everything(repository)
        games = repository.list_games()
        assert [g.result for g in games] == [Result.O_WINS, Result.X_WINS]
        assert {g.game for g in games} == {"tictactoe"}
        assert repository.record_of("zoë o'neil") == WinLossDraw(1, 1, 0)
        assert repository.schema_version == version
    assert db_path.read_bytes() == before  # reading changed nothing, not even the header
    assert backups(db_path.parent) == []

    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Zoë O'Neil"), persona("cop"), Result.DRAW))
        assert repository.schema_version == migrations.LATEST_VERSION
        backup = repository.migration_backup
        games = repository.list_games()
        assert [g.result for g in games][1:] == [Result.O_WINS, Result.X_WINS]
        assert {g.game for g in games} == {"tictactoe"}
        assert {g.x.name for g in games} == {"Zoë O'Neil"}
        assert all(g.o.kind is SideKind.PERSONA for g in games)
        assert len({g.uid for g in games}) == 3
        assert all(len(g.uid) == 36 for g in games)
        assert [m.cell for m in repository.game(1).moves] == [0, 3, 1, 4, 2]
        assert repository.record_of("zoë o'neil") == WinLossDraw(1, 1, 1)
    assert backup is not None
    assert backup.name.startswith(f"records.sqlite3.v{version}-backup-")
    kept = sqlite3.connect(backup)
    try:
        assert kept.execute("PRAGMA user_version").fetchone()[0] == version
        assert kept.execute("SELECT count(*) FROM games").fetchone()[0] == 2
        assert kept.execute("SELECT count(*) FROM moves").fetchone()[0] == 11
    finally:
        kept.close()
    # A second write finds the file current: no second backup.
    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Zoë O'Neil"), persona("cop"), Result.DRAW, minute=3))
    assert len(backups(db_path.parent)) == 1


REAL_V2 = Path(__file__).parent / "data" / "records-v2.sqlite3"


def test_a_file_written_by_schema_version_2_is_read_and_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    shutil.copyfile(REAL_V2, path)
    original = path.read_bytes()
    with Repository.open(path) as repository:
        assert repository.schema_version == 2
        read_everything(repository)
        assert repository.count_games() == 10
        before = [(s.side.name, s.record) for s in repository.standings()]
        alice = repository.player_stats("alice")
        set_up = repository.game(10)
    assert path.read_bytes() == original
    assert before[0] == ("Alice", WinLossDraw(4, 1, 1))
    assert set_up.summary.start_board == "X...O...."
    assert (set_up.summary.game, set_up.summary.rows, set_up.summary.cols) == ("tictactoe", 3, 3)
    assert [(m.ply, m.cell, m.score, m.verdict) for m in set_up.moves] == [
        (1, 2, 9, "best"),
        (2, 6, -9, "blunder"),
        (3, 1, 10, "best"),
    ]
    assert (set_up.summary.hints_x, set_up.summary.seed) == (2, 2675342405)

    with Repository.open(path) as repository:
        repository.save_game(make_game(human("Bob"), persona("sera"), Result.DRAW, minute=99))
        assert repository.schema_version == migrations.LATEST_VERSION
        assert repository.migration_backup is not None
        after = [(s.side.name, s.record) for s in repository.standings()]
        assert repository.player_stats("alice") == alice
        assert repository.game(10).moves == set_up.moves
        assert repository.game(10).summary.uid == set_up.summary.uid
        assert repository.games_recorded() == {"tictactoe": 11}
    bob_before = dict(before)["Bob"]
    assert dict(after)["Bob"] == WinLossDraw(
        bob_before.wins, bob_before.losses, bob_before.draws + 1
    )


REAL_V3 = Path(__file__).parent / "data" / "records-v3.sqlite3"


def table_rows(path: Path, table: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)
    try:
        # table is one of the fixed names of the test, never input.
        return connection.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
    finally:
        connection.close()


def test_a_file_written_by_schema_version_3_keeps_every_row_when_upgraded(tmp_path: Path) -> None:
    """records-v3.sqlite3 was written by the app at schema version 3 through its own
    records path: 3×3 games with scores, verdicts, hints and a seed, Connect Four, a resigned
    gomoku game and Row & Column with its drawn board's seed and scores."""
    path = tmp_path / "records.sqlite3"
    shutil.copyfile(REAL_V3, path)
    original = path.read_bytes()
    before = {table: table_rows(path, table) for table in ("players", "games", "moves")}
    assert len(before["games"]) == 6
    with Repository.open(path) as repository:
        assert repository.schema_version == 3
        read_everything(repository)
        details = [repository.game(summary.id) for summary in repository.list_games()]
    assert path.read_bytes() == original  # reading changed nothing
    assert {detail.summary.game for detail in details} == {
        "tictactoe", "connect4", "gomoku", "rowcol5"
    }  # fmt: skip
    assert all(detail.tree is None for detail in details)

    with Repository.open(path) as repository:
        repository.save_game(make_game(human("Bob"), persona("sera"), Result.DRAW, minute=99))
        assert repository.schema_version == migrations.LATEST_VERSION
        assert repository.migration_backup is not None
        assert [repository.game(detail.summary.id) for detail in details] == details
    after = {table: table_rows(path, table) for table in ("players", "games", "moves")}
    assert after["players"] == before["players"]  # Bob played before
    assert after["moves"][: len(before["moves"])] == before["moves"]
    games_after = {row[0]: row for row in after["games"]}
    for row in before["games"]:
        # Every column as it was, then the new one: a game of one line keeps no tree.
        assert games_after[row[0]] == (*row, None)
    assert len(after["games"]) == len(before["games"]) + 1


def test_a_failing_step_leaves_the_file_as_it_was(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_old(db_path, 2)

    def broken_step(connection: sqlite3.Connection) -> None:
        migrations.upgrade_version_3(connection)  # does real work, then fails
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(migrations, "STEPS", (*migrations.STEPS[:2], broken_step))
    with Repository.open(db_path) as repository, pytest.raises(RuntimeError, match="disk on fire"):
        repository.save_game(make_game(human("Ada"), persona("cop"), Result.X_WINS))
    connection = sqlite3.connect(db_path)
    try:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 2
        columns = [row[1] for row in connection.execute("PRAGMA table_info(games)")]
        assert "game" not in columns
        assert connection.execute("SELECT count(*) FROM games").fetchone()[0] == 2
        assert connection.execute("SELECT count(*) FROM moves").fetchone()[0] == 11
    finally:
        connection.close()


def test_the_upgrade_keeps_every_move_of_every_game(db_path: Path) -> None:
    # The tables are rebuilt: foreign keys must not cascade the old games' moves away.
    build_old(db_path, 2)
    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Ada"), persona("cop"), Result.X_WINS))
    connection = sqlite3.connect(db_path)
    try:
        assert connection.execute("SELECT count(*) FROM moves").fetchone()[0] == 11 + 5
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        connection.close()


def test_the_history_and_leaderboard_queries_use_indexes(repo: Repository) -> None:
    repo.save_game(make_game(human("Ada"), persona("cop"), Result.X_WINS))
    connection = repo._connection

    def plan(sql: str, params: tuple[object, ...] = ()) -> str:
        return " | ".join(row[3] for row in connection.execute(f"EXPLAIN QUERY PLAN {sql}", params))

    history = plan("SELECT id FROM games ORDER BY ended_at DESC, id DESC LIMIT 50")
    assert "USING" in history
    assert "TEMP B-TREE" not in history
    one_game = plan(
        "SELECT id FROM games WHERE game = ? ORDER BY ended_at DESC, id DESC LIMIT 50", ("four",)
    )
    assert "games_by_game_end" in one_game
    assert "TEMP B-TREE" not in one_game
    standings = plan(
        "SELECT x_player_id, x_persona, sum(result = 'X') FROM games WHERE game = ?"
        " GROUP BY x_player_id, x_persona",
        ("tictactoe",),
    )
    assert "USING COVERING INDEX" in standings
    assert "TEMP B-TREE" not in standings


def test_a_version_3_file_from_before_resignations_were_kept_reads_and_takes_games(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Version 3 first shipped without the resigned column; such a file is still ours.
    early = migrations._GAMES_V3.replace(
        "        resigned       TEXT CHECK (resigned IN ('X', 'O')), -- see LATE_COLUMNS\n", ""
    )
    assert early != migrations._GAMES_V3
    monkeypatch.setattr(migrations, "_GAMES_V3", early)
    build_old(db_path, 3)  # as that first version 3 made it
    monkeypatch.undo()
    connection = sqlite3.connect(db_path)
    assert "resigned" not in [row[1] for row in connection.execute("PRAGMA table_info(games)")]
    connection.close()
    before = db_path.read_bytes()
    with Repository.open(db_path) as repository:
        assert repository.schema_version == 3
        assert [g.resigned for g in repository.list_games()] == [None, None]
    assert db_path.read_bytes() == before  # reading added nothing
    resigned = make_game(human("Ada"), persona("cop"), Result.X_WINS, minute=1)
    resigned = replace(resigned, moves=resigned.moves[:3], resigned="O")
    with Repository.open(db_path) as repository:
        repository.save_game(resigned)
        assert [g.resigned for g in repository.list_games()] == ["O", None, None]
        assert repository.schema_version == migrations.LATEST_VERSION
