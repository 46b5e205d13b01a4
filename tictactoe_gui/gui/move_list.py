"""The move list beside the board: every move of the game in the cell notation, two a row.

Each row is one round, X's move then O's (a game from a set-up position with O
to move starts with an empty X cell). Selecting a move asks to look at the
position just after it; the window decides what looking means (in a game in
progress the board shows that position until the game moves on or the last
move is selected; in a replay it steps there).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.gui.accessibility import cell_news, table_in_tab_order


class MoveListModel(QAbstractTableModel):
    """Rows of rounds; column 0 is X's move, column 1 O's."""

    COLUMNS = ("X", "O")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._start = Board.empty()
        self._moves: tuple[Move, ...] = ()
        self._names: list[str] = []
        #: The coach's word on a move by its ply (1-based), None while it is unjudged.
        self._verdict_of: Callable[[int], str | None] = lambda _ply: None

    def set_game(self, start: Board, moves: Sequence[Move]) -> None:
        moves = tuple(moves)
        if start == self._start and moves == self._moves:
            return
        self.beginResetModel()
        self._start, self._moves = start, moves
        names: list[str] = []
        board = start
        for move in moves:
            names.append(board.cell_name(move))
            if board.is_legal(move):
                board = board.play(move)
        self._names = names
        self.endResetModel()

    def set_verdict_source(self, verdict_of: Callable[[int], str | None]) -> None:
        """Where each move's verdict is read ("a blunder by the estimate"), for its tooltip."""
        self._verdict_of = verdict_of

    def verdict_changed(self, ply: int) -> None:
        """The verdict on move ``ply`` is new or has changed: its cell says so again."""
        index = self.index_of_ply(ply)
        if index.isValid():
            roles = [Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole]
            self.dataChanged.emit(index, index, roles)

    @property
    def moves(self) -> tuple[Move, ...]:
        return self._moves

    @property
    def start(self) -> Board:
        return self._start

    def _offset(self) -> int:
        """1 when the first move is O's (a set-up position), so it sits in the O column."""
        return 1 if self._start.to_move is Mark.O else 0

    def ply_at(self, index: QModelIndex | QPersistentModelIndex) -> int | None:
        """The number of moves played once the move at ``index`` is on the board."""
        if not index.isValid():
            return None
        position = index.row() * 2 + index.column() - self._offset()
        if not 0 <= position < len(self._moves):
            return None
        return position + 1

    def index_of_ply(self, ply: int) -> QModelIndex:
        """The cell holding the move that brought the game to ``ply`` moves (1-based)."""
        position = ply - 1 + self._offset()
        if ply < 1 or ply > len(self._moves):
            return QModelIndex()
        return self.index(position // 2, position % 2)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return (len(self._moves) + self._offset() + 1) // 2

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.COLUMNS[section]
        return str(section + 1)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if self.ply_at(index) is None:
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        ply = self.ply_at(index)
        if ply is None:
            return None
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return cell_news(self, index)  # a move announced while here
        name = self._names[ply - 1]
        if role == Qt.ItemDataRole.DisplayRole:
            return name
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            mark = self.COLUMNS[index.column()]
            verdict = self._verdict_of(ply)
            said = f"Move {ply}: {mark} {name}"
            return f"{said} — {verdict}" if verdict else said
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None


class MoveListDock(QDockWidget):
    """The move list as a dock; selecting a move emits ``ply_selected``."""

    #: The number of moves played in the position to look at (0: the start).
    ply_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Moves", parent)
        self.setObjectName("movesDock")
        self.setAllowedAreas(
            Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
        )
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 4, 6, 6)
        self._model = MoveListModel(self)
        self._table = QTableView()
        self._table.setObjectName("moveList")
        table_in_tab_order(self._table, "Moves")
        self._table.setModel(self._model)
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._table.setShowGrid(False)
        # Room for "20" and two cells such as "k10" side by side, never cut to "k…".
        digits = self._table.fontMetrics().horizontalAdvance("20")
        cell = self._table.fontMetrics().horizontalAdvance("m20")
        self._table.setMinimumWidth(digits + 2 * cell + 36)
        self._table.setAlternatingRowColors(True)
        self._table.setToolTip("Select a move to look at the position after it")
        self._table.selectionModel().currentChanged.connect(self._on_current)
        self._table.clicked.connect(self._on_clicked)
        layout.addWidget(self._table)
        self.setWidget(body)
        self._shown_ply = 0
        self._updating = False

    def sizeHint(self) -> QSize:
        return QSize(150, 400)

    @property
    def model(self) -> MoveListModel:
        return self._model

    @property
    def table(self) -> QTableView:
        return self._table

    def set_game(self, start: Board, moves: Sequence[Move], shown_ply: int | None = None) -> None:
        """Show the game's moves and mark the one the board shows (the last by default)."""
        self._updating = True
        try:
            self._model.set_game(start, moves)
            self._shown_ply = len(moves) if shown_ply is None else shown_ply
            index = self._model.index_of_ply(self._shown_ply)
            selection = self._table.selectionModel()
            if index.isValid():
                selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
                self._table.scrollTo(index)
            else:
                selection.clearSelection()
                selection.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)
        finally:
            self._updating = False

    def shown_ply(self) -> int:
        return self._shown_ply

    def select_ply(self, ply: int) -> None:
        """Select the move that brought the game to ``ply`` moves, as a click would."""
        index = self._model.index_of_ply(ply)
        if index.isValid():
            self._table.setCurrentIndex(index)
            self._on_clicked(index)

    def _on_current(self, current: QModelIndex, previous: QModelIndex) -> None:
        # The keys move the current cell: follow them as clicks.
        if not self._updating and current.isValid():
            self._on_clicked(current)

    def _on_clicked(self, index: QModelIndex) -> None:
        if self._updating:
            return
        ply = self._model.ply_at(index)
        if ply is not None and ply != self._shown_ply:
            self._shown_ply = ply
            self.ply_selected.emit(ply)
