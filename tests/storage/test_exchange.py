"""Export to CSV and JSON, and importing JSON back, merging without duplicates."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.storage.games import human, make_game, persona
from tictactoe_gui.records_bridge import check_rules
from tictactoe_gui.storage import Repository
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
