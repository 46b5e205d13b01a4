"""Row & Column games in the records: built once, checked against the rules, read back."""

from __future__ import annotations

import dataclasses
import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tictactoe_gui.engine.row_and_column import RowColState, state_of_game
from tictactoe_gui.engine.rowcol import ABACUS, DICE, MAGPIE, Position, play_game
from tictactoe_gui.records_bridge import (
    check_record,
    open_to_record,
    side_name,
    start_of,
    state_finished_game,
)
from tictactoe_gui.storage.records import (
    FinishedGame,
    GameMode,
    InvalidGameError,
    MoveEntry,
    Result,
    Side,
)

STARTED = datetime(2026, 1, 1, tzinfo=UTC)


def record(seed: int = 3, size: int = 4) -> FinishedGame:
    start = Position.from_seed(size, seed)
    game = play_game(start, MAGPIE, DICE, random.Random(seed), board_seed=seed)
    return state_finished_game(
        state_of_game(game),
        Side.persona(MAGPIE.key),
        Side.persona(DICE.key),
        GameMode.AI_VS_AI,
        STARTED,
        STARTED + timedelta(seconds=5),
        seed=game.board_seed,
    )


def test_a_record_keeps_the_board_the_takes_and_the_scores() -> None:
    start = Position.from_seed(4, 3)
    game = play_game(start, MAGPIE, DICE, random.Random(3), board_seed=3)
    saved = record(3)
    assert saved.game == "rowcol4"
    assert (saved.rows, saved.cols) == (4, 4)
    assert saved.start_board == start.to_text()
    assert [m.cell for m in saved.moves] == [t.cell for t in game.takes]
    assert [m.mark for m in saved.moves][:2] == ["X", "O"]  # A is side X, B side O
    extra = json.loads(saved.extra or "")
    assert extra == {"first": "A", "last": None, "score_a": game.score_a, "score_b": game.score_b}
    started = start_of(saved)
    assert isinstance(started, RowColState)
    assert started.position == start
    assert saved.seed == 3
    assert side_name(saved.x) == "Magpie"


def test_the_rules_refuse_a_record_that_cannot_be_true() -> None:
    good = record(3)
    moves = list(good.moves)
    bad_cell = next(
        c
        for c in range(16)
        if c not in {m.cell for m in moves[:2]}
        and not Position.from_text(good.start_board).play(moves[0].cell).is_allowed(c)
    )
    tampered = {
        "an illegal take": dataclasses.replace(
            good, moves=(moves[0], dataclasses.replace(moves[1], cell=bad_cell), *moves[2:])
        ),
        "a wrong result": dataclasses.replace(
            good, result=Result.DRAW if good.result is not Result.DRAW else Result.X_WINS
        ),
        "a wrong score": dataclasses.replace(
            good, extra=json.dumps({"first": "A", "last": None, "score_a": 999, "score_b": 0})
        ),
        "an unfinished game": dataclasses.replace(good, moves=tuple(moves[:-1])),
        "a wrong first player": dataclasses.replace(
            good, extra=json.dumps({"first": "B", "last": None})
        ),
        "a bad board": dataclasses.replace(good, start_board="1,2/3,4"),
        "not JSON": dataclasses.replace(good, extra="{"),
    }
    for what, game in tampered.items():
        with pytest.raises(InvalidGameError):
            check_record(game)
        assert what


def test_an_empty_list_of_takes_is_refused() -> None:
    good = record(3)
    with pytest.raises(InvalidGameError, match="has not ended"):
        check_record(dataclasses.replace(good, moves=(), result=Result.DRAW))
    with pytest.raises(InvalidGameError):
        check_record(dataclasses.replace(good, moves=(MoveEntry(1, 0, "O"), *good.moves[1:])))


def test_games_are_saved_and_read_back_per_size(tmp_path: Path) -> None:
    repository, notice = open_to_record(tmp_path / "records.sqlite3")
    assert notice is None
    with repository:
        for seed in range(3):
            repository.save_game(record(seed, 4))
        start = Position.from_seed(3, 1)
        game = play_game(start, ABACUS, DICE, random.Random(1), board_seed=1)
        repository.save_game(
            state_finished_game(
                state_of_game(game),
                Side.human("Alice"),
                Side.persona(DICE.key),
                GameMode.HUMAN_VS_AI,
                STARTED,
                STARTED + timedelta(seconds=9),
            )
        )
        games = [summary.game for summary in repository.list_games()]
        counts = repository.games_recorded()
    assert sorted(games) == ["rowcol3", "rowcol4", "rowcol4", "rowcol4"]
    assert counts == {"rowcol4": 3, "rowcol3": 1}  # each size is its own game
