"""Variations in Connect Four and Row & Column, as in k in a row: a different move played
after Undo keeps the line taken back beside it, the move list shows every line and goes to
any of them (the dock analysing the position there), Make Main Line, Promote and Delete
edit the tree, and a saved game opens again with every line."""

from __future__ import annotations

import json
import random
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import rowcol_setup
from tests.gui.test_move_list_variations import shown
from tests.gui.test_rowcol_in_window import click_number
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.move_tree import ROOT
from tictactoe_gui.gui.board_reading import board_of
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.rowcol_view import RowColBoardView
from tictactoe_gui.gui.table_boards import position_of
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def connect_four_people() -> TableSetup:
    spec = find_game("connect4")
    return TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bea")))


def session_of(window: MainWindow) -> TableSession:
    session = window.controller.session
    assert session is not None
    return session


def drop(qtbot: QtBot, window: MainWindow, col: int) -> None:
    """A disc dropped in column ``col`` (0-based) by a click at its top."""
    played = len(session_of(window).moves)
    click_cell(qtbot, window.board_view, 0, col)
    assert len(session_of(window).moves) == played + 1


def d_d_c_then_e_for_c(qtbot: QtBot, window: MainWindow) -> tuple[int, ...]:
    """d1 d2 c1 dropped, c1 taken back with Undo and e1 dropped instead; the moves."""
    window.start_table_game(connect_four_people())
    for col in (3, 3, 2):
        drop(qtbot, window, col)
    window.undo_action.trigger()
    assert len(session_of(window).moves) == 2
    drop(qtbot, window, 4)
    spec = find_game("connect4")
    return tuple(spec.parse_move(name) for name in ("d1", "d2", "c1", "e1"))


def test_undo_and_a_different_disc_keeps_the_line_taken_back_as_a_variation(
    qtbot: QtBot, window: MainWindow
) -> None:
    d1, d2, c1, e1 = d_d_c_then_e_for_c(qtbot, window)
    session = session_of(window)
    assert session.moves == (d1, d2, e1)
    assert session.lines().main_line() == (d1, d2, c1)
    model = window.moves_dock.model
    assert shown(model) == ["1. d1", "1… d2", ("2. c1", ["2. e1"])]
    variation = model.index(0, 0, model.index(2, 0))
    assert model.node_at(variation) == session.line_node
    assert window.moves_dock.shown_node() == session.line_node


def test_going_to_the_other_line_shows_its_position_and_the_dock_analyses_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    d1, d2, c1, _e1 = d_d_c_then_e_for_c(qtbot, window)
    dock = window.moves_dock
    dock.table.clicked.emit(dock.model.index(2, 0))  # c1, the main line
    session = session_of(window)
    assert session.moves == (d1, d2, c1)
    assert window.looking_at is None  # gone to, not looked back at
    assert window.board_view.board == board_of(session.state)[0]
    qtbot.waitUntil(lambda: window.analysis_dock.game_analysis is not None, timeout=10_000)
    assert window.analysis_dock.game_analysis == session.analysis_of(session.state)
    # A move played there is a variation beside the line's next one, as in k in a row.
    assert window.controller.can_undo()
    window.undo_action.trigger()
    assert session.moves == (d1, d2)
    assert window.controller.can_redo()
    window.redo_action.trigger()
    assert session.moves == (d1, d2, c1)


def test_make_main_line_promote_and_delete_edit_a_table_games_tree(
    qtbot: QtBot, window: MainWindow
) -> None:
    d1, d2, c1, e1 = d_d_c_then_e_for_c(qtbot, window)
    dock = window.moves_dock
    model = dock.model
    session = session_of(window)
    variation = model.index(0, 0, model.index(2, 0))
    dock.table.setCurrentIndex(variation)
    assert dock.main_line_action.isEnabled()
    dock.main_line_action.trigger()
    assert session.lines().main_line() == (d1, d2, e1)
    assert session.moves == (d1, d2, e1)  # the board stays where it was
    assert shown(model) == ["1. d1", "1… d2", ("2. e1", ["2. c1"])]
    # Promote puts c1 back first.
    dock.table.setCurrentIndex(model.index(0, 0, model.index(2, 0)))
    assert dock.promote_action.isEnabled()
    dock.promote_action.trigger()
    assert session.lines().main_line() == (d1, d2, c1)
    assert session.moves == (d1, d2, e1)
    # Deleting the line on the board goes back to where it branched.
    dock.table.setCurrentIndex(model.index(0, 0, model.index(2, 0)))
    dock.delete_action.trigger()
    assert session.moves == (d1, d2)
    assert len(session.lines()) == 4
    assert session.lines().main_line() == (d1, d2, c1)
    assert shown(model) == ["1. d1", "1… d2", "2. c1"]
    # Redo follows the tree as it is now: c1, not the deleted e1.
    window.redo_action.trigger()
    assert session.moves == (d1, d2, c1)


