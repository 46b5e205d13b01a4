"""A table game's end in the main window, in every game: resigning (where the game may be
given up), the review from the banner, the replay's title, every move judged, an ending
after an undo, and what the record keeps."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import human_vs_ai, play
from tests.gui.test_table_games import (
    GAME_TIMEOUT_MS,
    connect_four,
    person_to_play,
    play_by_clicks,
)
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameFilter, GameMode, Result


def test_resigning_connect_four_is_a_recorded_loss_and_undo_takes_it_back(
    qtbot: QtBot, recorded_window: MainWindow, repository: Repository
) -> None:
    window = recorded_window
    window._settings.setValue("confirm/resign", False)
    table = window.start_table_game(connect_four("kitty"), seed=14)
    assert window.resign_action.isEnabled()
    click_cell(qtbot, window.board_view, 0, 3)
    qtbot.waitUntil(lambda: person_to_play(window) and len(table.state.moves) == 2)
    window.resign_action.trigger()
    assert table.resigned == 0
    assert window.banner.headline.text() == "You resigned. Kitty wins."
    assert not window.board_view.interactive
    # Kitty answers the resignation, and the dock no longer guards "your move".
    # In quotes, as a persona's words are in k in a row.
    reaction = window.banner.reaction.text()
    assert reaction.startswith("Kitty: “")
    assert reaction.endswith("”")
    assert not window.analysis_dock.engine_view_hidden()
    (game,) = repository.list_games(GameFilter(game="connect4"))
    assert game.result is Result.O_WINS
    assert game.plies == 2
    window.undo_action.trigger()  # back to the game: the record stays as it was
    assert table.resigned is None
    assert table.is_human_turn()
    assert len(repository.list_games(GameFilter(game="connect4"))) == 1
    # Played on, leaving the game does not keep it out of the records: its first ending is.
    click_cell(qtbot, window.board_view, 0, 2)
    qtbot.waitUntil(lambda: person_to_play(window) and len(table.state.moves) == 2)
    question = window.request_restart()
    assert question is not None
    assert "first ending is recorded" in question.text()
    question.reject()


def test_row_and_column_is_not_given_up(qtbot: QtBot, recorded_window: MainWindow) -> None:
    from tests.gui.helpers import rowcol_setup

    window = recorded_window
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_AI, "person:Ann", "greedy"))
    assert not window.resign_action.isEnabled()
    window.controller.resign()
    assert window.controller.resigned is None
    assert "ends on the board" in window.statusBar().currentMessage()


def test_resign_is_offered_while_a_person_has_a_game_in_progress_in_every_game(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    """Once the game is over (or given up), Resign is greyed out in Connect Four as in
    k in a row; asked all the same (its key), it says there is no game to give up, the
    game's own status left standing. An undo that reopens the game offers it again."""
    window = recorded_window
    window._settings.setValue("confirm/resign", False)
    table = window.start_table_game(connect_four("kitty"), seed=14)
    assert window.resign_action.isEnabled()
    click_cell(qtbot, window.board_view, 0, 3)
    qtbot.waitUntil(lambda: person_to_play(window) and len(table.state.moves) == 2)
    window.resign_action.trigger()
    assert table.is_over
    assert not window.resign_action.isEnabled()
    status = window.turn_label.text()
    table.resign()
    assert window.statusBar().currentMessage() == "There is no game in progress to resign."
    assert window.turn_label.text() == status
    window.undo_action.trigger()
    assert not table.is_over
    assert window.resign_action.isEnabled()
    window.new_game(human_vs_ai("kitty"))
    assert window.resign_action.isEnabled()
    controller = window.controller
    assert play(window, 1, 1)
    qtbot.waitUntil(lambda: controller.is_human_turn() and len(controller.session.moves) == 2)
    window.resign_action.trigger()
    assert controller.session.is_over
    assert not window.resign_action.isEnabled()
    window.undo_action.trigger()
    assert window.resign_action.isEnabled()


