"""Random user actions on a 20×20 game, seeded: nothing raises, the board always shows a
legal position of the game being played, and closing the window mid-search stops the engine
thread (the thread-leak fixture checks it)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import (
    ai_vs_ai,
    answer,
    board,
    board_at,
    human_vs_ai,
    human_vs_human,
    moves,
    play,
    start,
)
from tictactoe_gui.engine import Board
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords

FOUR = get_variant("four")
GOMOKU = get_variant("gomoku")

KEYS = [
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
    Qt.Key.Key_PageUp,
    Qt.Key.Key_PageDown,
    Qt.Key.Key_Return,
    Qt.Key.Key_Space,
    Qt.Key.Key_5,
    Qt.Key.Key_H,
]


def big(setup: object, variant: object = FOUR) -> object:
    return replace(setup, start=Board.empty(variant))  # type: ignore[type-var]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_actions_on_a_20_by_20_game(qtbot: QtBot, window: MainWindow, seed: int) -> None:
    rng = random.Random(seed)
    controller, view = window.controller, window.board_view
    window.analysis_dock.set_time_budget(0.5)  # short searches keep the test brisk
    setups = [
        big(human_vs_ai("kitty")),
        big(human_vs_ai("cop", human_side="O")),
        big(human_vs_human()),
        big(human_vs_human(), GOMOKU),
        big(ai_vs_ai("cop", "kitty")),
    ]
    window.new_game(setups[0])  # type: ignore[arg-type]
    for step in range(150):
        action = rng.choice(
            ["click"] * 8
            + ["key"] * 4
            + ["undo", "redo", "new", "hint", "pause", "step", "look", "back", "resign"]
            + ["stop", "restart", "heat", "numbers", "preview", "resize", "events"]
        )
        variant = board(window).variant
        if action == "click":
            click_cell(qtbot, view, rng.randrange(variant.rows), rng.randrange(variant.cols))
        elif action == "key":
            qtbot.keyClick(view, rng.choice(KEYS))
        elif action == "undo":
            controller.undo()
        elif action == "redo":
            controller.redo()
        elif action == "new":
            window.new_game(rng.choice(setups))  # type: ignore[arg-type]
        elif action == "hint":
            window.hint_action.trigger()
        elif action == "pause":
            controller.set_paused(not controller.paused)
        elif action == "step":
            controller.step()
        elif action == "look":
            window.moves_dock.select_ply(rng.randrange(len(moves(window)) + 1))
        elif action == "back":
            window.back_to_game()
        elif action == "resign":
            box = window.resign()
            if box is not None:  # a game at stake asks first
                answer(box, yes=rng.random() < 0.7)
        elif action == "stop":
            controller.stop_analysis()
        elif action == "restart":
            controller.restart_analysis()
        elif action == "heat":
            window.heat_map_action.trigger()
        elif action == "numbers":
            window.move_numbers_action.trigger()
        elif action == "preview":
            window.analysis_dock.set_reveal(True)
            window.analysis_dock.select_candidate(rng.randrange(3))
        elif action == "resize":
            window.resize(rng.randrange(760, 1400), rng.randrange(500, 1000))
        else:
            # Let queued engine answers and timers run, as they would between clicks.
            qtbot.waitUntil(lambda: not controller.engine.busy, timeout=20000)
        shown = board(window)
        assert shown.variant in (FOUR, GOMOKU)
        Board(shown.x, shown.o, shown.variant)  # re-validates: a position from a real game
        assert start(window).play_all(moves(window)) == shown
        if window.looking_at is None:
            assert view.board == shown, f"view out of step after {action} at step {step}"
        else:
            assert view.board == board_at(window, window.looking_at)
        assert not controller.replaying
        if shown.is_over:  # (a resignation also ends a game before the board is full)
            assert controller.is_over
        # Every cell stays named in the notation, whatever happened.
        rows = shown.variant.rows
        assert view.cell_widget(0, 0).accessibleName().startswith(f"a{rows}, ")


def test_closing_the_window_mid_search_on_a_big_board_stops_the_thread(
    qtbot: QtBot, settings: QSettings, no_leaked_threads: None
) -> None:
    window = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(window)
    window.show()
    window.analysis_dock.set_time_budget(30.0)
    window.new_game(big(human_vs_ai("sera")))  # type: ignore[arg-type]
    assert play(window, 10, 10)
    # Sera is thinking, then the dock analyses: close while the engine is at work.
    qtbot.waitUntil(lambda: window.controller.engine.busy, timeout=5000)
    window.close()
    assert not window.engine_running()
