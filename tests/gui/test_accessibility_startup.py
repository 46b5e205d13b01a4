"""What a screen reader finds across start-up: the board it is given first is the one
that speaks for the rest of the window's life.

A screen reader follows one accessible object, the one the focus event named, and
drops what comes from any other. Qt hands out a new accessible object for a widget
when the widget's class changes, which PySide6 does each time a signal is first
connected to a method it does not know as a slot; the board the first frame showed
would then go quiet once the window was complete.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_ai
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode

Text = QAccessible.Text


def find(root: QAccessibleInterface, name: str) -> QAccessibleInterface | None:
    """The first object named ``name`` under ``root``, walking the tree as a reader does."""
    if root.text(Text.Name) == name:
        return root
    for index in range(root.childCount()):
        child = root.child(index)
        if child is not None and child.isValid():
            found = find(child, name)
            if found is not None:
                return found
    return None


def board_object(window: MainWindow) -> QAccessibleInterface:
    root = QAccessible.queryAccessibleInterface(window)
    assert root is not None
    board = find(root, "Tic-tac-toe board")
    assert board is not None
    assert board.object() is window.board_view
    return board


def test_the_board_focused_at_start_is_the_one_that_speaks_after(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = MainWindow(settings, staged=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    first = QAccessible.uniqueId(board_object(window))
    # Not yet: focused now, the board would be read, then read again with the greeting.
    assert not window.board_view.hasFocus()

    with qtbot.waitSignal(window.ready, timeout=5000):
        window.complete(InMemoryRecords())
    assert QAccessible.uniqueId(board_object(window)) == first
    # Focused once its description holds the game's greeting: read once, with the focus.
    assert window.board_view.hasFocus()
    assert board_object(window).text(Text.Description).startswith("New game:")

    qtbot.keyClick(window.board_view, Qt.Key.Key_5)
    board = board_object(window)
    qtbot.waitUntil(lambda: "played X at b2" in board.text(Text.Description), timeout=5000)
    # A hint, a preview and a change of the heat map's size come from other parts of the
    # window: the board stays the same object through them too.
    window.controller.hint()
    window.analysis_dock.top_n_changed.emit(2)
    assert QAccessible.uniqueId(board_object(window)) == first
    assert window.board_view.hasFocus()


def _added_slots(window: MainWindow) -> list[str]:
    """The methods the window's class has gained since it was defined."""
    static = {
        bytes(MainWindow.staticMetaObject.method(i).methodSignature())
        for i in range(MainWindow.staticMetaObject.methodCount())
    }
    meta = window.metaObject()
    return [
        bytes(meta.method(i).methodSignature()).decode()
        for i in range(meta.methodCount())
        if bytes(meta.method(i).methodSignature()) not in static
    ]


def test_the_window_is_one_accessible_object_from_its_first_frame_on(
    qtbot: QtBot, settings: QSettings
) -> None:
    # A screen reader says the window's title as it opens (the first frame); a new
    # accessible window after that is a window it has not introduced, and when the board
    # takes the focus it said the title again.
    window = MainWindow(settings, staged=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    first = QAccessible.uniqueId(QAccessible.queryAccessibleInterface(window))

    with qtbot.waitSignal(window.ready, timeout=5000):
        window.complete(InMemoryRecords())
    for game in ("connect4", "rowcol5"):
        spec = find_game(game)
        window.start_table_game(
            TableSetup(
                spec,
                GameMode.HUMAN_VS_AI,
                (Seat.human("Ann"), Seat.for_game(spec, spec.players[0].key)),
            )
        )
    window.new_game(human_vs_ai("cop"))  # back to k in a row
    assert _added_slots(window) == []  # each is a slot the window's class declares
    assert QAccessible.uniqueId(QAccessible.queryAccessibleInterface(window)) == first


class _FocusSnapshot(QObject):
    """The board's description at each moment it takes the focus."""

    def __init__(self, board: QWidget) -> None:
        super().__init__(board)
        self.read: list[str] = []
        board.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusIn and isinstance(watched, QWidget):
            self.read.append(watched.accessibleDescription())
        return False


def test_the_greeting_is_in_place_when_the_board_takes_the_focus_at_start(
    qtbot: QtBot, settings: QSettings
) -> None:
    # A screen reader reads the description with the focus, then again at each change:
    # focused first and greeted after, the player heard the greeting twice.
    window = MainWindow(settings, staged=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    focused = _FocusSnapshot(window.board_view)

    with qtbot.waitSignal(window.ready, timeout=5000):
        window.complete(InMemoryRecords())
    qtbot.waitUntil(window.board_view.hasFocus)
    assert len(focused.read) == 1
    assert focused.read[0].startswith("New game:")
    assert window.board_view.accessibleDescription() == focused.read[0]


@pytest.mark.parametrize(
    ("game", "title"),
    [
        (None, "Player (X) vs Cop (O)"),
        ("gomoku", "Player (X) vs Cop (O) · Gomoku"),
        ("connect4", "Player (X) vs Cop (O) · Connect Four"),
        ("rowcol", "Player (A) vs Hedge (B) · Row & Column 4×4"),
    ],
)
def test_a_fresh_game_s_title_is_given_before_the_rest_of_the_window_is_built(
    qtbot: QtBot, settings: QSettings, game: str | None, title: str
) -> None:
    """Building the rest of the window reports hundreds of accessibility events, and Orca
    43 drops a change of name that comes while over 100 wait (unless it is the focused
    object's): the game's title, set among them, went unsaid on a busy machine where Orca
    had spoken the window under the app's name. It is set before them, once."""
    from tictactoe_gui.gui.analysis_dock import AnalysisDock

    opening = None if game is None else find_game(game)
    window = MainWindow(settings, staged=True, game=opening)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    built_when_titled: list[int] = []
    window.windowTitleChanged.connect(
        lambda _title: built_when_titled.append(len(window.findChildren(AnalysisDock)))
    )
    with qtbot.waitSignal(window.ready, timeout=5000):
        window.complete(InMemoryRecords())
    assert window.windowTitle() == title
    # Once, and before the docks were built.
    assert built_when_titled == [0]


@pytest.mark.parametrize("game", ["connect4", "rowcol4"])
def test_a_resumed_table_game_s_title_is_given_before_the_rest_of_the_window_is_built(
    qtbot: QtBot, settings: QSettings, tmp_path: Path, game: str
) -> None:
    """A table game left unfinished and played on at the next start names its players and
    its game before the rest of the window is built, as a fresh game does, and once."""
    from tictactoe_gui.gui.analysis_dock import AnalysisDock

    kept = tmp_path / "game-in-progress.json"
    spec = find_game(game)
    people = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bea")))
    first = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(first)
    table = first.start_table_game(people, seed=4)
    assert table.session is not None
    table.cell_activated(*divmod(table.session.state.legal_moves()[0], spec.cols))
    assert len(table.session.moves) == 1
    title = first.windowTitle()
    assert title.startswith("Ann (")
    assert title.endswith(spec.name)
    first.close()

    window = MainWindow(settings, staged=True, game=spec)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    built_when_titled: list[int] = []
    window.windowTitleChanged.connect(
        lambda _title: built_when_titled.append(len(window.findChildren(AnalysisDock)))
    )
    with qtbot.waitSignal(window.ready, timeout=5000):
        window.complete(InMemoryRecords(), game_in_progress=kept)
    assert window.controller.session is not None
    assert len(window.controller.session.moves) == 1  # the game played on
    assert window.windowTitle() == title
    assert built_when_titled == [0]
    window.close()
