"""Row & Column in the main window: a person against a computer player, analysis, undo,
hints, the end, the records and replays."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from PySide6.QtCore import QPoint, Qt, QThread
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.helpers import rowcol_setup, table_headline
from tests.gui.rowcol_table import RowColTable
from tictactoe_gui.engine.row_and_column import state_of_game
from tictactoe_gui.engine.rowcol import DICE, MAGPIE, Player, Position, play_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.records_bridge import state_finished_game
from tictactoe_gui.storage.records import GameDetail, GameMode, GameSummary, Side


def new_game(
    window: RowColTable,
    size: int,
    seed: int,
    a: str,
    b: str,
    *,
    first: Player = Player.A,
    values: tuple[int, ...] | None = None,
    names: tuple[str, str] = ("Player A", "Player B"),
    delay_ms: int = 0,
) -> None:
    people = sum(choice == "person" for choice in (a, b))
    mode = (GameMode.AI_VS_AI, GameMode.HUMAN_VS_AI, GameMode.HUMAN_VS_HUMAN)[people]
    a, b = (
        f"person:{name}" if choice == "person" else choice
        for choice, name in zip((a, b), names, strict=True)
    )
    setup = rowcol_setup(
        mode, a, b, size=size, first=0 if first is Player.A else 1, values=values,
        move_delay_ms=delay_ms,
    )  # fmt: skip
    window.start(setup, seed)


def click(qtbot: QtBot, window: RowColTable, cell: int) -> None:
    view = window.board_view
    row, col = view.position.row_col(cell)
    centre = view.cell_rect(row, col).center()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))


def test_a_person_plays_a_computer_player_to_the_end(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    new_game(window, 3, 4, "person", "greedy")
    assert window.start_position == Position.from_seed(3, 4)
    while not window.session.is_over:
        qtbot.waitUntil(
            lambda: window.session.is_over or window.session.is_human_turn(), timeout=10_000
        )
        if window.session.is_over:
            break
        taken = len(window.session.moves)
        click(qtbot, window, window.position.allowed_cells()[0])
        assert len(window.session.moves) == taken + 1
    # The banner comes once every take is judged (a take before its position's analysis is
    # judged with the next answer).
    qtbot.waitUntil(window.banner.isVisible, timeout=20_000)
    assert window.banner.headline.text() == table_headline(window.session)
    assert not window.board_view.position.allowed_cells()


def test_the_analysis_shows_every_allowed_cell(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    dock = window.window.analysis_dock
    # 4×4 is proven well within the dock's default second, but not on a busy machine.
    dock.set_time_budget(30)
    assert window.controller.time_limit == 30
    new_game(window, 4, 2, "person", "perfect")
    qtbot.waitUntil(lambda: window.analysis_now() is not None, timeout=30_000)
    model = dock.model
    analysis = window.game_analysis()
    assert analysis is not None
    assert len(analysis.moves) == 16  # every cell may be taken first
    assert model.rowCount() == min(16, dock.top_n())  # the dock lists the best of them
    assert "proven" in dock.certainty_text().lower()
    assert dock.prediction_text()
    best = model.game_row_at(0)
    assert best is not None
    assert analysis is not None
    assert best.move in analysis.best_moves


def test_a_refused_take_is_explained(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    new_game(window, 3, 1, "person", "person")
    position = window.position
    click(qtbot, window, 4)
    refused = next(c for c in range(9) if not window.position.is_allowed(c) and c != 4)
    click(qtbot, window, refused)
    assert "is not in the row or column of the last take (b2)" in window.message
    assert window.session.moves == (4,)
    assert position.is_allowed(refused)


def test_undo_takes_back_the_reply_and_the_take(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    new_game(window, 3, 5, "person", "random")
    click(qtbot, window, 0)
    qtbot.waitUntil(lambda: len(window.session.moves) == 2, timeout=10_000)
    window.undo_action.trigger()
    assert window.session.moves == ()
    assert window.session.is_human_turn()
    assert window.board_view.position == window.start_position


def test_a_hint_outlines_the_best_cells(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    new_game(window, 3, 6, "person", "person")
    qtbot.waitUntil(lambda: window.analysis_now() is not None)
    window.hint_action.trigger()
    analysis = window.analysis_now()
    assert analysis is not None
    assert window.board_view.hints == analysis.best_cells
    assert window.message.startswith("Hint: take ")
    assert window.session.summaries()[0].hints == 1


def test_two_computer_players_play_a_whole_game(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    new_game(window, 3, 8, "perfect", "maximize-future-min", first=Player.B)
    assert window.position.to_move is Player.B
    assert window.autoplay_bar.isVisible()
    qtbot.waitUntil(lambda: window.session.is_over, timeout=20_000)
    assert window.banner.headline.text() == table_headline(window.session)
    assert not window.autoplay_bar.pause_button.isEnabled()


def test_row_and_column_searches_on_the_windows_one_engine_thread(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    main = window.window
    qtbot.waitUntil(lambda: window.analysis_now() is not None, timeout=10_000)
    threads = [
        thread
        for top in QApplication.topLevelWidgets()
        for thread in top.findChildren(QThread)
        if thread.isRunning()
    ]
    assert len(threads) == 1
    assert threads[0].objectName() == "engine"
    main.shutdown()
    assert not main.engine.is_running()


def test_closing_the_app_stops_row_and_columns_search_on_the_shared_thread(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    # Abacus to take first on a 6×6 board: an exact search far longer than a test.
    new_game(window, 6, 1, "perfect", "person")
    searching = window.controller.engine._cancel
    assert searching is not None
    assert not searching.is_set()
    window.window.shutdown()
    assert searching.is_set()
    assert not window.window.engine.is_running()


def test_a_new_game_cancels_the_last_games_search_by_its_request(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    new_game(window, 6, 1, "perfect", "person")
    searching = window.controller.engine._cancel
    asked = window.controller.engine.current_id
    assert searching is not None
    new_game(window, 3, 2, "person", "greedy")
    assert searching.is_set()
    assert window.controller.engine.current_id != asked


def test_a_finished_game_is_recorded_once(
    qtbot: QtBot, rowcol_window: RowColTable, records: InMemoryRecords
) -> None:
    window = rowcol_window
    saved: list[int] = []
    window.controller.game_saved.connect(saved.append)
    if True:
        new_game(window, 3, 8, "greedy", "person", names=("", "Alice"))
        while not window.session.is_over:
            qtbot.waitUntil(
                lambda: window.session.is_over or window.session.is_human_turn(), timeout=10_000
            )
            if not window.session.is_over:
                click(qtbot, window, window.position.allowed_cells()[0])
        assert window.banner.save_note.text() == "Recorded."
        assert saved == [1]
        (game,) = records.games
        assert game.game == "rowcol3"
        assert game.o.name == "Alice"
        assert game.x.name == "greedy"
        # Undo past the end and finish again: the game was recorded once, when it first ended.
        window.undo_action.trigger()
        qtbot.waitUntil(lambda: window.session.is_human_turn(), timeout=10_000)
        click(qtbot, window, window.position.allowed_cells()[0])
        qtbot.waitUntil(lambda: window.session.is_over, timeout=10_000)
        assert len(records.games) == 1
        assert saved == [1]


def test_between_two_people_the_coach_judges_each_take(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    values = Position.from_text("1,2,3/4,9,6/7,8,5").values
    new_game(window, 3, 1, "person", "person", values=values)
    while not window.session.is_over:
        qtbot.waitUntil(lambda: window.analysis_now() is not None)
        analysis = window.analysis_now()
        assert analysis is not None
        click(qtbot, window, analysis.best_cells[0])
        if not window.session.is_over:
            # "Coach: Player A's A at b2 — best move. …"
            assert "— best move. " in window.status_label.text()
            assert window.status_label.text().startswith("Coach: ")
    assert "100% accurate" in window.banner.summary.text()


def test_a_recorded_game_replays_on_the_main_windows_numbers_board(
    qtbot: QtBot, window: MainWindow
) -> None:
    start = Position.from_seed(3, 4)
    played = play_game(start, MAGPIE, DICE, random.Random(4), board_seed=4)
    now = datetime.now(UTC)
    record = state_finished_game(
        state_of_game(played),
        Side.persona("greedy"),
        Side.persona("random"),
        GameMode.AI_VS_AI,
        now,
        now,
    )
    summary = GameSummary(
        1, record.started_at, record.ended_at, record.mode, record.x, record.o, record.result,
        record.plies, 0, 0, 0, 0, record.seed, 0, 0, 0, 0, record.start_board,
        game=record.game, rows=3, cols=3, extra=record.extra,
    )  # fmt: skip
    window.replay_recorded_game(GameDetail(summary, record.moves))
    rowcol = RowColTable(window)
    window.game_replay_end()
    assert rowcol.session.moves == tuple(t.cell for t in played.takes)
    assert rowcol.position == played.final
    assert "Magpie (A) vs Dice (B)" in window.windowTitle()
    window.undo_action.trigger()
    assert len(rowcol.session.moves) == len(played.takes) - 1
    window.redo_action.trigger()
    assert rowcol.position == played.final
    # The replay bar steps, seeks and plays the takes; the grid stays a replay.
    bar = rowcol.replay_bar
    assert bar.isVisible()
    total = len(played.takes)
    assert bar.position.text() == f"Take {total} of {total}"
    assert not rowcol.board_view._interactive
    bar.first_button.click()
    assert rowcol.session.moves == ()
    assert window.undo_action.isEnabled() is False
    bar.forward_button.click()
    assert rowcol.session.moves == (played.takes[0].cell,)
    assert rowcol.announcer.spoken[-1].startswith(
        f"Magpie (A) takes {played.start.cell_label(played.takes[0].cell)}"
    )
    rowcol.controller._replay_timer.setInterval(1)
    bar.play_button.click()
    qtbot.waitUntil(lambda: not bar.play_button.isChecked(), timeout=10_000)
    assert rowcol.position == played.final
    assert bar.play_button.text() == "Play"
    assert not rowcol.banner.isVisible()
    assert rowcol.session.result_words() in rowcol.status_label.text()
