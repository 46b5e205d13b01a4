"""AI vs AI, Human vs Human with the coach, the dock's fidelity, set-up positions and replay."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import ai_vs_ai, analysed, human_vs_human, settle, shown_analysis
from tictactoe_gui.engine import Algorithm, Board, Mark, Move, analyse, judge_move
from tictactoe_gui.gui.dialogs.setup_position import SetupChoice, SetupPositionDialog
from tictactoe_gui.gui.game_controller import State
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session.first_ending import FROM_POSITION
from tictactoe_gui.storage.records import GameMode


def test_ai_vs_ai_plays_to_the_end_at_top_speed(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    window.new_game(ai_vs_ai("sera", "sera"))
    assert window.autoplay_bar.isVisible()
    controller = window.controller
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=10000)
    assert controller.board.is_over
    assert controller.board.winner is None  # perfect play draws
    assert window.banner.isVisible()
    # Nobody is to move in a finished game; the dock shows who made the drawing move.
    role = window.analysis_dock.findChild(QLabel, "personaRole")
    assert role is not None
    assert role.text() == "LAST MOVE"
    # Sera against herself: each reaction says which side is speaking.
    reaction = window.banner.reaction.text()
    assert "Sera (X): “" in reaction
    assert "Sera (O): “" in reaction
    assert len(records.games) == 1
    assert records.games[0].mode is GameMode.AI_VS_AI
    assert records.games[0].plies == 9


def test_nothing_to_pause_or_step_once_the_series_is_over(qtbot: QtBot, window: MainWindow) -> None:
    bar = window.autoplay_bar
    window.new_game(ai_vs_ai("sera", "sera", games=2))
    controller = window.controller
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=10000)
    if controller.series_left > 0:  # between the two games: the series can still pause
        assert bar.pause_button.isEnabled()
        assert bar.step_button.isEnabled()
    qtbot.waitUntil(lambda: controller.tally.games == 2, timeout=20000)
    assert not bar.pause_button.isEnabled()
    assert not bar.step_button.isEnabled()
    controller.undo()  # the last game goes on (paused), so it can be stepped again
    assert bar.pause_button.isEnabled()
    assert bar.step_button.isEnabled()
    window.new_game(ai_vs_ai(delay=60_000))
    assert bar.pause_button.isEnabled()


def test_pause_stops_the_game_and_step_plays_one_move(qtbot: QtBot, window: MainWindow) -> None:
    controller = window.controller
    window.new_game(ai_vs_ai(delay=60_000))  # slow enough that nothing moves by itself
    window.autoplay_bar.pause_button.click()
    assert controller.paused
    assert window.autoplay_bar.pause_button.text() == "Resume"
    analysed(qtbot, window)
    assert controller.board.ply == 0
    for expected in (1, 2, 3):
        window.autoplay_bar.step_button.click()
        qtbot.waitUntil(lambda n=expected: controller.board.ply == n, timeout=5000)
        analysed(qtbot, window)
        assert controller.board.ply == expected  # exactly one move per step
    controller.set_move_delay(0)
    window.autoplay_bar.pause_button.click()  # resume
    assert not controller.paused
    controller.undo()  # undo pauses the autoplay and takes back one move
    assert controller.paused
    assert window.autoplay_bar.pause_button.text() == "Resume"
    assert controller.board.ply == 2
    window.autoplay_bar.pause_button.click()  # resume
    assert not controller.paused
    qtbot.waitUntil(lambda: controller.board.is_over, timeout=10000)


def test_step_past_the_end_of_a_game_starts_the_next_one_paused(
    qtbot: QtBot, window: MainWindow
) -> None:
    controller = window.controller
    window.new_game(ai_vs_ai("sera", "kitty", games=2))
    window.autoplay_bar.pause_button.click()
    while controller.state is not State.OVER:
        before = controller.board.ply
        window.autoplay_bar.step_button.click()
        qtbot.waitUntil(lambda before=before: controller.board.ply > before, timeout=5000)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=10000)
    assert controller.series_left == 1
    # Beside the first game's banner, the tally counts the games played: it said "game 2 of
    # 2" before the second had begun.
    tally = window.autoplay_bar.tally
    assert "1 of 2 games played" in tally.text()
    assert "game 2" not in tally.text()
    window.autoplay_bar.step_button.click()  # the series' next game, on its empty board
    assert controller.tally.games == 1
    assert controller.board.ply == 0
    assert "game 2 of 2" in tally.text()
    # Still paused: it waits for Resume or Step, as the game before did.
    assert controller.paused
    assert window.autoplay_bar.pause_button.text() == "Resume"
    analysed(qtbot, window)
    assert controller.board.ply == 0
    window.autoplay_bar.step_button.click()
    qtbot.waitUntil(lambda: controller.board.ply == 1, timeout=5000)
    analysed(qtbot, window)
    assert controller.board.ply == 1


def test_a_series_keeps_a_running_tally(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(ai_vs_ai("sera", "kitty", games=3))
    controller = window.controller
    qtbot.waitUntil(lambda: controller.tally.games == 3, timeout=20000)
    tally = controller.tally
    assert tally.wins[1] == 0  # Kitty (O) never beats Sera
    assert tally.wins[0] + tally.level == 3
    assert "3 games" in window.autoplay_bar.tally.text()
    text = window.autoplay_bar.tally.text()
    assert text.startswith(f"X {tally.wins[0]} · O {tally.wins[1]} · draws {tally.level}")
    assert "Sera (X)" in text


def test_coach_verdicts_agree_with_the_engine(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    controller = window.controller
    # X plays an edge (still a draw), O answers badly at a corner-free edge, and so on.
    line = [Move(0, 1), Move(2, 1), Move(1, 1), Move(0, 0), Move(1, 0), Move(1, 2)]
    for ply, move in enumerate(line, start=1):
        settle(qtbot, window)
        before = controller.board
        click_cell(qtbot, window.board_view, move.row, move.col)
        qtbot.waitUntil(lambda p=ply: controller.verdict_at(p) is not None, timeout=5000)
        assert controller.verdict_at(ply) == judge_move(analyse(before), move)
        assert "Coach:" in window.analysis_dock.comment_text()
    settle(qtbot, window)


def test_hvh_game_end_shows_accuracy_per_player(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    window.new_game(human_vs_human())
    controller = window.controller
    # X wins down the left column; O wastes moves on the right.
    for move in (
        Move(0, 0),
        Move(0, 2),
        Move(1, 0),
        Move(1, 2),
        Move(2, 2),
        Move(2, 1),
        Move(2, 0),
    ):
        if controller.board.is_over:
            break
        controller.play_human(move.row, move.col)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    info = controller.game_over_info
    assert info is not None
    assert [s.name for s in info.summaries] == ["Alice", "Bob"]
    assert all(s.moves == s.best + s.good + s.mistakes + s.blunders for s in info.summaries)
    summary_text = window.banner.summary.text()
    assert "Alice (X)" in summary_text
    assert "Bob (O)" in summary_text
    game = records.games[-1]
    verdicts = [m.verdict for m in game.moves]
    boards = [controller.board_at(i) for i in range(len(game.moves))]
    assert verdicts == [
        judge_move(analyse(b), m).value for b, m in zip(boards, controller.moves, strict=True)
    ]
    # The dock names the winner as the banner does, and drops the empty candidates table.
    dock = window.analysis_dock
    qtbot.waitUntil(lambda: dock.game_analysis is not None, timeout=5000)
    assert dock.prediction_text() == "Game over: Alice (X) wins."
    assert not dock.candidates_shown()
    controller.undo()  # back in play: the candidates return
    analysed(qtbot, window)
    assert dock.candidates_shown()
    assert dock.prediction_text().endswith("with best play (proven)")


def test_the_dock_shows_the_engines_analysis_of_the_board(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    controller = window.controller
    dock = window.analysis_dock
    for move in (Move(1, 1), Move(0, 1), Move(2, 2)):
        controller.play_human(move.row, move.col)
        settle(qtbot, window)
        board = window.board_view.board
        expected = analyse(board)
        found = shown_analysis(dock)
        assert found is not None
        assert found.board == board
        assert found.candidates == expected.candidates
        assert found.principal_variation == expected.principal_variation
        rows = [dock.model.game_row_at(r) for r in range(dock.model.rowCount())]
        assert [row.move for row in rows if row is not None] == [
            board.index(candidate.move) for candidate in expected.candidates[:3]
        ]
        # Named as the players are: "Alice (X) wins in 5 plies", "draw".
        named = str(expected.prediction).replace("X wins", "Alice (X) wins")
        assert named.replace("O wins", "Bob (O) wins").lower() in dock.prediction_text().lower()
        assert dock.nodes_text() == f"{found.nodes:,}"
    dock.set_top_n(9)
    assert dock.model.rowCount() == len(analyse(controller.board).candidates)


def test_selecting_a_candidate_previews_its_line(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    dock = window.analysis_dock
    dock.select_candidate(1)
    candidate = dock.model.game_row_at(1)
    assert candidate is not None
    preview = window.board_view.preview
    assert preview[0] == Board.empty().move_at(candidate.move)
    assert len(preview) == 9  # the move and the expected continuation to the end
    Board.empty().play_all(preview)  # a legal line


def test_algorithm_choice_and_comparison(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    controller = window.controller
    controller.play_human(1, 1)
    settle(qtbot, window)
    window.analysis_dock.set_algorithm(Algorithm.ALPHABETA)
    qtbot.waitUntil(
        lambda: (
            (found := shown_analysis(window.analysis_dock)) is not None
            and found.algorithm is Algorithm.ALPHABETA
        ),
        timeout=5000,
    )
    found = shown_analysis(window.analysis_dock)
    assert found is not None
    assert found.candidates == analyse(controller.board).candidates
    window.analysis_dock.compare_button.click()
    qtbot.waitUntil(lambda: len(window.analysis_dock.comparison_rows()) == 3, timeout=10000)
    rows = window.analysis_dock.comparison_rows()
    minimax_nodes = analyse(controller.board, Algorithm.MINIMAX).nodes
    assert rows[2][0] == "Plain minimax"
    assert rows[2][1] == f"{minimax_nodes:,}"


def test_heat_map_follows_the_analysis(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    window.heat_map_action.trigger()
    controller = window.controller
    controller.play_human(0, 0)
    settle(qtbot, window)
    heat = window.board_view.heat_map
    assert heat is not None
    assert heat.board == controller.board


def test_set_up_position_then_analyse_and_play_on(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    dialog = SetupPositionDialog(window)
    qtbot.addWidget(dialog)
    for row, col in ((0, 0), (1, 1)):
        dialog.cycle(row, col)  # X
    assert dialog.board() is None  # two X and no O
    assert "impossible counts" in dialog.status_label.text()
    assert not dialog.analyse_button.isEnabled()
    dialog.cycle(1, 1)  # now O
    board = dialog.board()
    assert board == Board.from_text("X...O....")
    assert dialog.analyse_button.isEnabled()
    dialog.analyse_button.click()
    assert dialog.choice is SetupChoice.ANALYSE
    window.start_from_position(board, SetupChoice.ANALYSE)
    controller = window.controller
    assert controller.board == board
    assert controller.setup.mode is GameMode.HUMAN_VS_HUMAN
    settle(qtbot, window)
    found = shown_analysis(window.analysis_dock)
    assert found is not None
    assert found.board == board
    controller.play_human(2, 2)
    assert controller.board.mark_at(8) is Mark.X
    # Play the study session out: it ends like a game but is not recorded.
    while not controller.board.is_over:
        move = controller.board.legal_moves()[0]
        controller.play_human(move.row, move.col)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    assert records.games == []
    assert window.banner.save_note.text() == FROM_POSITION


def test_set_up_refuses_a_finished_position(qtbot: QtBot, window: MainWindow) -> None:
    dialog = SetupPositionDialog(window)
    qtbot.addWidget(dialog)
    dialog.set_text("XXXOO....")
    assert dialog.board() is None
    assert "already over" in dialog.status_label.text()


def test_replay_steps_through_a_game_with_analysis(qtbot: QtBot, window: MainWindow) -> None:
    moves = [Move(1, 1), Move(0, 0), Move(0, 2), Move(2, 0), Move(1, 0)]
    window.start_replay("Alice vs Sera", Board.empty(), moves)
    controller = window.controller
    bar = window.replay_bar
    assert controller.state is State.REPLAY
    assert bar.isVisible()
    assert controller.board == Board.empty()
    bar.forward_button.click()
    bar.forward_button.click()
    assert controller.board == Board.empty().play_all(moves[:2])
    settle(qtbot, window)
    found = shown_analysis(window.analysis_dock)
    assert found is not None
    assert found.board == controller.board
    assert bar.position.text() == "Move 2 of 5"
    bar.back_button.click()
    assert controller.board.ply == 1
    click_cell(qtbot, window.board_view, 1, 1)  # a taken cell: nothing played, and why
    assert controller.board.ply == 1
    assert controller.state is State.REPLAY
    assert "b2" in window.statusBar().currentMessage()
    bar.last_button.click()
    assert controller.board.ply == 5
    back, forward, home, end = window.replay_actions
    assert all(a.isEnabled() for a in window.replay_actions)
    assert back.shortcut().toString() == "Left"
    back.trigger()
    assert controller.board.ply == 4
    home.trigger()
    assert controller.board.ply == 0
    forward.trigger()
    assert controller.board.ply == 1
    end.trigger()
    assert controller.board.ply == 5
    bar.first_button.click()
    controller.set_replay_interval(1)  # autoplay without waiting
    bar.play_button.click()
    qtbot.waitUntil(lambda: controller.board.ply == 5, timeout=5000)
    qtbot.waitUntil(lambda: not controller.replay_playing, timeout=5000)
    assert bar.play_button.text() == "Play"
    window.new_game(human_vs_human())
    assert not any(a.isEnabled() for a in window.replay_actions)
    assert not bar.isVisible()


def test_personas_comment_on_every_game_of_a_series(qtbot: QtBot, window: MainWindow) -> None:
    comments: list[str] = []
    seeds: list[int] = []
    window.controller.comment_changed.connect(comments.append)
    window.controller.game_started.connect(lambda _: seeds.append(window.controller.game_seed))
    window.new_game(ai_vs_ai("sera", "sera", games=2))
    controller = window.controller
    qtbot.waitUntil(lambda: controller.tally.games == 2, timeout=20000)
    assert len(seeds) == 2
    assert seeds[0] != seeds[1]  # each game of a seeded series has its own seed
    # Sera speaks after each of the 9 moves of both games, even where the second game
    # repeats positions and moves whose verdicts were already known from the first.
    assert sum(c.startswith(("Sera (X): “", "Sera (O): “")) for c in comments) >= 18


def test_the_move_list_gives_each_verdict_and_says_when_it_is_by_the_estimate(
    qtbot: QtBot, window: MainWindow
) -> None:
    from dataclasses import replace

    from PySide6.QtCore import Qt

    from tictactoe_gui.engine.variants import get_variant

    controller = window.controller
    model = window.moves_dock.model
    window.new_game(human_vs_human())
    for move in (Move(0, 0), Move(0, 1)):  # a corner, then an edge beside it: O now loses
        settle(qtbot, window)
        controller.play_human(move.row, move.col)
    qtbot.waitUntil(lambda: controller.verdict_at(2) is not None, timeout=5000)
    tip = model.data(model.index_of_ply(2), Qt.ItemDataRole.ToolTipRole)
    assert tip == "Move 2: O b3 — a blunder: this now loses"
    # On a board that is not solved, the verdicts are by the estimate, and say so.
    controller.set_time_limit(0.05)
    window.new_game(replace(human_vs_human(), start=Board.empty(get_variant("four"))))
    settle(qtbot, window)
    controller.play_human(0, 0)
    qtbot.waitUntil(lambda: controller.verdict_at(1) is not None, timeout=10_000)
    tip = model.data(model.index_of_ply(1), Qt.ItemDataRole.AccessibleTextRole)
    assert tip.startswith("Move 1: X a20 — ")
    assert tip.endswith("by the estimate")
