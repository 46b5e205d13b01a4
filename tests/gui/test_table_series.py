"""A series between two computer players in every game, not only k in a row: Connect Four
and Row & Column play their games one after another, each recorded, the bar keeping the
score in the game's own seats and words, each game's seed drawn from the series' one as
``match`` draws it, Pause holding the next game and Step starting it."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tests.gui.helpers import rowcol_setup
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session.series import game_seed
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode

#: Long enough for a few games of Connect Four between two computer players.
SERIES_TIMEOUT_MS = 120_000


def connect_four_series(games: int, seed: int | None = 5) -> TableSetup:
    spec = find_game("connect4")
    seats = (Seat.for_game(spec, "kitty"), Seat.for_game(spec, "cop"))
    return TableSetup(spec, GameMode.AI_VS_AI, seats, move_delay_ms=0, games=games, seed=seed)


def test_a_connect_four_series_plays_every_game_records_each_and_keeps_the_score(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    table = window.start_table_game(connect_four_series(3))
    qtbot.waitUntil(lambda: table.tally.games == 3, timeout=SERIES_TIMEOUT_MS)
    qtbot.waitUntil(lambda: not window.autoplay_bar.step_button.isEnabled())
    assert table.series_left == 0
    assert table.session is not None
    assert table.session.is_over
    # Each game its own seed, drawn from the series' one as match draws them.
    assert [game.seed for game in records.games] == [game_seed(5, number) for number in range(3)]
    tally = table.tally
    wins = [sum(game.result.value == result for game in records.games) for result in ("X", "O")]
    assert tally.wins == wins
    assert tally.level == 3 - sum(wins)
    text = window.autoplay_bar.tally.text()
    assert text.startswith(f"X {tally.wins[0]} · O {tally.wins[1]} · draws {tally.level}")
    assert "series, 3 games" in text


def test_pause_holds_the_next_game_of_a_series_and_step_starts_it(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    # Paused as the first game ends (as a person would press Pause then): the next waits.
    window.controller.tally_changed.connect(
        lambda tally: tally.games and window.game_set_paused(True)
    )
    table = window.start_table_game(connect_four_series(2))
    qtbot.waitUntil(lambda: table.tally.games == 1, timeout=SERIES_TIMEOUT_MS)
    first = table.session
    assert table.is_over
    assert "1 of 2 games played" in window.autoplay_bar.tally.text()
    assert window.autoplay_bar.step_button.isEnabled()
    assert not table._series_timer.isActive()
    window.game_step()
    assert table.session is not first
    assert table.session is not None
    assert not table.session.is_over
    assert table.paused
    assert "game 2 of 2" in window.autoplay_bar.tally.text()
    window.game_set_paused(False)
    qtbot.waitUntil(lambda: table.tally.games == 2, timeout=SERIES_TIMEOUT_MS)
    assert len(records.games) == 2


def test_a_row_and_column_series_draws_a_board_for_each_game_and_counts_ties(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    setup = replace(
        rowcol_setup(GameMode.AI_VS_AI, "greedy", "greedy", move_delay_ms=0), seed=11, games=3
    )
    table = window.start_table_game(setup)
    qtbot.waitUntil(lambda: table.tally.games == 3, timeout=SERIES_TIMEOUT_MS)
    assert [game.seed for game in records.games] == [game_seed(11, n) for n in range(3)]
    # Drawn from their seeds, the three boards differ.
    assert len({game.start_board for game in records.games}) == 3
    text = window.autoplay_bar.tally.text()
    tally = table.tally
    assert text.startswith(f"A {tally.wins[0]} · B {tally.wins[1]} · ties {tally.level}")


def test_new_game_offers_a_series_for_connect_four_between_computer_players(
    qtbot: QtBot, window: MainWindow
) -> None:
    from PySide6.QtWidgets import QSpinBox

    dialog = window.show_new_game_dialog()
    qtbot.addWidget(dialog)
    dialog.set_mode(GameMode.AI_VS_AI)
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("connect4"))
    spin = next(
        box for box in dialog.findChildren(QSpinBox) if box.accessibleName() == "Number of games"
    )
    assert spin.isVisibleTo(dialog)
    spin.setValue(4)
    assert dialog.table_game() is not None
    assert dialog.table_setup().games == 4
    dialog.reject()


def test_row_and_column_options_offer_a_series_between_computer_players(
    qtbot: QtBot, settings: QSettings
) -> None:
    from tictactoe_gui.gui.dialogs.rowcol_options import RowColOptions

    options = RowColOptions()
    qtbot.addWidget(options)
    options.set_mode(GameMode.AI_VS_AI)
    options.games_spin.setValue(5)
    setup, _seed = options.setup(GameMode.AI_VS_AI)
    assert setup.games == 5
    # A person's game is one game, whatever the series' number says.
    assert options.setup(GameMode.HUMAN_VS_AI)[0].games == 1
    # Remembered for the next New Game.
    options.save(settings)
    again = RowColOptions()
    qtbot.addWidget(again)
    again.restore(settings)
    assert again.games_spin.value() == 5


def test_a_click_on_a_finished_connect_four_board_says_the_result_and_what_to_do(
    qtbot: QtBot, window: MainWindow
) -> None:
    # The same words as k in a row's board: the result, then Play Again or New Game.
    spec = find_game("connect4")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bea")))
    table = window.start_table_game(setup)
    session = table.session
    assert session is not None
    for column in (0, 1, 0, 1, 0, 1, 0):  # Ann (X) fills column a's bottom four
        landing = next(m for m in session.state.legal_moves() if m % spec.cols == column)
        table.cell_activated(*divmod(landing, spec.cols))
    assert table.is_over
    table.cell_activated(0, 3)
    assert window.statusBar().currentMessage() == (
        "The game is over: Ann (X) wins. Play Again (Ctrl+R) or start a New Game (Ctrl+N)."
    )
