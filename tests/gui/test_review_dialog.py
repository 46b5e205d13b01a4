"""Review and Practice Your Mistakes in the window, for a game of the history or on the board."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_human, play
from tictactoe_gui.engine import Move
from tictactoe_gui.engine.games import GameState, find_game
from tictactoe_gui.engine.practice import PracticeSummary
from tictactoe_gui.engine.review import GameReview, Grade
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.records import HistoryDialog
from tictactoe_gui.gui.review.dialog import ReviewDialog, ReviewSubject
from tictactoe_gui.gui.review.practice import PracticeDialog
from tictactoe_gui.records_bridge import state_finished_game
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode, Side

#: X lets O's column b through with c3 (a blunder: b3 keeps the draw), and O takes it.
GAME = "a1, b2, a2, a3, c1, b1, c3, b3"


def record(repository: Repository, game_id: str, moves: str) -> int:
    start = find_game(game_id).new_game(5)
    final: GameState = start.play_all(start.read_moves(moves))
    now = datetime.now(UTC)
    return repository.save_game(
        state_finished_game(
            final, Side.human("Ann"), Side.persona("cop"), GameMode.HUMAN_VS_AI, now, now
        )
    )


def open_review(qtbot: QtBot, window: MainWindow) -> ReviewDialog:
    history = window.show_history()
    assert isinstance(history, HistoryDialog)
    history.view.selectRow(0)
    assert history.review_button.isEnabled()
    with qtbot.waitSignal(history.review_requested, timeout=5000):
        history.review_button.click()
    history.close()
    (dialog,) = window.findChildren(ReviewDialog)
    qtbot.addWidget(dialog)
    if dialog.review is None:
        with qtbot.waitSignal(dialog.reviewed, timeout=20_000):
            pass
    return dialog


def test_a_game_of_the_history_is_reviewed_with_its_blunder_and_graph(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    record(repository, "tictactoe", GAME)
    dialog = open_review(qtbot, window)
    review = dialog.review
    assert isinstance(review, GameReview)
    table = dialog.table
    assert table.accessibleName() == "Moves reviewed"
    assert table.rowCount() == 8
    rows = [[table.item(row, col).text() for col in range(3)] for row in range(8)]
    assert rows[6] == ["7. X c3??", "?? blunder", "b3 (draw, proven): b3 c3 c2"]
    assert all(row[1] == "best" and row[2] == "" for row in rows[:6])
    assert dialog.sides[0].text() == "Ann (X): 75% accurate — 3 best, 0 good, 1 blunder"
    assert dialog.sides[1].text().startswith("Cop (O): 100% accurate")
    # The graph says in words what it draws: every position, proven here.
    lines = dialog.graph.accessibleDescription().splitlines()
    assert len(lines) == 9
    assert lines[0] == "start: proven, a draw"
    assert lines[7] == "after ply 7: proven, O wins"
    assert dialog.practice_button.isEnabled()
    # A click on the graph's left edge shows the start, its right edge the end.
    board = dialog.board
    assert isinstance(board, BoardView)
    with qtbot.waitSignal(dialog.position_shown, timeout=2000) as shown:
        qtbot.mouseClick(dialog.graph, Qt.MouseButton.LeftButton, pos=QPoint(2, 20))
    assert shown.args == [0]
    assert board.board.ply == 0
    with qtbot.waitSignal(dialog.position_shown, timeout=2000) as shown:
        dialog.graph.setFocus()
        qtbot.keyClick(dialog.graph, Qt.Key.Key_End)
    assert shown.args == [8]
    assert board.board.ply == 8
    assert dialog.graph.accessibleName() == "Evaluation graph, after ply 8: proven, O wins"
    table.setCurrentCell(6, 0)
    assert board.board.ply == 7
    assert dialog.graph.current == 7
    dialog.close()


def test_practice_sets_up_the_blunder_and_judges_each_try(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    record(repository, "tictactoe", GAME)
    dialog = open_review(qtbot, window)
    practice = dialog.open_practice()
    assert isinstance(practice, PracticeDialog)
    assert len(practice.exercises) == 1
    assert practice.prompt.text() == (
        "Position 1 of 1. Move 7: X played c3 (?? blunder). Find a better move for X."
    )
    board = practice.board
    assert isinstance(board, BoardView)
    assert board.board.ply == 6
    # c2 (row 1, column 2) loses too; typed in the notation, then clicked on the board.
    practice.move_field.setText("c2")
    with qtbot.waitSignal(practice.judged, timeout=2000) as judged:
        qtbot.keyClick(practice.move_field, Qt.Key.Key_Return)
    assert judged.args[0].grade is Grade.BLUNDER
    assert practice.feedback.text() == "No: c2 is a blunder too. Try again, or Show the Answer."
    with qtbot.waitSignal(practice.judged, timeout=2000) as judged:
        board.cell_activated.emit(0, 1)  # b3
    assert judged.args[0].better
    assert (
        practice.feedback.text() == "Yes: b3 is the best move. The line: b3, then c3 c2 (proven)."
    )
    with qtbot.waitSignal(practice.summarised, timeout=2000) as summarised:
        practice.next_button.click()
    summary = summarised.args[0]
    assert isinstance(summary, PracticeSummary)
    assert summary.tries == (2,)
    said = practice.announcer.spoken
    assert said[0].startswith("Position 1 of 1. Move 7: X played c3")
    assert "No: c2 is a blunder too. Try again, or Show the Answer." in said
    assert said[-1] == "You found a better move in 1 of 1 position, 0 at the first try."
    assert practice.feedback.text().splitlines()[0] == (
        "You found a better move in 1 of 1 position, 0 at the first try."
    )
    practice.close()
    dialog.close()


def test_a_row_and_column_game_is_reviewed_and_practised_by_typing(
    qtbot: QtBot, repo_window: tuple[MainWindow, Repository]
) -> None:
    window, repository = repo_window
    start = find_game("rowcol3").new_game(5)
    state = start
    while not state.is_over:
        state = state.play(state.legal_moves()[-1])  # the last allowed cell: rarely the best
    record(repository, "rowcol3", state.spec.format_move_list(state.moves))
    dialog = open_review(qtbot, window)
    review = dialog.review
    assert review is not None
    assert dialog.board.accessibleName() == "Position"
    assert not isinstance(dialog.board, BoardView)  # the grid is drawn in text
    assert {side.mark for side in review.sides} == {"A", "B"}
    assert review.mistakes  # the last allowed cell each time is seldom the best
    assert dialog.practice_button.isEnabled()
    practice = dialog.open_practice()
    assert isinstance(practice, PracticeDialog)
    exercise = practice.exercises[0]
    assert exercise.better is not None
    practice.move_field.setText(exercise.state.spec.format_move(exercise.better))
    with qtbot.waitSignal(practice.judged, timeout=2000) as judged:
        practice.try_button.click()
    assert judged.args[0].better
    practice.close()
    dialog.close()


def test_review_game_reviews_the_game_on_the_board(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    for move in (Move(1, 1), Move(0, 0), Move(2, 2)):
        assert play(window, move.row, move.col)
    window.review_action.trigger()
    (dialog,) = window.findChildren(ReviewDialog)
    qtbot.addWidget(dialog)
    if dialog.review is None:
        with qtbot.waitSignal(dialog.reviewed, timeout=10_000):
            pass
    assert dialog.table.rowCount() == 3
    assert dialog.table.item(0, 0).text() == "1. X b2"
    dialog.close()


def test_a_big_board_practice_asks_the_engine_about_a_move_it_did_not_score(
    qtbot: QtBot, window: MainWindow
) -> None:
    spec = find_game("four")
    start = spec.new_game()
    # O lets X's open two become an open three: a loss the threat search proves.
    moves = start.read_moves("j10, a1, k10, a2, l10, a20")
    subject = ReviewSubject(start, moves, ("Ann", "Bob"))
    dialog = ReviewDialog(subject, window.engine, window, time_per_position=0.5)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.reviewed, timeout=20_000) as reviewed:
        dialog.show()
    review = reviewed.args[0]
    assert any(m.by_estimate for m in review.moves)  # the estimate says so where it judges
    assert "estimate" in dialog.graph.accessibleDescription()
    assert [(m.text, m.grade, m.by_estimate) for m in review.mistakes][-1] == (
        "a2",
        Grade.BLUNDER,
        False,
    )
    practice = dialog.open_practice()
    assert isinstance(practice, PracticeDialog)
    exercise = practice.exercises[0]
    scored = {value.move for value in exercise.analysis.moves}
    far = next(m for m in exercise.state.legal_moves() if m not in scored)
    with qtbot.waitSignal(practice.judged, timeout=10_000) as judged:
        practice.try_move(far)
    assert judged.args[0].move == far
    assert practice.feedback.text().startswith(("Yes", "No"))
    practice.close()
    dialog.close()


def test_the_banner_of_a_finished_game_offers_its_review(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    for move in (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)):
        assert play(window, move.row, move.col)
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=5000)
    button = window.banner.review_button
    assert button.isVisible()
    button.click()
    (dialog,) = window.findChildren(ReviewDialog)
    qtbot.addWidget(dialog)
    if dialog.review is None:
        with qtbot.waitSignal(dialog.reviewed, timeout=10_000):
            pass
    assert dialog.table.rowCount() == 5
    assert dialog.graph.describe().splitlines()[-1] == "after ply 5: proven, X wins"
    dialog.close()


def test_a_better_move_by_the_estimate_says_its_value_and_how_it_is_known_once() -> None:
    import random

    from tictactoe_gui.engine.review import review_game
    from tictactoe_gui.gui.review.dialog import better_words

    rng = random.Random(1)
    state = find_game("gomoku").new_game(1)
    while len(state.moves) < 6:
        state = state.play(rng.choice(state.legal_moves()))
    review = review_game(state.start, state.moves, time_per_position=0.05)
    estimated = [m for m in review.moves if m.better_text is not None and not m.line_proven]
    assert estimated  # random stones give better moves, by the estimate on 15×15
    for move in estimated:
        text = better_words(move)
        assert text.startswith(f"{move.better_text} (")
        assert text.count("(") == 1  # one pair of brackets: "c2 (+9, estimate): c2 d3"
        assert "estimate)" in text
        assert text.endswith(" ".join(move.line_text))
