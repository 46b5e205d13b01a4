"""The analysis dock on its own: persona header and portrait, candidates model, banner."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine import (
    Algorithm,
    Analysis,
    Board,
    Move,
    MoveOutcome,
    TranspositionTable,
    analyse,
)
from tictactoe_gui.engine.games import GameState, PlayerInfo, find_game
from tictactoe_gui.engine.k_in_a_row import game_analysis, spec_of
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.variants import GOMOKU, get_variant
from tictactoe_gui.gui.analysis import coach, words
from tictactoe_gui.gui.analysis_dock import AnalysisDock

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">'
    '<circle cx="32" cy="32" r="30" fill="#7b5ea7"/></svg>'
)


def player_card(key: str) -> PlayerInfo:
    """A tic-tac-toe persona as the dock's card shows it."""
    return find_game("tictactoe").player(key)


def make_dock(qtbot: QtBot) -> AnalysisDock:
    dock = AnalysisDock()
    qtbot.addWidget(dock)
    dock.show()
    return dock


def state_of(board: Board) -> GameState:
    """``board`` as a position of the game interface."""
    return spec_of(board.variant).from_position_text(board.to_text())


def show(
    dock: AnalysisDock, analysis: Analysis, comparison: tuple[Analysis, ...] = ()
) -> GameState:
    """k in a row's ``analysis`` shown as the window hands it over, through the game
    interface (with the searches compared, where given); the position shown."""
    state = state_of(analysis.board)
    dock.show_game_analysis(
        state,
        game_analysis(analysis),
        ("", ""),
        comparison=tuple((found.algorithm.value, game_analysis(found)) for found in comparison),
        study=True,
    )
    return state


