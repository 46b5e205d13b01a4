"""Row & Column in the window: a game window with its board, its analysis and its engine thread.

The window drives a :class:`~tictactoe_gui.session.rowcol.RowColSession`:
a person's click is checked by the session and pushed on a ``QUndoStack``; a
computer player's take and the analysis of each position are computed on the
window's one engine thread (:class:`RowColEngine`), with request ids so that
a stale answer is dropped, and a cancel flag that New Game, Undo and closing
the window set. Only frozen values cross the thread boundary.
"""

from __future__ import annotations

import itertools
import random
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, QTimer, Signal, Slot
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeySequence,
    QShowEvent,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine import SearchCancelled
from tictactoe_gui.engine.rowcol import (
    STRATEGIES,
    Player,
    Position,
    RowColAnalysis,
    RowColError,
    RowColPersona,
    SolveTable,
    TakeDecision,
    analyse,
    parse_board,
)
from tictactoe_gui.gui.rowcol_view import RowColBoardView
from tictactoe_gui.session.rowcol import RowColPlayer, RowColSession, RowColSetup
from tictactoe_gui.storage.records import GameMode, RecordsError, validate_player_name

if TYPE_CHECKING:
    from tictactoe_gui.gui.recording import GameRecords

#: The pause before a computer player's take shows, so it reads as a reply.
THINK_MS = 350
PERSON = "person"


@dataclass(frozen=True, slots=True)
class TakeChoice:
    request_id: int
    position: Position
    decision: TakeDecision


@dataclass(frozen=True, slots=True)
class AnalysisResult:
    request_id: int
    analysis: RowColAnalysis


class RowColWorker(QObject):
    """Runs in the engine thread: analyses positions and chooses computer takes."""

    analysed = Signal(object)
    chosen = Signal(object)

    @Slot(int, object, object, object)
    def analyse(
        self, request_id: int, position: Position, table: SolveTable, cancel: threading.Event
    ) -> None:
        try:
            result = analyse(position, table=table, cancel=cancel)
        except SearchCancelled:
            return
        self.analysed.emit(AnalysisResult(request_id, result))

    @Slot(int, object, object, object)
    def choose(self, request_id: int, request: object, table: SolveTable, cancel: object) -> None:
        assert isinstance(request, _ChooseRequest)
        assert isinstance(cancel, threading.Event)
        try:
            decision = request.persona.choose_take(request.position, request.rng, table, cancel)
        except SearchCancelled:
            return
        self.chosen.emit(TakeChoice(request_id, request.position, decision))


@dataclass(frozen=True, slots=True)
class _ChooseRequest:
    persona: RowColPersona
    position: Position
    rng: random.Random


