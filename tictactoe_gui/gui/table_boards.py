"""The board a table game is shown on, behind one small interface.

The table-game controller (:mod:`tictactoe_gui.gui.table_controller`) shows any
registered game through :class:`TableBoard`: a position of a game played on a grid of
X and O (Connect Four's discs, a free board) on the main window's
:class:`~tictactoe_gui.gui.board_view.BoardView`, and the words said for a move there
("X drops in d, lands on d1."). A game with a board of its own adds one class here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from tictactoe_gui.gui.board_reading import board_of, drop_words

if TYPE_CHECKING:
    from tictactoe_gui.engine.games import GameState
    from tictactoe_gui.gui.board_view import BoardView
    from tictactoe_gui.session.table import TableSession


class TableBoard(Protocol):
    """What a table game needs of the widget that shows its board."""

    def show(self, session: TableSession, *, new_game: bool = False) -> None:
        """Show the session's position (``new_game``: a new game's first position)."""

    def set_interactive(self, interactive: bool) -> None: ...

    def set_hints(self, moves: Sequence[int]) -> None: ...

    def move_words(self, before: GameState, move: int) -> str:
        """What is said for ``move`` played on ``before``: ``"X drops in d, lands on d1."``."""
        ...


class GridTableBoard:
    """A game of X and O on the main window's board (Connect Four, any gravity board)."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self._state: GameState | None = None

    @staticmethod
    def draws(state: GameState) -> bool:
        """Whether the board of X and O can show ``state``."""
        try:
            board_of(state)
        except ValueError:
            return False
        return True

    def show(self, session: TableSession, *, new_game: bool = False) -> None:
        del new_game  # the board starts afresh whenever its game changes
        self._state = session.state
        self.view.set_state(session.state)

    def set_interactive(self, interactive: bool) -> None:
        self.view.set_interactive(interactive)

    def set_hints(self, moves: Sequence[int]) -> None:
        if self._state is None:
            return
        board, _gravity = board_of(self._state)
        self.view.set_hints([board.move_at(move) for move in moves])

    def move_words(self, before: GameState, move: int) -> str:
        board, gravity = board_of(before)
        if gravity:
            return drop_words(board, board.move_at(move))
        return f"{board.to_move} plays {board.cell_name(board.move_at(move))}."
