"""The board widget: its geometry, clicks and keys turned into moves, the accessible
cells and the animations' clocks; a painter per game draws it.

The view holds no game logic. It shows a :class:`~tictactoe_gui.engine.Board`
of any variant handed to it and emits ``cell_activated(row, col)`` for every
activation; the controller decides whether that is a legal move and says why
not. Everything is drawn in floating point from the widget's size, so it stays
crisp at any size and device pixel ratio.

Every look shares one geometry (a grid of square cells, coordinates in the
``a1`` notation on the edges) and is drawn by a painter of
:mod:`~tictactoe_gui.gui.painters`: **marks** for small boards (tic-tac-toe
and boards up to 7 a side), **stones** for big boards (four in a row, gomoku).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QFocusEvent,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

if TYPE_CHECKING:
    from PySide6.QtCore import QVariantAnimation
    from PySide6.QtGui import QEnterEvent
    from PySide6.QtWidgets import QInputDialog

    from tictactoe_gui.engine.games import GameState
    from tictactoe_gui.gui.painters.base import BoardPainter
    from tictactoe_gui.gui.painters.heat import Heat

from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.gui.board_animations import BoardAnimations
from tictactoe_gui.gui.board_cells import AccessibleCells
from tictactoe_gui.gui.board_keys import (
    DROP_KEYS,
    EDGES,
    GO_TO_KEY,
    KEYPAD as KEYPAD,
    READING_KEYS,
    drop_column,
    focus_target,
    read_key,
)
from tictactoe_gui.gui.board_news import BoardNews
from tictactoe_gui.gui.board_reading import board_of, landing_cell
from tictactoe_gui.gui.painters import (
    MARKS_UP_TO as MARKS_UP_TO,
    BoardStyle as BoardStyle,
    make_painter,
    style_for as style_for,
)
from tictactoe_gui.gui.painters.colours import (
    heat_rank_label as heat_rank_label,
    is_dark as is_dark,
    mark_colour as mark_colour,
    outcome_colour as outcome_colour,
    rank_colour as rank_colour,
)

#: How many of the best candidates the heat-map colours on a board drawn with stones.
DEFAULT_HEAT_TOP = 5


class BoardView(QWidget):
    cell_activated = Signal(int, int)
    #: Text read out at the player's request: a row, a column, the cells around the
    #: cursor, the last move (keys R, C, N, L); the window says it aloud.
    reading = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boardView")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(180, 180)

        self._board = Board.empty()
        self._last_move: Move | None = None
        self._interactive = True
        self._hover: Move | None = None
        self._focus_cell = Move(1, 1)
        self._show_focus = False
        self._heat: Heat | None = None
        self._heat_top = DEFAULT_HEAT_TOP
        self._hints: tuple[Move, ...] = ()
        self._preview_start: Board | None = None
        self._preview: tuple[Move, ...] = ()
        self._animations_enabled = True
        self._pressed: Move | None = None
        self._raw_marks: tuple[tuple[Mark, int], ...] | None = None
        self._hover_ghost = True
        self._coordinates = True
        self._move_numbers = False
        #: The moves played from the game's start, in order (for move numbers).
        self._move_order: tuple[Move, ...] = ()
        #: Whether discs fall: a click anywhere in a column drops one (Connect Four).
        self._gravity = False
        # What a screen reader reads of the board: the news, the turn, the cursor.
        self._news = BoardNews(self)

        self._animations = BoardAnimations(
            self, self._repaint_cell, lambda: self._board.winner is not None
        )

        self._painter: BoardPainter = make_painter(BoardStyle.MARKS, self)
        self._cells = AccessibleCells(self)
        self._build_cells()
        self._update_accessibility()
        self._news.describe_now()

    # -- what to show --------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @property
    def rows(self) -> int:
        return self._board.variant.rows

    @property
    def cols(self) -> int:
        return self._board.variant.cols

    @property
    def gravity(self) -> bool:
        """Whether discs fall to the lowest empty cell of the column played (Connect Four)."""
        return self._gravity

    @property
    def appear_animation(self) -> QVariantAnimation:
        """The animation that brings the last mark in (on a gravity board, the disc's fall)."""
        return self._animations.mark

    @property
    def board_style(self) -> BoardStyle:
        return self._painter.style

    @property
    def painter(self) -> BoardPainter:
        """What draws the board in its game's look (:mod:`~tictactoe_gui.gui.painters`)."""
        return self._painter

    @property
    def last_move(self) -> Move | None:
        return self._last_move

    @property
    def focus_cell(self) -> Move:
        return self._focus_cell

    @property
    def interactive(self) -> bool:
        """Whether a click could be a move now (see :meth:`set_interactive`)."""
        return self._interactive

    @property
    def hints(self) -> tuple[Move, ...]:
        return self._hints

    @property
    def preview(self) -> tuple[Move, ...]:
        return self._preview

    @property
    def heat_map(self) -> Heat | None:
        return self._heat

    @property
    def preview_start(self) -> Board | None:
        return self._preview_start

    @property
    def heat_top(self) -> int:
        return self._heat_top

    @property
    def coordinates_shown(self) -> bool:
        return self._coordinates

    @property
    def hover(self) -> Move | None:
        """The cell under the pointer."""
        return self._hover

    @property
    def hover_ghost(self) -> bool:
        return self._hover_ghost

    @property
    def raw_marks(self) -> tuple[tuple[Mark, int], ...] | None:
        return self._raw_marks

    @property
    def move_order(self) -> tuple[Move, ...]:
        return self._move_order

    @property
    def appearing(self) -> Move | None:
        """The mark or stone animating in, if any."""
        return self._animations.appearing

    @property
    def mark_progress(self) -> float:
        return self._animations.mark_progress

    @property
    def line_progress(self) -> float:
        return self._animations.line_progress

    def focus_shown(self) -> bool:
        """Whether the keyboard cursor is drawn (the keyboard moved it, the board has focus)."""
        return self.hasFocus() and self._show_focus

    @property
    def move_numbers_shown(self) -> bool:
        return self._move_numbers

    def is_animating(self) -> bool:
        return self._animations.is_running()

    def set_state(self, state: GameState, *, name_cells: bool = True) -> None:
        """Show a position of any game the board draws (k in a row, Connect Four), its
        moves numbered from the state's start."""
        board, gravity = board_of(state)
        moves = tuple(board.move_at(move) for move in state.moves)
        self.set_board(board, moves[-1] if moves else None, name_cells=name_cells, gravity=gravity)
        self.set_move_order(moves)
        # Named after its game ("Connect Four board"), not after the cells' free board.
        name = f"{state.spec.name} board"
        if self.accessibleName() != name:
            self.setAccessibleName(name)

    def set_board(
        self,
        board: Board,
        last_move: Move | None = None,
        *,
        name_cells: bool = True,
        gravity: bool = False,
    ) -> None:
        """Show ``board``; a single new mark animates in (a disc falls), then any winning
        line across. ``gravity``: discs fall, and a click or key drops one in a column.

        ``name_cells=False`` draws it without naming its cells for assistive technology
        yet (a 20×20 board has 400 of them): the window's first frame does that, and
        the next call names them.
        """
        previous = self._board
        unnamed = len(self._cells) != board.cells
        if (
            board == previous
            and gravity == self._gravity
            and last_move == self._last_move
            and self._raw_marks is None
            and not (name_cells and unnamed)
        ):
            return
        resized = board.variant != previous.variant or gravity != self._gravity
        self._gravity = gravity
        same_game = not resized
        added = board.occupied & ~previous.occupied if same_game else 0
        grew_by_one = (
            same_game and board.ply == previous.ply + 1 and previous.occupied & ~board.occupied == 0
        )
        self._board = board
        self._last_move = last_move
        self._raw_marks = None
        self._hints = ()
        self._preview = ()
        self._preview_start = None
        if self._heat is not None and self._heat.board != board:
            self._heat = None
        if resized:
            rows, cols = board.variant.rows, board.variant.cols
            self._use_painter(BoardStyle.DISCS if gravity else style_for(rows, cols))
            self._focus_cell = Move(rows // 2, cols // 2)
            if gravity:  # where a disc dropped in the middle column lands
                self._focus_cell = landing_cell(board, cols // 2) or Move(0, cols // 2)
            self._hover = None
            self._move_order = ()
            self._build_cells(named=name_cells)
            self._painter.forget_pictures()
        elif name_cells and unnamed:
            self._build_cells()
        elif gravity and board[self._focus_cell] is not None:
            # A disc filled the cursor's cell: it stays over its column, where the next lands.
            col = self._focus_cell.col
            self._focus_cell = landing_cell(board, col) or Move(0, col)
        if self._animations_enabled and grew_by_one and added:
            self._animations.start(board.move_at(added.bit_length() - 1), falls=gravity)
        else:
            self._animations.stop()
        self._news.cursor_first = False
        self._update_accessibility()
        self.update()

    def set_move_order(self, moves: Sequence[Move]) -> None:
        """The moves played from the game's start, in order (numbered when numbers are shown)."""
        self._move_order = tuple(moves)
        if self._move_numbers:
            self.update()

    def set_move_numbers(self, shown: bool) -> None:
        """Whether each stone or mark played in this game shows its move number."""
        self._move_numbers = shown
        self.update()

    def set_coordinates(self, shown: bool) -> None:
        """Whether the edges carry the column letters and row numbers (``a1`` bottom-left)."""
        self._coordinates = shown
        self._painter.forget_pictures()
        self._place_cells()
        self.update()

    def set_interactive(self, interactive: bool) -> None:
        """Whether a click could be a move now (only changes the hover highlight)."""
        if interactive != self._interactive:
            self._interactive = interactive
            self.update()

    def set_hover_ghost(self, shown: bool) -> None:
        """Whether hovering shows a faint copy of the mark a click would play."""
        self._hover_ghost = shown

    def set_animations_enabled(self, enabled: bool) -> None:
        self._animations_enabled = enabled
        if not enabled:
            self._animations.stop()
            self.update()

    def set_heat_map(self, analysis: Heat | None) -> None:
        """Tint the empty cells by their outcome for the side to move (None hides it).

        On a board drawn with stones only the best few candidates are coloured
        (:meth:`set_heat_top`), numbered by rank.
        """
        heat = analysis if analysis is None or analysis.board == self._board else None
        if heat is not self._heat:  # the window asks again after every analysis and turn
            self._heat = heat
            self.update()

    # The methods other parts of the window connect to are declared slots: connecting a
    # signal to any other method makes PySide6 change the board's class, and Qt then gives
    # screen readers a new accessible board, while they keep following the old, silent one.
    @Slot(int)
    def set_heat_top(self, count: int) -> None:
        """How many of the best candidates the heat-map colours on a big board."""
        self._heat_top = max(1, count)
        self.update()

    @Slot(object)
    def set_hints(self, moves: Sequence[Move]) -> None:
        self._hints = tuple(moves)
        self.update()

    @Slot(object, object)
    def set_preview(self, start: Board | None, moves: Sequence[Move]) -> None:
        """Ghost marks for a line of play from ``start`` (numbered in order)."""
        preview = tuple(moves) if start is not None else ()
        if start is not self._preview_start or preview != self._preview:
            self._preview_start = start
            self._preview = preview
            self.update()

    def preview_first_number(self) -> int:
        """The number on a previewed line's first ghost: 1, or with move numbers shown the
        game's next move number, so the line reads on from the numbers on the board."""
        if self._move_numbers and self._preview_start is not None:
            return len(self._move_order) + 1
        return 1

    def set_raw_marks(self, marks: Sequence[tuple[Mark, int]]) -> None:
        """Draw marks that need not form a legal position (the set-up dialog's work in progress)."""
        self._raw_marks = tuple(marks)
        self._update_accessibility()
        self.update()

    def cell_widget(self, row: int, col: int) -> QWidget:
        """The accessible stand-in for one cell (tests and screen readers read its name)."""
        return self._cells.widget(row * self.cols + col)

    # -- geometry ------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        side = self._painter.preferred_size
        return QSize(side, side)

    def _use_painter(self, style: BoardStyle) -> None:
        if style is not self._painter.style:
            self._painter = make_painter(style, self)

    def label_pixels(self) -> float:
        """The coordinates' font size: in step with the cells, readable, never shouting."""
        longest = max(self.rows, self.cols)
        return min(15.0, max(9.0, min(self.width(), self.height()) / (longest + 2) * 0.42))

    def margin(self) -> float:
        margin = max(8.0, min(self.width(), self.height()) * 0.04)
        if self._coordinates:
            # Room for the labels beyond whatever frame the painter draws round the cells.
            margin = max(margin, self.label_pixels() * 1.7 / (1 - self._painter.frame_share))
        return margin

    def cell_size(self) -> float:
        margin = self.margin()
        size = min(
            (self.width() - 2 * margin) / self.cols, (self.height() - 2 * margin) / self.rows
        )
        if self._painter.snaps_to_pixels:
            # Whole device pixels per cell keep every grid line on the pixel grid: crisp.
            ratio = self.devicePixelRatioF()
            size = math.floor(size * ratio) / ratio
        return max(0.0, size)

    def board_rect(self) -> QRectF:
        """The cells' area (square on a square board), centred in the widget."""
        cell = self.cell_size()
        width, height = cell * self.cols, cell * self.rows
        left, top = (self.width() - width) / 2, (self.height() - height) / 2
        if self._painter.snaps_to_pixels:
            ratio = self.devicePixelRatioF()
            left, top = round(left * ratio) / ratio, round(top * ratio) / ratio
        return QRectF(left, top, width, height)

    def cell_rect(self, move: Move) -> QRectF:
        area = self.board_rect()
        cell = area.width() / self.cols if self.cols else 0.0
        return QRectF(area.left() + move.col * cell, area.top() + move.row * cell, cell, cell)

    def cell_at(self, point: QPointF) -> Move | None:
        area = self.board_rect()
        if not area.contains(point) or area.width() <= 0:
            return None
        cell = area.width() / self.cols
        col = min(self.cols - 1, int((point.x() - area.left()) / cell))
        row = min(self.rows - 1, int((point.y() - area.top()) / cell))
        return Move(row, col)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._painter.forget_pictures()
        self._place_cells()

    def _build_cells(self, *, named: bool = True) -> None:
        board = self._board
        self._cells.build(board.cells if named else 0)
        self._place_cells()
        self.setAccessibleName(f"{board.variant.name} board")

    def _place_cells(self) -> None:
        self._cells.place(self.board_rect(), self.cols)

    # -- input ---------------------------------------------------------------------------

    def _pointed(self, point: QPointF) -> Move | None:
        """The cell under ``point``; on a gravity board any point over a column, above or
        below the board too, points at that column (the nearest cell in it)."""
        area = self.board_rect()
        if not self._gravity or area.width() <= 0:
            return self.cell_at(point)
        if not area.left() <= point.x() < area.right():
            return None
        cell = area.width() / self.cols
        col = min(self.cols - 1, int((point.x() - area.left()) / cell))
        return Move(min(self.rows - 1, max(0, int((point.y() - area.top()) // cell))), col)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._pressed = self._pointed(event.position())
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            cell = self._pointed(event.position())
            pressed, self._pressed = self._pressed, None
            if self._gravity and cell is not None and pressed is not None:
                if cell.col == pressed.col:
                    self._show_focus = False
                    self.drop(cell.col)
                    return
            elif cell is not None and cell == pressed:
                self._show_focus = False
                self._focus_cell = cell
                self.clear_news()
                self.cell_activated.emit(cell.row, cell.col)
                return
        super().mouseReleaseEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self._pointed(event.position())
        if self._gravity and cell != self._hover:
            self._hover = cell  # the landing cell and the column's highlight move
            self.update()
        elif cell != self._hover:
            self._update_cell(self._hover)
            self._hover = cell
            self._update_cell(cell)
        super().mouseMoveEvent(event)

    def enterEvent(self, event: QEnterEvent) -> None:
        self._hover = self._pointed(event.position())
        self.update()
        super().enterEvent(event)

    def leaveEvent(self, event: object) -> None:
        self._hover = None
        self.update()

    def focusInEvent(self, event: QFocusEvent) -> None:
        if event.reason() in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            self._show_focus = True
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)
        # The news was read with the focus (at the start, or on coming back): leaving, the
        # board forgets it, so that coming back reads only what happened meanwhile. On the
        # next turn, once a screen reader follows the new focus and no longer reads this.
        QTimer.singleShot(0, self, self._news.forget_if_left)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        target = focus_target(key, event.modifiers(), self._focus_cell, self.rows, self.cols)
        if target is not None and target == self._focus_cell and key in EDGES:
            # Nowhere to go: say so, or the key seems lost (alone: the cursor and the
            # turn, heard, have not changed).
            self._news.items.clear()
            self.reading.emit(f"{EDGES[Qt.Key(key)]}: {self._board.cell_name(target)}.")
            return
        if target is not None and self._gravity and target.col != self._focus_cell.col:
            # Across the columns the cursor goes where a disc would land (the top if full).
            target = landing_cell(self._board, target.col) or Move(0, target.col)
        if target is not None:
            self._move_cursor(target)
            return
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        column = drop_column(key, self.cols) if self._gravity and plain else None
        if column is None and self._gravity and plain and key in DROP_KEYS:
            self.clear_news()
            self.reading.emit(f"No column {DROP_KEYS.index(Qt.Key(key)) + 1}: 1 to {self.cols}.")
            return
        if column is not None or (
            self._gravity and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
        ):
            self._show_focus = True
            self.drop(self._focus_cell.col if column is None else column)
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._show_focus = True
            self.clear_news()
            self.cell_activated.emit(self._focus_cell.row, self._focus_cell.col)
            return
        shifted = event.modifiers() == Qt.KeyboardModifier.ShiftModifier
        if key in READING_KEYS and (plain or (shifted and key == Qt.Key.Key_D)):
            # Old news goes; whose turn it is and the cursor, heard and unchanged, are not
            # said again after what is read.
            self._news.items.clear()
            self.reading.emit(self._read(Qt.Key(key), shifted=shifted))
            return
        if key == GO_TO_KEY and plain and self._raw_marks is None:
            self.ask_cell()
            return
        if (
            key in KEYPAD
            and self._board.variant.is_tictactoe
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            move = KEYPAD[Qt.Key(key)]
            self._focus_cell = move
            self.clear_news()
            self.cell_activated.emit(move.row, move.col)
            return
        super().keyPressEvent(event)

    def _move_cursor(self, target: Move, *, describe: bool = False) -> None:
        """Put the keyboard cursor on ``target``, its cell said first."""
        self._update_cell(self._focus_cell)
        self._focus_cell = target
        self._show_focus = True
        self._news.clear()
        self._news.cursor_first = True
        self._update_accessibility()
        if describe:
            self.describe_now()
        self._update_cell(target)

    def drop(self, col: int) -> None:
        """Drop a disc in column ``col`` (gravity boards): activates the cell it lands on,
        or says the column is full."""
        self.clear_news()
        landing = landing_cell(self._board, col)
        if landing is None:
            self.reading.emit(f"Column {self._board.cell_name(Move(0, col))[0]} is full.")
            return
        self._update_cell(self._focus_cell)
        self._focus_cell = landing
        self.cell_activated.emit(landing.row, landing.col)

    def _update_cell(self, move: Move | None) -> None:
        """Repaint one cell (and a little around it, for strokes that overhang)."""
        if move is None:
            return
        rect = self.cell_rect(move)
        pad = rect.width() * 0.2 + 4
        self.update(rect.adjusted(-pad, -pad, pad, pad).toAlignedRect())

    def _repaint_cell(self, move: Move | None) -> None:
        if move is None:
            self.update()
        else:
            self._update_cell(move)

    # -- painting ------------------------------------------------------------------------

    def marks(self) -> Sequence[tuple[Mark, int]]:
        if self._raw_marks is not None:
            return self._raw_marks
        board = self._board
        marks: list[tuple[Mark, int]] = []
        for mark, mask in ((Mark.X, board.x), (Mark.O, board.o)):
            while mask:
                low = mask & -mask
                marks.append((mark, low.bit_length() - 1))
                mask ^= low
        return marks

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = self.board_rect()
        if area.width() > 0:
            self._painter.paint(painter, self.palette(), area)
        painter.end()

    def heat_labels(self) -> dict[Move, str]:
        """The heat map's labels drawn on cells in this board's look (on a board of stones,
        the candidates' ranks: "#1"), best first."""
        return self._painter.heat_labels()

    def hover_target(self) -> Move | None:
        """The empty cell under the pointer where a click would play now, if any (on a
        gravity board, where a disc dropped in the column under the pointer lands)."""
        hover = self._hover
        if hover is not None and self._gravity:
            hover = landing_cell(self._board, hover.col)
        if (
            hover is None
            or not self._interactive
            or self._board.is_over
            or self._preview
            or not self._board.on_board(hover)
            or self._board.mark_at(self._board.index(hover)) is not None
        ):
            return None
        return hover

    def heat_cells(self) -> tuple[Move, ...]:
        """The cells the heat-map tints now (see the painter's)."""
        return self._painter.heat_cells()

    def coordinates_font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(round(self.label_pixels()))
        return font

    def coordinate_labels(self, area: QRectF | None = None) -> list[tuple[QRectF, int, str]]:
        """Where each coordinate goes: its box, alignment and text (see the painter's)."""
        return self._painter.coordinate_labels(self.board_rect() if area is None else area)

    def move_numbers(self) -> dict[int, int]:
        """Cell index to move number, when move numbers are shown (marks on the board only)."""
        return self._painter.move_numbers() if self._move_numbers else {}

    # -- accessibility -------------------------------------------------------------------

    def _read(self, key: Qt.Key, *, shifted: bool = False) -> str:
        """What a reading key says; L also moves the cursor to the last move."""
        board, cursor = self._board, self._focus_cell
        said = read_key(board, cursor, key, shifted=shifted, gravity=self._gravity)
        if said is not None:
            return said
        last = self._last_move
        if last is None or board[last] is None:
            return "No move yet."
        self._update_cell(cursor)
        self._focus_cell = last
        self._show_focus = True
        self._update_cell(last)
        return f"Last move: {board[last]} at {board.cell_name(last)}."

    def ask_cell(self) -> QInputDialog:
        """Ask for a cell by name (key G): the cursor goes there and the board says it,
        or the board says why the name is not a cell and the cursor stays."""
        from tictactoe_gui.gui.go_to_cell import GoToCellDialog

        dialog = GoToCellDialog(self, self._board.cell_name(Move(0, self.cols - 1)))
        dialog.open()
        return dialog

    @Slot(str)
    def go_to_cell(self, name: str) -> None:
        """Put the cursor on the cell called ``name`` ("j10") and say it."""
        try:
            target = self._board.parse_move(name.strip())
        except ValueError as error:
            self.reading.emit(f"{error}.")
            return
        # Described now, not on the next turn: the board is about to get the focus back, and
        # a screen reader reads its description then; a change after would be read again.
        self._move_cursor(target, describe=True)

    @Slot(str)
    def add_news(self, text: str) -> None:
        """Put an announcement at the head of the description (screen readers that ignore
        announcements speak a focused object's description when it changes)."""
        self._news.add(text)
        self._update_accessibility()

    def drop_news(self) -> None:
        """Forget what was announced, now: it was heard elsewhere (a control in focus)."""
        if self._news.items:
            self._news.clear()
            self._update_accessibility()

    def clear_news(self) -> None:
        """The player acted: what was announced before is old news (the description
        changes with whatever the action brings, not before)."""
        self._news.clear()

    def set_status_note(self, note: str | None) -> None:
        """Say ``note`` instead of whose turn it is (None: back to the turn)."""
        self._news.status_note = note
        self._update_accessibility()

    def _update_accessibility(self) -> None:
        self._cells.name({i: mark for mark, i in self.marks()}, self.rows, self.cols)
        self._news.later()

    def describe_now(self) -> None:
        """Put what is waiting in the description now, not at the end of this turn (before
        the board takes the focus, so that it is read once, with the focus)."""
        self._news.describe_now()
