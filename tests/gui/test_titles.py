"""Every window names the game it shows, and the records windows open on the game at the
table."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_ai
from tests.storage.games import human, make_game, persona
from tictactoe_gui.engine import Board
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.records import LeaderboardDialog, StatisticsDialog
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import Result

FOUR = get_variant("four")


def test_the_leaderboard_opens_on_the_game_at_the_table(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    repository.save_game(make_game(human("Alice"), persona("cop"), Result.X_WINS))
    window.new_game(replace(human_vs_ai("cop"), start=Board.empty(FOUR)))
    board = window.show_leaderboard()
    assert isinstance(board, LeaderboardDialog)
    # Nothing of Four in a Row is recorded yet: it is listed all the same, and shown.
    assert board.game.game == "four"
    assert board.windowTitle() == "Leaderboard · Four in a Row"
    assert "No games of Four in a Row recorded yet" in board.status.text()
    board.game.select("tictactoe")
    assert board.windowTitle() == "Leaderboard · Tic-tac-toe"
    assert board.status.text() == "1 person and 1 persona."
    statistics = window.show_statistics()
    assert isinstance(statistics, StatisticsDialog)
    assert statistics.game.game == "four"
    assert statistics.windowTitle() == "My Statistics · Four in a Row"
    history = window.show_history()
    assert history is not None
    assert history.windowTitle() == "Game History · all games"
    # Back at tic-tac-toe, the leaderboard opens on it again.
    window.new_game(human_vs_ai("cop"))
    assert window.show_leaderboard() is board
    assert board.game.game == "tictactoe"


def test_a_replay_names_its_game(qtbot: QtBot, window: MainWindow) -> None:
    spec = find_game("four")
    moves = [9 * spec.cols + 9, 9 * spec.cols + 10]
    window.replay_table_game(spec.new_game(), moves, ("Alice", "Bob"), "2026-01-02 10:00")
    assert window.windowTitle() == "Replay: Alice (X) vs Bob (O), 2026-01-02 10:00 · Four in a Row"
    window.new_game(replace(human_vs_ai("cop"), start=Board.empty(FOUR)))
    assert window.windowTitle().endswith(" · Four in a Row")
