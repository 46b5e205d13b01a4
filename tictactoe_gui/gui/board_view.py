"""The board: paints the grid and marks, animates them, and turns clicks and keys into moves.

The view holds no game logic. It shows a :class:`~tictactoe_gui.engine.Board`
handed to it and emits ``cell_activated(row, col)`` for every activation;
the controller decides whether that is a legal move and says why not.
Everything is drawn in floating point from the widget's size, so the cells
are exact thirds and stay crisp at any size and device pixel ratio.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    QColor,
    QEnterEvent,
    QFocusEvent,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from tictactoe_gui.engine import Analysis, Board, Mark, Move, MoveOutcome
from tictactoe_gui.engine.notation import cell_name

#: Digits in numeric-keypad layout: 7 8 9 is the top row, 1 2 3 the bottom.
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

MARK_DURATION_MS = 220
LINE_DURATION_MS = 420


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
    dark = is_dark(palette)
    if outcome is None:
        return QColor("#8a94a6") if dark else QColor("#6b7385")
    return {
        MoveOutcome.WIN: QColor("#3fae5a") if dark else QColor("#2e9e4a"),
        MoveOutcome.DRAW: QColor("#c9a227") if dark else QColor("#d4a017"),
        MoveOutcome.LOSS: QColor("#e0524a") if dark else QColor("#d23c32"),
    }[outcome]


#: How many announcements the board's description keeps since the player's last action.
NEWS_KEPT = 4


def cell_description(move: Move, mark: Mark | None) -> str:
    """``"b2, X"``: a cell in the app's notation and what is on it."""
    content = "empty" if mark is None else str(mark)
    return f"{cell_name(move.row, move.col, 3)}, {content}"


class _CellProxy(QWidget):
    """An invisible child over one cell, so assistive technology can name each cell."""

    def __init__(self, parent: QWidget, move: Move) -> None:
        super().__init__(parent)
        self.move_ = move
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)


