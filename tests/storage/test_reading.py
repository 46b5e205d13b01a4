"""Reading never changes a records file: read-only opening, foreign and newer files, odd places.

Each test reads the file the way ``leaderboard``, ``history`` and the records
windows do, then compares the file's bytes with what was there before.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.storage.games import human, make_game, persona, seed_league
from tictactoe_gui.storage import Repository, migrations, open_or_recover, resolve_path
from tictactoe_gui.storage.records import (
    CorruptDatabaseError,
    DamagedGame,
    ForeignDatabaseError,
    NewerDatabaseError,
    RecordsError,
    Result,
)

ROOT = Path(__file__).resolve().parents[2]


def read_all(path: Path) -> int:
    with Repository.open(path) as repository:
        repository.standings()
        repository.players()
        return len(repository.list_games(limit=1000))


def rollback_journal_file(path: Path, version: int) -> None:
    """A records file as this app's schema steps leave it, but in SQLite's default journal
    mode, so that switching it to WAL would change its header."""
    connection = sqlite3.connect(path, isolation_level=None)
    for step in migrations.STEPS[:version]:
        step(connection)
    connection.execute(f"PRAGMA user_version = {version}")
    connection.close()


def siblings(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


def test_a_newer_apps_file_is_refused_and_not_switched_to_wal(db_path: Path) -> None:
    rollback_journal_file(db_path, migrations.LATEST_VERSION)
    connection = sqlite3.connect(db_path)
    connection.execute("PRAGMA user_version = 99")
    connection.close()
    before = db_path.read_bytes()
    with pytest.raises(NewerDatabaseError, match="newer than this app"):
        Repository.open(db_path)
    with pytest.raises(NewerDatabaseError):
        open_or_recover(db_path)
    assert db_path.read_bytes() == before
    assert siblings(db_path) == ["records.sqlite3"]


def test_another_programs_file_is_kept_aside_byte_for_byte(db_path: Path) -> None:
    connection = sqlite3.connect(db_path)
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.execute("INSERT INTO recipes VALUES ('soup')")
    connection.commit()
    connection.close()
    original = db_path.read_bytes()
    with pytest.raises(ForeignDatabaseError, match="some other program"):
        Repository.open(db_path)
    assert db_path.read_bytes() == original
    repository, notice = open_or_recover(db_path)
    repository.close()
    assert notice is not None
    kept = [p for p in db_path.parent.iterdir() if ".corrupt-" in p.name]
    assert [p.read_bytes() == original for p in kept] == [True]


@pytest.mark.parametrize("version", [1, 2])
def test_a_foreign_file_claiming_an_old_version_is_never_migrated_or_backed_up(
    db_path: Path, version: int
) -> None:
    connection = sqlite3.connect(db_path)
    connection.execute("CREATE TABLE games (id INTEGER, score REAL)")
    connection.execute(f"PRAGMA user_version = {version}")
    connection.commit()
    connection.close()
    original = db_path.read_bytes()
    for _ in range(3):
        with pytest.raises(ForeignDatabaseError):
            read_all(db_path)
    assert db_path.read_bytes() == original
    assert siblings(db_path) == ["records.sqlite3"]  # no backup copies piling up


def test_reading_an_old_file_writes_no_backup_however_often(db_path: Path) -> None:
    rollback_journal_file(db_path, 1)
    original = db_path.read_bytes()
    for _ in range(3):
        assert read_all(db_path) == 0
    assert db_path.read_bytes() == original
    assert siblings(db_path) == ["records.sqlite3"]


def test_a_zero_length_file_stays_empty_when_read(db_path: Path) -> None:
    db_path.write_bytes(b"")
    assert read_all(db_path) == 0
    assert db_path.read_bytes() == b""
    assert siblings(db_path) == ["records.sqlite3"]


def test_reading_a_current_file_leaves_its_bytes_alone(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        seed_league(repository)
    original = db_path.read_bytes()
    assert read_all(db_path) == 9
    assert db_path.read_bytes() == original


def test_reading_leaves_no_wal_files_and_the_file_as_it_was(db_path: Path) -> None:
    """History, standings, statistics and export: nothing is left beside the file."""
    with Repository.open(db_path) as repository:
        seed_league(repository)
    original = db_path.read_bytes()
    before = siblings(db_path)
    with Repository.open(db_path) as repository:
        repository.standings()
        player = repository.players()[0]
        repository.player_stats(player)
        repository.record_of(player)
        repository.games_recorded()
        assert len(list(repository.iter_games())) == 9
        assert len(siblings(db_path)) > len(before)  # SQLite needs them while it reads
    assert siblings(db_path) == before
    assert db_path.read_bytes() == original


def test_a_file_removed_while_it_was_read_is_not_made_again(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        seed_league(repository)
    with Repository.open(db_path) as repository:
        assert repository.count_games() == 9
        db_path.unlink()  # the person moved it away while the window showed it
    assert db_path.name not in siblings(db_path)


@pytest.mark.parametrize("version", [0, 99])
def test_a_refused_wal_mode_file_leaves_nothing_beside_it(db_path: Path, version: int) -> None:
    """Another program's file (version 0 with its own tables) or a newer app's."""
    connection = sqlite3.connect(db_path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.execute(f"PRAGMA user_version = {version}")
    connection.close()
    before = siblings(db_path)
    original = db_path.read_bytes()
    with pytest.raises((ForeignDatabaseError, NewerDatabaseError)):
        Repository.open(db_path)
    assert siblings(db_path) == before
    assert db_path.read_bytes() == original


def test_wal_files_another_program_is_using_are_left_to_it(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        seed_league(repository)
    with Repository.open(db_path) as writer:
        writer.save_game(make_game(human("Wes"), persona("cop"), Result.DRAW, minute=50))
        assert read_all(db_path) == 10
        sidecars = {db_path.name + "-wal", db_path.name + "-shm"}
        assert sidecars <= set(siblings(db_path))  # still the writer's
        writer.save_game(make_game(human("Wes"), persona("cop"), Result.DRAW, minute=51))
        assert read_all(db_path) == 11
    assert not sidecars & set(siblings(db_path))  # the writer, closing last, took them


def test_wal_files_that_were_there_before_reading_are_left_as_they_were(tmp_path: Path) -> None:
    """As a copy of the app that was killed would leave them: the games in the -wal file
    are read, and stay there for the next writer to bring into the file."""
    first = tmp_path / "first" / "records.sqlite3"
    with Repository.open(first) as repository:
        seed_league(repository)
        repository.save_game(make_game(human("Wes"), persona("cop"), Result.DRAW, minute=50))
        left = tmp_path / "left"
        left.mkdir()
        for name in siblings(first):  # the file and its -wal and -shm, as a crash leaves them
            shutil.copy(first.parent / name, left / name)
    copy = left / first.name
    names = siblings(copy)
    assert len(names) == 3
    # SQLite's shared memory (-shm) changes as anyone reads; the file and its log do not.
    kept = {name: (left / name).read_bytes() for name in names if not name.endswith("-shm")}
    assert read_all(copy) == 10
    assert siblings(copy) == names
    assert {name: (left / name).read_bytes() for name in names if not name.endswith("-shm")} == kept


def damage_rows(path: Path) -> None:
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA ignore_check_constraints = ON")  # as another tool might
    connection.execute("UPDATE games SET ended_at = 'garbage' WHERE id = 3")
    connection.execute("UPDATE games SET mode = 'weird' WHERE id = 5")
    connection.commit()
    connection.close()


def test_a_damaged_row_is_named_and_the_other_games_still_listed(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        seed_league(repository)
    damage_rows(db_path)
    damaged: list[DamagedGame] = []
    with Repository.open(db_path) as repository:
        games = repository.list_games(limit=100, on_damaged=damaged.append)
        assert sorted(g.id for g in games) == [1, 2, 4, 6, 7, 8, 9]
        assert [d.id for d in sorted(damaged, key=lambda d: d.id)] == [3, 5]
        messages = {d.id: d.message() for d in damaged}
        assert messages[3] == "game 3 cannot be read: ended_at is 'garbage'"
        assert messages[5] == "game 5 cannot be read: mode is 'weird'"
        with pytest.raises(CorruptDatabaseError, match="game 3 cannot be read: ended_at"):
            repository.game(3)
        # Without anyone to tell, listing says which game is damaged, in one line.
        with pytest.raises(CorruptDatabaseError) as info:
            repository.list_games(limit=100)
        assert "\n" not in str(info.value)
        exported = list(repository.iter_games(on_damaged=damaged.append))
        assert len(exported) == 7


def scribble_middle(path: Path) -> bytes:
    original = path.read_bytes()
    size = len(original)
    damaged = original[: 4 * 4096] + b"\xa5" * (size - 6 * 4096) + original[-2 * 4096 :]
    path.write_bytes(damaged)
    return damaged


def test_mid_file_damage_is_noticed_by_reading_in_one_line(db_path: Path) -> None:
    with Repository.open(db_path) as repository:
        repository.save_games(
            make_game(human(f"P{i}"), persona("cop"), Result.DRAW, minute=i) for i in range(300)
        )
    damaged = scribble_middle(db_path)
    with pytest.raises(CorruptDatabaseError) as info:
        read_all(db_path)
    message = str(info.value)
    assert "\n" not in message
    assert "damaged" in message
    assert db_path.read_bytes() == damaged
    _, notice = open_or_recover(db_path)
    assert notice is not None
    assert "\n" not in notice


def test_the_home_folder_is_expanded_the_same_everywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert resolve_path("~/t.sqlite3") == tmp_path / "t.sqlite3"
    with Repository.open("~/t.sqlite3") as repository:
        repository.save_game(make_game(human("Ann"), persona("cop"), Result.DRAW))
    assert (tmp_path / "t.sqlite3").exists()
    repository, _ = open_or_recover("~/t.sqlite3")
    with repository:
        assert repository.count_games() == 1


def test_a_tilde_naming_no_user_is_a_clear_error() -> None:
    with pytest.raises(RecordsError, match="there is no user named 'nouser-xyz'"):
        resolve_path("~nouser-xyz/x.sqlite3")
    with pytest.raises(RecordsError, match="no user named"):
        Repository.open("~nouser-xyz/x.sqlite3")
    with pytest.raises(RecordsError, match="no user named"):
        open_or_recover("~nouser-xyz/x.sqlite3")


READ_IN_PLACE = """
import sys
from tictactoe_gui.storage import Repository
with Repository.open(sys.argv[1]) as repository:
    print(repository.count_games(), len(repository.standings()), repository.write_problem())
