"""The strip above the board: who plays X, who plays O, and whose turn it is.

Part of the window's first frame (see :class:`~.main_window.MainWindow`), so it
imports only the board and its colours.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPalette, QResizeEvent, QTextDocument
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from tictactoe_gui.engine import Board, Mark
from tictactoe_gui.gui.board_view import mark_colour

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


class _PlayerLabel(QLabel):
    """One side's pill: its mark (or seat) in its colour, then the name and how the game
    ended for it. A name too long for the room it is given ends in "…", with the whole line
    in its tooltip (and said whole, as its accessible name always is)."""

    def __init__(self) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.RichText)
        self._symbol = ""
        self._name = ""
        self._ending = ""
        self._whole_line = ""

    def show_side(self, symbol: str, colour: str, name: str, ending: str) -> None:
        mark = symbol.translate(_ESCAPES)
        self._symbol = f'<span style="color:{colour}; font-weight:800">{mark}</span>&nbsp; '
        self._name = name
        self._ending = f"&nbsp; <i>{ending}</i>" if ending else ""
        self._whole_line = f"{symbol}  {name}" + (f"  {ending}" if ending else "")
        self._fit()

    def _html(self, name: str) -> str:
        return self._symbol + name.translate(_ESCAPES) + self._ending

    def _text_width(self, html: str) -> float:
        document = QTextDocument()
        document.setDocumentMargin(0)
        document.setDefaultFont(self.font())
        document.setHtml(html)
        return document.idealWidth()

    def sizeHint(self) -> QSize:
        # Room for the whole name (what is shown may be cut short): asking only for what is
        # shown, the pill would shrink with each cut and be cut again.
        hint = super().sizeHint()
        shown = self._text_width(self.text())
        whole = self._text_width(self._html(self._name))
        return QSize(hint.width() + math.ceil(whole - shown), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width()
        name = self._name
        if self._text_width(self._html(name)) > room:
            # The longest start of the name that fits with "…" (at least its first letter).
            low, high = 1, len(name)
            while low < high:
                middle = (low + high + 1) // 2
                if self._text_width(self._html(name[:middle].rstrip() + "…")) <= room:
                    low = middle
                else:
                    high = middle - 1
            name = name[:low].rstrip() + "…"
        cut = name != self._name
        super().setText(self._html(name))
        self.setToolTip(self._whole_line if cut else "")


class PlayersBar(QFrame):
    """Who plays X and who plays O, with the side to move (or the winner) picked out."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playersBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        self._labels = {mark: _PlayerLabel() for mark in Mark}
        self._names = {Mark.X: "", Mark.O: ""}
        #: What each side is shown by: its mark, or its seat in a game of seats (A and B).
        self._symbols = {Mark.X: str(Mark.X), Mark.O: str(Mark.O)}
        #: How the game ended for each side, where it was given up ("resigned", "wins").
        self._endings = {Mark.X: "", Mark.O: ""}
        self._shown = False
        self._active: Mark | None = None
        layout.addStretch(1)
        for mark, label in self._labels.items():
            label.setObjectName(f"player{mark}")
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

    def show_names(self, x_name: str, o_name: str) -> None:
        """The names of who plays X and who plays O (shown with the next turn)."""
        self._names = {Mark.X: x_name, Mark.O: o_name}

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        # The labels carry colours from the palette in their style sheets: redo
        # them when the theme changes, or names vanish against the new background.
        if event.type() == QEvent.Type.PaletteChange and self._shown:
            self._show_sides()

    @property
    def picked_out(self) -> Mark | None:
        """The side picked out: the one to move, or the winner of a game that has ended."""
        return self._active

    def show_turn(self, board: Board, resigned: Mark | None = None) -> None:
        """Pick out the side to move on ``board``, or its winner once it is over; where
        ``resigned`` gave the game up there, nobody is to move: the winner is picked out and
        each side's name says which resigned and which won."""
        winner = board.winner if resigned is None else resigned.other
        self._active = None if board.is_over and winner is None else winner or board.to_move
        self._symbols = {mark: str(mark) for mark in Mark}
        for mark in Mark:
            ending = ""
            if resigned is not None:
                ending = "resigned" if mark is resigned else "wins"
            self._endings[mark] = ending
        self._show_sides()

    def show_seats(self, seats: tuple[str, str], mover: int | None) -> None:
        """A game of seats (Row & Column's A and B): each side by its seat, in the first or
        second player's colour, and the one to move (``mover``, a seat's index) picked out."""
        self._symbols = {Mark.X: seats[0], Mark.O: seats[1]}
        self._active = None if mover is None else (Mark.X, Mark.O)[mover]
        self._endings = {Mark.X: "", Mark.O: ""}
        self._show_sides()

    def _show_sides(self) -> None:
        self._shown = True
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText).name()
        active = self._active
        for mark, label in self._labels.items():
            colour = mark_colour(mark, palette).name()
            ending = self._endings[mark]
            label.show_side(self._symbols[mark], colour, self._names[mark], ending)
            label.setAccessibleName(
                f"{self._symbols[mark]}: {self._names[mark]}" + (", " + ending if ending else "")
            )
            tint = QColor(mark_colour(mark, palette))
            tint.setAlpha(38 if mark is active else 0)
            rgba = f"rgba({tint.red()}, {tint.green()}, {tint.blue()}, {tint.alpha()})"
            border = colour if mark is active else "transparent"
            label.setStyleSheet(
                f"QLabel {{ color: {text}; background: {rgba}; border: 1px solid {border};"
                " border-radius: 14px; padding: 4px 14px; }"
            )
