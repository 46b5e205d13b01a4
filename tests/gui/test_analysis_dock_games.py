"""The analysis dock showing any registered game's analysis (Connect Four, Row & Column):
the badge, the prediction naming the side, every move's value in the game's notation,
the best move, the expected line, the figures, and what a screen reader hears.

Every analysis here is the engine's own, of positions whose result is known apart
from it (a double threat on Connect Four's bottom row) or checked against the
engine's own game-specific analysis the old Row & Column panel showed.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QColor, QPalette
from PySide6.QtWidgets import QComboBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.helpers import row_words
from tictactoe_gui.engine import Board, analyse
from tictactoe_gui.engine.games import (
    Certainty,
    GameAnalysis,
    GameState,
    Limit,
    PlayerInfo,
    find_game,
)
from tictactoe_gui.engine.k_in_a_row import game_analysis
from tictactoe_gui.engine.rowcol import RowColAnalysis
from tictactoe_gui.gui.analysis import game_words
from tictactoe_gui.gui.analysis.words import spoken_score
from tictactoe_gui.gui.analysis_dock import AnalysisDock

Text = QAccessible.Text
SEATS = ("X", "O")


def player_card(key: str) -> PlayerInfo:
    """A tic-tac-toe persona as the dock's card shows it."""
    return find_game("tictactoe").player(key)


def make_dock(qtbot: QtBot) -> AnalysisDock:
    dock = AnalysisDock()
    qtbot.addWidget(dock)
    dock.show()
    dock.set_top_n(9)  # every move
    return dock


def connect_four(columns: str) -> GameState:
    spec = find_game("connect4")
    start = spec.new_game()
    return start.play_all(start.read_moves(columns))


def analysed(state: GameState) -> GameAnalysis:
    """The engine's analysis of ``state`` searched to its end, not within the game's default
    seconds: each position here is proven in well under a second, which a busy machine
    stretched past the default and turned into an estimate. (A limit without a time is the
    game's default seconds: the search is given a minute, which it ends as soon as it has
    proven the position.)"""
    return state.spec.analyse(state, limit=Limit(time=60))


def shown_rows(dock: AnalysisDock) -> list[tuple[str, ...]]:
    model = dock.model
    return [
        tuple(str(model.data(model.index(row, col))) for col in range(3))
        for row in range(model.rowCount())
    ]


def headers(dock: AnalysisDock) -> tuple[str, ...]:
    model = dock.model
    return tuple(
        str(model.headerData(col, Qt.Orientation.Horizontal)) for col in range(model.columnCount())
    )


def heard_rows(dock: AnalysisDock) -> list[list[str]]:
    iface = QAccessible.queryAccessibleInterface(dock.table)
    assert iface is not None
    return [row_words(iface, row) for row in range(dock.model.rowCount())]


@pytest.fixture
def double_threat() -> tuple[GameState, GameAnalysis]:
    """X to move with c1 and d1: e1 threatens b1 and f1 at once, so X wins in 3 plies."""
    state = connect_four("44444433")
    analysis = analysed(state)
    assert analysis.certainty is Certainty.PROVEN
    return state, analysis


@pytest.fixture
def threat_shown(
    qtbot: QtBot, double_threat: tuple[GameState, GameAnalysis]
) -> tuple[AnalysisDock, GameState, GameAnalysis]:
    """The dock showing the double threat's analysis, the players named X and O."""
    state, analysis = double_threat
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, SEATS)
    return dock, state, analysis


def test_connect_four_shows_every_columns_exact_value_in_its_landing_cell(
    threat_shown: tuple[AnalysisDock, GameState, GameAnalysis],
) -> None:
    dock, _, analysis = threat_shown
    assert headers(dock) == ("Move", "Score", "Outcome")
    rows = shown_rows(dock)
    # One row per column that takes a disc, named by the cell the disc lands in (column
    # d is full; c's next disc lands on c3), best first.
    assert sorted(row[0] for row in rows) == ["a1", "b1", "c3", "e1", "f1", "g1"]
    assert rows[0][0] in ("e1", "b1")
    assert rows[0][1:] == ("+win", "X wins in 3")
    for row, value in zip(rows, analysis.moves, strict=True):
        assert row[0] == value.text
        # The score for the side to move, the outcome who wins and how soon ("draw" once).
        if value.words == "draw":
            assert row[1:] == ("0", "draw")
        else:
            outcome, plies = value.words.split(" in ")
            winner = "X" if outcome == "win" else "O"
            assert row[1:] == ("+win" if winner == "X" else "-win", f"{winner} wins in {plies}")
    assert dock.prediction_text() == "X wins in 3 plies with best play (proven)"
    assert dock.certainty_text() == "Proven"
    assert dock.evaluation_text() == ("proven", "X wins in 3 plies: forced")
    assert dock.evaluation_bar.value == 1.0
    assert dock.best_move_text() in ("X e1 (win in 3)", "X b1 (win in 3)")
    assert dock.line_text().startswith("X e1 → O ") or dock.line_text().startswith("X b1 → O ")
    assert dock.nodes_text() == f"{analysis.nodes:,}"


