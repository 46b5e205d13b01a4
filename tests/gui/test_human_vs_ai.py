"""Human vs AI in the real window: clicks, keys, the reply, undo/redo, hints, game over."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import board, human_vs_ai, human_vs_human, moves, play, settle
from tictactoe_gui.engine import Board, Mark, Move, analyse
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.storage.records import GameMode, Result, SideKind


def start(qtbot: QtBot, window: MainWindow, **kwargs: str) -> None:
    window.new_game(human_vs_ai(**kwargs))
    settle(qtbot, window)


def test_clicking_a_cell_plays_it_and_the_ai_replies(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window)
    view = window.board_view
    click_cell(qtbot, view, 1, 1)
    assert view.board.mark_at(Move(1, 1).index_on(3)) is Mark.X
    qtbot.waitUntil(lambda: board(window).ply == 2, timeout=5000)
    assert view.board == board(window)
    assert view.board.to_move is Mark.X
    reply = moves(window)[-1]
    assert reply != Move(1, 1)
    # Sera plays perfectly: her reply is one of the best moves of the position before it.
    assert reply in analyse(Board.empty().play(Move(1, 1))).best_moves
    assert view.last_move == reply


def test_the_ai_moves_first_when_the_person_plays_o(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_ai("kitty", human_side="O"))
    qtbot.waitUntil(lambda: board(window).ply == 1, timeout=5000)
    assert window.controller.is_human_turn()
    assert not window.controller.undo_stack.canUndo()  # the AI's opening is not undoable alone


def test_the_ais_opening_is_no_undo_step_in_a_game_opened_from_a_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.new_game(human_vs_ai("kitty", human_side="O"))
    qtbot.waitUntil(lambda: board(window).ply == 1, timeout=5000)
    move = board(window).legal_moves()[0]
    assert play(window, move.row, move.col)
    settle(qtbot, window)
    played = moves(window)
    assert len(played) == 3
    path = tmp_path / "game.json"
    assert window.save_game_to(path)
    window.new_game(human_vs_human())
    assert window.open_game_file(path)
    controller = window.controller
    assert moves(window) == played
    controller.undo()  # the person's move and the reply, together
    assert moves(window) == played[:1]
    assert controller.is_human_turn()
    assert not controller.undo_stack.canUndo()


def test_keyboard_play_with_keypad_digits_and_arrows(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window)
    view = window.board_view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_7)  # top-left
    assert board(window).mark_at(0) is Mark.X
    settle(qtbot, window)
    free = next(m for m in (Move(2, 2), Move(2, 0), Move(0, 2)) if board(window).is_legal(m))
    # Walk the focus cell to a free corner with the arrows, then play it with Enter.
    for _ in range(2):
        qtbot.keyClick(view, Qt.Key.Key_Up)
        qtbot.keyClick(view, Qt.Key.Key_Left)
    for _ in range(free.row):
        qtbot.keyClick(view, Qt.Key.Key_Down)
    for _ in range(free.col):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.focus_cell == free
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert board(window).mark_at(free.index_on(3)) is Mark.X


def test_illegal_clicks_change_nothing_and_say_why(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.set_think_ms(60_000)  # keep the AI "thinking" while we click
    start(qtbot, window)
    view, controller = window.board_view, window.controller
    click_cell(qtbot, view, 0, 0)
    before = board(window)
    click_cell(qtbot, view, 2, 2)  # during the AI's turn
    assert board(window) == before
    assert "Sera's turn" in window.statusBar().currentMessage()
    controller.set_think_ms(0)
    controller.undo()
    controller.redo()  # the AI's turn again, now with no delay
    qtbot.waitUntil(lambda: board(window).ply == 2, timeout=5000)
    before = board(window)
    click_cell(qtbot, view, 0, 0)  # occupied
    assert board(window) == before
    assert "already taken by X" in window.statusBar().currentMessage()


def test_one_undo_takes_back_the_reply_and_the_move(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window)
    click_cell(qtbot, window.board_view, 1, 1)
    qtbot.waitUntil(lambda: board(window).ply == 2, timeout=5000)
    after_reply = board(window)
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert board(window) == Board.empty()
    assert window.board_view.board == Board.empty()
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert board(window) == after_reply
    settle(qtbot, window)
    assert board(window) == after_reply  # redo does not make the AI move again


def test_undo_while_the_ai_thinks_cancels_its_reply(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.set_think_ms(60_000)
    start(qtbot, window)
    controller = window.controller
    click_cell(qtbot, window.board_view, 0, 0)
    qtbot.waitUntil(lambda: window.analysis_dock.thinking_text() != "", timeout=5000)
    controller.undo()
    assert board(window) == Board.empty()
    settle(qtbot, window)
    assert board(window) == Board.empty()
    assert controller.is_human_turn()


def test_hint_shows_the_best_move_and_is_counted(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window, persona="kitty")
    controller = window.controller
    click_cell(qtbot, window.board_view, 0, 0)
    qtbot.waitUntil(lambda: board(window).ply == 2, timeout=5000)
    settle(qtbot, window)
    window.hint_action.trigger()
    best = analyse(board(window)).best_moves
    assert window.board_view.hints == best
    assert window.statusBar().currentMessage().startswith("Hint:")
    assert controller.session.hints[0] == 1
    window.hint_action.trigger()  # the same position is not counted twice
    assert controller.session.hints[0] == 1


def test_game_over_shows_the_banner_and_records_the_game(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    start(qtbot, window, persona="sera")
    controller = window.controller
    # Whatever the person plays, Sera never loses: play the first free cell until the end.
    while not board(window).is_over:
        move = board(window).legal_moves()[0]
        click_cell(qtbot, window.board_view, move.row, move.col)
        qtbot.waitUntil(lambda: board(window).is_over or controller.is_human_turn(), timeout=5000)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    assert controller.is_over
    assert not controller.replaying
    assert window.banner.isVisible()
    assert board(window).winner is not Mark.X
    assert "Sera" in window.banner.reaction.text()
    assert len(records.games) == 1
    game = records.games[0]
    assert game.mode is GameMode.HUMAN_VS_AI
    assert game.x.kind is SideKind.HUMAN
    assert game.x.name == "Alice"
    assert game.o.name == "sera"
    assert game.result in (Result.O_WINS, Result.DRAW)
    assert [m.cell for m in game.moves] == [m.index_on(3) for m in moves(window)]
    assert all(m.verdict is not None and m.score is not None for m in game.moves)
    assert game.o_ai_nodes > 0
    # Clicking after the end changes nothing and says why.
    before = board(window)
    click_cell(qtbot, window.board_view, 0, 0)
    assert board(window) == before
    assert "game is over" in window.statusBar().currentMessage()
    assert "Play Again (Ctrl+R)" in window.statusBar().currentMessage()
    # Undo still works after the end; the banner goes away; the game is not recorded twice.
    controller.undo()
    assert not board(window).is_over
    assert not window.banner.isVisible()
    assert len(records.games) == 1
    # Play Again starts the same match afresh.
    controller.redo()
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    window.banner.play_again_button.click()
    assert board(window) == Board.empty()
    assert len(records.games) == 1


def test_greeting_uses_the_players_record(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    window.new_game(human_vs_ai(name="Zoe"))
    assert "first game" in window.statusBar().currentMessage()
    controller = window.controller
    while not board(window).is_over:
        move = board(window).legal_moves()[-1]
        assert play(window, move.row, move.col)
        qtbot.waitUntil(lambda: board(window).is_over or controller.is_human_turn(), timeout=5000)
    qtbot.waitUntil(lambda: len(records.games) == 1, timeout=5000)
    record = records.record_of("zoe")
    assert record is not None
    window.new_game(human_vs_ai(name="Zoe"))
    message = window.statusBar().currentMessage()
    assert message.startswith("Welcome back, Zoe — ")
    assert f"{record.losses} loss" in message
    assert f"{record.draws} draw" in message


class _FailingRecords(InMemoryRecords):
    def save_game(self, game: object) -> int:
        raise OSError("disk full")


def test_a_failed_save_says_so_and_keeps_the_game(
    qtbot: QtBot, window: MainWindow, settings: object
) -> None:
    failing = _FailingRecords()
    window.set_records(failing)
    start(qtbot, window, persona="kitty")
    controller = window.controller
    while not board(window).is_over:
        move = board(window).legal_moves()[0]
        assert play(window, move.row, move.col)
        qtbot.waitUntil(lambda: board(window).is_over or controller.is_human_turn(), timeout=5000)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    info = controller.game_over_info
    assert info is not None
    assert info.save_failed
    assert "disk full" in window.banner.save_note.text()
    assert window.banner.retry_button.isVisible()
    assert board(window).is_over  # the game is still on the board
    failing.save_game = InMemoryRecords.save_game.__get__(failing)  # type: ignore[method-assign]
    window.banner.retry_button.click()
    assert len(failing.games) == 1
    assert not window.banner.retry_button.isVisible()


def test_the_ai_thinks_visibly_before_replying(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window)
    controller = window.controller
    # The think's length is measured by tests/benchmarks/bench_gui.py; here: the engine's
    # answer is held back, and shown as thinking, until the think is over.
    controller.set_think_ms(60_000)
    with qtbot.waitSignal(window.controller.engine.move_chosen, timeout=5000):
        click_cell(qtbot, window.board_view, 1, 1)
    qtbot.waitUntil(lambda: not window.controller.engine.busy, timeout=5000)
    assert board(window).ply == 1
    assert "Sera is thinking" in window.analysis_dock.thinking_text()
    controller.set_think_ms(0)
    controller.undo()  # takes back the move; nothing is left waiting
    assert board(window).ply == 0
    controller.set_think_ms(0)
    click_cell(qtbot, window.board_view, 1, 1)
    qtbot.waitUntil(lambda: board(window).ply == 2, timeout=5000)
    qtbot.waitUntil(lambda: window.analysis_dock.thinking_text() == "")
    assert window.analysis_dock.comment_text().startswith("Sera: “")


def test_turning_animations_off_shortens_the_think(window: MainWindow, settings: QSettings) -> None:
    settings.setValue("game/thinkMs", 400)
    assert not window.animations_action.isChecked()  # the test settings start with them off
    window.animations_action.trigger()  # on
    assert window.controller.think_ms == 400
    window.animations_action.trigger()  # off again
    assert window.controller.think_ms <= 120


def test_the_engines_view_is_hidden_on_your_own_turn(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    start(qtbot, window)
    dock = window.analysis_dock
    assert dock.engine_view_hidden()  # your move against Sera: no spoilers
    assert window.controller.answer is not None  # the analysis is there for hints
    words = dock.findChild(QLabel, "spoilerText")
    assert "is hidden" in words.text()
    dock.reveal_check.click()
    assert not dock.engine_view_hidden()
    assert "is hidden" not in words.text()  # ticked: the words say it is shown
    assert "is shown" in words.text()
    assert dock.game_analysis is not None
    assert dock.game_state == window.controller.session.state
    assert settings.value("analysis/reveal") in (True, "true")
    dock.reveal_check.click()
    window.new_game(human_vs_human())
    settle(qtbot, window)
    assert not dock.engine_view_hidden()  # the coach shows everything to two people


def test_a_name_that_looks_like_html_is_shown_as_typed(qtbot: QtBot, window: MainWindow) -> None:
    name = "<b>Mallory</b>"
    window.new_game(human_vs_ai("kitty", name=name))
    settle(qtbot, window)
    assert window.turn_label.textFormat() == Qt.TextFormat.PlainText
    controller = window.controller
    while not board(window).is_over:
        move = board(window).legal_moves()[0]
        assert play(window, move.row, move.col)
        qtbot.waitUntil(lambda: board(window).is_over or controller.is_human_turn(), timeout=5000)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=5000)
    assert window.banner.summary.textFormat() == Qt.TextFormat.PlainText
    assert name in window.banner.summary.text()
    assert "&lt;b&gt;Mallory" in window.players_bar.findChild(QLabel, "playerX").text()


def test_play_again_returns_the_keyboard_to_the_board(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window, persona="kitty")
    controller = window.controller
    window.activateWindow()
    while not board(window).is_over:
        move = board(window).legal_moves()[0]
        assert play(window, move.row, move.col)
        qtbot.waitUntil(lambda: board(window).is_over or controller.is_human_turn(), timeout=5000)
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=5000)
    window.banner.play_again_button.setFocus()
    window.banner.play_again_button.click()
    # On the next turn, once the new game's greeting is in the board's description.
    qtbot.waitUntil(lambda: window.focusWidget() is window.board_view, timeout=5000)
    qtbot.keyClick(window.board_view, Qt.Key.Key_5)
    assert board(window).mark_at(4) is Mark.X


def test_a_proven_reply_is_one_readable_line(qtbot: QtBot, window: MainWindow) -> None:
    four = get_variant("four")
    # O has an open three in the middle; X's stones are scattered along an edge.
    empty = Board.empty(four)
    start = empty.play_all(
        empty.parse_move(text) for text in ("a1", "j10", "a4", "k10", "a7", "l10")
    )
    controller = window.controller
    window.new_game(replace(human_vs_ai("sera"), start=start))
    settle(qtbot, window)
    said: list[str] = []
    window.announcer.announced.connect(lambda text, _assertive: said.append(text))
    assert play(window, 0, 19)
    qtbot.waitUntil(lambda: controller.session.is_over, timeout=10000)
    proven = [line for line in said if "by force" in line]
    assert proven, said
    assert proven[0].startswith("Sera: O wins by force in "), proven[0]
