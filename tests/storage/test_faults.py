"""Faults: damaged files, unwritable places, two writers at once, a writer killed midway."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.storage.games import human, make_game, persona
from tictactoe_gui.records_bridge import check_rules
from tictactoe_gui.storage import Repository, open_or_recover
from tictactoe_gui.storage.database import switch_to_wal, translate
from tictactoe_gui.storage.records import (
    BusyDatabaseError,
    CorruptDatabaseError,
    NewerDatabaseError,
    Result,
    UnwritableDatabaseError,
)

ROOT = Path(__file__).resolve().parents[2]


def start_writer(path: Path, name: str, count: int, *options: float) -> subprocess.Popen[str]:
    """A writer process (see :mod:`tests.storage.writer`), open and waiting for "go"."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.storage.writer",
            str(path),
            name,
            str(count),
            *map(str, options),
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    return process


def check_complete(path: Path) -> int:
    """Assert the file is sound and every game has exactly its moves; return the game count."""
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        partial = connection.execute(
            """
            SELECT g.id, g.plies, count(m.ply) FROM games AS g
            LEFT JOIN moves AS m ON m.game_id = g.id
            GROUP BY g.id HAVING count(m.ply) != g.plies
            """
        ).fetchall()
        assert partial == []
        return int(connection.execute("SELECT count(*) FROM games").fetchone()[0])
    finally:
        connection.close()


def test_two_processes_writing_at_once_lose_nothing(db_path: Path) -> None:
    # Opening reads only, so both writers below create the file, its tables and its WAL
    # mode at the same moment: the race a fresh records file meets.
    Repository.open(db_path).close()
    writers = [start_writer(db_path, name, 200) for name in ("Ann", "Ben")]
    for writer in writers:  # both are open and waiting: let them go together
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    for writer in writers:
        writer.communicate(timeout=60)
        assert writer.returncode == 0
    assert check_complete(db_path) == 400
    with Repository.open(db_path) as repository:
        assert repository.record_of("Ann") is not None
        assert repository.record_of("Ann").games == 200  # type: ignore[union-attr]
        assert repository.record_of("Ben").games == 200  # type: ignore[union-attr]


def test_a_process_killed_while_writing_leaves_no_partial_game(db_path: Path) -> None:
    writer = start_writer(db_path, "Kim", 0)
    assert writer.stdin is not None
    assert writer.stdout is not None
    writer.stdin.write("go\n")
    writer.stdin.flush()
    # Let it get well into the series, so the kill lands among writes.
    for _ in range(30):
        assert writer.stdout.readline().startswith("saved")
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    writer.stdout.close()
    writer.stdin.close()
    assert writer.returncode == -signal.SIGKILL
    saved = check_complete(db_path)
    assert saved >= 30
    with Repository.open(db_path) as repository:  # and the file opens and takes more games
        repository.save_game(make_game(human("Kim"), persona("cop"), Result.DRAW))
        assert repository.count_games() == saved + 1


def test_a_non_sqlite_file_is_kept_aside_and_a_fresh_database_started(db_path: Path) -> None:
    db_path.write_text("these are my notes, not a database\n" * 100)
    with pytest.raises(CorruptDatabaseError, match="damaged or not a records database"):
        Repository.open(db_path)
    repository, notice = open_or_recover(db_path)
    with repository:
        assert repository.count_games() == 0
        repository.save_game(make_game(human("Liv"), persona("kitty"), Result.X_WINS))
    kept = [p for p in db_path.parent.iterdir() if ".corrupt-" in p.name]
    assert len(kept) == 1
    assert kept[0].read_text().startswith("these are my notes")
    assert notice is not None
    assert kept[0].name in notice


