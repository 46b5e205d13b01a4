"""Connect Four (and the other games of the registry) in the main window.

The game is played with the window's own board, dock, banner and bars, through the
window's one game controller: clicks on columns and digit keys drop discs, a computer player
answers from the one engine thread, the banner gives the result and the records keep
the game (the history lists it and replays it on the board).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QThread
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tests.gui.helpers import board, human_vs_ai, human_vs_human, play, settle
from tictactoe_gui.engine.games import Limit, find_game
from tictactoe_gui.gui.board_reading import board_of
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameFilter, GameMode

GAME_TIMEOUT_MS = 60_000


def connect_four(persona: str = "kitty", *, person_first: bool = True) -> TableSetup:
    spec = find_game("connect4")
    you, ai = Seat.human("Alice"), Seat.for_game(spec, persona)
    seats = (you, ai) if person_first else (ai, you)
    return TableSetup(spec, GameMode.HUMAN_VS_AI, seats)


def person_to_play(window: MainWindow) -> bool:
    table = window.controller
    return table.session is not None and (table.session.is_over or table.is_human_turn())


def play_by_clicks(qtbot: QtBot, window: MainWindow, seed: int, *, keys: bool = False) -> None:
    """The person drops discs in random columns (by click, or by digit key) to the end."""
    rng = random.Random(seed)
    table = window.controller
    assert table.session is not None
    view = window.board_view
    while not table.session.is_over:
        qtbot.waitUntil(lambda: person_to_play(window), timeout=GAME_TIMEOUT_MS)
        if table.session.is_over:
            break
        state = table.session.state
        move = rng.choice(state.legal_moves())
        col = move % state.spec.cols
        played = len(table.session.moves)
        if keys:
            view.setFocus()
            qtbot.keyClick(view, str(col + 1))
        else:
            # Anywhere in the column: the top cell, whichever row the disc lands on.
            click_cell(qtbot, view, 0, col)
        qtbot.waitUntil(lambda played=played: len(table.session.moves) > played, timeout=5000)


@pytest.mark.parametrize(("persona", "keys"), [("kitty", False), ("kitty", True), ("sera", False)])
def test_connect_four_is_played_to_the_end_in_the_main_window_and_recorded(
    qtbot: QtBot,
    recorded_window: MainWindow,
    repository: Repository,
    persona: str,
    keys: bool,
) -> None:
    window = recorded_window
    window.start_table_game(connect_four(persona), seed=1)
    assert window.board_view.gravity
    play_by_clicks(qtbot, window, seed=7, keys=keys)
    qtbot.waitUntil(window.banner.isVisible, timeout=5000)
    session = window.controller.session
    assert session is not None
    # Said to the person: "You win!", "Kitty wins." (as k in a row's banner says it).
    winner = session.winner
    expected = {None: "It's a draw.", 0: "You win!", 1: f"{session.name_of(1)} wins."}
    assert window.banner.headline.text() == expected[winner]
    # The banner takes the players' place and offers the game's review.
    assert not window.players_bar.isVisible()
    assert window.banner.review_button.isVisible()
    # Each side's play is summed up, the computer player's as the person's.
    lines = window.banner.summary.text().splitlines()
    assert [line.split(":")[0] for line in lines] == [
        f"{session.name_of(seat)} ({session.spec.seats[seat]})" for seat in (0, 1)
    ]
    games = repository.list_games(GameFilter(game="connect4"))
    assert len(games) == 1
    assert games[0].plies == len(session.moves)
    # The record keeps the coach's verdict on each move it judged, as k in a row's does.
    recorded = repository.game(games[0].id).moves
    judged = [session.verdict_at(ply) for ply in range(1, len(session.moves) + 1)]
    assert any(verdict is not None for verdict in judged)
    assert [move.verdict for move in recorded] == [
        None if verdict is None else verdict.value for verdict in judged
    ]
    # The board shows the final position the records hold.
    board, _gravity = board_of(session.state)
    assert window.board_view.board == board


def test_a_recorded_connect_four_game_replays_on_the_board(
    qtbot: QtBot, recorded_window: MainWindow, repository: Repository
) -> None:
    window = recorded_window
    window.start_table_game(connect_four("kitty"), seed=2)
    play_by_clicks(qtbot, window, seed=3)
    session = window.controller.session
    assert session is not None
    played = session.moves
    summary = repository.list_games(GameFilter(game="connect4"))[0]
    window.replay_recorded_game(repository.game(summary.id))
    table = window.controller
    assert table.replaying
    assert window.replay_bar.isVisible()
    assert table.session is not None
    assert table.session.moves == ()
    window.replay_bar.step.emit(1)
    assert table.session.moves == played[:1]
    window.game_replay_end()
    assert table.session.moves == played
    assert not window.board_view.interactive
    # The end of the replay says where it stands and how the game ended, in a sentence, as
    # k in a row's replay says it.
    assert window.turn_label.text().startswith("Replay: ")
    assert window.turn_label.text().endswith(
        f" — move {len(played)} of {len(played)}: {table.session.result_words()}."
    )


def test_undo_takes_back_the_reply_and_the_move_and_redo_plays_them_again(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    window.start_table_game(connect_four("kitty"), seed=4)
    table = window.controller
    assert table.session is not None
    click_cell(qtbot, window.board_view, 0, 3)
    qtbot.waitUntil(lambda: len(table.session.moves) == 2 and person_to_play(window))
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert table.session.moves == ()
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert table.session.moves[0] == 38  # d1


def test_one_undo_step_is_the_move_and_its_reply_named_as_k_in_a_row_names_them(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    """Against a computer player, the person's drop and the reply are one step of the undo
    stack, and the Undo command says which ("Undo X at d1 and O at …"), as in k in a row;
    after a switch to k in a row and back, it names the game on the board."""
    window = recorded_window
    window.start_table_game(connect_four("kitty"), seed=4)
    table = window.controller
    assert table.session is not None
    click_cell(qtbot, window.board_view, 0, 3)
    qtbot.waitUntil(lambda: len(table.session.moves) == 2 and person_to_play(window))
    reply = table.session.spec.format_move(table.session.moves[1])
    assert table.undo_stack.count() == 1
    assert window.undo_action.statusTip() == f"Undo X at d1 and O at {reply}"
    window.undo_action.trigger()
    assert table.session.moves == ()
    assert window.redo_action.statusTip() == f"Redo X at d1 and O at {reply}"
    window.new_game(human_vs_ai("kitty"))
    assert window.undo_action.statusTip() == ""  # nothing to undo in the new game
    window.start_table_game(connect_four("kitty"), seed=4)
    assert window.redo_action.statusTip() == ""


def test_a_computer_player_thinks_aloud_in_the_dock_as_in_k_in_a_row(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    """While Sera chooses her drop, the dock's thinking line says so in her voice ("Sera is
    thinking… “…”"), one of her lines; once the analysis comes it is gone."""
    from tictactoe_gui.engine import get_persona

    window = recorded_window
    table = window.start_table_game(connect_four("sera", person_first=False), seed=2)
    said = window.analysis_dock.thinking_text()
    assert said.startswith("Sera is thinking… “")
    assert said.removeprefix("Sera is thinking… “").removesuffix("”") in (
        get_persona("sera").voice.thinking
    )
    assert table.session is not None
    qtbot.waitUntil(
        lambda: (
            table.is_human_turn()
            and table.session is not None
            and table.session.analysis_of(table.session.state) is not None
        ),
        timeout=GAME_TIMEOUT_MS,
    )
    assert not window.analysis_dock.thinking_text().startswith("Sera is thinking")


