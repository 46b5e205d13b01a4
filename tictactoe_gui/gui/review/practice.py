"""Practice Your Mistakes: each position of a reviewed game where a side erred, set up again.

The dialog shows the position before the erring move and asks for a better
one: a click on the board (where the app draws the game) or the move typed in
the game's notation, for every game. It says whether the move is better (by the
game's own verdicts, against the review's analysis; a move the analysis did not
score is analysed on the engine thread first), shows the better move and its
line on request, and ends with a summary.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine.games import GameError, Limit
from tictactoe_gui.engine.practice import (
    Attempt,
    Exercise,
    PracticeSummary,
    exercises,
    try_move,
)
from tictactoe_gui.engine.review import GameReview
from tictactoe_gui.gui.accessibility import SpokenLineEdit
from tictactoe_gui.gui.engine_worker import EngineService, GameAnswer


class PracticeDialog(QDialog):
    """One exercise at a time, then the summary."""

    #: A try was judged (the :class:`~tictactoe_gui.engine.practice.Attempt`).
    judged = Signal(object)
    #: Every exercise is done (the :class:`~tictactoe_gui.engine.practice.PracticeSummary`).
    summarised = Signal(object)

    def __init__(
        self,
        review: GameReview,
        engine: EngineService,
        parent: QWidget | None = None,
        *,
        seat: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("practiceDialog")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle(f"Practice Your Mistakes — {review.spec.name}")
        self.exercises = exercises(review, seat)
        self.index = 0
        self._tries: list[int | None] = [None] * len(self.exercises)
        self._counts = [0] * len(self.exercises)
        self._waiting: int | None = None
        self._client = engine.client(self)
        self._client.analysed.connect(self._on_analysed)
        self._client.failed.connect(self._on_failed)
        self.summary: PracticeSummary | None = None
        self._build()
        from tictactoe_gui.gui.announcer import Announcer

        # Each exercise, verdict and the summary are said, wherever the focus is (the move
        # field, the board): a screen reader hears the answer to the move just tried.
        self.announcer = Announcer(self, own_news=self.feedback)
        self._show_exercise()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.prompt = QLabel(self)
        self.prompt.setObjectName("practicePrompt")
        self.prompt.setAccessibleName("Exercise")
        self.prompt.setWordWrap(True)
        self.board = self._position_view()
        self.move_field = SpokenLineEdit(parent=self)
        self.move_field.setObjectName("practiceMove")
        self.move_field.setAccessibleName("Your move")
        self.move_field.setPlaceholderText("a move, such as b2")
        self.move_field.returnPressed.connect(self.try_typed)
        self.try_button = QPushButton("&Try", self)
        self.try_button.clicked.connect(self.try_typed)
        self.feedback = QLabel(self)
        self.feedback.setObjectName("practiceFeedback")
        self.feedback.setAccessibleName("Verdict")
        self.feedback.setWordWrap(True)
        self.answer_button = QPushButton("Show the &Answer", self)
        self.answer_button.clicked.connect(self.show_answer)
        self.next_button = QPushButton("&Next", self)
        self.next_button.setObjectName("practiceNext")
        self.next_button.clicked.connect(self.next_exercise)
        close = QPushButton("Close", self)
        close.clicked.connect(self.close)
        for button in (self.try_button, self.answer_button, self.next_button, close):
            # Return in the move field tries the move once, never a default button too.
            button.setAutoDefault(False)
        entry = QHBoxLayout()
        entry.addWidget(self.move_field, 1)
        entry.addWidget(self.try_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.answer_button)
        buttons.addWidget(self.next_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout.addWidget(self.prompt)
        layout.addWidget(self.board, 1)
        layout.addLayout(entry)
        layout.addWidget(self.feedback)
        layout.addLayout(buttons)
        self.resize(520, 600)

    def _position_view(self) -> QWidget:
        from tictactoe_gui.gui.board_reading import board_of
        from tictactoe_gui.gui.board_view import BoardView

        start = self.exercises[0].state if self.exercises else None
        try:
            if start is None:
                raise ValueError("no exercise")
            board_of(start)
        except ValueError:
            label = QLabel(self)
            label.setAccessibleName("Position")
            label.setFont(QFont("monospace"))
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            return label
        view = BoardView(self)
        view.setObjectName("practiceBoard")
        view.set_animations_enabled(False)
        view.cell_activated.connect(self._on_cell)
        return view

    # -- the exercise ---------------------------------------------------------------------

    @property
    def exercise(self) -> Exercise | None:
        return self.exercises[self.index] if self.index < len(self.exercises) else None

    def _show_exercise(self) -> None:
        exercise = self.exercise
        if exercise is None:
            self._finish()
            return
        from tictactoe_gui.gui.board_view import BoardView

        state = exercise.state
        if isinstance(self.board, BoardView):
            self.board.set_state(state)
            self.board.set_interactive(True)
            self.board.set_preview(None, ())
        elif isinstance(self.board, QLabel):
            self.board.setText(state.picture())
            self.board.setAccessibleDescription(state.position_text())
        number = f"Position {self.index + 1} of {len(self.exercises)}. "
        self.prompt.setText(number + exercise.prompt())
        self.announcer.announce(self.prompt.text())
        self.feedback.setText("")
        self.move_field.clear()
        self.move_field.setEnabled(True)
        self.try_button.setEnabled(True)
        self.answer_button.setEnabled(True)
        self.next_button.setText("&Next" if self.index + 1 < len(self.exercises) else "&Finish")

    @Slot(int, int)
    def _on_cell(self, row: int, col: int) -> None:
        exercise = self.exercise
        if exercise is not None:
            self.try_move(row * exercise.state.spec.cols + col)

    @Slot()
    def try_typed(self) -> None:
        exercise = self.exercise
        if exercise is None:
            return
        try:
            move = exercise.state.read_move(self.move_field.text())
        except GameError as error:
            self.feedback.setText(f"{error}.")
            return
        self.try_move(move)

    def try_move(self, move: int) -> Attempt | None:
        """Judge ``move`` here; a move the analysis did not score is analysed first (the
        verdict comes with :attr:`judged`). Returns the attempt when judged at once."""
        exercise = self.exercise
        if exercise is None or self._waiting is not None or not self.try_button.isEnabled():
            return None
        try:
            attempt = try_move(exercise, move)
        except GameError as error:
            self.feedback.setText(f"{error}.")
            return None
        if attempt is None:
            self._waiting = move
            self.feedback.setText(f"Looking at {exercise.state.spec.format_move(move)}…")
            self._client.submit(exercise.state.play(move), limit=Limit(time=0.5))
            return None
        self._judged(attempt)
        return attempt

    @Slot(object)
    def _on_analysed(self, answer: GameAnswer) -> None:
        exercise, move = self.exercise, self._waiting
        self._waiting = None
        if exercise is None or move is None:
            return
        attempt = try_move(exercise, move, answer.analysis)
        if attempt is None:
            self.feedback.setText(
                f"{exercise.state.spec.format_move(move)} cannot be judged: nothing is known "
                "about it. Try another move."
            )
            return
        self._judged(attempt)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self._waiting = None
        self.feedback.setText(f"The engine could not judge it: {message}.")

    def _judged(self, attempt: Attempt) -> None:
        exercise = self.exercise
        assert exercise is not None
        self._counts[self.index] += 1
        words = attempt.words(exercise)
        if attempt.better:
            if self._tries[self.index] is None:
                self._tries[self.index] = self._counts[self.index]
            words += f" The line: {exercise.answer()}."
            self._lock()
        else:
            words += " Try again, or Show the Answer."
        self.feedback.setText(words)
        self.announcer.announce(words)
        self.judged.emit(attempt)

    def _lock(self) -> None:
        from tictactoe_gui.gui.board_view import BoardView

        self.move_field.setEnabled(False)
        self.try_button.setEnabled(False)
        if isinstance(self.board, BoardView):
            self.board.set_interactive(False)
        self.next_button.setFocus()

    @Slot()
    def show_answer(self) -> None:
        exercise = self.exercise
        if exercise is None:
            return
        from tictactoe_gui.gui.board_view import BoardView

        if isinstance(self.board, BoardView) and exercise.line:
            from tictactoe_gui.gui.board_reading import board_of

            board, _ = board_of(exercise.state)
            self.board.set_preview(board, tuple(board.move_at(m) for m in exercise.line))
        self.feedback.setText(f"The better move: {exercise.answer()}.")
        self.announcer.announce(self.feedback.text())
        self._lock()

    @Slot()
    def next_exercise(self) -> None:
        self._client.cancel()
        self._waiting = None
        self.index += 1
        self._show_exercise()

    def _finish(self) -> None:
        summary = PracticeSummary(tuple(self._tries))
        self.summary = summary
        self.prompt.setText("Practice done.")
        lines = [summary.words()]
        for exercise, tried in zip(self.exercises, self._tries, strict=True):
            spec = exercise.state.spec
            how = "not found" if tried is None else f"found at try {tried}"
            lines.append(
                f"Move {exercise.ply} ({spec.seats[exercise.seat]} "
                f"{spec.format_move(exercise.played)}{exercise.grade.symbol}): {how}; "
                f"better: {exercise.answer()}"
            )
        self.feedback.setText("\n".join(lines))
        self.announcer.announce(summary.words())
        self.move_field.setEnabled(False)
        self.try_button.setEnabled(False)
        self.answer_button.setEnabled(False)
        self.next_button.setEnabled(False)
        self.summarised.emit(summary)

    def done(self, result: int) -> None:
        self._client.cancel()
        super().done(result)
