"""Connect Four by ear on the board widget: where a disc would land as the cursor moves,
the threats a move makes or leaves open on a board where discs fall, the winning line,
and the rows, columns and diagonals read aloud."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine import Move
from tictactoe_gui.engine.games import GameState, find_game
from tictactoe_gui.gui.board_reading import board_of, describe_board, landing_cell, move_words
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode


def played(digits: str) -> GameState:
    """Connect Four after discs dropped in the columns ``digits`` (1 the left column)."""
    state = find_game("connect4").new_game()
    return state.play_all(state.read_moves(digits)) if digits else state


def make_view(qtbot: QtBot, state: GameState) -> BoardView:
    view = BoardView()
    qtbot.addWidget(view)
    view.set_animations_enabled(False)
    view.resize(460, 420)
    view.set_state(state)
    view.show()
    qtbot.waitExposed(view)
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    return view


def said_after(view: BoardView, qtbot: QtBot, key: Qt.Key) -> str:
    """The board's description once ``key`` has moved the cursor (what Orca reads)."""
    before = view.accessibleDescription()
    qtbot.keyClick(view, key)
    qtbot.waitUntil(lambda: view.accessibleDescription() != before, timeout=1000)
    return view.accessibleDescription()


def drop_said(digits: str, column: int) -> str:
    """What is said of a disc dropped in ``column`` (1 the left one) after ``digits``."""
    board, gravity = board_of(played(digits))
    landing = landing_cell(board, column - 1)
    assert gravity
    assert landing is not None
    return move_words(board, landing, gravity=True)


def test_the_cursor_says_where_a_disc_would_land_in_each_column(qtbot: QtBot) -> None:
    # d1 X, d2 O, e1 X, c1 O; a is full.
    view = make_view(qtbot, played("4453111111"))
    assert "X to move. d: lands on d3." in view.accessibleDescription()
    assert said_after(view, qtbot, Qt.Key.Key_Right).startswith("e: lands on e2. X to move.")
    assert said_after(view, qtbot, Qt.Key.Key_Right).startswith("f: lands on f1.")
    # Up and down walk a column's cells, each said with what is on it.
    assert said_after(view, qtbot, Qt.Key.Key_Up).startswith("Cursor f2, empty.")
    assert said_after(view, qtbot, Qt.Key.Key_Home).startswith("a: full.")
    assert said_after(view, qtbot, Qt.Key.Key_Down).startswith("Cursor a5, X.")
    assert said_after(view, qtbot, Qt.Key.Key_Right).startswith("b: lands on b1.")
    assert said_after(view, qtbot, Qt.Key.Key_Left).startswith("a: full.")
    # Every cell keeps its name first, then what is on it.
    assert view.cell_widget(0, 0).accessibleName() == "a6, O"
    assert view.cell_widget(3, 3).accessibleName() == "d3, empty"


def test_after_a_drop_the_cursor_stays_over_its_column_where_the_next_disc_lands(
    qtbot: QtBot,
) -> None:
    view = make_view(qtbot, played("44"))
    with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert blocker.args == [3, 3]  # d3
    view.set_state(played("444"))
    assert view.focus_cell == Move(2, 3)
    qtbot.waitUntil(lambda: "d: lands on d4." in view.accessibleDescription(), timeout=1000)
    view.set_state(played("444444"))  # d filled to the top: the cursor on its top cell
    assert view.focus_cell == Move(0, 3)
    qtbot.waitUntil(lambda: "d: full." in view.accessibleDescription(), timeout=1000)
    # A disc in another column leaves the cursor where it is.
    view.set_state(played("4444445"))
    assert view.focus_cell == Move(0, 3)


def test_a_move_says_the_threat_it_makes_and_which_cells_block_it() -> None:
    # X b1, O g1, X c1, O g2, then X d1: a1 and e1 both complete it, both playable now.
    assert drop_said("2737", 4) == (
        "X drops in d, lands on d1. X threatens four: b1, c1, d1; blocks at a1 or e1."
    )


def test_a_threat_that_cannot_be_played_yet_is_said_when_made_and_when_it_can_be() -> None:
    sequence = "344575516666"  # X c1, d2, then e3 needs f4, over three empty cells
    said = [drop_said(sequence[:n], int(sequence[n])) for n in range(5, len(sequence))]
    assert said == [
        "O drops in e, lands on e2.",
        "X drops in e, lands on e3. X threatens four: c1, d2, e3; at f4 once f1 to f3 are filled.",
        "O drops in a, lands on a1.",
        "X drops in f, lands on f1.",  # not said again while f4 cannot be played
        "O drops in f, lands on f2.",
        # f3 filled: O must block f4 now.
        "X drops in f, lands on f3. X threatens four: c1, d2, e3; block at f4.",
        "O drops in f, lands on f4.",
    ]


def test_a_move_that_leaves_a_win_open_says_it_for_the_side_to_move() -> None:
    # X a1 a2 a3 and O g1 g2: O plays g3 instead of blocking a4.
    assert drop_said("17171", 7) == (
        "O drops in g, lands on g3. X can make four: a1, a2, a3; at a4. "
        "O threatens four: g1, g2, g3; block at g4."
    )
    # An opponent's threat whose cell cannot be played yet is not said for every move.
    assert drop_said("3445755", 1) == "O drops in a, lands on a1."


