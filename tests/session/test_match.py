"""Games played to the end without a window, any game through the one session: complete,
consistent records."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from tests.session.helpers import computers, session_of
from tictactoe_gui.engine import Board, Verdict, analyse
from tictactoe_gui.engine.games import GameState, MoveChoice, MoveError, find_game
from tictactoe_gui.session.external_engine import EngineError, FailureKind
from tictactoe_gui.session.match import TableGame, play_series, play_table
from tictactoe_gui.session.series import series_seeds
from tictactoe_gui.session.table import Seat
from tictactoe_gui.storage.records import Result

TICTACTOE = find_game("tictactoe")


def game_seeds(seed: int, games: int) -> list[int]:
    return list(itertools.islice(series_seeds(seed), games))


def test_a_game_record_is_complete_and_consistent() -> None:
    game = computers(TICTACTOE, "sera", "kitty", 5)
    record = game.record()
    board = Board.empty()
    for number, entry in enumerate(record.moves, start=1):
        assert entry.ply == number
        assert entry.mark == board.to_move.value
        move = board.move_at(entry.cell)
        assert entry.score == analyse(board).score_of(move)  # each move's exact score
        board = board.play(move)
    assert record.start_board == "........."
    assert record.result is not Result.O_WINS  # Sera never loses
    assert record.result is (Result.X_WINS if board.winner else Result.DRAW)
    assert record.seed == 5
    x_plies = range(1, record.plies + 1, 2)
    assert record.x_ai_nodes == sum(game.session.cost_at(ply)[0] for ply in x_plies) > 0
    assert record.o_ai_nodes == 0  # Kitty does not search
    assert record.x_ai_max_depth > 0
    assert all(m.verdict == Verdict.BEST.value for m in record.moves if m.mark == "X")
    assert all(m.verdict is not None for m in record.moves)


def test_a_person_from_a_start_position_is_judged_too() -> None:
    start = TICTACTOE.from_position_text("XX.OO....")
    session = session_of(TICTACTOE, Seat.human("Alice"), Seat.for_game(TICTACTOE, "cop"), 1, start)
    game = play_table(session, {0: lambda state, rng: MoveChoice(TICTACTOE.parse_move("c3"))})
    record = game.record()
    assert record.x.name == "Alice"
    assert record.start_board == "XX.OO...."
    assert record.result is Result.X_WINS
    assert [m.verdict for m in record.moves] == [Verdict.BEST.value]
    assert (record.x_ai_nodes, record.x_ai_max_depth) == (0, 0)  # a person spends nothing


def test_an_illegal_move_from_a_player_is_refused() -> None:
    start = TICTACTOE.from_position_text("X........")
    session = session_of(TICTACTOE, Seat.for_game(TICTACTOE, "kitty"), Seat.human("Bob"), 1, start)
    taken = TICTACTOE.parse_move("a3")
    with pytest.raises(MoveError, match="taken"):
        play_table(session, {1: lambda state, rng: MoveChoice(taken)})


def test_a_program_that_breaks_the_protocol_loses_with_the_reason_kept() -> None:
    gomoku = find_game("7x7k4")

    def crashing(state: GameState, rng: random.Random) -> MoveChoice:
        raise EngineError(FailureKind.CRASH, "the engine exited (code 3)")

    x, o = Seat.for_game(gomoku, "kitty"), Seat.engine("./pbrain-crash")
    session = session_of(gomoku, x, o, 2)
    game = play_table(session, {1: crashing})
    record = game.record()
    assert session.resigned == 1
    assert record.result is Result.X_WINS
    assert record.resigned == "O"
    assert record.o.name == "engine:pbrain-crash"
    assert json.loads(record.extra or "{}")["forfeit"] == "crash: the engine exited (code 3)"


def test_a_seed_replays_the_same_game() -> None:
    def game(seed: int) -> tuple[int, ...]:
        return computers(TICTACTOE, "cop", "kitty", seed).state.moves

    assert game(42) == game(42)
    assert len({game(seed) for seed in range(20)}) > 10


def test_every_game_of_a_series_can_be_replayed_alone() -> None:
    games: list[TableGame] = []
    play_series(TICTACTOE, "cop", "kitty", 5, seed=9, on_game=games.append)
    assert [game.session.seed for game in games] == game_seeds(9, 5)
    for game in games:
        again = computers(TICTACTOE, "cop", "kitty", game.session.seed)
        assert again.state.moves == game.state.moves


def test_a_series_needs_at_least_one_game() -> None:
    with pytest.raises(ValueError, match="at least 1 game"):
        play_series(TICTACTOE, "kitty", "kitty", 0)


def test_the_tally_adds_up() -> None:
    tally = play_series(TICTACTOE, "kitty", "kitty", 60, seed=2)
    assert sum(tally.wins) + tally.level == tally.games == 60
    assert tally.wins[0] > tally.wins[1]  # moving first is an advantage


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
    played: list[int] = []

    def stop_after_two(game: TableGame) -> None:
        played.append(game.session.seed)
        if len(played) == 2:
            raise _StopSeriesError

    with pytest.raises(_StopSeriesError):
        play_series(TICTACTOE, "sera", "cop", 1_000_000, seed=4, on_game=stop_after_two)
    assert played == game_seeds(4, 2)
    assert drawn <= 10


def test_a_game_on_a_small_board_is_judged_exactly() -> None:
    game = computers(find_game("4x4k3"), "sera", "sera", 3)
    record = game.record()
    assert record.result is Result.X_WINS  # 4x4 k3 is a first-player win
    assert record.plies == 5  # and Sera wins it as fast as it can be won
    assert all(m.verdict == Verdict.BEST.value for m in record.moves)


def test_a_game_on_a_big_board_reaches_an_end_with_each_side_s_search_counted() -> None:
    game = computers(find_game("7x7k4"), "cop", "kitty", 8)
    assert game.state.is_over
    record = game.record()
    # Cop never lets Kitty's win in one stand, and takes his own: Kitty cannot win.
    assert record.result is not Result.O_WINS
    assert record.x_ai_nodes > 0
    assert record.x_ai_max_depth > 0
