"""The records schema, one numbered step per version, recorded in ``PRAGMA user_version``.

A database at version N is brought to :data:`LATEST_VERSION` by running steps
N+1 ... LATEST in order, all inside one exclusive transaction, after a backup
copy of the file has been written next to it. A step is only ever added, never
edited: a database somewhere may be sitting at any older version.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from tictactoe_gui.storage.records import CorruptDatabaseError, NewerDatabaseError

Step = Callable[[sqlite3.Connection], None]


def _run(connection: sqlite3.Connection, statements: tuple[str, ...]) -> None:
    # executescript() would commit the open transaction first, so run one by one.
    for statement in statements:
        connection.execute(statement)


def upgrade_version_1(connection: sqlite3.Connection) -> None:
    """The base schema: players, games and their moves."""
    _run(
        connection,
        (
            """
            CREATE TABLE players (
                id         INTEGER PRIMARY KEY,
                name       TEXT NOT NULL,
                name_key   TEXT NOT NULL UNIQUE,
                created_at TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE games (
                id             INTEGER PRIMARY KEY,
                started_at     TEXT NOT NULL,
                ended_at       TEXT NOT NULL,
                mode           TEXT NOT NULL
                               CHECK (mode IN ('human-vs-ai', 'human-vs-human', 'ai-vs-ai')),
                x_kind         TEXT NOT NULL CHECK (x_kind IN ('human', 'persona')),
                x_player_id    INTEGER REFERENCES players (id),
                x_persona      TEXT,
                o_kind         TEXT NOT NULL CHECK (o_kind IN ('human', 'persona')),
                o_player_id    INTEGER REFERENCES players (id),
                o_persona      TEXT,
                result         TEXT NOT NULL CHECK (result IN ('X', 'O', 'draw')),
                plies          INTEGER NOT NULL CHECK (plies BETWEEN 0 AND 9),
                moves_x        INTEGER NOT NULL,
                moves_o        INTEGER NOT NULL,
                hints_x        INTEGER NOT NULL DEFAULT 0,
                hints_o        INTEGER NOT NULL DEFAULT 0,
                seed           INTEGER,
                x_ai_nodes     INTEGER NOT NULL DEFAULT 0,
                o_ai_nodes     INTEGER NOT NULL DEFAULT 0,
                x_ai_max_depth INTEGER NOT NULL DEFAULT 0,
                o_ai_max_depth INTEGER NOT NULL DEFAULT 0,
                start_board    TEXT NOT NULL DEFAULT '.........',
                -- A side is exactly one of a person (by id) or a persona (by key).
                CHECK ((x_kind = 'human') = (x_player_id IS NOT NULL AND x_persona IS NULL)),
                CHECK ((x_kind = 'persona') = (x_persona IS NOT NULL AND x_player_id IS NULL)),
                CHECK ((o_kind = 'human') = (o_player_id IS NOT NULL AND o_persona IS NULL)),
                CHECK ((o_kind = 'persona') = (o_persona IS NOT NULL AND o_player_id IS NULL))
            )
            """,
            """
            CREATE TABLE moves (
                game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                ply     INTEGER NOT NULL CHECK (ply BETWEEN 1 AND 9),
                cell    INTEGER NOT NULL CHECK (cell BETWEEN 0 AND 8),
                mark    TEXT NOT NULL CHECK (mark IN ('X', 'O')),
                score   INTEGER,
                verdict TEXT,
                PRIMARY KEY (game_id, ply)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX games_by_end ON games (ended_at, id)",
        ),
    )


def upgrade_version_2(connection: sqlite3.Connection) -> None:
    """A permanent identity per game (so imports merge without duplicates), and the
    indexes that keep history paging and the leaderboard fast with many games."""
    connection.execute("ALTER TABLE games ADD COLUMN uuid TEXT")
    game_ids = [row[0] for row in connection.execute("SELECT id FROM games")]
    connection.executemany(
        "UPDATE games SET uuid = ? WHERE id = ?",
        ((str(uuid.uuid4()), game_id) for game_id in game_ids),
    )
    _run(
        connection,
        (
            "CREATE UNIQUE INDEX games_by_uuid ON games (uuid)",
            # Covering indexes in group order: the leaderboard walks one per side without
            # sorting, and a player's history or record finds their games directly.
            "CREATE INDEX games_x_side ON games (x_player_id, x_persona, o_persona, result)",
            "CREATE INDEX games_o_side ON games (o_player_id, o_persona, x_persona, result)",
            # The same, for games against one persona (the leaderboard's persona filter).
            "CREATE INDEX games_against_o ON games (o_persona, x_player_id, x_persona, result)",
            "CREATE INDEX games_against_x ON games (x_persona, o_player_id, o_persona, result)",
        ),
    )


#: STEPS[n - 1] brings a database from version n - 1 to version n.
STEPS: Final[tuple[Step, ...]] = (upgrade_version_1, upgrade_version_2)
LATEST_VERSION: Final = len(STEPS)


def user_version(connection: sqlite3.Connection) -> int:
    row = connection.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def backup_path_for(path: Path, version: int, now: datetime | None = None) -> Path:
    moment = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.v{version}-backup-{moment}")
    serial = 1
    while candidate.exists():
        serial += 1
        candidate = path.with_name(f"{path.name}.v{version}-backup-{moment}-{serial}")
    return candidate


def migrate(connection: sqlite3.Connection, path: Path | None) -> Path | None:
    """Bring the database on ``connection`` to :data:`LATEST_VERSION`.

    ``connection`` must be in autocommit mode (``isolation_level=None``).
    Returns the backup made before upgrading, or None when nothing needed one
    (already current, or a brand-new file). ``path`` None (an in-memory
    database) skips the backup.
    """
    version = user_version(connection)
    if version > LATEST_VERSION:
        raise NewerDatabaseError(
            f"the records file is at schema version {version}, newer than this app's "
            f"{LATEST_VERSION}; it was left untouched (update the app to use it)"
        )
    if version == LATEST_VERSION:
        return None
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    if version == 0 and tables - {"sqlite_sequence"}:
        raise CorruptDatabaseError(
            "the file is an SQLite database of some other program (it holds tables "
            f"{', '.join(sorted(tables))}), not tictactoe-gui records"
        )
    backup: Path | None = None
    if version > 0 and path is not None:
        # The backup API copies a consistent snapshot, WAL contents included.
        backup = backup_path_for(path, version)
        target = sqlite3.connect(backup)
        try:
            connection.backup(target)
        finally:
            target.close()
    connection.execute("BEGIN EXCLUSIVE")
    try:
        # Another process may have migrated between the first look and the lock.
        for number in range(user_version(connection) + 1, LATEST_VERSION + 1):
            STEPS[number - 1](connection)
            # PRAGMA takes no parameters; number is an int from range(), never input.
            connection.execute(f"PRAGMA user_version = {int(number)}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    return backup
