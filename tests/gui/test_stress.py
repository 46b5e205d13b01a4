"""Random user actions, seeded: nothing raises and the board always shows a legal position."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import ai_vs_ai, board, human_vs_ai, human_vs_human, moves, start
from tictactoe_gui.engine import Board
from tictactoe_gui.gui.main_window import MainWindow

KEYS = [
    Qt.Key.Key_1,
    Qt.Key.Key_5,
    Qt.Key.Key_9,
    Qt.Key.Key_Left,
    Qt.Key.Key_Down,
    Qt.Key.Key_Return,
    Qt.Key.Key_Space,
    Qt.Key.Key_H,
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_actions_keep_a_legal_position(qtbot: QtBot, window: MainWindow, seed: int) -> None:
    rng = random.Random(seed)
    controller, view = window.controller, window.board_view
    setups = [
        human_vs_ai("kitty"),
        human_vs_ai("sera", human_side="O"),
        human_vs_human(),
        ai_vs_ai("cop", "kitty"),
    ]
    for step in range(250):
        action = rng.choice(
            ["click"] * 6
            + ["key"] * 3
            + ["undo", "redo", "undo", "new", "hint", "pause", "step", "events"]
        )
        if action == "click":
            click_cell(qtbot, view, rng.randrange(3), rng.randrange(3))
        elif action == "key":
            qtbot.keyClick(view, rng.choice(KEYS))
        elif action == "undo":
            controller.undo()
        elif action == "redo":
            controller.redo()
        elif action == "new":
            window.new_game(rng.choice(setups))
        elif action == "hint":
            window.hint_action.trigger()
        elif action == "pause":
            controller.set_paused(not controller.paused)
        elif action == "step":
            controller.step()
        else:
            # Let queued engine answers and timers run, as they would between clicks.
            qtbot.waitUntil(lambda: not controller.engine.busy, timeout=5000)
        shown = board(window)
        Board(shown.x, shown.o)  # re-validates: a position that can arise in a game
        assert start(window).play_all(moves(window)) == shown
        assert view.board == shown, f"view out of step after {action} at step {step}"
        assert not controller.replaying
        assert controller.is_over == shown.is_over
