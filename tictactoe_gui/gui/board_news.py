"""The board's description for screen readers: the news announced since the player last
acted on the board, whose turn it is, the cursor's cell and the last move.

Screen readers such as Orca speak a focused object's description when it
changes, so the board's description carries the news too. It changes at most
once per turn of the event loop (a move, its news and the reply's remark come
as one) and only when its text changes (Qt reports every call as a change).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from tictactoe_gui.gui.board_reading import describe_board

if TYPE_CHECKING:
    from tictactoe_gui.gui.board_view import BoardView

#: How many announcements the board's description keeps since the player's last action.
NEWS_KEPT = 4


class BoardNews:
    """Keeps ``view``'s accessible description up to date."""

    def __init__(self, view: BoardView) -> None:
        self._view = view
        #: What was announced since the player last acted on the board.
        self.items: list[str] = []
        #: A note said instead of whose turn it is (the set-up dialog's verdict).
        self.status_note: str | None = None
        #: Whether the cursor moved last, so that its cell is said first.
        self.cursor_first = False
        # Whether the description says news (which leaving the board forgets), and
        # whether news came since the description was last set.
        self._said = False
        self._fresh = False
        #: Whose turn it is and the cursor, as the player last heard them with the focus
        #: (news that comes later, unchanged, is said without them again).
        self._heard_turn: str | None = None
        self._timer = QTimer(view)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.describe_now)

    def add(self, text: str) -> None:
        self.items.append(text)
        del self.items[:-NEWS_KEPT]
        self._fresh = True
        self.cursor_first = False

    def clear(self) -> None:
        """The player acted: what comes next is said with whose turn it is again."""
        self.items.clear()
        self._heard_turn = None

    def later(self) -> None:
        """Describe the board at the end of this turn of the event loop."""
        self._timer.start()

    def forget_if_left(self) -> None:
        """The board lost the focus: the news read with it is forgotten, so that coming
        back reads only what happened meanwhile."""
        if self._said and not self._view.hasFocus():
            self.items.clear()
            self.describe_now()

    def describe_now(self) -> None:
        self._timer.stop()
        view = self._view
        raw = view.raw_marks is not None
        shown = {i: mark for mark, i in view.marks()}
        heard = view.hasFocus() and view.isActiveWindow()
        turn = describe_board(
            view.board,
            shown,
            view.focus_cell,
            None,
            (),
            status_note=self.status_note,
            gravity=view.gravity,
        )
        text = describe_board(
            view.board,
            shown,
            view.focus_cell,
            None if raw else view.last_move,
            self.items,
            status_note=self.status_note,
            cursor_first=self.cursor_first,
            news_alone=heard and turn == self._heard_turn,
            gravity=view.gravity,
        )
        fresh, self._fresh = self._fresh, False
        said = view.accessibleDescription()
        if text == said.rstrip("\u00a0") and fresh:
            # The same news again (the same refusal twice) is still news: a screen reader
            # reads a description only when it changes.
            text = said + "\u00a0"
        if text != said:
            # Qt reports every call as a change, and a screen reader reads it again.
            view.setAccessibleDescription(text)
        self._said = bool(self.items) and not self.cursor_first
        if heard:
            # Heard: the next change says only what is new (a reply, not the move before
            # it again; a remark that comes later, not whose turn it is again). Away from
            # the board the news gathers until the player is back.
            self.items.clear()
            self._heard_turn = turn
        else:
            self._heard_turn = None
