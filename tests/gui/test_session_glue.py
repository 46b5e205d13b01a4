"""The window drives the same Qt-free game session as the command line."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine import Board
from tictactoe_gui.engine.games import Certainty, find_game
from tictactoe_gui.engine.variants import GOMOKU, get_variant
from tictactoe_gui.gui.dialogs.fields import FASTEST_DELAY_MS, speed_to_delay
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session import GameSetup, PlayerSpec
from tictactoe_gui.session.match import TableGame, play_series
from tictactoe_gui.storage.records import GameMode

from .helpers import human_vs_ai, settle


def test_a_seed_plays_the_same_game_in_the_window_and_in_match(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    series_seed = 2675342405
    expected: list[TableGame] = []
    play_series(
        find_game("tictactoe"), "cop", "kitty", 1, seed=series_seed, on_game=expected.append
    )
    setup = GameSetup(
        GameMode.AI_VS_AI,
        PlayerSpec.ai("cop"),
        PlayerSpec.ai("kitty"),
        move_delay_ms=0,
        seed=series_seed,
    )
    window.new_game(setup)
    controller = window.controller
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=10000)
    assert controller.game_seed == expected[0].session.seed
    board = Board.empty()
    assert [board.index(move) for move in controller.moves] == list(expected[0].state.moves)


def test_a_game_from_a_set_up_position_is_played_but_not_recorded(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    start = Board.from_text("XX.OO....")
    setup = GameSetup(
        GameMode.HUMAN_VS_AI, PlayerSpec.human("Alice"), PlayerSpec.ai("sera"), start, seed=3
    )
    window.new_game(setup)
    controller = window.controller
    settle(qtbot, window)
    controller.play_human(0, 2)  # X wins at once
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    assert records.games == []
    assert "set-up position" in controller.game_over_info.save_note
    # The greeting is not shown either: the game counts for nobody.
    assert controller.game_over_info.saved_id is None


def test_a_relaunch_opens_an_idle_game_of_the_last_kind(
    qtbot: QtBot, settings: QSettings, records: InMemoryRecords
) -> None:
    # The last New Game was an AI vs AI series (as the dialog remembers it).
    settings.setValue("newGame/mode", GameMode.AI_VS_AI.value)
    settings.setValue("newGame/games", 5)
    settings.setValue("newGame/speed", 0)
    window = MainWindow(settings, records)
    qtbot.addWidget(window)
    window.show()
    controller = window.controller
    assert controller.setup.mode is GameMode.AI_VS_AI
    assert controller.paused
    # The bar shows the game as paused, with play (not pause) on offer.
    assert window.autoplay_bar.isVisibleTo(window)
    assert window.autoplay_bar.pause_button.isChecked()
    assert window.autoplay_bar.pause_button.text() == "Resume"
    qtbot.waitUntil(
        lambda: controller.current_result is not None and not controller.engine_busy(),
        timeout=5000,
    )
    # The engine analysed the position for the dock but chose no move: nothing is played.
    assert controller.moves == ()
    assert controller.tally.games == 0
    # A person starts the series.
    controller.set_paused(False)
    qtbot.waitUntil(lambda: len(controller.moves) >= 1, timeout=5000)
    window.close()


def test_resigning_ends_the_game_as_a_loss(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_ai("cop"))
    controller = window.controller
    settle(qtbot, window)
    controller.resign()
    assert controller.session.is_over
    assert controller.session.winner is not None
    assert "resigned" in controller.session.result_words()


def test_a_big_board_analysis_reports_each_depth_and_can_be_stopped_and_restarted(
    qtbot: QtBot, window: MainWindow
) -> None:
    start = Board.empty(GOMOKU)
    setup = GameSetup(
        GameMode.HUMAN_VS_HUMAN, PlayerSpec.human("Ann"), PlayerSpec.human("Ben"), start
    )
    controller = window.controller
    controller.set_time_limit(0.3)
    assert controller.time_limit == 0.3
    infos: list[object] = []
    controller.search_info.connect(infos.append)
    window.new_game(setup)
    controller.play_human(7, 7)
    qtbot.waitUntil(
        lambda: controller.current_result is not None and not controller.engine_busy(),
        timeout=20000,
    )
    result = controller.current_result
    assert result is not None
    assert result.analysis.certainty is Certainty.ESTIMATED
    depths = [info.depth for info in infos if info.depth]
    assert depths
    assert depths[-1] == result.analysis.depth
    # Stop: the engine goes quiet and says so; restart: a fresh analysis of the same board.
    controller.restart_analysis()
    assert controller.engine_busy()
    with qtbot.waitSignal(controller.message, timeout=5000) as stopped:
        controller.stop_analysis()
    assert "stopped" in stopped.args[0]
    assert not controller.engine_busy()
    controller.restart_analysis()
    qtbot.waitUntil(
        lambda: controller.current_result is not None and not controller.engine_busy(),
        timeout=20000,
    )
    assert controller.current_result.state.marks_board() == controller.board


BRAIN = Path(__file__).parents[1] / "session" / "protocol_brain.py"


def brain(mode: str) -> str:
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(BRAIN))} {mode}"


def test_an_external_engine_plays_in_the_window_and_the_game_is_recorded(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    variant = get_variant("7x7k4")
    setup = GameSetup(
        GameMode.AI_VS_AI,
        PlayerSpec.engine(brain("good")),
        PlayerSpec.ai("kitty"),
        Board.empty(variant),
        move_delay_ms=0,
        seed=5,
    )
    window.new_game(setup)
    controller = window.controller
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=60000)
    assert controller.board.is_over
    assert len(records.games) == 1
    game = records.games[0]
    assert game.game == "7x7k4"
    assert game.x.name.startswith("engine:")


def test_an_engine_that_breaks_the_protocol_loses_with_the_reason(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    setup = GameSetup(
        GameMode.AI_VS_AI,
        PlayerSpec.ai("kitty"),
        PlayerSpec.engine(brain("garbled-move")),
        Board.empty(get_variant("gomoku")),
        move_delay_ms=0,
        seed=6,
    )
    window.new_game(setup)
    controller = window.controller
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=60000)
    session = controller.session
    assert session.winner == 0  # Kitty (X) wins: the engine answered garbage
    assert session.forfeit_reason
    assert session.forfeit_reason in controller.game_over_info.headline
    assert records.games[0].resigned == "O"


def test_what_a_crashing_engine_wrote_is_shown_and_recorded_escaped(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    setup = GameSetup(
        GameMode.AI_VS_AI,
        PlayerSpec.engine(brain("hostile-crash")),
        PlayerSpec.ai("kitty"),
        Board.empty(get_variant("7x7k4")),
        move_delay_ms=0,
        seed=6,
    )
    window.new_game(setup)
    controller = window.controller
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=60000)
    escaped = "boom \\x1b[2J\\x1b]0;pwned\\x07\\u202eevil\\u200b"
    assert controller.session.forfeit_reason.endswith(f"it said: {escaped}")
    info = controller.game_over_info
    assert escaped in info.headline
    assert not any(ch in info.headline for ch in "\x1b\x07\u202e\u200b")
    assert records.games[0].resigned == "X"
    assert json.loads(records.games[0].extra or "{}")["forfeit"].endswith(escaped)


def test_lines_an_engine_garbles_are_reported_in_the_window_and_the_game_goes_on(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    setup = GameSetup(
        GameMode.AI_VS_AI,
        PlayerSpec.engine(brain("noise")),
        PlayerSpec.ai("kitty"),
        Board.empty(get_variant("7x7k4")),
        move_delay_ms=0,
        seed=6,
    )
    controller = window.controller
    with qtbot.waitSignal(
        controller.message,
        timeout=30000,
        check_params_cb=lambda text: "neither an answer nor a move" in text,
    ) as noted:
        window.new_game(setup)
    assert noted.args == [
        f"{Path(sys.executable).name} printed 3 lines that were neither an answer nor a move, "
        "skipped; the last: 'eval 12'"
    ]
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=60000)
    assert not controller.session.forfeit_reason
    assert len(records.games) == 1


def test_new_game_offers_an_external_engine_as_a_player(
    qtbot: QtBot, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    dialog.set_mode(GameMode.HUMAN_VS_AI)
    combo = dialog.opponent_combo
    index = combo.findText("External engine…")
    assert index >= 0
    # No program chosen: the persona stays.
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: ("", ""))
    combo.setCurrentIndex(index)
    combo.activated.emit(index)
    assert combo.currentText() != "External engine…"
    # A program chosen: the opponent is that engine, named by its file.
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *args, **kwargs: ("/opt/engines/pbrain-x", "")
    )
    combo.setCurrentIndex(index)
    combo.activated.emit(index)
    assert dialog.is_valid()
    setup = dialog.setup()
    engine = setup.o if setup.x.kind.value == "human" else setup.x
    assert engine.is_engine
    assert engine.name == "/opt/engines/pbrain-x"
    assert engine.display_name == "pbrain-x"


def test_the_fastest_speed_is_watchable_and_instant_is_separate(
    qtbot: QtBot, window: MainWindow
) -> None:
    bar = window.autoplay_bar
    delays: list[int] = []
    bar.delay_changed.connect(delays.append)
    bar.speed.setValue(bar.speed.maximum())
    assert delays[-1] == FASTEST_DELAY_MS > 0
    bar.instant.setChecked(True)
    assert delays[-1] == 0
    assert not bar.speed.isEnabled()
    bar.instant.setChecked(False)
    assert delays[-1] == FASTEST_DELAY_MS
    bar.set_delay(0)
    assert bar.instant.isChecked()
    bar.set_delay(700)
    assert not bar.instant.isChecked()
    assert speed_to_delay(bar.speed.value()) == 700
