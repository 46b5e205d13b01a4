"""A 20×20 board stays usable by ear: moves in the board notation, keys that read a row,
a column or the cells around the cursor, a key to the last move, and the dock as text."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QInputDialog, QLineEdit
from pytestqt.qtbot import QtBot

from tests.gui.helpers import analysed, board, play
from tests.gui.test_accessibility import described, interface, wait_spoken
from tests.gui.test_accessibility_controls import audit
from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.board_reading import (
    new_threats,
    read_around,
    read_cells,
    read_column,
    read_diagonal,
    read_row,
    read_threats,
    threats,
    winning_line_words,
)
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session import GameSetup, PlayerSpec
from tictactoe_gui.storage.records import GameMode

FOUR = get_variant("four")


def four_in_a_row() -> GameSetup:
    return GameSetup(
        GameMode.HUMAN_VS_HUMAN,
        PlayerSpec.human("Alice"),
        PlayerSpec.human("Bob"),
        Board.empty(FOUR),
        seed=7,
    )


def test_rows_columns_and_neighbourhoods_read_every_cell_once() -> None:
    board = Board.empty(FOUR).play_all([Move(9, 9), Move(9, 10), Move(10, 10), Move(9, 0)])
    assert read_row(board, Move(9, 4)) == (
        "Row 11: a11 O, b11 to i11 empty, j11 X, k11 O, l11 to t11 empty."
    )
    assert read_column(board, Move(0, 10)) == (
        "Column k: k1 to k9 empty, k10 X, k11 O, k12 to k20 empty."
    )
    assert read_around(board, Move(9, 9)) == "Around j11: j11 X, k11 O, k10 X; the other 6 empty."
    assert read_around(board, Move(0, 0)) == "Around a20: all 4 cells empty."
    # Every mix of marks on a line of six cells: each cell is said exactly once, as it is.
    for code in range(3**6):
        contents = [(None, Mark.X, Mark.O)[code // 3**i % 3] for i in range(6)]
        line = _Line(contents)
        spoken = read_cells(line, [Move(0, c) for c in range(6)], "Line")  # type: ignore[arg-type]
        assert _unfold(spoken.removeprefix("Line: ").rstrip(".")) == {
            f"{'abcdef'[c]}1": "empty" if m is None else str(m) for c, m in enumerate(contents)
        }


class _Line:
    """A one-row stand-in for a board (any marks, legal or not): what reading needs of it."""

    def __init__(self, contents: list[Mark | None]) -> None:
        self._contents = contents

    def __getitem__(self, move: Move) -> Mark | None:
        return self._contents[move.col]

    def cell_name(self, move: Move) -> str:
        return f"{'abcdef'[move.col]}1"


def _unfold(spoken: str) -> dict[str, str]:
    """Cells as read out, with "b1 to d1 empty" unfolded into b1, c1 and d1."""
    cells: dict[str, str] = {}
    for phrase in spoken.split(", "):
        if " to " in phrase:
            first, _, rest = phrase.partition(" to ")
            last = rest.removesuffix(" empty")
            for col in range("abcdef".index(first[0]), "abcdef".index(last[0]) + 1):
                assert f"{'abcdef'[col]}1" not in cells
                cells[f"{'abcdef'[col]}1"] = "empty"
        else:
            name, _, content = phrase.partition(" ")
            assert name not in cells
            cells[name] = content
    return cells


def test_a_big_board_game_is_heard_in_its_notation(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(four_in_a_row())
    view = window.board_view
    assert interface(view).childCount() == 400
    for move in (Move(9, 9), Move(9, 10), Move(10, 10)):
        play(window, move.row, move.col)
    wait_spoken(qtbot, window, "Alice played X at j11.")
    wait_spoken(qtbot, window, "Bob played O at k11.")
    wait_spoken(qtbot, window, "Alice played X at k10.")
    cells = interface(view)
    names = {cells.child(i).text(QAccessible.Text.Name) for i in range(cells.childCount())}
    assert {"j11, X", "k11, O", "k10, X", "a1, empty", "t20, empty"} <= names
    view.setFocus()
    # L: the cursor jumps to the last move and says it.
    qtbot.keyClick(view, Qt.Key.Key_L)
    assert view.focus_cell == Move(10, 10)
    assert wait_spoken(qtbot, window, "Last move:") == "Last move: X at k10."
    text = described(qtbot, view, "Last move: X at k10.")
    assert "Cursor k10, X" in text
    # R, C, N read the cursor's row, column and neighbourhood.
    qtbot.keyClick(view, Qt.Key.Key_R)
    wait_spoken(qtbot, window, "Row 10: a10 to j10 empty, k10 X, l10 to t10 empty.")
    qtbot.keyClick(view, Qt.Key.Key_C)
    wait_spoken(qtbot, window, "Column k: k1 to k9 empty, k10 X, k11 O, k12 to k20 empty.")
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_N)
    wait_spoken(qtbot, window, "Around k11: j11 X, k11 O, k10 X; the other 6 empty.")
    described(qtbot, view, "Around k11")


def test_the_big_board_window_names_every_control_and_its_evaluation_is_text(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(four_in_a_row())
    play(window, 9, 9)
    analysed(qtbot, window, timeout=20000)
    assert audit(window) == []
    bar = window.analysis_dock.evaluation_bar
    said = interface(bar).text(QAccessible.Text.Description)
    assert said
    assert said.startswith(window.analysis_dock.evaluation_text()[0])
    assert "estimate, depth" in said or "proven" in said


def test_threats_diagonals_and_the_winning_line_are_read_in_the_notation() -> None:
    def played(*names: str) -> Board:
        board = Board.empty(FOUR)
        for name in names:
            board = board.play(board.parse_move(name))
        return board

    # X: three on the rising diagonal with both ends open; O elsewhere.
    board = played("h9", "a1", "i10", "a2", "j11")
    assert [t.mark for t in threats(board, Mark.X)] == [Mark.X]
    assert new_threats(board, board.parse_move("j11")) == (
        "X threatens four: h9, i10, j11; blocks at g8 or k12."
    )
    # O to move: the same threat is O's to block, and X's to complete after O's move.
    after = board.play(board.parse_move("t1"))
    assert (
        new_threats(after, after.parse_move("t1")) == "X can make four: h9, i10, j11; at g8 or k12."
    )
    # A gap: one block only.
    gapped = played("h9", "a1", "j11", "a2", "k12")
    assert new_threats(gapped, gapped.parse_move("k12")) == (
        "X threatens four: h9, j11, k12; block at i10."
    )
    blocked = gapped.play(gapped.parse_move("i10"))
    assert new_threats(blocked, blocked.parse_move("i10")) == ""  # blocked: nothing to say
    assert read_threats(played("j10")) == "No threats: no side has three of four."
    assert read_diagonal(board, board.parse_move("i10")) == (
        "Rising diagonal through i10: a2 O, b3 to g8 empty, h9 X, i10 X, j11 X, k12 to s20 empty."
    )
    assert read_diagonal(board, board.parse_move("i10"), rising=False) == (
        "Falling diagonal through i10: a18 to h11 empty, i10 X, j9 to r1 empty."
    )
    won = board.play(board.parse_move("t1")).play(board.parse_move("k12"))
    assert winning_line_words(won) == "X's line: h9, i10, j11, k12."
    assert read_threats(won) == "X's line: h9, i10, j11, k12."


def test_threats_are_heard_after_each_move_and_keys_read_diagonals_and_go_to_a_cell(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(four_in_a_row())
    for name in ("h9", "a1", "i10", "a2", "j11"):
        move = board(window).parse_move(name)
        play(window, move.row, move.col)
    said = wait_spoken(qtbot, window, "Alice played X at j11.")
    assert said == "Alice played X at j11. X threatens four: h9, i10, j11; blocks at g8 or k12."
    view = window.board_view
    view.setFocus()
    before = len(window.announcer.spoken)
    qtbot.keyClick(view, Qt.Key.Key_T)  # T: every threat on the board (O has none)
    qtbot.waitUntil(lambda: len(window.announcer.spoken) > before)
    assert window.announcer.spoken[-1] == "X threatens four: h9, i10, j11; blocks at g8 or k12."

    # G, the name, Enter: three keys and the name reach any cell.
    qtbot.keyClick(view, Qt.Key.Key_G)
    dialog = view.findChild(QInputDialog, "goToCellDialog")
    assert dialog is not None
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.findChild(QLineEdit), "i10")
    qtbot.keyClick(dialog.findChild(QLineEdit), Qt.Key.Key_Return)
    assert view.focus_cell == view.board.parse_move("i10")
    assert described(qtbot, view, "Cursor i10, X").startswith("Cursor i10, X")
    qtbot.keyClick(view, Qt.Key.Key_D)
    wait_spoken(qtbot, window, "Rising diagonal through i10: a2 O, b3 to g8 empty, h9 X")
    qtbot.keyClick(view, Qt.Key.Key_D, Qt.KeyboardModifier.ShiftModifier)
    wait_spoken(qtbot, window, "Falling diagonal through i10: a18 to h11 empty, i10 X")
    # A name that is no cell is said in one line, and the cursor stays.
    view.go_to_cell("z99")
    assert wait_spoken(qtbot, window, "'z99'").startswith("'z99' is off the 20×20 board")
    assert view.focus_cell == view.board.parse_move("i10")

    move = board(window).parse_move("k12")
    play(window, 9, 19)  # O elsewhere, t11
    play(window, move.row, move.col)
    ending = wait_spoken(qtbot, window, "X's line", timeout=30000)
    assert "wins! X's line: h9, i10, j11, k12." in ending
