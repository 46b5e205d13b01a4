"""Exact solving of small boards: published values, and agreement with brute force."""

from __future__ import annotations

import threading
import time

import pytest

from tests.engine.mnk import brute
from tests.engine.mnk.positions import positions
from tictactoe_gui.engine.mnk.limits import Limit, SearchStopped
from tictactoe_gui.engine.mnk.search import Outcome
from tictactoe_gui.engine.mnk.solve import solve


@pytest.mark.parametrize(
    ("rows", "cols", "k", "outcome", "plies"),
    [
        (3, 3, 3, Outcome.DRAW, 9),
        (3, 4, 3, Outcome.WIN, 7),
        (4, 3, 3, Outcome.WIN, 7),
        (4, 4, 3, Outcome.WIN, 5),
        (4, 4, 4, Outcome.DRAW, 16),
    ],
)
def test_published_values_from_the_empty_board(
    rows: int, cols: int, k: int, outcome: Outcome, plies: int
) -> None:
    solution = solve(rows, cols, k)
    assert (solution.outcome, solution.plies) == (outcome, plies)


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 4, 3), (4, 4, 3)])
def test_principal_line_plays_out_the_value(rows: int, cols: int, k: int) -> None:
    solution = solve(rows, cols, k)
    cells = ["."] * (rows * cols)
    for ply, (row, col) in enumerate(solution.line):
        assert cells[row * cols + col] == "."
        cells[row * cols + col] = "XO"[ply % 2]
    assert len(solution.line) == solution.plies
    assert brute.has_line(tuple(cells), rows, cols, k, "X")


@pytest.mark.parametrize(
    ("rows", "cols", "k", "stones", "count"),
    [(3, 3, 3, 2, 20), (3, 4, 3, 3, 20), (4, 4, 3, 6, 12), (4, 4, 4, 8, 10), (4, 5, 4, 10, 4)],
)
def test_agrees_with_brute_force(rows: int, cols: int, k: int, stones: int, count: int) -> None:
    for x, o in positions(stones + rows * 7, rows, cols, k, stones, count):
        expected = brute.solve(rows, cols, k, x, o)
        solution = solve(rows, cols, k, x, o)
        assert (solution.outcome.value, solution.plies) == expected, (x, o)


def test_every_move_valued_exactly_when_asked() -> None:
    rows, cols, k = 4, 4, 3
    for x, o in positions(11, rows, cols, k, 6, 4):
        solution = solve(rows, cols, k, x, o, all_moves=True)
        for (row, col), outcome, plies in solution.moves:
            cell = 1 << (row * cols + col)
            child_x, child_o = (
                (x | cell, o)
                if bin(x).count("1") == bin(o).count("1")
                else (
                    x,
                    o | cell,
                )
            )
            mover = "X" if child_x != x else "O"
            if brute.has_line(brute.to_cells(rows, cols, child_x, child_o), rows, cols, k, mover):
                assert (outcome, plies) == (Outcome.WIN, 1)
                continue
            reply_outcome, reply_plies = brute.solve(rows, cols, k, child_x, child_o)
            flipped = {"win": "loss", "loss": "win", "draw": "draw"}[reply_outcome]
            assert (outcome.value, plies) == (flipped, reply_plies + 1)


def test_cancel_and_node_limit_stop_the_solver() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchStopped):
        solve(5, 5, 4, cancel=cancel)
    with pytest.raises(SearchStopped):
        solve(5, 5, 4, limit=Limit(nodes=500))


def test_progress_reports_each_root_pass() -> None:
    seen: list[tuple[int, int]] = []
    solve(4, 4, 3, on_move=lambda done, total: seen.append((done, total)))
    assert seen
    assert seen[-1][0] <= seen[-1][1]


def test_the_limit_holds_while_the_line_is_read_and_the_value_stands() -> None:
    # No line of ten fits to be completed against a defender (proven at once: some 0.2 s
    # of processor time, which a busy machine stretched past a limit of 0.5 s); reading
    # the 400-ply line that keeps the draw takes hours. The time taken is counted in
    # processor time, which a busy machine does not stretch as it does the clock.
    started = time.process_time()
    solution = solve(20, 20, 10, limit=Limit(time=2))
    assert time.process_time() - started < 5
    assert (solution.outcome, solution.plies) == (Outcome.DRAW, 400)
    assert not solution.line_complete
    assert len(solution.line) < 400
    # Under load the time may run out before the line's first move: no move is then named.
    expected = ((solution.line[0], Outcome.DRAW, 400),) if solution.line else ()
    assert solution.moves == expected


def test_a_node_limit_holds_while_the_line_is_read_too() -> None:
    solution = solve(15, 15, 9, limit=Limit(nodes=2_000))
    assert solution.outcome is Outcome.DRAW
    assert not solution.line_complete
    assert solution.nodes <= 2_000 + 64  # one look at the clock's worth of nodes at most


def test_alpha_beta_keeps_the_value_when_the_limit_falls_while_the_line_is_read() -> None:
    full = solve(4, 4, 4)
    assert full.line_complete
    # The line is read last: a node limit just short of the whole count falls inside it.
    cut = solve(4, 4, 4, limit=Limit(nodes=full.nodes - 1))
    assert (cut.outcome, cut.plies, cut.moves) == (full.outcome, full.plies, full.moves)
    assert not cut.line_complete
    assert cut.line == full.line[: len(cut.line)]
    assert 0 < len(cut.line) < len(full.line)
