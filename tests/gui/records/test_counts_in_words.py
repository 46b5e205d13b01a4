"""The history window counts as words do: "1 game", never "1 games"."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tests.storage.games import one_move_game
from tictactoe_gui.gui.records import HistoryDialog
from tictactoe_gui.storage import Repository


def test_the_history_window_counts_one_game(qtbot: QtBot, repo: Repository) -> None:
    one_move_game(repo)
    dialog = HistoryDialog(repo)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.model.rowCount() == 1)
    assert dialog.count.text() == "1 game."
