"""k in a row on any board: text, win detection, symmetry and exact values of small boards.

The checks here do not trust the engine's own machinery: win detection is
compared with a naive scanner, and exact values with a brute-force solver
written straight from the rules on plain lists.
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings, strategies as st

from tictactoe_gui.engine import SERA, Algorithm, Board, BoardError, Mark, Move, analyse
from tictactoe_gui.engine.analysis import MoveOutcome
from tictactoe_gui.engine.board import geometry as board_geometry
from tictactoe_gui.engine.estimate import estimate
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.search import SearchProgress
from tictactoe_gui.engine.variants import FOUR, GOMOKU, Variant, get_variant

SIZES = st.sampled_from(["3x3k3", "3x4k3", "4x4k4", "5x5k4", "7x5k4", "15x15k5", "20x20k4"])


def naive_line(cells: list[list[str]], mark: str, k: int) -> bool:
    """Whether ``mark`` has k in a row: walk every cell in every direction."""
    rows, cols = len(cells), len(cells[0])
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = 0
                rr, cc = r, c
                while 0 <= rr < rows and 0 <= cc < cols and cells[rr][cc] == mark:
                    run += 1
                    rr, cc = rr + dr, cc + dc
                if run >= k:
                    return True
    return False


@st.composite
def random_grids(draw: st.DrawFn) -> tuple[Variant, list[list[str]]]:
    """Any filling of a board with X, O and empty (not necessarily a legal position)."""
    variant = get_variant(draw(SIZES))
    density = draw(st.floats(0.0, 0.9))
    rng = random.Random(draw(st.integers(0, 2**32)))
    cells = [
        [rng.choice("XO") if rng.random() < density else "." for _ in range(variant.cols)]
        for _ in range(variant.rows)
    ]
    return variant, cells


@given(random_grids())
@settings(max_examples=200)
def test_line_detection_agrees_with_a_naive_scanner(grid: tuple[Variant, list[list[str]]]) -> None:
    variant, cells = grid
    geo = Board.empty(variant).geometry
    for mark in "XO":
        mask = sum(
            1 << (r * variant.cols + c)
            for r in range(variant.rows)
            for c in range(variant.cols)
            if cells[r][c] == mark
        )
        assert geo.has_line(mask) == naive_line(cells, mark, variant.k)
        run = geo.winning_run(mask)
        assert (run is not None) == naive_line(cells, mark, variant.k)
        if run is not None:
            assert len(run) >= variant.k
            assert all(mask >> cell & 1 for cell in run)


@st.composite
def played_boards(draw: st.DrawFn) -> Board:
    """A legal position reached by random moves on a random board size."""
    board = Board.empty(get_variant(draw(SIZES)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 40))):
        moves = board.legal_moves()
        if not moves:
            break
        board = board.play(rng.choice(moves))
    return board


@given(played_boards())
@settings(max_examples=150)
def test_text_round_trips_on_every_board(board: Board) -> None:
    assert Board.from_text(board.to_rows(), board.variant) == board
    assert Board.from_text(board.to_text(), board.variant) == board


@given(played_boards())
@settings(max_examples=100)
def test_symmetric_images_are_legal_positions_with_the_same_outcome(board: Board) -> None:
    images = board.symmetries()
    assert len(images) == (8 if board.variant.is_square else 4)
    for image in images:
        assert image.ply == board.ply
        assert (image.outcome is None) == (board.outcome is None)
        assert image.canonical() == board.canonical()


def test_an_empty_twenty_by_twenty_board_is_twenty_twenties() -> None:
    assert Board.empty(FOUR).to_text() == "/".join(["20"] * 20)
    assert Board.from_text("/".join(["20"] * 20), FOUR) == Board.empty(FOUR)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("20/20", "has 20 rows"),
        ("/".join(["20"] * 19 + ["21"]), "row 20 .* has 21 cells"),
        ("/".join(["20"] * 19 + ["019"]), "bad character '0'"),
        ("/".join(["20"] * 19 + ["Z19"]), "bad character 'Z'"),
        ("/".join(["XX18"] + ["20"] * 19), "impossible counts"),
    ],
)
def test_bad_big_board_text_is_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        Board.from_text(text, FOUR)


def test_k_or_more_in_a_row_wins() -> None:
    # Gomoku here is freestyle: a six also wins.
    board = Board.from_text("XXXXXX9/OOOO.O9/" + "/".join(["15"] * 13), GOMOKU)
    outcome = board.outcome
    assert outcome is not None
    assert outcome.winner is Mark.X
    assert len(outcome.line or ()) == 6


# -- exact values against an independent brute force ------------------------------------


def naive_lines(variant: Variant) -> list[tuple[int, ...]]:
    """Every k cells in a line, found by walking the board (not by the engine's geometry)."""
    rows, cols, k = variant.rows, variant.cols, variant.k
    lines = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + dr * i, c + dc * i) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    lines.append(tuple(rr * cols + cc for rr, cc in cells))
    return lines


