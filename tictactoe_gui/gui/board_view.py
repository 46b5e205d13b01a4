"""The board: paints the grid and marks at any size, animates them, and turns clicks and keys
into moves.

The view holds no game logic. It shows a :class:`~tictactoe_gui.engine.Board`
of any variant handed to it and emits ``cell_activated(row, col)`` for every
activation; the controller decides whether that is a legal move and says why
not. Everything is drawn in floating point from the widget's size, so it stays
crisp at any size and device pixel ratio.

Two looks share one geometry (a grid of square cells, coordinates in the
``a1`` notation on the edges):

- **marks** for small boards (tic-tac-toe and boards up to 7 a side): X and O
  drawn as strokes in the cells, as on paper;
- **stones** for big boards (four in a row, gomoku): lines through the cell
  centres and round stones on the crossings, as a board-game program shows a
  go board. Stones are drawn once per size into pixmaps and the board itself
  (surface, lines, coordinates) is cached too, so a full 20×20 repaint is a
  handful of pixmap copies (``tests/benchmarks/bench_gui.py`` times it).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEasingCurve,
    QLineF,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import QInputDialog, QSizePolicy, QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QEnterEvent

    from tictactoe_gui.engine import Analysis, MoveOutcome

from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.notation import cell_name, column_letter, row_number
from tictactoe_gui.gui.board_reading import (
    read_around,
    read_column,
    read_diagonal,
    read_row,
    read_threats,
)

#: Digits in numeric-keypad layout: 7 8 9 is the top row, 1 2 3 the bottom (3×3 only).
KEYPAD: dict[int, Move] = {
    Qt.Key.Key_7: Move(0, 0),
    Qt.Key.Key_8: Move(0, 1),
    Qt.Key.Key_9: Move(0, 2),
    Qt.Key.Key_4: Move(1, 0),
    Qt.Key.Key_5: Move(1, 1),
    Qt.Key.Key_6: Move(1, 2),
    Qt.Key.Key_1: Move(2, 0),
    Qt.Key.Key_2: Move(2, 1),
    Qt.Key.Key_3: Move(2, 2),
}

#: Keys that read the board aloud: the cursor's row and column, the cells around it,
#: and the last move (which the cursor jumps to).
#: Keys that read the board aloud: row, column, diagonal (Shift: the falling one), the
#: cells around the cursor, the last move, the threats.
READING_KEYS = (
    Qt.Key.Key_R,
    Qt.Key.Key_C,
    Qt.Key.Key_D,
    Qt.Key.Key_N,
    Qt.Key.Key_L,
    Qt.Key.Key_T,
)
#: What an arrow key says when the cursor is already at that edge of the board.
EDGES = {
    Qt.Key.Key_Left: "Left edge",
    Qt.Key.Key_Right: "Right edge",
    Qt.Key.Key_Up: "Top edge",
    Qt.Key.Key_Down: "Bottom edge",
}
#: The key that asks for a cell by name (then the name, then Enter).
GO_TO_KEY = Qt.Key.Key_G

MARK_DURATION_MS = 220
LINE_DURATION_MS = 420
#: Boards with a side longer than this are drawn as a go board with stones.
MARKS_UP_TO = 7
#: How many of the best candidates the heat-map colours on a board drawn with stones.
DEFAULT_HEAT_TOP = 5


class BoardStyle(enum.Enum):
    MARKS = "marks"
    STONES = "stones"


def style_for(rows: int, cols: int) -> BoardStyle:
    return BoardStyle.MARKS if max(rows, cols) <= MARKS_UP_TO else BoardStyle.STONES


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def mark_colour(mark: Mark, palette: QPalette) -> QColor:
    """X blue, O vermilion: apart in hue and lightness, and the shapes differ anyway."""
    dark = is_dark(palette)
    if mark is Mark.X:
        return QColor("#7fb2ff") if dark else QColor("#1f5fbf")
    return QColor("#ff9870") if dark else QColor("#c8401e")


def outcome_colour(outcome: MoveOutcome | None, palette: QPalette) -> QColor:
    """Green for a win, amber for a draw, red for a loss; grey for an unproven estimate."""
    # The analysis (and the searches it uses) loads after the board's first paint.
    from tictactoe_gui.engine import MoveOutcome

    dark = is_dark(palette)
    if outcome is None:
        return QColor("#8a94a6") if dark else QColor("#6b7385")
    return {
        MoveOutcome.WIN: QColor("#3fae5a") if dark else QColor("#2e9e4a"),
        MoveOutcome.DRAW: QColor("#c9a227") if dark else QColor("#d4a017"),
        MoveOutcome.LOSS: QColor("#e0524a") if dark else QColor("#d23c32"),
    }[outcome]


def rank_colour(rank: int, count: int, palette: QPalette) -> QColor:
    """An estimate's candidates by rank: the best green, fading to amber for the last shown."""
    from tictactoe_gui.engine import MoveOutcome

    best = outcome_colour(MoveOutcome.WIN, palette)
    last = outcome_colour(MoveOutcome.DRAW, palette)
    share = 0.0 if count <= 1 else rank / (count - 1)
    return QColor.fromRgbF(
        best.redF() + (last.redF() - best.redF()) * share,
        best.greenF() + (last.greenF() - best.greenF()) * share,
        best.blueF() + (last.blueF() - best.blueF()) * share,
    )


#: How many announcements the board's description keeps since the player's last action.
NEWS_KEPT = 4


def cell_description(move: Move, mark: Mark | None, rows: int = 3) -> str:
    """``"b2, X"``: a cell in the app's notation and what is on it."""
    content = "empty" if mark is None else str(mark)
    return f"{cell_name(move.row, move.col, rows)}, {content}"


def _cell_proxy(parent: QWidget) -> QWidget:
    """An invisible child over one cell, so assistive technology can name each cell.

    A plain QWidget rather than a subclass: a 20×20 board makes 400 of them.
    """
    proxy = QWidget(parent)
    proxy.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    # Nothing to paint: Qt skips it instead of clearing its area on every repaint.
    proxy.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
    proxy.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return proxy


