"""The board a table game is shown on, behind one small interface.

The window's game controller (:mod:`tictactoe_gui.gui.table_controller`) shows any
registered game through :class:`TableBoard`: a position of a game played on a grid of
X and O (Connect Four's discs, a free board) on the main window's
:class:`~tictactoe_gui.gui.board_view.BoardView` (:class:`GridTableBoard`), a grid of
numbers (Row & Column) on its numbers board (:class:`NumbersTableBoard`), and the words
said for a move there ("X drops in d, lands on d1.", "A takes b2, 5.").
:class:`WindowBoards` shows each position on the board that draws it. A game with a
board of its own adds one class here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from tictactoe_gui.gui.board_reading import board_of, move_words

if TYPE_CHECKING:
    from tictactoe_gui.engine.games import GameAnalysis, GameState
    from tictactoe_gui.engine.rowcol import Position
    from tictactoe_gui.gui.board_view import BoardView
    from tictactoe_gui.gui.rowcol_view import RowColBoardView
    from tictactoe_gui.session.table import TableSession


class TableBoard(Protocol):
    """What a table game needs of the widget that shows its board."""

    def show(self, session: TableSession, *, new_game: bool = False) -> None:
        """Show the session's position (``new_game``: a new game's first position)."""

    def look_at(self, session: TableSession, moves: Sequence[int]) -> None:
        """Show the position after ``moves`` from the session's start (a look back at a move
        of its line or of another)."""

    def set_interactive(self, interactive: bool) -> None: ...

    def set_hints(self, moves: Sequence[int]) -> None: ...

    def preview(self, state: GameState | None, moves: Sequence[int]) -> None:
        """Ghosts of a line of play from ``state`` (None: none)."""

    def set_heat(self, state: GameState | None, analysis: GameAnalysis | None) -> None:
        """Tint the board by ``analysis`` of ``state`` (None: no heat map), where it can."""

    def status_text(self) -> str:
        """What the board says of the position shown beyond whose turn it is (the scores
        and the cells allowed), or "" when the turn says it all."""
        ...

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

    def look_at(self, session: TableSession, moves: Sequence[int]) -> None:
        self.view.set_state(state_after(session, moves))

    def set_interactive(self, interactive: bool) -> None:
        self.view.set_interactive(interactive)

    def set_hints(self, moves: Sequence[int]) -> None:
        if self._state is None:
            return
        board, _gravity = board_of(self._state)
        self.view.set_hints([board.move_at(move) for move in moves])

    def set_heat(self, state: GameState | None, analysis: GameAnalysis | None) -> None:
        if state is None or analysis is None:
            self.view.set_heat_map(None)
            return
        from tictactoe_gui.gui.painters.heat import heat_of

        board, _gravity = board_of(state)
        self.view.set_heat_map(heat_of(board, analysis))

    def status_text(self) -> str:
        return ""

    def move_words(self, before: GameState, move: int) -> str:
        board, gravity = board_of(before)
        return move_words(board, board.move_at(move), gravity=gravity)

    def preview(self, state: GameState | None, moves: Sequence[int]) -> None:
        if state is None:
            self.view.set_preview(None, ())
            return
        board, _gravity = board_of(state)
        self.view.set_preview(board, [board.move_at(move) for move in moves])


def state_after(session: TableSession, moves: Sequence[int]) -> GameState:
    """The position after ``moves`` from the session's start (the one it keeps, where they
    are the first of its moves)."""
    moves = tuple(moves)
    if moves == session.moves[: len(moves)]:
        return session.states[len(moves)]
    return session.states[0].play_all(moves)


def position_of(state: GameState) -> Position:
    """The grid of numbers of a Row & Column position (ValueError for another game's)."""
    from tictactoe_gui.engine.rowcol import Position

    position = getattr(state, "position", None)
    if not isinstance(position, Position):
        raise ValueError(f"{state.spec.name} is not played on a grid of numbers")
    return position


class NumbersTableBoard:
    """A grid of numbers (Row & Column) on the window's numbers board."""

    def __init__(self, view: RowColBoardView) -> None:
        self.view = view

    @staticmethod
    def draws(state: GameState) -> bool:
        try:
            position_of(state)
        except ValueError:
            return False
        return True

    def show(self, session: TableSession, *, new_game: bool = False) -> None:
        self.look_at(session, session.moves)
        if new_game:
            self.view.new_game()

    def look_at(self, session: TableSession, moves: Sequence[int]) -> None:
        from tictactoe_gui.engine.rowcol import Player

        owners: dict[int, Player] = {}
        state = session.states[0]
        for move in moves:
            owners[move] = Player.A if state.to_move == 0 else Player.B
            state = state.play(move)
        self.view.set_names((session.name_of(0), session.name_of(1)))
        self.view.set_position(position_of(state), owners)

    def set_interactive(self, interactive: bool) -> None:
        self.view.set_interactive(interactive)

    def set_hints(self, moves: Sequence[int]) -> None:
        self.view.set_hints(tuple(moves))

    def preview(self, state: GameState | None, moves: Sequence[int]) -> None:
        del state, moves  # the numbers board shows no ghosts: the dock lists the line

    def set_heat(self, state: GameState | None, analysis: GameAnalysis | None) -> None:
        del state, analysis  # the numbers are the board's colours: the dock lists the values

    def status_text(self) -> str:
        return self.view.status_text()

    def move_words(self, before: GameState, move: int) -> str:
        position = position_of(before)
        return f"{position.to_move} takes {position.cell_label(move)}, {position.values[move]}."


class WindowBoards:
    """The main window's boards, each position shown on the one that draws it (the other
    hidden): the board of X and O, or the numbers board, made the first time it is needed."""

    def __init__(self, grid: BoardView, make_numbers: Callable[[GameState], RowColBoardView]):
        self.grid = GridTableBoard(grid)
        self._make_numbers = make_numbers
        self.numbers: NumbersTableBoard | None = None
        self.current: TableBoard = self.grid

    def widget(self) -> BoardView | RowColBoardView:
        """The board widget showing the game now."""
        board = self.current
        assert isinstance(board, GridTableBoard | NumbersTableBoard)
        return board.view

    def show(self, session: TableSession, *, new_game: bool = False) -> None:
        if GridTableBoard.draws(session.state):
            board: GridTableBoard | NumbersTableBoard = self.grid
        else:
            if self.numbers is None:
                self.numbers = NumbersTableBoard(self._make_numbers(session.state))
            board = self.numbers
        self.current = board
        board.show(session, new_game=new_game)
        self.grid.view.setVisible(board is self.grid)
        if self.numbers is not None:
            self.numbers.view.setVisible(board is self.numbers)

    def leave(self) -> None:
        """Back to the board of X and O (k in a row)."""
        self.current = self.grid
        self.grid.view.show()
        if self.numbers is not None:
            self.numbers.view.hide()

    def look_at(self, session: TableSession, moves: Sequence[int]) -> None:
        self.current.look_at(session, moves)

    def set_interactive(self, interactive: bool) -> None:
        self.current.set_interactive(interactive)

    def set_hints(self, moves: Sequence[int]) -> None:
        self.current.set_hints(moves)

    def preview(self, state: GameState | None, moves: Sequence[int]) -> None:
        self.current.preview(state, moves)

    def set_heat(self, state: GameState | None, analysis: GameAnalysis | None) -> None:
        self.current.set_heat(state, analysis)

    def has_heat(self) -> bool:
        """Whether the board showing the game now draws a heat map."""
        return isinstance(self.current, GridTableBoard)

    def status_text(self) -> str:
        return self.current.status_text()

    def move_words(self, before: GameState, move: int) -> str:
        return self.current.move_words(before, move)
