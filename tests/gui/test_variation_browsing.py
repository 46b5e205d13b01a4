"""Browsing the lines of a game played against an AI: a move of another line where the AI
was to move is looked at, as one of the game's own line is, and the AI does not play there
(before, going to it had the AI move at once, so the list landed on a move not chosen)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import board, human_vs_ai, moves, play
from tictactoe_gui.engine import Board
from tictactoe_gui.engine.move_tree import ROOT
from tictactoe_gui.gui.main_window import MainWindow


def play_out(qtbot: QtBot, window: MainWindow) -> None:
    """The person plays the first free cell each turn until the game is over."""
    controller = window.controller
    while True:
        qtbot.waitUntil(lambda: controller.is_over or controller.is_human_turn(), timeout=10000)
        if controller.is_over:
            return
        now = board(window)
        free = next(m for m in range(9) if now.is_legal(now.move_at(m)))
        move = now.move_at(free)
        assert play(window, move.row, move.col)


def test_a_variations_move_where_the_ai_was_to_move_is_looked_at_not_played_on(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_ai())
    controller = window.controller
    play_out(qtbot, window)
    played = moves(window)
    dock = window.moves_dock
    dock.select_ply(2)  # the person was to move: the game goes there
    now = board(window)
    other = next(
        m for m in range(9) if now.is_legal(now.move_at(m)) and now.move_at(m) != played[2]
    )
    assert play(window, now.move_at(other).row, now.move_at(other).col)
    play_out(qtbot, window)  # the variation is the game's line now
    variation, lines = moves(window), controller.lines()
    third = ROOT
    for _ in range(3):
        third = lines.children(third)[0]  # the main line's third move: the AI to move after it
    assert third not in lines.path(controller.line_node)
    dock.select_node(third)
    assert window.board_view.board == Board.empty().play_all(played[:3])
    assert dock.shown_node() == third
    assert moves(window) == variation  # nothing played, nothing taken back
    assert controller.lines() == lines
    assert window.looking_at == 3
    # The person's move after it is gone to, as ever.
    fourth = lines.children(third)[0]
    dock.select_node(fourth)
    assert window.looking_at is None
    assert moves(window) == played[:4]


def test_a_click_back_from_a_finished_game_asks_for_no_move(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_ai("kitty"))
    play_out(qtbot, window)
    window.look_at_ply(2)
    assert window.looking_at == 2
    click_cell(qtbot, window.board_view, 1, 1)
    assert window.looking_at is None
    said = window.statusBar().currentMessage()
    # The game is over: there is no move to play, and the words do not ask for one.
    assert said.startswith("Back to the game")
    assert "play your move" not in said
