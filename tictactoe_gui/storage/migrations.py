"""The records schema, one numbered step per version, recorded in ``PRAGMA user_version``.

A database at version N is brought to :data:`LATEST_VERSION` by running steps
N+1 ... LATEST in order, all inside one exclusive transaction, after a backup
copy of the file has been written next to it. A step is only ever added, never
edited: a database somewhere may be sitting at any older version.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from tictactoe_gui.storage.records import (
    CorruptDatabaseError,
    ForeignDatabaseError,
    NewerDatabaseError,
)

Step = Callable[[sqlite3.Connection], None]


@contextlib.contextmanager
def transaction(connection: sqlite3.Connection, begin: str = "BEGIN IMMEDIATE") -> Iterator[None]:
    """One transaction on ``connection`` (autocommit mode): committed if the block ends
    normally, else rolled back and the block's error raised as it is.

    SQLite ends a transaction by itself on some errors (a full disk, an I/O error); the
    ROLLBACK after one finds nothing to undo, and its own error ("no transaction is
    active") must never take the place of the real cause.
    """
    connection.execute(begin)
    try:
        yield
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        raise


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
    import uuid  # loaded only when an old file is upgraded

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


_GAMES_V3: Final = """
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
        plies          INTEGER NOT NULL CHECK (plies >= 0),
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
        uuid           TEXT,
        game           TEXT NOT NULL DEFAULT 'tictactoe',
        board_rows     INTEGER NOT NULL DEFAULT 3 CHECK (board_rows >= 1),
        board_cols     INTEGER NOT NULL DEFAULT 3 CHECK (board_cols >= 1),
        extra          TEXT,
        resigned       TEXT CHECK (resigned IN ('X', 'O')), -- see LATE_COLUMNS
        CHECK ((x_kind = 'human') = (x_player_id IS NOT NULL AND x_persona IS NULL)),
        CHECK ((x_kind = 'persona') = (x_persona IS NOT NULL AND x_player_id IS NULL)),
        CHECK ((o_kind = 'human') = (o_player_id IS NOT NULL AND o_persona IS NULL)),
        CHECK ((o_kind = 'persona') = (o_persona IS NOT NULL AND o_player_id IS NULL))
    )
"""

_MOVES_V3: Final = """
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply     INTEGER NOT NULL CHECK (ply >= 1),
        cell    INTEGER NOT NULL CHECK (cell >= 0),
        mark    TEXT NOT NULL CHECK (mark IN ('X', 'O')),
        score   INTEGER,
        verdict TEXT,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID
"""

_V2_GAME_COLUMNS: Final = (
    "id, started_at, ended_at, mode, x_kind, x_player_id, x_persona, o_kind, o_player_id,"
    " o_persona, result, plies, moves_x, moves_o, hints_x, hints_o, seed, x_ai_nodes,"
    " o_ai_nodes, x_ai_max_depth, o_ai_max_depth, start_board, uuid"
)


def upgrade_version_3(connection: sqlite3.Connection) -> None:
    """Records for every game: which game each is (every earlier game is ``tictactoe``),
    its board size, any game-specific data and who resigned, if a side did; the
    3×3-only limits on cells and plies go.

    SQLite cannot drop a CHECK in place, so both tables are rebuilt and copied
    (foreign keys are off meanwhile: :func:`migrate` sees to it).
    """
    _run(
        connection,
        (
            _GAMES_V3.replace("CREATE TABLE games", "CREATE TABLE games_v3"),
            f"INSERT INTO games_v3 ({_V2_GAME_COLUMNS}) SELECT {_V2_GAME_COLUMNS} FROM games",
            _MOVES_V3.replace("CREATE TABLE moves", "CREATE TABLE moves_v3"),
            "INSERT INTO moves_v3 (game_id, ply, cell, mark, score, verdict)"
            " SELECT game_id, ply, cell, mark, score, verdict FROM moves",
            "DROP TABLE moves",
            "DROP TABLE games",
            "ALTER TABLE games_v3 RENAME TO games",
            "ALTER TABLE moves_v3 RENAME TO moves",
            "CREATE INDEX games_by_end ON games (ended_at, id)",
            "CREATE UNIQUE INDEX games_by_uuid ON games (uuid)",
            # One game's history, newest first, and its standings, each from one index.
            "CREATE INDEX games_by_game_end ON games (game, ended_at, id)",
            "CREATE INDEX games_x_side ON games (game, x_player_id, x_persona, o_persona, result)",
            "CREATE INDEX games_o_side ON games (game, o_player_id, o_persona, x_persona, result)",
            "CREATE INDEX games_against_o"
            " ON games (game, o_persona, x_player_id, x_persona, result)",
            "CREATE INDEX games_against_x"
            " ON games (game, x_persona, o_player_id, o_persona, result)",
            # A person's games in every game (their history across games).
            "CREATE INDEX games_by_x_player ON games (x_player_id, ended_at)",
            "CREATE INDEX games_by_o_player ON games (o_player_id, ended_at)",
        ),
    )


def upgrade_version_4(connection: sqlite3.Connection) -> None:
    """Every line of a game played with variations (the tree saved games keep, as JSON text);
    NULL for a game of one line, which every earlier game is. A version-3 file from before
    resignations were kept gets that column first."""
    _add_late_columns(connection)
    connection.execute("ALTER TABLE games ADD COLUMN tree TEXT")


#: STEPS[n - 1] brings a database from version n - 1 to version n.
STEPS: Final[tuple[Step, ...]] = (
    upgrade_version_1,
    upgrade_version_2,
    upgrade_version_3,
    upgrade_version_4,
)
LATEST_VERSION: Final = len(STEPS)

_V1_GAMES: Final = frozenset(_V2_GAME_COLUMNS.replace(" ", "").split(",")) - {"uuid"}
_PLAYERS: Final = frozenset({"id", "name", "name_key", "created_at"})
_MOVES: Final = frozenset({"game_id", "ply", "cell", "mark", "score", "verdict"})
_V3_GAMES: Final = _V1_GAMES | {"uuid", "game", "board_rows", "board_cols", "extra", "resigned"}
#: The columns each version's tables must have for the file to be ours (checked before
#: anything is read or changed, so another program's file is never taken for records).
EXPECTED_COLUMNS: Final[dict[int, dict[str, frozenset[str]]]] = {
    1: {"players": _PLAYERS, "games": _V1_GAMES, "moves": _MOVES},
    2: {"players": _PLAYERS, "games": _V1_GAMES | {"uuid"}, "moves": _MOVES},
    3: {"players": _PLAYERS, "games": _V3_GAMES, "moves": _MOVES},
    4: {"players": _PLAYERS, "games": _V3_GAMES | {"tree"}, "moves": _MOVES},
}


#: Columns that joined version 3 in its first days: a file written then lacks them. Reading
#: fills them in (NULL) and the first write adds them (the step to version 4 does, or the
#: first write to a current file), so such a file is never refused.
LATE_COLUMNS: Final[dict[str, str]] = {"resigned": "TEXT CHECK (resigned IN ('X', 'O'))"}


def missing_late_columns(connection: sqlite3.Connection) -> list[str]:
    """The :data:`LATE_COLUMNS` a version-3 file's games table lacks."""
    found = {row[1] for row in connection.execute("PRAGMA main.table_info(games)")}
    return [name for name in LATE_COLUMNS if name not in found]


