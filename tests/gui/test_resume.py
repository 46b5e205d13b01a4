"""Playing on: a saved unfinished game opens playable, with its players, its moves and its
undo history, and the game left unfinished when the app closed is there at the next start."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tests.gui.helpers import (
    ai_vs_ai,
    board,
    human_vs_ai,
    human_vs_human,
    moves,
    play,
    settle,
    start,
)
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.analysis_dock import AnalysisDock
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session import PlayerSpec, table_file
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode

FOUR = get_variant("four")

#: A game as the app saved it before games could be played on from a file (format 1).
FORMAT_1 = """{
 "app": "tictactoe-gui",
 "format": 1,
 "game": "four",
 "start": "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20",
 "moves": ["j11", "k11", "j10"],
 "x": "Alice",
 "o": "Bob",
 "result": null
}
"""


#: A game against an external engine, as k in a row saved it in format 2.
AGAINST_AN_ENGINE = """{
 "app": "tictactoe-gui", "format": 2, "game": "tictactoe", "start": ".........",
 "tree": [{"children": [1]}, {"move": "b2", "children": []}],
 "ply": 1, "x": "Alice", "o": "rm", "result": null,
 "players": {"mode": "human-vs-ai", "x": {"kind": "human", "name": "Alice"},
             "o": {"kind": "engine", "name": "rm -rf ~"}, "record": true},
 "seed": null, "hints": [0, 0], "started": null
}"""

#: Two personas, as k in a row saved their game in format 2.
TWO_PERSONAS = """{
 "app": "tictactoe-gui", "format": 2, "game": "tictactoe", "start": ".........",
 "tree": [{"children": [1]}, {"move": "b2", "children": [2]}, {"move": "a3", "children": []}],
 "ply": 2, "x": "Kitty", "o": "Cop", "result": null,
 "players": {"mode": "ai-vs-ai", "x": {"kind": "ai", "name": "kitty"},
             "o": {"kind": "ai", "name": "cop"}, "record": true},
 "seed": 5, "hints": [0, 0], "started": null
}"""


def indices(start: Board, moves: tuple[Move, ...]) -> tuple[int, ...]:
    """``moves`` as a saved game numbers them."""
    return tuple(start.index(move) for move in moves)


def played(qtbot: QtBot, window: MainWindow, count: int) -> None:
    qtbot.waitUntil(lambda: len(moves(window)) == count, timeout=5000)
    settle(qtbot, window)


@pytest.fixture
def kept(tmp_path: Path) -> Path:
    return tmp_path / "data" / "game-in-progress.json"


@pytest.fixture
def keeping_window(
    qtbot: QtBot, settings: QSettings, records: InMemoryRecords, kept: Path
) -> Iterator[MainWindow]:
    """A window that keeps its game in progress in ``kept``."""
    win = MainWindow(settings, records, game_in_progress=kept)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win.controller.answer is not None, timeout=5000)
    yield win
    win.close()


def test_an_unfinished_game_opens_playable_with_its_players_and_undo(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    controller = window.controller
    window.new_game(human_vs_ai("cop"))
    settle(qtbot, window)
    assert play(window, 1, 1)
    played(qtbot, window, 2)
    reply = moves(window)[1]
    controller.hint()
    path = tmp_path / "game.json"
    assert window.save_game_to(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == 4
    # A tree of moves from the start: node 0 the start, each node its move and children.
    assert data["tree"][0] == {"children": [1]}
    assert data["tree"][1]["move"] == "b2"
    assert data["ply"] == 2
    assert data["players"]["mode"] == "human-vs-ai"
    assert data["players"]["seats"][1] == {"kind": "ai", "name": "cop"}
    assert data["hints"] == [1, 0]

    window.new_game(human_vs_human())
    assert window.open_game_file(path)
    assert not controller.replaying
    assert not controller.is_over
    assert controller.setup.mode is GameMode.HUMAN_VS_AI
    assert controller.setup.seats == (PlayerSpec.human("Alice"), PlayerSpec.ai("cop"))
    assert moves(window) == (Move(1, 1), reply)
    assert controller.session is not None
    assert controller.session.hints[0] == 1
    assert controller.is_human_turn()
    assert window.undo_action.isEnabled()
    reply_cell = start(window).cell_name(reply)
    assert window.undo_action.statusTip() == f"Undo X at b2 and O at {reply_cell}"
    assert "Cop" in window.windowTitle()
    # One undo takes back the person's move and the reply together, as in play.
    window.undo_action.trigger()
    assert moves(window) == ()
    window.redo_action.trigger()
    assert moves(window) == (Move(1, 1), reply)
    # And play goes on: Cop answers the next move.
    settle(qtbot, window)
    free = next(m for m in (Move(0, 0), Move(0, 2), Move(2, 0)) if m not in moves(window))
    assert play(window, free.row, free.col)
    played(qtbot, window, 4)


def test_moves_taken_back_are_kept_to_redo(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    controller = window.controller
    window.new_game(replace(human_vs_human(), start=Board.empty(FOUR)))
    line = (Move(9, 9), Move(9, 10), Move(10, 9))
    for move in line:
        assert play(window, move.row, move.col)
    controller.undo()
    path = tmp_path / "game.json"
    assert window.save_game_to(path)
    window.new_game(human_vs_human())
    assert window.open_game_file(path)
    assert moves(window) == line[:2]
    assert board(window).variant == FOUR
    assert window.redo_action.isEnabled()
    controller.redo()
    assert moves(window) == line
    controller.undo()
    controller.undo()
    assert moves(window) == line[:1]


def test_a_finished_or_resigned_game_opens_as_a_replay(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    controller = window.controller
    window.new_game(human_vs_human())
    for move in (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)):
        assert play(window, move.row, move.col)
    finished = tmp_path / "won.json"
    assert window.save_game_to(finished)
    window.new_game(human_vs_human())
    assert play(window, 1, 1)
    controller.resign()
    resigned = tmp_path / "resigned.json"
    assert window.save_game_to(resigned)
    result = json.loads(resigned.read_text(encoding="utf-8"))["result"]
    assert result == "Bob (O) resigned; Alice (X) wins"
    for path, count in ((finished, 5), (resigned, 1)):
        assert window.open_game_file(path)
        assert controller.replaying
        assert controller.replay_length == count
        assert len(moves(window)) == count  # shown at its end
    # The replay ends with the resignation, as the game did.
    assert controller.replay_resigned() == 1
    assert controller.replay_ending() == "Bob (O) resigned; Alice (X) wins"


def test_a_file_of_the_first_format_still_opens(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "old.json"
    path.write_text(FORMAT_1, encoding="utf-8")
    game = table_file.load(path)
    assert not game.players_known
    assert not game.playable
    assert window.open_game_file(path)
    assert window.controller.replaying
    assert board(window) == Board.empty(FOUR).play_all((Move(9, 9), Move(9, 10), Move(10, 9)))
    assert "Alice (X) vs Bob (O), old.json" in window.windowTitle()
    # Saved again from the replay, it is format 4 and the same replay.
    window.controller.replay_seek(1)
    again = tmp_path / "again.json"
    assert window.save_game_to(again)
    data = json.loads(again.read_text(encoding="utf-8"))
    assert (data["format"], data["names"], "players" in data) == (4, ["Alice", "Bob"], False)
    assert window.open_game_file(again)
    assert window.controller.replaying
    line = (Move(9, 9), Move(9, 10), Move(10, 9))
    assert window.controller.replay_moves == indices(Board.empty(FOUR), line)
    assert "Alice (X) vs Bob (O), again.json" in window.windowTitle()


def test_a_file_never_starts_an_external_engine(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "engine.json"
    path.write_text(AGAINST_AN_ENGINE, encoding="utf-8")
    assert window.open_game_file(path)
    assert window.controller.replaying
    assert "never starts a program" in window.statusBar().currentMessage()


def test_an_ai_vs_ai_game_opens_paused(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    controller = window.controller
    path = tmp_path / "ai.json"
    path.write_text(TWO_PERSONAS, encoding="utf-8")
    assert window.open_game_file(path)
    assert not controller.replaying
    assert not controller.is_over
    assert controller.paused
    assert controller.session is not None
    assert controller.session.seed == 5
    assert window.autoplay_bar.isVisible()
    assert moves(window) == (Move(1, 1), Move(0, 0))


def nesting(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max((nesting(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((nesting(v) for v in value), default=0)
    return 0


def test_a_long_game_is_a_flat_tree(tmp_path: Path) -> None:
    # Nested nodes would be two levels of JSON per move: 800 for a full 20×20 board,
    # near what a JSON reader allows. The flat list stays four deep, however long the game.
    rng = random.Random(3)
    board = start = Board.empty(FOUR)
    moves: list[Move] = []
    while len(moves) < 150:
        move = rng.choice(board.legal_moves())
        if not board.play(move).is_over:
            board = board.play(move)
            moves.append(move)
    path = tmp_path / "long.json"
    spec = find_game("four")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Ben")))
    session = TableSession(setup, 1)
    session.set_moves(indices(start, tuple(moves)))
    table_file.save(path, session)
    assert table_file.load(path).moves == indices(start, tuple(moves))
    assert nesting(json.loads(path.read_text(encoding="utf-8"))) == 4


def test_the_game_in_progress_is_kept_after_every_move_and_resumed(
    qtbot: QtBot,
    settings: QSettings,
    records: InMemoryRecords,
    kept: Path,
    keeping_window: MainWindow,
) -> None:
    window = keeping_window
    assert not kept.exists()  # a fresh game with no move leaves nothing to resume
    window.new_game(replace(human_vs_ai("cop"), start=Board.empty(FOUR)))
    settle(qtbot, window)
    assert play(window, 9, 9)
    played(qtbot, window, 2)
    saved = table_file.load(kept)
    assert saved.moves == indices(start(window), moves(window))
    assert saved.playable
    assert not list(kept.parent.glob("*.tmp"))  # written beside, then renamed
    line = moves(window)
    window.close()

    again = MainWindow(settings, records, game_in_progress=kept)
    qtbot.addWidget(again)
    again.show()
    settle(qtbot, again)
    assert moves(again) == line
    assert board(again).variant == FOUR
    assert again.controller.setup.seats[1] == PlayerSpec.ai("cop")
    assert again.controller.is_human_turn()
    assert "Resumed the game" in again.statusBar().currentMessage()
    # Once the game is over there is nothing to resume.
    again.controller.resign()
    qtbot.waitUntil(lambda: not kept.exists(), timeout=5000)
    again.close()

    third = MainWindow(settings, records, game_in_progress=kept)
    qtbot.addWidget(third)
    third.show()
    assert moves(third) == ()
    third.close()


def test_a_staged_window_resumes_when_complete(
    qtbot: QtBot, settings: QSettings, records: InMemoryRecords, tmp_path: Path
) -> None:
    kept = tmp_path / "kept.json"
    spec = find_game("tictactoe")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Ben")))
    session = TableSession(setup, 1)
    session.set_moves((spec.parse_move("b2"),))
    table_file.save(kept, session)
    window = MainWindow(settings, staged=True)
    qtbot.addWidget(window)
    window.show()
    titles: list[tuple[str, bool]] = []
    window.windowTitleChanged.connect(
        lambda title: titles.append((title, not window.findChildren(AnalysisDock)))
    )
    window.complete(records, game_in_progress=kept)
    assert moves(window) == (Move(1, 1),)
    assert window.controller.session is not None
    assert window.controller.session.name_of(0) == "Ann"
    # Its title is given once, before the rest of the window is built (whose hundreds of
    # accessibility events could have a busy screen reader drop a later change of title).
    assert titles == [("Ann (X) vs Ben (O)", True)]
    window.close()


def test_a_damaged_game_in_progress_is_one_line_and_a_fresh_game(
    qtbot: QtBot, settings: QSettings, records: InMemoryRecords, kept: Path
) -> None:
    kept.parent.mkdir(parents=True)
    kept.write_text("{ damaged", encoding="utf-8")
    window = MainWindow(settings, records, game_in_progress=kept)
    qtbot.addWidget(window)
    window.show()
    assert moves(window) == ()
    message = window.statusBar().currentMessage()
    assert message.startswith("The game in progress could not be resumed: ")
    assert "\n" not in message
    # Kept aside, not lost, and not read again.
    assert kept.with_name(f"{kept.name}.damaged").read_text(encoding="utf-8") == "{ damaged"
    assert not kept.exists()
    window.close()


def test_the_app_keeps_the_game_beside_the_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tictactoe_gui.gui.app import game_in_progress_path
    from tictactoe_gui.storage import DATABASE_ENV_VAR

    monkeypatch.setenv(DATABASE_ENV_VAR, str(tmp_path / "records.sqlite3"))
    assert game_in_progress_path() == tmp_path / "game-in-progress.json"


def test_the_first_frame_is_the_board_of_the_game_to_resume(
    qtbot: QtBot,
    settings: QSettings,
    records: InMemoryRecords,
    kept: Path,
    keeping_window: MainWindow,
) -> None:
    window = keeping_window
    window.new_game(replace(human_vs_human(), start=Board.empty(FOUR)))
    assert play(window, 9, 9)
    assert kept.exists()
    window.close()
    # Not the kind last chosen in New Game: the game left unfinished is what opens.
    settings.setValue("newGame/game", "tictactoe")
    staged = MainWindow(settings, staged=True)
    qtbot.addWidget(staged)
    assert staged.board_view.board.variant == FOUR  # before complete(), from the settings
    staged.complete(records, game_in_progress=kept)
    assert board(staged).variant == FOUR
    assert moves(staged) == (Move(9, 9),)
    staged.close()


def test_a_game_reopened_by_undo_is_kept_to_resume(
    qtbot: QtBot, kept: Path, keeping_window: MainWindow
) -> None:
    window = keeping_window
    controller = window.controller
    window.new_game(human_vs_human())
    settle(qtbot, window)
    for row, col in ((0, 0), (1, 1), (0, 1), (2, 2), (0, 2)):  # X wins along the top row
        assert play(window, row, col)
    assert controller.is_over
    qtbot.waitUntil(lambda: not kept.exists(), timeout=5000)
    controller.undo()
    assert not controller.is_over
    # Quitting now promises the game will be there at the next start: it must be kept.
    qtbot.waitUntil(kept.exists, timeout=5000)
    assert table_file.load(kept).moves == indices(start(window), moves(window))


def test_a_series_left_unfinished_goes_on_with_its_count(
    qtbot: QtBot,
    settings: QSettings,
    records: InMemoryRecords,
    kept: Path,
    keeping_window: MainWindow,
) -> None:
    window = keeping_window
    controller = window.controller
    window.new_game(ai_vs_ai("kitty", "cop", games=3, delay=40))
    window.game_set_paused(True)
    # Step by step through the first game and into the second (a finished first game
    # still shows its moves until the next one starts).
    while controller.tally.games < 1 or controller.is_over or not moves(window):
        before = (controller.tally.games, len(moves(window)))
        controller.step()
        qtbot.waitUntil(
            lambda before=before: (controller.tally.games, len(moves(window))) != before,
            timeout=5000,
        )
    tally = controller.tally
    counted = (*tally.wins, tally.level)
    assert sum(counted) == 1
    played_moves = moves(window)
    # Kept after every move of an unfinished game (no file while none is in progress).
    line = indices(start(window), played_moves)
    qtbot.waitUntil(lambda: kept.exists() and table_file.load(kept).moves == line, timeout=5000)
    window.close()

    again = MainWindow(settings, records, game_in_progress=kept)
    qtbot.addWidget(again)
    again.show()
    resumed = again.controller
    assert moves(again) == played_moves
    assert resumed.paused
    # The series goes on where it stood: its score, its length, the games left.
    tally = resumed.tally
    assert (*tally.wins, tally.level) == counted
    assert resumed.setup.games == 3
    assert resumed.setup.move_delay_ms == 40
    assert resumed.series_left == 2
    assert "game 2 of 3" in again.autoplay_bar.tally.text()
    again.close()


#: A game against Cop left unfinished, as an older version kept k in a row's game in
#: progress (format 2).
KEPT_IN_FORMAT_2 = """{
 "app": "tictactoe-gui", "format": 2, "game": "four",
 "start": "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20",
 "tree": [{"children": [1]}, {"move": "j11", "children": [2]}, {"move": "k11", "children": []}],
 "ply": 2, "x": "Alice", "o": "Cop", "result": null,
 "players": {"mode": "human-vs-ai", "x": {"kind": "human", "name": "Alice"},
             "o": {"kind": "ai", "name": "cop"}, "record": true},
 "seed": 3, "hints": [1, 0], "started": null
}"""


def test_a_game_kept_by_an_older_version_is_played_on_at_the_next_start(
    qtbot: QtBot, settings: QSettings, records: InMemoryRecords, kept: Path
) -> None:
    kept.parent.mkdir(parents=True)
    kept.write_text(KEPT_IN_FORMAT_2, encoding="utf-8")
    window = MainWindow(settings, records, game_in_progress=kept)
    qtbot.addWidget(window)
    window.show()
    controller = window.controller
    assert board(window).variant == FOUR
    assert moves(window) == (Move(9, 9), Move(9, 10))
    assert controller.setup.seats == (PlayerSpec.human("Alice"), PlayerSpec.ai("cop"))
    assert controller.session is not None
    assert controller.session.hints[0] == 1
    assert controller.session.seed == 3
    assert controller.is_human_turn()
    assert "Resumed the game" in window.statusBar().currentMessage()
    # Kept again as every game is, after its next move.
    assert play(window, 10, 10)
    played(qtbot, window, 4)
    assert table_file.load(kept).moves[:3] == indices(
        Board.empty(FOUR), (Move(9, 9), Move(9, 10), Move(10, 10))
    )
    window.close()
