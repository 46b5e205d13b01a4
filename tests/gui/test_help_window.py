"""The Help window shows the help pages in resources/help/, the ones the README links to."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument
from pytestqt.qtbot import QtBot

from tictactoe_gui.assets import asset_path
from tictactoe_gui.engine.games import Game, GameSpec, find_game, registered_games
from tictactoe_gui.gui.help_window import (
    HelpWindow,
    how_to_play_markdown,
    rules_page,
)
from tictactoe_gui.gui.main_window import MainWindow


def as_text(markdown: str) -> str:
    """Markdown as the window's reader turns it into text."""
    document = QTextDocument()
    document.setMarkdown(markdown)
    return document.toPlainText()


def rendered(page: str) -> str:
    """A help page as the window shows it."""
    return as_text(asset_path(f"help/{page}").read_text(encoding="utf-8"))


def help_window(qtbot: QtBot, spec: GameSpec) -> HelpWindow:
    window = HelpWindow("How to Play", how_to_play_markdown(spec))
    qtbot.addWidget(window)
    return window


def test_f1_shows_the_rules_page_of_the_game_on_the_board(qtbot: QtBot, window: MainWindow) -> None:
    window.how_to_play_action.trigger()
    shown = window.findChild(HelpWindow)
    assert shown is not None
    qtbot.waitExposed(shown)
    text = shown.text()
    assert "How to play Tic-tac-toe" in text
    assert "3 rows by 3 columns" in text
    assert rendered("k-in-a-row.md") in text
    shown.close()


def test_each_game_opens_on_its_own_rules_page(qtbot: QtBot) -> None:
    four = help_window(qtbot, find_game("four"))
    assert "How to play Four in a Row" in four.text()
    assert "20 rows by 20 columns" in four.text()
    assert rendered("k-in-a-row.md") in four.text()

    page = help_window(qtbot, find_game("rowcol5")).text()
    assert rendered("row-and-column.md") in page
    assert "share a row or a column with the last cell taken" in page
    assert rendered("k-in-a-row.md") not in page

    connect4 = help_window(qtbot, find_game("connect4")).text()
    assert "How to play Connect Four" in connect4
    assert "6 rows by 7 columns" in connect4
    assert "press its number (1 to 7)" in connect4
    assert rendered("connect-four.md") in connect4
    assert rendered("k-in-a-row.md") not in connect4


@pytest.mark.parametrize("game", registered_games(), ids=lambda game: game.key)
def test_every_registered_game_has_a_rules_page_of_its_own(game: Game) -> None:
    for spec in game.listed:
        page = rules_page(spec)
        assert page.name != "README.md", spec.id
        assert page.is_file()
        assert spec.board_paragraph().startswith(f"# How to play {spec.name}")


def test_a_game_without_a_page_of_its_own_opens_the_index(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = find_game("connect4")
    monkeypatch.setattr(type(spec), "rules_page", "no-such-page.md")
    assert rules_page(spec).name == "README.md"
    assert rendered("README.md") in help_window(qtbot, spec).text()
