"""Games played to the end without a window: complete, consistent game records."""

from __future__ import annotations

import itertools
import random

import pytest

from tictactoe_gui.engine import (
    COP,
    KITTY,
    SERA,
    Board,
    IllegalMoveError,
    Mark,
    Move,
    Verdict,
    analyse,
)
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.session import (
    CallbackPlayer,
    PersonaPlayer,
    play_game,
    play_series,
    series_seeds,
)


def game_seeds(seed: int, games: int) -> list[int]:
    return list(itertools.islice(series_seeds(seed), games))


def test_a_game_record_is_complete_and_consistent() -> None:
    record = play_game(PersonaPlayer(SERA), PersonaPlayer(KITTY), seed=5)
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
    assert record.winner == board.winner
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
    record = play_game(human, PersonaPlayer(COP), start=start)
    assert record.x_name == "Alice"
    assert record.start == start
    assert record.winner is Mark.X
    assert record.plies == 1
    assert record.moves[0].verdict is Verdict.BEST


def test_an_illegal_move_from_a_player_is_refused() -> None:
    human = CallbackPlayer("Bob", lambda board: Move(0, 0))
    with pytest.raises((IllegalMoveError, KeyError)):
        play_game(PersonaPlayer(KITTY), human, start=Board.from_text("X........"))


def test_a_seed_replays_the_same_game() -> None:
    def game(seed: int) -> tuple[Move, ...]:
        record = play_game(PersonaPlayer(COP), PersonaPlayer(KITTY), seed=seed)
        return tuple(m.move for m in record.moves)

    assert game(42) == game(42)
    assert len({game(seed) for seed in range(20)}) > 10


def test_every_game_of_a_series_can_be_replayed_alone() -> None:
    records = []
    play_series(COP, KITTY, 5, seed=9, on_game=records.append)
    assert [r.seed for r in records] == game_seeds(9, 5)
    for record in records:
        assert record.seed is not None
        again = play_game(PersonaPlayer(COP), PersonaPlayer(KITTY), seed=record.seed)
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


def test_a_game_on_a_small_board_is_judged_exactly() -> None:
    variant = get_variant("4x4k3")
    record = play_game(PersonaPlayer(SERA), PersonaPlayer(SERA), seed=3, variant=variant)
    assert record.winner is Mark.X  # 4x4 k3 is a first-player win
    assert record.plies == 5  # and Sera wins it as fast as it can be won
    assert all(m.verdict is Verdict.BEST for m in record.moves)


def test_a_game_on_a_big_board_reaches_an_end() -> None:
    variant = get_variant("7x7k4")
    record = play_game(PersonaPlayer(COP), PersonaPlayer(KITTY), seed=8, variant=variant)
    assert record.final.is_over
    assert record.final.variant is variant
    # Cop never lets Kitty's win in one stand, and takes his own: Kitty cannot win.
    assert record.winner is not Mark.O
