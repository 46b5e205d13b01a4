"""The compiled proof-number search against its pure-Python reference and brute force."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from tests.engine.mnk import brute
from tests.engine.mnk.positions import positions
from tictactoe_gui.engine.mnk import proof_native
from tictactoe_gui.engine.mnk.limits import Budget, Limit, SearchStopped
from tictactoe_gui.engine.mnk.proof import UNLIMITED, ProofSearch
from tictactoe_gui.engine.mnk.proof_native import NativeProofSearch, proof_search
from tictactoe_gui.engine.mnk.search import Outcome
from tictactoe_gui.engine.mnk.solve import solve

BOARDS = [(3, 3, 3), (3, 4, 3), (4, 4, 3), (4, 4, 4), (4, 5, 4), (5, 5, 4)]


def _pair(
    rows: int,
    cols: int,
    k: int,
    attacker: int,
    *,
    maker_breaker: bool = False,
    entries: int = 1 << 21,
) -> tuple[ProofSearch, NativeProofSearch]:
    python = ProofSearch(
        rows,
        cols,
        k,
        attacker,
        maker_breaker=maker_breaker,
        budget=Budget(Limit()),
        max_entries=entries,
    )
    native = NativeProofSearch(
        rows,
        cols,
        k,
        attacker,
        maker_breaker=maker_breaker,
        budget=Budget(Limit()),
        max_entries=entries,
    )
    return python, native


def test_the_compiled_proof_search_is_built_and_loaded() -> None:
    assert proof_native.available(), proof_native.UNAVAILABLE
    assert proof_native.supports(6, 5, 4)
    assert not proof_native.supports(9, 9, 5)  # 81 cells: the pure-Python search takes it
    assert isinstance(
        proof_search(9, 9, 5, 1, maker_breaker=False, budget=Budget(Limit())), ProofSearch
    )


@pytest.mark.parametrize(("rows", "cols", "k"), BOARDS)
@pytest.mark.parametrize("maker_breaker", [False, True])
def test_both_searches_settle_the_same_positions_with_the_same_work(
    rows: int, cols: int, k: int, maker_breaker: bool
) -> None:
    stones = 8 if rows * cols >= 25 else 3
    samples = positions(rows * 7 + cols + k, rows, cols, k, stones, 4)
    if rows * cols < 20:
        samples.append((0, 0))  # bigger empty boards are the benchmark's, not a unit test's
    for x, o in samples:
        for attacker in (1, 2):
            python, native = _pair(rows, cols, k, attacker, maker_breaker=maker_breaker)
            answer = python.run(x, o)
            assert native.run(x, o) == answer, (x, o, attacker)
            assert native.budget.nodes == python.budget.nodes, (x, o, attacker)
            assert len(native) == len(python), (x, o, attacker)
            # The same children, keys, what the table knows and the order they are tried in.
            assert native.children(x, o) == python.children(x, o)


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 4, 3), (4, 4, 3), (5, 5, 4)])
def test_both_searches_agree_within_a_number_of_plies(rows: int, cols: int, k: int) -> None:
    stones = 10 if rows * cols >= 25 else 3
    for x, o in positions(rows + 5 * k, rows, cols, k, stones, 4):
        mover = 1 if x.bit_count() == o.bit_count() else 2
        python, native = _pair(rows, cols, k, mover)
        for left in (1, 3, 5, 7, UNLIMITED):
            assert native.run(x, o, left=left) == python.run(x, o, left=left), (x, o, left)
            assert native.budget.nodes == python.budget.nodes, (x, o, left)
        for child in python.children(x, o, 5):
            key = child[2]
            assert native.run(child[0], child[1], key, left=4) == python.run(
                child[0], child[1], key, left=4
            )


def test_a_tiny_table_gives_exact_answers_and_the_same_work() -> None:
    rows, cols, k = 4, 4, 3
    for x, o in positions(5, rows, cols, k, 5, 6):
        outcome, _ = brute.solve(rows, cols, k, x, o)
        mover = 1 if x.bit_count() == o.bit_count() else 2
        python, native = _pair(rows, cols, k, mover, entries=40)
        assert native.run(x, o) == python.run(x, o) == (outcome == "win"), (x, o)
        assert native.budget.nodes == python.budget.nodes
        assert len(native) == len(python) <= 41


@pytest.mark.parametrize(("rows", "cols", "k"), BOARDS[:5])
def test_the_compiled_search_agrees_with_brute_force(rows: int, cols: int, k: int) -> None:
    stones = 10 if rows * cols >= 20 else 7 if rows * cols >= 16 else 2
    samples = positions(rows * cols + k, rows, cols, k, stones, 6)
    if rows * cols <= 12:
        samples.append((0, 0))
    for x, o in samples:
        outcome, _ = brute.solve(rows, cols, k, x, o)
        mover = 1 if x.bit_count() == o.bit_count() else 2
        wins = [
            proof_search(rows, cols, k, side, maker_breaker=False, budget=Budget(Limit())).run(x, o)
            for side in (mover, 3 - mover)
        ]
        assert wins == [outcome == "win", outcome == "loss"], (x, o)


@pytest.mark.parametrize(("nodes"), [1, 2, 37, 2500, 5000])
def test_both_searches_stop_at_the_same_node(nodes: int) -> None:
    python = ProofSearch(5, 5, 4, 1, maker_breaker=False, budget=Budget(Limit(nodes=nodes)))
    native = NativeProofSearch(5, 5, 4, 1, maker_breaker=False, budget=Budget(Limit(nodes=nodes)))
    for search in (python, native):
        with pytest.raises(SearchStopped) as stopped:
            search.run(0, 0)
        assert stopped.value.nodes == nodes
    assert len(native) == len(python)
    # What was stored stays good: the search carries on to the same answer with more nodes.
    for search in (python, native):
        search.budget = Budget(Limit())
    assert native.run(0, 1 << 12) == python.run(0, 1 << 12)
    assert native.budget.nodes == python.budget.nodes


def test_solve_gives_the_same_solution_either_way() -> None:
    for x, o in positions(11, 5, 5, 4, 9, 3) + positions(12, 4, 5, 4, 4, 3):
        rows, cols = (5, 5) if (x | o) >> 20 else (4, 5)
        fast = solve(rows, cols, 4, x, o, method="proof")
        slow = solve(rows, cols, 4, x, o, method="proof", compiled=False)
        assert (fast.outcome, fast.plies, fast.line, fast.moves, fast.nodes) == (
            slow.outcome,
            slow.plies,
            slow.line,
            slow.moves,
            slow.nodes,
        )


def test_published_values_of_the_empty_boards() -> None:
    # 3x3: a draw; 3x4 k3: X wins in 7 plies; 4x4 k3: X wins in 5; 4x4 k4 and 5x5 k4:
    # draws; 6x5 k4: X wins in 11 plies.
    three = solve(3, 3, 3, method="proof")
    assert (three.outcome, three.plies) == (Outcome.DRAW, 9)
    wide = solve(3, 4, 3, method="proof")
    assert (wide.outcome, wide.plies) == (Outcome.WIN, 7)
    assert (wide.outcome.value, wide.plies) == brute.solve(3, 4, 3, 0, 0)
    four = solve(4, 4, 3, method="proof")
    assert (four.outcome, four.plies) == (Outcome.WIN, 5)
    assert solve(4, 4, 4, method="proof").outcome is Outcome.DRAW
    assert solve(5, 5, 4).outcome is Outcome.DRAW
    six = solve(6, 5, 4)
    assert (six.outcome, six.plies, len(six.line)) == (Outcome.WIN, 11, 11)
    cells = tuple(brute.to_cells(6, 5, 0, 0))
    board = list(cells)
    for ply, (row, col) in enumerate(six.line):
        board[row * 5 + col] = "XO"[ply % 2]
    assert brute.has_line(tuple(board), 6, 5, 4, "X")


def test_the_search_releases_the_gil_and_stops_on_cancel() -> None:
    cancel = threading.Event()
    native = NativeProofSearch(5, 5, 4, 1, maker_breaker=False, budget=Budget(Limit(), cancel))
    stopped: list[int] = []

    def run() -> None:
        try:
            native.run(0, 0)
        except SearchStopped as stop:
            stopped.append(stop.nodes)

    # The search asks now and then whether to stop: once it has counted 4,096 nodes this
    # thread, which it lets run meanwhile (holding the GIL would keep it waiting for the
    # whole proof), stops it.
    counted = threading.Event()
    native.budget.on_check = lambda nodes: counted.set() if nodes >= 4_096 else None
    worker = threading.Thread(target=run)
    worker.start()
    assert counted.wait(timeout=30)
    cancel.set()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert stopped
    assert 4_096 <= stopped[0] < 394_989  # the whole proof takes 394,989


def test_bad_input_is_refused_with_a_message() -> None:
    native = NativeProofSearch(3, 3, 3, 1, maker_breaker=False, budget=Budget(Limit()))
    with pytest.raises(ValueError, match="plies left"):
        native.run(0, 0, left=200)
    with pytest.raises(ValueError, match="off the board"):
        native.run(1 << 9, 0)
    with pytest.raises(ValueError, match="cannot take"):
        NativeProofSearch(9, 9, 5, 1, maker_breaker=False, budget=Budget(Limit()))


def test_without_the_module_solve_searches_in_python() -> None:
    code = (
        "import sys\n"
        "sys.modules['tictactoe_gui.engine.mnk._proof'] = None\n"
        "from tictactoe_gui.engine.mnk import proof_native\n"
        "from tictactoe_gui.engine.mnk.solve import solve\n"
        "assert not proof_native.available()\n"
        "s = solve(4, 5, 4, method='proof')\n"
        "print(s.outcome.value, s.nodes)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    expected = solve(4, 5, 4, method="proof")
    assert done.stdout.strip() == f"{expected.outcome.value} {expected.nodes}"