@functools.cache
def _solver(variant: Variant):  # type: ignore[no-untyped-def]
    n = variant.rows * variant.cols
    through = [[line for line in naive_lines(variant) if i in line] for i in range(n)]

    @functools.cache
    def value(grid: tuple[str, ...], mover: str) -> int:
        other = "O" if mover == "X" else "X"
        best = None
        for i, cell in enumerate(grid):
            if cell != ".":
                continue
            child = (*grid[:i], mover, *grid[i + 1 :])
            if any(all(child[j] == mover for j in line) for line in through[i]):
                score = n + 1
            elif "." not in child:
                score = 0
            else:
                v = value(child, other)
                score = -v + 1 if v > 0 else -v - 1 if v < 0 else 0
            if best is None or score > best:
                best = score
        assert best is not None
        return best

    return value


def brute_force(variant: Variant, cells: tuple[str, ...], to_move: str) -> int:
    """The mover's depth-aware value (cells + 2 - p for a win in p plies), by plain negamax."""
    return int(_solver(variant)(cells, to_move))


def positions(variant: Variant, count: int, min_ply: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        board = Board.empty(variant)
        for _ in range(rng.randint(min_ply, variant.cells - 1)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            found.append(board)
    return found


@pytest.mark.parametrize(
    ("variant_id", "min_ply", "count"), [("3x4k3", 2, 40), ("4x4k3", 5, 30), ("4x4k4", 7, 25)]
)
def test_exact_scores_agree_with_a_brute_force_solver(
    variant_id: str, min_ply: int, count: int
) -> None:
    variant = get_variant(variant_id)
    for board in positions(variant, count, min_ply, seed=len(variant_id) * 7 + min_ply):
        analysis = analyse(board, Algorithm.TABLE)
        assert analysis.exact
        cells = tuple(board._char(i) for i in range(board.cells))
        mover = board.to_move.value
        other = board.to_move.other.value
        for candidate in analysis.candidates:
            child = board.play(candidate.move)
            if child.is_over:
                expected = 0 if child.winner is None else board.cells + 1
            else:
                grid = tuple(child._char(i) for i in range(board.cells))
                v = brute_force(variant, grid, other)
                expected = -v + 1 if v > 0 else -v - 1 if v < 0 else 0
            assert candidate.score == expected, (board.to_rows(), candidate.move)
        assert analysis.best_score == brute_force(variant, cells, mover)


@pytest.mark.parametrize(
    ("variant_id", "winner", "plies"),
    [("3x4k3", Mark.X, 7), ("4x3k3", Mark.X, 7), ("4x4k3", Mark.X, 5), ("4x4k4", None, 16)],
)
def test_published_values_of_small_boards(variant_id: str, winner: Mark | None, plies: int) -> None:
    analysis = analyse(Board.empty(get_variant(variant_id)))
    assert analysis.exact
    assert analysis.prediction.winner is winner
    assert analysis.prediction.plies_to_end == plies
    # The expected line reaches that result in that many plies.
    end = Board.empty(get_variant(variant_id)).play_all(analysis.principal_variation)
    assert end.is_over
    assert end.winner is winner
    assert len(analysis.principal_variation) == plies


def test_the_three_algorithms_agree_on_a_small_board() -> None:
    variant = get_variant("3x4k3")
    for board in positions(variant, 10, 3, seed=5):
        scores = {
            algorithm: [(c.move, c.score) for c in analyse(board, algorithm).candidates]
            for algorithm in Algorithm
        }
        assert scores[Algorithm.MINIMAX] == scores[Algorithm.ALPHABETA] == scores[Algorithm.TABLE]


# -- boards too big to solve ---------------------------------------------------------------


def test_a_big_board_is_estimated_and_says_so() -> None:
    board = Board.empty(FOUR).play_all([Move(9, 9), Move(9, 10), Move(10, 10)])
    analysis = analyse(board)
    assert not analysis.exact
    assert analysis.depth > 0
    assert analysis.prediction.code is None
    assert "estimate" in str(analysis.prediction)
    assert all(c.outcome is None for c in analysis.candidates)
    # O must answer near the marks, and the dock has a line to show.
    assert analysis.principal_variation
    assert analysis.evaluation is not None


def test_a_win_in_one_on_a_big_board_is_proven() -> None:
    board = Board.from_text("XXX17/OOO17/" + "/".join(["20"] * 18), FOUR)
    analysis = analyse(board)
    assert analysis.exact
    assert analysis.prediction.winner is Mark.X
    assert analysis.prediction.plies_to_end == 1
    assert analysis.candidates[0].outcome is MoveOutcome.WIN
    assert analysis.candidates[0].move == Move(0, 3)


def test_a_nearly_full_big_board_is_solved_exactly() -> None:
    # 12 empty cells or fewer: solved on any board.
    board = Board.empty(get_variant("5x5k4"))
    rng = random.Random(3)
    while board.empties > 12 or board.is_over:
        board = Board.empty(board.variant)
        while board.empties > 12 and not board.is_over:
            board = board.play(rng.choice(board.legal_moves()))
    assert analyse(board, limit=Limit(nodes=1)).exact


def test_a_timed_estimate_deepens_and_reports_each_depth() -> None:
    board = Board.empty(GOMOKU).play_all([Move(7, 7), Move(7, 8), Move(8, 8)])
    reports: list[SearchProgress] = []
    analysis = analyse(board, limit=Limit(time=0.5), progress=reports.append)
    depths = [r.depth for r in reports if r.depth]
    assert depths == list(range(1, len(depths) + 1))  # one report per completed depth, in order
    assert depths[-1] == analysis.depth
    last = [r for r in reports if r.depth][-1]
    assert last.best_move == analysis.candidates[0].move
    assert last.score == analysis.candidates[0].score
    assert not analysis.exact


def test_one_limit_sets_the_depth_of_the_estimate() -> None:
    board = Board.empty(GOMOKU).play_all([Move(7, 7), Move(7, 8), Move(8, 8)])
    for depth in (1, 2):
        analysis = analyse(board, limit=Limit(depth=depth))
        # The estimate's own depth count, as it gives it asked for that many plies.
        assert analysis.depth == estimate(board, depth=depth).depth
        assert not analysis.exact
    assert analyse(board, limit=Limit(depth=2)).depth > analyse(board, limit=Limit(depth=1)).depth


def test_the_first_depth_always_completes_however_short_the_time() -> None:
    board = Board.empty(FOUR).play_all([Move(9, 9), Move(9, 10)])
    analysis = analyse(board, limit=Limit(time=1e-6))
    assert analysis.depth >= 1
    assert analysis.candidates


def test_a_threat_space_proof_makes_a_big_board_analysis_exact() -> None:
    # X to move with an open two on 20x20 (four in a row): an open three cannot be stopped.
    board = Board.empty(FOUR).play_all([Move(9, 9), Move(0, 0), Move(9, 10), Move(0, 19)])
    analysis = analyse(board)
    assert analysis.exact
    assert analysis.prediction.winner is Mark.X
    assert analysis.prediction.plies_to_end == 3
    assert analysis.candidates[0].outcome is MoveOutcome.WIN
    assert analysis.candidates[0].plies_to_end == 3
    end = board.play_all(analysis.principal_variation)
    assert end.winner is Mark.X
    assert len(analysis.principal_variation) == 3
    # The side facing the open three is told it loses, and how.
    facing = board.play(Move(9, 11))
    lost = analyse(facing)
    assert lost.exact
    assert lost.prediction.winner is Mark.X
    assert facing.play_all(lost.principal_variation).winner is Mark.X


def test_sera_plays_a_proven_win_on_a_big_board() -> None:
    board = Board.empty(FOUR).play_all([Move(9, 9), Move(0, 0), Move(9, 10), Move(0, 19)])
    decision = SERA.choose_move(board, random.Random(1))
    assert decision.move in (Move(9, 8), Move(9, 11))
    assert "win" in decision.thinking


def test_an_estimates_expected_line_starts_with_its_best_move() -> None:
    # Gomoku's opening, which no threat search settles (four in a row on 20×20 is a
    # first-player win the search proves within a few moves).
    board = Board.empty(GOMOKU).play_all([Move(7, 7), Move(7, 8), Move(8, 8), Move(6, 6)])
    reports: list[SearchProgress] = []
    analysis = analyse(board, progress=reports.append)
    assert not analysis.exact
    assert analysis.principal_variation[0] == analysis.candidates[0].move
    assert all(r.line[0] == r.best_move for r in reports if r.depth)
    board.play_all(analysis.principal_variation)  # a legal line


@pytest.mark.parametrize(
    ("rows", "cols", "k"), [(3, 3, 3), (4, 5, 3), (6, 4, 4), (3, 7, 3), (15, 15, 5), (20, 20, 4)]
)
def test_the_windows_through_each_cell_are_exactly_those_that_cover_it(
    rows: int, cols: int, k: int
) -> None:
    geometry = board_geometry(rows, cols, k)
    # Every run of k cells in a line, counted from the rules alone.
    runs = {
        sum(1 << (r + dr * i) * cols + c + dc * i for i in range(k))
        for r in range(rows)
        for c in range(cols)
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
        if 0 <= r + dr * (k - 1) < rows and 0 <= c + dc * (k - 1) < cols
    }
    assert set(geometry.window_masks) == runs
    assert len(geometry.window_masks) == len(runs)
    # The big-board engine's windows (lists of cells) are the same windows.
    assert {sum(1 << cell for cell in window) for window in geometry.windows} == runs
    for cell in range(rows * cols):
        # In the order of the windows, so searches see them as they always have.
        assert geometry.windows_through[cell] == tuple(
            window for window in geometry.window_masks if window >> cell & 1
        )
