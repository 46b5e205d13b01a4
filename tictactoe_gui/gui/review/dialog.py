"""Review: a finished game, or any game of the history, judged move by move.

The window shows the evaluation graph over the game (:mod:`.graph`), the moves
marked ``?!``, ``?`` and ``??`` with the better move and its line, and each
side's accuracy; picking a move (in the list or on the graph) shows the
position after it. Every part has an accessible name, and the graph's content
is its description. **Practice Your Mistakes** opens the positions where a
side erred (:mod:`.practice`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine.games import GameState
from tictactoe_gui.engine.review import (
    REVIEW_SECONDS,
    GameReview,
    ReviewedMove,
    side_line,
    states_of,
)
from tictactoe_gui.gui.engine_worker import EngineService
from tictactoe_gui.gui.review.graph import EvaluationGraph
from tictactoe_gui.gui.review.runner import ReviewRunner

#: The move list's columns.
COLUMNS = ("Move", "Verdict", "Better move and line")


@dataclass(frozen=True, slots=True)
class ReviewSubject:
    """The game to review: its start, its moves, who played and how it ended."""

    start: GameState
    moves: tuple[int, ...]
    names: tuple[str, str]
    #: The seat that resigned at the end, if the game ended so.
    resigned: int | None = None
    #: What the window's title says the game was (``"Alice vs Cop, 2026-11-26 10:00"``).
    title: str = ""


def verdict_words(move: ReviewedMove) -> str:
    """``"?? blunder"``, ``"best by the estimate"``, ``"not judged"``."""
    if move.grade is None:
        return "not judged"
    words = move.grade.value + (" by the estimate" if move.by_estimate else "")
    return f"{move.symbol} {words}" if move.symbol else words


def better_words(move: ReviewedMove) -> str:
    """The better move, its value and its line (``ReviewedMove.better_said``)."""
    return move.better_said


class ReviewDialog(QDialog):
    """A game's review: the graph, the judged moves and each side's accuracy."""

    #: The review is ready (its :class:`~tictactoe_gui.engine.review.GameReview`).
    reviewed = Signal(object)
    #: A position was picked (0 the start, n after the n-th move).
    position_shown = Signal(int)
    #: A cell of the review's board was clicked: another move tried in the position shown
    #: (its ply, the cell's row and column), for the main window to play as a variation.
    move_tried = Signal(int, int, int)
    #: Show on the Board: the main board to go to the position shown (its ply).
    board_requested = Signal(int)

    def __init__(
        self,
        subject: ReviewSubject,
        engine: EngineService,
        parent: QWidget | None = None,
        *,
        time_per_position: float = REVIEW_SECONDS,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("reviewDialog")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.subject = subject
        self.states = states_of(subject.start, subject.moves)
        spec = subject.start.spec
        self.setWindowTitle(f"Review — {spec.name}: {subject.title or ' vs '.join(subject.names)}")
        self.review: GameReview | None = None
        self._engine = engine
        self._shown = 0
        self._build()
        self._runner = ReviewRunner(
            engine,
            self.states,
            resigned=subject.resigned,
            time_per_position=time_per_position,
            parent=self,
        )
        self._runner.progressed.connect(self._on_progress)
        self._runner.finished.connect(self._on_reviewed)
        self._runner.failed.connect(self._on_failed)
        self.show_position(len(self.states) - 1)
        self._runner.start()

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        spec = self.subject.start.spec
        layout = QVBoxLayout(self)
        self.status = QLabel("Analysing the game…", self)
        self.status.setObjectName("reviewStatus")
        self.status.setAccessibleName("Review status")
        self.status.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.progress.setAccessibleName("Positions analysed")
        self.progress.setRange(0, len(self.states))
        self.graph = EvaluationGraph(self)
        self.graph.ply_selected.connect(self.show_position)
        self.sides = [QLabel(self), QLabel(self)]
        for seat, label in enumerate(self.sides):
            label.setObjectName(f"accuracy{spec.seats[seat]}")
            label.setAccessibleName(f"{spec.seats[seat]}'s accuracy")
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.table = QTableWidget(len(self.states) - 1, len(COLUMNS), self)
        self.table.setObjectName("reviewMoves")
        self.table.setAccessibleName("Moves reviewed")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        for column in (0, 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        for row, state in enumerate(self.states[1:]):
            self._set_row(row, f"{row + 1}. {spec.seats[self.states[row].to_move or 0]} "
                          f"{spec.format_move(state.moves[-1])}", "…", "")  # fmt: skip
        self.table.currentCellChanged.connect(lambda row, *_: self.show_position(row + 1))
        self.board = self._position_view()
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.board)
        splitter.addWidget(self.table)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([320, 500])
        self.practice_button = QPushButton("&Practice Your Mistakes…", self)
        self.practice_button.setObjectName("practiceButton")
        self.practice_button.setEnabled(False)
        self.practice_button.clicked.connect(self.open_practice)
        self.board_button = QPushButton("Show on the &Board", self)
        self.board_button.setObjectName("showOnBoardButton")
        self.board_button.setToolTip(
            "The main board goes to the position shown, to play another move there"
        )
        self.board_button.clicked.connect(lambda: self.board_requested.emit(self._shown))
        close = QPushButton("Close", self)
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.practice_button)
        buttons.addWidget(self.board_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        layout.addWidget(self.graph)
        for label in self.sides:
            layout.addWidget(label)
        layout.addWidget(splitter, 1)
        from tictactoe_gui.gui.board_view import BoardView

        if isinstance(self.board, BoardView):
            tip = QLabel(
                "Click the board to try another move in the position shown: it is played on "
                "the main board, beside the game's line as a variation.",
                self,
            )
            tip.setObjectName("reviewTryTip")
            tip.setWordWrap(True)
            layout.addWidget(tip)
        layout.addLayout(buttons)
        self.resize(820, 560)

    def _position_view(self) -> QWidget:
        """The board of the position shown: the app's board where it draws the game, else
        the position drawn in text."""
        from tictactoe_gui.gui.board_reading import board_of
        from tictactoe_gui.gui.board_view import BoardView

        try:
            board_of(self.subject.start)
        except ValueError:
            label = QLabel(self)
            label.setObjectName("reviewPosition")
            label.setAccessibleName("Position")
            label.setFont(QFont("monospace"))
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            return label
        view = BoardView(self)
        view.setObjectName("reviewBoard")
        view.setAccessibleName("Position")
        view.setAccessibleDescription(
            "Choose a cell to try another move here, on the main board as a variation."
        )
        view.set_interactive(True)
        view.set_animations_enabled(False)
        view.cell_activated.connect(self._on_board_cell)
        return view

    @Slot(int, int)
    def _on_board_cell(self, row: int, col: int) -> None:
        self.move_tried.emit(self._shown, row, col)

    def _set_row(self, row: int, move: str, verdict: str, better: str) -> None:
        for column, text in enumerate((move, verdict, better)):
            item = QTableWidgetItem(text)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.table.setItem(row, column, item)

    # -- showing ----------------------------------------------------------------------------

    @Slot(int)
    def show_position(self, ply: int) -> None:
        """Show the position after move ``ply`` (0: the start) on the board and the graph."""
        ply = max(0, min(ply, len(self.states) - 1))
        self._shown = ply
        state = self.states[ply]
        board = self.board
        from tictactoe_gui.gui.board_view import BoardView

        if isinstance(board, BoardView):
            board.set_state(state, name_cells=False)
        elif isinstance(board, QLabel):
            board.setText(state.picture())
            board.setAccessibleDescription(state.position_text())
        self.graph.set_current(ply)
        if ply and self.table.currentRow() != ply - 1:
            self.table.blockSignals(True)
            self.table.selectRow(ply - 1)
            self.table.setCurrentCell(ply - 1, 0)
            self.table.blockSignals(False)
        self.position_shown.emit(ply)

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        self.status.setText(f"Analysing position {min(done + 1, total)} of {total}…")

    @Slot(object)
    def _on_reviewed(self, review: GameReview) -> None:
        self.review = review
        spec = review.spec
        for row, move in enumerate(review.moves):
            self._set_row(
                row,
                f"{move.ply}. {spec.seats[move.seat]} {move.text}{move.symbol}",
                verdict_words(move),
                better_words(move),
            )
        self.graph.set_readings(review.readings, spec.seats)
        self.graph.set_current(self.graph.current if self.graph.current else len(self.states) - 1)
        for seat, label in enumerate(self.sides):
            side = review.sides[seat]
            label.setText(side_line(self.subject.names[seat], side))
            label.setAccessibleDescription(label.text())
        self.progress.hide()
        mistakes = len(review.mistakes)
        self.status.setText(
            f"Reviewed {len(review.moves)} moves: "
            + (f"{mistakes} to practise." if mistakes else "no mistakes to practise.")
        )
        self.practice_button.setEnabled(bool(mistakes))
        from tictactoe_gui.gui.announcer import Announcer

        # Said when it is ready, since the review takes a while: the result and each side.
        Announcer(self).announce(
            " ".join([self.status.text(), *(label.text() + "." for label in self.sides)])
        )
        self.reviewed.emit(review)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.progress.hide()
        self.status.setText(f"The review stopped: {message}.")

    def open_practice(self) -> QDialog | None:
        """Practise the positions where a side erred (see :mod:`.practice`)."""
        if self.review is None or not self.review.mistakes:
            return None
        from tictactoe_gui.gui.review.practice import PracticeDialog

        dialog = PracticeDialog(self.review, self._engine, self)
        dialog.show()
        return dialog

    def done(self, result: int) -> None:
        self._runner.cancel()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._runner.cancel()
        super().closeEvent(event)
