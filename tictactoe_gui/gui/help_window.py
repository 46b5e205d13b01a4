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
from tictactoe_gui.engine.variants import Family, Variant

#: Each family's rules page in ``resources/help/``; a family without one opens the index.
RULES_PAGES = {
    Family.MNK: "k-in-a-row.md",
    Family.ROWCOL: "row-and-column.md",
    Family.GRAVITY: "connect-four.md",
}
INDEX_PAGE = "README.md"
PLAYING_PAGE = "playing.md"
SHORTCUTS_HEADING = "## Keyboard shortcuts"


def help_directory() -> Path:
    """Where the help pages are, from a checkout, a wheel or the bundle."""
    return asset_path("help")


def rules_page(variant: Variant) -> Path:
    """The page of ``variant``'s rules (the index of every page for a game without its own)."""
    return help_directory() / RULES_PAGES.get(variant.family, INDEX_PAGE)


def how_to_play_markdown(variant: Variant) -> str:
    """The board being played in a paragraph, then its game's rules page, then the way on."""
    parts = []
    if variant.family is Family.MNK:
        keys = (
            "1 to 9 in keypad layout, or the arrows and Enter"
            if variant.is_tictactoe
            else "the arrows (Home, End, Page Up and Page Down jump) and Enter"
        )
        parts.append(
            f"# How to play {variant.name}\n\n"
            f"{variant.rows} rows by {variant.cols} columns. Take turns placing marks; X always "
            f"moves first. {variant.k} or more in a row — across, down or diagonally — wins. A "
            "full board with no line is a draw. Click a cell to play it, or use the keys: "
            f"{keys} (see [Playing and the keyboard](playing.md)). Cells are named by column "
            "letter and row number, **a1** being the bottom-left cell.\n"
        )
    parts.append(rules_page(variant).read_text(encoding="utf-8"))
    parts.append("Every help page: [the index](README.md).\n")
    return "\n".join(parts)


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
