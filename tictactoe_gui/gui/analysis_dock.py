"""The analysis dock: what the engine thinks of the position on the board.

It shows one :class:`~tictactoe_gui.gui.engine_worker.EngineResult` at a time
(the controller only ever hands over results about the board shown): the
persona, a thinking state with the search's progress, the candidate moves in
a table model, the predicted outcome, an evaluation bar with a number and its
reading in words, whether the result is proven or an estimate, the expected
line, the search effort, the persona's comment, the engine's time per move
and an algorithm comparison for study.

The prediction is the engine's (Sera's search), whoever is playing: a weaker
persona on move does not know it. An estimate is never shown as a certainty:
its bar stops short of either end and every reading of it says "estimate".
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QElapsedTimer,
    QEvent,
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.assets import asset_path
from tictactoe_gui.engine import (
    Algorithm,
    Analysis,
    Board,
    Candidate,
    Mark,
    Move,
    MoveOutcome,
    Persona,
    SearchProgress,
)
from tictactoe_gui.engine.analysis import PROOF_CELLS, solvable
from tictactoe_gui.engine.estimate import WIN_VALUE
from tictactoe_gui.gui.accessibility import (
    CELL_NEWS,
    ValueLabel,
    buddy_label,
    set_shown_keeping_focus,
    speak_choice_changes,
    table_in_tab_order,
)
from tictactoe_gui.gui.board_view import is_dark, mark_colour, outcome_colour
from tictactoe_gui.gui.engine_worker import EngineResult

#: The last choice, "All", shows every candidate the engine scored.
TOP_N_CHOICES = (1, 2, 3, 4, 5, 6, 7, 8, 9)
ALL_CANDIDATES = 9
DEFAULT_TOP_N = 3
PORTRAIT_SIZE = 64
#: Who the prediction belongs to: the engine's full search, whoever is playing.
ENGINE_NAME = "Sera's search"
#: The engine's time per move on boards it cannot solve (seconds), offered in the dock.
TIME_BUDGETS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
DEFAULT_TIME_BUDGET = 1.0
#: An estimate's bar stops this far short of either end: only a proof fills it.
ESTIMATE_BAR_LIMIT = 0.9
#: The evaluation at which an estimate's bar is two thirds of the way to one side.
BAR_SCALE = 150
#: An estimate this far from zero means the search saw a win (not a proof of one).
WIN_SEEN = WIN_VALUE // 10


def cell_label(board: Board, move: Move) -> str:
    """A cell in the board notation: ``c3`` (column letter, row counted from the bottom)."""
    return board.cell_name(move)


def line_text(start: Board, line: tuple[Move, ...]) -> str:
    """``X b2 → O a1 → …``: a line of play with its marks."""
    words = []
    board = start
    for move in line:
        if not board.is_legal(move):
            break
        words.append(f"{board.to_move} {cell_label(board, move)}")
        board = board.play(move)
    return " → ".join(words) if words else "—"


def x_evaluation(analysis: Analysis) -> int | None:
    """An estimate's evaluation from X's side (positive: X stands better); None when exact."""
    value = analysis.evaluation
    if value is None:
        return None
    return value if analysis.to_move is Mark.X else -value


def bar_value(analysis: Analysis) -> float:
    """Where the evaluation bar stands, from -1 (O winning) to +1 (X winning).

    A proven result fills the bar to the winner's end (a draw sits in the
    middle); an estimate leans by how much it favours a side but never reaches
    either end, since it proves nothing.
    """
    prediction = analysis.prediction
    if prediction.exact:
        if prediction.winner is None:
            return 0.0
        return 1.0 if prediction.winner is Mark.X else -1.0
    return estimate_lean(x_evaluation(analysis) or 0)


def estimate_lean(x_value: int) -> float:
    """An estimate's place on the bar: leaning by how much it favours a side, never at an end."""
    lean = x_value / (abs(x_value) + BAR_SCALE)
    return max(-ESTIMATE_BAR_LIMIT, min(ESTIMATE_BAR_LIMIT, lean))


def evaluation_words(analysis: Analysis) -> tuple[str, str]:
    """(the number, its reading): ``("+35", "X is better (estimate)")`` or
    ``("proven", "X wins in 7 plies: forced")``."""
    prediction = analysis.prediction
    if prediction.exact:
        if prediction.final:
            return "—", str(prediction)
        if prediction.winner is None:
            return "0", "a draw with best play: proven"
        return "proven", f"{prediction}: forced"
    value = x_evaluation(analysis) or 0
    if abs(value) >= WIN_SEEN:
        winner = Mark.X if value > 0 else Mark.O
        return evaluation_number(value), f"{winner} wins, as far as the search sees"
    # The badge beside it says "Estimate"; the words need not say it twice.
    reading = prediction.estimate_words().removesuffix(" (estimate)")
    unsettled = analysis.unsettled_since
    if unsettled is not None:
        # A reading that a deeper search changed may change again: say so, with the old one.
        depth, before = unsettled
        before_x = before if analysis.to_move is Mark.X else -before
        reading += f" (was {evaluation_number(before_x)} at depth {depth}: not settled)"
    return evaluation_number(value), reading


def evaluation_number(value: int) -> str:
    """``"+35"``, ``"-1,200"``; a win the search saw (not proven) reads ``"+win"``."""
    if abs(value) >= WIN_SEEN:
        return "+win" if value > 0 else "-win"
    return f"{value:+,d}" if value else "0"


def preview_line(result: EngineResult, candidate: Candidate) -> tuple[Move, ...]:
    """The line previewed for a candidate: the move and its expected continuation.

    Exact analyses carry a continuation for every candidate. An estimate has
    none of its own for each move, but its principal variation is the line
    after its best move, so the best move previews that whole line.
    """
    analysis = result.analysis
    index = analysis.candidates.index(candidate)
    continuation = result.continuations[index] if index < len(result.continuations) else ()
    line = analysis.principal_variation
    if not continuation and line and line[0] == candidate.move:
        return line
    return (candidate.move, *continuation)


