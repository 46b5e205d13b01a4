"""What a screen reader hears: announcements and the board's accessible state.

Read through Qt's own accessibility interfaces (what Qt hands AT-SPI) and the
window's announcer, which posts every announcement event the app makes.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
)
from pytestqt.qtbot import QtBot

from tests.gui.helpers import (
    ai_vs_ai,
    analysed,
    board,
    human_vs_ai,
    human_vs_human,
    moves,
    play,
    settle,
)
from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.notation import cell_name
from tictactoe_gui.engine.personas import COP
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.dialogs.setup_position import SetupPositionDialog
from tictactoe_gui.gui.main_window import MainWindow

Text = QAccessible.Text


def interface(widget: object) -> QAccessibleInterface:
    iface = QAccessible.queryAccessibleInterface(widget)  # type: ignore[arg-type]
    assert iface is not None
    assert iface.isValid()
    return iface


def read_cells(view: BoardView) -> dict[str, str]:
    """Each cell as the board's accessible children name it: {"b2": "X", "a1": "empty"}."""
    board = interface(view)
    cells: dict[str, str] = {}
    for i in range(board.childCount()):
        child = board.child(i)
        name = child.text(Text.Name)
        cell, _, content = name.partition(", ")
        cells[cell] = content
    return cells


def drawn_cells(marks: dict[int, Mark | None]) -> dict[str, str]:
    return {
        cell_name(i // 3, i % 3, 3): "empty" if mark is None else str(mark)
        for i, mark in marks.items()
    }


def indices(cells: list[Move]) -> list[int]:
    """Cells of the 3×3 board as the game's moves."""
    return [Board.empty().index(cell) for cell in cells]


def board_cells(board: Board) -> dict[str, str]:
    return drawn_cells({i: board.mark_at(i) for i in range(9)})


def description(view: BoardView) -> str:
    return interface(view).text(Text.Description)


def described(qtbot: QtBot, view: BoardView, fragment: str) -> str:
    """Wait until the board's description (updated once per turn of the event loop)
    contains ``fragment``; return it."""
    qtbot.waitUntil(lambda: fragment in description(view), timeout=5000)
    return description(view)


def wait_spoken(qtbot: QtBot, window: MainWindow, fragment: str, timeout: int = 5000) -> str:
    """Wait until an announcement containing ``fragment`` is made; return it."""
    found: list[str] = []

    def heard() -> bool:
        found[:] = [t for t in window.announcer.spoken if fragment in t]
        return bool(found)

    qtbot.waitUntil(heard, timeout=timeout)
    return found[-1]


def test_the_announcer_posts_polite_announcements(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    posted: list[tuple[str, str, QAccessible.AnnouncementPoliteness, object]] = []

    def record(event: QAccessibleEvent) -> None:
        # What Qt would hand the platform's accessibility bridge (AT-SPI on Linux).
        if isinstance(event, QAccessibleAnnouncementEvent):
            name = type(event).__name__
            posted.append((name, event.message(), event.politeness(), event.object()))

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(record))
    window.activateWindow()
    window.board_view.setFocus()
    qtbot.waitUntil(window.board_view.hasFocus, timeout=5000)
    with qtbot.waitSignal(window.announcer.announced, timeout=1000) as blocker:
        window.announcer.announce("  Hello   there ")
    assert blocker.args == ["Hello there", False]
    polite = QAccessible.AnnouncementPoliteness.Polite
    # From the focused board, politely: it interrupts nothing and moves no focus.
    assert posted[-1] == ("QAccessibleAnnouncementEvent", "Hello there", polite, window.board_view)
    assert window.announcer.spoken[-1] == "Hello there"
    play(window, 1, 1)
    qtbot.waitUntil(lambda: any("played X at b2" in p[1] for p in posted), timeout=5000)
    assert window.board_view.hasFocus()
    # Empty text says nothing.
    with qtbot.assertNotEmitted(window.announcer.announced):
        window.announcer.announce("   ")


def test_both_sides_moves_are_announced_and_read_on_the_board(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_ai("sera", human_side="X"))
    settle(qtbot, window)
    view = window.board_view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_5)  # the centre, b2
    assert wait_spoken(qtbot, window, "You played X at b2.") == "You played X at b2."
    settle(qtbot, window)
    reply = moves(window)[1]
    name = cell_name(reply.row, reply.col, 3)
    wait_spoken(qtbot, window, f"Sera played O at {name}.")
    # The focused board's description leads with the news (Orca 43 speaks it), only what
    # is new since it last changed (the reply, not the move before it again), and its
    # cells read what is drawn.
    text = described(qtbot, view, f"Sera played O at {name}.")
    assert text.startswith(f"Sera played O at {name}.")
    assert "You played" not in text
    assert text.endswith("X to move. Cursor b2, X.")
    assert read_cells(view) == board_cells(board(window))
    # The next key press makes that old news: the description is back to the state.
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert described(qtbot, view, "Cursor a2").startswith("Cursor a2, empty. X to move.")
    assert f"Last move O {name}" in description(view)


