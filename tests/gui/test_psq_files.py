"""Piskvork's .psq game files in the window: Open replays one, Save writes one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_human, play, start
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.field_formats import read_psq
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.main_window import MainWindow

GOMOKU = get_variant("gomoku")
#: x, y from 1 (column from the left, row from the top): h8 is the centre of 15×15.
PSQ = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,120\n9,8,0\n-1\npbrain-a\npbrain-b\n-1\n"


def test_a_psq_file_opens_as_a_replay_of_its_moves(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "gomocup.psq"
    path.write_text(PSQ)
    assert window.open_game_file(path)
    controller = window.controller
    assert controller.replaying
    first = start(window)
    assert first == Board.empty(GOMOKU)
    assert controller.replay_moves is not None
    assert tuple(first.move_at(m) for m in controller.replay_moves) == (
        Move(7, 7),
        Move(8, 8),
        Move(7, 8),
    )
    assert "pbrain-a (X) vs pbrain-b (O)" in window.windowTitle()


def test_a_game_saved_as_psq_reads_back_the_same(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.new_game(replace(human_vs_human(), start=Board.empty(GOMOKU)))
    for move in (Move(7, 7), Move(0, 14), Move(7, 8)):
        assert play(window, move.row, move.col)
    path = tmp_path / "mine.psq"
    assert window.save_game_to(path)
    state = read_psq(path.read_text()).state
    assert state.spec.id == "gomoku"
    assert state.move_list_text() == "h8, o15, i8"
