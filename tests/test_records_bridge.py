"""The conversions between engine values and records values."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tictactoe_gui.engine import COP, SERA, Board, Mark
from tictactoe_gui.records_bridge import finished_game, result_of, side_name
from tictactoe_gui.session import PersonaPlayer, play_game
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode, Result, Side, validate_game


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
    start = Board.from_text("X...O....")
    record = play_game(PersonaPlayer(COP), PersonaPlayer(SERA), start=start, seed=11)
    began = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
    game = finished_game(
        record,
        Side.persona("cop"),
        Side.persona("sera"),
        GameMode.AI_VS_AI,
        began,
        began + timedelta(seconds=2),
    )
    validate_game(game)
    assert game.start_board == "X...O...."
    assert game.result is result_of(record.final.winner)
    assert [(m.ply, m.cell, m.mark) for m in game.moves] == [
        (number, m.move.index_on(3), m.mark.value) for number, m in enumerate(record.moves, start=1)
    ]
    assert [m.verdict for m in game.moves] == [m.verdict.value for m in record.moves]
    assert (game.seed, game.x_ai_nodes, game.o_ai_max_depth) == (
        11,
        record.x_nodes,
        record.o_max_depth,
    )
    with Repository.open(tmp_path / "r.sqlite3") as repository:
        detail = repository.game(repository.save_game(game))
    assert detail.moves == game.moves
    assert detail.summary.start_board == "X...O...."
    assert detail.summary.result is game.result
