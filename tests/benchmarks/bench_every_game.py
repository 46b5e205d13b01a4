"""A soak of every game in the window: many seeds, every persona, both sides, every pairing.

Run with ``python -m tests.benchmarks.bench_every_game [SEEDS] [SECONDS]`` (or as part of
``make bench``). Not part of the test suite: it prints what it saw, it asserts nothing.

The suite's ``tests/gui/test_every_game.py`` plays one seed of each game quickly; this
plays ``SEEDS`` seeds (default 3) of each game the New Game dialog offers (and a custom
board), a person playing random legal moves that ignore every threat against each persona
from each side, then every AI vs AI pairing, with ``SECONDS`` of engine time a move
(default 0.2; the window's own is 1). For each game it reports how many games were
played, how many ended with their banner, how many were recorded with the right result in
a records file, what the window reported as failures, and how long it took.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication

from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.variants import mnk
from tictactoe_gui.gui.dialogs.new_game import GAMES
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.table_controller import TableController
from tictactoe_gui.session import GameSetup, PlayerSpec
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameFilter, GameMode, Result

PERSONAS = ("kitty", "cop", "sera")
GAME_TIMEOUT_S = 600.0


def wait_until(app: QApplication, condition: Callable[[], bool], timeout: float) -> bool:
    """Run the event loop until ``condition`` holds (False if ``timeout`` seconds pass)."""
    deadline = time.monotonic() + timeout
    waking = QTimer()  # so that the wait wakes to look at the clock
    waking.start(100)
    try:
        while not condition():
            if time.monotonic() > deadline:
                return False
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    finally:
        waking.stop()
    return True


def board_of(controller: TableController) -> Board:
    """The position on the window's board, as marks (every game here is k in a row)."""
    board = controller.state.marks_board()
    assert board is not None
    return board


def random_move(board: Board, rng: random.Random) -> Move:
    rows, cols = board.variant.rows, board.variant.cols
    corners = [Move(r, c) for r in (0, rows - 1) for c in (0, cols - 1)]
    free = [move for move in corners if board.is_legal(move)]
    if free and rng.random() < 0.25:
        return rng.choice(free)
    return rng.choice(board.legal_moves())


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 0.2
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    print(f"{seeds} seeds a game, {seconds} s of engine time a move")
    print("game        played  banner  recorded  failures  seconds")
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue("game/thinkMs", 0)
        settings.setValue("view/animations", False)
        with Repository.open(Path(folder) / "records.sqlite3") as repository:
            window = MainWindow(settings, repository)
            window.show()
            controller = window.controller
            controller.set_time_limit(seconds)
            failures: list[str] = []
            controller.message.connect(
                lambda text: (
                    failures.append(text)
                    if text.startswith(("The engine failed", "Not recorded:"))
                    else None
                )
            )
            for variant in (*GAMES, mnk(7, 9, 4)):
                started = time.perf_counter()
                failures.clear()
                start = Board.empty(variant)
                setups = []
                for seed in range(seeds):
                    for persona in PERSONAS:
                        for person in (Mark.X, Mark.O):
                            you, ai = PlayerSpec.human("Soak"), PlayerSpec.ai(persona)
                            x, o = (you, ai) if person is Mark.X else (ai, you)
                            setups.append(GameSetup(GameMode.HUMAN_VS_AI, x, o, start, seed=seed))
                    for x_key in PERSONAS:
                        for o_key in PERSONAS:
                            setups.append(
                                GameSetup(
                                    GameMode.AI_VS_AI,
                                    PlayerSpec.ai(x_key),
                                    PlayerSpec.ai(o_key),
                                    start,
                                    move_delay_ms=0,
                                    seed=seed,
                                )
                            )
                banners = 0
                expected: list[tuple[int, Result]] = []
                for number, setup in enumerate(setups):
                    rng = random.Random(number)
                    window.new_game(setup)
                    while controller.game_over_info is None:

                        def settled() -> bool:
                            if controller.game_over_info is not None:
                                return True
                            return controller.is_human_turn() and controller.answer is not None

                        if not wait_until(app, settled, GAME_TIMEOUT_S):
                            ply = len(controller.session.moves) if controller.session else 0
                            failures.append(f"game {number} hung at ply {ply}")
                            break
                        if controller.game_over_info is None:
                            move = random_move(board_of(controller), rng)
                            controller.cell_activated(move.row, move.col)
                    info = controller.game_over_info
                    if info is None:
                        continue
                    banners += window.banner.isVisible()
                    winner = board_of(controller).winner
                    result = (
                        Result.DRAW
                        if winner is None
                        else Result.X_WINS
                        if winner is Mark.X
                        else Result.O_WINS
                    )
                    if info.saved_id is not None:
                        expected.append((info.saved_id, result))
                recorded = repository.list_games(GameFilter(game=variant.id), limit=100_000)
                right = len({(g.id, g.result) for g in recorded} & set(expected))
                print(
                    f"{variant.id:<10} {len(setups):>7} {banners:>7} {right:>9} "
                    f"{len(failures):>9} {time.perf_counter() - started:>8.1f}"
                )
                for failure in failures:
                    print(f"    {failure}")
            controller.shutdown()
            window.close()


if __name__ == "__main__":
    main()
