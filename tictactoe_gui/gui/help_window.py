"""The Help windows: How to Play and the keyboard shortcuts, from ``resources/help/``.

The pages the windows show are the same Markdown files the README links to, so
the help in the app and the help on the web are one text. How to Play opens on
the rules page of the game on the board, under a short paragraph about the board
being played (its size, its k, its keys); Keyboard Shortcuts shows the keyboard
section of the playing page. Links between pages are followed in the window,
and web links open in the browser.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from tictactoe_gui.assets import asset_path
from tictactoe_gui.engine.games import GameSpec

INDEX_PAGE = "README.md"
PLAYING_PAGE = "playing.md"
SHORTCUTS_HEADING = "## Keyboard shortcuts"


def help_directory() -> Path:
    """Where the help pages are, from a checkout, a wheel or the bundle."""
    return asset_path("help")


def rules_page(spec: GameSpec) -> Path:
    """The page of the game's rules (the index of every page for a game without its own)."""
    page = help_directory() / spec.rules_page
    return page if page.is_file() else help_directory() / INDEX_PAGE


def how_to_play_markdown(spec: GameSpec) -> str:
    """The board being played in a paragraph, then its game's rules page, then the way on."""
    return "\n".join(
        (
            spec.board_paragraph(),
            rules_page(spec).read_text(encoding="utf-8"),
            "Every help page: [the index](README.md).\n",
        )
    )


def shortcuts_markdown() -> str:
    """The keyboard section of the playing page (up to the page's next section)."""
    page = (help_directory() / PLAYING_PAGE).read_text(encoding="utf-8")
    start = page.index(SHORTCUTS_HEADING + "\n")
    end = page.find("\n## ", start + len(SHORTCUTS_HEADING))
    section = page[start:] if end < 0 else page[start : end + 1]
    return (
        f"{section.rstrip()}\n\nThe rest of playing: [Playing and the keyboard]({PLAYING_PAGE}).\n"
    )


class HelpWindow(QDialog):
    """A window that shows the help pages, starting at ``markdown``."""

    def __init__(self, title: str, markdown: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("helpWindow")
        self.resize(720, 640)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("helpBrowser")
        self.browser.setAccessibleName(title)
        self.browser.setOpenExternalLinks(True)
        # Relative links ("playing.md") are looked up here and shown as Markdown.
        self.browser.setSearchPaths([str(help_directory())])
        self.browser.setMarkdown(markdown)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)

    def text(self) -> str:
        """The page being shown, as plain text."""
        return self.browser.toPlainText()

    def open_page(self, name: str) -> None:
        """Show another help page by its file name, as a click on a link to it does."""
        self.browser.setSource(QUrl(name))