class RowColEngine(QObject):
    """The GUI side of the engine thread: request ids, cancellation, stale answers dropped."""

    analysis_ready = Signal(object)
    take_ready = Signal(object)
    _analyse = Signal(int, object, object, object)
    _choose = Signal(int, object, object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._current = 0
        self._cancel = threading.Event()
        self._thread = QThread(self)
        self._thread.setObjectName("rowColEngineThread")
        self._worker = RowColWorker()
        self._worker.moveToThread(self._thread)
        self._thread.finished.connect(self._worker.deleteLater)
        self._analyse.connect(self._worker.analyse)
        self._choose.connect(self._worker.choose)
        self._worker.analysed.connect(self._on_analysed)
        self._worker.chosen.connect(self._on_chosen)
        self._thread.start()

    def cancel(self) -> None:
        """Stop the search in progress and forget every answer not yet delivered."""
        self._cancel.set()
        self._cancel = threading.Event()
        self._current = next(self._ids)

    def request(self, position: Position, table: SolveTable, choose: _ChooseRequest | None) -> int:
        """Analyse ``position`` and, with ``choose``, choose a take; returns the request id."""
        self.cancel()
        request_id = self._current
        if choose is not None:
            self._choose.emit(request_id, choose, table, self._cancel)
        self._analyse.emit(request_id, position, table, self._cancel)
        return request_id

    def shutdown(self) -> None:
        self.cancel()
        self._thread.quit()
        self._thread.wait()

    @Slot(object)
    def _on_analysed(self, result: object) -> None:
        if isinstance(result, AnalysisResult) and result.request_id == self._current:
            self.analysis_ready.emit(result.analysis)

    @Slot(object)
    def _on_chosen(self, choice: object) -> None:
        if isinstance(choice, TakeChoice) and choice.request_id == self._current:
            self.take_ready.emit(choice)


class _TakesCommand(QUndoCommand):
    """One step of the game on the undo stack: the takes before and after."""

    def __init__(
        self, window: RowColWindow, before: tuple[int, ...], after: tuple[int, ...]
    ) -> None:
        super().__init__("take")
        self._window = window
        self._before = before
        self._after = after

    def redo(self) -> None:
        self._window._set_takes(self._after)

    def undo(self) -> None:
        self._window._set_takes(self._before)


class RowColAnalysisPanel(QWidget):
    """The analysis of a position: every allowed cell with its margin, the prediction, the line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rowColAnalysisPanel")
        layout = QVBoxLayout(self)
        self.kind_label = QLabel("Thinking…")
        self.kind_label.setObjectName("rowColAnalysisKind")
        self.table = QTreeWidget()
        self.table.setObjectName("rowColCandidates")
        self.table.setHeaderLabels(["cell", "value", "margin"])
        self.table.setRootIsDecorated(False)
        self.table.setAccessibleName("Allowed cells, best first")
        self.prediction_label = QLabel()
        self.prediction_label.setWordWrap(True)
        self.line_label = QLabel()
        self.line_label.setWordWrap(True)
        self.stats_label = QLabel()
        for widget in (
            self.kind_label,
            self.table,
            self.prediction_label,
            self.line_label,
            self.stats_label,
        ):
            layout.addWidget(widget)

    def show_thinking(self) -> None:
        self.kind_label.setText("Thinking…")

    def show_analysis(self, analysis: RowColAnalysis) -> None:
        position = analysis.position
        self.table.clear()
        if position.is_over:
            self.kind_label.setText("The game is over.")
        elif analysis.exact:
            self.kind_label.setText(f"Exact: {position.to_move}'s margin with best play")
        else:
            self.kind_label.setText(
                f"Estimate ({analysis.depth} takes ahead): {position.to_move}'s margin"
            )
        best = set(analysis.best_cells)
        for candidate in analysis.candidates:
            marker = "★ " if candidate.cell in best else ""
            item = QTreeWidgetItem(
                [
                    f"{marker}{position.cell_label(candidate.cell)}",
                    str(candidate.value),
                    f"{candidate.margin:+d}",
                ]
            )
            self.table.addTopLevelItem(item)
        self.prediction_label.setText(f"Predicted: {analysis.prediction_text()}.")
        line = " ".join(position.cell_label(c) for c in analysis.principal_variation)
        self.line_label.setText(f"Expected takes: {line}" if line else "")
        self.stats_label.setText(f"{analysis.nodes:,} nodes in {analysis.elapsed * 1000:.0f} ms")


class RowColWindow(QMainWindow):
    """A window for Row & Column: choose the board and the players, play, undo, ask for hints."""

    def __init__(self, records: GameRecords | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: Where finished games are saved; None keeps them unrecorded.
        self.records = records
        self._saved = False
        self.setObjectName("rowColWindow")
        self.setWindowTitle("Row & Column")
        self.engine = RowColEngine(self)
        self.engine.analysis_ready.connect(self._on_analysis)
        self.engine.take_ready.connect(self._on_take_chosen)
        self.undo_stack = QUndoStack(self)
        self._pending: TakeChoice | None = None
        self._think = QTimer(self)
        self._think.setSingleShot(True)
        self._think.timeout.connect(self._apply_pending)
        self.session = RowColSession(self._setup_from_defaults(), 1)
        self._create_controls()
        self._create_actions()
        self.resize(760, 560)
        self.start_game()

    # -- building ------------------------------------------------------------------------

    @staticmethod
    def _setup_from_defaults() -> RowColSetup:
        return RowColSetup(
            GameMode.HUMAN_VS_AI,
            RowColPlayer.human("Player A"),
            RowColPlayer.ai("maximize-future-min"),
        )

    def _player_combo(self, name: str, default: str) -> QComboBox:
        combo = QComboBox()
        combo.setObjectName(name)
        combo.addItem("A person", PERSON)
        for persona in STRATEGIES.values():
            combo.addItem(f"{persona.name} ({persona.key})", persona.key)
        combo.setCurrentIndex(combo.findData(default))
        return combo

    def _create_controls(self) -> None:
        central = QWidget()
        layout = QHBoxLayout(central)
        form_box = QWidget()
        form = QFormLayout(form_box)
        self.size_spin = QSpinBox()
        self.size_spin.setObjectName("rowColSize")
        self.size_spin.setRange(3, 10)
        self.size_spin.setValue(4)
        self.seed_spin = QSpinBox()
        self.seed_spin.setObjectName("rowColSeed")
        self.seed_spin.setRange(0, 999_999)
        self.seed_spin.setValue(1)
        self.board_edit = QLineEdit()
        self.board_edit.setObjectName("rowColBoard")
        self.board_edit.setPlaceholderText("3,-1,4/0,5,-9/2,6,5")
        self.board_edit.setToolTip(
            "Rows separated by '/', values by ','; leave empty to draw the board from the seed"
        )
        self.first_combo = QComboBox()
        self.first_combo.setObjectName("rowColFirst")
        self.first_combo.addItem("A", Player.A.value)
        self.first_combo.addItem("B", Player.B.value)
        self.a_combo = self._player_combo("rowColPlayerA", PERSON)
        self.b_combo = self._player_combo("rowColPlayerB", "maximize-future-min")
        self.name_a_edit = QLineEdit("Player A")
        self.name_a_edit.setObjectName("rowColNameA")
        self.name_b_edit = QLineEdit("Player B")
        self.name_b_edit.setObjectName("rowColNameB")
        self.new_button = QPushButton("&New Game")
        self.new_button.setObjectName("rowColNewGame")
        self.new_button.clicked.connect(self.start_game)
        form.addRow("&Size (N×N):", self.size_spin)
        form.addRow("Board &seed:", self.seed_spin)
        form.addRow("…or &type it:", self.board_edit)
        form.addRow("&First:", self.first_combo)
        form.addRow("Player &A:", self.a_combo)
        form.addRow("A's &name:", self.name_a_edit)
        form.addRow("Player &B:", self.b_combo)
        form.addRow("B's na&me:", self.name_b_edit)
        form.addRow(self.new_button)
        self.board_view = RowColBoardView(self.session.position)
        self.board_view.cell_activated.connect(self._on_cell_activated)
        self.status_label = QLabel()
        self.status_label.setObjectName("rowColStatus")
        self.status_label.setWordWrap(True)
        board_box = QWidget()
        board_layout = QVBoxLayout(board_box)
        board_layout.addWidget(self.board_view, 1)
        board_layout.addWidget(self.status_label)
        layout.addWidget(form_box)
        layout.addWidget(board_box, 1)
        self.setCentralWidget(central)
        self.analysis_panel = RowColAnalysisPanel()
        dock = QDockWidget("Analysis", self)
        dock.setObjectName("rowColAnalysisDock")
        dock.setWidget(self.analysis_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)

    def _create_actions(self) -> None:
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction("&Redo", self)
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(self.undo_stack.redo)
        self.hint_action = QAction("&Hint", self)
        self.hint_action.setShortcut(QKeySequence("H"))
        self.hint_action.triggered.connect(self.hint)
        menu = self.menuBar().addMenu("&Game")
        menu.addAction(self.undo_action)
        menu.addAction(self.redo_action)
        menu.addAction(self.hint_action)
        self.addAction(self.undo_action)
        self.addAction(self.redo_action)
        self.addAction(self.hint_action)

    # -- the game ------------------------------------------------------------------------

    def _player(self, combo: QComboBox, edit: QLineEdit) -> RowColPlayer:
        key = combo.currentData()
        if key != PERSON:
            return RowColPlayer.ai(str(key))
        return RowColPlayer.human(validate_player_name(edit.text()))

    def start_game(self) -> None:
        """A new game with the size, seed, first player and players chosen on the left."""
        try:
            a = self._player(self.a_combo, self.name_a_edit)
            b = self._player(self.b_combo, self.name_b_edit)
        except ValueError as error:
            self.status_label.setText(f"Not started: {error}.")
            return
        size, values = self.size_spin.value(), None
        typed = self.board_edit.text().strip()
        if typed:
            try:
                size, values, taken = parse_board(typed)
            except RowColError as error:
                self.status_label.setText(f"Not started: the board: {error}.")
                return
            if taken:
                self.status_label.setText(
                    "Not started: a new board has every cell still to take (no '.')."
                )
                return
        people = sum(not p.is_ai for p in (a, b))
        mode = (GameMode.AI_VS_AI, GameMode.HUMAN_VS_AI, GameMode.HUMAN_VS_HUMAN)[people]
        setup = RowColSetup(
            mode,
            a,
            b,
            size=size,
            first=Player(self.first_combo.currentData()),
            values=values,
            record=self.records is not None,
        )
        self._think.stop()
        self._pending = None
        self.session = RowColSession(setup, self.seed_spin.value())
        self.setWindowTitle("Row & Column")
        self._saved = False
        self.undo_stack.clear()
        self.board_view.set_position(self.session.position, {})
        self._refresh()

    def replay(self, start: Position, cells: list[int], names: tuple[str, str], when: str) -> None:
        """Show a recorded game at its end; Undo and Redo step through its takes."""
        setup = RowColSetup(
            GameMode.HUMAN_VS_HUMAN,
            RowColPlayer.human(names[0]),
            RowColPlayer.human(names[1]),
            size=start.size,
            first=start.to_move,
            values=start.values,
            record=False,
        )
        self._think.stop()
        self._pending = None
        self.session = RowColSession(setup, 0)
        self._saved = True
        self.undo_stack.clear()
        self.board_view.set_position(self.session.position, {})
        for cell in cells:
            self._take(cell)
        self.setWindowTitle(f"Row & Column — {names[0]} (A) vs {names[1]} (B), {when}")

    def _set_takes(self, cells: tuple[int, ...]) -> None:
        self._think.stop()
        self._pending = None
        self.session.set_takes(cells)
        self.board_view.set_position(self.session.position, self.session.owners())
        self._refresh()

    def _take(self, cell: int) -> None:
        before = self.session.cells
        self.undo_stack.push(_TakesCommand(self, before, (*before, cell)))

    def undo(self) -> None:
        # Against a computer player, undo takes back its reply and the person's take.
        self.undo_stack.undo()
        while self.undo_stack.canUndo() and self.session.ai_to_move():
            self.undo_stack.undo()

    def hint(self) -> None:
        self.session.count_hint()
        analysis = self.session.analysis_of(self.session.position)
        if analysis is None:
            self.status_label.setText("The hint comes with the analysis: thinking…")
            return
        self.board_view.set_hints(analysis.best_cells)
        self.status_label.setText(self.session.hint_text(analysis))

    def _refresh(self) -> None:
        session = self.session
        position = session.position
        self.board_view.set_interactive(session.is_human_turn())
        self.analysis_panel.show_thinking()
        if session.is_over:
            saved = self._save()
            accuracy = ""
            if session.setup.mode is GameMode.HUMAN_VS_HUMAN:
                accuracy = " " + "; ".join(s.describe() for s in session.summaries()) + "."
            self.status_label.setText(
                f"{session.result_words()}. {session.reaction()} {saved}{accuracy}".strip()
            )
        elif session.ai_to_move():
            self.status_label.setText(f"{session.player_to_move.display_name} is thinking…")
        else:
            self.status_label.setText(f"{self._coach_line()}{self.board_view.status_text()}")
        choose = None
        persona = session.player_to_move.persona
        if persona is not None and not session.is_over:
            choose = _ChooseRequest(persona, position, session.take_rng())
        self.engine.request(position, session.table, choose)

    def _coach_line(self) -> str:
        """Between two people, the coach's word on the last take (once it has been analysed)."""
        session = self.session
        if session.setup.mode is not GameMode.HUMAN_VS_HUMAN or not session.cells:
            return ""
        verdict = session.verdict_at(len(session.cells) - 1)
        if verdict is None:
            return ""
        take = session.takes[-1]
        return f"{session.start.cell_label(take.cell)} was {verdict.value}. "

    def _save(self) -> str:
        """Record the game the first time it ends (never again after an undo); what happened."""
        if self.records is None or self._saved:
            return ""
        try:
            game = self.session.finished_game()
            if game is None:
                return ""
            self.records.save_game(game)
        except (RecordsError, ValueError) as error:
            return f"Not recorded: {error}."
        self._saved = True
        return "Recorded."

    def _on_cell_activated(self, row: int, col: int) -> None:
        cell = self.session.position.cell(row, col)
        why = self.session.why_not_allowed(cell)
        if why is not None:
            self.status_label.setText(why)
            return
        self._take(cell)

    @Slot(object)
    def _on_analysis(self, analysis: object) -> None:
        if isinstance(analysis, RowColAnalysis) and analysis.position == self.session.position:
            self.session.add_analysis(analysis)
            self.analysis_panel.show_analysis(analysis)

    @Slot(object)
    def _on_take_chosen(self, choice: object) -> None:
        if not isinstance(choice, TakeChoice) or choice.position != self.session.position:
            return
        self._pending = choice
        self._think.start(THINK_MS)

    def _apply_pending(self) -> None:
        choice, self._pending = self._pending, None
        if choice is not None and choice.position == self.session.position:
            self._take(choice.decision.cell)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Back from being closed: ask again for what the closing cancelled.
        if not event.spontaneous():
            self._refresh()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Closing hides the window and stops its search; the game waits for its return.
        self._think.stop()
        self._pending = None
        self.engine.cancel()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop the engine thread (cancel, quit, wait): when the app closes."""
        self._think.stop()
        self.engine.shutdown()