"""


def can_mount_read_only() -> bool:
    return sys.platform.startswith("linux") and os.geteuid() == 0 and bool(shutil.which("unshare"))


@pytest.mark.skipif(not can_mount_read_only(), reason="needs root to bind-mount read-only")
def test_a_wal_file_on_a_read_only_mount_is_read(tmp_path: Path) -> None:
    source, mount = tmp_path / "source", tmp_path / "mount"
    source.mkdir()
    mount.mkdir()
    with Repository.open(source / "records.sqlite3") as repository:
        seed_league(repository)
    script = (
        f"mount --bind -o ro {source} {mount} && "
        f"exec {sys.executable} -c '{READ_IN_PLACE}' {mount / 'records.sqlite3'}"
    )
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    if "mount:" in done.stderr and done.returncode:
        pytest.skip(f"cannot mount here: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    count, standings, problem = done.stdout.strip().split(" ", 2)
    assert (count, standings) == ("9", "5")
    assert problem.endswith("is not writable")


def test_a_wal_file_in_an_immutable_folder_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "kept"
    folder.mkdir()
    path = folder / "records.sqlite3"
    with Repository.open(path) as repository:
        seed_league(repository)
    original = path.read_bytes()
    locked = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False)
    if locked.returncode:
        pytest.skip("chattr +i is not available here")
    try:
        with Repository.open(path) as repository:
            assert repository.count_games() == 9
            assert repository.database.read_note is not None
            assert repository.write_problem() is not None or os.geteuid() == 0
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)
    assert path.read_bytes() == original