def test_connect_four_losses_name_the_winner_and_the_players(qtbot: QtBot) -> None:
    state = connect_four("444444333")  # O to move: every column loses
    analysis = analysed(state)
    assert analysis.certainty is Certainty.PROVEN
    assert state.to_move == 1
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, ("Ann", "Sera"))
    plies = analysis.prediction.split(" in ")[1].split()[0]
    assert dock.prediction_text() == f"Ann (X) wins in {plies} plies with best play (proven)"
    assert dock.evaluation_bar.value == 1.0  # X's end, whoever is on move
    heard = heard_rows(dock)
    assert [words[0].split(",")[0] for words in heard] == [
        f"Move {value.text}" for value in analysis.moves
    ]
    for words, value in zip(heard, analysis.moves, strict=True):
        assert value.value == -1
        # Heard row by row, "loss in 30" would not say whose: the winner is named.
        assert words[2] == f"Outcome X wins in {value.words.removeprefix('loss in ')}"
    best = analysis.moves[0]
    assert dock.best_move_text() == f"O {best.text} (X wins in {plies})"


def test_each_row_is_read_once_with_its_headers_and_says_which_is_best(
    threat_shown: tuple[AnalysisDock, GameState, GameAnalysis],
) -> None:
    dock, state, analysis = threat_shown
    heard = heard_rows(dock)
    for words, row in zip(heard, shown_rows(dock), strict=True):
        assert [w.split(" ")[0] for w in words] == ["Move", "Score", "Outcome"]
        assert words[1] == f"Score {spoken_score(row[1])}"
        assert words[2] == f"Outcome {row[2]}"
        assert row[1] != row[2]  # the score for the mover, the outcome who wins and when
        best = row[0] in {state.spec.format_move(m) for m in analysis.best_moves}
        assert words[0] == (f"Move {row[0]}, best" if best else f"Move {row[0]}")
    assert heard[0][2] == "Outcome X wins in 3"


def test_the_table_is_entered_on_its_first_row(
    qtbot: QtBot, double_threat: tuple[GameState, GameAnalysis]
) -> None:
    state, analysis = double_threat
    dock = make_dock(qtbot)
    dock.activateWindow()
    qtbot.waitUntil(dock.isActiveWindow)
    dock.show_game_analysis(state, analysis, SEATS)
    table = dock.table
    selection = table.selectionModel()
    read: list[int] = []
    selection.currentChanged.connect(lambda current, _previous: read.append(current.row()))
    with qtbot.waitSignal(selection.currentChanged, timeout=5000):
        table.setFocus(Qt.FocusReason.TabFocusReason)
    assert read[-1] == 0  # the best move is heard first
    assert not selection.hasSelection()  # entering previews nothing


def test_the_best_move_and_the_line_are_values_tab_reaches_named_by_their_labels(
    threat_shown: tuple[AnalysisDock, GameState, GameAnalysis],
) -> None:
    dock = threat_shown[0]
    for name, words, text in (
        ("bestMoveLabel", "Best move:", dock.best_move_text()),
        ("principalVariation", "Expected line:", dock.line_text()),
    ):
        value = dock.findChild(QWidget, name)
        assert value is not None
        assert value.focusPolicy() & Qt.FocusPolicy.TabFocus
        assert not value.isHidden()
        iface = QAccessible.queryAccessibleInterface(value)
        assert iface is not None
        assert iface.text(Text.Name) == text
        (label,) = [w for w in dock.findChildren(QLabel) if w.buddy() is value and w is not value]
        assert label.text() == words


def rowcol_start() -> GameState:
    return find_game("rowcol4").new_game(seed=3)


