"""Row & Column without sight: what a screen reader is handed by the grid, its window and dialogs.

Orca 43 (Debian 12's) speaks the focused object's name and description whenever they
change, and ignores Qt's announcement events; so the grid's name follows the keyboard
cursor, its description carries the news once per turn of the event loop, and a
problem in a dialog is the description of the field it is about. Read here through
Qt's accessibility interfaces, which is what Qt hands AT-SPI.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.rowcol_table import RowColTable
from tests.gui.test_accessibility_controls import audit
from tests.gui.test_rowcol_play import click, new_game
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.row_and_column import RowColState
from tictactoe_gui.engine.rowcol import STRATEGIES, Position
from tictactoe_gui.gui.dialogs.fields import speed_to_delay
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.gui.dialogs.rowcol_setup import RowColSetupDialog
from tictactoe_gui.gui.rowcol_view import RowColBoardView
from tictactoe_gui.session.table import MARGIN_COACH_WORDS
from tictactoe_gui.storage.records import GameMode

Text = QAccessible.Text
START = Position.from_text("1,2,3/4,5,6/7,8,9")


def interface(widget: object) -> QAccessibleInterface:
    iface = QAccessible.queryAccessibleInterface(widget)  # type: ignore[arg-type]
    assert iface is not None
    return iface


def described(widget: QWidget) -> str:
    return interface(widget).text(Text.Description)


def record_descriptions(view: RowColBoardView, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every description the board is given from now on (each one a screen reader speaks)."""
    given: list[str] = []
    original = view.setAccessibleDescription

    def record(text: str) -> None:
        given.append(text)
        original(text)

    monkeypatch.setattr(view, "setAccessibleDescription", record)
    return given


# -- the grid ----------------------------------------------------------------------------


