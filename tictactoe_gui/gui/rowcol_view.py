"""The Row & Column board: numbers on a grid, taken cells, the allowed row and column, the scores.

Like :class:`~tictactoe_gui.gui.board_view.BoardView` it holds no game logic:
it shows a :class:`~tictactoe_gui.engine.rowcol.Position` handed to it and
emits ``cell_activated(row, col)`` for every click or Enter; the caller
decides whether the take is allowed. A take animates: the number fades out of
its cell in the taker's colour. Every cell has an accessible name that says
its value, whether it is taken (and by whom) and whether it may be taken now.

For screen readers the board itself is named after the cell under the keyboard
cursor once the arrows have moved it (so each arrow key speaks a cell), and its
description holds the news: the scores and what may be taken, or whatever the
window announced (screen readers such as Orca 43 speak the focused object's
description whenever it changes). The description changes at most once per turn
of the event loop, so a take, the scores and the end of the game are one sentence.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from tictactoe_gui.engine.rowcol import Player, Position
from tictactoe_gui.gui.painters import Painter
from tictactoe_gui.gui.painters.numbers import HEADER_CELLS, NumbersPainter

TAKE_DURATION_MS = 260


class RowColBoardView(QWidget):
    """Paints a Row & Column position and turns clicks and keys into cells."""

    cell_activated = Signal(int, int)
    #: Text read out at the player's request (keys R, C, N and L, as on the main board).
    reading = Signal(str)

    def __init__(self, position: Position, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rowColBoardView")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 220)
        self._position = position
        self._interactive = True
        self._animations_enabled = True
        self._focus_cell = (position.size // 2, position.size // 2)
        self._show_focus = False
        self._hints: tuple[int, ...] = ()
        #: Who took each taken cell, when the caller says (to colour the cells).
        self._owners: dict[int, Player] = {}
        #: The players' names, A's then B's, when the caller says (the status names them).
        self._names: tuple[str, str] | None = None
        self._taking: int | None = None
        self._taker: Player | None = None
        self._progress = 1.0
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setDuration(TAKE_DURATION_MS)
        self._animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._animation.valueChanged.connect(self._on_step)
        self._animation.finished.connect(self._on_done)
        self._cells: list[QWidget] = []
        self._painter: Painter = NumbersPainter(self)
        # Accessibility: the announcements of this turn of the event loop, said in the
        # description instead of the status; whether the board is named after the cursor
        # cell, and that cell's state (taken, allowed) when it was last named.
        self._news: list[str] = []
        self._cursor_named = False
        self._named_state: tuple[bool, bool] | None = None
        self._describe_timer = QTimer(self)
        self._describe_timer.setSingleShot(True)
        self._describe_timer.setInterval(0)
        self._describe_timer.timeout.connect(self._describe)
        self._build_cells()
        self._update_accessibility()
        self._describe()

    # -- what to show --------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._position

    @property
    def focus_cell(self) -> tuple[int, int]:
        return self._focus_cell

    @property
    def hints(self) -> tuple[int, ...]:
        return self._hints

    @property
    def painter(self) -> Painter:
        return self._painter

    @property
    def owners(self) -> Mapping[int, Player]:
        return self._owners

    @property
    def taking(self) -> tuple[int, Player, float] | None:
        """The take animating now: its cell, its taker and how far it has gone."""
        if self._taking is None or self._taker is None:
            return None
        return self._taking, self._taker, self._progress

    def focus_shown(self) -> bool:
        return self._show_focus and self.hasFocus()

    def is_animating(self) -> bool:
        return self._taking is not None

    def set_position(self, position: Position, owners: dict[int, Player] | None = None) -> None:
        """Show ``position``; a single new take animates (the number fades in the taker's colour).

        ``owners`` says who took which cell, so that taken cells keep their taker's tint.
        """
        previous = self._position
        resized = position.size != previous.size
        added = position.taken & ~previous.taken
        one_take = (
            not resized
            and position.values == previous.values
            and added.bit_count() == 1
            and previous.taken & ~position.taken == 0
        )
        self._position = position
        self._owners = dict(owners or {})
        self._hints = ()
        self._animation.stop()
        self._taking = None
        if resized:
            self._focus_cell = (position.size // 2, position.size // 2)
            self._build_cells()
            self._place_cells()
        if resized or position.values != previous.values:
            self.new_game()
        if self._animations_enabled and one_take:
            self._taking = added.bit_length() - 1
            self._taker = previous.to_move
            self._progress = 0.0
            self._animation.start()
        self._update_accessibility()
        self.update()

    def set_names(self, names: tuple[str, str] | None) -> None:
        """The players' names, A's then B's: the status says who is to take by name, as
        every game says who is to move ("Ann (A) to take: b1 or c2.")."""
        if names != self._names:
            self._names = names
            self._update_accessibility()

    def _player(self, player: Player) -> str:
        if self._names is None:
            return str(player)
        return f"{self._names[0 if player is Player.A else 1]} ({player})"

    def set_hints(self, cells: tuple[int, ...]) -> None:
        self._hints = tuple(cells)
        self.update()

    def set_interactive(self, interactive: bool) -> None:
        self._interactive = interactive
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if interactive else Qt.CursorShape.ArrowCursor
        )

    def set_animations_enabled(self, enabled: bool) -> None:
        self._animations_enabled = enabled
        if not enabled and self._taking is not None:
            self._animation.stop()
            self._on_done()

    def cell_widget(self, row: int, col: int) -> QWidget:
        """The invisible child over a cell that carries its accessible name."""
        return self._cells[row * self._position.size + col]

    # -- geometry ------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(360, self._painter.preferred_size)

    def _cell_size(self) -> float:
        size = self._position.size
        # The grid, a column of row numbers, a row of letters and the score strip above.
        across = (self.width() - 8) / (size + 0.6)
        down = (self.height() - 8) / (size + 0.6 + HEADER_CELLS)
        return max(8.0, min(across, down))

    def board_rect(self) -> QRectF:
        cell = self._cell_size()
        side = cell * self._position.size
        total_width = side + 0.6 * cell
        total_height = side + (0.6 + HEADER_CELLS) * cell
        left = (self.width() - total_width) / 2 + 0.6 * cell
        top = (self.height() - total_height) / 2 + HEADER_CELLS * cell
        return QRectF(left, top, side, side)

    def cell_rect(self, row: int, col: int) -> QRectF:
        area = self.board_rect()
        cell = area.width() / self._position.size
        return QRectF(area.left() + col * cell, area.top() + row * cell, cell, cell)

    def cell_at(self, point: QPointF) -> tuple[int, int] | None:
        area = self.board_rect()
        if not area.contains(point):
            return None
        cell = area.width() / self._position.size
        size = self._position.size
        row = min(size - 1, int((point.y() - area.top()) / cell))
        col = min(size - 1, int((point.x() - area.left()) / cell))
        return row, col

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_cells()

    def _build_cells(self) -> None:
        for cell in self._cells:
            cell.setParent(None)  # off the accessible tree now, not at the next turn
            cell.deleteLater()
        self._cells = []
        for _ in range(self._position.cells):
            proxy = QWidget(self)
            proxy.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            proxy.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
            proxy.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            proxy.show()
            self._cells.append(proxy)
        self._cursor_named = False
        self.setAccessibleName(self._board_name())

    def new_game(self) -> None:
        """A new game (its board may look like the last one's): the cursor cell named
        before and the news of the game before are forgotten."""
        self._cursor_named = False
        self.setAccessibleName(self._board_name())
        self._news.clear()

    def _board_name(self) -> str:
        return f"{self._position.variant.name} board"

    def _place_cells(self) -> None:
        size = self._position.size
        for index, proxy in enumerate(self._cells):
            row, col = divmod(index, size)
            proxy.setGeometry(self.cell_rect(row, col).toAlignedRect())

    def describe_cell(self, index: int) -> str:
        """``"b2, 5, allowed"``, ``"b2, taken by A, the last take"``: a cell as it is heard."""
        text = self._position.describe_cell(index)
        owner = self._owners.get(index)
        if owner is not None and self._position.is_taken(index):
            label, _, rest = text.partition(", taken")
            text = f"{label}, taken by {owner}{rest}"
        return text

    def _cell_state(self, index: int) -> tuple[bool, bool]:
        position = self._position
        return position.is_taken(index), position.is_allowed(index)

    def _name_after_cursor(self) -> None:
        index = self._position.cell(*self._focus_cell)
        self._cursor_named = True
        self._named_state = self._cell_state(index)
        self.setAccessibleName(self.describe_cell(index))

    def _update_accessibility(self) -> None:
        for index, proxy in enumerate(self._cells):
            proxy.setAccessibleName(self.describe_cell(index))
        self._describe_timer.start()

    def add_news(self, text: str) -> None:
        """Say ``text`` in the board's description (with whatever else this turn brings)."""
        self._news.append(text)
        self._describe_timer.start()

    def describe_now(self) -> None:
        """Put this turn's news in the description now rather than at the end of the turn
        (before the board takes the focus, so that it is read once, with the focus)."""
        self._describe()

    def _describe(self) -> None:
        self._describe_timer.stop()
        if self._cursor_named:
            # The cell under the cursor is said again only when, by the end of the turn, it
            # was taken (or given back) or became allowed or not: not at every take.
            index = self._position.cell(*self._focus_cell)
            if not self.hasFocus() or self._cell_state(index) != self._named_state:
                self._name_after_cursor()
        news, self._news = self._news, []
        text = " ".join(news) if news else self.status_text()
        if news and text == self.accessibleDescription():
            # The same news again (a refusal repeated) is said again: screen readers speak
            # a description when it changes, and an empty one not at all.
            self.setAccessibleDescription("")
        self.setAccessibleDescription(text)

    def status_text(self) -> str:
        """``"A 5, B 3. Bob (B) to take: b1, b3 or c2."``: the scores, who is to take (by
        name once the names are known) and what may be taken."""
        position = self._position
        scores = f"A {position.score_a}, B {position.score_b}."
        mover = self._player(position.to_move)
        if position.is_over:
            return f"{scores} {mover} has no cell to take: the game is over."
        if position.last is None:
            return f"{scores} {mover} to take: any cell."
        cells = [position.cell_label(c) for c in position.allowed_cells()]
        listed = cells[0] if len(cells) == 1 else f"{', '.join(cells[:-1])} or {cells[-1]}"
        return f"{scores} {mover} to take: {listed}."

    # -- input ---------------------------------------------------------------------------

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self._interactive:
            return
        cell = self.cell_at(event.position())
        if cell is not None:
            self._focus_cell = cell
            self._show_focus = False
            self.cell_activated.emit(*cell)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        row, col = self._focus_cell
        size = self._position.size
        moves = {
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
        }
        if key in moves:
            d_row, d_col = moves[Qt.Key(key)]
            self._focus_cell = (
                min(size - 1, max(0, row + d_row)),
                min(size - 1, max(0, col + d_col)),
            )
            self._show_focus = True
            self._name_after_cursor()
            self.update()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self._interactive:
                self.cell_activated.emit(row, col)
            return
        reading = {Qt.Key.Key_R, Qt.Key.Key_C, Qt.Key.Key_N, Qt.Key.Key_L}
        if key in reading and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            self.reading.emit(self.read(Qt.Key(key)))
            return
        super().keyPressEvent(event)

    def _heard(self, index: int) -> str:
        """``"b2 5 allowed"``, ``"c1 taken by A"``: a cell, short, for a row read out."""
        position = self._position
        label = position.cell_label(index)
        if position.is_taken(index):
            owner = self._owners.get(index)
            last = ", the last take" if index == position.last else ""
            return f"{label} taken{f' by {owner}' if owner else ''}{last}"
        allowed = " allowed" if position.is_allowed(index) else ""
        return f"{label} {position.values[index]}{allowed}"

    def read(self, key: Qt.Key) -> str:
        """What R, C, N and L say: the cursor's row, its column (from the bottom up), the
        cells around it, or the last take (L also moves the cursor there)."""
        position, size = self._position, self._position.size
        row, col = self._focus_cell
        if key == Qt.Key.Key_R:
            cells = [position.cell(row, c) for c in range(size)]
            title = f"Row {position.cell_label(cells[0])[1:]}"
        elif key == Qt.Key.Key_C:
            cells = [position.cell(r, col) for r in reversed(range(size))]
            title = f"Column {position.cell_label(cells[0])[0]}"
        elif key == Qt.Key.Key_N:
            cells = [
                position.cell(r, c)
                for r in range(max(0, row - 1), min(size, row + 2))
                for c in range(max(0, col - 1), min(size, col + 2))
            ]
            title = f"Around {position.cell_label(position.cell(row, col))}"
        else:
            if position.last is None:
                return "No take yet."
            self._focus_cell = position.row_col(position.last)
            self._show_focus = True
            self._name_after_cursor()
            self.update()
            return f"Last take: {self.describe_cell(position.last)}."
        return f"{title}: {', '.join(self._heard(cell) for cell in cells)}."

    def focusInEvent(self, event: QFocusEvent) -> None:
        if self._cursor_named:
            # Coming back, the cursor's cell is read as it is now (no longer the last take,
            # say), before the focus event that has it read.
            index = self._position.cell(*self._focus_cell)
            if self.accessibleName() != self.describe_cell(index):
                self._name_after_cursor()
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._show_focus = False
        self.update()
        # The news was heard with the focus: coming back reads the scores and what may be
        # taken, not it again. On the next turn, once the screen reader follows the focus.
        QTimer.singleShot(0, self, self._forget_news)

    def _forget_news(self) -> None:
        if not self.hasFocus() and not self._news:
            status = self.status_text()
            if self.accessibleDescription() != status:
                self.setAccessibleDescription(status)

    # -- painting ------------------------------------------------------------------------

    def _on_step(self, value: object) -> None:
        self._progress = float(value)  # type: ignore[arg-type]
        self.update()

    def _on_done(self) -> None:
        self._taking = None
        self._taker = None
        self._progress = 1.0
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._painter.paint(painter, self.palette(), self.board_rect())
        painter.end()
