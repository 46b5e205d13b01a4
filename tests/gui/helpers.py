"""Small helpers shared by the GUI tests."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine import Analysis, Board, Move
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.analysis_dock import AnalysisDock
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session import GameSetup, PlayerSpec
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def human_vs_ai(persona: str = "sera", *, human_side: str = "X", name: str = "Alice") -> GameSetup:
    you, ai = PlayerSpec.human(name), PlayerSpec.ai(persona)
    x, o = (you, ai) if human_side == "X" else (ai, you)
    return GameSetup(GameMode.HUMAN_VS_AI, x, o, seed=7)


def human_vs_human(first: str = "Alice", second: str = "Bob") -> GameSetup:
    return GameSetup(
        GameMode.HUMAN_VS_HUMAN, PlayerSpec.human(first), PlayerSpec.human(second), seed=7
    )


def ai_vs_ai(x: str = "sera", o: str = "cop", *, games: int = 1, delay: int = 0) -> GameSetup:
    return GameSetup(
        GameMode.AI_VS_AI,
        PlayerSpec.ai(x),
        PlayerSpec.ai(o),
        games=games,
        move_delay_ms=delay,
        seed=11,
    )


def settle(qtbot: QtBot, window: MainWindow, timeout: int = 5000) -> None:
    """Wait until the engine has answered about the position on the board, and no computer
    player is to move."""
    controller = window.controller
    qtbot.waitUntil(
        lambda: (
            controller.answer is not None
            and controller.session is not None
            and not controller.session.ai_to_move()
        ),
        timeout=timeout,
    )


def analysed(qtbot: QtBot, window: MainWindow, timeout: int = 5000) -> None:
    """Wait until the dock has the engine's answer about the board shown (any mode)."""
    controller = window.controller
    qtbot.waitUntil(
        lambda: controller.answer is not None and not controller.engine.busy,
        timeout=timeout,
    )


# -- the game on the board, read as a board of X and O -------------------------------------


def board(window: MainWindow) -> Board:
    """The position on the board as marks (k in a row, Connect Four)."""
    marks = window.controller.state.marks_board()
    assert marks is not None, "not a board of X and O"
    return marks


def start(window: MainWindow) -> Board:
    """The position the game on the board started from, as marks."""
    session = window.controller.session
    assert session is not None
    marks = session.start.marks_board()
    assert marks is not None, "not a board of X and O"
    return marks


def moves(window: MainWindow) -> tuple[Move, ...]:
    """The moves played on the board, as cells."""
    session = window.controller.session
    assert session is not None
    first = start(window)
    return tuple(first.move_at(move) for move in session.moves)


def board_at(window: MainWindow, ply: int) -> Board:
    """The position after the first ``ply`` moves of the game on the board."""
    session = window.controller.session
    assert session is not None
    marks = session.position_at(ply).marks_board()
    assert marks is not None
    return marks


def play(window: MainWindow, row: int, col: int) -> bool:
    """A person's click on cell (row, col), as the board gives it; whether a move was
    played (a refused one is said, and changes nothing)."""
    session = window.controller.session
    assert session is not None
    before = len(session.moves)
    window.controller.cell_activated(row, col)
    after = window.controller.session
    return after is not None and (after is not session or len(after.moves) > before)


def shown_analysis(dock: AnalysisDock) -> Analysis | None:
    """k in a row's own analysis behind what the dock shows (its GameAnalysis's source), to
    check it against the engine's."""
    found = dock.game_analysis
    source = None if found is None else found.source
    return source if isinstance(source, Analysis) else None


def answer(box: QMessageBox, *, yes: bool = True, never_again: bool = False) -> None:
    """Answer a question the window asked (it does not block): its action, or Cancel."""
    checkbox = box.checkBox()
    if never_again and checkbox is not None:
        checkbox.setChecked(True)
    role = QMessageBox.ButtonRole.AcceptRole if yes else QMessageBox.ButtonRole.RejectRole
    (button,) = [b for b in box.buttons() if box.buttonRole(b) is role]
    button.click()


def rowcol_setup(
    mode: GameMode,
    a: str,
    b: str,
    *,
    size: int = 4,
    first: int = 0,
    values: tuple[int, ...] | None = None,
    move_delay_ms: int = 900,
) -> TableSetup:
    """A Row & Column game: ``a`` and ``b`` are a strategy's key or ``person:NAME``; ``values``
    a typed board (row by row), else one drawn from the game's seed."""
    spec = find_game(f"rowcol{size}")

    def seat(choice: str) -> Seat:
        if choice.startswith("person:"):
            return Seat.human(choice.removeprefix("person:"))
        return Seat.for_game(spec, choice)

    start = None
    if values is not None:
        grid = "/".join(
            ",".join(str(v) for v in values[row * size : (row + 1) * size]) for row in range(size)
        )
        start = spec.position(grid, to_move=first)
    return TableSetup(
        spec, mode, (seat(a), seat(b)), first=first, start=start, move_delay_ms=move_delay_ms
    )


def tab_to(qtbot: QtBot, window: MainWindow, wanted: QWidget) -> None:
    """Tab from the board until ``wanted`` has the focus (failing, with the names met on
    the way, when 40 presses do not reach it)."""
    window.board_view.setFocus()
    names = []
    for _ in range(40):
        focus = QApplication.focusWidget()
        assert focus is not None
        if focus is wanted:
            return
        names.append(focus.accessibleName())
        qtbot.keyClick(focus, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {wanted.accessibleName()}: {names}")


def row_words(table: QAccessibleInterface, row: int) -> list[str]:
    """What a screen reader says for each cell of ``row`` of an accessible table."""
    texts = []
    for i in range(table.childCount()):
        child = table.child(i)
        if child is not None and child.role() == QAccessible.Role.Cell:
            cell = child.tableCellInterface()
            if cell is not None and cell.rowIndex() == row:
                texts.append(child.text(QAccessible.Text.Name))
    return texts


def table_headline(session: TableSession) -> str:
    """The banner's headline for a game that ended on the board, worked out from its end:
    said to the person against a computer player ("You win, 14 to 9!"), else of the winner,
    with the score where the game keeps one."""
    winner, scores = session.winner, session.state.scores
    if winner is None:
        return "It's a draw." if scores is None else f"It's a tie at {scores[0]} each."
    score = "" if scores is None else f", {scores[winner]} to {scores[1 - winner]}"
    name = session.name_of(winner)
    if session.setup.mode is GameMode.HUMAN_VS_AI:
        return f"{name} wins{score}." if session.seat(winner).is_ai else f"You win{score}!"
    return f"{name} ({session.spec.seats[winner]}) wins{score}!"