def _add_late_columns(connection: sqlite3.Connection) -> None:
    for name in missing_late_columns(connection):
        # name and its declaration are the fixed texts above, never input.
        connection.execute(f"ALTER TABLE games ADD COLUMN {name} {LATE_COLUMNS[name]}")


def user_version(connection: sqlite3.Connection) -> int:
    row = connection.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def inspect(connection: sqlite3.Connection) -> int:
    """The schema version of the records on ``connection``, after checking they are ours.

    Reads only. 0 means a new (empty) file. Raises :class:`NewerDatabaseError`
    for a newer app's file and :class:`CorruptDatabaseError` for another
    program's SQLite file (whatever its ``user_version`` says).

    Its reads share one snapshot (a read transaction of their own, unless one is
    open): another process creating the schema between two of them must not make
    a fresh file look like version 0 with tables, which is another program's.
    """
    if connection.in_transaction:
        return _inspect(connection)
    with transaction(connection, "BEGIN"):
        return _inspect(connection)


def _inspect(connection: sqlite3.Connection) -> int:
    version = user_version(connection)
    if version > LATEST_VERSION:
        raise NewerDatabaseError(
            f"the records file is at schema version {version}, newer than this app's "
            f"{LATEST_VERSION}; it was left untouched (update the app to use it)"
        )
    tables = {
        row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    } - {"sqlite_sequence"}
    if version == 0 and not tables:
        return 0
    expected = EXPECTED_COLUMNS.get(version)
    if expected is not None and set(expected) <= tables:
        for table, columns in expected.items():
            # table is one of the fixed names above, never input.
            found = {row[1] for row in connection.execute(f"PRAGMA main.table_info({table})")}
            if version >= 3 and table == "games":
                found |= LATE_COLUMNS.keys()  # filled in on reading, added on writing
            if not columns <= found:
                break
        else:
            return version
    listed = ", ".join(sorted(tables)) or "none"
    raise ForeignDatabaseError(
        f"it is an SQLite database of some other program (schema version {version},"
        f" tables: {listed}), not tictactoe-gui records"
    )


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

    ``connection`` must be in autocommit mode (``isolation_level=None``) and
    open for writing. The file is inspected first (:func:`inspect`): another
    program's file or a newer app's is refused before anything is written.
    Returns the backup made before upgrading, or None when nothing needed one
    (already current, or a brand-new file). ``path`` None (an in-memory
    database) skips the backup.
    """
    version = inspect(connection)
    if version == LATEST_VERSION:
        if missing_late_columns(connection):
            with transaction(connection):
                _add_late_columns(connection)
        return None
    backup: Path | None = None
    if version > 0 and path is not None:
        # The backup API copies a consistent snapshot, WAL contents included.
        backup = backup_path_for(path, version)
        target = sqlite3.connect(backup)
        try:
            connection.backup(target)
        finally:
            target.close()
    # Rebuilding a table drops the old one, which with foreign keys on would delete the
    # moves of every game; the pragma only takes effect outside a transaction.
    connection.execute("PRAGMA foreign_keys = OFF")
    try:
        with transaction(connection, "BEGIN EXCLUSIVE"):
            # Another process may have migrated between the first look and the lock.
            for number in range(inspect(connection) + 1, LATEST_VERSION + 1):
                STEPS[number - 1](connection)
                # PRAGMA takes no parameters; number is an int from range(), never input.
                connection.execute(f"PRAGMA user_version = {int(number)}")
            problems = connection.execute("PRAGMA foreign_key_check").fetchall()
            if problems:
                raise CorruptDatabaseError(
                    f"the records' games and moves do not match ({len(problems)} dangling rows)"
                )
    finally:
        connection.execute("PRAGMA foreign_keys = ON")
    return backup
