"""Export to CSV and JSON, and importing JSON back, merging without duplicates."""

from __future__ import annotations

import contextlib
import csv
import json
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.storage.games import human, make_game, persona
from tictactoe_gui.records_bridge import check_rules
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.exchange import ImportCancelledError, PartialImportError
from tictactoe_gui.storage.records import RecordsError, Result


@pytest.fixture
def repo(db_path: Path) -> Iterator[Repository]:
    """Records that check each game's rules, as the app's do."""
    with Repository.open(db_path, rules=check_rules) as repository:
        yield repository


AWKWARD = 'Smith, "Jo" 🦄'


def seed(repository: Repository, count: int, start: int = 0) -> None:
    results = (Result.X_WINS, Result.O_WINS, Result.DRAW)
    repository.save_games(
        make_game(
            human(AWKWARD), persona(("kitty", "cop", "sera")[i % 3]), results[i % 3], minute=i
        )
        for i in range(start, start + count)
    )


def test_csv_export_has_one_row_per_game(repo: Repository, tmp_path: Path) -> None:
    seed(repo, 7)
    target = tmp_path / "history.csv"
    assert repo.export_records(target, "csv") == 7
    with target.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert len(rows) == 7
    assert {row["x_name"] for row in rows} == {AWKWARD}
    assert rows[0]["cells"] == "0 3 1 4 2"
    assert rows[0]["result"] == "X"
    assert rows[0]["ended_at"] < rows[-1]["ended_at"]  # oldest first
    assert {row["uuid"] for row in rows} == {g.uid for g in repo.list_games(limit=10)}


def test_json_round_trip_into_a_fresh_database(repo: Repository, tmp_path: Path) -> None:
    seed(repo, 9)
    target = tmp_path / "history.json"
    assert repo.export_records(target, "json") == 9
    with Repository.open(tmp_path / "other.sqlite3") as other:
        report = other.import_records(target)
        assert (report.added, report.skipped) == (9, 0)
        theirs = other.list_games(limit=100)
        mine = repo.list_games(limit=100)
        assert [(g.uid, g.x, g.o, g.result, g.ended_at, g.seed) for g in theirs] == [
            (g.uid, g.x, g.o, g.result, g.ended_at, g.seed) for g in mine
        ]
        assert other.game(theirs[0].id).moves == repo.game(mine[0].id).moves
        assert other.standings() == repo.standings()


def test_importing_twice_adds_nothing(repo: Repository, tmp_path: Path) -> None:
    seed(repo, 5)
    target = tmp_path / "history.json"
    repo.export_records(target, "json")
    report = repo.import_records(target)
    assert (report.added, report.skipped) == (0, 5)
    assert repo.count_games() == 5


def test_merging_two_databases_keeps_each_game_once(repo: Repository, tmp_path: Path) -> None:
    seed(repo, 3)
    shared = tmp_path / "mine.json"
    repo.export_records(shared, "json")
    with Repository.open(tmp_path / "laptop.sqlite3") as laptop:
        laptop.import_records(shared)
        seed(laptop, 2, start=100)  # two games played only on the laptop
        back = tmp_path / "laptop.json"
        laptop.export_records(back, "json")
    report = repo.import_records(back)
    assert (report.added, report.skipped) == (2, 3)
    assert repo.count_games() == 5
    assert len({g.uid for g in repo.list_games(limit=10)}) == 5


def test_an_imported_name_joins_the_existing_spelling(repo: Repository, tmp_path: Path) -> None:
    repo.save_game(make_game(human("alice"), persona("cop"), Result.DRAW))
    with Repository.open(tmp_path / "other.sqlite3") as other:
        other.save_game(make_game(human("ALICE"), persona("cop"), Result.X_WINS, minute=5))
        other.export_records(tmp_path / "other.json", "json")
    repo.import_records(tmp_path / "other.json")
    assert repo.players() == ["alice"]
    assert repo.record_of("Alice") is not None
    assert repo.record_of("Alice").games == 2  # type: ignore[union-attr]