def test_a_turn_s_news_is_one_description_that_replaces_the_status(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = RowColBoardView(START)
    qtbot.addWidget(view)
    given = record_descriptions(view, monkeypatch)
    last = START.play(4).play(1)
    view.set_position(START.play(4))
    view.add_news("A takes b2.")
    view.set_position(last)
    view.add_news("B takes b3.")
    qtbot.waitUntil(lambda: bool(given), timeout=1000)
    assert given == ["A takes b2. B takes b3."]
    # With no news, a new position's description is its scores and what may be taken.
    view.set_position(last.play(0))
    qtbot.waitUntil(lambda: len(given) == 2, timeout=1000)
    assert given[1] == view.status_text() == described(view)
    assert given[1] == "A 6, B 2. B to take: c3, a2 or a1."


def test_a_refusal_repeated_is_said_again(
    qtbot: QtBot, rowcol_window: RowColTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = rowcol_window
    new_game(window, 3, 1, "person", "person")
    click(qtbot, window, 4)
    qtbot.waitUntil(lambda: "takes b2" in described(window.board_view), timeout=1000)
    # The coach's word on the take, said once it is judged, comes before the refusals.
    qtbot.waitUntil(lambda: "Coach: " in described(window.board_view), timeout=10_000)
    given = record_descriptions(window.board_view, monkeypatch)
    refusal = "a3 is not in the row or column of the last take (b2)."
    click(qtbot, window, 0)
    qtbot.waitUntil(lambda: given[-1:] == [refusal], timeout=1000)
    click(qtbot, window, 0)
    qtbot.waitUntil(lambda: given.count(refusal) == 2, timeout=1000)
    # Emptied in between: the same text twice would otherwise be no change, and unsaid.
    assert given == [refusal, "", refusal]


def test_a_take_and_the_end_of_the_game_are_one_description(
    qtbot: QtBot, rowcol_window: RowColTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = rowcol_window
    # a3 b3 b2 c2 c1, then B takes c3 and A has nothing left in row 3 or column c.
    new_game(window, 3, 1, "person", "person", values=START.values)
    for cell in (0, 1, 4, 5, 8):
        click(qtbot, window, cell)
    qtbot.waitUntil(lambda: "takes c1" in described(window.board_view), timeout=1000)
    qtbot.waitUntil(lambda: window.analysis_now() is not None)
    given = record_descriptions(window.board_view, monkeypatch)
    click(qtbot, window, 2)
    assert window.session.is_over
    qtbot.waitUntil(lambda: bool(given), timeout=1000)
    assert len(given) == 1
    verdict = window.session.verdict_at(6)
    assert verdict is not None
    assert given[0].startswith(
        f"Player B (B) takes c3, 3. Coach: Player B's B at c3 — {MARGIN_COACH_WORDS[verdict]}. "
        "Game over. "
    )
    assert window.session.result_words() in given[0]


def test_the_grid_is_named_after_the_cursor_cell_and_never_a_stale_one(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    view = window.board_view
    new_game(window, 3, 1, "person", "greedy", values=START.values)
    qtbot.waitUntil(view.hasFocus, timeout=5000)
    assert view.accessibleName() == "Row & Column 3×3 board"
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.accessibleName() == "a2, 4, allowed"
    qtbot.keyClick(view, Qt.Key.Key_Return)  # A takes a2: the cursor's cell says so
    # (the last take until Magpie's, which may come with the coach's word in the same moment)
    qtbot.waitUntil(lambda: view.accessibleName().startswith("a2, taken by A"), timeout=1000)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: len(window.session.moves) == 2, timeout=10_000)
    # Magpie took a1 (7, the most in row 2 or column a): b2 may no longer be taken.
    assert window.session.moves == (3, 6)
    qtbot.waitUntil(
        lambda: view.accessibleName() == "b2, 5, not in the row or column of a1", timeout=1000
    )
    # A new board: the cell named before is not on it.
    window.play_again()
    assert view.accessibleName() == "Row & Column 3×3 board"


def test_undo_says_once_what_it_took_back(
    qtbot: QtBot, rowcol_window: RowColTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = rowcol_window
    new_game(window, 3, 1, "person", "greedy", values=START.values)
    view = window.board_view
    qtbot.waitUntil(view.hasFocus, timeout=5000)
    qtbot.keyClick(view, Qt.Key.Key_Up)  # b3: allowed now, and again once the takes are undone
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Down)  # b1
    qtbot.keyClick(view, Qt.Key.Key_Up)  # b2
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(window.session.moves) == 2, timeout=10_000)
    assert window.session.moves == (4, 7)  # Magpie took b1, the 8
    qtbot.waitUntil(lambda: "Magpie (B) takes b1" in described(view), timeout=1000)
    given = record_descriptions(view, monkeypatch)
    names: list[str] = []
    original = view.setAccessibleName
    monkeypatch.setattr(
        view, "setAccessibleName", lambda text: (names.append(text), original(text))
    )
    window.undo_action.trigger()
    assert window.session.moves == ()
    qtbot.waitUntil(lambda: bool(given), timeout=1000)
    assert given == ["Took back A b2 and B b1. A 0, B 0. Player A (A) to take: any cell."]
    # The cursor's cell is said once, as it ends up (not once for each take undone).
    assert names == ["b2, 5, allowed"]


def test_a_hint_asked_for_before_the_analysis_comes_with_it(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    new_game(window, 3, 1, "person", "person", values=START.values)
    # The analysis is computed on the engine thread: it cannot have come yet.
    assert window.analysis_now() is None
    window.hint_action.trigger()
    assert window.announcer.spoken[-1] == "The hint comes with the analysis: thinking…"
    window.hint_action.trigger()  # asked again meanwhile: still one hint
    qtbot.waitUntil(lambda: bool(window.board_view.hints), timeout=10_000)
    analysis = window.analysis_now()
    assert analysis is not None
    assert window.board_view.hints == analysis.best_cells
    said = window.session.analysis_of(window.session.state)
    assert said is not None
    assert window.announcer.spoken[-1] == window.session.hint_text(said)
    assert window.message == window.session.hint_text(said)
    assert window.session.summaries()[0].hints == 1


def test_taken_cells_say_who_took_them(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    new_game(window, 3, 1, "person", "person", values=START.values)
    click(qtbot, window, 4)
    click(qtbot, window, 1)
    view = window.board_view
    names = [interface(view).child(i).text(Text.Name) for i in range(9)]
    assert "b2, taken by A" in names
    assert "b3, taken by B, the last take" in names
    assert "a3, 1, allowed" in names


def test_between_two_people_a_take_is_heard_with_the_coach_s_word(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    new_game(window, 3, 1, "person", "person", values=START.values)
    qtbot.waitUntil(lambda: window.analysis_now() is not None)
    analysis = window.analysis_now()
    assert analysis is not None
    best = analysis.best_cells[0]
    click(qtbot, window, best)
    label = START.cell_label(best)
    spoken = window.announcer.spoken[-1]
    assert spoken.startswith(
        f"Player A (A) takes {label}, {START.values[best]}. "
        f"Coach: Player A's A at {label} — best move."
    )


# -- AI vs AI ----------------------------------------------------------------------------


def test_a_take_played_by_step_is_heard_on_the_step_button(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    new_game(window, 3, 2, "greedy", "random", delay_ms=60_000)
    window.set_paused(True)
    step = window.autoplay_bar.step_button
    step.setFocus()
    qtbot.waitUntil(step.hasFocus, timeout=5000)
    assert described(step) == "Play one take (pauses the game)"  # its tooltip
    qtbot.waitUntil(lambda: window.controller._pending is not None, timeout=10_000)
    qtbot.mouseClick(step, Qt.MouseButton.LeftButton)
    # Played once its position's analysis is in (to be judged), at once or a moment later.
    qtbot.waitUntil(lambda: len(window.session.moves) == 1, timeout=10_000)
    take = window.announcer.spoken[-1]
    assert take.startswith("Magpie (A) takes ")
    # Orca 43 speaks the focused button's description when it changes.
    qtbot.waitUntil(lambda: described(step) == take, timeout=1000)
    # Left, it is a button with its tooltip again.
    window.autoplay_bar.speed.setFocus()
    qtbot.waitUntil(lambda: described(step) == "Play one take (pauses the game)", timeout=1000)


def test_the_bar_s_speed_slider_says_the_pace(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    new_game(window, 3, 2, "greedy", "random", delay_ms=800)
    speed = window.autoplay_bar.speed
    assert described(speed) == "A take every 0.80 seconds"
    speed.setFocus()
    qtbot.waitUntil(speed.hasFocus, timeout=5000)
    qtbot.keyClick(speed, Qt.Key.Key_Right)  # faster by 0.05 s
    assert described(speed) == "A take every 0.75 seconds"
    # The news said on it while it has the focus gives way to the pace when it is left.
    qtbot.waitUntil(lambda: "takes" in described(speed), timeout=10_000)
    window.autoplay_bar.instant.setFocus()
    qtbot.waitUntil(lambda: described(speed) == "A take every 0.75 seconds", timeout=1000)
    window.autoplay_bar.instant.click()
    assert described(speed) == "Instant: no pause between takes"


def test_the_pause_key_says_paused_and_resumed(qtbot: QtBot, rowcol_window: RowColTable) -> None:
    window = rowcol_window
    new_game(window, 3, 2, "greedy", "random", delay_ms=60_000)
    qtbot.keyClick(window.board_view, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert window.announcer.spoken[-1] == "Paused."
    qtbot.keyClick(window.board_view, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert window.announcer.spoken[-1] == "Resumed."


def test_a_replay_stepped_from_its_bar_is_heard_there(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    spec = find_game("rowcol3")
    window.window.replay_table_game(
        RowColState(spec, START), [4, 1, 0], ("Ann", "Bea"), "yesterday"
    )
    # In the grid's description before the window is back on screen (then read once).
    assert described(window.board_view).startswith("Replaying Ann against Bea, yesterday")
    window.window.game_replay_seek(0)
    forward = window.replay_bar.forward_button
    forward.setFocus()
    qtbot.waitUntil(forward.hasFocus, timeout=5000)
    qtbot.mouseClick(forward, Qt.MouseButton.LeftButton)
    assert window.session.moves == (4,)
    assert window.announcer.spoken[-1].startswith("Ann (A) takes b2, 5.")
    qtbot.waitUntil(lambda: described(forward) == window.announcer.spoken[-1], timeout=1000)


# -- New Game on Row & Column ------------------------------------------------------------


@pytest.fixture
def rowcol_dialog(qtbot: QtBot, settings: QSettings) -> NewGameDialog:
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    dialog.choose_game(find_game("rowcol"))
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def tab_path(dialog: QWidget) -> list[QWidget]:
    """The controls Tab visits in ``dialog``, in order, from its first."""
    path: list[QWidget] = []
    widget = dialog.nextInFocusChain()
    while widget is not None and widget is not dialog:
        if (
            widget.isVisibleTo(dialog)
            and widget.isEnabled()
            and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
            and widget.focusProxy() is None
        ):
            path.append(widget)
        widget = widget.nextInFocusChain()
    return path


def test_start_and_cancel_come_after_the_row_and_column_options(
    rowcol_dialog: NewGameDialog,
) -> None:
    dialog = rowcol_dialog
    options = dialog.own_options()
    path = tab_path(dialog)
    start = dialog._buttons.button(QDialogButtonBox.StandardButton.Ok)
    cancel = dialog._buttons.button(QDialogButtonBox.StandardButton.Cancel)
    ours = [i for i, widget in enumerate(path) if options.isAncestorOf(widget)]
    assert ours, "the options are on the Tab path"
    assert path.index(start) == ours[-1] + 1
    assert path.index(cancel) == ours[-1] + 2
    for mode in GameMode:
        dialog.set_mode(mode)
        assert audit(dialog) == [], mode


def test_a_computer_player_s_manner_is_read_with_its_choice(
    rowcol_dialog: NewGameDialog,
) -> None:
    options = rowcol_dialog.own_options()
    combo = options.opponent.combo
    for index in range(combo.count()):
        combo.setCurrentIndex(index)
        persona = STRATEGIES[str(combo.currentData())]
        assert described(combo) == f"{persona.name}: {persona.description}"


def test_the_computer_players_are_offered_by_name_and_level_as_in_every_game(
    rowcol_dialog: NewGameDialog,
) -> None:
    # As Connect Four's "Cop (medium)" and the dock's card say it: a strategy's key
    # ("maximize-future-min") is the command line's name, and the help's.
    options = rowcol_dialog.own_options()
    for combo in (options.opponent.combo, options.strategy_a.combo, options.strategy_b.combo):
        names = [combo.itemText(index) for index in range(combo.count())]
        assert names == ["Dice (easy)", "Magpie (easy)", "Hedge (medium)", "Abacus (hard)"]


def test_the_speed_slider_says_the_pause_between_takes(
    qtbot: QtBot, rowcol_dialog: NewGameDialog
) -> None:
    speed = rowcol_dialog.own_options().speed
    speed.setValue(speed.minimum())
    slowest = speed_to_delay(speed.minimum()) / 1000
    assert described(speed) == f"A take every {slowest:.2f} seconds"
    speed.setValue(speed.maximum())
    assert described(speed) == "A take every 0.15 seconds"
    # An arrow key makes a change that is heard.
    speed.setFocus()
    qtbot.keyClick(speed, Qt.Key.Key_Left)
    assert described(speed) == "A take every 0.20 seconds"


def test_problems_are_the_description_of_their_field(rowcol_dialog: NewGameDialog) -> None:
    dialog = rowcol_dialog
    options = dialog.own_options()
    dialog.set_mode(GameMode.HUMAN_VS_HUMAN)
    options.name_a.edit.setText("Ann")
    options.name_b.edit.setText("ann")
    assert not options.validate(GameMode.HUMAN_VS_HUMAN)
    assert described(options.name_b.edit) == "The two players need different names."
    options.name_b.edit.setText("Bea")
    assert options.validate(GameMode.HUMAN_VS_HUMAN)
    assert described(options.name_b.edit) == ""
    options.low_spin.setValue(5)
    options.high_spin.setValue(2)
    assert not options.validate(GameMode.HUMAN_VS_HUMAN)
    for spin in (options.low_spin, options.high_spin):
        assert described(spin) == "The lowest value is above the highest."
    options.high_spin.setValue(9)
    options.typed_radio.setChecked(True)
    options.board_edit.setText("1,2/3")
    assert not options.validate(GameMode.HUMAN_VS_HUMAN)
    problem = options.board_error.text()
    assert problem
    assert described(options.board_edit) == problem
    options.board_edit.setText("1,2,3/4,5,6/7,8,9")
    assert options.validate(GameMode.HUMAN_VS_HUMAN)
    # Without a problem the field reads its tooltip, as before.
    assert described(options.board_edit) == options.board_edit.toolTip()


# -- Set Up Position ---------------------------------------------------------------------


def test_the_set_up_dialog_s_problem_is_read_in_its_fields(qtbot: QtBot) -> None:
    dialog = RowColSetupDialog(START)
    qtbot.addWidget(dialog)
    dialog.show()
    assert audit(dialog) == []
    dialog.board_edit.setPlainText("1,2,3/4,.,6/7,8,9")
    problem = dialog.error_label.text()
    assert problem.startswith("The grid has taken cells: say which was taken last")
    assert described(dialog.board_edit) == problem
    assert described(dialog.last_edit) == problem
    dialog.last_edit.setText("b2")
    assert dialog.problem() is None
    assert described(dialog.board_edit) == ""
    # Empty of a problem, the last take reads its example again.
    assert described(dialog.last_edit) == dialog.last_edit.placeholderText()


def test_alt_s_starts_from_the_set_up_grid(qtbot: QtBot) -> None:
    dialog = RowColSetupDialog(START)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5000)
    dialog.board_edit.setFocus()
    qtbot.waitUntil(dialog.board_edit.hasFocus, timeout=5000)
    qtbot.keyClick(dialog.board_edit, Qt.Key.Key_Return)  # a new line in the grid
    assert dialog.isVisible()
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        qtbot.keyClick(dialog.board_edit, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)


def test_r_c_n_and_l_read_the_grid_as_on_the_main_board(
    qtbot: QtBot, rowcol_window: RowColTable
) -> None:
    window = rowcol_window
    new_game(window, 3, 1, "person", "person", values=START.values)
    click(qtbot, window, 4)  # A takes b2
    click(qtbot, window, 1)  # B takes b3
    view = window.board_view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Down)  # from b3, the last cell clicked, to b2
    assert view.focus_cell == (1, 1)
    said = window.announcer.spoken

    def heard(key: Qt.Key) -> str:
        count = len(said)
        qtbot.keyClick(view, key)
        qtbot.waitUntil(lambda: len(window.announcer.spoken) > count)
        return window.announcer.spoken[-1]

    assert heard(Qt.Key.Key_R) == "Row 2: a2 4, b2 taken by A, c2 6."
    assert heard(Qt.Key.Key_C) == (
        "Column b: b1 8 allowed, b2 taken by A, b3 taken by B, the last take."
    )
    assert heard(Qt.Key.Key_L) == "Last take: b3, taken by B, the last take."
    assert view.focus_cell == (0, 1)
    assert heard(Qt.Key.Key_N) == (
        "Around b3: a3 1 allowed, b3 taken by B, the last take, c3 3 allowed, a2 4, "
        "b2 taken by A, c2 6."
    )
    qtbot.waitUntil(lambda: "Around b3" in described(view))
