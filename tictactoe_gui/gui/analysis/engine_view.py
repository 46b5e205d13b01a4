"""The analysis dock's engine controls: the thinking line with its progress and Stop, and
the study panel (time per move, Analyse Again, and where the game has several searches,
the one to use and all of them compared)."""

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

from tictactoe_gui.engine import SearchProgress
from tictactoe_gui.engine.games import GameAnalysis
from tictactoe_gui.gui.accessibility import buddy_label, speak_choice_changes
from tictactoe_gui.gui.analysis.words import duration, rate, seconds_text

#: The engine's time per move on boards it cannot solve (seconds), offered in the dock.
TIME_BUDGETS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
DEFAULT_TIME_BUDGET = 1.0
_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five"}


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
    """The engine's time per move, Analyse Again, and where the game has several searches,
    the one to use and their comparison on a position small enough to solve."""

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
        #: The search chosen, by its name ("" until one is): kept while a game without a
        #: choice of searches is shown, and chosen again when one with it comes back.
        self._algorithm = ""
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
        self.set_algorithms(())  # until a game with a choice of searches is shown

    def set_algorithms(self, searches: tuple[tuple[str, str], ...]) -> None:
        """The game's searches to choose and compare, each (name, label) (none: the choice,
        Compare and the comparison are not offered)."""
        combo = self.algorithm_combo
        offered = tuple((str(combo.itemData(i)), combo.itemText(i)) for i in range(combo.count()))
        if searches and searches != offered:
            combo.blockSignals(True)
            combo.clear()
            for name, label in searches:
                combo.addItem(label, name)
            index = combo.findData(self._algorithm)
            combo.setCurrentIndex(max(0, index))
            combo.blockSignals(False)
            count = _COUNTS.get(len(searches), str(len(searches)))
            self.compare_button.setText(f"Compare all {count} searches")
        for widget in (self.algorithm_label, self.algorithm_combo, self.compare_button):
            widget.setVisible(bool(searches))
        if not searches:
            self.comparison.hide()

    def set_time_budget(self, seconds: float) -> None:
        """Pick the offered time nearest ``seconds``."""
        nearest = min(TIME_BUDGETS, key=lambda offered: abs(offered - seconds))
        self.budget_combo.setCurrentIndex(TIME_BUDGETS.index(nearest))

    def time_budget(self) -> float:
        return float(self.budget_combo.currentData())

    def _on_time_budget(self) -> None:
        self.time_budget_changed.emit(self.time_budget())

    def set_algorithm(self, algorithm: str) -> None:
        """Choose the search named ``algorithm`` (said by :attr:`algorithm_changed`)."""
        algorithm = str(algorithm)  # the name, whatever kind of string it came as
        index = self.algorithm_combo.findData(algorithm)
        if index >= 0:
            self.algorithm_combo.setCurrentIndex(index)  # says it, if it changed
        if algorithm != self._algorithm:
            self._algorithm = algorithm
            self.algorithm_changed.emit(algorithm)

    def algorithm(self) -> str:
        return self._algorithm

    def _on_algorithm(self) -> None:
        chosen = self.algorithm_combo.currentData()
        if chosen is not None and str(chosen) != self._algorithm:
            self._algorithm = str(chosen)
            self.algorithm_changed.emit(self._algorithm)

    def show_comparison(self, searches: tuple[tuple[str, GameAnalysis], ...]) -> None:
        """Each search (its label, its analysis of the position) with its nodes and time."""
        grid = self.comparison_grid
        while grid.count():
            item = grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        bold = QFont(self.font())
        bold.setBold(True)
        for col, title in enumerate(("Search", "Nodes", "Time")):
            heading = QLabel(title)
            heading.setFont(bold)
            grid.addWidget(heading, 0, col)
        slowest_label, slowest = max(searches, key=lambda search: search[1].nodes)
        most = slowest.nodes or 1
        for row, (name, analysis) in enumerate(searches, start=1):
            grid.addWidget(QLabel(name), row, 0)
            nodes = QLabel(f"{analysis.nodes:,}")
            nodes.setToolTip(f"{analysis.nodes / most:.2%} of {slowest_label}'s nodes")
            nodes.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(nodes, row, 1)
            elapsed = QLabel(duration(analysis.elapsed))
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