class EvaluationBar(QWidget):
    """A bar split between X's colour (left) and O's (right) by who stands better."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("evaluationBar")
        self.setAccessibleName("Evaluation")
        self.setMinimumHeight(14)
        self.setMaximumHeight(14)
        self._value = 0.0
        self._known = False

    @property
    def value(self) -> float:
        return self._value

    def set_value(self, value: float | None, description: str = "") -> None:
        self._known = value is not None
        self._value = 0.0 if value is None else max(-1.0, min(1.0, value))
        self.setAccessibleDescription(description)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        radius = rect.height() / 2
        painter.setPen(Qt.PenStyle.NoPen)
        if not self._known:
            painter.setBrush(palette.color(QPalette.ColorRole.Mid))
            painter.drawRoundedRect(rect, radius, radius)
            painter.end()
            return
        split = rect.left() + rect.width() * (1 + self._value) / 2
        painter.setBrush(mark_colour(Mark.O, palette))
        painter.drawRoundedRect(rect, radius, radius)
        painter.save()
        painter.setClipRect(QRectF(rect.left(), rect.top(), split - rect.left(), rect.height()))
        painter.setBrush(mark_colour(Mark.X, palette))
        painter.drawRoundedRect(rect, radius, radius)
        painter.restore()
        middle = QColor(palette.color(QPalette.ColorRole.Base))
        middle.setAlpha(200)
        painter.setBrush(middle)
        centre = rect.center().x()
        painter.drawRect(QRectF(centre - 0.75, rect.top(), 1.5, rect.height()))
        painter.end()


def load_portrait(persona_key: str, size: int, device_pixel_ratio: float) -> QPixmap | None:
    """The persona's portrait at ``size`` logical pixels, or None while the art is missing."""
    try:
        path = asset_path(f"personas/{persona_key}.svg")
    except FileNotFoundError:
        return None
    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        return None
    pixels = max(1, round(size * device_pixel_ratio))
    pixmap = QPixmap(pixels, pixels)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    pixmap.setDevicePixelRatio(device_pixel_ratio)
    return pixmap


#: What the dock says on a person's own turn against an AI, with the engine's view hidden
#: and with it shown (the player ticked "Show the engine's view on my turn").
SPOILER_HIDDEN = (
    "It's your move: the engine's view (and the heat-map) is hidden so it does not "
    "play for you. Press H for a hint (it is counted), or show the analysis anyway."
)
SPOILER_SHOWN = (
    "It's your move, and the engine's view (and the heat-map) is shown, as you chose: "
    "it shows the best moves. Untick the box to hide it on your turn."
)


