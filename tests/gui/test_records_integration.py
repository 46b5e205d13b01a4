"""The window with a real records file: games saved, greetings, records windows, history replay."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.gui.helpers import ai_vs_ai, board, human_vs_ai, moves, play
from tests.storage.games import human, make_game, persona
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.records import HistoryDialog
from tictactoe_gui.session import GameSetup, PlayerSpec
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode, Result


def test_finished_games_go_to_the_database_and_replay_from_history(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, _ = repo_window
    window.new_game(ai_vs_ai("sera", "kitty"))
    controller = window.controller
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=10000)
    info = controller.game_over_info
    assert info is not None
    assert info.saved_id is not None
    played = moves(window)
    history = window.show_history()
    assert isinstance(history, HistoryDialog)
    assert history.model.rowCount() == 1
    history.replay_game(info.saved_id)
    assert controller.replaying
    assert controller.replay_length == len(played)
    window.replay_bar.last_button.click()
    assert board(window) == Board.empty().play_all(played)
    assert "Sera (X) vs Kitty (O)" in window.replay_bar.title.text()
    # Beside the board, the replay names the players, not just their marks.
    names = [
        label.accessibleName()
        for label in (
            window.players_bar.findChild(QLabel, "playerX"),
            window.players_bar.findChild(QLabel, "playerO"),
        )
    ]
    assert names == ["X: Sera", "O: Kitty"]
    history.close()


def test_a_returning_player_is_greeted_with_their_record(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    window.new_game(human_vs_ai("sera", name="Grace"))
    assert "first game" in window.statusBar().currentMessage()
    controller = window.controller
    while not board(window).is_over:
        qtbot.waitUntil(lambda: board(window).is_over or controller.is_human_turn(), timeout=5000)
        if board(window).is_over:
            break
        move = board(window).legal_moves()[0]
        assert play(window, move.row, move.col)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    record = repository.record_of("grace")
    assert record is not None
    assert record.games == 1
    window.new_game(human_vs_ai("sera", name="GRACE"))
    # Greeted by the spelling first recorded, not as typed this time.
    assert window.statusBar().currentMessage().startswith("Welcome back, Grace — ")
    assert window.show_leaderboard() is not None
    assert window.show_statistics() is not None


def test_a_name_matched_by_the_records_shows_as_first_spelled(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    repository.save_game(make_game(human("Alice"), persona("kitty"), Result.X_WINS))
    window.new_game(human_vs_ai("sera", name="alice"))
    seats = window.controller.setup.seats
    human_seat = 1 if seats[0].is_ai else 0
    assert seats[human_seat].name == "Alice"
    session = window.controller.session
    assert session is not None
    assert session.name_of(human_seat) == "Alice"
    assert "Welcome back, Alice" in window.statusBar().currentMessage()
    label = window.players_bar.findChild(QLabel, "playerX" if human_seat == 0 else "playerO")
    assert label is not None
    assert "Alice" in label.accessibleName()


def test_the_greeting_counts_only_games_of_the_game_being_played(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    repository.save_game(make_game(human("Alice"), persona("kitty"), Result.X_WINS))
    small = replace(human_vs_ai("sera", name="alice"), start=Board.empty(get_variant("4x4k3")))
    window.new_game(small)
    assert (
        "Welcome, Alice! This is your first game of 4×4, three in a row here"
        in window.statusBar().currentMessage()
    )
    window.new_game(human_vs_ai("sera", name="alice"))
    assert "Welcome back, Alice — Tic-tac-toe: 1 win" in window.statusBar().currentMessage()


def test_a_recorded_20_by_20_game_replays_on_its_own_board(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, _ = repo_window
    four = get_variant("four")
    window.new_game(
        GameSetup(
            GameMode.HUMAN_VS_HUMAN,
            PlayerSpec.human("Alice"),
            PlayerSpec.human("Bob"),
            Board.empty(four),
        )
    )
    controller = window.controller
    # X makes four in a row on the 12th row while O plays along the 3rd.
    line = [Move(8, 3), Move(17, 3), Move(8, 4), Move(17, 4), Move(8, 5), Move(17, 5), Move(8, 6)]
    for move in line:
        assert play(window, move.row, move.col)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=20000)
    info = controller.game_over_info
    assert info is not None
    assert info.saved_id is not None
    history = window.show_history()
    assert isinstance(history, HistoryDialog)
    history.replay_game(info.saved_id)
    assert controller.replaying
    window.replay_bar.last_button.click()
    assert board(window) == Board.empty(four).play_all(line)
    assert window.board_view.board.variant == four
    history.close()


def test_a_table_game_that_follows_takes_the_last_games_greeting_away(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    from tictactoe_gui.engine.games import find_game
    from tictactoe_gui.session.table import Seat, TableSetup

    window, _repository = repo_window
    window.new_game(human_vs_ai("cop", name="Grace"))
    bar = window.statusBar()
    assert bar.currentMessage().startswith("Welcome, Grace!")
    spec = find_game("connect4")
    people = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bea")))
    window.start_table_game(people, seed=1)
    # The greeting was the game of tic-tac-toe's: the game now on the board is Ann and Bea's,
    # who are greeted in their turn, as every game greets the people at the table.
    assert "Grace" not in bar.currentMessage()
    assert bar.currentMessage().startswith("Welcome, Ann!")
    assert "Welcome, Bea!" in bar.currentMessage()
    # What was said for the window, not for that game, stays to be read (two computer
    # players have no greeting to replace it with).
    window.new_game(human_vs_ai("cop", name="Grace"))
    window.show_message("The records are read-only.")
    computers = TableSetup(
        spec, GameMode.AI_VS_AI, (Seat.for_game(spec, "kitty"), Seat.for_game(spec, "cop"))
    )
    window.start_table_game(computers, seed=2, paused=True)
    assert bar.currentMessage() == "The records are read-only."
