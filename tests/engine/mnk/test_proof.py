"""Proof-number search and the solver built on it, against brute force written here."""

from __future__ import annotations

import functools
import threading

import pytest

from tests.engine.mnk import brute
from tests.engine.mnk.positions import positions
from tictactoe_gui.engine.mnk.limits import Budget, Limit, SearchStopped
from tictactoe_gui.engine.mnk.proof import ProofSearch, forces_win
from tictactoe_gui.engine.mnk.search import Outcome
from tictactoe_gui.engine.mnk.solve import solve


def maker_wins(rows: int, cols: int, k: int, x: int, o: int, maker: str) -> bool:
    """Brute force of the Maker-Breaker game: can ``maker`` make k in a row against any blocking?

    The other side's stones only block; the side to move is X when the stone
    counts are equal. Plain memoised search over every move, sharing nothing
    with the engine.
    """

    @functools.cache
    def value(cells: tuple[str, ...]) -> bool:
        mover = brute.mover_of(cells)
        empties = [i for i, mark in enumerate(cells) if mark == "."]
        results = []
        for cell in empties:
            child = (*cells[:cell], mover, *cells[cell + 1 :])
            if mover == maker and brute.has_line(child, rows, cols, k, maker):
                return True
            results.append(value(child))
        if mover == maker:
            return any(results)
        return bool(results) and all(results)

    return value(brute.to_cells(rows, cols, x, o))


def _budget() -> Budget:
    return Budget(Limit())


CASES = [(3, 3, 3, 2, 12), (3, 4, 3, 3, 12), (4, 4, 3, 5, 8), (4, 4, 4, 7, 8)]


@pytest.mark.parametrize(("rows", "cols", "k", "stones", "count"), CASES)
def test_real_game_proofs_agree_with_brute_force(
    rows: int, cols: int, k: int, stones: int, count: int
) -> None:
    samples = positions(stones + 31 * rows, rows, cols, k, stones, count)
    if rows * cols <= 12:
        samples.append((0, 0))
    for x, o in samples:
        outcome, _ = brute.solve(rows, cols, k, x, o)
        mover = 1 if x.bit_count() == o.bit_count() else 2
        mover_wins = forces_win(rows, cols, k, x, o, mover, maker_breaker=False, budget=_budget())
        other_wins = forces_win(
            rows, cols, k, x, o, 3 - mover, maker_breaker=False, budget=_budget()
        )
        assert (mover_wins, other_wins) == (outcome == "win", outcome == "loss"), (x, o)


@pytest.mark.parametrize(("rows", "cols", "k", "stones", "count"), CASES)
def test_maker_breaker_proofs_agree_with_brute_force(
    rows: int, cols: int, k: int, stones: int, count: int
) -> None:
    samples = positions(stones + 17 * cols, rows, cols, k, stones, count)
    if rows * cols <= 12:
        samples.append((0, 0))
    for x, o in samples:
        for attacker, mark in ((1, "X"), (2, "O")):
            expected = maker_wins(rows, cols, k, x, o, mark)
            got = forces_win(rows, cols, k, x, o, attacker, maker_breaker=True, budget=_budget())
            assert got == expected, (x, o, mark)
            if not got:
                # A breaker who stops the maker stops the same side in the real game.
                outcome, _ = brute.solve(rows, cols, k, x, o)
                mover = "X" if x.bit_count() == o.bit_count() else "O"
                assert outcome != ("win" if mark == mover else "loss"), (x, o, mark)


def test_maker_breaker_is_not_the_real_game() -> None:
    # On 3x3 the maker wins Maker-Breaker, though tic-tac-toe is a draw: the real
    # search must not stop at it.
    assert forces_win(3, 3, 3, 0, 0, 1, maker_breaker=True, budget=_budget())
    assert not forces_win(3, 3, 3, 0, 0, 1, maker_breaker=False, budget=_budget())


def test_a_tiny_table_still_gives_exact_answers() -> None:
    rows, cols, k = 4, 4, 3
    for x, o in positions(5, rows, cols, k, 5, 6):
        outcome, _ = brute.solve(rows, cols, k, x, o)
        mover = 1 if x.bit_count() == o.bit_count() else 2
        search = ProofSearch(
            rows, cols, k, mover, maker_breaker=False, budget=_budget(), max_entries=40
        )
        assert search.run(x, o) == (outcome == "win"), (x, o)
        assert len(search.table) <= 41


def _play_out(rows: int, cols: int, line: tuple[tuple[int, int], ...], x: int, o: int) -> str:
    """The cells after the line, checking every move is to an empty cell."""
    cells = list(brute.to_cells(rows, cols, x, o))
    mover = brute.mover_of(tuple(cells))
    for row, col in line:
        assert cells[row * cols + col] == "."
        cells[row * cols + col] = mover
        mover = "O" if mover == "X" else "X"
    return "".join(cells)


