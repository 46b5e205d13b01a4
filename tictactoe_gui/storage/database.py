"""Opening a records file: read-only until the first write, upgraded only then, never foreign.

A :class:`Database` opens its file read-only (an SQLite ``mode=ro`` URI) and
reads its schema version and tables before anything else. Reading commands
never change a byte of the file: an older file of this app is read as it is
(through temporary views that fill in what later versions added), a file from
a newer app or from another program is refused, and a missing or empty file
simply holds no games. Only the first write opens the file for writing, makes
a backup copy of an older file, runs the schema steps and switches it to WAL.
Reading a WAL-mode file makes SQLite create its ``-wal`` and ``-shm`` files
beside it; closing removes them again unless they were there before or
another program still uses them, so a read leaves the folder as it found it.

In a place that cannot be written (a read-only mount, a locked folder) SQLite
cannot create the shared-memory file a WAL-mode database needs even to read;
there the file is opened with ``immutable=1``, which reads it as it lies on
disk (changes still in a ``-wal`` file beside it are not seen):
:attr:`Database.read_note` says so.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Self

import platformdirs

from tictactoe_gui.storage import migrations
from tictactoe_gui.storage.records import (
    BusyDatabaseError,
    CorruptDatabaseError,
    RecordsError,
    UnwritableDatabaseError,
)

DATABASE_ENV_VAR: Final = "TICTACTOE_GUI_DB"
DATABASE_FILE_NAME: Final = "records.sqlite3"
#: How long a write waits for another app instance to finish its own (seconds).
DEFAULT_BUSY_TIMEOUT: Final = 10.0

_PRIMARY_CODE_MASK: Final = 0xFF
_CORRUPT_CODES: Final = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_UNWRITABLE_CODES: Final = frozenset(
    {
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
    }
)
_BUSY_CODES: Final = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
#: How long tidying up after reading waits for a writer (seconds); it is not worth more.
_TIDY_TIMEOUT: Final = 0.5
#: Less room than this beside the records file counts as a full disk (a few pages).
_FULL_DISK_BYTES: Final = 64 * 1024


def resolve_path(path: str | os.PathLike[str]) -> Path:
    """``path`` with a leading ``~`` or ``~user`` expanded, the same for every command.

    A ``~name`` that names no user is a :class:`RecordsError`, not a path
    starting with a tilde created in the working folder.
    """
    text = os.fspath(path)
    expanded = os.path.expanduser(text)
    if expanded.startswith("~"):
        user = expanded[1:].split(os.sep, 1)[0]
        raise RecordsError(
            f"cannot expand {text!r}: there is no user named {user!r} on this system"
            if user
            else f"cannot expand {text!r}: the home folder is not known"
        )
    return Path(expanded)


def default_database_path() -> Path:
    """``$TICTACTOE_GUI_DB`` if set, else ``records.sqlite3`` in the user's data directory."""
    override = os.environ.get(DATABASE_ENV_VAR, "").strip()
    if override:
        return resolve_path(override)
    return Path(platformdirs.user_data_dir("tictactoe-gui", appauthor=False)) / DATABASE_FILE_NAME


def one_line(text: str) -> str:
    """``text`` with its line breaks folded to spaces: messages stay one paragraph."""
    return " ".join(text.split())


def disk_is_full(path: Path) -> bool:
    """Whether the disk that holds ``path`` has (next to) no room left; False if unknown."""
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        return shutil.disk_usage(folder).free < _FULL_DISK_BYTES
    except OSError:
        return False