def test_ai_vs_ai_steps_one_move_at_a_time_when_paused(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    spec = find_game("connect4")
    setup = TableSetup(
        spec,
        GameMode.AI_VS_AI,
        (Seat.for_game(spec, "kitty"), Seat.for_game(spec, "cop")),
        move_delay_ms=0,
    )
    window.start_table_game(setup, seed=5, paused=True)
    assert window.autoplay_bar.isVisible()
    assert window.autoplay_bar.tally.text() == "Kitty (X) vs Cop (O)"
    table = window.controller
    assert table.session is not None
    assert table.paused
    window.autoplay_bar.step_requested.emit()
    qtbot.waitUntil(lambda: len(table.session.moves) == 1, timeout=10_000)
    window.autoplay_bar.step_requested.emit()
    qtbot.waitUntil(lambda: len(table.session.moves) == 2, timeout=10_000)
    assert table.paused


def test_at_the_end_of_ai_vs_ai_the_card_shows_who_won_not_who_is_to_move(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    spec = find_game("connect4")
    setup = TableSetup(
        spec,
        GameMode.AI_VS_AI,
        (Seat.for_game(spec, "kitty"), Seat.for_game(spec, "cop")),
        move_delay_ms=0,
    )
    table = window.start_table_game(setup, seed=8)
    assert table.session is not None
    qtbot.waitUntil(lambda: table.is_over, timeout=GAME_TIMEOUT_MS)
    role = window.analysis_dock.findChild(QLabel, "personaRole")
    name = window.analysis_dock.findChild(QLabel, "personaName")
    winner = table.session.winner
    if winner is None:  # nobody is to move in a finished game: who made the last move
        last = table.session.mover_of(len(table.session.moves) - 1)
        assert (role.text(), name.text()) == ("LAST MOVE", ("Kitty · easy", "Cop · medium")[last])
    else:
        assert (role.text(), name.text()) == ("WINNER", ("Kitty · easy", "Cop · medium")[winner])


def description(window: MainWindow) -> str:
    """What a screen reader reads of the board with the focus (its news first)."""
    interface = QAccessible.queryAccessibleInterface(window.board_view)
    assert interface is not None
    return interface.text(QAccessible.Text.Description)


def test_switching_games_in_one_window_keeps_one_engine_thread_and_nothing_of_the_last(
    qtbot: QtBot, recorded_window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One controller plays every game: a game started over another leaves nothing of it on
    the board or the bars (its news, hints, heat, banner, replay keys), and no new engine
    thread is started for it."""
    started: list[QThread] = []
    original = QThread.start
    monkeypatch.setattr(
        QThread, "start", lambda self, *a: (started.append(self), original(self, *a))[1]
    )
    window = recorded_window
    table = window.controller
    window.heat_map_action.setChecked(True)
    window.analysis_dock.reveal_check.setChecked(True)  # the heat map on the person's turn too
    window.start_table_game(connect_four("kitty"), seed=6)
    click_cell(qtbot, window.board_view, 0, 2)
    qtbot.waitUntil(lambda: person_to_play(window) and len(table.session.moves) == 2)
    qtbot.waitUntil(lambda: window.board_view.heat_map is not None, timeout=20_000)
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: window.board_view.hints != (), timeout=20_000)
    qtbot.waitUntil(lambda: "drops in" in description(window), timeout=5000)

    window.new_game(human_vs_ai("kitty"))
    assert window.controller is table
    assert window.controller is table
    assert not window.board_view.gravity
    assert window.board_view.hints == ()
    assert window.board_view.heat_map is None  # none until the new game is analysed
    assert "drops in" not in description(window)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: window.board_view.heat_map is not None, timeout=5000)
    assert window.board_view.heat_map.board == board(window)
    click_cell(qtbot, window.board_view, 1, 1)
    qtbot.waitUntil(lambda: len(table.session.moves) == 2, timeout=5000)

    # A game that ended leaves no banner over the next one.
    window.new_game(human_vs_human())
    for row, col in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):
        assert play(window, row, col)
    qtbot.waitUntil(window.banner.isVisible, timeout=5000)
    window.start_table_game(connect_four("kitty"), seed=6)
    assert not window.banner.isVisible()
    assert window.players_bar.isVisible()
    assert window.board_view.gravity

    # Nor does a replay leave its keys.
    window.replay_table_game(find_game("tictactoe").new_game(), [4, 0], ("Ada", "Cop"), "today")
    assert window.replay_bar.isVisible()
    assert all(action.isEnabled() for action in window.replay_actions)
    window.start_table_game(connect_four("kitty"), seed=6)
    assert not window.replay_bar.isVisible()
    assert not any(action.isEnabled() for action in window.replay_actions)
    assert window.controller.session.moves == ()
    assert started == []  # no new thread: one engine thread serves every game


def test_the_window_opens_on_connect_four_and_a_relaunch_opens_it_again(
    qtbot: QtBot, settings: QSettings, no_leaked_threads: None
) -> None:
    first = MainWindow(settings, game=find_game("6x7k4g"))
    qtbot.addWidget(first)
    assert first.board_view.gravity
    assert "Connect Four" in first.windowTitle()
    first.close()
    again = MainWindow(settings)
    qtbot.addWidget(again)
    table = again.controller
    assert table.session is not None
    assert table.session.spec.id == "connect4"
    again.close()


def test_new_game_offers_connect_four_with_the_personas(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    dialog = window.show_new_game_dialog()
    combo = dialog.game_combo
    names = [combo.itemText(i) for i in range(combo.count())]
    assert "Connect Four" in names
    assert any(name.startswith("Four in a Row") for name in names)
    combo.setCurrentIndex(names.index("Connect Four"))
    dialog.opponent_combo.setCurrentIndex(dialog.opponent_combo.findData("sera"))
    assert dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    table = window.controller
    assert table.session is not None
    assert table.session.spec.id == "connect4"
    assert [seat.name for seat in table.session.setup.seats] == ["Player", "sera"]
    # Back to k in a row from the same dialog: the board is the game controller's again.
    dialog = window.show_new_game_dialog()
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("tictactoe"))
    dialog.ok_button.click()
    assert board(window).variant.id == "tictactoe"
    assert not window.board_view.gravity
    assert window.players_bar.isVisible()


def test_copy_and_paste_a_connect_four_position_and_its_moves(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    from PySide6.QtGui import QGuiApplication

    window = recorded_window
    spec = find_game("connect4")
    people = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bea")))
    window.start_table_game(people)
    for col in (3, 3, 2):
        click_cell(qtbot, window.board_view, 0, col)
    table = window.controller
    assert table.session is not None
    assert table.session.moves == (38, 31, 37)
    clipboard = QGuiApplication.clipboard()
    window.copy_moves_action.trigger()
    assert clipboard.text() == spec.format_move_list((38, 31, 37))
    window.copy_position_action.trigger()
    position = clipboard.text()
    assert position == table.state.position_text()
    # Pasted back, the moves are studied from the start, each one undoable.
    assert window.paste_position("d1, d2, c1, e1")
    assert table.session.moves == (38, 31, 37, 39)
    assert table.session.setup.recorded is False
    window.undo_action.trigger()
    assert table.session.moves == (38, 31, 37)
    assert window.paste_position(position)
    assert table.state == spec.from_position_text(position)
    # Bad text is one line and changes nothing.
    before = table.state
    assert not window.paste_position("d, d, d, d, d, d, d")
    assert window.statusBar().currentMessage().startswith("Nothing pasted: ")
    assert table.state == before


def test_the_open_history_lists_a_connect_four_game_at_once_and_replays_it(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    from tictactoe_gui.gui.records import HistoryDialog

    window = recorded_window
    history = window.show_history()
    assert isinstance(history, HistoryDialog)
    assert history.model.rowCount() == 0
    window.start_table_game(connect_four("kitty"), seed=9)
    play_by_clicks(qtbot, window, seed=9)
    qtbot.waitUntil(lambda: history.model.rowCount() == 1, timeout=5000)
    session = window.controller.session
    assert session is not None
    history.replay_game(history.model.summary(0).id)
    assert window.controller.replaying
    window.game_replay_end()
    assert window.controller.state == session.state


def test_a_hint_on_connect_four_outlines_the_best_columns(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    window.start_table_game(connect_four("kitty"), seed=10)
    table = window.controller
    assert table.session is not None
    qtbot.waitUntil(lambda: table.session.analysis_of(table.state) is not None, timeout=20_000)
    window.hint_action.trigger()
    analysis = table.session.analysis_of(table.state)
    assert analysis is not None
    assert window.statusBar().currentMessage().startswith("Hint: drop ")
    assert {move.row * 7 + move.col for move in window.board_view.hints} == set(analysis.best_moves)
    assert table.session.summaries()[0].hints == 1


def test_a_connect_four_game_is_saved_and_opened_to_play_on_with_its_undone_moves(
    qtbot: QtBot, recorded_window: MainWindow, tmp_path: Path
) -> None:
    window = recorded_window
    window.start_table_game(connect_four("kitty"), seed=11)
    table = window.controller
    assert table.session is not None
    click_cell(qtbot, window.board_view, 0, 3)
    qtbot.waitUntil(lambda: len(table.session.moves) == 2 and person_to_play(window))
    click_cell(qtbot, window.board_view, 0, 2)
    qtbot.waitUntil(lambda: len(table.session.moves) == 4 and person_to_play(window))
    window.undo_action.trigger()  # two moves taken back, ready to redo
    played = table.session.moves
    undone = table.undone_moves()
    assert len(played) == 2
    assert len(undone) == 2
    path = tmp_path / "c4.json"
    assert window.save_game_to(path)
    window.new_game(human_vs_ai("kitty"))
    assert board(window).variant.id == "tictactoe"
    assert window.open_game_file(path)
    table = window.controller
    assert table.session is not None
    assert table.session.moves == played
    assert table.undone_moves() == undone
    assert [seat.name for seat in table.session.setup.seats] == ["Alice", "kitty"]
    window.redo_action.trigger()  # the person's move and the reply, one step as played
    assert table.session.moves == played + undone
    # A damaged file is one line, and the game on the board goes on.
    path.write_text(path.read_text().replace('"ply": 2', '"ply": 9'), encoding="utf-8")
    assert not window.open_game_file(path)
    assert table.session.moves == played + undone


def test_a_finished_row_and_column_game_opens_from_its_file_as_a_replay(
    qtbot: QtBot, recorded_window: MainWindow, tmp_path: Path
) -> None:
    from tests.gui.helpers import rowcol_setup

    window = recorded_window
    setup = rowcol_setup(GameMode.AI_VS_AI, "greedy", "random", size=3, move_delay_ms=0)
    table = window.start_table_game(setup, 5)
    session = table.session
    assert session is not None
    qtbot.waitUntil(lambda: session.is_over, timeout=20_000)
    path = tmp_path / "rowcol.json"
    assert window.save_game_to(path)
    window.new_game(human_vs_ai("kitty"))
    assert window.open_game_file(path)
    assert window.controller.replaying
    assert window.controller.state == session.state


def test_a_connect_four_game_left_unfinished_is_played_on_at_the_next_start(
    qtbot: QtBot, settings: QSettings, tmp_path: Path, no_leaked_threads: None
) -> None:
    kept = tmp_path / "game-in-progress.json"
    first = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(first)
    first.start_table_game(connect_four("kitty"), seed=12)
    table = first.controller
    assert table.session is not None
    click_cell(qtbot, first.board_view, 0, 4)
    qtbot.waitUntil(lambda: len(table.session.moves) == 2 and person_to_play(first))
    played = table.session.moves
    first.close()
    again = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(again)
    assert again.controller.session is not None
    assert again.controller.session.moves == played
    assert again.statusBar().currentMessage().startswith("Resumed the game")
    # A new game leaves nothing to resume.
    again.start_table_game(connect_four("cop"), seed=1)
    assert not kept.with_name("table-game-in-progress.json").exists()
    again.close()


def test_two_computer_players_left_unfinished_open_paused_at_the_next_start(
    qtbot: QtBot, settings: QSettings, tmp_path: Path, no_leaked_threads: None
) -> None:
    kept = tmp_path / "game-in-progress.json"
    first = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(first)
    spec = find_game("connect4")
    computers = TableSetup(
        spec,
        GameMode.AI_VS_AI,
        (Seat.for_game(spec, "kitty"), Seat.for_game(spec, "cop")),
        move_delay_ms=0,
    )
    table = first.start_table_game(computers, seed=3)
    assert table.session is not None
    qtbot.waitUntil(lambda: len(table.session.moves) >= 2, timeout=GAME_TIMEOUT_MS)
    first.game_set_paused(True)
    played = table.session.moves
    first.close()
    again = MainWindow(settings, game_in_progress=kept)
    qtbot.addWidget(again)
    resumed = again.controller
    assert resumed.session is not None
    assert resumed.session.moves == played
    # Nobody asked for the game to go on: it waits for Resume or Step.
    assert resumed.paused
    assert again.autoplay_bar.isVisibleTo(again)
    again.autoplay_bar.step_requested.emit()
    qtbot.waitUntil(lambda: len(resumed.session.moves) == len(played) + 1, timeout=10_000)
    assert resumed.paused
    again.close()


def test_selecting_a_move_in_the_list_looks_back_and_a_click_returns_to_the_game(
    qtbot: QtBot, recorded_window: MainWindow
) -> None:
    window = recorded_window
    spec = find_game("connect4")
    people = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bea")))
    table = window.start_table_game(people)
    for col in (3, 3, 2):
        click_cell(qtbot, window.board_view, 0, col)
    assert table.session is not None
    window.moves_dock.ply_selected.emit(1)
    assert window.looking_at == 1
    board, _gravity = board_of(table.session.states[1])
    assert window.board_view.board == board
    click_cell(qtbot, window.board_view, 0, 6)  # back to the game: nothing played
    assert window.looking_at is None
    assert table.session.moves == (38, 31, 37)
    assert window.board_view.board == board_of(table.state)[0]
    click_cell(qtbot, window.board_view, 0, 6)
    assert len(table.session.moves) == 4


def test_a_relaunch_on_connect_four_shows_its_board_in_the_first_frame(
    qtbot: QtBot, settings: QSettings, repository: Repository, no_leaked_threads: None
) -> None:
    first = MainWindow(settings, repository)
    qtbot.addWidget(first)
    first.start_table_game(connect_four("kitty"))
    first.close()
    window = MainWindow(settings, staged=True)
    qtbot.addWidget(window)
    # Before the game is set up: Connect Four's board, whose discs fall.
    assert window.board_view.gravity
    assert (window.board_view.rows, window.board_view.cols) == (6, 7)
    window.complete()
    assert window.board_view.gravity
    window.close()


def test_a_relaunch_after_another_game_shows_no_board_of_discs(
    qtbot: QtBot, settings: QSettings, repository: Repository, no_leaked_threads: None
) -> None:
    from tests.gui.helpers import rowcol_setup

    first = MainWindow(settings, repository)
    qtbot.addWidget(first)
    first.start_table_game(connect_four("kitty"))
    first.start_table_game(rowcol_setup(GameMode.HUMAN_VS_AI, "person:Ann", "greedy"))
    first.close()
    window = MainWindow(settings, staged=True)
    qtbot.addWidget(window)
    assert not window.board_view.gravity  # the last game played was Row & Column
    window.close()


def test_the_docks_time_per_move_is_the_engines_in_connect_four(
    qtbot: QtBot, recorded_window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = recorded_window
    table = window.start_table_game(connect_four("sera", person_first=False), seed=13)
    asked: list[object] = []
    original = table.engine.submit

    def submit(state: object, **options: object) -> int:
        asked.append(options.get("limit"))
        return original(state, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(table.engine, "submit", submit)
    window.analysis_dock.time_budget_changed.emit(0.25)
    assert table.time_limit == 0.25
    table.play_again()  # Sera to drop first: asked with the dock's time
    assert asked[-1] == Limit(time=0.25)
