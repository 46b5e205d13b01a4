"""What the window says in its status bar and banners: true for the moment it is shown."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot

from tests.gui.helpers import ai_vs_ai, human_vs_human, play as play_cell, settle
from tictactoe_gui.engine import Board, analyse
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.dialogs.setup_position import SetupChoice
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords


def message(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def test_a_hint_where_every_move_is_as_good_says_so_instead_of_outlining_every_cell(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    window.hint_action.trigger()
    assert window.board_view.hints == ()
    assert message(window) == "Hint: every move keeps the draw."

    lost = Board.from_text("....XOXOX")  # O to move; whatever O does, X wins next move
    assert set(analyse(lost).best_moves) == set(lost.legal_moves())
    window.new_game(replace(human_vs_human(), start=lost))
    settle(qtbot, window)
    window.hint_action.trigger()
    assert window.board_view.hints == ()
    assert message(window) == "Hint: every move leads to a loss in 2."


def test_a_hint_with_a_choice_outlines_the_best_cells(qtbot: QtBot, window: MainWindow) -> None:
    start = Board.from_text("X.O.X....")  # O must block the diagonal
    window.new_game(replace(human_vs_human(), start=start))
    settle(qtbot, window)
    window.hint_action.trigger()
    best = analyse(start).best_moves
    assert 0 < len(best) < len(start.legal_moves())
    assert window.board_view.hints == best
    assert message(window).startswith("Hint: ")


def play(qtbot: QtBot, window: MainWindow, *cells: int) -> None:
    for cell in cells:
        play_cell(window, cell // 3, cell % 3)
    settle(qtbot, window)


def test_the_greeting_goes_when_the_game_ends_with_its_record_out_of_date(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    window.new_game(human_vs_human())
    assert message(window).startswith("Welcome, Alice!")
    play(qtbot, window, 0, 3, 1, 4, 2)  # X wins along the top row
    assert window.controller.game_over_info is not None
    assert len(records.games) == 1
    assert "Welcome" not in message(window)


def test_the_status_bar_says_the_end_as_connect_four_and_row_and_column_do(
    qtbot: QtBot, window: MainWindow
) -> None:
    # k in a row said "Game over — Alice (X) wins" where the table games say it as a
    # sentence; both read the session's one line.
    window.new_game(human_vs_human())
    play(qtbot, window, 0, 3, 1, 4, 2)  # X wins along the top row
    assert window.turn_label.text() == "Game over: Alice (X) wins."
    window.new_game(human_vs_human())
    play(qtbot, window, 0, 4, 8, 1, 7, 6, 2, 5, 3)  # nobody has three in a row
    assert window.turn_label.text() == "Game over: a draw."


def test_no_hint_needed_goes_when_undo_reopens_the_game(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    play(qtbot, window, 0, 3, 1, 4, 2)
    window.hint_action.trigger()
    assert "no hint needed" in message(window)
    window.undo_action.trigger()
    assert window.controller.game_over_info is None
    assert "no hint needed" not in message(window)


def test_a_study_session_played_again_greets_nobody(qtbot: QtBot, window: MainWindow) -> None:
    window.start_from_position(Board.from_text("X...O...."), SetupChoice.ANALYSE)
    settle(qtbot, window)
    window.banner.play_again.emit()
    settle(qtbot, window)
    assert not window.controller.setup.record
    assert "Welcome" not in message(window)


def test_a_side_with_no_moves_is_not_called_accurate(qtbot: QtBot, window: MainWindow) -> None:
    # X wins with the first move played here, so O never moves.
    window.new_game(replace(human_vs_human(), start=Board.from_text("XX.OO....")))
    settle(qtbot, window)
    play(qtbot, window, 2)
    summary = window.banner.summary.text().splitlines()
    assert summary[0].startswith("Alice (X): 100% accurate — 1 best")
    assert summary[1] == "Bob (O): no moves played"


def test_a_series_of_one_game_is_one_game(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(ai_vs_ai(games=1))
    qtbot.waitUntil(lambda: window.controller.game_over_info is not None, timeout=10_000)
    text = window.autoplay_bar.tally.text()
    assert "1 game:" in text
    assert "1 games" not in text


def test_a_replay_of_one_move_is_announced_as_one_move(qtbot: QtBot, window: MainWindow) -> None:
    start = find_game("tictactoe").from_position_text("XX.OO....")
    window.replay_table_game(start, [2], ("Alice", "Bob"), "today")
    qtbot.waitUntil(
        lambda: any("Start of the replay" in t for t in window.announcer.spoken), timeout=5000
    )
    assert "Start of the replay, 1 move." in window.announcer.spoken