def translate(exc: sqlite3.Error, path: Path, doing: str) -> RecordsError:
    """The app's error for an SQLite error met while ``doing`` something to ``path``."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & _PRIMARY_CODE_MASK if isinstance(code, int) else None
    where = f"the records file {path}"
    detail = one_line(str(exc))
    # SQLite says "disk I/O error" when a full disk stops it making its shared-memory file.
    if primary == sqlite3.SQLITE_FULL or (primary == sqlite3.SQLITE_IOERR and disk_is_full(path)):
        return UnwritableDatabaseError(f"could not {doing}: the disk that holds {where} is full")
    if primary in _CORRUPT_CODES:
        return CorruptDatabaseError(f"{where} is damaged or not a records database ({detail})")
    if primary in _UNWRITABLE_CODES:
        return UnwritableDatabaseError(f"could not {doing}: {where} cannot be written ({detail})")
    if primary in _BUSY_CODES:
        return BusyDatabaseError(
            f"could not {doing}: another program kept {where} locked ({detail})"
        )
    return RecordsError(f"could not {doing} in {where}: {detail}")


def _compat_views(connection: sqlite3.Connection, version: int) -> None:
    """Let an older file be read as it is: temporary views named like the latest tables.

    SQLite looks up an unqualified name in the temporary schema first, so every
    query written for the latest schema reads the old tables through these
    views; nothing is written to the file itself.
    """
    # Every name below is one of the fixed texts here, never input.
    if version >= 3:
        missing = migrations.missing_late_columns(connection)
        if version < 4:
            missing.append("tree")  # every game of an older file has one line
        if missing:
            nulls = ", ".join(f"NULL AS {name}" for name in missing)
            connection.execute(f"CREATE TEMP VIEW games AS SELECT *, {nulls} FROM main.games")
        return
    missing_uuid = "" if version >= 2 else "'' AS uuid, "
    connection.execute(
        f"CREATE TEMP VIEW games AS SELECT *, {missing_uuid}"
        "'tictactoe' AS game, 3 AS board_rows, 3 AS board_cols, NULL AS extra,"
        " NULL AS resigned, NULL AS tree FROM main.games"
    )


def _empty_schema() -> sqlite3.Connection:
    """An in-memory database with the latest schema and no games: a missing file, read."""
    connection = sqlite3.connect(":memory:", isolation_level=None)
    migrations.migrate(connection, None)
    return connection


class Database:
    """One records file; read-only until :meth:`writer` is first asked for."""

    def __init__(self, path: Path, busy_timeout: float) -> None:
        self.path = path
        self._busy_timeout = busy_timeout
        self._connection: sqlite3.Connection | None = None
        self._writable = False
        #: The schema version the file had when opened (0: new or empty).
        self.found_version = 0
        #: The backup copy made when the first write upgraded an older file, if it did.
        self.migration_backup: Path | None = None
        #: Set when the file could only be read as it lies on disk (``immutable=1``).
        self.read_note: str | None = None
        #: Whether no -wal or -shm file was beside the file when it was opened for reading.
        self._found_no_sidecars = False

    # -- opening ---------------------------------------------------------------------

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT
    ) -> Self:
        """Open the records at ``path`` for reading, changing nothing on disk.

        Raises :class:`CorruptDatabaseError` for a damaged file or another
        program's (:class:`ForeignDatabaseError`), :class:`NewerDatabaseError`
        for a newer app's, and :class:`UnwritableDatabaseError` when ``path``
        could never hold a file (a file where a folder should be).
        """
        database = cls(resolve_path(path), busy_timeout)
        try:
            database._open_for_reading()
        except BaseException:
            database.close()
            raise
        return database

    def _open_for_reading(self) -> None:
        path = self.path
        try:
            exists = path.exists()
        except OSError as exc:
            raise UnwritableDatabaseError(
                f"cannot look at the records file {path}: {exc.strerror or exc}"
            ) from exc
        if exists and not path.is_file():
            raise UnwritableDatabaseError(f"the records path {path} exists but is not a file")
        if not exists:
            folder = path.parent
            while not folder.exists():
                folder = folder.parent
            if not folder.is_dir():
                raise UnwritableDatabaseError(
                    f"cannot create the folder {path.parent} for the records file: "
                    f"{folder} is a file"
                )
        if not exists or path.stat().st_size == 0:
            self._connection = _empty_schema()
            return
        self._found_no_sidecars = not _sidecars(path)
        # With no -wal beside it the file holds every game; on a full disk, reading it as it
        # lies spares SQLite making a shared-memory file there, which it could not.
        full = self._found_no_sidecars and disk_is_full(path)
        connection = self._connect_read_only(immutable=full)
        if full:
            self.read_note = (
                f"the disk that holds the records file {path} is full; it is read as it lies"
                " on disk (games another program is still writing may not show)"
            )
        try:
            with self.errors("read the records"):
                try:
                    self.found_version = migrations.inspect(connection)
                except sqlite3.OperationalError as exc:
                    code = getattr(exc, "sqlite_errorcode", 0) & _PRIMARY_CODE_MASK
                    if code not in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY):
                        raise
                    # A WAL file in a place that cannot be written: read it as it lies.
                    connection.close()
                    connection = self._connect_read_only(immutable=True)
                    self.found_version = migrations.inspect(connection)
                    self.read_note = (
                        f"the records file {path} is in a place that cannot be written; it is"
                        " read as it lies on disk (games another program is still writing may"
                        " not show)"
                    )
                if self.found_version == 0:
                    connection.close()
                    connection = _empty_schema()
                else:
                    _compat_views(connection, self.found_version)
        except BaseException:
            connection.close()
            raise
        self._connection = connection

    def _connect_read_only(self, *, immutable: bool) -> sqlite3.Connection:
        uri = self.path.absolute().as_uri() + ("?immutable=1" if immutable else "?mode=ro")
        try:
            connection = sqlite3.connect(
                uri, uri=True, timeout=self._busy_timeout, isolation_level=None
            )
        except sqlite3.Error as exc:
            raise translate(exc, self.path, "open the records") from exc
        return connection

    @property
    def busy_timeout(self) -> float:
        """How long a write waits for another program's (seconds)."""
        return self._busy_timeout

    @busy_timeout.setter
    def busy_timeout(self, seconds: float) -> None:
        self._busy_timeout = seconds
        if self._connection is not None:
            with self.errors("set how long to wait for the records"):
                # An int of milliseconds, never input text.
                self._connection.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")

    def write_problem(self) -> str | None:
        """Why the first write would fail for want of permission, or None if it should not."""
        path = self.path
        folder = path.parent
        while not folder.exists():
            folder = folder.parent
        needed = [path, path.parent] if path.exists() else [folder]
        for place in needed:
            if not os.access(place, os.W_OK):
                return f"the records location {place} is not writable"
        return None

    # -- connections -----------------------------------------------------------------

    @property
    def writable(self) -> bool:
        """Whether the file has been opened for writing (and brought up to date)."""
        return self._writable

    def reader(self) -> sqlite3.Connection:
        """The connection to read from: read-only until the first write, then the writer."""
        if self._connection is None:
            raise RecordsError(f"the records file {self.path} is closed")
        return self._connection

    def writer(self) -> sqlite3.Connection:
        """The connection to write with, opening the file for writing on first use.

        The first call creates the file if needed, checks it is this app's
        records (nothing is written to another program's file or a newer app's),
        keeps a backup copy of an older version, runs the schema steps and
        switches the file to WAL.
        """
        if self._writable:
            return self.reader()
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UnwritableDatabaseError(
                f"cannot create the folder {path.parent} for the records file: "
                f"{exc.strerror or exc}"
            ) from exc
        problem = self.write_problem()
        if problem is not None:
            raise UnwritableDatabaseError(problem)
        try:
            connection = sqlite3.connect(path, timeout=self._busy_timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise translate(exc, path, "open the records") from exc
        try:
            with self.errors("open the records for writing"):
                # Known to be ours (or new) before the journal mode changes a byte of it.
                migrations.inspect(connection)
                connection.execute("PRAGMA foreign_keys = ON")
                backup = migrations.migrate(connection, path)
                switch_to_wal(connection, self._busy_timeout)
                # WAL with NORMAL survives a killed process; only a power cut can lose the
                # last commits, and never leaves a half-written game.
                connection.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            connection.close()
            raise
        if self._connection is not None:
            self._connection.close()
        self._connection = connection
        self._writable = True
        self.read_note = None
        self.migration_backup = backup
        return connection

    def close(self) -> None:
        if self._connection is not None:
            if self._writable:
                with contextlib.suppress(sqlite3.Error):
                    self._connection.execute("PRAGMA optimize")
            self._connection.close()
            self._connection = None
        # Also after a file refused on opening (another program's, a newer app's).
        if not self._writable and self._found_no_sidecars:
            self._found_no_sidecars = False
            self._leave_no_sidecars()

    def _leave_no_sidecars(self) -> None:
        """Have SQLite remove the -wal and -shm files that reading made, unless another
        program still uses them.

        A read-only connection to a WAL-mode file makes them and cannot remove them:
        that is the work of the last connection able to write, when it closes and finds
        no other. A plain connection that only reads the schema cookie and closes does
        exactly that, and copies nothing into the file, as the log it closes is empty
        (a game another program added meanwhile is written into the file, as that
        program's own closing would have done). Another program still reading or
        writing keeps them: SQLite leaves them to it.
        """
        if not _sidecars(self.path):
            return
        # mode=rw: a file removed meanwhile is not created again, empty.
        uri = self.path.absolute().as_uri() + "?mode=rw"
        with contextlib.suppress(sqlite3.Error):
            connection = sqlite3.connect(uri, uri=True, timeout=_TIDY_TIMEOUT, isolation_level=None)
            try:
                connection.execute("PRAGMA schema_version")
            finally:
                connection.close()

    @contextlib.contextmanager
    def errors(self, doing: str) -> Iterator[None]:
        """Turn SQLite's errors while ``doing`` something into the app's, in one line."""
        try:
            yield
        except sqlite3.Error as exc:
            raise translate(exc, self.path, doing) from exc

    @contextlib.contextmanager
    def transaction(self, doing: str) -> Iterator[sqlite3.Connection]:
        """One write transaction; IMMEDIATE takes the write lock up front so two writers
        queue on the busy timeout instead of failing on a lock upgrade."""
        connection = self.writer()
        with self.errors(doing), migrations.transaction(connection):
            yield connection

    @property
    def schema_version(self) -> int:
        """The schema version of the file as it stands (the latest once written)."""
        if self._writable:
            with self.errors("read the schema version"):
                return migrations.user_version(self.reader())
        return self.found_version

    def check_integrity(self) -> None:
        """Raise :class:`CorruptDatabaseError` unless SQLite's quick check finds the file sound."""
        with self.errors("check the records"):
            problems = [str(row[0]) for row in self.reader().execute("PRAGMA main.quick_check")]
        if problems != ["ok"]:
            raise CorruptDatabaseError(
                f"the records file {self.path} is damaged ({one_line('; '.join(problems[:3]))})"
            )


def _sidecars(path: Path) -> list[Path]:
    """The WAL files SQLite keeps beside the records file ``path`` that are there now."""
    return [
        sidecar
        for sidecar in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"))
        if sidecar.exists()
    ]


def move_aside(path: Path) -> Path:
    """Rename a bad records file (and its WAL sidecars) out of the way, keeping it."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    serial = 1
    while aside.exists():
        serial += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{serial}")
    try:
        path.rename(aside)
        for suffix in ("-wal", "-shm"):
            sidecar = path.with_name(path.name + suffix)
            if sidecar.exists():
                sidecar.rename(aside.with_name(aside.name + suffix))
    except OSError as exc:
        raise UnwritableDatabaseError(
            f"the records file {path} is damaged and could not be moved aside: "
            f"{exc.strerror or exc}"
        ) from exc
    return aside


#: How long to wait between two tries of switching the journal mode (seconds).
_WAL_RETRY_S: Final = 0.01


def switch_to_wal(connection: sqlite3.Connection, timeout: float) -> None:
    """Put the file on ``connection`` in WAL mode, waiting up to ``timeout`` seconds for it.

    Two processes switching a new file at the same moment can each hold a shared lock
    while wanting the exclusive one; SQLite then answers one of them "locked" at once
    rather than wait (its busy handler cannot end a deadlock). That one tries again: by
    then the other has switched the file, and the switch is a no-op.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            code = getattr(exc, "sqlite_errorcode", 0) & _PRIMARY_CODE_MASK
            if code != sqlite3.SQLITE_BUSY or time.monotonic() >= deadline:
                raise
        time.sleep(_WAL_RETRY_S)
