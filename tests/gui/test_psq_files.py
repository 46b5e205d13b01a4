"""Piskvork's .psq game files in the window: Open replays one, Save writes one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_human
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.field_formats import read_psq
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui import game_file
from tictactoe_gui.gui.game_controller import State
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
    assert controller.state is State.REPLAY
    assert controller.replay_moves == (Move(7, 7), Move(8, 8), Move(7, 8))
    assert controller.start == Board.empty(GOMOKU)
    assert "pbrain-a vs pbrain-b" in window.windowTitle()


def test_a_game_saved_as_psq_reads_back_the_same(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.new_game(replace(human_vs_human(), start=Board.empty(GOMOKU)))
    for move in (Move(7, 7), Move(0, 14), Move(7, 8)):
        window.controller.play_human(move.row, move.col)
    path = tmp_path / "mine.psq"
    assert window.save_game_to(path)
    state = read_psq(path.read_text()).state
    assert state.spec.id == "gomoku"
    assert state.move_list_text() == "h8, o15, i8"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", "bad.psq, line 3: cell h8 is already taken"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n0,0,0\n", "bad.psq, line 3: 0,0 is off the board"),
        ("4453\n", "holds a game of column digits"),
        # Named .psq, it is said not to be a Piskvork game, not "not JSON".
        ("garbage\nnot a game\n", "bad.psq, line 1: not a Piskvork game"),
    ],
)
def test_a_bad_psq_file_is_one_line(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "bad.psq"
    path.write_text(text)
    with pytest.raises(game_file.GameFileError) as caught:
        game_file.load(path)
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)
