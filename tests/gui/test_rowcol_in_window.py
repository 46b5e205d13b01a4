"""Row & Column in the main window: the numbers board in the board's place, the window's
dock, banner and bars, the records; the last game played comes back with the window."""

from __future__ import annotations

import random

from PySide6.QtCore import QPoint, QSettings, Qt
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import human_vs_ai, rowcol_setup, table_headline
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.gui.rowcol_view import RowColBoardView
from tictactoe_gui.gui.table_boards import position_of
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameFilter, GameMode

GAME_TIMEOUT_MS = 30_000


def numbers_view(window: MainWindow) -> RowColBoardView:
    view = window.board_widget()
    assert isinstance(view, RowColBoardView)
    return view


def click_number(qtbot: QtBot, window: MainWindow, cell: int) -> None:
    view = numbers_view(window)
    row, col = view.position.row_col(cell)
    centre = view.cell_rect(row, col).center()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))


def play_to_the_end(qtbot: QtBot, window: MainWindow, seed: int) -> None:
    table = window.controller
    session = table.session
    assert session is not None
    rng = random.Random(seed)
    while not session.is_over:
        qtbot.waitUntil(lambda: session.is_over or table.is_human_turn(), timeout=GAME_TIMEOUT_MS)
        if session.is_over:
            break
        taken = len(session.moves)
        click_number(qtbot, window, rng.choice(position_of(session.state).allowed_cells()))
        assert len(session.moves) == taken + 1


def test_row_and_column_is_played_to_the_end_in_the_main_window_and_recorded(
    qtbot: QtBot, recorded_window: MainWindow, repository: Repository
) -> None:
    window = recorded_window
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_AI, "person:Ann", "greedy"), 3)
    view = numbers_view(window)
    assert view.isVisible()
    assert not window.board_view.isVisible()
    play_to_the_end(qtbot, window, seed=1)
    session = window.controller.session
    assert session is not None
    # The banner shows once every take is judged (the last one's analysis comes after it).
    qtbot.waitUntil(window.banner.isVisible, timeout=GAME_TIMEOUT_MS)
    assert window.banner.headline.text() == table_headline(session)
    assert window.banner.review_button.isVisible()
    assert window.review_action.isEnabled()
    assert not view.position.allowed_cells()
    games = repository.list_games(GameFilter(game="rowcol4"))
    assert [game.plies for game in games] == [len(session.moves)]
    # The history replays it on the numbers board, take by take.
    window.replay_recorded_game(repository.game(games[0].id))
    table = window.controller
    assert table.replaying
    assert numbers_view(window).isVisible()
    window.game_replay_end()
    assert table.session is not None
    assert table.session.moves == session.moves


def test_new_game_starts_row_and_column_in_the_main_window(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    dialog = window.show_new_game_dialog()
    dialog.choose_game(find_game("rowcol"))
    assert dialog.isVisible()
    assert dialog.own_options_game() is not None
    dialog.ok_button.click()
    table = window.controller
    assert table.session is not None
    assert table.session.spec.variant.family.value == "rowcol"
    assert numbers_view(window).isVisible()
    assert window.windowTitle().endswith(table.session.spec.name)


def test_switching_tictactoe_connect_four_row_and_column_and_back(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    qtbot.waitUntil(lambda: window.controller.answer is not None, timeout=5000)
    click_cell(qtbot, window.board_view, 1, 1)
    qtbot.waitUntil(lambda: len(window.controller.session.moves) == 2, timeout=5000)
    spec = find_game("connect4")
    from tictactoe_gui.session.table import Seat, TableSetup

    window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "kitty"))), 1
    )
    assert window.board_view.isVisible()
    assert window.board_view.gravity
    click_cell(qtbot, window.board_view, 0, 3)
    qtbot.waitUntil(lambda: len(window.controller.state.moves) == 2, timeout=5000)
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_AI, "person:Ann", "random"), 2)
    assert numbers_view(window).isVisible()
    assert not window.board_view.isVisible()
    click_number(qtbot, window, 0)
    qtbot.waitUntil(lambda: len(window.controller.state.moves) == 2, timeout=5000)
    window.undo_action.trigger()
    assert window.controller.state.moves == ()
    window.new_game(human_vs_ai("kitty"))
    assert window.board_view.isVisible()
    assert not numbers_view_shown(window)
    assert not window.board_view.gravity
    qtbot.waitUntil(lambda: window.controller.answer is not None, timeout=5000)
    click_cell(qtbot, window.board_view, 0, 0)
    qtbot.waitUntil(lambda: len(window.controller.session.moves) == 2, timeout=5000)


def numbers_view_shown(window: MainWindow) -> bool:
    view = window.findChild(RowColBoardView, "numbersBoard")
    return view is not None and view.isVisible()


