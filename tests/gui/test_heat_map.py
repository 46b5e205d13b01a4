"""The heat-map keeps the dock's rule: on your own turn against an AI it does not play for you."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.gui.helpers import board, human_vs_ai, human_vs_human, play, settle
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
    assert window.board_view.heat_map.board == board(window)

    window.analysis_dock.reveal_check.setChecked(False)
    assert window.board_view.heat_map is None
    # After your move and Sera's reply it is your turn again: still hidden.
    play(window, 1, 1)
    qtbot.waitUntil(lambda: board(window).ply == 2, timeout=5000)
    settle(qtbot, window)
    assert window.board_view.heat_map is None


def test_between_two_people_the_heat_map_shows_for_either_side(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    window.heat_map_action.trigger()
    assert window.board_view.heat_map is not None
    play(window, 1, 1)
    settle(qtbot, window)
    assert window.board_view.heat_map is not None
    assert window.board_view.heat_map.board == board(window)


def test_connect_four_has_the_heat_map_by_the_same_rule(qtbot: QtBot, window: MainWindow) -> None:
    """The heat map tints the columns' landing cells in Connect Four as it tints the cells
    of k in a row, from the dock's analysis, hidden on a person's own turn against a
    computer player unless they chose to see the engine's view; Row & Column's numbers
    have none (the command is greyed out there)."""
    from tests.gui.helpers import rowcol_setup
    from tictactoe_gui.engine.games import find_game
    from tictactoe_gui.gui.board_reading import board_of
    from tictactoe_gui.session.table import Seat, TableSetup
    from tictactoe_gui.storage.records import GameMode

    spec = find_game("connect4")
    people = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bo")))
    table = window.start_table_game(people)
    assert table.session is not None
    assert window.heat_map_action.isEnabled()
    window.heat_map_action.trigger()
    qtbot.waitUntil(lambda: window.board_view.heat_map is not None, timeout=20_000)
    heat = window.board_view.heat_map
    assert heat is not None
    board, _gravity = board_of(table.session.state)
    assert heat.board == board
    analysis = table.session.analysis_of(table.session.state)
    assert analysis is not None
    assert {board.index(cell.move) for cell in heat.candidates} == {
        value.move for value in analysis.moves
    }
    table.cell_activated(5, 3)  # Ann drops in d: the heat map follows the new position
    qtbot.waitUntil(
        lambda: (
            window.board_view.heat_map is not None
            and window.board_view.heat_map.board == board_of(table.session.state)[0]
        ),
        timeout=20_000,
    )
    window.heat_map_action.trigger()
    assert window.board_view.heat_map is None

    against = TableSetup(
        spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "kitty"))
    )
    table = window.start_table_game(against)
    window.heat_map_action.trigger()
    assert table.is_human_turn()
    qtbot.waitUntil(lambda: table.session.analysis_of(table.session.state) is not None)
    assert window.board_view.heat_map is None  # your own turn: the engine's view is hidden
    window.analysis_dock.reveal_check.setChecked(True)
    assert window.board_view.heat_map is not None

    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bo"))
    assert not window.heat_map_action.isEnabled()