def test_a_saved_connect_four_game_opens_again_with_every_line(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    d1, d2, c1, e1 = d_d_c_then_e_for_c(qtbot, window)
    lines = session_of(window).lines()
    path = tmp_path / "c4.json"
    assert window.save_game_to(path)
    assert json.loads(path.read_text(encoding="utf-8"))["line"] == 4
    window.start_table_game(connect_four_people())
    assert len(session_of(window).lines()) == 1
    assert window.open_game_file(path)
    session = session_of(window)
    assert session.lines() == lines
    assert session.moves == (d1, d2, e1)
    assert shown(window.moves_dock.model) == ["1. d1", "1… d2", ("2. c1", ["2. e1"])]
    window.undo_action.trigger()
    window.redo_action.trigger()
    assert session.moves == (d1, d2, e1)  # the board's line, not the main line
    assert session.lines().main_line() == (d1, d2, c1)


def numbers(window: MainWindow) -> RowColBoardView:
    view = window.board_widget()
    assert isinstance(view, RowColBoardView)
    return view


def take(qtbot: QtBot, window: MainWindow, cell: int) -> None:
    played = len(session_of(window).moves)
    click_number(qtbot, window, cell)
    assert len(session_of(window).moves) == played + 1


def test_row_and_column_keeps_a_take_after_undo_as_a_variation_and_saves_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bo"), 5)
    session = session_of(window)
    rng = random.Random(3)
    for _ in range(3):
        take(qtbot, window, rng.choice(numbers(window).position.allowed_cells()))
    first_line = session.moves
    window.undo_action.trigger()
    others = [c for c in numbers(window).position.allowed_cells() if c != first_line[-1]]
    take(qtbot, window, others[0])
    spec = session.spec
    model = window.moves_dock.model
    names = [spec.format_move(move) for move in (*first_line, others[0])]
    assert shown(model) == [
        f"1. {names[0]}",
        f"1… {names[1]}",
        (f"2. {names[2]}", [f"2. {names[3]}"]),
    ]
    variation = model.index(0, 0, model.index(2, 0))
    said = model.data(variation, Qt.ItemDataRole.AccessibleTextRole)
    assert str(said).startswith(f"Move 3: A {names[3]}, variation")
    # Going to the main line's take shows its grid.
    window.moves_dock.table.clicked.emit(model.index(2, 0))
    assert session.moves == first_line
    assert numbers(window).position == position_of(session.state)
    # Saved and opened again, with both lines.
    path = tmp_path / "rowcol.json"
    assert window.save_game_to(path)
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bo"), 6)
    assert window.open_game_file(path)
    assert session_of(window).lines() == session.lines()
    assert session_of(window).moves == first_line
    assert shown(window.moves_dock.model) == shown(model)
    assert window.moves_dock.shown_node() == session_of(window).line_node != ROOT


def test_a_table_games_move_list_gives_its_own_coachs_verdicts(
    qtbot: QtBot, window: MainWindow
) -> None:
    from tests.gui.helpers import human_vs_human, play
    from tictactoe_gui.session.words import ESTIMATE_VERDICT_WORDS, VERDICT_WORDS

    # A k in a row game judged first: its verdicts must not leak into the table game's list.
    window.new_game(human_vs_human())
    for row, col in ((1, 1), (0, 0), (2, 2)):
        assert play(window, row, col)
    qtbot.waitUntil(lambda: session_of(window).verdict_at(2) is not None, timeout=10_000)
    window.start_table_game(connect_four_people())
    session = session_of(window)
    for col in (3, 3):
        # The coach judges a move once the position before it is analysed.
        qtbot.waitUntil(lambda: session.analysis_of(session.state) is not None, timeout=20_000)
        drop(qtbot, window, col)
    assert session.verdict_at(2) is not None
    model = window.moves_dock.model
    said = model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole)
    judgement = session.judgement_at(2)
    assert judgement is not None
    # The coach's words of a game whose moves are won, drawn or lost, as k in a row's.
    words = ESTIMATE_VERDICT_WORDS if judgement.by_estimate else VERDICT_WORDS
    assert said == f"Move 2: O d2 — {words[judgement.verdict]}"
    assert session.verdict_words(2) == words[judgement.verdict]