def heat_rank_label(rank: int) -> str:
    """How the heat map names a candidate's rank (0 the best): "#1", never a bare number,
    which on the board is a move number."""
    return f"#{rank + 1}"


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
        self._heat: Analysis | None = None
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
        # Accessibility: what was announced since the player last acted on the board,
        # a note that replaces "X to move" (the set-up dialog's verdict), and whether
        # the cursor moved last (so its cell is said first).
        self._news: list[str] = []
        #: Whether the description says news (which leaving the board forgets), and
        #: whether news came since the description was last set.
        self._news_said = False
        self._fresh_news = False
        self._status_note: str | None = None
        self._cursor_first = False
        # Screen readers speak the whole description at every change: one change per
        # turn of the event loop, so a move, its news and the reply's remark come as one.
        self._describe_timer = QTimer(self)
        self._describe_timer.setSingleShot(True)
        self._describe_timer.setInterval(0)
        self._describe_timer.timeout.connect(self._describe)
        # Pictures drawn once per size and palette (the board, the stones).
        self._background: QPixmap | None = None
        self._background_key: tuple[object, ...] | None = None
        self._stone_cache: dict[tuple[object, ...], QPixmap] = {}
        self._layer: QPixmap | None = None
        #: What the layer holds: (background key, X drawn, O drawn, numbered moves).
        self._layer_state: tuple[object, int, int, tuple[Move, ...]] | None = None
        self._numbers_memo: tuple[object, dict[int, int]] = (None, {})

        self._appearing: Move | None = None
        self._mark_progress = 1.0
        self._line_progress = 1.0
        self._mark_animation = QVariantAnimation(self)
        self._mark_animation.setStartValue(0.0)
        self._mark_animation.setEndValue(1.0)
        self._mark_animation.setDuration(MARK_DURATION_MS)
        self._mark_animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._mark_animation.valueChanged.connect(self._on_mark_step)
        self._mark_animation.finished.connect(self._on_mark_done)
        self._line_animation = QVariantAnimation(self)
        self._line_animation.setStartValue(0.0)
        self._line_animation.setEndValue(1.0)
        self._line_animation.setDuration(LINE_DURATION_MS)
        self._line_animation.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self._line_animation.valueChanged.connect(self._on_line_step)

        self._cells: list[QWidget] = []
        self._cell_names: list[str] = []
        self._build_cells()
        self._update_accessibility()
        self._describe()

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
    def board_style(self) -> BoardStyle:
        return style_for(self.rows, self.cols)

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
    def heat_map(self) -> Analysis | None:
        return self._heat

    @property
    def coordinates_shown(self) -> bool:
        return self._coordinates

    @property
    def move_numbers_shown(self) -> bool:
        return self._move_numbers

    def is_animating(self) -> bool:
        return (
            self._appearing is not None
            or self._line_animation.state() == QVariantAnimation.State.Running
        )

    def set_board(
        self, board: Board, last_move: Move | None = None, *, name_cells: bool = True
    ) -> None:
        """Show ``board``; a single new mark animates in, then any winning line across.

        ``name_cells=False`` draws it without naming its cells for assistive technology
        yet (a 20×20 board has 400 of them): the window's first frame does that, and
        the next call names them.
        """
        previous = self._board
        unnamed = len(self._cells) != board.cells
        if (
            board == previous
            and last_move == self._last_move
            and self._raw_marks is None
            and not (name_cells and unnamed)
        ):
            return
        resized = board.variant != previous.variant
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
            self._focus_cell = Move(board.variant.rows // 2, board.variant.cols // 2)
            self._hover = None
            self._move_order = ()
            self._build_cells(named=name_cells)
            self._background = None
        elif name_cells and unnamed:
            self._build_cells()
        self._mark_animation.stop()
        self._line_animation.stop()
        if self._animations_enabled and grew_by_one and added:
            self._appearing = board.move_at(added.bit_length() - 1)
            self._mark_progress = 0.0
            self._line_progress = 0.0
            self._mark_animation.start()
        else:
            self._appearing = None
            self._mark_progress = 1.0
            self._line_progress = 1.0
        self._cursor_first = False
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
        self._background = None
        self._place_cells()
        self.update()

    def set_interactive(self, interactive: bool) -> None:
        """Whether a click could be a move now (only changes the hover highlight)."""
        self._interactive = interactive
        self.update()

    def set_hover_ghost(self, shown: bool) -> None:
        """Whether hovering shows a faint copy of the mark a click would play."""
        self._hover_ghost = shown

    def set_animations_enabled(self, enabled: bool) -> None:
        self._animations_enabled = enabled
        if not enabled:
            self._mark_animation.stop()
            self._line_animation.stop()
            self._mark_progress = self._line_progress = 1.0
            self._appearing = None
            self.update()

    def set_heat_map(self, analysis: Analysis | None) -> None:
        """Tint the empty cells by their outcome for the side to move (None hides it).

        On a board drawn with stones only the best few candidates are coloured
        (:meth:`set_heat_top`), numbered by rank.
        """
        self._heat = analysis if analysis is None or analysis.board == self._board else None
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
        self._preview_start = start
        self._preview = tuple(moves) if start is not None else ()
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
        return self._cells[row * self.cols + col]

    # -- geometry ------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(480, 480) if self.board_style is BoardStyle.MARKS else QSize(640, 640)

    def _label_pixels(self) -> float:
        """The coordinates' font size: in step with the cells, readable, never shouting."""
        longest = max(self.rows, self.cols)
        return min(15.0, max(9.0, min(self.width(), self.height()) / (longest + 2) * 0.42))

    def _margin(self) -> float:
        margin = max(8.0, min(self.width(), self.height()) * 0.04)
        if self._coordinates:
            margin = max(margin, self._label_pixels() * 1.7)
        return margin

    def cell_size(self) -> float:
        margin = self._margin()
        size = min(
            (self.width() - 2 * margin) / self.cols, (self.height() - 2 * margin) / self.rows
        )
        if self.board_style is BoardStyle.STONES:
            # Whole device pixels per cell keep every grid line on the pixel grid: crisp.
            ratio = self.devicePixelRatioF()
            size = math.floor(size * ratio) / ratio
        return max(0.0, size)

    def board_rect(self) -> QRectF:
        """The cells' area (square on a square board), centred in the widget."""
        cell = self.cell_size()
        width, height = cell * self.cols, cell * self.rows
        left, top = (self.width() - width) / 2, (self.height() - height) / 2
        if self.board_style is BoardStyle.STONES:
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
        self._background = None
        self._place_cells()

    def _build_cells(self, *, named: bool = True) -> None:
        board = self._board
        wanted = board.cells if named else 0
        while len(self._cells) > wanted:
            surplus = self._cells.pop()
            surplus.setParent(None)
            surplus.deleteLater()
        added = [_cell_proxy(self) for _ in range(wanted - len(self._cells))]
        for cell in added:
            cell.show()
        self._cells += added
        self._cell_names = [""] * wanted
        self._place_cells()
        self.setAccessibleName(f"{board.variant.name} board")

    def _place_cells(self) -> None:
        area = self.board_rect()
        cell_size = area.width() / self.cols if self.cols else 0.0
        cols = self.cols
        for index, cell in enumerate(self._cells):
            row, col = divmod(index, cols)
            rect = QRectF(
                area.left() + col * cell_size, area.top() + row * cell_size, cell_size, cell_size
            )
            cell.setGeometry(rect.toAlignedRect())

    # -- input ---------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._pressed = self.cell_at(event.position())
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            cell = self.cell_at(event.position())
            pressed, self._pressed = self._pressed, None
            if cell is not None and cell == pressed:
                self._show_focus = False
                self._focus_cell = cell
                self.clear_news()
                self.cell_activated.emit(cell.row, cell.col)
                return
        super().mouseReleaseEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell != self._hover:
            self._update_cell(self._hover)
            self._hover = cell
            self._update_cell(cell)
        super().mouseMoveEvent(event)

    def enterEvent(self, event: QEnterEvent) -> None:
        self._hover = self.cell_at(event.position())
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
        QTimer.singleShot(0, self, self._forget_news)

    def _forget_news(self) -> None:
        if self._news_said and not self.hasFocus():
            self._news.clear()
            self._describe_timer.stop()
            self._describe()

    def _focus_target(self, key: int, modifiers: Qt.KeyboardModifier) -> Move | None:
        """Where a navigation key moves the focus cell (None: not a navigation key)."""
        row, col = self._focus_cell.row, self._focus_cell.col
        last_row, last_col = self.rows - 1, self.cols - 1
        control = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
        extra = modifiers & ~(
            Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ControlModifier
        )
        if extra:
            return None
        steps = {
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
        }
        if key in steps and not control:
            dr, dc = steps[Qt.Key(key)]
            return Move(min(last_row, max(0, row + dr)), min(last_col, max(0, col + dc)))
        if key == Qt.Key.Key_Home:  # the row's first cell; with Ctrl the top-left corner
            return Move(0, 0) if control else Move(row, 0)
        if key == Qt.Key.Key_End:  # the row's last cell; with Ctrl the bottom-right corner
            return Move(last_row, last_col) if control else Move(row, last_col)
        if key == Qt.Key.Key_PageUp and not control:
            return Move(0, col)
        if key == Qt.Key.Key_PageDown and not control:
            return Move(last_row, col)
        return None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        target = self._focus_target(key, event.modifiers())
        if target is not None and target == self._focus_cell and key in EDGES:
            # Nowhere to go: say so, or the key seems lost.
            self.clear_news()
            self.reading.emit(f"{EDGES[Qt.Key(key)]}: {self._board.cell_name(target)}.")
            return
        if target is not None:
            self._update_cell(self._focus_cell)
            self._focus_cell = target
            self._show_focus = True
            self._news.clear()
            self._cursor_first = True
            self._update_accessibility()
            self._update_cell(target)
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._show_focus = True
            self.clear_news()
            self.cell_activated.emit(self._focus_cell.row, self._focus_cell.col)
            return
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        shifted = event.modifiers() == Qt.KeyboardModifier.ShiftModifier
        if key in READING_KEYS and (plain or (shifted and key == Qt.Key.Key_D)):
            self.clear_news()
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

    def _update_cell(self, move: Move | None) -> None:
        """Repaint one cell (and a little around it, for strokes that overhang)."""
        if move is None:
            return
        rect = self.cell_rect(move)
        pad = rect.width() * 0.2 + 4
        self.update(rect.adjusted(-pad, -pad, pad, pad).toAlignedRect())

    # -- animation steps -------------------------------------------------------------------

    def _on_mark_step(self, value: object) -> None:
        self._mark_progress = float(value)  # type: ignore[arg-type]
        self._update_cell(self._appearing)

    def _on_mark_done(self) -> None:
        self._appearing = None
        self._mark_progress = 1.0
        if self._board.winner is not None:
            self._line_animation.start()
        else:
            self._line_progress = 1.0
        self.update()

    def _on_line_step(self, value: object) -> None:
        self._line_progress = float(value)  # type: ignore[arg-type]
        self.update()

    # -- painting ------------------------------------------------------------------------

    def _marks(self) -> Sequence[tuple[Mark, int]]:
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
        palette = self.palette()
        area = self.board_rect()
        if area.width() <= 0:
            return
        if self.board_style is BoardStyle.MARKS:
            self._paint_marks_board(painter, palette, area)
        else:
            self._paint_stones_board(painter, palette, area)
        painter.end()

    # The look of small boards: marks in cells, as on paper. -------------------------------

    def _paint_marks_board(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        cell = area.width() / self.cols
        dark = is_dark(palette)
        surface = palette.color(QPalette.ColorRole.Base)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(surface)
        radius = cell * 0.12
        painter.drawRoundedRect(area, radius, radius)

        self._paint_cell_backgrounds(painter, palette, dark)
        self._paint_grid(painter, palette, area, cell)
        if self._coordinates:
            self._paint_coordinates(painter, palette, area)
        numbers = self.move_numbers()
        for mark, index in self._marks():
            move = self._board.move_at(index)
            progress = self._mark_progress if move == self._appearing else 1.0
            colour = mark_colour(mark, palette)
            if numbers and index in numbers:
                colour.setAlpha(110)
            self._paint_mark(painter, move, mark, colour, progress)
        if numbers:
            self._paint_numbers_on_marks(painter, palette, numbers)
        self._paint_preview(painter, palette)
        self._paint_winning_line(painter, palette)
        self._paint_numbers_over_line(painter, palette)
        self._paint_focus(painter, palette)

    def _paint_cell_backgrounds(self, painter: QPainter, palette: QPalette, dark: bool) -> None:
        highlight = palette.color(QPalette.ColorRole.Highlight)
        inset = self.board_rect().width() / self.cols * 3 * 0.012
        if self._last_move is not None and self._board.mark_at(self._board.index(self._last_move)):
            tint = QColor(palette.color(QPalette.ColorRole.Text))
            tint.setAlpha(22 if dark else 14)
            painter.setBrush(tint)
            rect = self.cell_rect(self._last_move).adjusted(inset, inset, -inset, -inset)
            painter.drawRoundedRect(rect, inset * 3, inset * 3)
        if self._heat is not None:
            self._paint_heat(painter, palette, self._heat, inset, labels=False)
        if self._hover_target() is not None and self._hover is not None:
            hover = QColor(highlight)
            hover.setAlpha(60 if dark else 45)
            painter.setBrush(hover)
            rect = self.cell_rect(self._hover).adjusted(inset, inset, -inset, -inset)
            painter.drawRoundedRect(rect, inset * 3, inset * 3)
            if self._hover_ghost:
                # A faint ghost of the mark that would be played shows what a click does.
                ghost = mark_colour(self._board.to_move, palette)
                ghost.setAlpha(70)
                self._paint_mark(painter, self._hover, self._board.to_move, ghost, 1.0)
        if self._heat is not None:
            # The words go over the hover ghost, so "loss in 2" stays readable under the pointer.
            self._paint_heat(painter, palette, self._heat, inset, tints=False)
        for move in self._hints:
            pen = QPen(highlight, max(2.0, self.board_rect().width() / self.cols * 3 * 0.01))
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            rect = self.cell_rect(move).adjusted(inset * 2, inset * 2, -inset * 2, -inset * 2)
            painter.drawRoundedRect(rect, inset * 3, inset * 3)
            painter.setPen(Qt.PenStyle.NoPen)

    def _hover_target(self) -> Move | None:
        """The empty cell under the pointer where a click would play now, if any."""
        hover = self._hover
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
        """The cells the heat-map tints now: a previewed line covers the cells it fills,
        since the heat-map describes the position on the board, not the one previewed.
        On a board drawn with stones only the best few candidates are tinted."""
        if self._heat is None:
            return ()
        previewed = set(self._preview)
        candidates = self._heat.candidates
        if self.board_style is BoardStyle.STONES:
            candidates = candidates[: self._heat_top]
        return tuple(c.move for c in candidates if c.move not in previewed)

    def _paint_heat(
        self,
        painter: QPainter,
        palette: QPalette,
        analysis: Analysis,
        inset: float,
        *,
        tints: bool = True,
        labels: bool = True,
    ) -> None:
        font = QFont(self.font())
        font.setPixelSize(max(9, int(self.board_rect().width() / self.cols * 0.12)))
        font.setBold(True)
        shown = set(self.heat_cells())
        for candidate in analysis.candidates:
            if candidate.move not in shown:
                continue
            colour = outcome_colour(candidate.outcome, palette)
            rect = self.cell_rect(candidate.move).adjusted(inset, inset, -inset, -inset)
            if tints:
                fill = QColor(colour)
                fill.setAlpha(70 if is_dark(palette) else 55)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(fill)
                painter.drawRoundedRect(rect, inset * 3, inset * 3)
            if not labels:
                continue
            label = candidate.describe
            painter.setFont(font)
            text = (
                QColor(colour).darker(140) if not is_dark(palette) else QColor(colour).lighter(130)
            )
            painter.setPen(text)
            painter.drawText(
                rect.adjusted(0, 0, 0, -rect.height() * 0.06),
                int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom),
                label,
            )
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_grid(self, painter: QPainter, palette: QPalette, area: QRectF, cell: float) -> None:
        colour = QColor(palette.color(QPalette.ColorRole.Text))
        colour.setAlpha(150)
        # The pen keeps the 3×3 board's proportions on every small board.
        pen = QPen(colour, max(2.0, cell * 3 * 0.012))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        inset = cell * 0.08
        for i in range(1, self.cols):
            x = area.left() + i * cell
            painter.drawLine(QPointF(x, area.top() + inset), QPointF(x, area.bottom() - inset))
        for i in range(1, self.rows):
            y = area.top() + i * cell
            painter.drawLine(QPointF(area.left() + inset, y), QPointF(area.right() - inset, y))

    def _paint_coordinates(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        """Column letters under the board and row numbers to its left (``a1`` bottom-left)."""
        colour = QColor(palette.color(QPalette.ColorRole.Text))
        colour.setAlpha(140)
        painter.setPen(colour)
        painter.setFont(self.coordinates_font())
        for rect, flags, text in self.coordinate_labels(area):
            painter.drawText(rect, flags, text)
        painter.setPen(Qt.PenStyle.NoPen)

    def coordinates_font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(round(self._label_pixels()))
        return font

    def coordinate_labels(self, area: QRectF | None = None) -> list[tuple[QRectF, int, str]]:
        """Where each coordinate goes: its box, alignment and text. Cells too small for a
        label each (20×20 in a small window) are labelled every other line, or every third,
        counting from ``a1``, so that no two labels run into each other."""
        area = self.board_rect() if area is None else area
        if self.cols == 0 or self.rows == 0:
            return []
        cell = area.width() / self.cols
        metrics = QFontMetricsF(self.coordinates_font())
        widest = max(metrics.horizontalAdvance(column_letter(col)) for col in range(self.cols))
        # Letters side by side need their width and a little air; numbers one above the
        # other need their height.
        across = math.ceil((widest + metrics.averageCharWidth() * 0.6) / cell) if cell else 1
        down = math.ceil(metrics.height() * 0.95 / cell) if cell else 1
        step = max(1, across, down)
        gap = self._label_pixels() * 0.4
        band = self._label_pixels() * 1.4
        labels: list[tuple[QRectF, int, str]] = []
        centre = int(Qt.AlignmentFlag.AlignCenter)
        for col in range(0, self.cols, step):
            rect = QRectF(area.left() + col * cell, area.bottom() + gap, cell, band)
            labels.append((rect, centre, column_letter(col)))
        right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for row in range(self.rows):
            number = row_number(row, self.rows)
            if (number - 1) % step:
                continue
            rect = QRectF(area.left() - gap - band * 1.3, area.top() + row * cell, band * 1.3, cell)
            labels.append((rect, right, str(number)))
        return labels

    def _paint_mark(
        self, painter: QPainter, move: Move, mark: Mark, colour: QColor, progress: float
    ) -> None:
        rect = self.cell_rect(move)
        pad = rect.width() * 0.24
        inner = rect.adjusted(pad, pad, -pad, -pad)
        pen = QPen(colour, max(2.5, rect.width() * 0.095))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if mark is Mark.X:
            # Two strokes drawn one after the other, like a hand would.
            first = min(1.0, progress * 2)
            second = max(0.0, progress * 2 - 1)
            a, b = inner.topLeft(), inner.bottomRight()
            painter.drawLine(a, a + (b - a) * first)
            if second > 0:
                c, d = inner.topRight(), inner.bottomLeft()
                painter.drawLine(c, c + (d - c) * second)
        else:
            path = QPainterPath()
            path.arcMoveTo(inner, 90)
            path.arcTo(inner, 90, -360 * progress)
            painter.drawPath(path)
        painter.setPen(Qt.PenStyle.NoPen)

    def move_numbers(self) -> dict[int, int]:
        """Cell index to move number, when move numbers are shown (marks on the board only)."""
        if not self._move_numbers or self._raw_marks is not None:
            return {}
        key = (self._board, self._move_order)
        if self._numbers_memo[0] == key:
            return self._numbers_memo[1]
        board = self._board
        numbers: dict[int, int] = {}
        for number, move in enumerate(self._move_order, start=1):
            if board.on_board(move):
                index = board.index(move)
                if board.occupied >> index & 1:
                    numbers[index] = number
        self._numbers_memo = (key, numbers)
        return numbers

    def _paint_numbers_on_marks(
        self, painter: QPainter, palette: QPalette, numbers: dict[int, int]
    ) -> None:
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(self.board_rect().width() / self.cols * 0.3)))
        painter.setFont(font)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        for index, number in numbers.items():
            painter.drawText(
                self.cell_rect(self._board.move_at(index)),
                int(Qt.AlignmentFlag.AlignCenter),
                str(number),
            )
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_preview(self, painter: QPainter, palette: QPalette) -> None:
        if self._preview_start is None or not self._preview:
            return
        board = self._preview_start
        font = QFont(self.font())
        font.setPixelSize(max(9, int(self.board_rect().width() / self.cols * 0.16)))
        font.setBold(True)
        first = self.preview_first_number()
        for order, move in enumerate(self._preview, start=1):
            if not board.is_legal(move):
                break
            mark = board.to_move
            colour = mark_colour(mark, palette)
            ghost = QColor(colour)
            ghost.setAlpha(200 if order == 1 else 110)
            self._paint_mark(painter, move, mark, ghost, 1.0)
            rect = self.cell_rect(move)
            badge = QRectF(
                rect.left() + rect.width() * 0.06,
                rect.top() + rect.height() * 0.06,
                rect.width() * 0.22,
                rect.width() * 0.22,
            )
            painter.setBrush(colour)
            painter.drawEllipse(badge)
            painter.setFont(font)
            painter.setPen(palette.color(QPalette.ColorRole.Base))
            painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), str(first + order - 1))
            painter.setPen(Qt.PenStyle.NoPen)
            board = board.play(move)

    def _paint_winning_line(self, painter: QPainter, palette: QPalette) -> None:
        outcome = self._board.outcome
        if outcome is None or outcome.line is None or outcome.winner is None:
            return
        if self._appearing is not None:
            return  # the line follows once the last mark is in
        board = self._board
        first = self.cell_rect(board.move_at(outcome.line[0])).center()
        last = self.cell_rect(board.move_at(outcome.line[-1])).center()
        # Reach a little past the outer cells' centres so the line reads as a strike-through.
        cells = max(1, len(outcome.line) - 1)
        overshoot = (last - first) * (0.18 * 2 / cells)
        start, end = first - overshoot, last + overshoot
        end = start + (end - start) * self._line_progress
        colour = QColor(mark_colour(outcome.winner, palette))
        cell = self.board_rect().width() / self.cols
        width = max(4.0, cell * 3 * 0.03)
        if self.board_style is BoardStyle.STONES:
            width = max(3.0, cell * 0.22)
        halo = QColor(palette.color(QPalette.ColorRole.Base))
        halo.setAlpha(150)
        pen = QPen(halo, width * 1.45)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(start, end)
        pen = QPen(colour, width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(start, end)
        if self.board_style is BoardStyle.STONES:
            # Over stones of the winner's colour a light core keeps the line visible.
            core = QColor(palette.color(QPalette.ColorRole.Base))
            core.setAlpha(230)
            pen = QPen(core, width * 0.35)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(start, end)
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_numbers_over_line(self, painter: QPainter, palette: QPalette) -> None:
        """The move numbers of the winning line's cells, on badges over the line, which
        would otherwise strike them out."""
        outcome = self._board.outcome
        numbers = self.move_numbers()
        if not numbers or outcome is None or outcome.line is None or outcome.winner is None:
            return
        if self._appearing is not None or self._line_progress < 1.0:
            return  # once the line is drawn
        cell = self.board_rect().width() / self.cols
        font = QFont(self.font())
        font.setBold(True)
        stones = self.board_style is BoardStyle.STONES
        badge = QColor(mark_colour(outcome.winner, palette)).darker(150)
        for index in outcome.line:
            number = numbers.get(index)
            if number is None:
                continue
            size = (0.42 if number < 100 else 0.32) if stones else 0.3
            font.setPixelSize(max(7, int(cell * size)))
            painter.setFont(font)
            text = str(number)
            centre = self.cell_rect(self._board.move_at(index)).center()
            width = max(painter.fontMetrics().horizontalAdvance(text), cell * 0.2) + cell * 0.12
            height = painter.fontMetrics().height()
            rect = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(badge)
            painter.drawRoundedRect(rect, height / 2, height / 2)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_focus(self, painter: QPainter, palette: QPalette) -> None:
        if not (self.hasFocus() and self._show_focus):
            return
        rect = self.cell_rect(self._focus_cell)
        inset = rect.width() * 0.05
        width = max(2.0, rect.width() * 0.025)
        if self.board_style is BoardStyle.STONES:
            width = max(2.0, rect.width() * 0.08)
        pen = QPen(palette.color(QPalette.ColorRole.Highlight), width)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), inset * 2, inset * 2)

    # The look of big boards: a go board with stones. ---------------------------------------

    def _paint_stones_board(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        painter.drawPixmap(0, 0, self._stones_layer(palette, area))
        cell = area.width() / self.cols
        board = self._board
        diameter = cell * 0.88
        if self._appearing is not None:
            mark = board[self._appearing]
            if mark is not None:
                size = diameter * (0.6 + 0.4 * self._mark_progress)
                self._draw_stone(painter, palette, self._appearing, mark, size)
        last = self._last_move
        if last is not None and board.on_board(last) and board[last] is not None:
            ring = self._ring_pixmap(palette, cell)
            half = ring.width() / ring.devicePixelRatio() / 2
            centre = self.cell_rect(last).center()
            painter.drawPixmap(QPointF(centre.x() - half, centre.y() - half), ring)
        if self._heat is not None:
            self._paint_heat_stones(painter, palette, cell)
        hover = self._hover_target()
        if hover is not None and self._hover_ghost:
            painter.setOpacity(0.4)
            self._draw_stone(painter, palette, hover, board.to_move, diameter, True)
            painter.setOpacity(1.0)
        elif hover is not None:
            highlight = QColor(palette.color(QPalette.ColorRole.Highlight))
            highlight.setAlpha(70)
            painter.setBrush(highlight)
            painter.drawEllipse(self.cell_rect(hover).center(), cell * 0.3, cell * 0.3)
        for move in self._hints:
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), max(2.0, cell * 0.08))
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(self.cell_rect(move).center(), cell * 0.44, cell * 0.44)
            painter.setPen(Qt.PenStyle.NoPen)
        self._paint_preview_stones(painter, palette, cell)
        self._paint_winning_line(painter, palette)
        self._paint_numbers_over_line(painter, palette)
        self._paint_focus(painter, palette)

    def _stones_layer(self, palette: QPalette, area: QRectF) -> QPixmap:
        """The board with its stones and move numbers, kept between repaints.

        Repaints between moves (the pointer moving, the focus, the overlays)
        copy this one picture instead of drawing every stone again, and a move
        only adds its own stone to it; anything else (an undo, a new size or
        palette) draws it afresh.
        """
        background = self._background_pixmap(palette, area)
        numbers = self.move_numbers()
        board = self._board
        appearing = board.index(self._appearing) if self._appearing is not None else -1
        if self._raw_marks is not None:
            drawn_x = sum(1 << i for mark, i in self._raw_marks if mark is Mark.X)
            drawn_o = sum(1 << i for mark, i in self._raw_marks if mark is Mark.O)
        else:
            drawn_x, drawn_o = board.x, board.o
        if appearing >= 0:
            drawn_x &= ~(1 << appearing)
            drawn_o &= ~(1 << appearing)
        order = self._move_order if numbers else ()
        state = self._layer_state
        layer = self._layer
        shorter = min(len(order), len(state[3])) if state is not None else 0
        if (
            layer is None
            or state is None
            or state[0] != self._background_key
            or state[3][:shorter] != order[:shorter]
            or bool(state[3]) != bool(order)
        ):
            layer = QPixmap(background)
            old_x = old_o = 0
        else:
            old_x, old_o = state[1], state[2]
        # Stones taken off (an undo), or renumbered, get the bare board back under them: a
        # stone and its number stay inside its cell, so copying the cell's square is exact.
        renumbered = 0
        if state is not None and len(state[3]) > len(order):
            renumbered = sum(1 << board.index(move) for move in state[3][len(order) :])
        gone = (old_x & ~drawn_x) | (old_o & ~drawn_o) | ((old_x | old_o) & renumbered)
        old_x &= ~gone
        old_o &= ~gone
        new_x, new_o = drawn_x & ~old_x, drawn_o & ~old_o
        if new_x or new_o or gone:
            painter = QPainter(layer)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            cell = area.width() / self.cols
            left, top, cols = area.left(), area.top(), self.cols
            ratio = background.devicePixelRatio()
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            while gone:
                low = gone & -gone
                gone ^= low
                row, col = divmod(low.bit_length() - 1, cols)
                square = QRectF(left + col * cell, top + row * cell, cell, cell)
                source = QRectF(
                    square.left() * ratio,
                    square.top() * ratio,
                    square.width() * ratio,
                    square.height() * ratio,
                )
                painter.drawPixmap(square, background, source)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            stones = {
                (mark, plain): self._stone_pixmap(palette, mark, cell * 0.88, plain)
                for mark in Mark
                for plain in (False, True)
            }
            added: dict[int, int] = {}
            for mark, mask in ((Mark.X, new_x), (Mark.O, new_o)):
                while mask:
                    low = mask & -mask
                    mask ^= low
                    index = low.bit_length() - 1
                    pixmap = stones[(mark, index in numbers)]
                    half = pixmap.width() / pixmap.devicePixelRatio() / 2
                    row, col = divmod(index, cols)
                    x, y = left + (col + 0.5) * cell - half, top + (row + 0.5) * cell - half
                    painter.drawPixmap(QPointF(x, y), pixmap)
                    if index in numbers:
                        added[index] = numbers[index]
            if added:
                self._paint_numbers_on_stones(painter, palette, added, cell)
            painter.end()
        self._layer = layer
        self._layer_state = (self._background_key, drawn_x, drawn_o, order)
        return layer

    def _background_pixmap(self, palette: QPalette, area: QRectF) -> QPixmap:
        ratio = self.devicePixelRatioF()
        key = (
            self.width(),
            self.height(),
            ratio,
            palette.cacheKey(),
            self._coordinates,
            self.rows,
            self.cols,
        )
        if self._background is not None and self._background_key == key:
            return self._background
        pixmap = QPixmap(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_go_board(painter, palette, area)
        painter.end()
        self._background, self._background_key = pixmap, key
        self._stone_cache.clear()
        return pixmap

    def _paint_go_board(self, painter: QPainter, palette: QPalette, area: QRectF) -> None:
        """The surface, the lines through the cell centres, the star points and coordinates."""
        cell = area.width() / self.cols
        dark = is_dark(palette)
        surface = QColor("#3a3326") if dark else QColor("#e9d3a3")
        # The wood reaches under the coordinates, as on a real board.
        pad = max(cell * 0.15, self._margin() * 0.85) if self._coordinates else cell * 0.15
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(surface)
        painter.drawRoundedRect(area.adjusted(-pad, -pad, pad, pad), cell * 0.35, cell * 0.35)
        ink = QColor("#d8c7a0") if dark else QColor("#4a3b22")
        ink.setAlpha(150 if dark else 170)
        ratio = self.devicePixelRatioF()
        width = max(1.0, round(cell * 0.04 * ratio)) / ratio

        def snap(value: float) -> float:
            # A line of odd device pixels sits on a pixel's centre, so it is never smeared.
            pixels = width * ratio
            base = math.floor(value * ratio) + (0.5 if round(pixels) % 2 else 0.0)
            return base / ratio

        half = cell / 2
        left, right = area.left() + half, area.right() - half
        top, bottom = area.top() + half, area.bottom() - half
        lines = [
            QLineF(
                snap(area.left() + half + c * cell),
                top,
                snap(area.left() + half + c * cell),
                bottom,
            )
            for c in range(self.cols)
        ]
        lines += [
            QLineF(
                left, snap(area.top() + half + r * cell), right, snap(area.top() + half + r * cell)
            )
            for r in range(self.rows)
        ]
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(QPen(ink, width))
        painter.drawLines(lines)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        for row, col in _star_points(self.rows, self.cols):
            centre = self.cell_rect(Move(row, col)).center()
            painter.drawEllipse(centre, cell * 0.09, cell * 0.09)
        if self._coordinates:
            self._paint_coordinates(painter, palette, area)

    def _stone_pixmap(self, palette: QPalette, mark: Mark, diameter: float, plain: bool) -> QPixmap:
        """One stone, drawn once per size: a shaded disc in the mark's colour with its letter."""
        from PySide6.QtGui import QRadialGradient  # only big boards have stones

        ratio = self.devicePixelRatioF()
        pixels = max(2, round(diameter * ratio))
        key = (mark, pixels, ratio, palette.cacheKey(), plain)
        cached = self._stone_cache.get(key)
        if cached is not None:
            return cached
        pixmap = QPixmap(pixels, pixels)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = mark_colour(mark, palette)
        if is_dark(palette):
            colour = colour.darker(135)
        rect = QRectF(0.5, 0.5, pixels - 1.0, pixels - 1.0)
        gradient = QRadialGradient(
            rect.left() + rect.width() * 0.35, rect.top() + rect.height() * 0.3, rect.width() * 0.75
        )
        gradient.setColorAt(0.0, colour.lighter(150))
        gradient.setColorAt(0.55, colour)
        gradient.setColorAt(1.0, colour.darker(140))
        painter.setPen(QPen(colour.darker(170), max(1.0, pixels * 0.03)))
        painter.setBrush(gradient)
        painter.drawEllipse(rect)
        if not plain and pixels >= 14 * ratio:
            # The letter keeps X and O apart for anyone who cannot tell the colours apart.
            glyph = QColor(255, 255, 255, 225)
            pen = QPen(glyph, max(1.2, pixels * 0.075))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inner = rect.adjusted(pixels * 0.33, pixels * 0.33, -pixels * 0.33, -pixels * 0.33)
            if mark is Mark.X:
                painter.drawLine(inner.topLeft(), inner.bottomRight())
                painter.drawLine(inner.topRight(), inner.bottomLeft())
            else:
                painter.drawEllipse(inner)
        painter.end()
        pixmap.setDevicePixelRatio(ratio)
        self._stone_cache[key] = pixmap
        return pixmap

    def _ring_pixmap(self, palette: QPalette, cell: float) -> QPixmap:
        """The last move's ring, drawn once per size like the stones."""
        ratio = self.devicePixelRatioF()
        pixels = max(4, round(cell * 1.12 * ratio))
        key = ("ring", pixels, ratio, palette.cacheKey())
        cached = self._stone_cache.get(key)
        if cached is not None:
            return cached
        pixmap = QPixmap(pixels, pixels)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(palette.color(QPalette.ColorRole.Text))
        colour.setAlpha(190 if is_dark(palette) else 160)
        width = max(1.5, cell * 0.06) * ratio
        painter.setPen(QPen(colour, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        centre = QPointF(pixels / 2, pixels / 2)
        painter.drawEllipse(centre, cell * 0.5 * ratio, cell * 0.5 * ratio)
        painter.end()
        pixmap.setDevicePixelRatio(ratio)
        self._stone_cache[key] = pixmap
        return pixmap

    def _draw_stone(
        self,
        painter: QPainter,
        palette: QPalette,
        move: Move,
        mark: Mark,
        diameter: float,
        plain: bool = False,
    ) -> None:
        pixmap = self._stone_pixmap(palette, mark, diameter, plain)
        centre = self.cell_rect(move).center()
        size = pixmap.width() / pixmap.devicePixelRatio()
        painter.drawPixmap(QPointF(centre.x() - size / 2, centre.y() - size / 2), pixmap)

    def _paint_numbers_on_stones(
        self, painter: QPainter, palette: QPalette, numbers: dict[int, int], cell: float
    ) -> None:
        font = QFont(self.font())
        font.setBold(True)
        painter.setPen(QColor(255, 255, 255, 240))
        for index, number in numbers.items():
            font.setPixelSize(max(7, int(cell * (0.42 if number < 100 else 0.32))))
            painter.setFont(font)
            painter.drawText(
                self.cell_rect(self._board.move_at(index)),
                int(Qt.AlignmentFlag.AlignCenter),
                str(number),
            )
        painter.setPen(Qt.PenStyle.NoPen)

    def heat_labels(self) -> dict[Move, str]:
        """On a board of stones, the heat map's candidates by rank: their labels ("#1"),
        best first."""
        analysis = self._heat
        if analysis is None or self.board_style is not BoardStyle.STONES:
            return {}
        shown = set(self.heat_cells())
        return {
            candidate.move: heat_rank_label(rank)
            for rank, candidate in enumerate(analysis.candidates[: self._heat_top])
            if candidate.move in shown
        }

    def _paint_heat_stones(self, painter: QPainter, palette: QPalette, cell: float) -> None:
        analysis = self._heat
        if analysis is None:
            return
        labels = self.heat_labels()
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(cell * 0.34)))
        painter.setFont(font)
        dark = is_dark(palette)
        for rank, candidate in enumerate(analysis.candidates[: self._heat_top]):
            label = labels.get(candidate.move)
            if label is None:
                continue
            if candidate.outcome is not None:
                colour = outcome_colour(candidate.outcome, palette)
            else:
                colour = rank_colour(rank, len(analysis.candidates[: self._heat_top]), palette)
            fill = QColor(colour)
            fill.setAlpha(150 if dark else 130)
            rect = self.cell_rect(candidate.move)
            inset = cell * 0.06
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawRoundedRect(
                rect.adjusted(inset, inset, -inset, -inset), cell * 0.2, cell * 0.2
            )
            painter.setPen(QColor(255, 255, 255) if dark else QColor(20, 20, 20))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), label)
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_preview_stones(self, painter: QPainter, palette: QPalette, cell: float) -> None:
        if self._preview_start is None or not self._preview:
            return
        board = self._preview_start
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(cell * 0.42)))
        painter.setFont(font)
        first = self.preview_first_number()
        for order, move in enumerate(self._preview, start=1):
            if not board.is_legal(move):
                break
            painter.setOpacity(0.7 if order == 1 else 0.5)
            self._draw_stone(painter, palette, move, board.to_move, cell * 0.88, True)
            painter.setOpacity(1.0)
            painter.setPen(QColor(255, 255, 255))
            number = str(first + order - 1)
            painter.drawText(self.cell_rect(move), int(Qt.AlignmentFlag.AlignCenter), number)
            painter.setPen(Qt.PenStyle.NoPen)
            board = board.play(move)

    # -- accessibility -------------------------------------------------------------------

    def _read(self, key: Qt.Key, *, shifted: bool = False) -> str:
        """What a reading key says; L also moves the cursor to the last move."""
        board, cursor = self._board, self._focus_cell
        if key == Qt.Key.Key_R:
            return read_row(board, cursor)
        if key == Qt.Key.Key_C:
            return read_column(board, cursor)
        if key == Qt.Key.Key_D:
            return read_diagonal(board, cursor, rising=not shifted)
        if key == Qt.Key.Key_N:
            return read_around(board, cursor)
        if key == Qt.Key.Key_T:
            return read_threats(board)
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
        dialog = _GoToCellDialog(self)
        dialog.setObjectName("goToCellDialog")
        dialog.setWindowTitle("Go to Cell")
        board = self._board
        last = board.cell_name(Move(0, board.variant.cols - 1))
        dialog.setLabelText(f"Cell (a column letter and a row number, a1 to {last}):")
        dialog.setInputMode(QInputDialog.InputMode.TextInput)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
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
        self._update_cell(self._focus_cell)
        self._focus_cell = target
        self._show_focus = True
        self._news.clear()
        self._cursor_first = True
        self._update_accessibility()
        # Now, not on the next turn: the board is about to get the focus back, and a
        # screen reader reads its description then; a change after would be read again.
        self._describe_timer.stop()
        self._describe()
        self._update_cell(target)

    @Slot(str)
    def add_news(self, text: str) -> None:
        """Put an announcement at the head of the description (screen readers that ignore
        announcements speak a focused object's description when it changes)."""
        self._news.append(text)
        del self._news[:-NEWS_KEPT]
        self._fresh_news = True
        self._cursor_first = False
        self._update_accessibility()

    def drop_news(self) -> None:
        """Forget what was announced, now: it was heard elsewhere (a control in focus)."""
        if self._news:
            self._news.clear()
            self._update_accessibility()

    def clear_news(self) -> None:
        """The player acted: what was announced before is old news (the description
        changes with whatever the action brings, not before)."""
        self._news.clear()

    def set_status_note(self, note: str | None) -> None:
        """Say ``note`` instead of whose turn it is (None: back to the turn)."""
        self._status_note = note
        self._update_accessibility()

    def _mark_shown(self, index: int) -> Mark | None:
        """The mark drawn on a cell: the set-up dialog's bare marks while it has them."""
        if self._raw_marks is not None:
            return next((mark for mark, i in self._raw_marks if i == index), None)
        return self._board.mark_at(index)

    def _update_accessibility(self) -> None:
        rows = self.rows
        if self._raw_marks is not None:
            shown = {i: mark for mark, i in self._raw_marks}
        else:
            shown = {i: mark for mark, i in self._marks()}
        # Only the names that changed are set: on a 20×20 board that is one or two cells a move.
        cols = self.cols
        for index, cell in enumerate(self._cells):
            row, col = divmod(index, cols)
            mark = shown.get(index)
            name = f"{cell_name(row, col, rows)}, {'empty' if mark is None else mark}"
            if self._cell_names[index] != name:
                self._cell_names[index] = name
                cell.setAccessibleName(name)
        self._describe_timer.start()

    def describe_now(self) -> None:
        """Put what is waiting in the description now, not at the end of this turn (before
        the board takes the focus, so that it is read once, with the focus)."""
        self._describe_timer.stop()
        self._describe()

    def _describe(self) -> None:
        rows = self.rows
        if self._raw_marks is not None:
            shown = {i: mark for mark, i in self._raw_marks}
        else:
            shown = {i: mark for mark, i in self._marks()}
        outcome = self._board.outcome
        if self._status_note is not None:
            state = self._status_note
        elif outcome is not None:
            state = f"Game over, {outcome}"
        else:
            state = f"{self._board.to_move} to move"
        focus = self._focus_cell
        cursor = "Cursor " + cell_description(focus, shown.get(self._board.index(focus)), rows)
        last = ""
        if self._last_move is not None and self._raw_marks is None:
            mark = self._board.mark_at(self._board.index(self._last_move))
            if mark is not None:
                last = f"Last move {mark} {self._board.cell_name(self._last_move)}"
        if self._cursor_first:
            parts = [cursor, state, last]
        else:
            # The news may already say it ("… Game over, O wins."): not twice.
            said = any(state in news for news in self._news[-1:])
            parts = [*self._news, "" if said else state, cursor, "" if self._news else last]
        text = _sentences(parts)
        fresh, self._fresh_news = self._fresh_news, False
        if text == self.accessibleDescription().rstrip("\u00a0") and fresh:
            # The same news again (the same refusal twice) is still news: a screen reader
            # reads a description only when it changes.
            text = self.accessibleDescription() + "\u00a0"
        if text != self.accessibleDescription():
            # Qt reports every call as a change, and a screen reader reads it again.
            self.setAccessibleDescription(text)
        self._news_said = bool(self._news) and not self._cursor_first
        if self.hasFocus() and self.isActiveWindow():
            # Heard: the next change says only what is new (a reply, not the move before
            # it again). Away from the board the news gathers until the player is back.
            self._news.clear()


class _GoToCellDialog(QInputDialog):
    """Asks for a cell's name; the board's cursor moves before the dialog closes, so the
    board is read once, at the new cell, when it gets the focus back."""

    def __init__(self, board: BoardView) -> None:
        super().__init__(board)
        self._board = board

    def accept(self) -> None:
        self._board.go_to_cell(self.textValue())
        super().accept()


def _star_points(rows: int, cols: int) -> list[tuple[int, int]]:
    """The dots a go or gomoku board marks: the fourth lines from the edges and the centre."""
    if min(rows, cols) < 9:
        return []
    edge = 3
    points = [(edge, edge), (edge, cols - 1 - edge), (rows - 1 - edge, edge)]
    points.append((rows - 1 - edge, cols - 1 - edge))
    if rows % 2 and cols % 2:
        points.append((rows // 2, cols // 2))
    return points


def _sentences(parts: Sequence[str]) -> str:
    """Join phrases and sentences into one text, each ending in its own punctuation."""
    done = []
    for part in parts:
        part = part.strip()
        if part:
            done.append(part if part[-1] in ".!?”…" else part + ".")
    return " ".join(done)
