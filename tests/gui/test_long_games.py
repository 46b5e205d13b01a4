"""What players of long games expect: the move list, looking back, copy and paste,
saving and opening a game, resigning and the rules of each game in Help."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from tests.gui.helpers import analysed, answer, human_vs_ai, human_vs_human, settle
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.game_controller import State
from tictactoe_gui.gui.main_window import MainWindow

FOUR = get_variant("four")
OPENING = (Move(9, 9), Move(9, 10), Move(10, 9), Move(10, 10), Move(11, 9))


def four_game(qtbot: QtBot, window: MainWindow, moves: tuple[Move, ...] = OPENING) -> None:
    window.new_game(replace(human_vs_human(), start=Board.empty(FOUR)))
    for move in moves:
        assert window.controller.play_human(move.row, move.col) is not False
    qtbot.waitUntil(lambda: window.board_view.board.ply == len(moves), timeout=5000)


def test_the_move_list_names_every_move_with_its_round(qtbot: QtBot, window: MainWindow) -> None:
    four_game(qtbot, window)
    model = window.moves_dock.model
    assert model.rowCount() == 5
    shown = [model.data(model.index(row, 0)) for row in range(model.rowCount())]
    assert shown == ["1. j11", "1… k11", "2. j10", "2… k10", "3. j9"]
    said = model.data(model.index(4, 0), Qt.ItemDataRole.AccessibleTextRole)
    assert said == "Move 5: X j9"
    assert window.moves_dock.shown_ply() == 5
    selected = window.moves_dock.table.selectionModel().selectedIndexes()
    assert [model.ply_at(i) for i in selected] == [5]


def test_selecting_a_move_goes_to_that_position_and_redo_plays_the_line_on(
    qtbot: QtBot, window: MainWindow
) -> None:
    four_game(qtbot, window)
    controller = window.controller
    window.moves_dock.select_ply(2)
    assert controller.board == Board.empty(FOUR).play_all(OPENING[:2])
    assert window.board_view.board == controller.board
    assert window.board_view.last_move == OPENING[1]
    assert controller.undone_moves() == OPENING[2:]
    controller.redo()
    assert controller.board.ply == 3
    assert window.moves_dock.shown_ply() == 3
    window.moves_dock.select_ply(5)
    assert controller.board == Board.empty(FOUR).play_all(OPENING)
    assert controller.undone_moves() == ()


def test_in_a_replay_the_move_list_steps_the_replay(qtbot: QtBot, window: MainWindow) -> None:
    window.start_replay("a replay", Board.empty(FOUR), OPENING)
    window.controller.replay_seek(5)
    qtbot.waitUntil(lambda: window.moves_dock.model.rowCount() == 5, timeout=5000)
    window.moves_dock.select_ply(2)
    assert window.controller.state is State.REPLAY
    assert window.controller.board == Board.empty(FOUR).play_all(OPENING[:2])


def test_copy_and_paste_a_position_and_a_move_list(qtbot: QtBot, window: MainWindow) -> None:
    four_game(qtbot, window)
    clipboard = QGuiApplication.clipboard()
    window.copy_position()
    assert Board.from_text(clipboard.text(), FOUR) == window.controller.board
    window.copy_moves()
    assert clipboard.text() == "j11, k11, j10, k10, j9"
    # Pasting the move list studies that game on this board, every move in the list.
    window.new_game(replace(human_vs_human(), start=Board.empty(FOUR)))
    assert window.paste_position()
    assert window.controller.moves == OPENING
    assert window.controller.setup.record is False
    assert window.moves_dock.model.rowCount() == 5
    # A position pastes as the start of a study.
    position = Board.empty(FOUR).play_all(OPENING[:3])
    assert window.paste_position(position.to_text())
    assert window.controller.board == position
    # Text that is neither: one line in the status bar, the game unchanged.
    for bad in ("hello there", "a1, a1", "z99", "20/20"):
        assert not window.paste_position(bad)
        message = window.statusBar().currentMessage()
        assert message.startswith("Nothing pasted: ")
        assert "\n" not in message
        assert window.controller.board == position


def test_a_game_saved_to_a_file_opens_again_to_play_on(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    four_game(qtbot, window)
    path = tmp_path / "long game.json"
    assert window.save_game_to(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "four"
    assert [node.get("move") for node in data["tree"]] == [None, "j11", "k11", "j10", "k10", "j9"]
    assert [seat["name"] for seat in data["players"]["seats"]] == ["Alice", "Bob"]
    assert data["result"] is None
    window.new_game(human_vs_human())
    assert window.open_game_file(path)
    controller = window.controller
    assert controller.state is State.PLAYING
    assert controller.board == Board.empty(FOUR).play_all(OPENING)
    assert "Alice (X) vs Bob (O)" in window.windowTitle()


def test_opening_a_bad_file_in_the_window_keeps_the_game(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    four_game(qtbot, window)
    path = tmp_path / "bad.json"
    path.write_text("{}", encoding="utf-8")
    assert not window.open_game_file(path)
    assert window.controller.board == Board.empty(FOUR).play_all(OPENING)
    assert not (tmp_path / "missing.json").exists()
    assert not window.open_game_file(tmp_path / "missing.json")


def test_resign_ends_the_game_as_a_loss_for_the_side_that_resigns(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(replace(human_vs_ai("cop"), start=Board.empty(get_variant("gomoku"))))
    settle(qtbot, window)
    window.controller.play_human(7, 7)
    settle(qtbot, window)
    window.resign_action.trigger()
    (box,) = window.findChildren(QMessageBox, "confirmBox")  # asked first: say yes
    answer(box)
    qtbot.waitUntil(lambda: window.controller.game_over_info is not None, timeout=5000)
    assert window.controller.state is State.OVER
    assert "resign" in window.banner.headline.text().lower()


def test_help_describes_the_game_being_played_and_every_game(
    qtbot: QtBot, window: MainWindow
) -> None:
    four_game(qtbot, window, ())
    help_window = window.show_how_to_play()
    text = help_window.text()
    assert "How to play Four in a Row" in text
    assert "4 or more in a row" in text
    for name in ("Tic-tac-toe", "Four in a Row", "Gomoku", "4×4, three in a row", "custom"):
        assert name in text
    assert "a1 being the bottom-left cell" in text
    help_window.close()
    analysed(qtbot, window)


def test_the_dock_follows_a_big_board_search_live_and_can_stop_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    dock = window.analysis_dock
    assert not dock.stop_button.isHidden()  # the controller can stop a search
    window.analysis_dock.set_time_budget(30.0)  # long enough to catch it searching
    assert window.controller.time_limit == 30.0
    four_game(qtbot, window, OPENING[:2])
    # Each completed depth reaches the dock while the search goes on.
    qtbot.waitUntil(lambda: "searching" in dock.depth_text(), timeout=20000)
    assert dock.game_analysis is None
    assert dock.certainty_text().startswith("Estimate · depth ")
    with qtbot.waitSignal(window.controller.message, timeout=5000) as blocker:
        dock.stop_button.click()
    assert "stopped" in blocker.args[0]
    qtbot.waitUntil(lambda: not window.controller.engine_busy(), timeout=5000)
    window.analysis_dock.set_time_budget(0.5)
    dock.restart_button.click()
    analysed(qtbot, window, timeout=20000)
    assert dock.game_analysis is not None
    assert dock.game_state == window.controller.session.state