def write_export(path: Path, games: list[object]) -> None:
    path.write_text(json.dumps({"format": "tictactoe-gui records", "version": 1, "games": games}))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda g: g.pop("uuid"), "game 2: 'uuid' is missing"),
        (lambda g: g.update(uuid="nope"), "game 2: 'uuid' is not a UUID"),
        (lambda g: g.update(result="X"), "game 2: the result is recorded as 'X'"),
        (lambda g: g.update(mode="chess"), "game 2: 'mode' cannot be 'chess'"),
        (lambda g: g.update(ended_at="yesterday"), "game 2: 'ended_at' is not a date"),
        (lambda g: g.update(hints_x=True), "game 2: 'hints_x' is missing or has the wrong type"),
        (lambda g: g["moves"].append({"ply": 7}), "game 2, move 7: 'cell' is missing"),
        (lambda g: g["x"].update(name="y" * 40), "game 2, side 'x': a player name has at most 32"),
        (lambda g: g["x"].update(name="a\x00b"), "control characters"),
    ],
)
def test_a_bad_game_in_a_file_imports_nothing_and_says_which(
    repo: Repository, tmp_path: Path, mutate: object, message: str
) -> None:
    with Repository.open(tmp_path / "source.sqlite3") as source:
        seed(source, 3)
        source.export_records(tmp_path / "good.json", "json")
    games = json.loads((tmp_path / "good.json").read_text())["games"]
    mutate(games[1])  # type: ignore[operator]
    write_export(tmp_path / "bad.json", games)
    with pytest.raises(RecordsError) as info:
        repo.import_records(tmp_path / "bad.json")
    assert message in str(info.value)
    assert repo.count_games() == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "is not a JSON records file"),
        ('{"format": "something else"}', "is not a tictactoe-gui records export"),
        ('{"format": "tictactoe-gui records", "version": 7, "games": []}', "format version 7"),
        ('{"format": "tictactoe-gui records", "version": 1}', "has no list of games"),
        ("[1, 2, 3]", "is not a tictactoe-gui records export"),
    ],
)
def test_files_that_are_not_exports_are_refused(
    repo: Repository, tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "input.json"
    path.write_text(content)
    with pytest.raises(RecordsError, match=message):
        repo.import_records(path)


def test_a_missing_file_is_a_clear_error(repo: Repository, tmp_path: Path) -> None:
    with pytest.raises(RecordsError, match="cannot read"):
        repo.import_records(tmp_path / "missing.json")


def test_exporting_to_an_impossible_place_is_a_clear_error(
    repo: Repository, tmp_path: Path
) -> None:
    seed(repo, 2)
    with pytest.raises(RecordsError, match="cannot write"):
        repo.export_records(tmp_path / "no-such-folder" / "out.json", "json")
    with pytest.raises(RecordsError, match="cannot write"):
        repo.export_records(tmp_path, "csv")  # a folder, not a file
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "records.sqlite3",
        "records.sqlite3-shm",
        "records.sqlite3-wal",
    ]


def exported_games(repo: Repository, tmp_path: Path, count: int = 3) -> list[dict[str, object]]:
    with Repository.open(tmp_path / "source.sqlite3") as source:
        seed(source, count)
        source.export_records(tmp_path / "good.json", "json")
    games = json.loads((tmp_path / "good.json").read_text())["games"]
    assert isinstance(games, list)
    return games