def test_the_ai_moving_first_is_announced(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_ai("cop", human_side="O"))
    settle(qtbot, window)
    first = moves(window)[0]
    wait_spoken(qtbot, window, f"Cop played X at {cell_name(first.row, first.col, 3)}.")
    assert "New game: Cop (X) against Alice (O)." in " ".join(window.announcer.spoken)


def test_every_move_of_an_ai_game_and_its_end_are_announced(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(ai_vs_ai("sera", "kitty"))
    controller = window.controller
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=15000)
    ending = wait_spoken(qtbot, window, "Play Again or New Game.")
    spoken = window.announcer.spoken
    assert "New game: Sera (X) against Kitty (O). Sera to move." in spoken
    # The greeting says the same: it is not said twice.
    assert "Sera (X) against Kitty (O)." not in spoken
    played = [t for t in spoken if " played " in t]
    position = Board.empty()
    expected = []
    for move in moves(window):
        name = "Sera" if position.to_move is Mark.X else "Kitty"
        cell = cell_name(move.row, move.col, 3)
        expected.append(f"{name} played {position.to_move} at {cell}.")
        position = position.play(move)
    assert played[-len(expected) :] == expected
    info = controller.game_over_info
    assert info is not None
    assert ending.startswith(info.headline)
    assert info.reaction.split("“")[1].split("”")[0] in ending


def test_the_end_of_a_game_says_the_banner(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    controller = window.controller
    for move in (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)):
        play(window, move.row, move.col)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    ending = wait_spoken(qtbot, window, "Play Again or New Game.")
    assert ending.startswith("Alice (X) wins!")
    assert "Alice (X): 100% accurate" in ending
    assert "Bob (O):" in ending
    assert window.banner.headline.text() in ending
    # The board says so too, with the winning line in the app's notation.
    assert "X's line: a3, b3, c3." in ending
    text = described(qtbot, window.board_view, "X's line: a3, b3, c3.")
    # With the board's state, unless the player heard that with the last move just before.
    assert "Game over, X wins" in text or text.startswith("Alice (X) wins!")


def test_a_new_game_starts_with_fresh_news(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    for move in (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)):
        play(window, move.row, move.col)
    described(qtbot, window.board_view, "Play Again or New Game.")
    window.new_game(human_vs_human("Carol", "Dan"))
    text = described(qtbot, window.board_view, "New game: Carol (X) against Dan (O).")
    assert text.startswith("New game: Carol (X) against Dan (O). Carol to move.")
    assert "Alice" not in text


