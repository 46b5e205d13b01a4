"""Lines Played: the game's tree of moves, its main line and the variations beside it.

Each move is a row; a line goes on down the same level, and a variation (a move
played instead of another from the same position) sits under the move it
replaced, its own line going on inside it. Right and Left step along a line
(Left from a variation's first move goes back to the move it replaced), Down
enters a move's first variation and Up leaves it. Make Main Line (Enter) makes
the chosen line the game's and plays it on the board to the move chosen (the
line on the board is always the main line); Promote moves a variation one
place up among the variations; Delete removes a variation (the line on the
board stays whole). The window keeps the tree; saved games keep it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine.move_tree import ROOT, MoveTree

_NODE = Qt.ItemDataRole.UserRole


class LinesView(QTreeWidget):
    """The tree of lines, stepped through with the arrow keys as a line of moves."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        item = self.currentItem()
        key = event.key()
        target: QTreeWidgetItem | None = None
        if item is not None and key in (Qt.Key.Key_Right, Qt.Key.Key_Left):
            parent = item.parent() or self.invisibleRootItem()
            index = parent.indexOfChild(item)
            step = 1 if key == Qt.Key.Key_Right else -1
            target = parent.child(index + step) if index + step >= 0 else None
            if target is not None and _node(target) is None:
                target = None
            if target is None and step < 0:
                target = item.parent()  # from a variation's first move to the one it replaced
        elif item is not None and key == Qt.Key.Key_Down and item.childCount():
            item.setExpanded(True)
            target = item.child(0)
        elif item is not None and key == Qt.Key.Key_Up and item.parent() is not None:
            target = item.parent()
        if target is not None:
            self.setCurrentItem(target)
            event.accept()
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            event.accept()  # at an end: stay put rather than wander to another line
            return
        super().keyPressEvent(event)


def _node(item: QTreeWidgetItem) -> int | None:
    value = item.data(0, _NODE)
    return value if isinstance(value, int) else None


class LinesDialog(QDialog):
    """The lines played in the game on the board."""

    #: The chosen line is the main line now: play it on the board to this node (the tree,
    #: and the node's number in it).
    line_chosen = Signal(object, int)
    #: The tree changed (promoted, made main, deleted): the new tree.
    tree_changed = Signal(object)

    def __init__(
        self,
        tree: MoveTree,
        name_of: Callable[[tuple[int, ...]], str],
        on_board: tuple[int, ...],
        parent: QWidget | None = None,
    ) -> None:
        """``name_of(moves)``: the last of the moves from the start, written as the game
        writes it; ``on_board``: the moves of the line on the board."""
        super().__init__(parent)
        self.setObjectName("linesDialog")
        self.setWindowTitle("Lines Played")
        self._name_of = name_of
        self._on_board = on_board
        self.tree = tree
        layout = QVBoxLayout(self)
        self.summary = QLabel(self)
        self.summary.setAccessibleName("Lines")
        self.view = LinesView(self)
        self.view.setObjectName("linesView")
        self.view.setAccessibleName("Lines played")
        self.view.setHeaderHidden(True)
        self.view.itemActivated.connect(lambda *_: self.make_main_line())
        self.view.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.main_button = QPushButton("Make &Main Line", self)
        self.main_button.clicked.connect(self.make_main_line)
        self.promote_button = QPushButton("P&romote", self)
        self.promote_button.clicked.connect(self.promote)
        self.delete_button = QPushButton("&Delete", self)
        self.delete_button.clicked.connect(self.delete)
        close = QPushButton("Close", self)
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        for button in (self.main_button, self.promote_button, self.delete_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.resize(420, 480)
        self._fill()

    # -- the view -----------------------------------------------------------------------------

    def _fill(self, current: int | None = None) -> None:
        self.view.clear()
        self._items: dict[int, QTreeWidgetItem] = {}
        children = self.tree.children(ROOT)
        if children:
            self._add_line(self.view.invisibleRootItem(), children[0], children[1:])
        self.view.expandAll()
        lines = sum(1 for node in range(len(self.tree)) if not self.tree.children(node))
        self.summary.setText(
            f"{lines} line{'s' * (lines != 1)} played; the main line is the one on the board."
        )
        item = self._items.get(ROOT if current is None else current)
        if item is not None:
            self.view.setCurrentItem(item)
        self._update_buttons()

    def _add_line(
        self, parent: QTreeWidgetItem, node: int, alternatives: tuple[int, ...] = ()
    ) -> None:
        """``node`` and the moves that go on from it, as rows under ``parent``; each
        variation (``alternatives`` to ``node`` itself, and those met on the way) under the
        move it replaced."""
        line = (node, *self.tree.line_from(node))
        for step in line:
            self._row(parent, step)
        for alternative in alternatives:
            self._add_line(self._items[node], alternative)
        for previous, step in itertools.pairwise(line):
            for alternative in self.tree.children(previous)[1:]:
                self._add_line(self._items[step], alternative)

    def _row(self, parent: QTreeWidgetItem, node: int) -> None:
        moves = self.tree.moves_to(node)
        ply = len(moves)
        label = f"{(ply + 1) // 2}{'.' if ply % 2 else '…'} {self._name_of(moves)}"
        item = QTreeWidgetItem(parent, [label])
        item.setData(0, _NODE, node)
        where = "main line" if self.tree.is_main_line(node) else "variation"
        item.setData(0, Qt.ItemDataRole.AccessibleTextRole, f"{label}, {where}")
        self._items[node] = item

    def current_node(self) -> int | None:
        item = self.view.currentItem()
        return None if item is None else _node(item)

    def select(self, node: int) -> None:
        item = self._items.get(node)
        if item is not None:
            self.view.setCurrentItem(item)

    def _update_buttons(self) -> None:
        node = self.current_node()
        if node is None:
            for button in (self.main_button, self.promote_button, self.delete_button):
                button.setEnabled(False)
            return
        moves = self.tree.moves_to(node)
        on_board = moves == self._on_board[: len(moves)]
        self.main_button.setEnabled(True)  # on the main line: the board goes to that move
        # Among the variations: the first of a position's moves is the main line's.
        self.promote_button.setEnabled(node in self.tree.siblings(node)[2:])
        self.delete_button.setEnabled(not on_board)

    # -- changing -------------------------------------------------------------------------------

    @Slot()
    def promote(self) -> None:
        node = self.current_node()
        if node is not None:
            self._changed(*self.tree.promote(node))

    @Slot()
    def make_main_line(self) -> None:
        """The chosen line made the game's, played on the board to the chosen move."""
        node = self.current_node()
        if node is None:
            return
        tree, node = self.tree.make_main_line(node)
        self.tree = tree
        self._on_board = tree.main_line()
        self._fill(node)
        self.line_chosen.emit(tree, node)

    @Slot()
    def delete(self) -> None:
        node = self.current_node()
        if node is not None and self.delete_button.isEnabled():
            self._changed(*self.tree.delete(node))

    def set_tree(self, tree: MoveTree, on_board: tuple[int, ...], current: int) -> None:
        self.tree = tree
        self._on_board = on_board
        self._fill(current)

    def _changed(self, tree: MoveTree, node: int) -> None:
        self.tree = tree
        self._fill(node)
        self.tree_changed.emit(tree)