def import_error(repo: Repository, path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The one message importing ``path`` gives; checks nothing was imported or printed."""
    with pytest.raises(RecordsError) as info:
        repo.import_records(path)
    message = str(info.value)
    assert "\n" not in message
    assert repo.count_games() == 0
    assert repo.players() == []
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "")
    return message


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda g: g.update(seed=2**64), "game 2: the seed is too large to record"),
        (
            lambda g: g["moves"][0].update(score=2**64),
            "game 2: move 1: score is too large to record",
        ),
        (
            lambda g: g.update(started_at="0001-01-01T00:00:00+01:00"),
            "game 2: 'started_at' is outside the calendar",
        ),
        (
            lambda g: g.update(ended_at="9999-12-31T23:59:59-01:00"),
            "game 2: 'ended_at' is outside the calendar",
        ),
        (lambda g: g["o"].update(name="\x1b[31mred"), "game 2, side 'o': a persona is named"),
        (lambda g: g["x"].update(name="\u202eevil"), "game 2, side 'x': a player name cannot"),
        (lambda g: g["x"].update(name="\u200b\u200d"), "needs at least one visible character"),
        (lambda g: g.update(game="gomoku"), "game 2: Gomoku is played on 15×15"),
        (lambda g: g.update(game=7), "game 2: 'game' is missing or has the wrong type"),
        (lambda g: g.update(resigned="Z"), "game 2: resigned is 'Z'"),
    ],
)
def test_every_malformed_game_gives_one_message_naming_it(
    repo: Repository,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    mutate: object,
    message: str,
) -> None:
    games = exported_games(repo, tmp_path)
    mutate(games[1])  # type: ignore[operator]
    path = tmp_path / "bad.json"
    text = json.dumps({"format": "tictactoe-gui records", "version": 2, "games": games})
    path.write_text(text)
    assert message in import_error(repo, path, capsys)


def test_deep_nesting_is_one_message(
    repo: Repository, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    nested = "[" * 200_000 + "]" * 200_000
    path.write_text('{"format": "tictactoe-gui records", "version": 2, "games": [' + nested + "]}")
    assert "game 1 is nested too deeply" in import_error(repo, path, capsys)


def test_a_huge_number_is_refused_before_it_is_built(
    repo: Repository, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = exported_games(repo, tmp_path)
    text = json.dumps({"format": "tictactoe-gui records", "version": 2, "games": games})
    path = tmp_path / "big.json"
    path.write_text(text.replace('"hints_x": 0', '"hints_x": ' + "7" * 5000, 1))
    assert "game 1: 'hints_x' holds a number with 5000 digits" in import_error(repo, path, capsys)


@pytest.mark.parametrize(
    ("version", "message"),
    [
        ("true", "format version True"),
        ("1.0", "format version 1.0"),
        ('"2"', "format version '2'"),
        ("3", "format version 3"),
    ],
)
def test_the_format_version_must_be_a_known_whole_number(
    repo: Repository,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    version: str,
    message: str,
) -> None:
    path = tmp_path / "v.json"
    path.write_text(f'{{"format": "tictactoe-gui records", "version": {version}, "games": []}}')
    assert message in import_error(repo, path, capsys)


def test_a_byte_order_mark_is_accepted(repo: Repository, tmp_path: Path) -> None:
    exported_games(repo, tmp_path)
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (tmp_path / "good.json").read_bytes())
    assert repo.import_records(path).added == 3


def test_an_old_export_without_games_ids_imports_as_tictactoe(repo: Repository) -> None:
    old = Path(__file__).parent / "data" / "export-v1.json"
    assert '"game"' not in old.read_text()
    report = repo.import_records(old)
    assert (report.added, report.skipped, report.conflicts) == (10, 0, ())
    assert repo.games_recorded() == {"tictactoe": 10}
    assert repo.standings()[0].side.name == "Alice"


def test_exports_carry_each_games_game_and_can_be_filtered(
    repo: Repository, tmp_path: Path
) -> None:
    seed(repo, 2)
    four = make_game(human("Gus"), persona("cop"), Result.X_WINS, minute=50)
    repo.rules = None  # storage alone: a four-in-a-row record of the right shape
    repo.save_game(replace(four, game="four", rows=20, cols=20, start_board="/".join(["20"] * 20)))
    everything = tmp_path / "all.json"
    assert repo.export_records(everything, "json") == 3
    games = json.loads(everything.read_text())["games"]
    assert [g["game"] for g in games] == ["tictactoe", "tictactoe", "four"]
    assert [(g["rows"], g["cols"]) for g in games] == [(3, 3), (3, 3), (20, 20)]
    assert repo.export_records(tmp_path / "four.csv", "csv", "four") == 1
    with (tmp_path / "four.csv").open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert [row["game"] for row in rows] == ["four"]
    assert rows[0]["cells"] == "0 3 1 4 2"


def test_a_duplicate_creates_no_players_and_a_conflict_is_reported(
    repo: Repository, tmp_path: Path
) -> None:
    games = exported_games(repo, tmp_path)
    write_export(tmp_path / "first.json", games[:1])
    assert repo.import_records(tmp_path / "first.json").added == 1
    players_before = repo.players()
    # The same game again, under a name nobody has: skipped, and no phantom player.
    renamed = json.loads(json.dumps(games[0]))
    renamed["hints_o"] = 0
    write_export(tmp_path / "again.json", [renamed])
    report = repo.import_records(tmp_path / "again.json")
    assert (report.added, report.skipped, report.conflicts) == (0, 1, ())
    changed = json.loads(json.dumps(games[0]))
    changed["x"]["name"] = "Phantom"
    changed["hints_x"] = 3
    write_export(tmp_path / "conflict.json", [games[1], changed])
    report = repo.import_records(tmp_path / "conflict.json")
    assert (report.added, report.skipped, report.conflicts) == (1, 0, (2,))
    assert "Phantom" not in repo.players()
    assert repo.players() == players_before
    assert "1 conflict (game 2 of the file" in report.summary()
    assert repo.count_games() == 2


def test_csv_export_neutralises_formulas_but_not_numbers(repo: Repository, tmp_path: Path) -> None:
    for minute, name in enumerate(["=1+1", "+SUM(A1)", "-2+3", "@cmd", "Plain"]):
        repo.save_game(make_game(human(name), persona("cop"), Result.X_WINS, minute=minute))
    repo.save_game(make_game(human("Neg"), persona("cop"), Result.DRAW, minute=9, seed=-42))
    target = tmp_path / "h.csv"
    repo.export_records(target, "csv")
    with target.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert [row["x_name"] for row in rows] == [
        "'=1+1",
        "'+SUM(A1)",
        "'-2+3",
        "'@cmd",
        "Plain",
        "Neg",
    ]
    assert rows[-1]["seed"] == "-42"  # a number stays a number


def test_import_reports_progress_and_can_be_cancelled(repo: Repository, tmp_path: Path) -> None:
    with Repository.open(tmp_path / "source.sqlite3") as source:
        seed(source, 450)
        source.export_records(tmp_path / "many.json", "json")
    seen: list[tuple[int, int]] = []

    def cancel_at_the_second_report(done: int, total: int) -> bool:
        seen.append((done, total))
        return len(seen) < 2

    with pytest.raises(ImportCancelledError):
        repo.import_records(tmp_path / "many.json", cancel_at_the_second_report)
    assert repo.count_games() == 0
    assert len(seen) == 2
    seen.clear()
    assert (
        repo.import_records(tmp_path / "many.json", lambda d, t: seen.append((d, t)) or True).added
        == 450
    )
    # The file is read twice (checked whole, then written): the work is twice its size.
    size = (tmp_path / "many.json").stat().st_size
    assert seen[-1] == (2 * size, 2 * size)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert any(d < size for d, _ in seen)
    assert any(size < d < 2 * size for d, _ in seen)


def export_of(tmp_path: Path, count: int, name: str = "Zed") -> Path:
    """A JSON export of ``count`` games of ``name`` against the personas in turn."""
    target = tmp_path / f"{name}-{count}.json"
    with Repository.open(tmp_path / f"{name}-source.sqlite3") as source:
        results = (Result.X_WINS, Result.O_WINS, Result.DRAW)
        source.save_games(
            make_game(
                human(f"{name}{i % 7}"),
                persona(("kitty", "cop", "sera")[i % 3]),
                results[i % 3],
                minute=i,
            )
            for i in range(count)
        )
        source.export_records(target, "json")
    return target


def test_cancelling_while_the_games_are_written_takes_every_one_back(
    repo: Repository, tmp_path: Path
) -> None:
    seed(repo, 2)
    target = export_of(tmp_path, 900)
    size = target.stat().st_size
    writing: list[int] = []

    def cancel_once_some_are_written(done: int, total: int) -> bool:
        if done > size:
            writing.append(done)
        return len(writing) < 3

    with pytest.raises(ImportCancelledError, match="nothing was imported"):
        repo.import_records(target, cancel_once_some_are_written)
    assert len(writing) == 3  # cancelled after three batches were written
    assert repo.count_games() == 2
    assert repo.players() == [AWKWARD]  # the file's players went with their games
    moves = (
        repo.database.reader()
        .execute("SELECT count(*), count(DISTINCT game_id) FROM moves")
        .fetchone()
    )
    assert moves == (5 + 6, 2)  # and their moves: only the two games' own are left
    assert repo.import_records(target).added == 900


def test_a_full_disk_midway_takes_back_the_games_already_written(
    repo: Repository, tmp_path: Path
) -> None:
    seed(repo, 2)
    target = export_of(tmp_path, 900)
    connection = repo.database.writer()
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages + 40}")  # room for a few batches
    with pytest.raises(RecordsError, match=r"the disk that holds the records file .* is full"):
        repo.import_records(target)
    assert repo.count_games() == 2
    assert repo.players() == [AWKWARD]


def test_a_failed_import_that_cannot_take_back_its_games_says_how_to_finish(
    repo: Repository, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = export_of(tmp_path, 600)
    database = repo.database
    real_transaction = database.transaction
    batches = 0

    @contextlib.contextmanager
    def transaction(doing: str) -> Iterator[sqlite3.Connection]:
        nonlocal batches
        if doing.startswith("take back"):
            raise RecordsError("could not take back the imported games: no room")
        batches += 1
        if batches == 3:
            raise RecordsError("could not import the games: the disk is full")
        with real_transaction(doing) as connection:
            yield connection

    monkeypatch.setattr(database, "transaction", transaction)
    with pytest.raises(PartialImportError) as raised:
        repo.import_records(target)
    message = str(raised.value)
    assert message.startswith("could not import the games: the disk is full; 400 of the file")
    assert f"importing {target.name} again adds the rest, without duplicates" in message
    monkeypatch.undo()
    report = repo.import_records(target)  # and so it does
    assert (report.added, report.skipped) == (200, 400)


REAL_V2 = Path(__file__).parent / "data" / "records-v2.sqlite3"


@pytest.mark.parametrize(
    "text",
    [
        "these are my notes, not JSON\n",
        json.dumps({"format": "tictactoe-gui records", "version": 2, "games": [{"uuid": 1}]}),
    ],
    ids=["not-json", "bad-game"],
)
def test_a_bad_file_never_opens_the_records_for_writing(tmp_path: Path, text: str) -> None:
    """An older file is neither upgraded nor backed up, a missing one not created."""
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    folder = tmp_path / "records"
    folder.mkdir()
    old = folder / "old.sqlite3"
    shutil.copy(REAL_V2, old)

    def files() -> dict[str, bytes]:
        return {path.name: path.read_bytes() for path in folder.iterdir()}

    before = files()
    for records in (old, folder / "missing.sqlite3"):
        with Repository.open(records, rules=check_rules) as repository:
            with pytest.raises(RecordsError):
                repository.import_records(bad)
            assert not repository.database.writable
    assert files() == before
