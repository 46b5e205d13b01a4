"""The match runner: complete, consistent game records."""

from __future__ import annotations

import random

import pytest

from tictactoe_gui.engine import (
    COP,
    KITTY,
    SERA,
    Board,
    CallbackPlayer,
    IllegalMoveError,
    Mark,
    Move,
    PersonaPlayer,
    Verdict,
    analyse,
    play_game,
    play_series,
)
from tictactoe_gui.engine.match import game_seeds


def test_a_game_record_is_complete_and_consistent() -> None:
    rng = random.Random(5)
    record = play_game(PersonaPlayer(SERA, rng), PersonaPlayer(KITTY, rng), seed=5)
    board = Board.empty()
    for number, entry in enumerate(record.moves, start=1):
        assert entry.ply == number
        assert entry.mark is board.to_move
        before = analyse(board)
        assert entry.score == before.score_of(entry.move)
        assert entry.best_score == before.best_score
        board = board.play(entry.move)
        assert entry.prediction_after == str(analyse(board).prediction)
    assert board == record.final
    assert record.outcome == board.outcome
    assert record.plies == len(record.moves) == board.ply
    assert record.winner is not Mark.O  # Sera never loses
    assert record.x_nodes == sum(m.nodes for m in record.moves if m.mark is Mark.X) > 0
    assert record.o_nodes == 0  # Kitty does not search
    assert record.x_max_depth > 0
    assert all(m.verdict is Verdict.BEST for m in record.moves if m.mark is Mark.X)


def test_a_callback_player_and_a_start_position() -> None:
    start = Board.from_text("XX.OO....")
    moves = iter([Move(0, 2)])
    human = CallbackPlayer("Alice", lambda board: next(moves))
    record = play_game(human, PersonaPlayer(COP, random.Random(0)), start=start)
    assert record.x_name == "Alice"
    assert record.start == start
    assert record.winner is Mark.X
    assert record.plies == 1
    assert record.moves[0].verdict is Verdict.BEST


def test_an_illegal_move_from_a_player_is_refused() -> None:
    human = CallbackPlayer("Bob", lambda board: Move(0, 0))
    with pytest.raises((IllegalMoveError, KeyError)):
        play_game(PersonaPlayer(KITTY, random.Random(1)), human, start=Board.from_text("X........"))


def test_a_seed_replays_the_same_game() -> None:
    def game(seed: int) -> tuple[Move, ...]:
        rng = random.Random(seed)
        record = play_game(PersonaPlayer(COP, rng), PersonaPlayer(KITTY, rng))
        return tuple(m.move for m in record.moves)

    assert game(42) == game(42)
    assert len({game(seed) for seed in range(20)}) > 10


def test_every_game_of_a_series_can_be_replayed_alone() -> None:
    records = []
    play_series(COP, KITTY, 5, seed=9, on_game=records.append)
    assert [r.seed for r in records] == game_seeds(9, 5)
    for record in records:
        assert record.seed is not None
        rng = random.Random(record.seed)
        again = play_game(PersonaPlayer(COP, rng), PersonaPlayer(KITTY, rng))
        assert [m.move for m in again.moves] == [m.move for m in record.moves]


def test_a_series_needs_at_least_one_game() -> None:
    with pytest.raises(ValueError, match="at least 1 game"):
        play_series(KITTY, KITTY, 0)


def test_the_tally_adds_up() -> None:
    tally = play_series(KITTY, KITTY, 60, seed=2)
    assert tally.x_wins + tally.o_wins + tally.draws == 60
    assert tally.x_wins > tally.o_wins  # moving first is an advantage


class _StopSeriesError(Exception):
    pass


def test_a_long_series_draws_each_game_seed_only_when_the_game_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A series of a million games must not build a million seeds before playing the first.
    drawn = 0
    real_randrange = random.Random.randrange

    def counting_randrange(self: random.Random, *args: int) -> int:
        nonlocal drawn
        drawn += 1
        return real_randrange(self, *args)

    monkeypatch.setattr(random.Random, "randrange", counting_randrange)
    played: list[int | None] = []

    def stop_after_two(record: object) -> None:
        played.append(getattr(record, "seed", None))
        if len(played) == 2:
            raise _StopSeriesError

    with pytest.raises(_StopSeriesError):
        play_series(SERA, COP, 1_000_000, seed=4, on_game=stop_after_two)
    assert played == game_seeds(4, 2)
    assert drawn <= 10
