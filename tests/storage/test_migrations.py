"""Schema versions: a new file, and every older version brought up to date with a backup."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

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
            connection.executemany(
                "INSERT INTO moves (game_id, ply, cell, mark) VALUES (?, ?, ?, ?)",
                [(game_id, i + 1, cell, "XO"[i % 2]) for i, cell in enumerate(cells)],
            )
    connection.close()


def test_a_new_file_gets_the_latest_schema_without_a_backup(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        assert repository.schema_version == migrations.LATEST_VERSION
        assert repository.migration_backup is None
    assert [p.name for p in db_path.parent.iterdir() if "backup" in p.name] == []


def test_an_empty_file_is_a_new_database(db_path: Path) -> None:
    db_path.write_bytes(b"")
    with Repository.open(db_path) as repository:
        assert repository.schema_version == migrations.LATEST_VERSION
        assert repository.count_games() == 0


def test_the_latest_file_opens_without_migrating_again(db_path: Path) -> None:
    Repository.open(db_path).close()
    with Repository.open(db_path) as repository:
        assert repository.migration_backup is None


@pytest.mark.parametrize("version", range(1, migrations.LATEST_VERSION))
def test_every_older_version_is_upgraded_keeping_its_games(db_path: Path, version: int) -> None:
    build_old(db_path, version)
    with Repository.open(db_path) as repository:
        assert repository.schema_version == migrations.LATEST_VERSION
        backup = repository.migration_backup
        games = repository.list_games()
        assert [g.result for g in games] == [Result.O_WINS, Result.X_WINS]
        assert {g.x.name for g in games} == {"Zoë O'Neil"}
        assert all(g.o.kind is SideKind.PERSONA for g in games)
        assert len({g.uid for g in games}) == 2
        assert all(len(g.uid) == 36 for g in games)
        assert [m.cell for m in repository.game(1).moves] == [0, 3, 1, 4, 2]
        assert repository.record_of("zoë o'neil") == WinLossDraw(1, 1, 0)
    assert backup is not None
    assert backup.name.startswith(f"records.sqlite3.v{version}-backup-")
    kept = sqlite3.connect(backup)
    try:
        assert kept.execute("PRAGMA user_version").fetchone()[0] == version
        assert kept.execute("SELECT count(*) FROM games").fetchone()[0] == 2
        assert kept.execute("SELECT count(*) FROM moves").fetchone()[0] == 11
    finally:
        kept.close()


def test_a_failing_step_leaves_the_file_as_it_was(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_old(db_path, 1)

    def broken_step(connection: sqlite3.Connection) -> None:
        migrations.upgrade_version_2(connection)  # does real work, then fails
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(migrations, "STEPS", (migrations.upgrade_version_1, broken_step))
    with pytest.raises(RuntimeError, match="disk on fire"):
        Repository.open(db_path)
    connection = sqlite3.connect(db_path)
    try:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
        columns = [row[1] for row in connection.execute("PRAGMA table_info(games)")]
        assert "uuid" not in columns
        assert connection.execute("SELECT count(*) FROM games").fetchone()[0] == 2
    finally:
        connection.close()


def test_the_history_and_leaderboard_queries_use_indexes(repo: Repository) -> None:
    connection = repo._connection

    def plan(sql: str, params: tuple[object, ...] = ()) -> str:
        return " | ".join(row[3] for row in connection.execute(f"EXPLAIN QUERY PLAN {sql}", params))

    history = plan("SELECT id FROM games ORDER BY ended_at DESC, id DESC LIMIT 50")
    assert "USING" in history
    assert "TEMP B-TREE" not in history
    by_player = plan("SELECT result FROM games WHERE x_player_id = ?", (1,))
    assert "USING COVERING INDEX" in by_player