class CandidatesModel(QAbstractTableModel):
    """The best ``top_n`` candidate moves of one analysis, best first."""

    COLUMNS = ("Cell", "Score", "Outcome")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._analysis: Analysis | None = None
        self._top_n = DEFAULT_TOP_N
        self._palette = QPalette()

    @property
    def analysis(self) -> Analysis | None:
        return self._analysis

    def set_analysis(self, analysis: Analysis | None) -> None:
        self.beginResetModel()
        self._analysis = analysis
        self.endResetModel()

    def set_top_n(self, top_n: int) -> None:
        self.beginResetModel()
        self._top_n = max(1, top_n)
        self.endResetModel()

    def set_palette(self, palette: QPalette) -> None:
        self._palette = palette
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 2))

    def candidates(self) -> tuple[Candidate, ...]:
        if self._analysis is None:
            return ()
        if self._top_n >= ALL_CANDIDATES:
            return self._analysis.candidates
        return self._analysis.candidates[: self._top_n]

    def candidate_at(self, row: int) -> Candidate | None:
        shown = self.candidates()
        return shown[row] if 0 <= row < len(shown) else None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.candidates())

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.COLUMNS[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        candidate = self.candidate_at(index.row())
        if candidate is None or self._analysis is None:
            return None
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return self.property(CELL_NEWS) or None  # a move announced while here
        best = candidate.move in self._analysis.best_moves
        column = index.column()
        board = self._analysis.board
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return cell_label(board, candidate.move)
            if column == 1:
                if candidate.exact:
                    return f"{candidate.score:+d}" if candidate.score else "0"
                return evaluation_number(candidate.score)
            return _outcome_text(candidate)
        if role == Qt.ItemDataRole.ToolTipRole:
            name = cell_label(board, candidate.move)
            if candidate.exact:
                return (
                    f"{name}: {candidate.describe} for {self._analysis.to_move} with best play "
                    "(proven)"
                )
            return (
                f"{name}: evaluation {candidate.score:+d} for {self._analysis.to_move} "
                "(an estimate, not proven)"
            )
        if role == Qt.ItemDataRole.FontRole and best:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and column == 2:
            colour = outcome_colour(candidate.outcome, self._palette)
            return colour.lighter(125) if is_dark(self._palette) else colour.darker(125)
        if role == Qt.ItemDataRole.BackgroundRole and best:
            tint = QColor(outcome_colour(MoveOutcome.WIN, self._palette))
            tint.setAlpha(40)
            return tint
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 1:
            # Centred: flush right, a score ran into the outcome words beside it ("0draw").
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            # Each cell its own words, after its column's: a screen reader reads a row
            # cell by cell ("Cell b2, Score 0, Outcome draw"), once.
            shown = self.data(index, Qt.ItemDataRole.DisplayRole)
            return f"{self.COLUMNS[column]} {shown}"
        return None


class AnalysisDock(QDockWidget):
    #: A candidate was selected: preview it and its continuation (start board, moves).
    preview_requested = Signal(object, object)
    algorithm_changed = Signal(str)  # an Algorithm's value
    compare_requested = Signal()
    top_n_changed = Signal(int)
    reveal_changed = Signal(bool)
    #: The engine's time per move on boards it cannot solve, in seconds.
    time_budget_changed = Signal(float)
    stop_requested = Signal()
    restart_requested = Signal()
    #: Prove the result of a small board that the analysis only estimated (more time).
    prove_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Analysis", parent)
        self.setObjectName("analysisDock")
        self.setAllowedAreas(
            Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
        )
        self._result: EngineResult | None = None
        self._persona: Persona | None = None
        self._player_names: dict[Mark, str] = {}
        self._search_clock = QElapsedTimer()
        self._build()

    # -- layout ---------------------------------------------------------------------------

    def _build(self) -> None:
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(10, 8, 10, 10)
        layout.setSpacing(8)

        header = QHBoxLayout()
        self._portrait = QLabel()
        self._portrait.setFixedSize(PORTRAIT_SIZE, PORTRAIT_SIZE)
        self._portrait.setAccessibleName("Persona portrait")
        header.addWidget(self._portrait, 0, Qt.AlignmentFlag.AlignTop)
        names = QVBoxLayout()
        names.setSpacing(2)
        self._role_label = QLabel()
        self._role_label.setObjectName("personaRole")
        self._name_label = QLabel()
        self._name_label.setObjectName("personaName")
        name_font = self._name_label.font()
        name_font.setPointSizeF(name_font.pointSizeF() * 1.35)
        name_font.setBold(True)
        self._name_label.setFont(name_font)
        self._description_label = QLabel()
        self._description_label.setWordWrap(True)
        names.addWidget(self._role_label)
        names.addWidget(self._name_label)
        names.addWidget(self._description_label)
        header.addLayout(names, 1)
        layout.addLayout(header)

        self._comment_label = QLabel()
        self._comment_label.setObjectName("personaComment")
        self._comment_label.setWordWrap(True)
        self._comment_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        comment_font = self._comment_label.font()
        comment_font.setItalic(True)
        self._comment_label.setFont(comment_font)
        self._comment_label.hide()  # until the persona has something to say
        # Comments quote player names, which are user input: plain text only.
        self._comment_label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self._comment_label)

        self._thinking = QWidget()
        thinking_layout = QVBoxLayout(self._thinking)
        thinking_layout.setContentsMargins(0, 0, 0, 0)
        thinking_layout.setSpacing(3)
        self._thinking_label = QLabel("Thinking…")
        self._thinking_label.setObjectName("thinkingLabel")
        self._thinking_label.setWordWrap(True)
        self._thinking_bar = QProgressBar()
        self._thinking_bar.setRange(0, 0)
        self._thinking_bar.setTextVisible(False)
        self._thinking_bar.setMaximumHeight(6)
        self._thinking_bar.setAccessibleName("Engine thinking")
        thinking_row = QHBoxLayout()
        thinking_row.addWidget(self._thinking_label, 1)
        self._stop_button = QPushButton("Stop")
        self._stop_button.setObjectName("stopButton")
        self._stop_button.setToolTip("Stop the search and keep the position as it is")
        self._stop_button.clicked.connect(self.stop_requested)
        self._stop_button.hide()  # until the window says stopping is possible
        self._stop_available = False
        thinking_row.addWidget(self._stop_button)
        thinking_layout.addLayout(thinking_row)
        thinking_layout.addWidget(self._thinking_bar)
        # Keep the space when hidden so the panel does not jump while the engine works.
        policy = self._thinking.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self._thinking.setSizePolicy(policy)
        self._thinking.hide()
        layout.addWidget(self._thinking)

        self._spoiler = QFrame()
        self._spoiler.setObjectName("spoilerGuard")
        self._spoiler.setFrameShape(QFrame.Shape.StyledPanel)
        spoiler_layout = QVBoxLayout(self._spoiler)
        spoiler_text = QLabel(SPOILER_HIDDEN)
        spoiler_text.setObjectName("spoilerText")
        spoiler_text.setWordWrap(True)
        self._spoiler_text = spoiler_text
        self._reveal_check = QCheckBox("Show the engine's view on my turn")
        self._reveal_check.setObjectName("revealCheck")
        self._reveal_check.toggled.connect(self._on_reveal)
        spoiler_layout.addWidget(spoiler_text)
        spoiler_layout.addWidget(self._reveal_check)
        self._spoiler.hide()
        layout.addWidget(self._spoiler)
        self._guarded = False

        self._engine_view = QWidget()
        engine_layout = QVBoxLayout(self._engine_view)
        engine_layout.setContentsMargins(0, 0, 0, 0)
        engine_layout.setSpacing(8)
        layout.addWidget(self._engine_view)

        self._prediction_label = QLabel("—")
        self._prediction_label.setObjectName("predictionBanner")
        self._prediction_label.setWordWrap(True)
        self._prediction_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._prediction_label.setMargin(8)
        banner_font = self._prediction_label.font()
        banner_font.setBold(True)
        banner_font.setPointSizeF(banner_font.pointSizeF() * 1.1)
        self._prediction_label.setFont(banner_font)
        engine_layout.addWidget(self._prediction_label)

        # The evaluation as a person reads it: a bar, a number, words, and proven or not.
        self._evaluation_box = QWidget()
        self._evaluation_box.setObjectName("evaluationBox")
        evaluation_layout = QVBoxLayout(self._evaluation_box)
        evaluation_layout.setContentsMargins(0, 0, 0, 0)
        evaluation_layout.setSpacing(3)
        self._evaluation_bar = EvaluationBar()
        evaluation_layout.addWidget(self._evaluation_bar)
        reading_row = QHBoxLayout()
        self._evaluation_number = QLabel("—")
        self._evaluation_number.setObjectName("evaluationNumber")
        number_font = self._evaluation_number.font()
        number_font.setBold(True)
        self._evaluation_number.setFont(number_font)
        self._evaluation_number.setToolTip(
            "The evaluation from X's side: positive when X stands better. Units: every line "
            "of k cells that only one side occupies counts 1, 10, 100 … for 1, 2, 3 … marks."
        )
        self._evaluation_reading = QLabel("")
        self._evaluation_reading.setObjectName("evaluationReading")
        self._evaluation_reading.setWordWrap(True)
        self._certainty = QLabel("")
        self._certainty.setObjectName("certaintyBadge")
        self._certainty.setContentsMargins(6, 1, 6, 1)
        # Never squeezed: "Proven" or "Estimate · depth 5" must read in full.
        self._certainty.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        reading_row.addWidget(self._evaluation_number)
        reading_row.addWidget(self._evaluation_reading, 1)
        reading_row.addWidget(self._certainty)
        evaluation_layout.addLayout(reading_row)
        engine_layout.addWidget(self._evaluation_box)
        # Beside the estimate it would settle, in sight at the window's default size.
        self._prove_button = QPushButton("&Prove the Result")
        self._prove_button.setObjectName("proveButton")
        self._prove_button.setToolTip(
            "Search until the result of this small board is proven (up to two minutes; "
            "Stop ends it)"
        )
        self._prove_button.clicked.connect(self.prove_requested)
        self._prove_button.hide()  # while an estimate of a small board is shown
        engine_layout.addWidget(self._prove_button)

        # The candidates and the search figures: nothing to show once the game is over.
        self._candidates_box = QWidget()
        self._candidates_box.setObjectName("candidatesBox")
        candidates_layout = QVBoxLayout(self._candidates_box)
        candidates_layout.setContentsMargins(0, 0, 0, 0)
        candidates_layout.setSpacing(8)
        engine_layout.addWidget(self._candidates_box)

        table_header = QHBoxLayout()
        table_title = QLabel("Candidate moves")
        title_font = table_title.font()
        title_font.setBold(True)
        table_title.setFont(title_font)
        table_header.addWidget(table_title, 1)
        self._top_n_combo = speak_choice_changes(QComboBox())
        self._top_n_combo.setObjectName("topNCombo")
        self._top_n_combo.setAccessibleName("Candidates shown")
        for n in TOP_N_CHOICES:
            self._top_n_combo.addItem("All" if n == 9 else f"Top {n}", n)
        self._top_n_combo.setCurrentIndex(TOP_N_CHOICES.index(DEFAULT_TOP_N))
        self._top_n_combo.currentIndexChanged.connect(self._on_top_n)
        table_header.addWidget(buddy_label("&Show:", self._top_n_combo))
        table_header.addWidget(self._top_n_combo)
        candidates_layout.addLayout(table_header)

        self._model = CandidatesModel(self)
        self._table = QTableView()
        self._table.setObjectName("candidatesTable")
        table_in_tab_order(self._table, "Candidate moves")
        self._table.setModel(self._model)
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.verticalHeader().hide()
        self._table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._table.setAlternatingRowColors(True)
        self._table.setShowGrid(False)
        # "All" on a big board can be more rows than the table is tall: then it scrolls.
        self._table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self._model.modelReset.connect(self._fit_table)
        self._table.setToolTip("Select a move to preview it and the expected reply on the board")
        self._table.selectionModel().selectionChanged.connect(self._on_selection)
        candidates_layout.addWidget(self._table)

        details = QFormLayout()
        details.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        self._line_label = ValueLabel("—")
        self._line_label.setObjectName("principalVariation")
        self._line_label.setWordWrap(True)
        # A long line wraps to several rows: ask the layout for the height that takes,
        # or a narrow dock squeezes it and clips the top and bottom rows.
        line_policy = self._line_label.sizePolicy()
        line_policy.setHeightForWidth(True)
        line_policy.setVerticalPolicy(QSizePolicy.Policy.MinimumExpanding)
        self._line_label.setSizePolicy(line_policy)
        self._nodes_label = QLabel("—")
        self._nodes_label.setObjectName("nodesLabel")
        self._nodes_label.setToolTip(
            "Positions the search visited. With the table, positions solved by earlier "
            "searches are looked up instead of searched again."
        )
        self._depth_label = QLabel("—")
        self._depth_label.setObjectName("depthLabel")
        self._depth_label.setWordWrap(True)
        self._time_label = QLabel("—")
        self._best_label = ValueLabel("—")
        self._best_label.setObjectName("bestMoveLabel")
        self._speed_label = QLabel("—")
        self._speed_label.setObjectName("speedLabel")
        self._speed_label.setToolTip("Nodes searched per second")
        details.addRow("Best move:", self._best_label)
        details.addRow("Expected line:", self._line_label)
        details.addRow("Nodes searched:", self._nodes_label)
        details.addRow("Depth:", self._depth_label)
        details.addRow("Speed:", self._speed_label)
        details.addRow("Time:", self._time_label)
        candidates_layout.addLayout(details)

        study = QFrame()
        study.setFrameShape(QFrame.Shape.StyledPanel)
        study_layout = QVBoxLayout(study)
        study_layout.setContentsMargins(8, 6, 8, 8)
        algorithm_row = QHBoxLayout()
        self._algorithm_combo = speak_choice_changes(QComboBox())
        self._algorithm_combo.setObjectName("algorithmCombo")
        self._algorithm_combo.setAccessibleName("Search algorithm")
        algorithm_row.addWidget(buddy_label("Search &algorithm:", self._algorithm_combo))
        for algorithm in (Algorithm.TABLE, Algorithm.ALPHABETA, Algorithm.MINIMAX):
            # Stored as plain strings: Qt turns str subclasses (StrEnum) into str anyway.
            self._algorithm_combo.addItem(algorithm.label, algorithm.value)
        self._algorithm_combo.currentIndexChanged.connect(self._on_algorithm)
        algorithm_row.addWidget(self._algorithm_combo, 1)
        study_layout.addLayout(algorithm_row)
        budget_row = QHBoxLayout()
        self._budget_combo = speak_choice_changes(QComboBox())
        self._budget_combo.setObjectName("timeBudgetCombo")
        self._budget_combo.setAccessibleName("Engine time per move")
        self._budget_combo.setToolTip(
            "How long the engine may search each position of a board too big to solve "
            "(its moves and this dock's analysis)"
        )
        for seconds in TIME_BUDGETS:
            self._budget_combo.addItem(_seconds_text(seconds), seconds)
        self._budget_combo.setCurrentIndex(TIME_BUDGETS.index(DEFAULT_TIME_BUDGET))
        self._budget_combo.currentIndexChanged.connect(self._on_time_budget)
        budget_row.addWidget(buddy_label("Engine &time per move:", self._budget_combo))
        budget_row.addWidget(self._budget_combo, 1)
        study_layout.addLayout(budget_row)
        self._restart_button = QPushButton("Analyse &Again")
        self._restart_button.setObjectName("restartButton")
        self._restart_button.setToolTip("Analyse the position on the board again from the start")
        self._restart_button.clicked.connect(self.restart_requested)
        self._restart_button.hide()  # until the window says it can
        study_layout.addWidget(self._restart_button)
        self._compare_button = QPushButton("Compare all three searches")
        self._compare_button.setObjectName("compareButton")
        self._compare_button.clicked.connect(self.compare_requested)
        study_layout.addWidget(self._compare_button)
        self._comparison = QWidget()
        self._comparison_grid = QGridLayout(self._comparison)
        self._comparison_grid.setContentsMargins(0, 4, 0, 0)
        self._comparison.hide()
        study_layout.addWidget(self._comparison)
        layout.addWidget(study)
        layout.addStretch(1)

        scroll = self._scroll = QScrollArea()
        scroll.setAccessibleName("Analysis")
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body.setMinimumWidth(280)
        # Never narrower than its content (a saved layout may remember a narrower dock).
        scroll.setMinimumWidth(280 + scroll.verticalScrollBar().sizeHint().width() + 4)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self._apply_banner_style(None)

    def sizeHint(self) -> QSize:
        return QSize(330, 600)

    def _fit_table(self) -> None:
        """As tall as the rows the top-N setting allows, so nothing scrolls and nothing gapes."""
        rows = self.top_n() if hasattr(self, "_top_n_combo") else DEFAULT_TOP_N
        row_height = self._table.verticalHeader().defaultSectionSize()
        header = self._table.horizontalHeader().sizeHint().height()
        frame = 2 * self._table.frameWidth()
        self._table.setFixedHeight(header + rows * row_height + frame)

    # -- what to show ---------------------------------------------------------------------

    @property
    def result(self) -> EngineResult | None:
        return self._result

    @property
    def analysis(self) -> Analysis | None:
        return self._result.analysis if self._result is not None else None

    @property
    def model(self) -> CandidatesModel:
        return self._model

    @property
    def portrait(self) -> QLabel:
        return self._portrait

    @property
    def compare_button(self) -> QPushButton:
        return self._compare_button

    @property
    def table(self) -> QTableView:
        return self._table

    def prediction_text(self) -> str:
        return self._prediction_label.text()

    def comment_text(self) -> str:
        return self._comment_label.text()

    def thinking_text(self) -> str:
        return self._thinking_label.text() if not self._thinking.isHidden() else ""

    def nodes_text(self) -> str:
        return self._nodes_label.text()

    def line_text(self) -> str:
        return self._line_label.text()

    def depth_text(self) -> str:
        return self._depth_label.text()

    def comparison_rows(self) -> list[tuple[str, str, str]]:
        """The comparison grid as text: (algorithm, nodes, time) per row."""
        rows = []
        grid = self._comparison_grid
        for row in range(1, grid.rowCount()):
            cells = []
            for col in range(3):
                item = grid.itemAtPosition(row, col)
                widget = item.widget() if item is not None else None
                cells.append(widget.text() if isinstance(widget, QLabel) else "")
            if any(cells):
                rows.append((cells[0], cells[1], cells[2]))
        return rows

    def set_persona(
        self, persona: Persona | None, role: str, board_size: tuple[int, int] = (3, 3)
    ) -> None:
        """Show ``persona``'s card, described as it plays on a board of ``board_size``."""
        self._persona = persona
        self._role_label.setText(role.upper())
        if persona is None:
            self._name_label.setText("Engine")
            self._description_label.setText("")
            self._portrait.clear()
            self._portrait.hide()
            return
        self._name_label.setText(f"{persona.name} · {persona.level}")
        self._description_label.setText(persona.describe(*board_size))
        pixmap = load_portrait(persona.key, PORTRAIT_SIZE, self.devicePixelRatioF())
        if pixmap is None:
            self._portrait.clear()
            self._portrait.hide()
        else:
            self._portrait.setPixmap(pixmap)
            self._portrait.show()
        self._update_prediction()

    def set_player_names(self, x_name: str, o_name: str) -> None:
        """Who plays X and O, so a finished game names its winner."""
        self._player_names = {
            mark: name for mark, name in ((Mark.X, x_name), (Mark.O, o_name)) if name != str(mark)
        }
        self._update_prediction()

    def candidates_shown(self) -> bool:
        return not self._candidates_box.isHidden()

    def set_spoiler_guard(self, guarded: bool) -> None:
        """Hide the engine's lines during a person's own turn against an AI (unless revealed)."""
        self._guarded = guarded
        hidden = guarded and not self._reveal_check.isChecked()
        # A part the player is in stays until they leave it: hiding it would move the focus.
        set_shown_keeping_focus(self._engine_view, not hidden)
        set_shown_keeping_focus(self._spoiler, guarded)
        # Said as it is: a ticked box shows the view, and the words must not say it is hidden.
        self._spoiler_text.setText(SPOILER_HIDDEN if hidden or not guarded else SPOILER_SHOWN)
        if hidden:
            self.preview_requested.emit(None, ())

    def set_reveal(self, reveal: bool) -> None:
        self._reveal_check.setChecked(reveal)

    def engine_view_hidden(self) -> bool:
        return self._engine_view.isHidden()

    @property
    def reveal_check(self) -> QCheckBox:
        return self._reveal_check

    def _on_reveal(self, reveal: bool) -> None:
        self.set_spoiler_guard(self._guarded)
        self.reveal_changed.emit(reveal)

    def set_comment(self, text: str) -> None:
        self._comment_label.setText(text)
        self._comment_label.setVisible(bool(text))

    def set_thinking(self, busy: bool, text: str) -> None:
        if busy and (self._thinking.isHidden() or not self._search_clock.isValid()):
            self._search_clock.start()
        self._thinking_label.setText(text or "Thinking…")
        self._thinking.setVisible(busy)
        if not busy:
            self._search_clock.invalidate()

    def set_progress(self, nodes: int) -> None:
        """The search's progress while it runs: nodes so far and how fast it goes."""
        if self._thinking.isHidden():
            return
        base = self._thinking_label.text().split("  ")[0]
        seconds = self._search_clock.elapsed() / 1000 if self._search_clock.isValid() else 0.0
        self._thinking_label.setText(f"{base}  {nodes:,} nodes · {_rate(nodes, seconds)}")
        if self._result is None:
            # The search under way is the one the details describe (a proof can run for
            # minutes): they follow it, rather than keep the last depth's figures.
            self._nodes_label.setText(f"{nodes:,}")
            self._time_label.setText(_duration(seconds))
            self._speed_label.setText(_rate(nodes, seconds))

    def set_stop_available(self, available: bool) -> None:
        """Whether the dock offers Stop and Analyse Again (the window knows whether it can)."""
        self._stop_button.setVisible(available)
        self._restart_button.setVisible(available)
        self._stop_available = available

    def show_search_progress(self, progress: SearchProgress, board: Board) -> None:
        """What a search that cannot be exact has found so far, after each completed depth:
        the depth, speed, best move, line and evaluation (all marked as an estimate).

        The thinking line says only how far it has got (it shows even when the engine's
        view is hidden on a person's turn); the rest goes where the analysis goes.
        """
        if progress.depth <= 0:
            return
        nps = progress.nodes_per_second
        if not self._thinking.isHidden():
            base = self._thinking_label.text().split("  ")[0]
            self._thinking_label.setText(
                f"{base}  depth {progress.depth} · {progress.nodes:,} nodes · {nps:,} nodes/s"
            )
        if self._result is not None and self._result.analysis.board == board:
            return  # the final answer is in already
        self._depth_label.setText(f"{progress.depth} (searching…)")
        self._nodes_label.setText(f"{progress.nodes:,}")
        self._speed_label.setText(f"{nps:,} nodes/s")
        self._time_label.setText(_duration(progress.elapsed))
        if progress.best_move is not None and board.is_legal(progress.best_move):
            score = "" if progress.score is None else f" ({evaluation_number(progress.score)})"
            self._best_label.setText(
                f"{board.to_move} {cell_label(board, progress.best_move)}{score}"
            )
        if progress.line:
            self._line_label.setText(line_text(board, progress.line))
        if progress.score is not None:
            value = progress.score if board.to_move is Mark.X else -progress.score
            lean = max(
                -ESTIMATE_BAR_LIMIT, min(ESTIMATE_BAR_LIMIT, value / (abs(value) + BAR_SCALE))
            )
            self._evaluation_box.show()
            self._evaluation_bar.set_value(lean, "so far")
            self._evaluation_number.setText(evaluation_number(value))
            self._evaluation_reading.setText("so far")
            self._certainty.setText(f"Estimate · depth {progress.depth}")
            self._describe_evaluation()

    @property
    def restart_button(self) -> QPushButton:
        return self._restart_button

    @property
    def prove_button(self) -> QPushButton:
        return self._prove_button

    def set_time_budget(self, seconds: float) -> None:
        """Pick the offered time nearest ``seconds``."""
        nearest = min(TIME_BUDGETS, key=lambda offered: abs(offered - seconds))
        self._budget_combo.setCurrentIndex(TIME_BUDGETS.index(nearest))

    def time_budget(self) -> float:
        return float(self._budget_combo.currentData())

    def _on_time_budget(self) -> None:
        self.time_budget_changed.emit(self.time_budget())

    def set_algorithm(self, algorithm: Algorithm) -> None:
        index = self._algorithm_combo.findData(algorithm.value)
        if index >= 0:
            self._algorithm_combo.setCurrentIndex(index)

    def algorithm(self) -> Algorithm:
        return Algorithm(str(self._algorithm_combo.currentData()))

    def set_top_n(self, top_n: int) -> None:
        top_n = max(1, min(9, top_n))
        self._top_n_combo.setCurrentIndex(TOP_N_CHOICES.index(top_n))

    def top_n(self) -> int:
        return int(self._top_n_combo.currentData())

    def show_result(self, result: EngineResult | None) -> None:
        """Show ``result`` (None: the position changed and its analysis is on the way)."""
        self._result = result
        self._model.set_palette(self.palette())
        self._model.set_analysis(result.analysis if result is not None else None)
        self.preview_requested.emit(None, ())
        final = result is not None and result.analysis.prediction.final
        set_shown_keeping_focus(self._candidates_box, not final)
        if result is None:
            self._comparison.hide()  # it described the previous position
            for label in (
                self._line_label,
                self._nodes_label,
                self._depth_label,
                self._time_label,
                self._best_label,
                self._speed_label,
            ):
                label.setText("…")
            self._show_evaluation(None)
            set_shown_keeping_focus(self._prove_button, False)
            self._update_prediction()
            return
        analysis = result.analysis
        self._line_label.setText(line_text(analysis.board, analysis.principal_variation))
        # A finished position needs no search; dashes say so better than "1 node, 0 µs".
        self._nodes_label.setText("—" if final else f"{analysis.nodes:,}")
        self._depth_label.setText("—" if final else _depth_text(analysis))
        self._time_label.setText("—" if final else _duration(analysis.elapsed))
        self._speed_label.setText("—" if final else _rate(analysis.nodes, analysis.elapsed))
        best = analysis.candidates[0] if analysis.candidates else None
        self._best_label.setText(
            "—"
            if best is None
            else f"{analysis.to_move} {cell_label(analysis.board, best.move)}"
            f" ({_best_outcome_text(best, analysis.to_move)})"
        )
        self._show_evaluation(analysis)
        # An estimate of a small board can become a proof with more time: offered where
        # the window can stop a search (as with Analyse Again).
        set_shown_keeping_focus(
            self._prove_button,
            not final
            and not analysis.exact
            and analysis.board.cells <= PROOF_CELLS
            and self._stop_available,
        )
        # The three searches are compared by solving the position: only where it can be.
        comparable = solvable(analysis.board)
        self._compare_button.setEnabled(comparable)
        self._compare_button.setToolTip(
            ""
            if comparable
            else "Only positions small enough to solve are compared (at most 12 empty cells "
            "or a board of at most 16)"
        )
        self._update_prediction()
        if result.comparison:
            self._show_comparison(result.comparison)

    def show_ended(self, words: str) -> None:
        """The game ended off the board (a resignation, a forfeit): no prediction, no
        candidates and no line to play on, only how it ended."""
        self.show_result(None)
        set_shown_keeping_focus(self._candidates_box, False)
        for label in (
            self._line_label,
            self._nodes_label,
            self._depth_label,
            self._time_label,
            self._best_label,
            self._speed_label,
        ):
            label.setText("—")
        self._prediction_label.setText(f"Game over: {words}")

    def _show_evaluation(self, analysis: Analysis | None) -> None:
        if analysis is None or analysis.prediction.final:
            self._evaluation_box.setVisible(analysis is None)
            self._evaluation_bar.set_value(None)
            self._evaluation_number.setText("…")
            self._evaluation_reading.setText("")
            self._certainty.setText("")
            self._certainty.setStyleSheet("")
            return
        self._evaluation_box.show()
        number, reading = evaluation_words(analysis)
        self._evaluation_bar.set_value(bar_value(analysis), reading)
        self._evaluation_number.setText(number)
        self._evaluation_reading.setText(reading)
        palette = self.palette()
        if analysis.exact:
            self._certainty.setText("Proven")
            colour = outcome_colour(MoveOutcome.WIN, palette)
            if all(candidate.exact for candidate in analysis.candidates):
                tip = "The game was solved from here: this is certain."
            else:
                tip = (
                    "The result and the best move are proven: this is certain. Moves "
                    "marked \u201cestimate\u201d were not needed for the proof and keep "
                    "the search's estimate."
                )
            self._certainty.setToolTip(tip)
        else:
            self._certainty.setText(f"Estimate · depth {analysis.depth}")
            colour = outcome_colour(None, palette)
            if analysis.board.cells <= PROOF_CELLS:
                tip = (
                    "Not proven in the time given: a search this many plies deep "
                    "estimates who stands better, and proves nothing. On a board this "
                    "small a longer engine time per move may prove the result."
                )
            else:
                tip = (
                    "The board is too big to solve here: a search this many plies deep "
                    "estimates who stands better. It proves nothing."
                )
            self._certainty.setToolTip(tip)
        self._certainty.setStyleSheet(
            f"QLabel#certaintyBadge {{ border: 1px solid {colour.name()};"
            f" border-radius: 8px; color: {colour.name()}; padding: 0 4px; }}"
        )
        # The text's full width (the word-wrapped reading beside it would squeeze it).
        width = self._certainty.fontMetrics().horizontalAdvance(self._certainty.text())
        self._certainty.setMinimumWidth(width + 24)
        self._describe_evaluation()

    def _describe_evaluation(self) -> None:
        """The bar in words for screen readers, as the labels beside it show it:
        "+35, X is better, estimate, depth 6" or "proven, X wins in 7 plies: forced, proven"."""
        parts = (
            self._evaluation_number.text(),
            self._evaluation_reading.text(),
            self._certainty.text().replace(" · ", ", ").lower(),
        )
        self._evaluation_bar.setAccessibleDescription(
            ", ".join(part for part in parts if part and part != "—")
        )

    def certainty_text(self) -> str:
        return self._certainty.text()

    def evaluation_text(self) -> tuple[str, str]:
        """The evaluation's number and its reading, as shown."""
        return self._evaluation_number.text(), self._evaluation_reading.text()

    def best_move_text(self) -> str:
        return self._best_label.text()

    def speed_text(self) -> str:
        return self._speed_label.text()

    @property
    def evaluation_bar(self) -> EvaluationBar:
        return self._evaluation_bar

    @property
    def time_budget_combo(self) -> QComboBox:
        return self._budget_combo

    @property
    def stop_button(self) -> QPushButton:
        return self._stop_button

    def _update_prediction(self) -> None:
        analysis = self.analysis
        # The prediction is the engine's full search, whoever is playing: a weaker persona
        # on move does not know it.
        speaker = ENGINE_NAME
        if analysis is None:
            self._prediction_label.setText(f"{speaker} is looking at the position…")
            self._apply_banner_style(None)
            return
        prediction = analysis.prediction
        if prediction.final:
            if prediction.winner is None:
                text = "Game over: a draw"
            else:
                # Named as the status bar and the result banner name the winner.
                name = self._player_names.get(prediction.winner, "")
                mark = str(prediction.winner)
                text = f"Game over: {name} ({mark}) wins" if name else f"Game over: {mark} wins"
            self._prediction_label.setText(text)
            # A finished game is nobody's "loss to come": a neutral frame, not a warning.
            self._apply_banner_style(None)
            return
        if not prediction.exact:
            text = f"{speaker} estimates: {prediction.estimate_words()}"
        elif prediction.winner is None:
            text = f"{speaker} predicts: draw with best play"
        else:
            text = f"{speaker} predicts: {prediction} with best play"
        self._prediction_label.setText(text)
        if not prediction.exact:
            # An estimate is nobody's certain win or loss: a neutral frame.
            self._apply_banner_style(None)
            return
        outcome = (
            MoveOutcome.DRAW
            if prediction.winner is None
            else MoveOutcome.WIN
            if prediction.winner is analysis.to_move
            else MoveOutcome.LOSS
        )
        self._apply_banner_style(outcome)

    def _apply_bubble_style(self) -> None:
        palette = self.palette()
        border = palette.color(QPalette.ColorRole.Mid).name()
        fill = palette.color(QPalette.ColorRole.AlternateBase).name()
        self._comment_label.setStyleSheet(
            "QLabel#personaComment {"
            f" border: 1px solid {border}; border-radius: 10px; background: {fill};"
            " padding: 6px 10px; }"
        )

    def _apply_banner_style(self, outcome: MoveOutcome | None) -> None:
        self._apply_bubble_style()
        palette = self.palette()
        if outcome is None:
            border = palette.color(QPalette.ColorRole.Mid)
        else:
            border = outcome_colour(outcome, palette)
        fill = QColor(border)
        fill.setAlpha(40)
        self._prediction_label.setStyleSheet(
            "QLabel#predictionBanner {"
            f" border: 2px solid {border.name()}; border-radius: 8px;"
            f" background: rgba({fill.red()}, {fill.green()}, {fill.blue()}, {fill.alpha()});"
            "}"
        )

    def _show_comparison(self, analyses: tuple[Analysis, ...]) -> None:
        grid = self._comparison_grid
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
        slowest = max(a.nodes for a in analyses) or 1
        for row, analysis in enumerate(analyses, start=1):
            grid.addWidget(QLabel(analysis.algorithm.label), row, 0)
            share = analysis.nodes / slowest
            nodes = QLabel(f"{analysis.nodes:,}")
            nodes.setToolTip(f"{share:.2%} of plain minimax's nodes")
            nodes.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(nodes, row, 1)
            elapsed = QLabel(_duration(analysis.elapsed))
            elapsed.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(elapsed, row, 2)
        self._comparison.show()
        # It opens at the foot of the dock; a short window would leave it below the fold,
        # so the button would seem to do nothing. Scroll to it once the layout has settled.
        QTimer.singleShot(0, self, self._reveal_comparison)

    def _reveal_comparison(self) -> None:
        if not self._comparison.isHidden():
            self._scroll.ensureWidgetVisible(self._comparison, 0, 8)

    def comparison_in_view(self) -> bool:
        """Whether the comparison is on screen (not scrolled out of the dock's view)."""
        if self._comparison.isHidden():
            return False
        visible = self._comparison.visibleRegion().boundingRect()
        return visible.height() >= self._comparison.height() - 1

    def clear_comparison(self) -> None:
        self._comparison.hide()

    # -- reactions ------------------------------------------------------------------------

    def _on_top_n(self) -> None:
        n = self.top_n()
        self._model.set_top_n(n)
        self.top_n_changed.emit(n)

    def _on_algorithm(self) -> None:
        self.algorithm_changed.emit(self.algorithm().value)

    def _on_selection(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        rows = self._table.selectionModel().selectedRows()
        result = self._result
        if not rows or result is None:
            self.preview_requested.emit(None, ())
            return
        row = rows[0].row()
        candidate = self._model.candidate_at(row)
        if candidate is None:
            return
        self.preview_requested.emit(result.analysis.board, preview_line(result, candidate))

    def select_candidate(self, row: int) -> None:
        self._table.selectRow(row)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            # A theme switch: outcome colours are derived from the palette.
            self._model.set_palette(self.palette())
            self._update_prediction()


def _outcome_text(candidate: Candidate) -> str:
    """A proven result in words ("win in 3"), or "estimate" where nothing is proven."""
    return candidate.describe if candidate.exact else "estimate"


def _best_outcome_text(best: Candidate, mover: Mark) -> str:
    """The best move's result, naming the winner where it is a loss for the mover:
    ``"win in 3"``, ``"draw"``, ``"O wins in 2"``, or the estimate's number."""
    if not best.exact:
        return evaluation_number(best.score)
    if best.outcome is MoveOutcome.LOSS:
        plies = "" if best.plies_to_end is None else f" in {best.plies_to_end}"
        return f"{mover.other} wins{plies}"
    return _outcome_text(best)


def _depth_text(analysis: Analysis) -> str:
    if not analysis.exact:
        # An estimate searched every line this deep; forcing lines may have gone deeper.
        if analysis.max_depth > analysis.depth:
            return f"{analysis.depth} (deepest line {analysis.max_depth})"
        return str(analysis.depth)
    depth = str(analysis.max_depth)
    if analysis.algorithm is Algorithm.TABLE and analysis.max_depth == 0:
        # Every reply was solved by an earlier search: a bare "0" reads like a fault.
        return f"{depth} (all known from the table)"
    return depth


def _seconds_text(seconds: float) -> str:
    return f"{seconds:g} s"


def _rate(nodes: int, seconds: float) -> str:
    """``"12,300 nodes/s"`` (a dash while too little time has passed to say)."""
    if seconds <= 0.001:
        return "—"
    return f"{nodes / seconds:,.0f} nodes/s"


def _duration(seconds: float) -> str:
    if seconds < 0.001:
        return f"{seconds * 1_000_000:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"