def test_row_and_column_shows_each_cells_points_and_margin_as_its_panel_did(
    qtbot: QtBot,
) -> None:
    state = rowcol_start()
    analysis = state.spec.analyse(state)
    source = analysis.source
    assert isinstance(source, RowColAnalysis)
    assert source.exact
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, ("A", "B"))
    assert headers(dock) == ("Take", "Points", "Margin")
    position = source.position
    # The cell, its number and the margin with best play, as the engine's own analysis
    # of Row & Column gives them (what the game's window showed).
    assert shown_rows(dock) == [
        (position.cell_label(c.cell), str(c.value), f"{c.margin:+d}") for c in source.candidates
    ]
    a, b = source.predicted_a, source.predicted_b
    assert a != b
    winner = "A" if a > b else "B"
    assert dock.prediction_text() == f"{winner} wins by {abs(a - b)} with best play (proven)"
    assert dock.evaluation_text() == (
        f"{a - b:+d}",
        f"{winner} wins, {max(a, b)} to {min(a, b)}, with best play",
    )
    assert dock.certainty_text() == "Proven"
    best = source.candidates[0]
    assert dock.best_move_text() == f"A {position.cell_label(best.cell)} (margin {best.margin:+d})"
    line = source.principal_variation
    seats = ["A", "B"] * len(line)
    assert dock.line_text() == " → ".join(
        f"{seat} {position.cell_label(cell)}" for seat, cell in zip(seats, line, strict=False)
    )
    assert heard_rows(dock)[0][2] == f"Margin {best.margin:+d} for A"


def test_row_and_column_margins_are_the_side_to_moves(qtbot: QtBot) -> None:
    state = rowcol_start()
    first = state.spec.analyse(state)
    state = state.play(first.best_moves[0])
    analysis = state.spec.analyse(state)
    assert state.to_move == 1
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, ("Ann", "Abacus"))
    heard = heard_rows(dock)
    for words, value in zip(heard, analysis.moves, strict=True):
        assert words[2] == f"Margin {value.score:+d} for B"
    # The result is the same with best play: still the first player's, named.
    assert first.result is not None
    assert first.result.winner == 0
    assert (
        dock.prediction_text()
        == f"Ann (A) wins by {first.result.returns[0]} with best play (proven)"
    )


def test_an_estimate_is_never_shown_as_proven(qtbot: QtBot) -> None:
    state = find_game("rowcol7").new_game(seed=3)
    analysis = state.spec.analyse(state)
    assert analysis.certainty is Certainty.ESTIMATED
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, ("A", "B"))
    assert dock.certainty_text() == "Estimate"
    best = analysis.moves[0]
    assert best.score != 0
    ahead = "A" if best.score > 0 else "B"
    assert dock.prediction_text() == f"{ahead} ahead by {abs(best.score)}, estimated"
    # The engine's words beside it: the scores it expects and how far it looked.
    number, reading = dock.evaluation_text()
    assert number == f"{best.score:+d}"
    assert reading == analysis.prediction
    assert "estimate" in reading
    assert -1.0 < dock.evaluation_bar.value < 1.0
    assert (dock.evaluation_bar.value > 0) == (ahead == "A")
    for words in heard_rows(dock):
        assert words[2].endswith(", estimated")
    # Shown as estimates too, as an estimated score is ("+9 est."), never as a proven margin.
    assert all(row[2].endswith(" est.") for row in shown_rows(dock))
    model = dock.model
    assert "(an estimate, not proven)" in str(
        model.data(model.index(0, 2), Qt.ItemDataRole.ToolTipRole)
    )


def test_a_connect_four_estimate_says_so_in_every_row(qtbot: QtBot) -> None:
    state = connect_four("4453")
    analysis = state.spec.analyse(state, limit=Limit(time=0.05))
    assert analysis.certainty is Certainty.ESTIMATED
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, SEATS)
    assert dock.certainty_text() == "Estimate"
    assert "estimate" in dock.prediction_text()
    assert not dock.prediction_text().endswith("(proven)")
    assert {row[2] for row in shown_rows(dock)} == {"estimate"}
    assert all(row[1].endswith(" est.") for row in shown_rows(dock))
    assert all(words[1].endswith(", estimated") for words in heard_rows(dock))
    assert {words[2] for words in heard_rows(dock)} == {"Outcome estimate"}
    assert -1.0 < dock.evaluation_bar.value < 1.0


