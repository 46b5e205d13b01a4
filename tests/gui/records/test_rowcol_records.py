"""The records windows on Row & Column games: its own players, its own words, never mixed."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from pytestqt.qtbot import QtBot

from tests.gui.records.test_leaderboard import rows
from tictactoe_gui.engine.row_and_column import state_of_game
from tictactoe_gui.engine.rowcol import HEDGE, MAGPIE, Position, play_game
from tictactoe_gui.gui.records import HistoryDialog, LeaderboardDialog, StatisticsDialog
from tictactoe_gui.records_bridge import state_finished_game
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode, Result, Side


def record_games(repo: Repository) -> list[Result]:
    """Ada against Magpie (greedy) and Hedge (maximize-future-min) on 3×3 boards."""
    results = []
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for number, opponent in enumerate((MAGPIE, HEDGE, MAGPIE, HEDGE)):
        board = Position.from_seed(3, number)
        # Ada plays as Hedge would: a person's takes, recorded under her name.
        played = play_game(board, HEDGE, opponent, random.Random(number), board_seed=number)
        when = start + timedelta(minutes=number)
        game = state_finished_game(
            state_of_game(played),
            Side.human("Ada"),
            Side.persona(opponent.key),
            GameMode.HUMAN_VS_AI,
            when,
            when,
        )
        repo.save_game(game)
        results.append(game.result)
    return results


def test_the_leaderboard_offers_row_and_columns_own_opponents(
    qtbot: QtBot, league: Repository
) -> None:
    results = record_games(league)
    dialog = LeaderboardDialog(league)
    qtbot.addWidget(dialog)
    opponents = [dialog.opponent.itemText(i) for i in range(dialog.opponent.count())]
    assert "Against Kitty" in opponents  # tic-tac-toe first
    assert dialog.game.select("rowcol3")
    opponents = [dialog.opponent.itemText(i) for i in range(dialog.opponent.count())]
    assert opponents == [
        "All opponents", "Against Dice", "Against Magpie", "Against Hedge", "Against Abacus"
    ]  # fmt: skip
    wins = results.count(Result.X_WINS)
    losses = results.count(Result.O_WINS)
    (ada,) = rows(dialog.people)
    assert ada[:5] == ["Ada", "4", str(wins), str(losses), str(4 - wins - losses)]
    assert {row[0] for row in rows(dialog.personas)} == {"Magpie", "Hedge"}
    dialog.opponent.setCurrentIndex(dialog.opponent.findData("greedy"))
    (ada,) = rows(dialog.people)
    assert ada[1] == "2"  # only the games against Magpie


def test_history_filters_row_and_column_by_its_players_and_results(
    qtbot: QtBot, league: Repository
) -> None:
    results = record_games(league)
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    assert dialog.game_filter.select("rowcol3")
    players = [dialog.player_filter.itemText(i) for i in range(dialog.player_filter.count())]
    assert players[:5] == ["All players", "Dice (AI)", "Magpie (AI)", "Hedge (AI)", "Abacus (AI)"]
    assert "Kitty (AI)" not in players
    assert "Ada" in players
    labels = [dialog.result_filter.itemText(i) for i in range(dialog.result_filter.count())]
    assert labels == ["Any result", "A wins", "B wins", "Tie"]
    dialog.result_filter.setCurrentIndex(dialog.result_filter.findText("A wins"))
    assert dialog.model.rowCount() == results.count(Result.X_WINS)
    # Each seat says who sat there and as which letter, in one pair of brackets.
    seats = {
        dialog.model.index(r, c).data() for r in range(dialog.model.rowCount()) for c in (2, 3)
    }
    assert seats <= {"Ada (as A)", "Ada (as B)", "Magpie (AI, as A)", "Magpie (AI, as B)",
                     "Hedge (AI, as A)", "Hedge (AI, as B)"}  # fmt: skip
    assert any("AI, as" in seat for seat in seats)


def test_statistics_name_row_and_columns_opponents(qtbot: QtBot, league: Repository) -> None:
    record_games(league)
    dialog = StatisticsDialog(league, "Ada")
    qtbot.addWidget(dialog)
    assert dialog.game.select("rowcol3")
    assert dialog.player.currentText() == "Ada"
    opponents = [dialog.records.item(r, 0).text() for r in range(dialog.records.rowCount())]
    assert opponents == ["Magpie", "Hedge"]