def test_game_rowcol5_opens_on_a_5_by_5_grid_and_the_relaunch_on_row_and_column(
    qtbot: QtBot, settings: QSettings
) -> None:
    first = MainWindow(settings, game=find_game("rowcol5"))
    qtbot.addWidget(first)
    assert first.controller.state.spec.id == "rowcol5"
    first.close()
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.controller.state.spec.variant.family.value == "rowcol"
    again.close()


def test_a_row_and_column_window_left_open_last_time_opens_as_the_last_game(
    qtbot: QtBot, settings: QSettings
) -> None:
    # What the window of its own left in the settings: its game comes back in this one.
    settings.setValue("newGame/family", "mnk")
    settings.setValue("rowColumnWindow/open", "true")
    window = MainWindow(settings)
    qtbot.addWidget(window)
    assert window.controller.state.spec.variant.family.value == "rowcol"
    assert settings.value("rowColumnWindow/open") is None
    window.close()


def test_a_row_and_column_position_is_copied_and_pasted_back(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    from PySide6.QtGui import QGuiApplication

    window = recorded_window
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bea"), 7)
    click_number(qtbot, window, 5)
    table = window.controller
    window.copy_position_action.trigger()
    text = QGuiApplication.clipboard().text()
    assert text == table.state.position_text()
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_AI, "person:Ann", "greedy"), 8)
    assert window.paste_position(text)
    assert position_of(table.state) == position_of(table.state.spec.from_position_text(text))
    assert table.session is not None
    assert table.session.setup.mode is GameMode.HUMAN_VS_HUMAN


def test_the_move_list_names_every_take_of_row_and_column_by_its_cell_and_taker(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bo"), 5)
    session = window.controller.session
    assert session is not None
    rng = random.Random(2)
    for _ in range(4):
        click_number(qtbot, window, rng.choice(position_of(session.state).allowed_cells()))
    model = window.moves_dock.model
    names = [session.spec.format_move(move) for move in session.moves]
    assert len(names) == 4
    rows = [model.index(row, 0) for row in range(model.rowCount())]
    assert [index.data() for index in rows] == [
        f"1. {names[0]}",
        f"1… {names[1]}",
        f"2. {names[2]}",
        f"2… {names[3]}",
    ]
    said = rows[1].data(Qt.ItemDataRole.AccessibleTextRole)
    assert said.startswith(f"Move 2: B {names[1]}")
    # The latest take is the row shown; choosing an earlier one goes back to the grid as it
    # was (a take there would be a variation), and choosing the last one comes back.
    assert window.moves_dock.shown_ply() == 4
    view = numbers_view(window)
    played = session.moves
    window.moves_dock.select_ply(2)
    assert session.moves == played[:2]
    assert view.position == position_of(session.states[2])
    window.moves_dock.select_ply(4)
    assert session.moves == played
    assert view.position == position_of(session.state)
    # Undo keeps the take in the list, to be taken again; the row before it is the one shown.
    window.undo_action.trigger()
    assert model.rowCount() == 4
    assert window.moves_dock.shown_ply() == 3
    # A k in a row game after it lists its moves with X and O again.
    window.new_game(human_vs_ai("kitty"))
    qtbot.waitUntil(lambda: window.controller.answer is not None, timeout=5000)
    click_cell(qtbot, window.board_view, 0, 0)
    qtbot.waitUntil(lambda: len(window.controller.session.moves) == 2, timeout=5000)
    assert model.rowCount() == 2
    assert model.index(0, 0).data() == "1. a3"
    assert model.index(0, 0).data(Qt.ItemDataRole.AccessibleTextRole).startswith("Move 1: X a3")


def test_new_game_offers_the_size_of_the_row_and_column_game_on_the_board(
    qtbot: QtBot, settings: QSettings, no_leaked_threads: None
) -> None:
    window = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(window)
    # As --game rowcol5 starts it: not through the New Game dialog.
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_AI, "person:Ann", "greedy", size=5))
    dialog = window.show_new_game_dialog()
    assert dialog.own_options_game() is not None
    assert dialog.own_options().size_spin.value() == 5
    dialog.reject()
    window.shutdown()
    window.close()


def test_the_status_bar_names_who_is_to_take_as_every_game_names_who_is_to_move(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    window.start_table_game(rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bo"), 5)
    table = window.controller
    assert table.session is not None
    assert window.turn_label.text() == "A 0, B 0. Ann (A) to take: any cell."
    click_number(qtbot, window, 5)
    position = position_of(table.state)
    allowed = [position.cell_label(cell) for cell in position.allowed_cells()]
    said = f"{', '.join(allowed[:-1])} or {allowed[-1]}"
    scores = f"A {position.score_a}, B {position.score_b}."
    assert window.turn_label.text() == f"{scores} Bo (B) to take: {said}."
    # The board's description, which a screen reader speaks, names the player too.
    qtbot.waitUntil(lambda: "Bo (B) to take" in numbers_view(window).status_text())
