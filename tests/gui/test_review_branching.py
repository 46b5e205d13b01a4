"""Another move tried on the review's board is played on the main board as a variation: for
the game on the board, and for a game of the history (replayed first, then a study)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_human, moves, play, start
from tests.gui.test_review_dialog import GAME, open_review, record
from tictactoe_gui.engine import Move
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.review.dialog import ReviewDialog
from tictactoe_gui.storage import Repository

B2, A1, C3, A3 = Move(1, 1), Move(2, 0), Move(0, 2), Move(0, 0)


def review_on_board(qtbot: QtBot, window: MainWindow) -> ReviewDialog:
    window.new_game(human_vs_human())
    for move in (B2, A1, C3):
        assert play(window, move.row, move.col)
    window.review_action.trigger()
    (dialog,) = window.findChildren(ReviewDialog)
    qtbot.addWidget(dialog)
    return dialog


def test_a_move_tried_on_the_review_board_is_a_variation_of_the_game_on_the_board(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = review_on_board(qtbot, window)
    dialog.show_position(2)
    assert isinstance(dialog.board, BoardView)
    dialog.board.cell_activated.emit(A3.row, A3.col)
    assert moves(window) == (B2, A1, A3)
    first = start(window)
    assert window.controller.lines().main_line() == tuple(first.index(m) for m in (B2, A1, C3))
    dialog.close()


def test_a_game_no_longer_on_the_board_is_not_played_on_and_it_is_said(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = review_on_board(qtbot, window)
    window.new_game(human_vs_human())
    dialog.show_position(2)
    assert isinstance(dialog.board, BoardView)
    dialog.board.cell_activated.emit(A3.row, A3.col)
    assert moves(window) == ()
    assert "no longer on the board" in window.statusBar().currentMessage()
    dialog.close()


def test_a_move_tried_on_a_history_games_review_replays_it_with_the_move_as_a_variation(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    record(repository, "tictactoe", GAME)
    dialog = open_review(qtbot, window)
    dialog.show_position(6)  # before X's blunder c3
    spec = find_game("tictactoe")
    b3 = spec.parse_move("b3")
    played = tuple(spec.parse_move(name) for name in GAME.split(", "))
    assert isinstance(dialog.board, BoardView)
    dialog.board.cell_activated.emit(*divmod(b3, 3))
    controller = window.controller
    first = start(window)
    assert tuple(first.index(m) for m in moves(window)) == (*played[:6], b3)
    assert controller.lines().main_line() == played  # the game as recorded, kept beside it
    dialog.close()


def test_stepping_through_a_connect_four_review_shows_each_position(
    qtbot: QtBot, window: MainWindow
) -> None:
    from tictactoe_gui.gui.board_reading import board_of
    from tictactoe_gui.gui.review.dialog import ReviewSubject

    start = find_game("connect4").new_game()
    moves = tuple(start.read_moves("d1, d2, c1, e1, b1"))
    dialog = ReviewDialog(ReviewSubject(start, moves, ("Ann", "Bea")), window.engine, window)
    qtbot.addWidget(dialog)
    assert isinstance(dialog.board, BoardView)
    for ply in (2, 4, 1, 5):
        dialog.table.setCurrentCell(ply - 1, 0)  # a click on the move's row
        assert dialog.board.board == board_of(start.play_all(moves[:ply]))[0]
    dialog.close()


def test_show_on_the_board_takes_the_game_to_the_position_reviewed_in_any_game(
    qtbot: QtBot, window: MainWindow
) -> None:
    import random

    from tests.gui.helpers import rowcol_setup
    from tests.gui.test_table_variations import numbers, session_of, take
    from tictactoe_gui.storage.records import GameMode

    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bo"), 5)
    session = session_of(window)
    rng = random.Random(3)
    for _ in range(3):
        take(qtbot, window, rng.choice(numbers(window).position.allowed_cells()))
    played = session.moves
    window.review_action.trigger()
    (dialog,) = window.findChildren(ReviewDialog)
    qtbot.addWidget(dialog)
    dialog.show_position(1)
    assert dialog.board_button.isEnabled()
    dialog.board_button.click()
    assert session.moves == played[:1]  # the game went there: a take there is a variation
    other = next(c for c in numbers(window).position.allowed_cells() if c != played[1])
    take(qtbot, window, other)
    assert session.lines().main_line() == played
    dialog.close()
