"""The analysis dock's candidate moves: their table model, the table with its Show choice,
and the expected line with the search's figures (best move, nodes, depth, speed, time)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine import MoveOutcome, SearchProgress
from tictactoe_gui.engine.games import GameAnalysis, GameState
from tictactoe_gui.gui.accessibility import (
    ValueLabel,
    buddy_label,
    cell_news,
    speak_choice_changes,
    table_in_tab_order,
)
from tictactoe_gui.gui.analysis import game_words
from tictactoe_gui.gui.analysis.game_words import GameRow
from tictactoe_gui.gui.analysis.words import duration, evaluation_number, rate
from tictactoe_gui.gui.board_view import is_dark, outcome_colour

#: The last choice, "All", shows every candidate the engine scored.
TOP_N_CHOICES = (1, 2, 3, 4, 5, 6, 7, 8, 9)
ALL_CANDIDATES = 9
DEFAULT_TOP_N = 3


class CandidatesModel(QAbstractTableModel):
    """The best ``top_n`` candidate moves of one analysis, best first: any game's rows
    (:func:`~.game_words.rows`) under its headers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: tuple[GameRow, ...] = ()
        self._columns: tuple[str, str, str] = ("Move", *game_words.OUTCOME_COLUMNS)
        self._column_tips: tuple[str, str, str] | None = None
        self._top_n = DEFAULT_TOP_N
        self._palette = QPalette()

    def set_game_rows(
        self,
        columns: tuple[str, str, str],
        rows: tuple[GameRow, ...],
        tips: tuple[str, str, str] | None = None,
    ) -> None:
        """Show a position's candidate moves (best first) under ``columns`` (their
        tooltips ``tips``)."""
        self.beginResetModel()
        self._rows = rows
        self._columns = columns
        self._column_tips = tips
        self.endResetModel()

    def game_rows(self) -> tuple[GameRow, ...]:
        """The rows shown (the Show choice's number of them)."""
        return self._rows if self._top_n >= ALL_CANDIDATES else self._rows[: self._top_n]

    def game_row_at(self, row: int) -> GameRow | None:
        shown = self.game_rows()
        return shown[row] if 0 <= row < len(shown) else None

    def set_top_n(self, top_n: int) -> None:
        self.beginResetModel()
        self._top_n = max(1, top_n)
        self.endResetModel()

    def set_palette(self, palette: QPalette) -> None:
        self._palette = palette
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 2))

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return len(self.game_rows())

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._columns[section]
        if (
            role == Qt.ItemDataRole.ToolTipRole
            and orientation == Qt.Orientation.Horizontal
            and self._column_tips is not None
        ):
            return self._column_tips[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        return self._game_data(index, role)

    def _game_data(self, index: QModelIndex | QPersistentModelIndex, role: int) -> object:
        """A row: the best bold on a tint, the outcome coloured, each cell heard after its
        header."""
        shown = self.game_row_at(index.row())
        if shown is None:
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return shown.shown[column]
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return shown.spoken[column]
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return cell_news(self, index)
        if role == Qt.ItemDataRole.ToolTipRole:
            return shown.tip
        if role == Qt.ItemDataRole.FontRole and shown.best:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and column == 2:
            colour = outcome_colour(shown.outcome, self._palette)
            return colour.lighter(125) if is_dark(self._palette) else colour.darker(125)
        if role == Qt.ItemDataRole.BackgroundRole and shown.best:
            tint = QColor(outcome_colour(MoveOutcome.WIN, self._palette))
            tint.setAlpha(40)
            return tint
        if role == Qt.ItemDataRole.TextAlignmentRole and column > 0:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


class CandidatesSection(QWidget):
    """ "Candidate moves" with the Show choice (Top 1 … All) and the table of them."""

    #: The number of candidates shown changed (9: all).
    top_n_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        table_header = QHBoxLayout()
        table_title = QLabel("Candidate moves")
        title_font = table_title.font()
        title_font.setBold(True)
        table_title.setFont(title_font)
        table_header.addWidget(table_title, 1)
        self.top_n_combo = speak_choice_changes(QComboBox())
        self.top_n_combo.setObjectName("topNCombo")
        self.top_n_combo.setAccessibleName("Candidates shown")
        for n in TOP_N_CHOICES:
            self.top_n_combo.addItem("All" if n == 9 else f"Top {n}", n)
        self.top_n_combo.setCurrentIndex(TOP_N_CHOICES.index(DEFAULT_TOP_N))
        self.top_n_combo.currentIndexChanged.connect(self._on_top_n)
        table_header.addWidget(buddy_label("&Show:", self.top_n_combo))
        table_header.addWidget(self.top_n_combo)
        layout.addLayout(table_header)

        self.model = CandidatesModel(self)
        self.table = QTableView()
        self.table.setObjectName("candidatesTable")
        table_in_tab_order(self.table, "Candidate moves")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        # "All" on a big board can be more rows than the table is tall: then it scrolls.
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.model.modelReset.connect(self._fit_table)
        self.table.setToolTip("Select a move to preview it and the expected reply on the board")
        layout.addWidget(self.table)

    def set_top_n(self, top_n: int) -> None:
        top_n = max(1, min(9, top_n))
        self.top_n_combo.setCurrentIndex(TOP_N_CHOICES.index(top_n))

    def top_n(self) -> int:
        return int(self.top_n_combo.currentData())

    def _on_top_n(self) -> None:
        n = self.top_n()
        self.model.set_top_n(n)
        self.top_n_changed.emit(n)

    def _fit_table(self) -> None:
        """As tall as the rows the top-N setting allows, so nothing scrolls and nothing gapes."""
        rows = self.top_n()
        row_height = self.table.verticalHeader().defaultSectionSize()
        header = self.table.horizontalHeader().sizeHint().height()
        frame = 2 * self.table.frameWidth()
        self.table.setFixedHeight(header + rows * row_height + frame)


class SearchDetails(QWidget):
    """The best move, the expected line and what the search took to find them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        details = QFormLayout(self)
        details.setContentsMargins(0, 0, 0, 0)
        details.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        self.line_label = ValueLabel("—")
        self.line_label.setObjectName("principalVariation")
        self.line_label.setWordWrap(True)
        # A long line wraps to several rows: ask the layout for the height that takes,
        # or a narrow dock squeezes it and clips the top and bottom rows.
        line_policy = self.line_label.sizePolicy()
        line_policy.setHeightForWidth(True)
        line_policy.setVerticalPolicy(QSizePolicy.Policy.MinimumExpanding)
        self.line_label.setSizePolicy(line_policy)
        self.nodes_label = QLabel("—")
        self.nodes_label.setObjectName("nodesLabel")
        self.nodes_label.setToolTip(
            "Positions the search visited. With the table, positions solved by earlier "
            "searches are looked up instead of searched again."
        )
        self.depth_label = QLabel("—")
        self.depth_label.setObjectName("depthLabel")
        self.depth_label.setWordWrap(True)
        self.time_label = QLabel("—")
        self.best_label = ValueLabel("—")
        self.best_label.setObjectName("bestMoveLabel")
        self.speed_label = QLabel("—")
        self.speed_label.setObjectName("speedLabel")
        self.speed_label.setToolTip("Nodes searched per second")
        details.addRow("Best move:", self.best_label)
        details.addRow("Expected line:", self.line_label)
        details.addRow("Nodes searched:", self.nodes_label)
        details.addRow("Depth:", self.depth_label)
        details.addRow("Speed:", self.speed_label)
        details.addRow("Time:", self.time_label)
        self._form = details

    def _labels(self) -> tuple[QLabel, ...]:
        return (
            self.line_label,
            self.nodes_label,
            self.depth_label,
            self.time_label,
            self.best_label,
            self.speed_label,
        )

    def fill(self, text: str) -> None:
        """Every figure the same: "…" while the analysis comes, "—" when none will."""
        for label in self._labels():
            label.setText(text)

    def show_game(self, state: GameState, analysis: GameAnalysis) -> None:
        """The best move, expected line and search figures (the depth where the game's
        search says it: :meth:`show_depth`)."""
        final = state.is_over
        self.depth_label.setText("—" if final else game_words.depth_text(analysis))
        self.line_label.setText("—" if final else game_words.line_text(state, analysis.line))
        self.best_label.setText("—" if final else game_words.best_move_text(state, analysis))
        self.nodes_label.setText("—" if final else f"{analysis.nodes:,}")
        self.time_label.setText("—" if final else duration(analysis.elapsed))
        self.speed_label.setText("—" if final else rate(analysis.nodes, analysis.elapsed))

    def show_depth(self, shown: bool) -> None:
        """Whether the figures say how deep the search looked (a game whose search says)."""
        self._form.setRowVisible(self.depth_label, shown)

    def show_nodes(self, nodes: int, seconds: float) -> None:
        """The search under way, as it goes (a proof can run for minutes)."""
        self.nodes_label.setText(f"{nodes:,}")
        self.time_label.setText(duration(seconds))
        self.speed_label.setText(rate(nodes, seconds))

    def show_progress(self, progress: SearchProgress, state: GameState) -> None:
        """What a search that cannot be exact has found in ``state`` after its last completed
        depth."""
        self.depth_label.setText(f"{progress.depth} (searching…)")
        self.nodes_label.setText(f"{progress.nodes:,}")
        self.speed_label.setText(f"{progress.nodes_per_second:,} nodes/s")
        self.time_label.setText(duration(progress.elapsed))
        spec = state.spec
        mover = state.to_move
        best = progress.best_move
        if best is not None and mover is not None:
            move = best.row * spec.cols + best.col
            if state.is_legal(move):
                score = "" if progress.score is None else f" ({evaluation_number(progress.score)})"
                self.best_label.setText(f"{spec.seats[mover]} {spec.format_move(move)}{score}")
        if progress.line:
            line = tuple(move.row * spec.cols + move.col for move in progress.line)
            self.line_label.setText(game_words.line_text(state, line))
