"""Row & Column from New Game to the end: the dialog, AI vs AI controls, speech, set-up, records."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QRadioButton
from pytestqt.qtbot import QtBot

from tests.gui.helpers import table_headline
from tests.gui.rowcol_table import RowColTable
from tests.gui.test_rowcol_play import click, new_game
from tictactoe_gui.engine.rowcol import Player, Position
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.gui.dialogs.rowcol_setup import RowColSetupDialog
from tictactoe_gui.gui.help_window import HelpWindow
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.gui.records import HistoryDialog
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode


def open_rowcol_dialog(qtbot: QtBot, window: MainWindow) -> NewGameDialog:
    dialog = window.show_new_game_dialog()
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("rowcol"))
    qtbot.waitExposed(dialog)
    return dialog


# -- New Game ----------------------------------------------------------------------------------


def test_new_game_offers_row_and_column_and_starts_it_in_the_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = open_rowcol_dialog(qtbot, window)
    assert dialog.own_options_game() is not None
    options = dialog.own_options()
    assert options.isVisible()
    button = dialog.findChild(QRadioButton, f"mode-{GameMode.HUMAN_VS_AI.value}")
    assert "Dice, Magpie, Hedge or Abacus" in button.text()
    dialog.set_mode(GameMode.HUMAN_VS_AI)
    options.size_spin.setValue(5)
    options.low_spin.setValue(-3)
    options.high_spin.setValue(3)
    options.seed_spin.setValue(123)
    options.your_name.edit.setText("Alice")
    options.opponent.set_key("perfect")
    options.your_side.setCurrentIndex(1)  # Alice plays B
    options.first_combo.setCurrentIndex(1)  # B takes first
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    rowcol = RowColTable(window)
    session = rowcol.session
    assert rowcol.start_position == Position.from_seed(5, 123, low=-3, high=3, first=Player.B)
    assert session.setup.seats[1].name == "Alice"
    assert not session.setup.seats[1].is_ai
    assert session.setup.seats[0].is_ai
    assert session.setup.seats[0].name == "perfect"
    assert session.is_human_turn()
    assert window.windowTitle().startswith("Abacus (A) vs Alice (B)")
    # New Game opens on Row & Column next time, with the choices kept.
    again = window.show_new_game_dialog()
    assert again.own_options_game() is not None
    assert again.own_options().size_spin.value() == 5
    assert again.own_options().your_name.edit.text() == "Alice"
    again.reject()


def test_a_typed_board_is_checked_as_it_is_typed(qtbot: QtBot, window: MainWindow) -> None:
    dialog = open_rowcol_dialog(qtbot, window)
    options = dialog.own_options()
    options.typed_radio.setChecked(True)
    assert not options.size_spin.isEnabled()
    options.board_edit.setText("1,2/3,4")
    assert not dialog.ok_button.isEnabled()
    assert options.board_error.text().startswith("The board has 2 rows")
    options.board_edit.setText("1,2,3/4,x,6/7,8,9")
    assert "Row 2, cell 2 is 'x'" in options.board_error.text()
    options.board_edit.setText("1,.,3/4,5,6/7,8,9")
    assert "no '.'" in options.board_error.text()
    assert not dialog.ok_button.isEnabled()
    options.board_edit.setText("1,2,3/4,5,6/7,8,9")
    assert dialog.ok_button.isEnabled()
    assert options.board_error.isHidden()
    dialog.set_mode(GameMode.HUMAN_VS_HUMAN)
    options.name_a.edit.setText("Bo")
    options.name_b.edit.setText("bo")
    assert not dialog.ok_button.isEnabled()
    assert options.name_b.error.text() == "The two players need different names."
    options.name_b.edit.setText("Cy")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    rowcol = RowColTable(window)
    assert rowcol.start_position == Position.from_text("1,2,3/4,5,6/7,8,9")
    assert rowcol.session.setup.mode is GameMode.HUMAN_VS_HUMAN


def test_a_relaunch_after_row_and_column_opens_row_and_column_with_its_choices(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    dialog = open_rowcol_dialog(qtbot, window)
    dialog.set_mode(GameMode.AI_VS_AI)
    dialog.own_options().size_spin.setValue(5)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert settings.value("newGame/family") == "rowcol"
    window.close()
    again = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(again)
    try:
        # The last game played comes back: a fresh game of the last choices, whose two
        # computer players wait for Resume.
        rowcol = RowColTable(again)
        assert rowcol.start_position.size == 5
        assert rowcol.session.setup.mode is GameMode.AI_VS_AI
        assert rowcol.controller.paused
        assert rowcol.session.moves == ()
        dialog = again.show_new_game_dialog()
        assert dialog.own_options_game() is not None
        assert dialog.mode() is GameMode.AI_VS_AI  # Row & Column keeps its own mode
        dialog.reject()
        # A k-in-a-row game chosen from there is the last game the next time.
        again.new_game(again.controller.setup)
    finally:
        again.close()


# -- AI vs AI ----------------------------------------------------------------------------------


def test_two_computer_players_pause_step_and_resume(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    bar = window.autoplay_bar
    new_game(window, 4, 7, "perfect", "greedy", delay_ms=0)
    assert bar.isVisible()
    window.set_paused(True)
    assert bar.pause_button.text() == "Resume"
    # Paused: the first take is chosen but waits.
    qtbot.waitUntil(lambda: window.controller._pending is not None, timeout=10_000)
    assert window.session.moves == ()
    # Nobody thinks while the game is paused: the player waits to take, as in k in a row.
    assert window.status_label.text().startswith("Paused — ")
    assert window.status_label.text().endswith(" to take")
    assert "thinking" not in window.status_label.text()
    bar.step_button.click()  # played once its position's analysis is in, to be judged
    qtbot.waitUntil(lambda: len(window.session.moves) == 1, timeout=10_000)
    # A step while the next take is still being chosen plays it as soon as it comes.
    bar.step_button.click()
    qtbot.waitUntil(lambda: len(window.session.moves) == 2, timeout=10_000)
    qtbot.waitUntil(lambda: window.controller._pending is not None, timeout=10_000)
    assert len(window.session.moves) == 2
    bar.pause_button.click()  # resume
    assert bar.pause_button.text() == "Pause"
    qtbot.waitUntil(lambda: window.session.is_over, timeout=30_000)
    assert window.banner.isVisible()
    assert not bar.step_button.isEnabled()
    dock = window.window.analysis_dock
    qtbot.waitUntil(lambda: dock.prediction_text().startswith("Game over"))
    # Both computer players' play is summed up, as k in a row's banner does.
    assert len(window.banner.summary.text().splitlines()) == 2


def test_the_speed_sets_the_pause_between_takes(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    new_game(window, 3, 2, "greedy", "random", delay_ms=1500)
    think = window.controller._think
    qtbot.waitUntil(think.isActive, timeout=10_000)
    assert think.interval() == 1500
    window.autoplay_bar.instant.setChecked(True)
    qtbot.waitUntil(lambda: window.session.is_over, timeout=30_000)


# -- speech ------------------------------------------------------------------------------------


def test_every_take_and_the_end_are_announced(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    count = len(window.announcer.spoken)
    new_game(window, 3, 4, "person", "greedy", names=("Ada", ""))
    said = window.announcer.spoken[count:]
    assert said[0].startswith("New game of Row & Column 3×3, board no. 4: Ada (A) against ")
    # Then the greeting, as in every game.
    assert said[-1] == "Welcome, Ada! This is your first game of Row & Column 3×3 here — good luck."
    start = window.start_position
    click(qtbot, window, 4)
    took = f"Ada (A) takes b2, {start.values[4]}."
    assert any(text.startswith(took) for text in window.announcer.spoken)
    qtbot.waitUntil(lambda: len(window.session.moves) == 2, timeout=10_000)
    reply = window.takes()[1]
    label = start.cell_label(reply.cell)
    assert any(
        text.startswith(f"Magpie (B) takes {label}, {reply.value}.")
        for text in window.announcer.spoken
    )
    # The board's description carries the news for screen readers that ignore announcements
    # (with the coach's word on the take before, where it came in the same moment).
    qtbot.waitUntil(
        lambda: window.board_view.accessibleDescription().endswith(window.announcer.spoken[-1]),
        timeout=1000,
    )
    while not window.session.is_over:
        qtbot.waitUntil(
            lambda: window.session.is_over or window.session.is_human_turn(), timeout=10_000
        )
        if not window.session.is_over:
            click(qtbot, window, window.position.allowed_cells()[0])
    end = f"Game over. {table_headline(window.session)}"
    # Said once every take is judged (the last one's analysis comes after it).
    qtbot.waitUntil(lambda: window.announcer.spoken[-1].startswith(end), timeout=10_000)


def test_a_refused_take_is_spoken(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    new_game(window, 3, 1, "person", "person")
    click(qtbot, window, 4)
    click(qtbot, window, 0)
    assert window.announcer.spoken[-1] == "a3 is not in the row or column of the last take (b2)."


# -- set-up ------------------------------------------------------------------------------------


def test_set_up_position_plays_on_from_a_typed_board_and_records_nothing(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    records = window.records
    assert isinstance(records, InMemoryRecords)
    new_game(window, 3, 1, "person", "person")
    dialog = window.show_setup_dialog()
    assert isinstance(dialog, RowColSetupDialog)
    dialog.board_edit.setPlainText("1,.,3\n4,5,6\n7,8,9")
    dialog.last_edit.setText("")
    assert not dialog.ok_button.isEnabled()
    assert "say which was taken last" in dialog.error_label.text()
    dialog.last_edit.setText("a3")
    assert dialog.error_label.text() == (
        "The last take a3 still holds a number; it must be a taken cell ('.')."
    )
    dialog.last_edit.setText("z9")
    assert "is not a cell" in dialog.error_label.text() or "off the" in dialog.error_label.text()
    dialog.last_edit.setText("b3")
    dialog.to_move.setCurrentIndex(1)
    dialog.score_a.setValue(2)
    assert dialog.ok_button.isEnabled()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    expected = Position(3, (1, 0, 3, 4, 5, 6, 7, 8, 9), 0b10, 1, 2, 0, Player.B)
    assert window.start_position == expected
    assert window.position.allowed_cells() == (0, 2, 4, 7)
    while not window.session.is_over:
        click(qtbot, window, window.position.allowed_cells()[0])
    qtbot.waitUntil(window.banner.isVisible, timeout=10_000)  # once every take is judged
    assert records.games == []
    assert window.banner.save_note.text() == (
        "Not recorded: a game from a set-up position counts for nobody."
    )


def test_the_rules_are_one_key_away(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    rowcol_window.window.how_to_play_action.trigger()
    (help_window,) = [w for w in rowcol_window.window.findChildren(HelpWindow) if w.isVisible()]
    assert "share a row or a column with the last cell taken" in help_window.text()
    help_window.close()


# -- records -----------------------------------------------------------------------------------


def test_a_saved_game_shows_in_the_open_history_at_once(
    qtbot: QtBot, settings: QSettings, tmp_path: Path, no_leaked_threads: None
) -> None:
    with Repository.open(tmp_path / "records.sqlite3") as repository:
        window = MainWindow(settings, repository)
        qtbot.addWidget(window)
        window.show()
        try:
            history = window.show_history()
            assert isinstance(history, HistoryDialog)
            assert history.model.rowCount() == 0
            rowcol = RowColTable(window)
            new_game(rowcol, 3, 5, "greedy", "random", delay_ms=0)
            qtbot.waitUntil(lambda: rowcol.session.is_over, timeout=20_000)
            assert rowcol.banner.save_note.text() == "Recorded."
            assert history.model.rowCount() == 1
            model = history.model
            final = rowcol.position
            cells = [model.data(model.index(0, column)) for column in (2, 3, 4)]
            winner = final.winner
            if winner is None:
                result, said = f"Tie at {final.score_a} each", f"a tie at {final.score_a} each"
            else:
                name = "Magpie" if winner is Player.A else "Dice"
                scores = f"{final.score(winner)} to {final.score(winner.other)}"
                result = said = f"{name} ({winner}) wins, {scores}"
            # The History's words are the status bar's at the end.
            assert rowcol.session.end_status() == f"Game over: {said}."
            assert cells == ["Magpie (AI, as A)", "Dice (AI, as B)", result]
        finally:
            window.shutdown()
            window.close()


def test_the_grid_has_the_keys_when_a_game_starts(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    window.activateWindow()
    window.autoplay_bar.pause_button.setFocus()
    new_game(window, 3, 4, "person", "person")
    qtbot.waitUntil(window.board_view.hasFocus)
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)
    assert len(window.session.moves) == 1


def test_the_result_reads_the_same_in_the_banner_the_status_bar_and_the_dock(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    # The engine said "B wins 23 to -16" in the dock where the banner and the status bar
    # said "Hedge (B) wins, 23 to -16".
    rowcol = rowcol_window
    rowcol.set_paused(False)
    while not rowcol.session.state.is_over:
        if rowcol.session.state.to_move == 0:  # the person (A); Hedge (B) answers
            rowcol.take(rowcol.session.state.legal_moves()[0])
        qtbot.waitUntil(
            lambda: rowcol.session.state.is_over or rowcol.session.state.to_move == 0,
            timeout=10_000,
        )
    qtbot.waitUntil(rowcol.banner.isVisible, timeout=10_000)
    state = rowcol.session.state
    assert state.result is not None
    words = rowcol.session.result_words()
    if state.result.winner is not None:
        seat = state.spec.seats[state.result.winner]
        name = rowcol.session.name_of(state.result.winner)
        # The engine's words with the winner named are the window's.
        assert words == f"{name} ({seat}){state.result.text.removeprefix(seat)}"
        assert ", " in words
    assert rowcol.banner.headline.text() == table_headline(rowcol.session)
    assert rowcol.status_label.text() == f"Game over: {words}."
    qtbot.waitUntil(
        lambda: rowcol.analysis_dock.prediction_text() == f"Game over: {words}.", timeout=10_000
    )
