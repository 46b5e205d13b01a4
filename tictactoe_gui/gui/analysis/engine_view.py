"""The analysis dock's engine controls: the thinking line with its progress and Stop, and
the study panel (search algorithm, time per move, Analyse Again, the three searches
compared)."""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine import Algorithm, SearchProgress
from tictactoe_gui.gui.accessibility import buddy_label, speak_choice_changes
from tictactoe_gui.gui.analysis.words import duration, rate, seconds_text

#: The engine's time per move on boards it cannot solve (seconds), offered in the dock.
TIME_BUDGETS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
DEFAULT_TIME_BUDGET = 1.0


class ThinkingLine(QWidget):
    """ "Thinking…" with the search's progress (nodes, speed, depth) and Stop, while it runs.

    It keeps its space when hidden, so the dock does not jump while the engine works."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search_clock = QElapsedTimer()
        thinking_layout = QVBoxLayout(self)
        thinking_layout.setContentsMargins(0, 0, 0, 0)
        thinking_layout.setSpacing(3)
        self.label = QLabel("Thinking…")
        self.label.setObjectName("thinkingLabel")
        self.label.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(6)
        self.bar.setAccessibleName("Engine thinking")
        thinking_row = QHBoxLayout()
        thinking_row.addWidget(self.label, 1)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setToolTip("Stop the search and keep the position as it is")
        self.stop_button.hide()  # until the window says stopping is possible
        thinking_row.addWidget(self.stop_button)
        thinking_layout.addLayout(thinking_row)
        thinking_layout.addWidget(self.bar)
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.hide()

    def text(self) -> str:
        return self.label.text() if not self.isHidden() else ""

    def set_thinking(self, busy: bool, text: str) -> None:
        if busy and (self.isHidden() or not self.search_clock.isValid()):
            self.search_clock.start()
        self.label.setText(text or "Thinking…")
        self.setVisible(busy)
        if not busy:
            self.search_clock.invalidate()

    def seconds(self) -> float:
        """How long the search under way has run (0 when none is)."""
        return self.search_clock.elapsed() / 1000 if self.search_clock.isValid() else 0.0

    def show_nodes(self, nodes: int) -> None:
        base = self.label.text().split("  ")[0]
        self.label.setText(f"{base}  {nodes:,} nodes · {rate(nodes, self.seconds())}")

    def show_progress(self, progress: SearchProgress) -> None:
        base = self.label.text().split("  ")[0]
        nps = progress.nodes_per_second
        self.label.setText(
            f"{base}  depth {progress.depth} · {progress.nodes:,} nodes · {nps:,} nodes/s"
        )


class StudyPanel(QFrame):
    """The search algorithm, the engine's time per move, Analyse Again and the comparison
    of the three searches on a position small enough to solve."""

    algorithm_changed = Signal(str)  # an Algorithm's value
    #: The engine's time per move on boards it cannot solve, in seconds.
    time_budget_changed = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        study_layout = QVBoxLayout(self)
        study_layout.setContentsMargins(8, 6, 8, 8)
        algorithm_row = QHBoxLayout()
        self.algorithm_combo = speak_choice_changes(QComboBox())
        self.algorithm_combo.setObjectName("algorithmCombo")
        self.algorithm_combo.setAccessibleName("Search algorithm")
        self.algorithm_label = buddy_label("Search &algorithm:", self.algorithm_combo)
        algorithm_row.addWidget(self.algorithm_label)
        for algorithm in (Algorithm.TABLE, Algorithm.ALPHABETA, Algorithm.MINIMAX):
            # Stored as plain strings: Qt turns str subclasses (StrEnum) into str anyway.
            self.algorithm_combo.addItem(algorithm.label, algorithm.value)
        self.algorithm_combo.currentIndexChanged.connect(self._on_algorithm)
        algorithm_row.addWidget(self.algorithm_combo, 1)
        study_layout.addLayout(algorithm_row)
        budget_row = QHBoxLayout()
        self.budget_combo = speak_choice_changes(QComboBox())
        self.budget_combo.setObjectName("timeBudgetCombo")
        self.budget_combo.setAccessibleName("Engine time per move")
        self.budget_combo.setToolTip(
            "How long the engine may search each position of a board too big to solve "
            "(its moves and this dock's analysis)"
        )
        for seconds in TIME_BUDGETS:
            self.budget_combo.addItem(seconds_text(seconds), seconds)
        self.budget_combo.setCurrentIndex(TIME_BUDGETS.index(DEFAULT_TIME_BUDGET))
        self.budget_combo.currentIndexChanged.connect(self._on_time_budget)
        budget_row.addWidget(buddy_label("Engine &time per move:", self.budget_combo))
        budget_row.addWidget(self.budget_combo, 1)
        study_layout.addLayout(budget_row)
        self.restart_button = QPushButton("Analyse &Again")
        self.restart_button.setObjectName("restartButton")
        self.restart_button.setToolTip("Analyse the position on the board again from the start")
        self.restart_button.hide()  # until the window says it can
        study_layout.addWidget(self.restart_button)
        self.compare_button = QPushButton("Compare all three searches")
        self.compare_button.setObjectName("compareButton")
        study_layout.addWidget(self.compare_button)
        self.comparison = QWidget()
        self.comparison_grid = QGridLayout(self.comparison)
        self.comparison_grid.setContentsMargins(0, 4, 0, 0)
        self.comparison.hide()
        study_layout.addWidget(self.comparison)

    def set_table_game(self, table_game: bool) -> None:
        """k in a row's three searches and their comparison are offered only for it."""
        for widget in (self.algorithm_label, self.algorithm_combo, self.compare_button):
            widget.setVisible(not table_game)
        if table_game:
            self.comparison.hide()

    def set_time_budget(self, seconds: float) -> None:
        """Pick the offered time nearest ``seconds``."""
        nearest = min(TIME_BUDGETS, key=lambda offered: abs(offered - seconds))
        self.budget_combo.setCurrentIndex(TIME_BUDGETS.index(nearest))

    def time_budget(self) -> float:
        return float(self.budget_combo.currentData())

    def _on_time_budget(self) -> None:
        self.time_budget_changed.emit(self.time_budget())

    def set_algorithm(self, algorithm: Algorithm) -> None:
        index = self.algorithm_combo.findData(algorithm.value)
        if index >= 0:
            self.algorithm_combo.setCurrentIndex(index)

    def algorithm(self) -> Algorithm:
        return Algorithm(str(self.algorithm_combo.currentData()))

    def _on_algorithm(self) -> None:
        self.algorithm_changed.emit(self.algorithm().value)

    def show_comparison(self, searches: tuple[tuple[str, int, float], ...]) -> None:
        """Each search's name, the positions it visited and its time, the slowest last."""
        grid = self.comparison_grid
        while grid.count():
            item = grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        bold = QFont(self.font())
        bold.setBold(True)
        for col, title in enumerate(("Search", "Nodes", "Time")):
            label = QLabel(title)
            label.setFont(bold)
            grid.addWidget(label, 0, col)
        slowest_name, slowest, _ = max(searches, key=lambda search: search[1])
        for row, (name, visited, seconds) in enumerate(searches, start=1):
            grid.addWidget(QLabel(name), row, 0)
            share = visited / (slowest or 1)
            nodes = QLabel(f"{visited:,}")
            nodes.setToolTip(f"{share:.2%} of {slowest_name.lower()}'s nodes")
            nodes.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(nodes, row, 1)
            elapsed = QLabel(duration(seconds))
            elapsed.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(elapsed, row, 2)
        self.comparison.show()

    def comparison_rows(self) -> list[tuple[str, str, str]]:
        """The comparison grid as text: (algorithm, nodes, time) per row."""
        rows = []
        grid = self.comparison_grid
        for row in range(1, grid.rowCount()):
            cells = []
            for col in range(3):
                item = grid.itemAtPosition(row, col)
                widget = item.widget() if item is not None else None
                cells.append(widget.text() if isinstance(widget, QLabel) else "")
            if any(cells):
                rows.append((cells[0], cells[1], cells[2]))
        return rows
