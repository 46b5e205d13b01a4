"""Branching from a move of the game's own line in Connect Four and Row & Column, as in k in
a row: choosing an earlier move in the move list goes there, and a different move played
there is a variation beside the line (against a persona, a game in progress and a position
where the persona is to move are only looked at)."""

from __future__ import annotations

import random
from functools import partial

from pytestqt.qtbot import QtBot

from tests.gui.helpers import rowcol_setup
from tests.gui.test_move_list_variations import shown
from tests.gui.test_table_variations import (
    connect_four_people,
    drop,
    numbers,
    session_of,
    take,
)
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.board_reading import board_of
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode


def test_a_disc_dropped_after_choosing_an_earlier_move_of_the_line_is_a_variation(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.start_table_game(connect_four_people())
    for col in (3, 3, 2):
        drop(qtbot, window, col)
    session = session_of(window)
    main_line = session.moves
    dock = window.moves_dock
    dock.table.clicked.emit(dock.model.index(1, 0))  # 1… d2, a move of the line on the board
    assert session.moves == main_line[:2]
    assert window.looking_at is None  # gone to, the board plays there
    assert window.board_view.board == board_of(session.state)[0]
    drop(qtbot, window, 4)
    e1 = find_game("connect4").parse_move("e1")
    assert session.moves == (*main_line[:2], e1)
    assert session.lines().main_line() == main_line
    assert shown(dock.model) == ["1. d1", "1… d2", ("2. c1", ["2. e1"])]


def test_a_take_after_choosing_an_earlier_take_of_the_line_is_a_variation(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bo"), 5)
    session = session_of(window)
    rng = random.Random(3)
    for _ in range(3):
        take(qtbot, window, rng.choice(numbers(window).position.allowed_cells()))
    main_line = session.moves
    dock = window.moves_dock
    dock.table.clicked.emit(dock.model.index(1, 0))
    assert session.moves == main_line[:2]
    assert window.looking_at is None
    other = next(c for c in numbers(window).position.allowed_cells() if c != main_line[2])
    take(qtbot, window, other)
    assert session.moves == (*main_line[:2], other)
    assert session.lines().main_line() == main_line


def test_against_a_persona_the_game_in_progress_is_only_looked_back_at(
    qtbot: QtBot, window: MainWindow
) -> None:
    spec = find_game("connect4")
    people = TableSetup(
        spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "kitty"))
    )
    table = window.start_table_game(people, seed=4)
    session = session_of(window)
    drop(qtbot, window, 3)
    qtbot.waitUntil(lambda: len(session.moves) == 2 and table.is_human_turn(), timeout=10_000)
    played = session.moves
    dock = window.moves_dock
    dock.table.clicked.emit(dock.model.index(0, 0))
    assert window.looking_at == 1
    assert session.moves == played


def test_against_a_persona_a_move_of_another_line_where_it_was_to_move_is_looked_at(
    qtbot: QtBot, window: MainWindow
) -> None:
    from tictactoe_gui.engine.move_tree import ROOT

    spec = find_game("connect4")
    people = TableSetup(
        spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "kitty"))
    )
    table = window.start_table_game(people, seed=4)
    session = session_of(window)

    def persons_turn_after(count: int) -> bool:
        return len(session.moves) == count and table.is_human_turn()

    for count in (2, 4):
        drop(qtbot, window, 3)
        qtbot.waitUntil(partial(persons_turn_after, count), timeout=10_000)
    main_line = session.moves
    while len(session.moves) > 2:
        window.undo_action.trigger()
    drop(qtbot, window, 0)  # a variation beside the main line's third move
    qtbot.waitUntil(partial(persons_turn_after, 4), timeout=10_000)
    variation, lines = session.moves, session.lines()
    third = ROOT
    for _ in range(3):
        third = lines.children(third)[0]
    assert third not in lines.path(session.line_node)
    window.moves_dock.select_node(third)  # the persona was to move after it
    assert window.looking_at == 3
    assert session.moves == variation  # nothing played, nothing taken back
    assert session.lines() == lines
    after = session.states[0].play_all(main_line[:3])
    assert window.board_view.board == board_of(after)[0]
    # The person's move after it is gone to, as ever.
    window.moves_dock.select_node(lines.children(third)[0])
    assert window.looking_at is None
    assert session.moves == main_line


def test_a_disc_dropped_in_a_replay_makes_it_a_study_with_the_disc_as_a_variation(
    qtbot: QtBot, window: MainWindow
) -> None:
    spec = find_game("connect4")
    start = spec.new_game()
    recorded = list(start.read_moves("d1, d2, c1, e1, b1"))
    window.start_table_game(connect_four_people())
    table = window.controller
    table.replay(start, recorded, ("Ann", "Bea"), "2026-11-26 10:00")
    table.replay_seek(2)
    assert table.replaying
    drop(qtbot, window, 5)  # f1 where the game went on with c1
    session = session_of(window)
    assert not table.replaying
    assert session.moves == (*recorded[:2], spec.parse_move("f1"))
    assert session.lines().main_line() == tuple(recorded)  # the game as recorded, beside it
    assert not window.replay_bar.isVisible()
    drop(qtbot, window, 5)  # and the study plays on
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert session.moves == tuple(recorded[:2])


def test_lines_played_puts_the_keys_in_a_table_games_move_list(
    qtbot: QtBot, window: MainWindow
) -> None:
    from PySide6.QtCore import Qt

    window.start_table_game(connect_four_people())
    for col in (3, 3, 2):
        drop(qtbot, window, col)
    session = session_of(window)
    played = session.moves
    window.moves_dock.hide()
    assert window.lines_action.isEnabled()
    window.lines_action.trigger()
    assert window.moves_dock.isVisible()
    qtbot.waitUntil(window.moves_dock.table.hasFocus)
    qtbot.keyClick(window.moves_dock.table, Qt.Key.Key_Left)
    assert session.moves == played[:2]


def test_a_number_taken_in_a_row_and_column_replay_makes_it_a_study(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bo"), 5)
    session = session_of(window)
    rng = random.Random(3)
    for _ in range(3):
        take(qtbot, window, rng.choice(numbers(window).position.allowed_cells()))
    recorded = list(session.moves)
    table = window.controller
    table.replay(session.states[0], recorded, ("Ann", "Bo"), "2026-11-26 10:00")
    table.replay_seek(1)
    other = next(c for c in numbers(window).position.allowed_cells() if c != recorded[1])
    take(qtbot, window, other)  # a click on the grid, as in any game
    session = session_of(window)
    assert not table.replaying
    assert session.moves == (recorded[0], other)
    assert session.lines().main_line() == tuple(recorded)
