"""Prove the Result: a small board the time per move only estimated, proven on request."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QScrollArea
from pytestqt.qtbot import QtBot

from tests.gui.helpers import ai_vs_ai, analysed, human_vs_human
from tictactoe_gui.engine import Board
from tictactoe_gui.engine.games import Certainty
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.main_window import MainWindow


def test_prove_settles_a_small_board_the_time_per_move_only_estimated(
    qtbot: QtBot, window: MainWindow
) -> None:
    controller = window.controller
    # Far too short to prove the empty 5×5 board, a draw the compiled proof search takes
    # about a second and some 460,000 positions to settle (4×5 is proven before its
    # progress can be seen).
    controller.set_time_limit(0.05)
    window.new_game(replace(human_vs_human(), start=Board.empty(get_variant("5x5k4"))))
    analysed(qtbot, window)
    dock = window.analysis_dock
    result = controller.current_result
    assert result is not None
    assert result.analysis.certainty is Certainty.ESTIMATED
    assert dock.prove_button.isVisibleTo(dock)
    with qtbot.waitSignal(controller.thinking_changed, timeout=1000) as thinking:
        qtbot.mouseClick(dock.prove_button, Qt.MouseButton.LeftButton)
    assert thinking.args == [True, "Proving the result (up to two minutes)…"]

    def proven() -> bool:
        now = controller.current_result
        return now is not None and now.analysis.certainty is Certainty.PROVEN

    # While it proves, the details follow the search under way, not the estimate before it.
    # (The estimate before it counted `before` nodes; the proof counts far more.)
    before = result.analysis.nodes
    seen: list[int] = []

    def counting() -> bool:
        digits = "".join(ch for ch in dock.nodes_text() if ch.isdigit())
        if controller.current_result is None and digits:
            seen.append(int(digits))
        return len(seen) >= 2 and seen[-1] > max(2 * before, seen[0])

    qtbot.waitUntil(lambda: counting() or proven(), timeout=120_000)
    assert len(seen) >= 2, "the proof ended before its search was seen"
    assert seen[-1] > max(2 * before, seen[0])
    qtbot.waitUntil(proven, timeout=120_000)
    assert dock.certainty_text() == "Proven"
    assert dock.prediction_text() == "Draw with best play (proven)"
    # Clicked, the button holds the focus: it goes once the player leaves it.
    window.focus_board()
    qtbot.waitUntil(lambda: not dock.prove_button.isVisibleTo(dock), timeout=3000)
    assert controller.board == Board.empty(get_variant("5x5k4"))  # nothing was played


def test_prove_waits_while_an_ai_chooses_its_move(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(replace(ai_vs_ai(delay=60_000), start=Board.empty(get_variant("4x5k4"))))
    controller = window.controller
    qtbot.waitUntil(lambda: controller.ai_to_move(), timeout=5000)
    with qtbot.waitSignal(controller.message, timeout=1000) as said:
        assert not controller.prove_result()
    assert "choosing a move" in said.args[0]


def test_prove_is_in_sight_at_the_default_window_size(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1060, 720)
    qtbot.waitUntil(lambda: window.size().width() == 1060, timeout=3000)
    window.controller.set_time_limit(0.05)
    window.new_game(replace(human_vs_human(), start=Board.empty(get_variant("5x5k4"))))
    analysed(qtbot, window)
    dock = window.analysis_dock
    button = dock.prove_button
    qtbot.waitUntil(lambda: button.isVisible(), timeout=3000)
    # Within the dock's visible part, without scrolling.
    viewport = dock.findChild(QScrollArea).viewport()
    top_left = button.mapTo(viewport, QPoint(0, 0))
    assert viewport.rect().contains(QRect(top_left, button.size()))