def test_portrait_shows_when_the_art_exists(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    art = tmp_path / "sera.svg"
    art.write_text(SVG)
    monkeypatch.setattr(coach, "asset_path", lambda relative: art)
    dock = make_dock(qtbot)
    dock.show_player(player_card("sera"), "Opponent")
    portrait = dock._portrait
    assert not portrait.isHidden()
    image = portrait.pixmap().toImage()
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    assert (centre.red(), centre.green(), centre.blue()) == (0x7B, 0x5E, 0xA7)


def test_missing_art_hides_the_portrait(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(relative: str) -> Path:
        raise FileNotFoundError(relative)

    monkeypatch.setattr(coach, "asset_path", missing)
    dock = make_dock(qtbot)
    dock.show_player(player_card("sera"), "Opponent")
    assert dock._portrait.isHidden()
    assert dock._coach.name_label.text().startswith("Sera")


def test_result_fills_table_banner_and_line(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    dock.show_player(player_card("sera"), "Coach")
    board = Board.from_text("XX.OO....")
    analysis = analyse(board)
    show(dock, analysis)
    assert dock.prediction_text() == "X wins in 1 ply with best play (proven)"
    assert dock.model.rowCount() == 3
    top = dock.model.game_row_at(0)
    assert top is not None
    assert top.move == board.index(Move(0, 2))
    assert dock.model.data(dock.model.index(0, 0)) == "c3"
    assert dock.model.data(dock.model.index(0, 1)) == "+win"
    assert dock.model.data(dock.model.index(0, 2)) == "X wins in 1"
    centred = int(Qt.AlignmentFlag.AlignCenter)
    assert dock.model.data(dock.model.index(0, 1), Qt.ItemDataRole.TextAlignmentRole) == centred
    assert dock.line_text() == "X c3"
    assert dock.best_move_text() == "X c3 (win in 1)"
    assert dock.certainty_text() == "Proven"
    assert dock.evaluation_text() == ("proven", "X wins in 1 ply: forced")
    assert dock.evaluation_bar.value == 1.0
    dock.set_top_n(9)
    assert dock.model.rowCount() == 5


def test_a_comparison_scrolls_into_view_in_a_short_dock(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    dock.show_player(player_card("sera"), "Coach")
    dock.resize(340, 360)  # far shorter than the dock's content
    board = Board.from_text("X...O....")
    analysis = analyse(board)
    show(dock, analysis)
    comparison = tuple(analyse(board, algorithm) for algorithm in Algorithm)
    show(dock, analysis, comparison)
    assert len(dock.comparison_rows()) == 3
    qtbot.waitUntil(dock.comparison_in_view, timeout=2000)


def test_a_search_answered_by_the_table_says_so(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    board = Board.empty()
    table = TranspositionTable()
    cold = analyse(board, Algorithm.TABLE, table=table)
    show(dock, cold)
    assert dock.depth_text() == str(cold.max_depth)
    warm = analyse(board, Algorithm.TABLE, table=table)
    assert warm.max_depth == 0
    show(dock, warm)
    assert dock.depth_text() == "0 (all known from the table)"


def estimate_result(board: Board) -> Analysis:
    analysis = analyse(board)
    assert not analysis.exact
    return analysis


def test_an_estimate_is_shown_as_one(qtbot: QtBot) -> None:

    dock = make_dock(qtbot)
    dock.show_player(
        player_card("kitty"), "Opponent"
    )  # a weak persona plays; the prediction is not hers
    four = get_variant("four")
    # One mark each, X to move: better for X, and no win the search sees (four in a row
    # is a fast first-player win: two marks each are already a win it sees, not proven).
    board = Board.empty(four).play_all([Move(9, 9), Move(10, 10)])
    analysis = estimate_result(board)
    show(dock, analysis)
    assert dock.prediction_text().lower() == str(analysis.prediction).lower()
    assert "(estimate)" in dock.prediction_text()
    assert "Kitty" not in dock.prediction_text()
    assert dock.certainty_text() == f"Estimate · depth {analysis.depth}"
    number, reading = dock.evaluation_text()
    # X moves here, so X's view is the mover's evaluation.
    assert number == f"{analysis.evaluation:+,d}"
    assert reading.startswith(analysis.prediction.estimate_words().removesuffix(" (estimate)"))
    assert ("not settled" in reading) == (analysis.unsettled_since is not None)
    assert not dock.compare_button.isEnabled()  # too big to compare the exact searches
    # What the number counts, as the game says it.
    tip = dock.findChild(QWidget, "evaluationNumber").toolTip()
    assert tip.startswith("The evaluation from X's side: positive when X stands better.")
    assert "counts 100 on four in a row" in tip
    assert abs(analysis.evaluation or 0) < words.WIN_SEEN
    assert "X is" in reading
    assert 0 < dock.evaluation_bar.value <= 0.9  # leaning to X, never filled by an estimate
    best = analysis.candidates[0]
    assert dock.best_move_text() == f"X {board.cell_name(best.move)} ({best.score:+,d})"
    assert dock.depth_text() != "—"
    assert dock.speed_text().endswith("nodes/s")
    # The candidates: cell names, evaluations, and "estimate" where nothing is proven.
    model = dock.model
    assert model.data(model.index(0, 0)) == board.cell_name(best.move)
    assert model.data(model.index(0, 2)) == "estimate"
    tip = model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole)
    assert "not proven" in tip
    # "All" lists every candidate the search scored, more than nine on a big board.
    dock.set_top_n(9)
    assert model.rowCount() == len(analysis.candidates) > 9


def test_a_win_the_search_sees_is_not_called_proven(qtbot: QtBot) -> None:
    from dataclasses import replace

    from tictactoe_gui.engine import Candidate, Mark, Prediction

    dock = make_dock(qtbot)
    # Gomoku's opening, which no threat search settles (four in a row's is a quick proven
    # win for the first player).
    board = Board.empty(GOMOKU).play_all([Move(7, 7), Move(7, 8), Move(8, 8), Move(6, 6)])
    estimate = estimate_result(board)
    # What the estimate reports when a line ends in a win it did not prove: a huge value.
    seen = words.WIN_SEEN
    analysis = replace(
        estimate,
        candidates=(Candidate(Move(9, 9), seen, None, None), *estimate.candidates[1:]),
        prediction=Prediction(None, None, exact=False, evaluation=seen, mover=Mark.X),
    )
    show(dock, analysis)
    assert dock.evaluation_text() == ("+win", "X wins, as far as the search sees")
    assert dock.certainty_text().startswith("Estimate")
    assert dock.evaluation_bar.value == 0.9  # as far as an estimate goes, never the end
    assert dock.model.data(dock.model.index(0, 1)) == "+win est."
    assert dock.model.data(dock.model.index(0, 2)) == "estimate"


def test_the_bar_leans_to_o_when_o_stands_better(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    four = get_variant("four")
    # X to move, with two lost corners against O's two in the middle, four apart: O stands
    # better (side by side they are a win the search sees: four in a row is that sharp).
    board = Board.empty(four).play_all([Move(0, 0), Move(9, 9), Move(19, 19), Move(9, 13)])
    show(dock, estimate_result(board))
    assert -0.9 <= dock.evaluation_bar.value < 0
    assert dock.evaluation_text()[0].startswith("-")
    assert "O is" in dock.evaluation_text()[1]


def test_the_time_budget_is_offered_and_announced(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    assert dock.time_budget() == 1.0
    with qtbot.waitSignal(dock.time_budget_changed, timeout=1000) as blocker:
        dock.set_time_budget(4.0)  # the nearest offered: 5 s
    assert blocker.args == [5.0]
    assert dock.time_budget() == 5.0
    assert dock.time_budget_combo.currentText() == "5 s"


def test_progress_shows_nodes_and_speed_while_thinking(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    dock.set_thinking(True, "Sera is thinking…")
    qtbot.waitUntil(lambda: dock._search_clock.elapsed() > 5, timeout=2000)
    dock.set_progress(12_345)
    text = dock.thinking_text()
    assert text.startswith("Sera is thinking…  12,345 nodes · ")
    assert text.endswith("nodes/s")
    dock.set_thinking(False, "")
    assert dock.thinking_text() == ""


def test_stop_is_offered_only_when_the_window_can_stop(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    dock.set_thinking(True, "Thinking…")
    assert dock.stop_button.isHidden()
    dock.set_stop_available(True)
    assert not dock.stop_button.isHidden()
    with qtbot.waitSignal(dock.stop_requested, timeout=1000):
        dock.stop_button.click()


def test_each_completed_depth_shows_while_the_search_goes_on(qtbot: QtBot) -> None:
    from tictactoe_gui.engine import SearchProgress

    dock = make_dock(qtbot)
    board = Board.empty(get_variant("four")).play_all([Move(9, 9), Move(10, 10)])
    state = state_of(board)
    dock.show_game_thinking(state, study=True)  # the position changed: its analysis comes
    dock.set_thinking(True, "Sera is thinking…")
    progress = SearchProgress(
        nodes=5_000,
        root_moves_done=3,
        root_moves_total=20,
        depth=2,
        best_move=Move(9, 10),
        line=(Move(9, 10), Move(8, 8)),
        score=120,
        elapsed=0.5,
    )
    dock.show_search_progress(progress, state)
    # The thinking line says how far it got, never which move (it shows on a person's turn).
    assert dock.thinking_text() == "Sera is thinking…  depth 2 · 5,000 nodes · 10,000 nodes/s"
    assert dock.best_move_text() == "X k11 (+120)"
    assert dock.line_text() == "X k11 → O i12"
    assert dock.depth_text() == "2 (searching…)"
    assert dock.certainty_text() == "Estimate · depth 2"
    assert dock.evaluation_text() == ("+120", "so far")
    assert 0 < dock.evaluation_bar.value < 0.9
    # The final answer replaces it.
    show(dock, estimate_result(board))
    assert "searching" not in dock.depth_text()


def test_the_best_move_of_an_estimate_previews_its_whole_line(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    board = Board.empty(GOMOKU).play_all([Move(7, 7), Move(7, 8)])
    analysis = estimate_result(board)
    assert len(analysis.principal_variation) >= 2
    assert analysis.principal_variation[0] == analysis.candidates[0].move
    state = show(dock, analysis)
    with qtbot.waitSignal(dock.preview_requested, timeout=1000) as blocker:
        dock.select_candidate(0)
    line = tuple(board.index(move) for move in analysis.principal_variation)
    assert blocker.args == [state, line]
    # Another candidate has no line of its own in an estimate: just the move.
    with qtbot.waitSignal(dock.preview_requested, timeout=1000) as blocker:
        dock.select_candidate(1)
    assert blocker.args == [state, (board.index(analysis.candidates[1].move),)]


def test_a_small_board_proven_past_the_exact_try_shows_the_proof_and_the_estimates(
    qtbot: QtBot,
) -> None:
    dock = make_dock(qtbot)
    dock.show_player(player_card("sera"), "Coach")
    # 5x5, four in a row: X makes an open three at d4 and wins in 3. The exact try is
    # kept from finishing, so the proof-number search settles it.
    board = Board.from_text("5/1XX2/1OO2/5/5", get_variant("5x5k4"))
    analysis = analyse(board, limit=Limit(nodes=10, time=2.0))
    assert analysis.exact
    show(dock, analysis)
    assert "X wins in 3" in dock.prediction_text()
    assert dock.certainty_text() == "Proven"
    assert "not needed for the proof" in dock._certainty.toolTip()
    model = dock.model
    assert model.data(model.index(0, 0)) == "d4"
    assert model.data(model.index(0, 2)) == "X wins in 3"
    # The moves the proof did not need keep their estimates, and say so.
    assert model.rowCount() > 1
    for row in range(1, model.rowCount()):
        assert model.data(model.index(row, 2)) == "estimate"


def test_a_small_board_not_proven_in_time_says_more_time_may_prove_it(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    small = analyse(Board.empty(get_variant("5x5k4")), limit=Limit(nodes=10, proof_time=0.01))
    show(dock, small)
    assert dock.certainty_text().startswith("Estimate")
    assert "longer engine time per move, or Prove the Result) may prove" in (
        dock._certainty.toolTip()
    )
    big = estimate_result(Board.empty(get_variant("four")).play(Move(9, 9)))
    show(dock, big)
    assert "too big to solve" in dock._certainty.toolTip()


def test_prove_is_offered_for_a_small_board_estimate_alone(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    button = dock.prove_button
    small = analyse(Board.empty(get_variant("5x5k4")), limit=Limit(nodes=10, proof_time=0.01))
    show(dock, small)
    assert not button.isVisibleTo(dock)  # only where the window can also stop a search
    dock.set_stop_available(True)
    show(dock, small)
    assert button.isVisibleTo(dock)
    with qtbot.waitSignal(dock.prove_requested, timeout=1000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dock.show_game_thinking(state_of(small.board), study=True)  # a new position on the way
    assert not button.isVisibleTo(dock)
    # Nor where the window does not answer the study's requests for the game.
    dock.show_game_analysis(state_of(small.board), game_analysis(small), ("", ""))
    assert not button.isVisibleTo(dock)
    proven = analyse(Board.from_text("5/1XX2/1OO2/5/5", get_variant("5x5k4")))
    assert proven.exact
    show(dock, proven)
    assert not button.isVisibleTo(dock)
    big = estimate_result(Board.empty(get_variant("four")).play(Move(9, 9)))
    show(dock, big)
    assert not button.isVisibleTo(dock)  # too big to prove: more time would not do it


def test_an_estimate_a_deeper_search_changed_says_it_is_not_settled(qtbot: QtBot) -> None:
    from tictactoe_gui.engine.estimate import estimate

    dock = make_dock(qtbot)
    board = Board.empty(get_variant("four")).play(Move(9, 9))  # O to move
    analysis = estimate(board, depth=3)
    unsettled = analysis.unsettled_since
    assert unsettled is not None
    depth, before = unsettled
    show(dock, analysis)
    number, reading = dock.evaluation_text()
    # O moves: the dock reads from X's side, then and now.
    assert number == words.evaluation_number(-analysis.depth_scores[-1])
    assert f"was {words.evaluation_number(-before)} at depth {depth}" in reading
    assert "not settled" in reading
    assert "not settled" in dock.evaluation_bar.accessibleDescription()


def test_a_lost_position_names_the_winner_beside_the_best_defence(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    lost = Board.from_text("XX..O.X.O")  # O to move: X threatens c3 and a2 at once
    analysis = analyse(lost)
    best = analysis.candidates[0]
    assert analysis.prediction.winner is not None
    assert best.outcome is not None
    assert str(best.outcome) == "loss"
    show(dock, analysis)
    assert dock.best_move_text() == (
        f"O {lost.cell_name(best.move)} (X wins in {best.plies_to_end})"
    )
    assert "loss" not in dock.best_move_text()


def test_a_game_given_up_shows_no_bar_still_on_its_way(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    dock.show_player(player_card("sera"), "Coach")
    board = Board.from_text("X........")
    analysis = analyse(board)
    show(dock, analysis)
    assert dock.evaluation_bar.isVisibleTo(dock)
    dock.show_ended("Ann resigned")
    assert dock.prediction_text() == "Game over: Ann resigned."
    # Nothing is coming: no empty bar over a "…" as if a search were on its way.
    assert not dock.evaluation_bar.isVisibleTo(dock)
    assert not dock.candidates_shown()


def test_tab_never_stops_on_the_docks_scrolling_frame(qtbot: QtBot) -> None:
    """The frame that scrolls the dock draws no focus mark and reads as a bare "Analysis":
    Tab goes from one control in it to the next, which the frame scrolls into view."""
    from PySide6.QtWidgets import QAbstractScrollArea, QScrollArea

    dock = make_dock(qtbot)
    frames = dock.findChildren(QScrollArea)
    assert frames
    for frame in frames:
        assert not frame.focusPolicy() & Qt.FocusPolicy.TabFocus
    # What Tab does reach in the dock is a control, not a frame around others.
    reached = [
        w
        for w in dock.findChildren(QWidget)
        if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisibleTo(dock)
    ]
    assert reached
    assert not any(type(w) is QScrollArea for w in reached)
    assert all(not isinstance(w, QAbstractScrollArea) or w.accessibleName() for w in reached)


SCORE_WORDS = r"[+-]win|0|([+-][\d,]+|[+-]win|0) est\."


def test_a_proven_score_reads_in_the_words_of_the_estimates_beside_it(qtbot: QtBot) -> None:
    import re

    from tictactoe_gui.engine.analysis import with_proof

    dock = make_dock(qtbot)
    four = get_variant("four")
    board = Board.empty(four).play_all([Move(9, 9), Move(10, 10)])
    estimate = estimate_result(board)
    # A proof settles one move (as a persona's threat search does) while the rest stay
    # estimates: the proven score is a win in plies, not the search's raw "+399".
    proven = with_proof(estimate, True, (Move(9, 10), Move(0, 0), Move(9, 11)))
    show(dock, proven)
    dock.set_top_n(9)
    model = dock.model
    shown = [str(model.data(model.index(row, 1))) for row in range(model.rowCount())]
    assert shown[0] == "+win"
    assert all(text.endswith(" est.") for text in shown[1:])
    assert all(re.fullmatch(SCORE_WORDS, text) for text in shown), shown
    heard = model.data(model.index(1, 1), Qt.ItemDataRole.AccessibleTextRole)
    assert heard == f"Score {shown[1].removesuffix(' est.')}, estimated"


def test_every_proven_score_on_three_by_three_is_a_result(qtbot: QtBot) -> None:
    import re

    dock = make_dock(qtbot)
    # After X's corner every reply is proven: O's edges lose, the centre draws.
    board = Board.empty().play(Move(0, 0))
    analysis = analyse(board, Algorithm.ALPHABETA)
    show(dock, analysis)
    dock.set_top_n(9)
    model = dock.model
    for row, candidate in enumerate(analysis.candidates):
        text = str(model.data(model.index(row, 1)))
        assert re.fullmatch(r"[+-]win|0", text), text
        assert text == {"win": "+win", "loss": "-win", "draw": "0"}[str(candidate.outcome)]


def test_a_proven_row_s_score_and_outcome_say_different_things(qtbot: QtBot) -> None:
    # Both columns read "draw" (or "win in 3") on every proven 3x3 row: the score now says
    # what the move is worth to the side to move, the outcome who wins and how soon.
    dock = make_dock(qtbot)
    dock.set_top_n(9)
    model = dock.model
    board = Board.from_text(".X.O.....")  # X to move: some moves win, some draw, some lose
    analysis = analyse(board)
    show(dock, analysis)
    assert model.rowCount() == len(analysis.candidates) == 7
    expected = {
        MoveOutcome.WIN: ("+win", "X wins in {}", "Score win"),
        MoveOutcome.DRAW: ("0", "draw", "Score 0"),  # "draw" once
        MoveOutcome.LOSS: ("-win", "O wins in {}", "Score loss"),  # never "minus win"
    }
    for row, candidate in enumerate(analysis.candidates):
        assert candidate.exact
        assert candidate.outcome is not None
        score, outcome, heard = expected[candidate.outcome]
        shown = (str(model.data(model.index(row, 1))), str(model.data(model.index(row, 2))))
        assert shown == (score, outcome.format(candidate.plies_to_end))
        assert model.data(model.index(row, 1), Qt.ItemDataRole.AccessibleTextRole) == heard
    assert {candidate.outcome for candidate in analysis.candidates} == set(MoveOutcome)
    # An estimate stays marked as one in both columns.
    four = get_variant("four")
    estimate = estimate_result(Board.empty(four).play_all([Move(9, 9), Move(10, 10)]))
    show(dock, estimate)
    assert str(model.data(model.index(0, 1))).endswith(" est.")
    assert model.data(model.index(0, 2)) == "estimate"
