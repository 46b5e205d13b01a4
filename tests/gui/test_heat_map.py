"""The heat-map keeps the dock's rule: on your own turn against an AI it does not play for you."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_ai, human_vs_human, settle
from tictactoe_gui.gui.main_window import MainWindow


def test_the_heat_map_is_hidden_on_your_turn_unless_you_show_the_engines_view(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_ai("sera"))
    settle(qtbot, window)
    assert window.controller.is_human_turn()
    window.heat_map_action.trigger()
    assert window.heat_map_action.isChecked()
    assert window.board_view.heat_map is None
    assert window.analysis_dock.engine_view_hidden()

    window.analysis_dock.reveal_check.setChecked(True)
    assert window.board_view.heat_map is not None
    assert window.board_view.heat_map.board == window.controller.board

    window.analysis_dock.reveal_check.setChecked(False)
    assert window.board_view.heat_map is None
    # After your move and Sera's reply it is your turn again: still hidden.
    window.controller.play_human(1, 1)
    qtbot.waitUntil(lambda: window.controller.board.ply == 2, timeout=5000)
    settle(qtbot, window)
    assert window.board_view.heat_map is None


def test_between_two_people_the_heat_map_shows_for_either_side(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    window.heat_map_action.trigger()
    assert window.board_view.heat_map is not None
    window.controller.play_human(1, 1)
    settle(qtbot, window)
    assert window.board_view.heat_map is not None
    assert window.board_view.heat_map.board == window.controller.board
