"""The compiled gravity solver against the pure-Python reference: the same scores, faster.

The compiled module is required here, not skipped when missing: the install builds it
(pyproject's ext-modules), so a build that silently failed must fail the suite. The
fallback itself is tested in a subprocess that blocks the module. Both solvers are
checked against an independent brute force in test_connect_four.py (through the game,
which uses the compiled one) and here against each other on seeded positions of many
board sizes, the 128-bit boards (10×10) included.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time

import pytest

from tictactoe_gui.engine import gravity_native
from tictactoe_gui.engine.connect_four import gravity_spec
from tictactoe_gui.engine.gravity_native import NativeSolver, solver_for
from tictactoe_gui.engine.gravity_search import (
    ExactSolver,
    GravityBoard,
    OutOfBudgetError,
    Position,
)
from tictactoe_gui.engine.limits import Limit

#: A 7×6 position (column digits) that takes the compiled solver seconds (a bench position).
HARD_CONNECT_FOUR = "76666151"
#: Its columns' scores, left to right, as Pascal Pons's C++ solver gives them (built from its
#: public source and run once with ``-a``, every column's score on the same scale as ours).
HARD_CONNECT_FOUR_SCORES = [-2, 1, 1, 0, 0, 1, -1]


def _position(board: GravityBoard, columns: list[int]) -> Position:
    position = Position(0, 0, 0)
    for col in columns:
        position = board.played(position, col)
    return position


def _open_positions(board: GravityBoard, discs: int, count: int, seed: int) -> list[Position]:
    """Seeded random positions of ``discs`` discs, played by quiet moves (none wins, none
    lets the opponent win at once), so that late positions of long games are reached."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position(0, 0, 0)
        while position.discs < discs:
            wins = board.winning_cells(position.mover, position.mask)
            quiet = board.non_losing_moves(position) & ~wins
            columns = [c for c in range(board.cols) if quiet & board.column_masks[c]]
            if not columns:
                break
            position = board.played(position, rng.choice(columns))
        if position.discs == discs:
            found.append(position)
    return found


def test_the_compiled_solver_is_built_and_loaded() -> None:
    assert gravity_native.available(), (
        f"the compiled gravity solver did not load: {gravity_native.UNAVAILABLE}"
    )
    assert gravity_native.widest_bits() == 128


@pytest.mark.parametrize(
    ("rows", "cols", "k", "discs", "count"),
    [
        (4, 4, 3, 2, 12),
        (4, 4, 4, 0, 1),
        (4, 4, 4, 3, 12),
        (5, 4, 4, 4, 12),
        (4, 5, 4, 4, 12),
        (5, 5, 4, 9, 10),
        (6, 5, 5, 16, 8),
        (5, 6, 3, 4, 8),
        (6, 7, 4, 22, 10),
        (7, 7, 4, 30, 6),  # 56 bits: on 128-bit words
        (10, 10, 4, 72, 6),  # 110 bits
        (9, 10, 5, 74, 6),
        (4, 10, 6, 28, 6),
    ],
)
def test_both_solvers_give_the_same_scores_on_seeded_positions(
    rows: int, cols: int, k: int, discs: int, count: int
) -> None:
    board = GravityBoard(rows, cols, k)
    reference = ExactSolver(board)
    compiled = NativeSolver(board, table_log2=18)
    # Boards of up to 49 bits on 64-bit words and the compact table, the others on 128-bit.
    assert compiled._core.wide == (board.cols * board.stride > 49)
    positions = _open_positions(board, discs, count, seed=rows * 100 + cols * 10 + k)
    for position in positions:
        expected = reference.score(position)
        assert compiled.score(position) == expected, position
        for col in board.centre_order:
            if board.landing_bit(position.mask, col):
                found = reference.move_score(position, col)
                assert compiled.move_score(position, col) == found, (position, col)
                # One null-window search tells whether the column keeps the value.
                compiled.clear()
                assert compiled.keeps(position, col, expected) == (found == expected)


def test_the_compiled_solver_without_its_table_still_agrees() -> None:
    """A table of a thousand slots, cleared between positions: collisions and misses at
    every turn change nothing but the time."""
    board = GravityBoard(5, 5, 4)
    reference = ExactSolver(board)
    compiled = NativeSolver(board, table_log2=10)
    for position in _open_positions(board, 6, 6, seed=7):
        compiled.clear()
        assert compiled.score(position) == reference.score(position)


def _solver(board: GravityBoard, compiled: bool) -> ExactSolver:
    return NativeSolver(board, table_log2=18) if compiled else ExactSolver(board)


@pytest.mark.parametrize("compiled", [False, True])
def test_both_solvers_say_how_deep_their_search_went(compiled: bool) -> None:
    board = GravityBoard(4, 4, 4)
    solver = _solver(board, compiled)
    assert solver.deepest == 0
    # The empty 4×4 board is a draw (the brute force in test_connect_four.py): no bound
    # settles a draw before a line of play is three discs from a full board.
    assert solver.score(Position(0, 0, 0)) == 0
    assert board.cells - 3 <= solver.deepest <= board.cells
    # Each search looks past its own position, counted from where its caller set it back.
    board = GravityBoard(5, 5, 4)
    for position in _open_positions(board, 9, 4, seed=3):
        solver = _solver(board, compiled)
        solver.deepest = position.discs
        solver.score(position)
        assert position.discs < solver.deepest <= board.cells


