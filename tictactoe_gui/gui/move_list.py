"""The move list beside the board: the game's tree of moves, its main line and variations.

Each move is a row, numbered as the game counts rounds ("3." for X's move, "3…"
for O's). The main line runs down the top level. A variation (a move played
instead of another from the same position) sits, indented, under the move it
replaced; its own line goes on indented under its first move, and variations of
variations nest the same way. Right and Left step along the line (Left from a
variation's first move goes back to the position it branched from, Left from
the first move to the start), Down and Up go to the next and previous variation
of the move (the other moves played from the same position), Home and End to
the start and to the end of the line.

Choosing a move asks to go to the position just after it (``node_selected``,
and ``ply_selected`` for the number of moves played when the move lies on the
line given by :meth:`MoveListDock.set_game`); the window decides what going
there means. Promote Variation, Delete Variation and Make Main Line change the
tree (``tree_edited``), from the context menu or their shortcuts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import overload

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QFont, QKeyEvent, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.move_tree import ROOT, MoveTree
from tictactoe_gui.gui.accessibility import cell_news, table_in_tab_order


class MoveListModel(QAbstractItemModel):
    """The tree of moves, one move a row (see the module's description of the layout).

    Each index's internal id is its node in :attr:`tree`. ``moves`` is the line of
    the game (the line :meth:`set_game` was given, or the one to the current node
    of :meth:`set_tree`); ``ply_at`` and ``index_of_ply`` count along it.
    """

    COLUMNS = ("Moves",)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._start = Board.empty()
        self._tree = MoveTree()
        self._line: tuple[int, ...] = ()  # the game's line, as nodes
        self._moves: tuple[Move, ...] = ()
        self._names: dict[int, str] = {}
        self._depth: dict[int, int] = {ROOT: 0}
        self._boards: dict[int, Board] = {ROOT: self._start}
        self._main: frozenset[int] = frozenset()
        self._rows: dict[int, tuple[int, ...]] = {ROOT: ()}
        self._place: dict[int, tuple[int, int]] = {}  # node: (the node it sits under, row)
        #: The coach's word on a move by its ply (1-based), None while it is unjudged.
        self._verdict_of: Callable[[int], str | None] = lambda _ply: None
        #: Who made each move of a tree given by names (:meth:`set_named_tree`), by node.
        self._movers: dict[int, str] | None = None

    # -- the game shown ---------------------------------------------------------------------

    def set_game(self, start: Board, moves: Sequence[Move]) -> None:
        """One line of moves, and no variation."""
        moves = tuple(moves)
        tree = MoveTree.of_line([start.index(move) for move in moves])
        self.set_tree(start, tree, tree.line_from(ROOT)[len(moves) - 1] if moves else ROOT)

    def set_named_line(
        self, moves: Sequence[int], names: Sequence[str], movers: Sequence[str]
    ) -> None:
        """One line of a game that is not played with X and O on a board of cells (a grid of
        numbers), each move given with its name in the game's notation and its mover's seat
        (``"A"``, ``"B"``): the rows read "1. b4", "1… d4", "Move 2: B d4"."""
        tree = MoveTree.of_line(moves)
        line = tree.line_from(ROOT)
        self.set_named_tree(
            tree,
            line[-1] if line else ROOT,
            dict(zip(line, names, strict=True)),
            dict(zip(line, movers, strict=True)),
        )

    def set_named_tree(
        self, tree: MoveTree, node: int, names: Mapping[int, str], movers: Mapping[int, str]
    ) -> None:
        """Every line of ``tree``, of a game not played with X and O on a board of cells,
        each node's move named in the game's notation (``names``) with its mover's seat
        (``movers``); the game's line is the one through ``node``."""
        line = (*tree.path(node), *tree.line_from(node))
        self._line, self._moves = line, ()
        if self._movers is not None and tree == self._tree and dict(names) == self._names:
            return  # another position of the same tree: the rows stay
        self.beginResetModel()
        self._start, self._tree = Board.empty(), tree
        self._movers, self._names = dict(movers), dict(names)
        self._depth = {ROOT: 0}
        for index in range(1, len(tree)):  # a node's number is always after its parent's
            parent = tree.parent(index)
            assert parent is not None
            self._depth[index] = self._depth[parent] + 1
        self._boards = {ROOT: self._start}
        self._lay_out_rows()
        self.endResetModel()

    def set_tree(self, start: Board, tree: MoveTree, node: int) -> None:
        """Every line of ``tree``; the game's line is the one through ``node``."""
        if self._movers is not None:  # the rows were a named line: lay them out anew
            self._movers = None
            self._start, self._tree, self._line = Board.empty(), MoveTree(), ()
        line = (*tree.path(node), *tree.line_from(node))
        if line != self._line or start != self._start:
            self._line = line
            self._moves = tuple(start.move_at(tree.move(step) or 0) for step in line)
        if start == self._start and tree == self._tree:
            return  # another position of the same tree: the rows stay
        self.beginResetModel()
        same_start = start == self._start
        old = self._tree if same_start else MoveTree()
        kept = self._boards if same_start else {ROOT: start}
        self._start, self._tree = start, tree
        self._lay_out(old, kept)
        self.endResetModel()

    def _lay_out(self, old: MoveTree, boards: dict[int, Board]) -> None:
        """The rows of the tree; the names and positions of ``old`` (the tree shown before,
        ``boards`` its positions) are kept for the nodes the new tree has the same (a move
        added keeps every other node's number)."""
        tree = self._tree
        same = 1
        while (
            same < min(len(old), len(tree))
            and old.nodes[same].move == tree.nodes[same].move
            and old.nodes[same].parent == tree.nodes[same].parent
        ):
            same += 1
        names = {node: self._names[node] for node in range(1, same) if node in self._names}
        depth = {node: self._depth[node] for node in range(same) if node in self._depth}
        depth[ROOT] = 0
        boards = {node: board for node, board in boards.items() if node < same}
        for node in range(1, len(tree)):  # a node's number is always after its parent's
            if node in names:
                continue
            parent = tree.parent(node)
            assert parent is not None
            board = boards.get(parent)
            if board is None:
                board = self._start.play_all(self._start.move_at(m) for m in tree.moves_to(parent))
                boards[parent] = board
            move = board.move_at(tree.move(node) or 0)
            names[node] = board.cell_name(move)
            depth[node] = depth[parent] + 1
            if tree.children(node):
                boards[node] = board.play(move)
        self._names, self._depth, self._boards = names, depth, boards
        self._lay_out_rows()

    def _lay_out_rows(self) -> None:
        """Where each node of the tree sits: the main line at the top, each variation under
        the move it replaced, its line under its first move."""
        tree = self._tree
        rows: dict[int, tuple[int, ...]] = {ROOT: tree.line_from(ROOT)}
        for node in range(1, len(tree)):
            parent = tree.parent(node)
            assert parent is not None
            if tree.is_first(node):  # the line goes on: its variations sit under it
                rows[node] = tree.children(parent)[1:]
            else:  # a variation's first move: its line goes on under it
                rows[node] = tree.line_from(node)
        self._rows = rows
        self._main = frozenset(rows[ROOT])
        self._place = {
            child: (under, row)
            for under, children in rows.items()
            for row, child in enumerate(children)
        }

    def set_verdict_source(self, verdict_of: Callable[[int], str | None]) -> None:
        """Where each move's verdict is read ("a blunder by the estimate"), for its tooltip."""
        self._verdict_of = verdict_of

    def verdict_changed(self, ply: int) -> None:
        """The verdict on move ``ply`` is new or has changed: its row says so again."""
        index = self.index_of_ply(ply)
        if index.isValid():
            roles = [Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole]
            self.dataChanged.emit(index, index, roles)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves of the game's line."""
        return self._moves

    @property
    def start(self) -> Board:
        return self._start

    @property
    def tree(self) -> MoveTree:
        return self._tree

    def depth(self, node: int) -> int:
        """The number of moves played once ``node`` is on the board."""
        return self._depth.get(node, 0)

    def is_main_line(self, node: int) -> bool:
        return node in self._main

    def node_at(self, index: QModelIndex | QPersistentModelIndex) -> int | None:
        return index.internalId() if index.isValid() else None

    def index_of_node(self, node: int) -> QModelIndex:
        place = self._place.get(node)
        if place is None:
            return QModelIndex()
        return self.createIndex(place[1], 0, node)

    def ply_at(self, index: QModelIndex | QPersistentModelIndex) -> int | None:
        """The number of moves played once the move at ``index`` is on the board."""
        node = self.node_at(index)
        return None if node is None else self._depth[node]

    def index_of_ply(self, ply: int) -> QModelIndex:
        """The row of the move of the game's line that brought it to ``ply`` moves."""
        if not 1 <= ply <= len(self._line):
            return QModelIndex()
        return self.index_of_node(self._line[ply - 1])

    def describe(self, node: int) -> str:
        """The move as the list says it: "Move 5: X j9", a variation's saying so."""
        ply = self._depth[node]
        mark = self._mark_of(ply) if self._movers is None else self._movers[node]
        said = f"Move {ply}: {mark} {self._names[node]}"
        if node not in self._main:
            said += ", variation"
        return said

    def _mark_of(self, ply: int) -> Mark:
        first = self._start.to_move
        return first if ply % 2 else first.other

    def _label(self, node: int) -> str:
        ply = self._depth[node]
        if self._movers is not None:  # turns alternate from the first mover's
            dots = "." if ply % 2 else "…"
            return f"{(ply + 1) // 2}{dots} {self._names[node]}"
        offset = 1 if self._start.to_move is Mark.O else 0
        number = (ply + offset + 1) // 2
        dots = "." if self._mark_of(ply) is Mark.X else "…"
        return f"{number}{dots} {self._names[node]}"

    # -- QAbstractItemModel ---------------------------------------------------------------------

    def index(
        self,
        row: int,
        column: int,
        parent: QModelIndex | QPersistentModelIndex = QModelIndex(),  # noqa: B008
    ) -> QModelIndex:
        under = parent.internalId() if parent.isValid() else ROOT
        rows = self._rows.get(under, ())
        if column != 0 or not 0 <= row < len(rows):
            return QModelIndex()
        return self.createIndex(row, 0, rows[row])

    @overload
    def parent(self) -> QObject | None: ...
    @overload
    def parent(self, child: QModelIndex | QPersistentModelIndex) -> QModelIndex: ...
    def parent(
        self, child: QModelIndex | QPersistentModelIndex | None = None
    ) -> QModelIndex | QObject | None:
        if child is None:
            return super().parent()
        if not child.isValid():
            return QModelIndex()
        place = self._place.get(child.internalId())
        if place is None or place[0] == ROOT:
            return QModelIndex()
        return self.index_of_node(place[0])

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() and parent.column() != 0:
            return 0
        under = parent.internalId() if parent.isValid() else ROOT
        return len(self._rows.get(under, ()))

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 1

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.COLUMNS[section]
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        node = self.node_at(index)
        if node is None or node not in self._names:
            return None
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return cell_news(self, index)  # a move announced while here
        if role == Qt.ItemDataRole.DisplayRole:
            return self._label(node)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            said = self.describe(node)
            ply = self._depth[node]
            on_line = ply <= len(self._line) and self._line[ply - 1] == node
            verdict = self._verdict_of(ply) if on_line else None
            return f"{said} — {verdict}" if verdict else said
        if role == Qt.ItemDataRole.FontRole and node not in self._main:
            font = QFont()
            font.setItalic(True)
            return font
        return None


class MoveTreeView(QTreeView):
    """The tree of moves, stepped through with the arrow keys as lines of moves."""

    #: A node chosen with the keys (0: the start of the game).
    node_chosen = Signal(int)

    def drawBranches(
        self,
        painter: QPainter,
        rect: QRect,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        """No branch arrows: every line is shown, indented under the move it branched at."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        model = self.model()
        if not isinstance(model, MoveListModel) or event.modifiers() & ~(
            Qt.KeyboardModifier.KeypadModifier
        ):
            super().keyPressEvent(event)
            return
        tree = model.tree
        node = model.node_at(self.currentIndex())
        node = ROOT if node is None else node
        key = event.key()
        target: int | None = None
        if key == Qt.Key.Key_Right:
            children = tree.children(node)
            target = children[0] if children else None
        elif key == Qt.Key.Key_Left:
            target = tree.parent(node)
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down) and node != ROOT:
            siblings = tree.siblings(node)
            at = siblings.index(node) + (1 if key == Qt.Key.Key_Down else -1)
            target = siblings[at] if 0 <= at < len(siblings) else None
        elif key == Qt.Key.Key_Home:
            target = ROOT
        elif key == Qt.Key.Key_End:
            line = tree.line_from(node)
            target = line[-1] if line else None
        else:
            super().keyPressEvent(event)
            return
        event.accept()  # at an end: stay put rather than wander to another line
        if target is not None and target != node:
            self.node_chosen.emit(target)


class MoveListDock(QDockWidget):
    """The move list as a dock.

    Choosing a move emits ``node_selected`` (its node in :attr:`tree`) and, when
    it lies on the game's line, ``ply_selected``.
    """

    #: The number of moves played in the position to look at (0: the start).
    ply_selected = Signal(int)
    #: The node of :attr:`tree` to go to (0: the start).
    node_selected = Signal(int)
    #: The tree after a variation was promoted or deleted or made the main line, and the
    #: node to show in it.
    tree_edited = Signal(object, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Moves", parent)
        self._editable = False  # a line given by set_game is shown, not edited
        self.setObjectName("movesDock")
        self.setAllowedAreas(
            Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
        )
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 4, 6, 6)
        self._model = MoveListModel(self)
        self._table = MoveTreeView()
        self._table.setObjectName("moveList")
        table_in_tab_order(self._table, "Moves")
        self._table.setModel(self._model)
        self._table.setHeaderHidden(True)
        self._table.setIndentation(14)
        self._table.setUniformRowHeights(True)  # a long game's list is laid out at once
        self._table.setItemsExpandable(False)
        self._table.setRootIsDecorated(False)
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        cell = self._table.fontMetrics().horizontalAdvance("20… m20")
        self._table.setMinimumWidth(cell + 48)
        self._table.setToolTip(
            "Select a move to go to the position after it; Left and Right step along a line, "
            "Up and Down go between variations"
        )
        self._table.clicked.connect(self._on_clicked)
        self._table.activated.connect(self._on_clicked)
        self._table.node_chosen.connect(self.select_node)
        self._model.modelReset.connect(self._table.expandAll)
        self._table.selectionModel().currentChanged.connect(lambda *_: self._update_actions())
        self._add_actions()
        layout.addWidget(self._table)
        self.setWidget(body)
        self._shown = ROOT
        self._updating = False

    def _add_actions(self) -> None:
        view = self._table
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        def action(text: str, shortcut: str, slot: Callable[[], None], tip: str) -> QAction:
            made = QAction(text, self)
            made.setShortcut(QKeySequence(shortcut))
            made.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            made.setStatusTip(tip)
            made.triggered.connect(slot)
            view.addAction(made)
            return made

        self.promote_action = action(
            "&Promote Variation",
            "Ctrl+Up",
            self.promote,
            "Move the chosen variation one place up (the first goes on as the line)",
        )
        self.main_line_action = action(
            "Make &Main Line",
            "Ctrl+Shift+M",
            self.make_main_line,
            "Make the line through the chosen move the game's main line",
        )
        self.delete_action = action(
            "&Delete From Here",
            "Delete",
            self.delete,
            "Remove the chosen move and every move after it",
        )
        self._update_actions()

    def sizeHint(self) -> QSize:
        return QSize(150, 400)

    @property
    def model(self) -> MoveListModel:
        return self._model

    @property
    def table(self) -> QTreeView:
        """The view of the moves (a tree view since moves have variations)."""
        return self._table

    @property
    def tree(self) -> MoveTree:
        return self._model.tree

    def set_game(self, start: Board, moves: Sequence[Move], shown_ply: int | None = None) -> None:
        """Show one line of moves and mark the one the board shows (the last by default);
        a line given this way is not edited in the list (see :meth:`set_tree`)."""
        self._editable = False
        self._updating = True
        try:
            self._model.set_game(start, moves)
            ply = len(moves) if shown_ply is None else max(0, min(len(moves), shown_ply))
            self._show(self._model.tree.line_from(ROOT)[ply - 1] if ply else ROOT)
        finally:
            self._updating = False

    def set_named_line(
        self,
        moves: Sequence[int],
        names: Sequence[str],
        movers: Sequence[str],
        shown_ply: int | None = None,
    ) -> None:
        """Show one line of a game played on a grid of numbers rather than with X and O (see
        :meth:`MoveListModel.set_named_line`) and mark the move the board shows (the last by
        default); like :meth:`set_game`'s, the line is not edited in the list."""
        self._editable = False
        self._updating = True
        try:
            self._model.set_named_line(moves, names, movers)
            ply = len(moves) if shown_ply is None else max(0, min(len(moves), shown_ply))
            self._show(self._model.tree.line_from(ROOT)[ply - 1] if ply else ROOT)
        finally:
            self._updating = False

    def set_tree(self, start: Board, tree: MoveTree, node: int) -> None:
        """Show every line of ``tree`` and mark ``node``, the position the board shows; its
        variations can be promoted, deleted and made the main line (``tree_edited``)."""
        self._editable = True
        self._updating = True
        try:
            self._model.set_tree(start, tree, node)
            self._show(node)
        finally:
            self._updating = False

    def set_named_tree(
        self, tree: MoveTree, node: int, names: Mapping[int, str], movers: Mapping[int, str]
    ) -> None:
        """Show every line of a game played on a grid of numbers rather than with X and O
        (see :meth:`MoveListModel.set_named_tree`) and mark ``node``, the position the board
        shows; its variations are edited as :meth:`set_tree`'s are."""
        self._editable = True
        self._updating = True
        try:
            self._model.set_named_tree(tree, node, names, movers)
            self._show(node)
        finally:
            self._updating = False

    def _show(self, node: int) -> None:
        self._shown = node
        index = self._model.index_of_node(node)
        selection = self._table.selectionModel()
        if index.isValid():
            selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            self._table.scrollTo(index)
        else:
            selection.clearSelection()
            selection.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)
        self._update_actions()

    def shown_ply(self) -> int:
        return self._model.tree.depth(self._shown)

    def shown_node(self) -> int:
        return self._shown

    def select_ply(self, ply: int) -> None:
        """Select the move of the game's line that brought it to ``ply`` moves, as a click
        would (0: the start)."""
        if ply == 0:
            self.select_node(ROOT)
            return
        index = self._model.index_of_ply(ply)
        if index.isValid():
            self._on_clicked(index)

    def select_node(self, node: int) -> None:
        """Go to ``node`` of the tree, as choosing it would."""
        if self._updating or not 0 <= node < len(self._model.tree) or node == self._shown:
            return
        line = (*self._model.tree.path(self._shown), *self._model.tree.line_from(self._shown))
        on_line = node == ROOT or node in line
        self._show(node)
        self.node_selected.emit(node)
        if on_line:
            self.ply_selected.emit(self._model.tree.depth(node))

    def _on_clicked(self, index: QModelIndex) -> None:
        node = self._model.node_at(index)
        if node is not None:
            self.select_node(node)

    # -- changing the tree ---------------------------------------------------------------------

    def _chosen(self) -> int | None:
        if not self._editable:
            return None
        return self._model.node_at(self._table.currentIndex())

    def _update_actions(self) -> None:
        node = self._chosen()
        tree = self._model.tree
        self.promote_action.setEnabled(node is not None and not tree.is_first(node))
        self.main_line_action.setEnabled(node is not None and not self._model.is_main_line(node))
        self.delete_action.setEnabled(node is not None)

    def promote(self) -> None:
        """The chosen variation one place up among the moves played from its position."""
        node = self._chosen()
        if node is not None and not self._model.tree.is_first(node):
            self._edited(*self._model.tree.promote(node))

    def make_main_line(self) -> None:
        """The line through the chosen move made the main line."""
        node = self._chosen()
        if node is not None:
            self._edited(*self._model.tree.make_main_line(node))

    def delete(self) -> None:
        """The chosen move and every move after it removed from the tree."""
        node = self._chosen()
        if node is not None:
            self._edited(*self._model.tree.delete(node))

    def _edited(self, tree: MoveTree, node: int) -> None:
        """``tree`` (``node``: the chosen move's node in it); the board's position stays
        where it still is in the tree, else goes to ``node``."""
        before = self._model.tree
        kept = tree.node_of(before.moves_to(self._shown))
        shown = node if kept is None else kept
        self.set_tree(self._model.start, tree, shown)
        index = self._model.index_of_node(node)
        if index.isValid():
            self._table.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.NoUpdate
            )
        self._update_actions()
        self.tree_edited.emit(tree, shown)