def test_hints_coach_verdicts_and_greetings_are_announced(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    wait_spoken(qtbot, window, "Coach: I'll judge every move.")
    analysed(qtbot, window)
    play(window, 0, 0)
    wait_spoken(qtbot, window, "Coach: Alice's X at")
    analysed(qtbot, window)
    window.controller.hint()
    assert wait_spoken(qtbot, window, "Hint: ").startswith("Hint: ")
    # Refusals are said too, not only shown in the status bar.
    play(window, 0, 0)
    wait_spoken(qtbot, window, "already taken")


def test_undo_is_announced_and_the_cells_follow(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_ai("sera", human_side="X"))
    settle(qtbot, window)
    play(window, 2, 0)  # a1
    settle(qtbot, window)
    reply = moves(window)[1]
    count = len(window.announcer.spoken)
    window.controller.undo()
    said = wait_spoken(qtbot, window, "Took back")
    # In the board's own words, so that the board does not say whose turn it is again.
    assert said == f"Took back X a1 and O {cell_name(reply.row, reply.col, 3)}. X to move."
    assert read_cells(window.board_view) == board_cells(Board.empty())
    qtbot.waitUntil(lambda: "Took back" in description(window.board_view))
    assert description(window.board_view).count("X to move") == 1
    # Nothing from before the moves taken back is said again (Sera's remark on them).
    assert window.announcer.spoken[count:] == (said,)
    window.controller.redo()
    wait_spoken(qtbot, window, "You played X at a1.")
    assert read_cells(window.board_view) == board_cells(board(window))


def test_a_replay_says_each_position(qtbot: QtBot, window: MainWindow) -> None:
    cells = [Move(1, 1), Move(0, 0), Move(2, 2)]
    tictactoe = find_game("tictactoe")
    window.analysis_dock.table.setFocus()
    window.replay_table_game(tictactoe.new_game(), indices(cells), ("Alice", "Bob"), "today")
    wait_spoken(qtbot, window, "Start of the replay, 3 moves.")
    # The board takes the focus, so a screen reader that reads only it follows the replay.
    assert window.focusWidget() is window.board_view
    window.controller.replay_step(1)
    wait_spoken(qtbot, window, "Move 1 of 3: X at b2.")
    window.controller.replay_seek(3)
    wait_spoken(qtbot, window, "Move 3 of 3: X at c1.")
    assert read_cells(window.board_view) == board_cells(Board.empty().play_all(tuple(cells)))
    window.controller.replay_step(-1)
    wait_spoken(qtbot, window, "Move 2 of 3: O at a3.")
    assert read_cells(window.board_view)["c1"] == "empty"
    # A finished game's end is said once, though both the news and the state say it.
    won = [Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]
    window.replay_table_game(tictactoe.new_game(), indices(won), ("Carol", "Dan"), "today")
    window.controller.replay_seek(5)
    text = described(qtbot, window.board_view, "Move 5 of 5: X at c3. Game over, X wins.")
    assert text.count("Game over, X wins") == 1


def test_set_up_reads_what_is_drawn_even_when_impossible(qtbot: QtBot) -> None:
    dialog = SetupPositionDialog()
    qtbot.addWidget(dialog)
    view = dialog.board_view
    # Every ordered pair of cells, clicked a, b, b, a: X alone (legal), two X (impossible),
    # X and O (legal), two O (impossible). The cells always read what is drawn.
    after = {None: Mark.X, Mark.X: Mark.O, Mark.O: None}
    for a in range(9):
        for b in range(9):
            if a == b:
                continue
            dialog.clear()
            marks: dict[int, Mark | None] = dict.fromkeys(range(9))
            for index in (a, b, b, a):
                dialog.cycle(index // 3, index % 3)
                marks[index] = after[marks[index]]
                assert read_cells(view) == drawn_cells(marks)
                described(qtbot, view, dialog.status_label.text())
    dialog.set_text("OO.......")
    assert read_cells(view)["a3"] == "O"
    assert read_cells(view)["b3"] == "O"
    assert "X to move" not in described(qtbot, view, "Not a legal position")
    dialog.set_text("X........")
    described(qtbot, view, "A legal position: O to move")


def test_an_arrow_at_the_edge_of_the_board_says_so(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    view = window.board_view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Left)  # a2: the left edge, nowhere to go
    assert wait_spoken(qtbot, window, "Left edge") == "Left edge: a2."
    described(qtbot, view, "Left edge: a2.")
    count = len(window.announcer.spoken)
    qtbot.keyClick(view, Qt.Key.Key_Left)  # again: said again
    qtbot.waitUntil(lambda: len(window.announcer.spoken) > count)
    assert window.announcer.spoken[-1] == "Left edge: a2."
    assert view.focus_cell == Move(1, 0)
    # The cursor has not moved and the turn has not changed: the edge alone is said.
    qtbot.waitUntil(lambda: description(view).rstrip("\u00a0") == "Left edge: a2.")


def test_showing_and_hiding_a_dock_is_said(qtbot: QtBot, window: MainWindow) -> None:
    window.analysis_dock_action.trigger()
    assert window.announcer.spoken[-1] == "Analysis panel hidden."
    window.analysis_dock_action.trigger()
    assert window.announcer.spoken[-1] == "Analysis panel shown."
    window.moves_dock_action.trigger()
    assert window.announcer.spoken[-1] == "Move list hidden."


def test_coming_back_to_the_board_does_not_read_old_news_again(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    view = window.board_view
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    view.setFocus()
    # The board has the keys before the move (the news goes to the control that has them).
    qtbot.waitUntil(view.hasFocus)
    play(window, 1, 1)
    described(qtbot, view, "Alice played X at b2.")  # heard here, with the focus
    window.analysis_dock.table.setFocus()
    qtbot.waitUntil(lambda: "played" not in description(view))
    assert description(view).startswith("O to move. Cursor")


def test_the_board_reports_its_description_only_when_it_changes(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Qt reports every call as a change, and Orca reads each: at start a redrawn board
    had the greeting read twice."""
    view = BoardView()
    qtbot.addWidget(view)
    view.add_news("New game.")
    view.describe_now()
    given: list[str] = []
    original = view.setAccessibleDescription
    monkeypatch.setattr(view, "setAccessibleDescription", lambda t: (given.append(t), original(t)))
    view.set_status_note(None)  # the same state: nothing new to say
    view.describe_now()
    assert given == []
    view.add_news("New game.")  # the same words again are news again
    view.describe_now()
    assert len(given) == 1


def test_news_that_comes_later_is_said_without_the_turn_heard_just_before(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The reply is heard with the player's word on it, whose turn it is and the cursor;
    # news that comes after (a hint asked for) does not say those twice ("Cop played O at
    # c5. Cop: “…” X to move. Cursor d4, X.", then only the hint).
    window.new_game(replace(human_vs_ai("cop"), start=Board.empty(get_variant("7x7k4"))))
    analysed(qtbot, window)
    view = window.board_view
    window.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    given: list[str] = []
    original = view.setAccessibleDescription
    monkeypatch.setattr(view, "setAccessibleDescription", lambda t: (given.append(t), original(t)))
    play(window, 3, 3)
    session = window.controller.session
    # The coach's verdict on the reply: proven (a threat the search proves after it) or
    # by the estimate, whichever the analysis after it gives.
    qtbot.waitUntil(lambda: session.judgement_at(2) is not None, timeout=10000)
    judgement = session.judgement_at(2)
    assert judgement is not None
    reply = next(i for i, text in enumerate(given) if "Cop played O at" in text)
    heard = given[reply]
    assert heard.endswith("X to move. Cursor d4, X.")
    remark = heard[heard.index("Cop: “") :]
    assert any(
        remark.startswith(f"Cop: “{line}”") for line in COP.voice.own_move[judgement.verdict]
    )
    reply_cell = session.spec.format_move(session.moves[1])
    assert (f"({reply_cell}: " in remark) is judgement.by_estimate
    assert heard.count("to move") == 1
    window.controller.hint()  # said when the analysis of the position comes
    qtbot.waitUntil(lambda: given[-1].startswith("Hint: "), timeout=10000)
    for later in given[reply + 1 :]:
        assert "to move" not in later
        assert "Cursor" not in later
    # The player acts: the turn and the cursor are said again with what comes next.
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.waitUntil(lambda: given[-1].startswith("Cursor c4, empty. X to move."))
    # Reading the board changes neither: a row read is the row alone, every time.
    for _ in range(2):
        count = len(given)
        qtbot.keyClick(view, Qt.Key.Key_R)
        qtbot.waitUntil(lambda: len(given) > count)  # noqa: B023
        assert given[-1].rstrip("\u00a0").startswith("Row 4: ")
        assert "to move" not in given[-1]


def test_a_take_back_does_not_say_the_remarks_it_brings_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Taking back the last pair of moves shows the persona's remark on the reply before;
    # it was heard then, and is not news now.
    window.new_game(human_vs_ai("cop", human_side="X"))
    settle(qtbot, window)
    controller = window.controller
    for _ in range(2):
        move = next(m for m in board(window).legal_moves() if m != Move(1, 1))
        play(window, move.row, move.col)
        settle(qtbot, window)
    assert len(moves(window)) == 4
    count = len(window.announcer.spoken)
    controller.undo()
    said = wait_spoken(qtbot, window, "Took back")
    session = controller.session
    assert session is not None
    # The position taken back to was analysed before: nothing more is asked of the engine.
    qtbot.waitUntil(
        lambda: session.analysis_of(session.state) is not None and not controller.engine.busy
    )
    assert window.announcer.spoken[count:] == (said,)