def test_thinking_clears_the_last_positions_figures(
    threat_shown: tuple[AnalysisDock, GameState, GameAnalysis],
) -> None:
    dock, state, analysis = threat_shown
    after = state.play(analysis.best_moves[0])
    dock.show_game_thinking(after)
    assert dock.model.rowCount() == 0
    assert dock.thinking_text().startswith("Thinking")
    assert dock.prediction_text() == "Looking at the position…"
    assert (dock.best_move_text(), dock.line_text(), dock.nodes_text()) == ("…", "…", "…")
    assert dock.certainty_text() == ""
    dock.show_game_analysis(after, after.spec.analyse(after), SEATS)
    assert dock.thinking_text() == ""
    assert dock.model.rowCount() > 0
    dock.show_game_analysis(state, None, SEATS)  # the same as show_game_thinking
    assert dock.model.rowCount() == 0
    assert dock.thinking_text().startswith("Thinking")
    assert dock.game_analysis is None


def test_a_finished_game_says_how_it_ended_and_offers_no_moves(qtbot: QtBot) -> None:
    state = connect_four("44444433512")  # X: b1 c1 d1 e1
    assert state.is_over
    analysis = state.spec.analyse(state)
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, ("Ann", "Sera"))
    # Named as k in a row's dock names a winner.
    assert dock.prediction_text() == "Game over: Ann (X) wins."
    assert not dock.candidates_shown()


def test_selecting_a_move_previews_it_and_the_best_its_line(
    qtbot: QtBot, threat_shown: tuple[AnalysisDock, GameState, GameAnalysis]
) -> None:
    dock, state, analysis = threat_shown
    with qtbot.waitSignal(dock.preview_requested) as best:
        dock.select_candidate(0)
    assert best.args == [state, analysis.line]
    with qtbot.waitSignal(dock.preview_requested) as other:
        dock.select_candidate(3)
    assert other.args == [state, (analysis.moves[3].move,)]


def tic_tac_toe(moves: str) -> GameState:
    spec = find_game("tictactoe")
    start = spec.new_game()
    return start.play_all(start.read_moves(moves))


def test_what_a_game_offers_of_its_searches_is_asked_of_it(
    qtbot: QtBot, double_threat: tuple[GameState, GameAnalysis]
) -> None:
    state, analysis = double_threat
    dock = make_dock(qtbot)
    dock.set_stop_available(True)
    algorithm = dock.findChild(QWidget, "algorithmCombo")
    depth = dock.findChild(QWidget, "depthLabel")
    assert algorithm is not None
    assert depth is not None
    dock.show_game_analysis(state, analysis, SEATS, study=True)
    # Connect Four has one search, and says nothing of a depth.
    assert not state.spec.algorithms
    assert algorithm.isHidden()
    assert dock.compare_button.isHidden()
    assert depth.isHidden()
    assert dock.prove_button.isHidden()  # proven already
    ttt = tic_tac_toe("a3,a2,b3,b2")
    dock.show_game_analysis(ttt, analysed(ttt), SEATS, study=True)
    # Tic-tac-toe has three searches to choose and compare, and a depth.
    assert headers(dock) == ("Move", "Score", "Outcome")
    assert not algorithm.isHidden()
    assert not dock.compare_button.isHidden()
    assert dock.compare_button.isEnabled()  # small enough to solve
    assert dock.compare_button.text() == "Compare all three searches"
    assert not depth.isHidden()
    assert dock.prediction_text() == "X wins in 1 ply with best play (proven)"
    assert shown_rows(dock)[0] == ("c3", "+win", "X wins in 1")
    assert dock.game_analysis is not None
    # Where the window does not answer the study's requests, none is offered.
    dock.show_game_analysis(ttt, analysed(ttt), SEATS)
    assert algorithm.isHidden()
    assert dock.compare_button.isHidden()


def test_the_searches_compared_are_named_as_the_game_names_them(qtbot: QtBot) -> None:
    state = tic_tac_toe("b2,a1")
    spec = state.spec
    dock = make_dock(qtbot)
    comparison = spec.compare_algorithms(state)
    dock.show_game_analysis(state, analysed(state), SEATS, comparison=comparison, study=True)
    assert [row[0] for row in dock.comparison_rows()] == [
        spec.algorithm_name(name) for name in spec.algorithms
    ]
    assert [row[1] for row in dock.comparison_rows()] == [
        f"{found.nodes:,}" for _, found in comparison
    ]
    # The next position's analysis is on its way: the comparison described the last.
    dock.show_game_thinking(state.play(spec.parse_move("c3")), study=True)
    assert dock._study.comparison.isHidden()