SOLVE_CASES = [
    (3, 3, 3, 0, 1),
    (3, 4, 3, 0, 1),
    (3, 4, 3, 4, 8),
    (4, 4, 3, 6, 8),
    (4, 4, 4, 6, 8),
    (5, 5, 4, 15, 8),
]


@pytest.mark.parametrize(("rows", "cols", "k", "stones", "count"), SOLVE_CASES)
def test_solve_by_proof_agrees_with_brute_force(
    rows: int, cols: int, k: int, stones: int, count: int
) -> None:
    for x, o in positions(stones * 3 + rows, rows, cols, k, stones, count):
        outcome, plies = brute.solve(rows, cols, k, x, o)
        solution = solve(rows, cols, k, x, o, method="proof")
        assert solution.outcome.value == outcome, (x, o)
        assert solution.plies == plies, (x, o)
        assert len(solution.line) == plies  # the quickest win against the longest defence
        # The line keeps the value: the winner makes k in a row; a draw fills the board.
        cells = tuple(_play_out(rows, cols, solution.line, x, o))
        mover = brute.mover_of(brute.to_cells(rows, cols, x, o))
        other = "O" if mover == "X" else "X"
        winner = {"win": mover, "loss": other, "draw": None}[outcome]
        for mark in "XO":
            assert brute.has_line(cells, rows, cols, k, mark) == (mark == winner), (x, o)
        if winner is None:
            assert "." not in cells


@pytest.mark.parametrize(
    ("rows", "cols", "k", "outcome"),
    [(4, 4, 3, Outcome.WIN), (4, 4, 4, Outcome.DRAW), (4, 5, 4, Outcome.DRAW)],
)
def test_solve_by_proof_gives_published_values(
    rows: int, cols: int, k: int, outcome: Outcome
) -> None:
    solution = solve(rows, cols, k, method="proof")
    assert solution.outcome is outcome
    assert solution.plies == (rows * cols if outcome is Outcome.DRAW else 5)


def test_a_win_whose_distance_runs_out_of_nodes_is_still_a_proven_win() -> None:
    rows, cols, k = 5, 5, 4
    x, o = 0b00000_00000_01100_00000_00000, 0b10001_00000_00000_00000_00000
    budget = _budget()
    assert forces_win(rows, cols, k, x, o, 1, maker_breaker=False, budget=budget)
    # Nodes enough for the value, not for the distance.
    solution = solve(rows, cols, k, x, o, method="proof", limit=Limit(nodes=budget.nodes + 1))
    assert (solution.outcome, solution.plies) == (Outcome.WIN, None)
    cells = tuple(_play_out(rows, cols, solution.line, x, o))
    assert brute.has_line(cells, rows, cols, k, "X")
    full = solve(rows, cols, k, x, o, method="proof")
    assert (full.outcome, full.plies, len(full.line)) == (Outcome.WIN, 3, 3)


def test_auto_picks_the_search_by_the_empty_cells() -> None:
    # 3x3's search is unchanged: alpha-beta, with the same node count as asked by name.
    auto = solve(3, 3, 3)
    named = solve(3, 3, 3, method="alphabeta")
    assert (auto.outcome, auto.plies, auto.nodes) == (named.outcome, named.plies, named.nodes)
    # Above 16 empty cells, proof-number search.
    for x, o in positions(3, 5, 5, 4, 8, 2):
        auto = solve(5, 5, 4, x, o)
        named = solve(5, 5, 4, x, o, method="proof")
        assert (auto.outcome, auto.plies, auto.nodes) == (named.outcome, named.plies, named.nodes)


def test_proof_search_stops_on_cancel_and_limits() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchStopped):
        solve(5, 5, 4, method="proof", cancel=cancel)
    with pytest.raises(SearchStopped):
        solve(6, 5, 4, method="proof", limit=Limit(nodes=300))
    with pytest.raises(ValueError, match="best move"):
        solve(4, 4, 4, method="proof", all_moves=True)


@pytest.mark.parametrize("stop", ["cancel", "deadline"])
def test_a_limit_stops_the_proof_search_within_one_node(
    stop: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A proof node on a big board costs milliseconds: looking at the clock only every
    # few dozen nodes let a 2 s limit run to 2.7 s on 20×20.
    cancel = threading.Event()
    budget = Budget(Limit(), cancel)
    search = ProofSearch(20, 20, 5, 1, maker_breaker=False, budget=budget)
    expand = search._expand
    expanded = 0

    def counted(x: int, o: int, left: int) -> object:
        nonlocal expanded
        expanded += 1
        if expanded == 3:
            if stop == "cancel":
                cancel.set()
            else:
                budget.deadline = 0.0  # long past
        return expand(x, o, left)

    monkeypatch.setattr(search, "_expand", counted)
    with pytest.raises(SearchStopped):
        search.run(0, 0)
    assert expanded == 3
