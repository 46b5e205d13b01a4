"""The conversions between engine values and records values."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.session.helpers import board_of, computers
from tests.storage.games import human, make_game, persona
from tictactoe_gui.engine import Board, Mark
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.records_bridge import check_record, open_to_record, result_of, side_name
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import (
    FinishedGame,
    GameMode,
    InvalidGameError,
    MoveEntry,
    Result,
    Side,
    SideKind,
)


def test_result_of_a_winning_mark() -> None:
    assert result_of(Mark.X) is Result.X_WINS
    assert result_of(Mark.O) is Result.O_WINS
    assert result_of(None) is Result.DRAW


def test_side_names() -> None:
    assert side_name(Side.persona("sera")) == "Sera"
    assert side_name(Side.human("  zoë ✨ ")) == "zoë ✨"
    # A persona key this version does not know (say, from an imported file) shows as stored.
    assert side_name(Side.persona("hal9000")) == "hal9000"


def test_a_played_game_becomes_a_valid_record_that_round_trips(tmp_path: Path) -> None:
    tictactoe = find_game("tictactoe")
    start = tictactoe.from_position_text("X...O....")
    session = computers(tictactoe, "cop", "sera", 11, start).session
    began = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
    session.started_at = began
    game = session.finished_game(began + timedelta(seconds=2))
    check_record(game)
    assert game.start_board == "X...O...."
    assert game.result is result_of(board_of(session).winner)
    assert [(m.ply, m.cell, m.mark) for m in game.moves] == [
        (ply, move, "XO"[session.mover_of(ply - 1)])
        for ply, move in enumerate(session.moves, start=1)
    ]
    verdicts = [session.verdict_at(ply) for ply in range(1, len(session.moves) + 1)]
    assert all(verdict is not None for verdict in verdicts)  # every move of 3×3 is judged
    assert [m.verdict for m in game.moves] == [v.value for v in verdicts if v is not None]
    costs = [session.cost_at(ply) for ply in range(1, len(session.moves) + 1)]
    assert (game.seed, game.x_ai_nodes, game.o_ai_max_depth) == (
        11,
        sum(nodes for nodes, _depth in costs[0::2]),
        max(depth for _nodes, depth in costs[1::2]),
    )
    with Repository.open(tmp_path / "r.sqlite3") as repository:
        detail = repository.game(repository.save_game(game))
    assert detail.moves == game.moves
    assert detail.summary.start_board == "X...O...."
    assert detail.summary.result is game.result


EPOCH = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"result": Result.O_WINS}, "recorded as 'O' but the moves give 'X'"),
        ({"moves": (MoveEntry(1, 0, "O"),)}, "X is to move"),
        ({"moves": (MoveEntry(1, 0, "X"),)}, "abandoned games are not recorded"),
        ({"start_board": "XX......."}, "impossible counts"),
        ({"start_board": "abc"}, "a board is 9 characters"),
        ({"start_board": "x...o...."}, "not written as the engine writes it"),
        ({"start_board": "XXXOO...."}, "already over"),
        ({"game": "gomoku"}, "played on 15×15, but the record's board is 3×3"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "3x3k3"}, "its id is 'tictactoe'"),
        ({"game": "rowcol4", "rows": 4, "cols": 4}, "a 4×4 board has 4 rows, got 1"),
        ({"game": "4x4k3", "rows": 4, "cols": 4}, "has 4 rows separated by '/'"),
    ],
)
def test_the_engine_refuses_a_record_its_rules_deny(
    change: dict[str, object], message: str
) -> None:
    good = make_game(human("Alice"), persona("kitty"), Result.X_WINS)
    check_record(good)
    with pytest.raises(InvalidGameError) as info:
        check_record(replace(good, **change))  # type: ignore[arg-type]
    assert message in str(info.value)


def test_moves_after_the_end_are_refused() -> None:
    won = make_game(human("Alice"), persona("kitty"), Result.X_WINS)
    extra = replace(won, moves=(*won.moves, MoveEntry(6, 8, "O")))
    with pytest.raises(InvalidGameError, match="comes after the game ended"):
        check_record(extra)


def test_records_opened_through_the_bridge_check_the_rules(tmp_path: Path) -> None:
    repository, notice = open_to_record(tmp_path / "r.sqlite3")
    with repository:
        assert notice is None
        lie = replace(
            make_game(human("Alice"), persona("kitty"), Result.X_WINS), result=Result.DRAW
        )
        with pytest.raises(InvalidGameError, match="the moves give 'X'"):
            repository.save_game(lie)
        assert repository.count_games() == 0


def test_a_record_from_a_set_up_position_passes_the_rules() -> None:
    game = FinishedGame(
        started_at=EPOCH,
        ended_at=EPOCH + timedelta(minutes=1),
        mode=GameMode.HUMAN_VS_HUMAN,
        x=Side(SideKind.HUMAN, "Xena"),
        o=Side(SideKind.HUMAN, "Otto"),
        result=Result.X_WINS,
        moves=(MoveEntry(3, 2, "X"), MoveEntry(4, 1, "O"), MoveEntry(5, 6, "X")),
        start_board="....X...O",
    )
    check_record(game)


@pytest.mark.parametrize("game_id", ["4x4k3", "3x4k3", "four"])
def test_a_game_on_another_board_is_recorded_with_its_variant(tmp_path: Path, game_id: str) -> None:
    variant = get_variant(game_id)
    session = computers(find_game(game_id), "kitty", "kitty", 5).session
    game = session.finished_game()
    assert (game.game, game.rows, game.cols) == (variant.id, variant.rows, variant.cols)
    assert game.start_board == Board.empty(variant).to_text()
    assert [m.cell for m in game.moves] == list(session.moves)
    repository, _ = open_to_record(tmp_path / "r.sqlite3")
    with repository:
        detail = repository.game(repository.save_game(game))
        assert detail.summary.game == variant.id
        assert detail.moves == game.moves
        # The same moves recorded as another game of the same size are refused.
        if game_id == "4x4k3":
            with pytest.raises(InvalidGameError):
                repository.save_game(replace(game, game="4x4k4"))


def test_a_resignation_is_recorded_with_who_resigned(tmp_path: Path) -> None:
    x_wins = make_game(human("Alice"), persona("kitty"), Result.X_WINS)
    # O resigns after X's first two moves (O to move).
    resigned = replace(x_wins, moves=x_wins.moves[:3], resigned="O")
    check_record(resigned)
    with pytest.raises(InvalidGameError, match="it was O's turn"):
        check_record(replace(resigned, resigned="X", result=Result.O_WINS))
    with pytest.raises(InvalidGameError, match="O resigned, but the result is recorded as 'draw'"):
        check_record(replace(resigned, result=Result.DRAW))
    with pytest.raises(InvalidGameError, match="resigned a game that had already ended"):
        check_record(replace(x_wins, resigned="O"))
    repository, _ = open_to_record(tmp_path / "r.sqlite3")
    with repository:
        summary = repository.game(repository.save_game(resigned)).summary
        assert (summary.resigned, summary.result, summary.plies) == ("O", Result.X_WINS, 3)


def test_a_connect_four_game_is_recorded_and_checked_through_the_game_interface() -> None:
    from tictactoe_gui.records_bridge import start_of, state_finished_game

    spec = find_game("connect4")
    state = spec.new_game().play_all(spec.new_game().read_moves("4455667"))
    assert state.result is not None
    assert state.result.winner == 0
    game = state_finished_game(
        state, Side.human("Ada"), Side.persona("cop"), GameMode.HUMAN_VS_AI, EPOCH, EPOCH
    )
    assert (game.game, game.rows, game.cols, game.result) == ("connect4", 6, 7, Result.X_WINS)
    assert game.start_board == spec.new_game().position_text()
    assert start_of(game) == spec.new_game()
    # A disc that would float, and a win recorded for the wrong side, are refused.
    floating = replace(game, moves=(replace(game.moves[0], cell=3), *game.moves[1:]))
    with pytest.raises(InvalidGameError, match="discs fall"):
        check_record(floating)
    with pytest.raises(InvalidGameError, match="the moves give 'X'"):
        check_record(replace(game, result=Result.O_WINS))
    # X gives up on its own turn, a move from the win: recorded as a resignation.
    resigned = state_finished_game(
        state.undo(), Side.human("Ada"), Side.persona("cop"), GameMode.HUMAN_VS_AI, EPOCH, EPOCH,
        resigned=0,
    )  # fmt: skip
    assert (resigned.resigned, resigned.result) == ("X", Result.O_WINS)
