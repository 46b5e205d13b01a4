"""The strip above the board: who plays X, who plays O, and whose turn it is.

Part of the window's first frame (see :class:`~.main_window.MainWindow`), so it
imports only the board and its colours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from tictactoe_gui.engine import Board, Mark
from tictactoe_gui.gui.board_view import mark_colour

if TYPE_CHECKING:
    from tictactoe_gui.gui.game_controller import GameSetup


#: What ``html.escape`` does to a name shown as rich text (the ``html`` module and its table
#: of entities are left out of the first frame).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})

#: The game-over banner's headline is this much bigger than the text, and bold.
BANNER_HEADLINE_SCALE = 1.6
#: The banner's margins (top and bottom) and the space between its lines.
BANNER_MARGIN = 10
BANNER_SPACING = 3
#: Lines of text under the headline (a persona's word and each side's accuracy, each cut
#: short to one line; a note sits beside the headline), and room for the banner's frame.
BANNER_LINES = 3
BANNER_FRAME = 4


def banner_room(widget: QWidget) -> int:
    """The height the game-over banner takes, whatever an ending's words.

    The players bar keeps that much room while a game is played, and the banner takes
    the bar's place when it ends, so the board does not move when a game ends."""
    font = QFont(widget.font())
    font.setPointSizeF(font.pointSizeF() * BANNER_HEADLINE_SCALE)
    font.setBold(True)
    headline = QFontMetrics(font).height()
    line = widget.fontMetrics().height()
    lines = BANNER_LINES * (line + BANNER_SPACING)
    return 2 * BANNER_MARGIN + headline + lines + BANNER_FRAME


class PlayersBar(QFrame):
    """Who plays X and who plays O, with the side to move (or the winner) picked out."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playersBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        self._labels = {mark: QLabel() for mark in Mark}
        self._names = {Mark.X: "", Mark.O: ""}
        self._board: Board | None = None
        self._resigned: Mark | None = None
        self._active: Mark | None = None
        layout.addStretch(1)
        for mark, label in self._labels.items():
            label.setObjectName(f"player{mark}")
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setMinimumWidth(150)
            font = QFont(label.font())
            font.setPointSizeF(font.pointSizeF() * 1.15)
            label.setFont(font)
            # At their own height in the bar's room (the banner's, kept for the ending).
            layout.addWidget(label, 0, Qt.AlignmentFlag.AlignVCenter)
            if mark is Mark.X:
                versus = QLabel("vs")
                versus.setEnabled(False)
                layout.addWidget(versus, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addStretch(1)
        self.setMinimumHeight(banner_room(self))

    def show_players(self, setup: GameSetup) -> None:
        self.show_names(setup.x.display_name, setup.o.display_name)

    def show_names(self, x_name: str, o_name: str) -> None:
        """The names of who plays X and who plays O (shown with the next turn)."""
        self._names = {Mark.X: x_name, Mark.O: o_name}

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        # The labels carry colours from the palette in their style sheets: redo
        # them when the theme changes, or names vanish against the new background.
        if event.type() == QEvent.Type.PaletteChange and self._board is not None:
            self.show_turn(self._board, self._resigned)

    @property
    def picked_out(self) -> Mark | None:
        """The side picked out: the one to move, or the winner of a game that has ended."""
        return self._active

    def show_turn(self, board: Board, resigned: Mark | None = None) -> None:
        """Pick out the side to move on ``board``, or its winner once it is over; where
        ``resigned`` gave the game up there, nobody is to move: the winner is picked out and
        each side's name says which resigned and which won."""
        self._board = board
        self._resigned = resigned
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText).name()
        winner = board.winner if resigned is None else resigned.other
        active = None if board.is_over and winner is None else winner or board.to_move
        self._active = active
        for mark, label in self._labels.items():
            colour = mark_colour(mark, palette).name()
            name = self._names[mark].translate(_ESCAPES)
            ending = ""
            if resigned is not None:
                ending = " resigned" if mark is resigned else " wins"
            label.setText(
                f'<span style="color:{colour}; font-weight:800">{mark}</span>&nbsp; {name}'
                + (f"&nbsp; <i>{ending.strip()}</i>" if ending else "")
            )
            label.setAccessibleName(
                f"{mark}: {self._names[mark]}" + ("," + ending if ending else "")
            )
            tint = QColor(mark_colour(mark, palette))
            tint.setAlpha(38 if mark is active else 0)
            rgba = f"rgba({tint.red()}, {tint.green()}, {tint.blue()}, {tint.alpha()})"
            border = colour if mark is active else "transparent"
            label.setStyleSheet(
                f"QLabel {{ color: {text}; background: {rgba}; border: 1px solid {border};"
                " border-radius: 14px; padding: 4px 14px; }"
            )
