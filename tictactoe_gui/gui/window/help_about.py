"""The main window's help, About box, notices and the report of an unexpected error."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot

from tictactoe_gui import APP_DISPLAY_NAME, __version__
from tictactoe_gui.assets import asset_path
from tictactoe_gui.gui.window.base import (
    WindowBase,
    later,
)

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QMessageBox

    from tictactoe_gui.gui.help_window import HelpWindow


class HelpPart(WindowBase):
    """Help pages, About, notices and unexpected errors."""

    def show_notice(self, title: str, text: str) -> QMessageBox:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(
            QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self
        )
        later.name_message_box_icon(box)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def set_error_log(self, path: Path | None) -> None:
        """Where unexpected errors are written (the About box says so)."""
        self._error_log = path

    def show_unexpected_error(self, summary: str, details: str) -> QMessageBox:
        """Say what went wrong, keep the game (it can still be saved) and unstick it."""
        from PySide6.QtWidgets import QMessageBox

        text = f"Something went wrong: {summary}"
        self.statusBar().showMessage(text)
        where = (
            f" The details are written to {self._error_log}." if self._error_log is not None else ""
        )
        box = self._error_box
        if box is None or not box.isVisible():
            box = QMessageBox(
                QMessageBox.Icon.Warning,
                "Unexpected Error",
                text,
                QMessageBox.StandardButton.Ok,
                self,
            )
            later.name_message_box_icon(box)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.destroyed.connect(self._forget_error_box)
            self._error_box = box
            box.open()
        box.setText(text)
        box.setInformativeText(
            "The game on the board is kept: play on, undo, or save it with Save Game "
            f"(Ctrl+S).{where}"
        )
        box.setDetailedText(details)
        try:
            if self.controller_ready:
                self.controller.recover()
        except Exception as error:  # already reporting an error: never recurse
            self.statusBar().showMessage(f"{text} (and then {type(error).__name__}: {error})")
        return box

    def _forget_error_box(self) -> None:
        self._error_box = None

    @Slot()
    def show_how_to_play(self) -> HelpWindow:
        """The rules page of the game on the board, from the help pages the README links to."""
        from tictactoe_gui.gui.help_window import how_to_play_markdown

        return self._show_help("How to Play", how_to_play_markdown(self.controller.state.spec))

    @Slot()
    def show_shortcuts(self) -> HelpWindow:
        """The keyboard section of the playing page, the one the README links to."""
        from tictactoe_gui.gui.help_window import shortcuts_markdown

        return self._show_help("Keyboard Shortcuts", shortcuts_markdown())

    def _show_help(self, title: str, markdown: str) -> HelpWindow:
        from tictactoe_gui.gui.help_window import HelpWindow

        window = HelpWindow(title, markdown, self)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.show()
        return window

    @Slot()
    def show_about(self) -> QMessageBox:
        return self._show_text(
            f"About {APP_DISPLAY_NAME}",
            f"<h3>{APP_DISPLAY_NAME} {__version__}</h3>"
            "<p>A tic-tac-toe game and study tool: three AI personas, a live analysis "
            "dock and a record of every game.</p><p>MIT licence. Built with Qt for Python "
            f"(PySide6 {_pyside_version()}).</p>" + self._error_log_words(),
        )

    def _error_log_words(self) -> str:
        if self._error_log is None:
            return "<p>Unexpected errors are shown but not logged (no data folder).</p>"
        from html import escape  # here, not in the window's first frame

        return f"<p>Unexpected errors are logged to {escape(str(self._error_log))}.</p>"

    def _show_text(self, title: str, html: str) -> QMessageBox:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(self)
        box.setWindowTitle(title)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(html)
        box.setIcon(QMessageBox.Icon.NoIcon)
        icon = _app_icon()
        if icon is not None:
            box.setIconPixmap(icon.pixmap(64, 64))
            later.name_message_box_icon(box, f"{APP_DISPLAY_NAME} icon")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box


def _app_icon() -> QIcon | None:
    from PySide6.QtGui import QIcon

    try:
        return QIcon(str(asset_path("icons/tictactoe-gui.svg")))
    except FileNotFoundError:
        return None


def _pyside_version() -> str:
    import PySide6

    return PySide6.__version__