def test_the_hard_positions_columns_match_an_independent_solver() -> None:
    """The slowest bench position of 8 to 12 discs, every column exact from a fresh table
    (the search's cutoffs through the table and its first guess at the score change
    nothing but the time)."""
    board = GravityBoard(6, 7, 4)
    position = _position(board, [int(d) - 1 for d in HARD_CONNECT_FOUR])
    solver = NativeSolver(board)
    found = [solver.move_score(position, col) for col in board.centre_order]
    by_column = dict(zip(board.centre_order, found, strict=True))
    assert [by_column[col] for col in range(board.cols)] == HARD_CONNECT_FOUR_SCORES


def test_a_board_too_wide_for_the_words_is_solved_in_python() -> None:
    assert gravity_native.fits(GravityBoard(10, 10, 4))
    assert not gravity_native.fits(GravityBoard(12, 12, 4))
    assert type(solver_for(GravityBoard(12, 12, 4))) is ExactSolver
    assert isinstance(solver_for(GravityBoard(6, 7, 4)), NativeSolver)


def test_the_node_limit_the_deadline_and_cancel_stop_the_compiled_search() -> None:
    board = GravityBoard(6, 7, 4)
    position = _position(board, [int(d) - 1 for d in HARD_CONNECT_FOUR])
    solver = NativeSolver(board, table_log2=16)
    with pytest.raises(OutOfBudgetError, match="time or nodes"):
        solver.score(position, node_limit=5000)
    assert solver.nodes == 5000
    started = time.process_time()  # processor time, which load does not stretch
    with pytest.raises(OutOfBudgetError, match="time or nodes"):
        solver.score(position, deadline=time.monotonic() + 0.05)
    assert time.process_time() - started < 1.0
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(OutOfBudgetError, match="cancelled"):
        solver.score(position, cancel=cancel)


def test_the_compiled_search_lets_other_threads_run() -> None:
    """While it searches, a Python thread keeps counting: the search holds no GIL."""
    board = GravityBoard(6, 7, 4)
    position = _position(board, [int(d) - 1 for d in HARD_CONNECT_FOUR])
    solver = NativeSolver(board, table_log2=16)
    counted = [0]
    done = threading.Event()

    def count() -> None:
        while not done.is_set():
            counted[0] += 1

    counter = threading.Thread(target=count)
    switch = sys.getswitchinterval()
    sys.setswitchinterval(0.001)
    try:
        counter.start()
        with pytest.raises(OutOfBudgetError):
            solver.score(position, deadline=time.monotonic() + 0.3)
        during = counted[0]
    finally:
        done.set()
        counter.join()
        sys.setswitchinterval(switch)
    # Holding the GIL, the counter would get a few switch intervals at most.
    assert during > 100_000


def test_two_threads_share_one_solver_safely() -> None:
    board = GravityBoard(5, 5, 4)
    reference = ExactSolver(board)
    positions = _open_positions(board, 5, 8, seed=11)
    expected = [reference.score(p) for p in positions]
    solver = NativeSolver(board, table_log2=12)
    found: dict[int, list[int]] = {}

    def run(name: int) -> None:
        found[name] = [solver.score(p) for p in positions]

    threads = [threading.Thread(target=run, args=(name,)) for name in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == {0: expected, 1: expected}


def test_bad_bitboards_are_refused_in_one_line() -> None:
    solver = NativeSolver(GravityBoard(6, 7, 4), table_log2=10)
    with pytest.raises(OverflowError):
        solver._core.score(1 << 130, 1 << 130)
    with pytest.raises(TypeError, match="an int"):
        solver._core.score("x", 0)


def test_connect_four_plays_and_analyses_through_the_compiled_solver() -> None:
    spec = gravity_spec(6, 7, 4)
    from tictactoe_gui.engine import connect_four

    assert isinstance(connect_four._solver(6, 7, 4), NativeSolver)
    assert isinstance(connect_four._solver(10, 10, 4), NativeSolver)
    assert type(connect_four._solver(4, 4, 4)) is NativeSolver
    start = spec.new_game()
    state = start.play_all(start.read_moves("45151554323"))
    assert spec.analyse(state, limit=Limit(time=30)).certainty.name == "PROVEN"


def test_without_the_module_connect_four_warns_once_and_solves_in_python() -> None:
    code = (
        "import sys\n"
        "sys.modules['tictactoe_gui.engine._gravity'] = None\n"
        "from tictactoe_gui.engine import gravity_native, connect_four\n"
        "from tictactoe_gui.engine.gravity_search import ExactSolver\n"
        "assert not gravity_native.available()\n"
        "spec = connect_four.gravity_spec(4, 4, 4)\n"
        "assert type(connect_four._solver(4, 4, 4)) is ExactSolver\n"
        "print(spec.solve(spec.new_game()).prediction)\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "default", "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("compiled Connect Four solver could not be loaded") == 1, done.stderr
    assert done.stdout.strip() == "draw (16 plies to a full board)"