class BoardView(QWidget):
    cell_activated = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boardView")
        self.setAccessibleName("Tic-tac-toe board")
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
        self._hints: tuple[Move, ...] = ()
        self._preview_start: Board | None = None
        self._preview: tuple[Move, ...] = ()
        self._animations_enabled = True
        self._pressed: Move | None = None
        self._raw_marks: tuple[tuple[Mark, int], ...] | None = None
        self._hover_ghost = True
        # Accessibility: what was announced since the player last acted on the board,
        # a note that replaces "X to move" (the set-up dialog's verdict), and whether
        # the cursor moved last (so its cell is said first).
        self._news: list[str] = []
        self._status_note: str | None = None
        self._cursor_first = False
        # Screen readers speak the whole description at every change: one change per
        # turn of the event loop, so a move, its news and the reply's remark come as one.
        self._describe_timer = QTimer(self)
        self._describe_timer.setSingleShot(True)
        self._describe_timer.setInterval(0)
        self._describe_timer.timeout.connect(self._describe)

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

        self._cells = [_CellProxy(self, Move.from_index(i)) for i in range(9)]
        self._update_accessibility()
        self._describe()

    # -- what to show --------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @property
    def last_move(self) -> Move | None:
        return self._last_move

    @property
    def focus_cell(self) -> Move:
        return self._focus_cell

    @property
    def hints(self) -> tuple[Move, ...]:
        return self._hints

    @property
    def preview(self) -> tuple[Move, ...]:
        return self._preview

    @property
    def heat_map(self) -> Analysis | None:
        return self._heat

    def is_animating(self) -> bool:
        return (
            self._appearing is not None
            or self._line_animation.state() == QVariantAnimation.State.Running
        )

    def set_board(self, board: Board, last_move: Move | None = None) -> None:
        """Show ``board``; a single new mark animates in, then any winning line across."""
        previous = self._board
        if board == previous and last_move == self._last_move and self._raw_marks is None:
            return
        added = board.occupied & ~previous.occupied
        grew_by_one = board.ply == previous.ply + 1 and previous.occupied & ~board.occupied == 0
        self._board = board
        self._last_move = last_move
        self._raw_marks = None
        self._hints = ()
        self._preview = ()
        self._preview_start = None
        if self._heat is not None and self._heat.board != board:
            self._heat = None
        self._mark_animation.stop()
        self._line_animation.stop()
        if self._animations_enabled and grew_by_one and added:
            self._appearing = Move.from_index(added.bit_length() - 1)
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
        """Tint the empty cells by their outcome for the side to move (None hides it)."""
        self._heat = analysis if analysis is None or analysis.board == self._board else None
        self.update()

    def set_hints(self, moves: Sequence[Move]) -> None:
        self._hints = tuple(moves)
        self.update()

    def set_preview(self, start: Board | None, moves: Sequence[Move]) -> None:
        """Ghost marks for a line of play from ``start`` (numbered in order)."""
        self._preview_start = start
        self._preview = tuple(moves) if start is not None else ()
        self.update()

    def set_raw_marks(self, marks: Sequence[tuple[Mark, int]]) -> None:
        """Draw marks that need not form a legal position (the set-up dialog's work in progress)."""
        self._raw_marks = tuple(marks)
        self._update_accessibility()
        self.update()

    def cell_widget(self, row: int, col: int) -> QWidget:
        """The accessible stand-in for one cell (tests and screen readers read its name)."""
        return self._cells[3 * row + col]

    # -- geometry ------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(480, 480)

    def board_rect(self) -> QRectF:
        margin = max(8.0, min(self.width(), self.height()) * 0.04)
        side = max(0.0, min(self.width(), self.height()) - 2 * margin)
        return QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)

    def cell_rect(self, move: Move) -> QRectF:
        area = self.board_rect()
        third = area.width() / 3
        return QRectF(area.left() + move.col * third, area.top() + move.row * third, third, third)

    def cell_at(self, point: QPointF) -> Move | None:
        area = self.board_rect()
        if not area.contains(point) or area.width() <= 0:
            return None
        third = area.width() / 3
        col = min(2, int((point.x() - area.left()) / third))
        row = min(2, int((point.y() - area.top()) / third))
        return Move(row, col)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        for cell in self._cells:
            self._place_proxy(cell)

    def _place_proxy(self, cell: _CellProxy) -> None:
        cell.setGeometry(self.cell_rect(cell.move_).toAlignedRect())

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
            self._hover = cell
            self.update()
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

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        steps = {
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
        }
        if key in steps and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            dr, dc = steps[Qt.Key(key)]
            row = min(2, max(0, self._focus_cell.row + dr))
            col = min(2, max(0, self._focus_cell.col + dc))
            self._focus_cell = Move(row, col)
            self._show_focus = True
            self._news.clear()
            self._cursor_first = True
            self._update_accessibility()
            self.update()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._show_focus = True
            self.clear_news()
            self.cell_activated.emit(self._focus_cell.row, self._focus_cell.col)
            return
        if key in KEYPAD and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            move = KEYPAD[Qt.Key(key)]
            self._focus_cell = move
            self.clear_news()
            self.cell_activated.emit(move.row, move.col)
            return
        super().keyPressEvent(event)

    # -- animation steps -------------------------------------------------------------------

    def _on_mark_step(self, value: object) -> None:
        self._mark_progress = float(value)  # type: ignore[arg-type]
        if self._appearing is not None:
            self.update(self.cell_rect(self._appearing).toAlignedRect().adjusted(-4, -4, 4, 4))

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

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        area = self.board_rect()
        if area.width() <= 0:
            return
        third = area.width() / 3
        dark = is_dark(palette)

        surface = palette.color(QPalette.ColorRole.Base)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(surface)
        radius = third * 0.12
        painter.drawRoundedRect(area, radius, radius)

        self._paint_cell_backgrounds(painter, palette, dark)
        self._paint_grid(painter, palette, area, third)
        marks = (
            self._raw_marks
            if self._raw_marks is not None
            else [(m, i) for i in range(9) if (m := self._board.mark_at(i)) is not None]
        )
        for mark, index in marks:
            move = Move.from_index(index)
            progress = self._mark_progress if move == self._appearing else 1.0
            self._paint_mark(painter, move, mark, mark_colour(mark, palette), progress)
        self._paint_preview(painter, palette)
        self._paint_winning_line(painter, palette)
        self._paint_focus(painter, palette)
        painter.end()

    def _paint_cell_backgrounds(self, painter: QPainter, palette: QPalette, dark: bool) -> None:
        highlight = palette.color(QPalette.ColorRole.Highlight)
        inset = self.board_rect().width() * 0.012
        if self._last_move is not None and self._board.mark_at(self._board.index(self._last_move)):
            tint = QColor(palette.color(QPalette.ColorRole.Text))
            tint.setAlpha(22 if dark else 14)
            painter.setBrush(tint)
            rect = self.cell_rect(self._last_move).adjusted(inset, inset, -inset, -inset)
            painter.drawRoundedRect(rect, inset * 3, inset * 3)
        if self._heat is not None:
            self._paint_heat(painter, palette, self._heat, inset, labels=False)
        playable = self._interactive and not self._board.is_over
        if (
            playable
            and self._hover is not None
            and self._board.mark_at(self._board.index(self._hover)) is None
            and not self._preview
        ):
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
            pen = QPen(highlight, max(2.0, self.board_rect().width() * 0.01))
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            rect = self.cell_rect(move).adjusted(inset * 2, inset * 2, -inset * 2, -inset * 2)
            painter.drawRoundedRect(rect, inset * 3, inset * 3)
            painter.setPen(Qt.PenStyle.NoPen)

    def heat_cells(self) -> tuple[Move, ...]:
        """The cells the heat-map tints now: a previewed line covers the cells it fills,
        since the heat-map describes the position on the board, not the one previewed."""
        if self._heat is None:
            return ()
        previewed = set(self._preview)
        return tuple(c.move for c in self._heat.candidates if c.move not in previewed)

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
        font.setPixelSize(max(9, int(self.board_rect().width() / 3 * 0.12)))
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

    def _paint_grid(self, painter: QPainter, palette: QPalette, area: QRectF, third: float) -> None:
        colour = QColor(palette.color(QPalette.ColorRole.Text))
        colour.setAlpha(150)
        pen = QPen(colour, max(2.0, area.width() * 0.012))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        inset = third * 0.08
        for i in (1, 2):
            x = area.left() + i * third
            y = area.top() + i * third
            painter.drawLine(QPointF(x, area.top() + inset), QPointF(x, area.bottom() - inset))
            painter.drawLine(QPointF(area.left() + inset, y), QPointF(area.right() - inset, y))

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

    def _paint_preview(self, painter: QPainter, palette: QPalette) -> None:
        if self._preview_start is None or not self._preview:
            return
        board = self._preview_start
        font = QFont(self.font())
        font.setPixelSize(max(9, int(self.board_rect().width() / 3 * 0.16)))
        font.setBold(True)
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
            painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), str(order))
            painter.setPen(Qt.PenStyle.NoPen)
            board = board.play(move)

    def _paint_winning_line(self, painter: QPainter, palette: QPalette) -> None:
        outcome = self._board.outcome
        if outcome is None or outcome.line is None or outcome.winner is None:
            return
        if self._appearing is not None:
            return  # the line follows once the last mark is in
        first = self.cell_rect(Move.from_index(outcome.line[0])).center()
        last = self.cell_rect(Move.from_index(outcome.line[-1])).center()
        # Reach a little past the outer cells' centres so the line reads as a strike-through.
        overshoot = (last - first) * 0.18
        start, end = first - overshoot, last + overshoot
        end = start + (end - start) * self._line_progress
        colour = QColor(mark_colour(outcome.winner, palette))
        width = max(4.0, self.board_rect().width() * 0.03)
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
        painter.setPen(Qt.PenStyle.NoPen)

    def _paint_focus(self, painter: QPainter, palette: QPalette) -> None:
        if not (self.hasFocus() and self._show_focus):
            return
        rect = self.cell_rect(self._focus_cell)
        inset = rect.width() * 0.05
        pen = QPen(palette.color(QPalette.ColorRole.Highlight), max(2.0, rect.width() * 0.025))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), inset * 2, inset * 2)

    # -- accessibility -------------------------------------------------------------------

    def add_news(self, text: str) -> None:
        """Put an announcement at the head of the description (screen readers that ignore
        announcements speak a focused object's description when it changes)."""
        self._news.append(text)
        del self._news[:-NEWS_KEPT]
        self._cursor_first = False
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
        for cell in self._cells:
            cell.setAccessibleName(
                cell_description(cell.move_, self._mark_shown(self._board.index(cell.move_)))
            )
        self._describe_timer.start()

    def _describe(self) -> None:
        outcome = self._board.outcome
        if self._status_note is not None:
            state = self._status_note
        elif outcome is not None:
            state = f"Game over, {outcome}"
        else:
            state = f"{self._board.to_move} to move"
        cursor = "Cursor " + cell_description(
            self._focus_cell, self._mark_shown(self._board.index(self._focus_cell))
        )
        last = ""
        if self._last_move is not None and self._raw_marks is None:
            mark = self._board.mark_at(self._board.index(self._last_move))
            if mark is not None:
                last = f"Last move {mark} {cell_name(self._last_move.row, self._last_move.col, 3)}"
        if self._cursor_first:
            parts = [cursor, state, last]
        else:
            parts = [*self._news, state, cursor, "" if self._news else last]
        self.setAccessibleDescription(_sentences(parts))


def _sentences(parts: Sequence[str]) -> str:
    """Join phrases and sentences into one text, each ending in its own punctuation."""
    done = []
    for part in parts:
        part = part.strip()
        if part:
            done.append(part if part[-1] in ".!?”…" else part + ".")
    return " ".join(done)
