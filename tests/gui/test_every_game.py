"""Every game the New Game dialog offers, played to its end in the window.

For each game, each persona and each side, a person plays seeded random legal
moves that ignore every threat (far corners included) until the game ends;
then computer players meet each other (every pairing on the small boards, a
sample on the big ones). Each game must show its banner, be recorded once with
the right result in a real records file, and raise nothing: pytest-qt fails a
test on an exception in a slot, and an engine failure is caught here too.

The engine is given 0.05 s a move (the shortest the window allows), so the
whole file stays a brisk part of the suite; ``tests/benchmarks/bench_every_game.py``
plays many more seeds at the window's own pace.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.helpers import board, play, rowcol_setup, table_headline
from tictactoe_gui.engine import Board, Mark, Move, row_and_column
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.review import Settled
from tictactoe_gui.engine.rowcol import STRATEGIES, Player, Position, RowColAnalysis
from tictactoe_gui.engine.variants import Family, Variant, get_variant, mnk
from tictactoe_gui.gui.dialogs.new_game import GAMES
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.table_boards import position_of
from tictactoe_gui.session import GameSetup, PlayerSpec
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameFilter, GameMode, Result

PERSONAS = ("kitty", "cop", "sera")
#: A custom board as the dialog makes one: not square, not built in.
CUSTOM = mnk(7, 9, 4)
#: The k-in-a-row games the window plays (Connect Four and Row & Column below).
WINDOW_GAMES = (*GAMES, CUSTOM)
#: The engine's time per move: the shortest the window allows.
SECONDS_PER_MOVE = 0.05
#: A game on the biggest board, move by move, well inside this.
GAME_TIMEOUT_MS = 60_000


def test_the_games_played_here_are_the_ones_new_game_offers() -> None:
    ids = {variant.id for variant in WINDOW_GAMES}
    assert {"tictactoe", "4x4k3", "4x4k4", "5x5k4", "four", "gomoku", "7x9k4"} <= ids
    assert all(variant.family is Family.MNK for variant in WINDOW_GAMES)


@pytest.fixture
def game_window(recorded_window: MainWindow) -> Iterator[MainWindow]:
    recorded_window.controller.set_time_limit(SECONDS_PER_MOVE)
    yield recorded_window
    recorded_window.controller.shutdown()


class Failures:
    """What the window said went wrong: an engine failure or a record not saved."""

    def __init__(self, window: MainWindow) -> None:
        self.messages: list[str] = []
        window.controller.message.connect(self._heard)

    def _heard(self, text: str) -> None:
        if text.startswith(("The engine failed", "Not recorded:")):
            self.messages.append(text)


def random_move(board: Board, rng: random.Random) -> Move:
    """Any legal move, with no regard for threats; a free corner one time in four."""
    rows, cols = board.variant.rows, board.variant.cols
    corners = [Move(r, c) for r in (0, rows - 1) for c in (0, cols - 1)]
    free = [move for move in corners if board.is_legal(move)]
    if free and rng.random() < 0.25:
        return rng.choice(free)
    return rng.choice(board.legal_moves())


def play_to_the_end(qtbot: QtBot, window: MainWindow, setup: GameSetup, seed: int) -> None:
    """Start ``setup``; the person (if any) plays random moves until the banner shows."""
    controller = window.controller
    rng = random.Random(seed)
    window.new_game(setup)

    def settled() -> bool:
        if controller.game_over_info is not None:
            return True
        return controller.is_human_turn() and controller.answer is not None

    while controller.game_over_info is None:
        qtbot.waitUntil(settled, timeout=GAME_TIMEOUT_MS)
        if controller.game_over_info is None:
            move = random_move(board(window), rng)
            assert play(window, move.row, move.col)
    assert window.banner.isVisible()


def assert_the_loser_is_not_called_perfect(window: MainWindow) -> None:
    """A side that lost is not "100 % accurate" unless its loss was proven before its
    first move; and the banner says so when its verdicts rest on the estimate."""
    session = window.controller.session
    info = window.controller.game_over_info
    assert info is not None
    winner = session.winner
    if winner is None:
        return
    loser = next(summary for summary in info.summaries if summary.side == 1 - winner)
    if loser.accuracy == 1.0:
        first = session.position_at(0 if session.start.to_move == loser.side else 1)
        assert session.proven.get(session.position_key(first)) == Settled(winner), loser.describe()
    if loser.by_estimate:
        assert "accurate by the estimate" in window.banner.summary.text()


def result_of(winner: Mark | None) -> Result:
    if winner is None:
        return Result.DRAW
    return Result.X_WINS if winner is Mark.X else Result.O_WINS


def ai_pairings(variant: Variant) -> list[tuple[str, str]]:
    """Every pairing on a board solved at once; on the others Sera against Cop (whose loss
    was once called "100 % accurate") and two more that differ per board."""
    every = [(x, o) for x in PERSONAS for o in PERSONAS]
    if variant.cells <= 16:
        return every
    others = [pairing for pairing in every if pairing != ("sera", "cop")]
    start = sum(map(ord, variant.id)) % len(others)
    return [("sera", "cop"), others[start], others[(start + 4) % len(others)]]


@pytest.mark.parametrize("variant", WINDOW_GAMES, ids=lambda v: v.id)
def test_every_game_ends_with_its_banner_and_is_recorded_once(
    qtbot: QtBot, game_window: MainWindow, repository: Repository, variant: Variant
) -> None:
    window = game_window
    failures = Failures(window)
    start = Board.empty(variant)
    setups: list[GameSetup] = []
    for persona in PERSONAS:
        for person_plays in (Mark.X, Mark.O):
            you, ai = PlayerSpec.human("Alice"), PlayerSpec.ai(persona)
            x, o = (you, ai) if person_plays is Mark.X else (ai, you)
            setups.append(GameSetup(GameMode.HUMAN_VS_AI, x, o, start, seed=len(setups)))
    for x_key, o_key in ai_pairings(variant):
        setups.append(
            GameSetup(
                GameMode.AI_VS_AI,
                PlayerSpec.ai(x_key),
                PlayerSpec.ai(o_key),
                start,
                move_delay_ms=0,
                seed=len(setups),
            )
        )
    expected = []
    for number, setup in enumerate(setups):
        play_to_the_end(qtbot, window, setup, seed=1000 + number)
        info = window.controller.game_over_info
        assert info is not None
        assert info.saved_id is not None, info.save_note
        assert window.banner.headline.text() == info.headline
        assert board(window).is_over
        expected.append((info.saved_id, result_of(board(window).winner)))
        assert failures.messages == []
        assert_the_loser_is_not_called_perfect(window)
    recorded = repository.list_games(GameFilter(game=variant.id), limit=1000)
    assert sorted((game.id, game.result) for game in recorded) == sorted(expected)


def test_every_connect_four_game_ends_with_its_banner_and_is_recorded_once(
    qtbot: QtBot, game_window: MainWindow, repository: Repository
) -> None:
    # Connect Four plays in the main window at the table: each persona from each side
    # against a person dropping discs anywhere, then computer players against each other.
    window = game_window
    spec = find_game("connect4")
    saved: list[int] = []
    window.controller.game_saved.connect(saved.append)
    games: list[TableSetup] = []
    for persona in PERSONAS:
        for person_first in (True, False):
            you, ai = Seat.human("Alice"), Seat.for_game(spec, persona)
            seats = (you, ai) if person_first else (ai, you)
            games.append(TableSetup(spec, GameMode.HUMAN_VS_AI, seats))
    for x_key, o_key in (("sera", "cop"), ("kitty", "sera"), ("cop", "kitty")):
        seats = (Seat.for_game(spec, x_key), Seat.for_game(spec, o_key))
        games.append(TableSetup(spec, GameMode.AI_VS_AI, seats, move_delay_ms=0))
    expected = []
    for number, setup in enumerate(games):
        rng = random.Random(number)
        before = len(saved)
        table = window.start_table_game(setup, seed=700 + number)
        session = table.session
        assert session is not None
        while not (session.is_over and window.banner.isVisible()):
            qtbot.waitUntil(
                lambda s=session: (s.is_over and window.banner.isVisible()) or s.is_human_turn(),
                timeout=GAME_TIMEOUT_MS,
            )
            if not session.is_over:
                move = rng.choice(session.state.legal_moves())
                window.board_view.cell_activated.emit(*divmod(move, spec.cols))
        assert len(saved) == before + 1, window.banner.save_note.text()
        assert window.banner.headline.text() == table_headline(session)
        winner = session.winner
        result = Result.DRAW if winner is None else Result.X_WINS if winner == 0 else Result.O_WINS
        expected.append((saved[-1], result))
    recorded = repository.list_games(GameFilter(game="connect4"), limit=1000)
    assert sorted((game.id, game.result) for game in recorded) == sorted(expected)


@pytest.mark.parametrize("size", [4, 6])
def test_every_row_and_column_game_ends_with_its_banner_and_is_recorded_once(
    qtbot: QtBot,
    game_window: MainWindow,
    repository: Repository,
    size: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A short look ahead, never a full solution: the dock's analysis of a 6×6 board's
    # middle game takes about a second a take at the window's own pace.
    search = row_and_column.analyse

    def short(position: Position, limit: Limit | None = None, **options: Any) -> RowColAnalysis:
        return search(position, Limit(nodes=20_000), **{**options, "exact": False})

    monkeypatch.setattr(row_and_column, "analyse", short)
    window = game_window
    saved: list[int] = []
    window.controller.game_saved.connect(saved.append)
    strategies = list(STRATEGIES)
    games: list[TableSetup] = []
    for strategy in strategies:
        for person_plays in (Player.A, Player.B):
            you, ai = "person:Alice", strategy
            a, b = (you, ai) if person_plays is Player.A else (ai, you)
            games.append(rowcol_setup(GameMode.HUMAN_VS_AI, a, b, size=size))
    pairings = [(a, b) for a in strategies for b in strategies]
    if size > 4:
        # A sample: Abacus solves a 6×6 board exactly, several seconds a game.
        pairings = pairings[1::5]
    for a_key, b_key in pairings:
        games.append(rowcol_setup(GameMode.AI_VS_AI, a_key, b_key, size=size, move_delay_ms=0))
    expected = []
    for number, setup in enumerate(games):
        rng = random.Random(number)
        before = len(saved)
        session = window.start_table_game(setup, seed=500 + number).session
        assert session is not None
        while not (session.is_over and window.banner.isVisible()):
            qtbot.waitUntil(
                lambda s=session: (s.is_over and window.banner.isVisible()) or s.is_human_turn(),
                timeout=GAME_TIMEOUT_MS,
            )
            if not session.is_over:
                cell = rng.choice(position_of(session.state).allowed_cells())
                window.controller.cell_activated(*divmod(cell, size))
        assert len(saved) == before + 1, window.banner.save_note.text()
        winner = session.winner
        # The records keep A as X and B as O.
        result = Result.DRAW if winner is None else Result.X_WINS if winner == 0 else Result.O_WINS
        expected.append((saved[-1], result))
    recorded = repository.list_games(GameFilter(game=f"rowcol{size}"), limit=1000)
    assert sorted((game.id, game.result) for game in recorded) == sorted(expected)


def test_the_far_corners_game_against_cop_ends_and_is_recorded(
    qtbot: QtBot, game_window: MainWindow, repository: Repository
) -> None:
    # The game that was lost: a20, t1, t20, a1, a10 against Cop, at the window's own pace.
    window = game_window
    controller = window.controller
    controller.set_time_limit(1.0)
    four = Board.empty(get_variant("four"))
    setup = GameSetup(
        GameMode.HUMAN_VS_AI, PlayerSpec.human("Alice"), PlayerSpec.ai("cop"), four, seed=3
    )
    window.new_game(setup)
    for name in ("a20", "t1", "t20", "a1", "a10"):
        qtbot.waitUntil(controller.is_human_turn, timeout=GAME_TIMEOUT_MS)
        move = board(window).parse_move(name)
        assert play(window, move.row, move.col)
    qtbot.waitUntil(lambda: controller.game_over_info is not None, timeout=GAME_TIMEOUT_MS)
    assert board(window).winner is Mark.O
    assert window.banner.isVisible()
    recorded = repository.list_games(GameFilter(game="four"))
    assert [game.result for game in recorded] == [Result.O_WINS]
    assert "Alice (X)" in window.banner.summary.text()


def win_for_x(window: MainWindow) -> None:
    window.new_game(
        GameSetup(GameMode.HUMAN_VS_HUMAN, PlayerSpec.human("Alice"), PlayerSpec.human("Bob"))
    )
    for row, col in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):
        assert play(window, row, col)


@pytest.mark.parametrize("then", ["stop the analysis", "undo", "new game", "close"])
def test_a_game_that_ended_is_recorded_whatever_is_done_before_its_banner(
    qtbot: QtBot, game_window: MainWindow, repository: Repository, then: str
) -> None:
    # Each of these calls off the analysis the game's end was waiting for.
    window = game_window
    controller = window.controller
    win_for_x(window)
    assert controller.game_over_info is None  # the engine has not answered yet
    if then == "stop the analysis":
        controller.stop_analysis()
        assert window.banner.isVisible()
    elif then == "undo":
        controller.undo()
        assert board(window).ply == 4
    elif then == "new game":
        window.new_game(controller.setup)
    else:
        controller.shutdown()
    recorded = repository.list_games(GameFilter(game="tictactoe"))
    assert [game.result for game in recorded] == [Result.X_WINS]