@pytest.mark.parametrize(
    ("digits", "column", "line"),
    [
        ("121212", 1, "X's line: a1, a2, a3, a4."),
        ("112233", 4, "X's line: a1, b1, c1, d1."),
        ("1223343447", 4, "X's line: a1, b2, c3, d4."),
    ],
)
def test_the_winning_move_names_the_line(digits: str, column: int, line: str) -> None:
    said = drop_said(digits, column)
    assert said.endswith(line)
    assert "threat" not in said


def test_rows_columns_and_diagonals_read_on_a_board_where_discs_fall(qtbot: QtBot) -> None:
    # X a1 b2 c2 c3, O b1 c1 d1; O to move.
    view = make_view(qtbot, played("1223343"))
    readings: list[str] = []
    view.reading.connect(readings.append)
    plain, shift = Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier
    for key, modifier in (
        (Qt.Key.Key_Home, plain),  # a2, the row's first cell
        (Qt.Key.Key_R, plain),
        (Qt.Key.Key_C, plain),
        (Qt.Key.Key_D, shift),
        (Qt.Key.Key_PageDown, plain),  # a1, the column's bottom cell
        (Qt.Key.Key_D, plain),
        (Qt.Key.Key_T, plain),
    ):
        qtbot.keyClick(view, key, modifier)
    assert view.focus_cell == Move(5, 0)
    assert readings == [
        "Row 2: a2 empty, b2 X, c2 X, d2 to g2 empty.",
        "Column a: a1 X, a2 to a6 empty; a disc dropped in a lands on a2.",
        "Falling diagonal through a2: a2 empty, b1 O.",
        "Rising diagonal through a1: a1 X, b2 X, c3 X, d4 to f6 empty.",
        # The side to move's win first; then the other side's, which waits on d2 and d3.
        "O can make four: b1, c1, d1; at e1. "
        "X threatens four: a1, b2, c3; at d4 once d2 and d3 are filled.",
    ]


def connect_four_setup() -> TableSetup:
    spec = find_game("connect4")
    return TableSetup(spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "kitty")))


def test_a_new_connect_four_game_is_greeted_on_the_board(qtbot: QtBot, settings: QSettings) -> None:
    # Orca 43 reads the board's description, not announcements: the greeting must be there
    # when the board takes the focus, after a game of tic-tac-toe as at launch.
    window = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.start_table_game(connect_four_setup())
    qtbot.waitUntil(window.board_view.hasFocus)
    said = window.board_view.accessibleDescription()
    assert said.startswith("New game of Connect Four: Ann (X) against Kitty (O).")
    # Kitty greets, and the records welcome Ann, as in k in a row.
    assert "Kitty: “" in said
    assert "Welcome, Ann!" in said
    assert said.endswith("d: lands on d1.")
    assert window.board_view.accessibleName() == "Connect Four board"


def test_a_launch_on_connect_four_greets_on_the_board(qtbot: QtBot, settings: QSettings) -> None:
    window = MainWindow(settings, staged=True, game=find_game("connect4"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.ready, timeout=5000):
        window.complete(InMemoryRecords())
    qtbot.waitUntil(window.board_view.hasFocus)
    assert window.board_view.accessibleDescription().startswith("New game of Connect Four:")


def test_whose_turn_it_is_is_said_once_after_a_move() -> None:
    board, _gravity = board_of(played("4"))
    news = ["Ann (X) drops in d, lands on d1. Kitty (O) to drop."]
    said = describe_board(board, {}, Move(4, 3), None, news, gravity=True)
    assert said == "Ann (X) drops in d, lands on d1. Kitty (O) to drop. d: lands on d2."
    # Without the news naming the side to move, the turn is said.
    assert describe_board(board, {}, Move(4, 3), None, ["Hint: d2."], gravity=True) == (
        "Hint: d2. O to move. d: lands on d2."
    )


def test_in_the_window_a_move_is_heard_with_its_threats_and_the_win_with_its_line(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    spec = find_game("connect4")
    window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    )
    view = window.board_view
    view.setFocus()
    for digit in "12121":
        qtbot.keyClick(view, Qt.Key(Qt.Key.Key_0 + int(digit)))
    assert window.announcer.spoken[-1] == (
        "Ann (X) drops in a, lands on a3. X threatens four: a1, a2, a3; block at a4. "
        "Bob (O) to drop."
    )
    qtbot.keyClick(view, Qt.Key.Key_7)  # Bob leaves a4 open: Ann is told she can win
    assert "X can make four: a1, a2, a3; at a4." in window.announcer.spoken[-1]
    count = len(window.announcer.spoken)
    qtbot.keyClick(view, Qt.Key.Key_1)
    assert window.announcer.spoken[count].startswith(
        "Ann (X) drops in a, lands on a4. X's line: a1, a2, a3, a4."
    )
    # The end is said once every drop is judged (the drops made before their positions'
    # analyses are judged with the next answer).
    qtbot.waitUntil(
        lambda: any("Game over." in text for text in window.announcer.spoken[count:]),
        timeout=20_000,
    )


def test_an_undo_says_who_played_each_disc_taken_back(qtbot: QtBot, settings: QSettings) -> None:
    """As k in a row says it ("Took back X a1 and O c3."): the computer player's reply and
    the person's drop, one undo, each with its side."""
    window = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(window)
    spec = find_game("connect4")
    table = window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "kitty")))
    )
    table.cell_activated(5, 3)  # d1
    session = table.session
    assert session is not None
    qtbot.waitUntil(lambda: len(session.moves) == 2 and table.is_human_turn(), timeout=20_000)
    reply = spec.format_move(session.moves[1])
    window.undo_action.trigger()
    assert window.announcer.spoken[-1].startswith(f"Took back X d1 and O {reply}. ")
