"""A game given up says so wherever it is shown again: History's Result column and the end of
its replay, for every game that may be given up (a game decided by points, Row & Column, ends
on the board and keeps its score)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine import Mark
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.records.history import COLUMNS
from tictactoe_gui.records_bridge import state_finished_game
from tictactoe_gui.session.record_words import result_sentence, result_words
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import FinishedGame, GameMode, Side

BEGAN = datetime(2026, 4, 1, 18, 0, tzinfo=UTC)
#: Every game that may be given up: k in a row small and big, and Connect Four.
GIVEN_UP = ("tictactoe", "gomoku", "connect4")
#: What the end of a replay says, by game: one clause, its full stop after it, alike in
#: every game.
SAID = dict.fromkeys(GIVEN_UP, "Ada (X) resigned; Cop (O) wins.")


def resigned_game(game: str, plies: int = 2) -> FinishedGame:
    """Ada (X) against Cop (O): ``plies`` moves (the first legal each time), then the side to
    move gives up."""
    state = find_game(game).new_game()
    for _ in range(plies):
        state = state.play(state.legal_moves()[0])
    seat = state.to_move
    assert seat is not None
    return state_finished_game(
        state, Side.human("Ada"), Side.persona("cop"), GameMode.HUMAN_VS_AI, BEGAN, BEGAN,
        resigned=seat,
    )  # fmt: skip


@pytest.fixture
def window(qtbot: QtBot, settings: QSettings, repo: Repository) -> Iterator[MainWindow]:
    window = MainWindow(settings, repo)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


@pytest.mark.parametrize("game", GIVEN_UP)
def test_the_result_of_a_game_given_up_says_who_resigned(game: str) -> None:
    assert result_words(resigned_game(game)) == "Ada (X) resigned; Cop (O) wins"
    assert result_words(resigned_game(game, plies=3)) == "Cop (O) resigned; Ada (X) wins"
    sentence = result_sentence(resigned_game(game), 2)
    assert sentence == "Ada (X) resigned; Cop (O) wins, after 2 moves"


def test_a_game_ended_on_the_board_says_only_its_result() -> None:
    spec = find_game("connect4")
    state = spec.new_game().play_all(spec.new_game().read_moves("4455667"))
    game = state_finished_game(
        state, Side.human("Ada"), Side.persona("cop"), GameMode.HUMAN_VS_AI, BEGAN, BEGAN
    )
    assert result_words(game) == "Ada (X) wins"


@pytest.mark.parametrize("game", GIVEN_UP)
def test_history_and_the_end_of_a_replay_say_the_game_was_resigned(
    qtbot: QtBot, window: MainWindow, repo: Repository, game: str
) -> None:
    game_id = repo.save_game(resigned_game(game))
    history = window.show_history()
    assert history is not None
    model = history.model  # type: ignore[attr-defined]
    # The History says it as the end of the game's replay says it.
    said = model.data(model.index(0, COLUMNS.index("Result")))

    window.replay_recorded_game(repo.game(game_id))
    for _ in range(2):
        window.game_replay_step(1)
    # At the recorded end, where it was X's turn: the resignation, not whose turn it is.
    assert SAID[game] in window.turn_label.text()
    assert SAID[game] == f"{said}."
    assert "to move" not in window.turn_label.text()
    assert "to drop" not in window.turn_label.text()
    assert SAID[game] in window.announcer.spoken[-1]
    # The board, read by a screen reader, says so too where it would say whose turn it is.
    window.board_view.describe_now()
    description = window.board_view.accessibleDescription()
    assert SAID[game] in description
    assert "X to move" not in description
    # Nobody is to move there: beside the board the winner is picked out, not X, whose
    # turn it was, and each side's name says which resigned and which won.
    bar = window.players_bar
    assert bar.picked_out is Mark.O
    assert [label.accessibleName() for label in player_labels(window)] == [
        "X: Ada, resigned",
        "O: Cop, wins",
    ]
    # A step back is a position of the game like any other.
    window.game_replay_step(-1)
    assert "resigned" not in window.turn_label.text()
    assert bar.picked_out is Mark.O  # O to move after X's first move
    assert [label.accessibleName() for label in player_labels(window)] == ["X: Ada", "O: Cop"]
    window.game_replay_end()
    assert SAID[game] in window.turn_label.text()
    assert bar.picked_out is Mark.O
    window.game_replay_step(-2)
    assert bar.picked_out is Mark.X


def player_labels(window: MainWindow) -> list[QLabel]:
    labels = [window.players_bar.findChild(QLabel, f"player{mark}") for mark in Mark]
    assert all(label is not None for label in labels)
    return [label for label in labels if label is not None]