def test_the_search_chosen_is_kept_and_said_once(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    chosen: list[str] = []
    dock.algorithm_changed.connect(chosen.append)
    dock.set_algorithm("alphabeta")  # before any game with searches is shown
    assert chosen == ["alphabeta"]
    state = tic_tac_toe("b2")
    dock.show_game_analysis(state, analysed(state), SEATS, study=True)
    combo = dock.findChild(QComboBox, "algorithmCombo")
    assert combo is not None
    assert combo.currentText() == state.spec.algorithm_name("alphabeta")
    assert chosen == ["alphabeta"]  # showing the game's searches chose nothing
    combo.setCurrentIndex(combo.findData("minimax"))
    assert chosen == ["alphabeta", "minimax"]
    assert dock.algorithm() == "minimax"


def test_a_theme_switch_or_new_names_keep_a_table_games_prediction(
    qtbot: QtBot, double_threat: tuple[GameState, GameAnalysis]
) -> None:
    state, analysis = double_threat
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, ("Ann", "Sera"))
    shown = dock.prediction_text()
    assert shown == "Ann (X) wins in 3 plies with best play (proven)"
    dock.set_player_names("Ann", "Sera")
    dock.setPalette(QPalette(QColor("#202020")))
    assert dock.prediction_text() == shown
    assert dock.certainty_text() == "Proven"


def won_by(state: GameState, seat: int) -> bool:
    return state.result is not None and state.result.winner == seat


def test_a_drawn_connect_four_position_names_the_draw_and_each_losing_column(
    qtbot: QtBot,
) -> None:
    state = connect_four("171675277312654226333221711634")  # 30 discs, X to move
    analysis = analysed(state)
    assert analysis.result is not None
    assert analysis.result.winner is None
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, SEATS)
    assert dock.prediction_text() == "Draw with best play (proven)"
    assert dock.evaluation_text() == ("0", "a draw with best play: proven")
    assert dock.evaluation_bar.value == 0.0
    for row, words, value in zip(shown_rows(dock), heard_rows(dock), analysis.moves, strict=True):
        after = state.play(value.move)
        # A loss in 2 is O's win at once, which the rules alone show.
        wins_at_once = any(won_by(after.play(reply), 1) for reply in after.legal_moves())
        if row[2] == "draw":
            assert not wins_at_once
            assert row[1] == "0"
            assert words[2] == "Outcome draw"
        else:
            assert row[1:] == ("-win", "O wins in 2")
            assert wins_at_once
            assert words[2] == "Outcome O wins in 2"
    assert {row[2] for row in shown_rows(dock)} == {"draw", "O wins in 2"}


def test_a_persons_turn_hides_a_table_games_view_and_its_preview(
    qtbot: QtBot, double_threat: tuple[GameState, GameAnalysis]
) -> None:
    state, analysis = double_threat
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, SEATS)
    dock.select_candidate(0)
    with qtbot.waitSignal(dock.preview_requested) as cleared:
        dock.set_spoiler_guard(True)
    assert cleared.args == [None, ()]
    assert dock.engine_view_hidden()
    dock.set_reveal(True)
    assert not dock.engine_view_hidden()
    assert dock.prediction_text() == "X wins in 3 plies with best play (proven)"


def test_a_table_game_given_up_says_so_and_stays_a_table_game(
    qtbot: QtBot, double_threat: tuple[GameState, GameAnalysis]
) -> None:
    state, analysis = double_threat
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, SEATS)
    dock.show_ended("Ann resigned")
    assert dock.prediction_text() == "Game over: Ann resigned."
    assert not dock.candidates_shown()
    assert dock.thinking_text() == ""
    assert (dock.best_move_text(), dock.line_text()) == ("—", "—")
    assert dock.certainty_text() == ""
    # k in a row's three searches are still not offered for it.
    assert dock.compare_button.isHidden()


def test_the_headers_say_what_a_margin_and_a_score_measure(
    qtbot: QtBot, double_threat: tuple[GameState, GameAnalysis]
) -> None:
    dock = make_dock(qtbot)
    model = dock.model
    state = rowcol_start()
    dock.show_game_analysis(state, state.spec.analyse(state), ("A", "B"))
    tip = str(model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole))
    assert tip.startswith("The mover's points minus the other side's from this take to the end")
    state, analysis = double_threat
    dock.show_game_analysis(state, analysis, SEATS)
    tip = str(model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole))
    assert tip.startswith("The result with best play after the move: who wins")
    ttt = tic_tac_toe("a3,a2,b3,b2")
    dock.show_game_analysis(ttt, analysed(ttt), SEATS)
    # k in a row's table says the same of the same columns.
    for column in (1, 2):
        shown = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        assert shown == game_words.column_tips(state)[column]