def test_a_finished_connect_four_game_is_reviewed_move_by_move_from_the_banner(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    from tictactoe_gui.gui.review.dialog import ReviewDialog

    window = recorded_window
    window.start_table_game(connect_four("kitty"), seed=2)
    play_by_clicks(qtbot, window, seed=3)
    qtbot.waitUntil(window.banner.isVisible, timeout=5000)
    session = window.controller.session
    assert session is not None
    window.banner.review_button.click()
    (dialog,) = window.findChildren(ReviewDialog)
    qtbot.addWidget(dialog)
    if dialog.review is None:
        with qtbot.waitSignal(dialog.reviewed, timeout=60_000):
            pass
    assert dialog.table.rowCount() == len(session.moves)
    first = session.spec.format_move(session.moves[0])
    assert dialog.table.item(0, 0).text().startswith(f"1. X {first}")
    # The empty board is solved: only the centre column wins, so any other first disc
    # loses a won game (judged exactly, not by the estimate).
    verdict = dialog.table.item(0, 1).text()
    if first.startswith("d"):
        assert verdict == "best"
    else:
        assert "by the estimate" not in verdict
        assert verdict != "best"
    dialog.close()


def test_a_replayed_game_is_analysed_under_the_same_title_in_every_game(
    window: MainWindow,
) -> None:
    role = window.analysis_dock.findChild(QLabel, "personaRole")
    assert role is not None
    window.replay_table_game(find_game("tictactoe").new_game(), [4], ("Ada", "Cop"), "today")
    assert role.text() == "ANALYSIS"
    spec = find_game("connect4")
    window.replay_table_game(spec.new_game(), [3], ("Ada", "Cop"), "today")
    # Nobody coaches a replay: the engine analyses it, as in k in a row.
    assert role.text() == "ANALYSIS"


def test_every_move_of_the_computer_player_is_judged_at_the_end(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Its move was played as soon as it was chosen, and the analysis of its position, still
    # running, was cancelled by the next position's: its line at the end counted only some
    # of its moves ("100% accurate — 3 best, 1 good, 4 not judged").
    window.start_table_game(connect_four("kitty"), seed=5)
    window.controller.set_time_limit(0.2)
    play_by_clicks(qtbot, window, seed=11)
    qtbot.waitUntil(window.banner.isVisible, timeout=GAME_TIMEOUT_MS)
    session = window.controller.session
    assert session is not None
    computer = session.summaries()[1]
    assert computer.moves > 3
    assert computer.judged == computer.moves, computer.describe()
    assert "not judged" not in window.banner.summary.text().splitlines()[1]


def test_an_ending_reached_after_an_undo_is_said_not_to_be_recorded(
    qtbot: QtBot, recorded_window: MainWindow, repository: Repository
) -> None:
    # The game goes to the records at its first ending only; a second ending, after an
    # undo, said "Recorded." as well.
    window = recorded_window
    spec = find_game("connect4")
    people = (Seat.human("Ann"), Seat.human("Bob"))
    window.start_table_game(TableSetup(spec, GameMode.HUMAN_VS_HUMAN, people), seed=1)
    view = window.board_view
    note = window.banner.save_note
    for col in (0, 1, 0, 1, 0, 1, 0):  # X drops four in the first column
        click_cell(qtbot, view, 0, col)
    qtbot.waitUntil(window.banner.isVisible, timeout=5000)
    assert note.text() == "Recorded."
    window.undo_action.trigger()  # X's winning disc taken back
    qtbot.waitUntil(lambda: not window.banner.isVisible(), timeout=5000)
    for col in (2, 1):  # X elsewhere, then O drops four in the second column
        click_cell(qtbot, view, 0, col)
    qtbot.waitUntil(window.banner.isVisible, timeout=5000)
    assert note.text() == "Only the first ending of a game is recorded."
    assert len(repository.list_games(GameFilter(game="connect4"))) == 1
    # Back to the ending recorded: it is the one in the records.
    window.undo_action.trigger()
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: not window.banner.isVisible(), timeout=5000)
    click_cell(qtbot, view, 0, 0)
    qtbot.waitUntil(window.banner.isVisible, timeout=5000)
    assert note.text() == "Recorded."


def test_the_record_keeps_what_the_computer_players_moves_cost(
    qtbot: QtBot, recorded_window: MainWindow, repository: Repository
) -> None:
    # The window asked only for the move: the record said the computer searched nothing,
    # where a game of k in a row keeps its nodes and depth.
    window = recorded_window
    window.start_table_game(connect_four("cop"), seed=3)
    play_by_clicks(qtbot, window, seed=5)
    qtbot.waitUntil(window.banner.isVisible, timeout=GAME_TIMEOUT_MS)
    session = window.controller.session
    assert session is not None
    searched = [session.cost_at(ply) for ply in range(2, len(session.moves) + 1, 2)]
    # Cop searches four plies, where it does not win or block at once.
    assert any(nodes > 0 and depth == 4 for nodes, depth in searched), searched
    (game,) = repository.list_games(GameFilter(game="connect4"))
    assert game.o_ai_nodes == sum(nodes for nodes, _ in searched) > 0
    assert game.o_ai_max_depth == 4
    assert game.x_ai_nodes == game.x_ai_max_depth == 0


def test_the_coach_and_the_opponent_speak_in_the_docks_bubble_as_in_k_in_a_row(
    qtbot: QtBot, window: MainWindow
) -> None:
    # The table window said "d1 was best." in the status bar and left the dock's bubble
    # empty, where k in a row's coach names the player and says what the move did.
    spec = find_game("connect4")
    people = (Seat.human("Ann"), Seat.human("Bea"))
    window.start_table_game(TableSetup(spec, GameMode.HUMAN_VS_HUMAN, people), seed=1)
    dock = window.analysis_dock
    assert dock.comment_text() == "Coach: I'll judge every move. Play well!"
    session = window.controller.session
    assert session is not None
    qtbot.waitUntil(lambda: session.analysis_of(session.state) is not None, timeout=20_000)
    click_cell(qtbot, window.board_view, 0, 3)  # d1, the best first move
    qtbot.waitUntil(lambda: session.judgement_at(1) is not None, timeout=20_000)
    qtbot.waitUntil(lambda: dock.comment_text().startswith("Coach: Ann's X at d1 — best move"))
    assert window.turn_label.text().startswith("Coach: Ann's X at d1 — best move")
    # Against a computer player, that player greets the person, as in k in a row.
    window.start_table_game(connect_four("cop"), seed=1)
    assert dock.comment_text().startswith("Cop: “")
