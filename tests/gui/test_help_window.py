"""The Help window shows the help pages in resources/help/, the ones the README links to."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument
from pytestqt.qtbot import QtBot

from tictactoe_gui.assets import asset_path
from tictactoe_gui.engine.variants import Family, Variant, get_variant
from tictactoe_gui.gui.help_window import (
    RULES_PAGES,
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


def help_window(qtbot: QtBot, variant: Variant) -> HelpWindow:
    window = HelpWindow("How to Play", how_to_play_markdown(variant))
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
    four = help_window(qtbot, get_variant("four"))
    assert "How to play Four in a Row" in four.text()
    assert "20 rows by 20 columns" in four.text()
    assert rendered("k-in-a-row.md") in four.text()

    rowcol = get_variant("rowcol5")
    assert rowcol.family is Family.ROWCOL
    page = help_window(qtbot, rowcol).text()
    assert rendered("row-and-column.md") in page
    assert "share a row or a column with the last cell taken" in page
    assert rendered("k-in-a-row.md") not in page


@pytest.mark.parametrize("family", list(Family))
def test_every_kind_of_game_has_a_rules_page(family: Family) -> None:
    variant = Variant(f"{family}-test", "Test", 6, 7, 4, family=family)
    page = rules_page(variant)
    assert page.name != "README.md"
    assert page.is_file()


def test_a_game_without_a_page_of_its_own_opens_the_index(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(RULES_PAGES, Family.GRAVITY)
    gravity = Variant("gravity-test", "Gravity test", 6, 7, 4, family=Family.GRAVITY)
    assert rules_page(gravity).name == "README.md"
    assert rendered("README.md") in help_window(qtbot, gravity).text()


def test_links_between_pages_are_followed_in_the_window(qtbot: QtBot) -> None:
    window = help_window(qtbot, get_variant("tictactoe"))
    links = window.browser.document().toMarkdown()
    assert "(playing.md)" in links
    assert "(README.md)" in links
    window.open_page("README.md")
    assert window.text() == rendered("README.md")
    window.open_page("row-and-column.md")
    assert window.text() == rendered("row-and-column.md")
    window.browser.backward()
    assert window.text() == rendered("README.md")


def test_the_shortcuts_window_shows_the_keyboard_table_of_the_playing_page(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.shortcuts_action.trigger()
    shown = window.findChild(HelpWindow)
    assert shown is not None
    qtbot.waitExposed(shown)
    page = asset_path("help/playing.md").read_text(encoding="utf-8")
    section = page[page.index("## Keyboard shortcuts") :]
    assert as_text(section) in shown.text()
    assert "Ctrl+Shift+Z" in shown.text()
    # The rest of the playing page stays there, a link away.
    assert as_text(page[: page.index("## Keyboard shortcuts")]) not in shown.text()
    shown.open_page("playing.md")
    assert shown.text() == rendered("playing.md")
    shown.close()