def test_a_damaged_database_is_detected_and_kept(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        repository.save_games(
            make_game(human(f"P{i}"), persona("cop"), Result.DRAW, minute=i) for i in range(300)
        )
    size = db_path.stat().st_size
    assert size > 8 * 4096
    original = db_path.read_bytes()
    # Scribble over the middle pages, keeping the header valid.
    damaged = original[: 4 * 4096] + b"\xa5" * (size - 6 * 4096) + original[-2 * 4096 :]
    db_path.write_bytes(damaged)
    repository, notice = open_or_recover(db_path)
    with repository:
        assert repository.count_games() == 0
    assert notice is not None
    assert "kept as" in notice
    kept = next(
        p
        for p in db_path.parent.iterdir()
        if ".corrupt-" in p.name and not p.name.endswith(("-wal", "-shm"))
    )
    assert kept.read_bytes() == damaged


def test_a_healthy_file_opens_without_a_notice(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Mo"), persona("sera"), Result.O_WINS))
    repository, notice = open_or_recover(db_path)
    with repository:
        assert notice is None
        assert repository.count_games() == 1


def test_another_programs_database_is_not_mistaken_for_records(db_path: Path) -> None:
    connection = sqlite3.connect(db_path)
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.commit()
    connection.close()
    with pytest.raises(CorruptDatabaseError, match="some other program"):
        Repository.open(db_path)
    repository, notice = open_or_recover(db_path)
    repository.close()
    assert notice is not None


def test_a_file_from_a_newer_app_is_left_untouched(db_path: Path) -> None:
    Repository.open(db_path).close()
    connection = sqlite3.connect(db_path)
    connection.execute("PRAGMA user_version = 99")
    connection.close()
    before = db_path.read_bytes()
    with pytest.raises(NewerDatabaseError, match="newer than this app"):
        open_or_recover(db_path)
    assert db_path.read_bytes() == before
    assert not [p for p in db_path.parent.iterdir() if ".corrupt-" in p.name]


def test_a_location_under_a_file_is_unwritable(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    with pytest.raises(UnwritableDatabaseError, match="cannot create the folder"):
        open_or_recover(blocker / "records.sqlite3")
    assert blocker.read_text() == "x"


def test_a_folder_in_place_of_the_file_is_unwritable(db_path: Path) -> None:
    db_path.mkdir()
    with pytest.raises(UnwritableDatabaseError, match="not a file"):
        open_or_recover(db_path)
    assert db_path.is_dir()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through permission bits")
def test_a_read_only_folder_is_unwritable(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(UnwritableDatabaseError, match="not writable"):
            open_or_recover(folder / "records.sqlite3")
    finally:
        folder.chmod(0o700)


class FlakyConnection:
    """Answers ``PRAGMA journal_mode`` with the given errors in turn, then succeeds."""

    def __init__(self, *codes: int) -> None:
        self.codes = list(codes)
        self.calls = 0

    def execute(self, sql: str) -> None:
        assert sql == "PRAGMA journal_mode = WAL"
        self.calls += 1
        if self.codes:
            error = sqlite3.OperationalError("database is locked")
            error.sqlite_errorcode = self.codes.pop(0)  # type: ignore[attr-defined]
            raise error


def test_switching_to_wal_tries_again_when_sqlite_answers_locked_at_once() -> None:
    """Two processes switching a new file together can deadlock; SQLite answers one of
    them "locked" without waiting, and that one must try again, not fail the save."""
    connection = FlakyConnection(sqlite3.SQLITE_BUSY, sqlite3.SQLITE_BUSY)
    switch_to_wal(connection, timeout=5.0)  # type: ignore[arg-type]
    assert connection.calls == 3


def test_switching_to_wal_gives_up_on_other_errors_and_after_the_timeout() -> None:
    disk = FlakyConnection(sqlite3.SQLITE_IOERR)
    with pytest.raises(sqlite3.OperationalError):
        switch_to_wal(disk, timeout=5.0)  # type: ignore[arg-type]
    assert disk.calls == 1
    locked = FlakyConnection(*[sqlite3.SQLITE_BUSY] * 1000)
    with pytest.raises(sqlite3.OperationalError):
        switch_to_wal(locked, timeout=0.05)  # type: ignore[arg-type]
    assert 1 < locked.calls < 1000


def fill_the_disk(repository: Repository) -> None:
    """Let the file grow no further, as a full disk would (for this connection only)."""
    connection = repository.database.writer()
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")


def test_a_full_disk_is_named_when_a_game_cannot_be_saved(db_path: Path) -> None:
    """SQLite undoes the transaction itself when the disk is full; the ROLLBACK after it
    must not hide the real cause behind 'no transaction is active'."""
    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Ada"), persona("sera"), Result.DRAW))
        fill_the_disk(repository)
        with pytest.raises(UnwritableDatabaseError) as raised:
            repository.save_games(
                make_game(human(f"P{i}"), persona("cop"), Result.X_WINS, minute=i)
                for i in range(200)
            )
        message = str(raised.value)
        assert "could not save the game: the disk that holds the records file" in message
        assert "no transaction" not in message
        # Nothing of the failed batch was kept, and the earlier game is whole.
        assert repository.count_games() == 1
    assert check_complete(db_path) == 1


class FaultyReads(sqlite3.Connection):
    """A connection whose first read of the schema fails as on a full disk: SQLite has
    already ended the read transaction when the error comes back."""

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql == "PRAGMA user_version" and self.in_transaction:
            super().execute("ROLLBACK")
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
            raise error
        return super().execute(sql, *args)


def test_a_read_that_fails_names_its_cause_not_the_end_of_its_transaction(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Ada"), persona("sera"), Result.DRAW))
    real_connect = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        return real_connect(*args, **kwargs, factory=FaultyReads)

    monkeypatch.setattr(sqlite3, "connect", connect)
    with pytest.raises(UnwritableDatabaseError) as raised:
        Repository.open(db_path)
    message = str(raised.value)
    assert "could not read the records: the disk that holds the records file" in message
    assert "no transaction" not in message


def pretend_the_disk_is_full(monkeypatch: pytest.MonkeyPatch) -> None:
    real_usage = shutil.disk_usage

    def usage(path: str | os.PathLike[str]) -> Any:
        return real_usage(path)._replace(free=0)

    monkeypatch.setattr(shutil, "disk_usage", usage)


def test_records_on_a_full_disk_are_still_read_and_nothing_is_created_beside_them(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Repository.open(db_path) as repository:
        repository.save_game(make_game(human("Ada"), persona("sera"), Result.DRAW))
    before = sorted(db_path.parent.iterdir())
    pretend_the_disk_is_full(monkeypatch)
    with Repository.open(db_path) as repository:
        assert repository.count_games() == 1
        assert repository.database.read_note is not None
        assert "is full" in repository.database.read_note
    assert sorted(db_path.parent.iterdir()) == before


def test_a_disk_io_error_on_a_full_disk_is_called_a_full_disk(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite reports a shared-memory file it cannot grow as a disk I/O error."""
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode = 4874  # type: ignore[attr-defined]  # SQLITE_IOERR_SHMSIZE
    assert "disk I/O error" in str(translate(error, db_path, "read the records"))
    pretend_the_disk_is_full(monkeypatch)
    message = str(translate(error, db_path, "read the records"))
    assert (
        message
        == f"could not read the records: the disk that holds the records file {db_path} is full"
    )


def test_a_game_saved_beside_a_long_import_waits_for_a_batch_not_the_whole_file(
    db_path: Path, tmp_path: Path
) -> None:
    """Another copy of the app recording games while a large file is imported loses none:
    the import leaves the write lock free between short batches."""
    export = tmp_path / "big.json"
    imported = 6000
    with Repository.open(tmp_path / "source.sqlite3") as source:
        source.save_games(
            make_game(human(f"Imp{i % 9}"), persona("cop"), Result.DRAW, minute=i)
            for i in range(imported)
        )
        source.export_records(export, "json")
    patience = 0.3  # the writer gives up a save after this long: far less than the import
    writer = start_writer(db_path, "Wes", 0, patience, 0.02)
    assert writer.stdin is not None
    assert writer.stdout is not None
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(writer.stdout), daemon=True)  # type: ignore[arg-type]
    reader.start()
    try:
        with Repository.open(db_path, rules=check_rules) as repository:
            writer.stdin.write("go\n")
            writer.stdin.flush()
            started = time.monotonic()
            report = repository.import_records(export)
            took = time.monotonic() - started
            during = len(lines)
        assert report.added == imported
        assert took > 2 * patience  # long enough that one transaction would starve the writer
        assert writer.poll() is None, "the writer gave up a game while the import ran"
        assert during > 0  # and it saved games while the import ran
    finally:
        writer.kill()
        writer.wait(timeout=30)
        reader.join(timeout=30)
        writer.stdin.close()
        writer.stdout.close()
    saved = sum(1 for line in lines if line.startswith("saved"))
    assert check_complete(db_path) >= imported + saved


def hold_the_write_lock(path: Path) -> sqlite3.Connection:
    """Another program in the middle of a long write (as an old app's import was)."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    return holder


def test_a_finished_game_waits_for_a_long_write_and_says_so(db_path: Path) -> None:
    with Repository.open(db_path, busy_timeout=0.1) as repository:
        repository.save_game(make_game(human("Ada"), persona("sera"), Result.DRAW))
        heard: list[str] = []
        holder = hold_the_write_lock(db_path)
        release = threading.Timer(0.6, holder.commit)  # after several of the save's tries
        release.start()
        try:
            repository.on_busy = heard.append
            game_id = repository.save_game(
                make_game(human("Ben"), persona("cop"), Result.X_WINS, minute=1)
            )
        finally:
            release.join()
            holder.close()
        assert repository.game(game_id).summary.x.name == "Ben"
        assert repository.count_games() == 2
    assert len(heard) == 1  # one message, however many tries
    assert heard[0] == (
        f"the records file {db_path} is busy (another program is writing to it);"
        " waiting to record the game…"
    )


def test_without_anyone_to_tell_a_save_gives_up_after_its_busy_timeout(db_path: Path) -> None:
    with Repository.open(db_path, busy_timeout=0.1) as repository:
        repository.save_game(make_game(human("Ada"), persona("sera"), Result.DRAW))
        holder = hold_the_write_lock(db_path)
        try:
            with pytest.raises(BusyDatabaseError, match=r"kept the records file .* locked"):
                repository.save_game(make_game(human("Ben"), persona("cop"), Result.X_WINS))
        finally:
            holder.close()
        assert repository.count_games() == 1