def test_the_card_shows_a_table_games_player_and_takes_no_room_before(
    qtbot: QtBot, double_threat: tuple[GameState, GameAnalysis]
) -> None:
    state, analysis = double_threat
    dock = make_dock(qtbot)
    header = dock.findChild(QWidget, "coachHeader")
    assert header is not None
    assert header.isHidden()  # nobody on the card yet: no blank space above the analysis
    dock.show_game_analysis(state, analysis, SEATS)
    dock.set_game_player(state.spec.player("cop"), "Opponent")
    assert not header.isHidden()
    name = dock.findChild(QLabel, "personaName")
    role = dock.findChild(QLabel, "personaRole")
    assert name is not None
    assert role is not None
    assert (role.text(), name.text()) == ("OPPONENT", "Cop · medium")


def test_a_connect_four_move_is_previewed_on_the_board_as_k_in_a_rows_are(
    qtbot: QtBot, threat_shown: tuple[AnalysisDock, GameState, GameAnalysis]
) -> None:
    dock, state, analysis = threat_shown
    with qtbot.waitSignal(dock.preview_requested) as shown:
        dock.select_candidate(0)
    shown_state, moves = shown.args
    assert shown_state == state
    assert [state.spec.format_move(move) for move in moves] == [
        state.spec.format_move(move) for move in analysis.line
    ]
    with qtbot.waitSignal(dock.preview_requested) as cleared:
        dock.table.clearSelection()
    assert cleared.args == [None, ()]


def test_row_and_column_is_previewed_as_every_game_is(qtbot: QtBot) -> None:
    state = rowcol_start()
    analysis = state.spec.analyse(state)
    dock = make_dock(qtbot)
    dock.show_game_analysis(state, analysis, ("A", "B"))
    with qtbot.waitSignal(dock.preview_requested) as shown:
        dock.select_candidate(1)
    assert shown.args == [state, (analysis.moves[1].move,)]


def test_k_in_a_rows_persona_does_not_carry_over_to_a_table_game(
    qtbot: QtBot, double_threat: tuple[GameState, GameAnalysis]
) -> None:

    state, analysis = double_threat
    dock = make_dock(qtbot)
    header = dock.findChild(QWidget, "coachHeader")
    assert header is not None
    ttt = tic_tac_toe("b2")
    dock.show_player(player_card("sera"), "Opponent")
    dock.set_comment("A calm game so far.")
    dock.show_game_analysis(ttt, analysed(ttt), SEATS, study=True)
    assert not header.isHidden()
    dock.show_game_thinking(state)  # another game
    assert header.isHidden()
    assert dock.comment_text() == ""
    # Its own player, named before or after the analysis comes, stays.
    dock.show_player(player_card("sera"), "Opponent")
    dock.show_game_thinking(ttt, study=True)
    assert not header.isHidden()
    dock.set_game_player(state.spec.player("cop"), "Opponent")
    dock.show_game_analysis(state, analysis, SEATS)
    assert not header.isHidden()


def test_a_proven_win_reads_alike_from_k_in_a_rows_search_and_the_interface(
    qtbot: QtBot,
) -> None:
    # The same position of tic-tac-toe, shown from k in a row's own analysis and from the
    # game interface's: one wording, in plies, with best play, as analyse says it
    # ("Predicted with best play: X wins in 1 ply.").
    board = Board.from_text("XX.OO....")
    dock = make_dock(qtbot)
    spec = find_game("tictactoe")
    state = spec.from_position_text(board.to_text())
    dock.show_game_analysis(state, game_analysis(analyse(board)), SEATS, study=True)
    assert dock.prediction_text() == "X wins in 1 ply with best play (proven)"
    reading = dock.evaluation_text()
    state = tic_tac_toe("a3,a2,b3,b2")
    dock.show_game_analysis(state, analysed(state), SEATS)
    assert dock.prediction_text() == "X wins in 1 ply with best play (proven)"
    assert dock.evaluation_text() == reading == ("proven", "X wins in 1 ply: forced")
