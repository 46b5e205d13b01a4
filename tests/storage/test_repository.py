"""Saving and reading back games, players, standings and statistics."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.storage.games import EPOCH, human, make_game, persona, seed_league
from tictactoe_gui.storage import DATABASE_ENV_VAR, Repository, default_database_path
from tictactoe_gui.storage.records import (
    NAME_MAX_LENGTH,
    FinishedGame,
    GameDetail,
    GameFilter,
    GameMode,
    GameNotFoundError,
    InvalidGameError,
    InvalidNameError,
    MoveEntry,
    Result,
    Side,
    SideKind,
    UnknownPlayerError,
    WinLossDraw,
)

X_WINS, O_WINS, DRAW = Result.X_WINS, Result.O_WINS, Result.DRAW


def test_a_game_comes_back_exactly_as_saved(repo: Repository) -> None:
    game = replace(
        make_game(human("Alice"), persona("sera"), DRAW, seed=42, hints_x=2),
        hints_o=1,
        start_board=".........",
    )
    game_id = repo.save_game(game)
    detail = repo.game(game_id)
    assert isinstance(detail, GameDetail)
    s = detail.summary
    assert s.id == game_id
    assert (s.started_at, s.ended_at) == (game.started_at, game.ended_at)
    assert s.started_at.tzinfo is not None
    assert (s.mode, s.x, s.o, s.result) == (game.mode, game.x, game.o, game.result)
    assert (s.plies, s.moves_x, s.moves_o) == (9, 5, 4)
    assert (s.hints_x, s.hints_o, s.seed) == (2, 1, 42)
    assert (s.x_ai_nodes, s.o_ai_nodes, s.x_ai_max_depth, s.o_ai_max_depth) == (0, 567, 0, 5)
    assert s.start_board == game.start_board
    assert len(s.uid) == 36
    assert detail.moves == game.moves


def test_times_in_other_zones_are_stored_as_utc(repo: Repository) -> None:
    plus_two = timezone(timedelta(hours=2))
    game = make_game(human("Ann"), persona("cop"), X_WINS)
    local = replace(
        game,
        started_at=game.started_at.astimezone(plus_two),
        ended_at=game.ended_at.astimezone(plus_two),
    )
    summary = repo.game(repo.save_game(local)).summary
    assert summary.ended_at == game.ended_at
    assert summary.ended_at.utcoffset() == timedelta(0)


def test_a_game_from_a_set_up_position_keeps_its_start(repo: Repository) -> None:
    # X in the centre, O in a corner; X to move and wins on the diagonal 2-4-6.
    moves = (
        MoveEntry(3, 2, "X"),
        MoveEntry(4, 1, "O"),
        MoveEntry(5, 6, "X"),
    )
    game = FinishedGame(
        started_at=EPOCH,
        ended_at=EPOCH + timedelta(minutes=1),
        mode=GameMode.HUMAN_VS_HUMAN,
        x=human("Xena"),
        o=human("Otto"),
        result=X_WINS,
        moves=moves,
        start_board="O...X....",
    )
    detail = repo.game(repo.save_game(game))
    assert detail.summary.start_board == "O...X...."
    # Plies are stored counting from 1 after the start position.
    assert [m.ply for m in detail.moves] == [1, 2, 3]
    assert [m.cell for m in detail.moves] == [2, 1, 6]


def test_unknown_game_id_is_a_clear_error(repo: Repository) -> None:
    with pytest.raises(GameNotFoundError, match="no recorded game has id 99"):
        repo.game(99)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"moves": (MoveEntry(1, 0, "X"), MoveEntry(2, 0, "O"))}, "plays cell 0 a second time"),
        ({"moves": (MoveEntry(1, 9, "X"),)}, "a 3×3 board has cells 0-8"),
        ({"moves": (MoveEntry(1, -1, "X"),)}, "cell cannot be negative"),
        ({"moves": (MoveEntry(1, 0, "X"), MoveEntry(3, 1, "O"))}, "does not follow ply 1"),
        ({"moves": (MoveEntry(0, 0, "X"),)}, "plies count from 1"),
        ({"moves": (MoveEntry(1, 0, "X"), MoveEntry(2, 1, "X"))}, "by X twice in a row"),
        ({"moves": (MoveEntry(1, 0, "Z"),)}, "marks are X and O"),
        ({"moves": tuple(MoveEntry(i + 1, i, "XO"[i % 2]) for i in range(10))}, "cannot fit"),
        ({"moves": (MoveEntry(1, 0, "X", score=2**64),)}, "score is too large to record"),
        ({"game": "Chess!"}, "a game id is 1-32 lower-case letters and digits"),
        ({"rows": 21}, "rows must be 1 to 20"),
        ({"cols": 0}, "cols must be 1 to 20"),
        ({"start_board": ""}, "the start board is empty"),
        ({"extra": '{"a": "\x1b[31m"}'}, "extra holds a control character"),
        ({"started_at": datetime(2026, 1, 1)}, "time zone"),
        ({"ended_at": EPOCH - timedelta(days=1)}, "before it starts"),
        ({"hints_x": -1}, "hints_x cannot be negative"),
        ({"x_ai_nodes": 2**63}, "x_ai_nodes is too large to record"),
        ({"seed": 10**30}, "the seed is too large to record"),
        ({"seed": -(2**63) - 1}, "the seed is too large to record"),
        ({"o": Side(SideKind.PERSONA, "  ")}, "side O: a persona is named by a key"),
        ({"o": Side(SideKind.PERSONA, "\x1b[31mred")}, "side O: a persona is named by a key"),
        ({"x": Side(SideKind.HUMAN, "")}, "side X: a player name cannot be empty"),
    ],
)
def test_records_of_the_wrong_shape_are_refused_and_nothing_is_written(
    repo: Repository, change: dict[str, object], message: str
) -> None:
    good = make_game(human("Alice"), persona("kitty"), X_WINS)
    with pytest.raises(InvalidGameError) as info:
        repo.save_game(replace(good, **change))  # type: ignore[arg-type]
    assert message in str(info.value)
    assert repo.count_games() == 0
    assert repo.players() == []


def test_storage_checks_the_shape_and_leaves_the_rules_to_its_rules_check(
    db_path: Path,
) -> None:
    # A result the moves deny has the right shape: storage alone records it ...
    wrong = replace(make_game(human("Alice"), persona("kitty"), X_WINS), result=DRAW)
    with Repository.open(db_path) as repository:
        repository.save_game(wrong)
        assert repository.count_games() == 1

    # ... and refuses it when given the rules, without writing anything.
    def rules(game: FinishedGame) -> None:
        raise InvalidGameError("the moves give 'X'")

    with Repository.open(db_path, rules=rules) as repository:
        with pytest.raises(InvalidGameError, match="the moves give 'X'"):
            repository.save_game(wrong)
        assert repository.count_games() == 1


def test_a_big_board_keeps_every_cell_and_its_game(repo: Repository) -> None:
    # Twenty moves on a 20x20 board, reaching the last cell (399).
    cells = [399, 0, 398, 1, 397, 2, 396, 3, 395]
    game = replace(
        make_game(human("Gus"), persona("cop"), X_WINS),
        game="four",
        rows=20,
        cols=20,
        start_board="/".join(["20"] * 20),
        moves=tuple(MoveEntry(i + 1, cell, "XO"[i % 2]) for i, cell in enumerate(cells)),
        extra='{"note": "free placement"}',
    )
    detail = repo.game(repo.save_game(game))
    assert [m.cell for m in detail.moves] == cells
    s = detail.summary
    assert (s.game, s.rows, s.cols, s.plies) == ("four", 20, 20, 9)
    assert s.start_board == game.start_board
    assert s.extra == '{"note": "free placement"}'


def test_a_batch_with_one_bad_game_saves_none(repo: Repository) -> None:
    good = make_game(human("Alice"), persona("kitty"), X_WINS)
    with pytest.raises(InvalidGameError):
        repo.save_games([good, replace(good, hints_x=-1)])
    assert repo.count_games() == 0


NAMES = [
    "Mary Ann Smith",
    'O\'Brien "the bold"',
    "Robert'); DROP TABLE players;--",
    "🦄 Zoë ✨👩‍🚀",
    "x" * NAME_MAX_LENGTH,
    "%_ LIKE wildcards *?",
]


@pytest.mark.parametrize("name", NAMES)
def test_awkward_names_work_and_come_back_exactly(repo: Repository, name: str) -> None:
    repo.save_game(make_game(human(name), persona("cop"), X_WINS))
    repo.save_game(make_game(persona("sera"), human(name), X_WINS, minute=1))
    assert repo.players() == [name]
    assert repo.record_of(name) == WinLossDraw(wins=1, losses=1, draws=0)
    assert repo.list_games(GameFilter(player=name))[0].o == Side(SideKind.HUMAN, name)
    assert repo.player_stats(name).name == name
    assert repo.count_games() == 2  # the SQL-looking name dropped nothing


def test_names_match_regardless_of_case_and_keep_the_first_spelling(repo: Repository) -> None:
    repo.save_game(make_game(human("Alice"), persona("kitty"), X_WINS))
    repo.save_game(make_game(human("alice"), persona("kitty"), O_WINS, minute=1))
    repo.save_game(make_game(persona("cop"), human("  ALICE "), DRAW, minute=2))
    assert repo.players() == ["Alice"]
    assert repo.record_of("aLiCe") == WinLossDraw(wins=1, losses=1, draws=1)
    names = {s.x.name for s in repo.list_games()} | {s.o.name for s in repo.list_games()}
    assert "Alice" in names
    assert not {"alice", "ALICE", "  ALICE "} & names


def test_names_outside_the_rules_get_a_clear_message() -> None:
    with pytest.raises(InvalidNameError, match="at most 32 characters; this one has 33"):
        human("y" * 33)
    with pytest.raises(InvalidNameError, match="control characters"):
        human("bad\nname")
    with pytest.raises(InvalidNameError, match="cannot be empty"):
        human("   ")


def test_record_of_a_new_name_is_none(repo: Repository) -> None:
    assert repo.record_of("Nobody") is None


def test_player_stats_of_an_unknown_name_is_a_clear_error(repo: Repository) -> None:
    with pytest.raises(UnknownPlayerError, match="Nobody"):
        repo.player_stats("Nobody")


def as_table(
    repo: Repository, opponent: str | None = None
) -> dict[tuple[str, str], tuple[int, int, int]]:
    return {
        (s.side.kind.value, s.side.name): (s.record.wins, s.record.losses, s.record.draws)
        for s in repo.standings(opponent)
    }


def test_standings_match_the_hand_count(repo: Repository) -> None:
    seed_league(repo)
    assert as_table(repo) == {
        ("human", "Alice"): (4, 1, 1),
        ("human", "Bob"): (1, 1, 1),
        ("persona", "kitty"): (0, 4, 0),
        ("persona", "cop"): (1, 1, 1),
        ("persona", "sera"): (1, 0, 1),
    }
    order = [s.side.name for s in repo.standings()]
    assert order[0] == "Alice"
    assert order[-1] == "kitty"


def test_standings_against_one_persona(repo: Repository) -> None:
    seed_league(repo)
    assert as_table(repo, "kitty") == {
        ("human", "Alice"): (2, 0, 0),
        ("human", "Bob"): (1, 0, 0),
        ("persona", "cop"): (1, 0, 0),
    }
    assert as_table(repo, "Sera") == {("human", "Alice"): (0, 1, 1)}
    assert as_table(repo, "nobody") == {}


def test_standings_follow_new_games(repo: Repository) -> None:
    seed_league(repo)
    repo.save_game(make_game(human("Bob"), persona("sera"), O_WINS, minute=10))
    assert as_table(repo)[("human", "Bob")] == (1, 2, 1)
    assert repo.record_of("bob") == WinLossDraw(1, 2, 1)


def test_player_statistics_match_the_hand_count(repo: Repository) -> None:
    seed_league(repo)
    stats = repo.player_stats("alice")
    assert stats.name == "Alice"
    assert stats.totals == WinLossDraw(4, 1, 1)
    assert stats.against_persona == {
        "kitty": WinLossDraw(2, 0, 0),
        "sera": WinLossDraw(0, 1, 1),
        "cop": WinLossDraw(1, 0, 0),
    }
    assert stats.against_people == WinLossDraw(1, 0, 0)
    # W W D L W W: two wins in a row at the end, longest run of wins two, of losses one.
    assert [outcome for _, outcome in stats.timeline] == [
        "win",
        "win",
        "draw",
        "loss",
        "win",
        "win",
    ]
    assert [t for t, _ in stats.timeline] == sorted(t for t, _ in stats.timeline)
    assert stats.current_streak == 2
    assert (stats.longest_win_streak, stats.longest_loss_streak) == (2, 1)


def test_losing_streaks_count_negative(repo: Repository) -> None:
    for minute, result in enumerate([X_WINS, O_WINS, O_WINS, O_WINS, DRAW, O_WINS, O_WINS]):
        repo.save_game(make_game(human("Carl"), persona("sera"), result, minute=minute))
    stats = repo.player_stats("Carl")
    assert stats.current_streak == -2
    assert (stats.longest_win_streak, stats.longest_loss_streak) == (1, 3)
    repo.save_game(make_game(human("Carl"), persona("sera"), DRAW, minute=20))
    assert repo.player_stats("Carl").current_streak == 0


def test_history_is_newest_first_and_pages(repo: Repository) -> None:
    seed_league(repo)
    everything = repo.list_games(limit=100)
    assert len(everything) == repo.count_games() == 9
    ends = [s.ended_at for s in everything]
    assert ends == sorted(ends, reverse=True)
    pages = [repo.list_games(offset=offset, limit=4) for offset in (0, 4, 8)]
    assert [len(p) for p in pages] == [4, 4, 1]
    assert [s.id for page in pages for s in page] == [s.id for s in everything]


def test_history_pages_beyond_any_integer_sqlite_holds(repo: Repository) -> None:
    seed_league(repo)
    assert len(repo.list_games(limit=10**30)) == 9
    assert repo.list_games(offset=10**30) == []


def test_history_continues_after_a_game_without_repeats(repo: Repository) -> None:
    seed_league(repo)
    first = repo.list_games(limit=4)
    # A game recorded meanwhile lands on top; continuing after the last row shown
    # neither repeats nor skips anything.
    repo.save_game(make_game(human("Late"), persona("cop"), X_WINS, minute=99))
    rest = repo.list_games(limit=100, after=first[-1])
    assert len(rest) == 5
    everything = repo.list_games(limit=100)
    assert [g.id for g in first + rest] == [g.id for g in everything[1:]]
    assert repo.list_games(GameFilter(player="Alice"), after=first[-1])[0].id == rest[0].id


def test_history_orders_by_end_time_not_by_insertion(repo: Repository) -> None:
    late = repo.save_game(make_game(human("Ann"), persona("cop"), X_WINS, minute=50))
    early = repo.save_game(make_game(human("Ann"), persona("cop"), X_WINS, minute=5))
    assert [s.id for s in repo.list_games()] == [late, early]


@pytest.mark.parametrize(
    ("game_filter", "expected_minutes"),
    [
        (GameFilter(player="alice"), [9, 5, 4, 3, 2, 1]),
        (GameFilter(player="Alice", result="win"), [9, 5, 2, 1]),
        (GameFilter(player="Alice", result="loss"), [4]),
        (GameFilter(player="Alice", result="draw"), [3]),
        (GameFilter(player="kitty"), [8, 6, 2, 1]),
        (GameFilter(player="kitty", result="loss"), [8, 6, 2, 1]),
        (GameFilter(player="cop", result="win"), [8]),
        (GameFilter(mode=GameMode.AI_VS_AI), [8]),
        (GameFilter(mode=GameMode.HUMAN_VS_HUMAN), [5]),
        (GameFilter(result="draw"), [7, 3]),
        (GameFilter(result="O"), [8, 6, 5]),
        (GameFilter(player="Bob", mode=GameMode.HUMAN_VS_AI), [7, 6]),
        (GameFilter(player="Nobody"), []),
    ],
)
def test_history_filters(
    repo: Repository, game_filter: GameFilter, expected_minutes: list[int]
) -> None:
    seed_league(repo)
    games = repo.list_games(game_filter)
    assert [int((s.ended_at - EPOCH).total_seconds() // 60) for s in games] == expected_minutes
    assert repo.count_games(game_filter) == len(expected_minutes)


def test_a_person_named_like_a_persona_is_kept_apart(repo: Repository) -> None:
    repo.save_game(make_game(human("Sera"), persona("kitty"), X_WINS))
    repo.save_game(make_game(persona("sera"), persona("kitty"), DRAW, minute=1))
    assert repo.count_games(GameFilter(player="sera")) == 2
    assert repo.count_games(GameFilter(player="sera", player_kind=SideKind.HUMAN)) == 1
    only_persona = repo.list_games(GameFilter(player="Sera", player_kind=SideKind.PERSONA))
    assert [s.x for s in only_persona] == [Side(SideKind.PERSONA, "sera")]
    table = as_table(repo)
    assert table[("human", "Sera")] == (1, 0, 0)
    assert table[("persona", "sera")] == (0, 0, 1)


def test_bad_filters_are_refused(repo: Repository) -> None:
    with pytest.raises(ValueError, match="win, loss, draw"):
        repo.list_games(GameFilter(player="Alice", result="X"))
    with pytest.raises(ValueError, match="X, O, draw"):
        repo.count_games(GameFilter(result="win"))
    with pytest.raises(ValueError, match="cannot be negative"):
        repo.list_games(offset=-1)


def test_hot_seat_against_yourself_counts_from_both_sides(repo: Repository) -> None:
    repo.save_game(make_game(human("Dana"), human("dana"), X_WINS))
    assert repo.players() == ["Dana"]
    assert repo.record_of("Dana") == WinLossDraw(1, 1, 0)
    assert repo.player_stats("Dana").against_people == WinLossDraw(1, 1, 0)


def test_default_path_honours_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(DATABASE_ENV_VAR, str(tmp_path / "elsewhere.sqlite3"))
    assert default_database_path() == tmp_path / "elsewhere.sqlite3"
    monkeypatch.delenv(DATABASE_ENV_VAR)
    default = default_database_path()
    assert default.name == "records.sqlite3"
    assert default.parent.name == "tictactoe-gui"


def test_opening_creates_missing_folders(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "records.sqlite3"
    with Repository.open(path) as repository:
        repository.save_game(make_game(human("Eve"), persona("cop"), X_WINS))
    with Repository.open(path) as repository:
        assert repository.count_games() == 1


def test_the_first_write_switches_to_wal_with_foreign_keys(repo: Repository) -> None:
    repo.save_game(make_game(human("Hal"), persona("cop"), X_WINS))
    connection = repo._connection
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert connection.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000


def test_saving_is_quick_enough_to_stay_on_the_gui_thread(repo: Repository) -> None:
    # Not a benchmark: a sanity bound 50x the target, to catch a missing transaction.
    start = datetime.now(UTC)
    for minute in range(20):
        repo.save_game(make_game(human("Fay"), persona("kitty"), X_WINS, minute=minute))
    assert datetime.now(UTC) - start < timedelta(seconds=5)


@pytest.mark.parametrize(
    "name",
    [
        "\u200b",  # zero-width space
        "\u200d\u200d",  # zero-width joiners
        "\ufeff",  # byte-order mark
        "\u3164",  # Hangul filler
        "\u2800\u2800",  # blank Braille pattern
        "\u0301",  # a lone combining accent
        " \u200b \u3164 ",
    ],
)
def test_a_name_with_nothing_visible_is_refused(name: str) -> None:
    with pytest.raises(InvalidNameError, match="at least one visible character"):
        human(name)


def test_a_names_length_is_counted_after_composing_accents() -> None:
    composed = "\u00e9" * NAME_MAX_LENGTH  # é as one character
    decomposed = "e\u0301" * NAME_MAX_LENGTH  # e + combining acute: 64 code points
    assert human(composed).name == composed
    assert human(decomposed).name == composed  # the same name, stored composed
    with pytest.raises(InvalidNameError, match="this one has 33"):
        human("e\u0301" * (NAME_MAX_LENGTH + 1))


def test_names_that_show_something_are_kept() -> None:
    assert human("👩\u200d🚀").name == "👩\u200d🚀"  # the joiner joins visible emoji
    assert human("Zoë").name == "Zoë"
    assert human("e\u0301").name == "\u00e9"


def test_the_stored_spelling_of_a_name(repo: Repository) -> None:
    assert repo.stored_name("alice") is None
    repo.save_game(make_game(human("Alice"), persona("kitty"), X_WINS))
    assert repo.stored_name("  ALICE ") == "Alice"
