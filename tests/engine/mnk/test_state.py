"""The incremental position: every count, threat and key equals a fresh build after any moves."""

from __future__ import annotations

import random

import pytest

from tests.engine.mnk.brute import has_line, to_cells
from tictactoe_gui.engine.mnk.geometry import geometry
from tictactoe_gui.engine.mnk.state import O, PositionError, State, X


def snapshot(state: State) -> tuple[object, ...]:
    return (
        list(state.cells),
        [list(c) for c in state.counts[1:]],
        state.evaluation,
        state.hash,
        state.empties,
        state.winner,
        [dict(w) for w in state.wins[1:]],
        [dict(f) for f in state.fours[1:]],
        [list(p) for p in state.potential[1:]],
        sorted(state.candidates),
        list(state.live),
        state.to_move,
        [list(p) for p in state.pattern[1:]],
        list(state.pattern_codes),
    )


def naive_win_cells(state: State, player: int) -> set[int]:
    """Cells where ``player`` would have k in a row, by trying each one."""
    rows, cols, k = state.rows, state.cols, state.k
    mark = "X" if player == X else "O"
    x, o = state.masks()
    found = set()
    for cell in range(rows * cols):
        if state.cells[cell] == 0:
            cells = list(to_cells(rows, cols, x, o))
            cells[cell] = mark
            if has_line(tuple(cells), rows, cols, k, mark):
                found.add(cell)
    return found


@pytest.mark.parametrize(("rows", "cols", "k"), [(4, 4, 3), (5, 5, 4), (6, 7, 4), (9, 9, 5)])
def test_make_and_unmake_match_a_fresh_build(rows: int, cols: int, k: int) -> None:
    rng = random.Random(rows * 100 + cols * 10 + k)
    for _ in range(25 if rows * cols < 50 else 6):
        state = State(rows, cols, k, patterns=k == 5)
        while not state.is_over:
            state.make(rng.choice([c for c in range(rows * cols) if state.cells[c] == 0]))
            if state.winner:
                assert has_line(
                    to_cells(rows, cols, *state.masks()), rows, cols, k, "XO"[state.winner - 1]
                )
                break
            fresh = State(rows, cols, k, *state.masks(), patterns=k == 5)
            assert snapshot(state) == snapshot(fresh)
            for player in (X, O):
                assert set(state.wins[player]) == naive_win_cells(state, player)
        while state.history:
            state.unmake()
        assert snapshot(state) == snapshot(State(rows, cols, k, patterns=k == 5))


def test_windows_count_every_line_of_k() -> None:
    # 20×20 with k = 4: 17 starts per row/column line in each of 20 lines, and 17×17 per diagonal.
    assert len(geometry(20, 20, 4).windows) == 2 * 20 * 17 + 2 * 17 * 17
    assert len(geometry(3, 4, 3).windows) == 3 * 2 + 4 * 1 + 2 * 2


def test_symmetries_are_permutations_that_keep_windows() -> None:
    for rows, cols in ((5, 5), (4, 6)):
        geo = geometry(rows, cols, 3)
        assert len(geo.symmetries) == (8 if rows == cols else 4)
        window_sets = {frozenset(w) for w in geo.windows}
        for perm in geo.symmetries:
            assert sorted(perm) == list(range(rows * cols))
            assert {frozenset(perm[c] for c in w) for w in geo.windows} == window_sets


@pytest.mark.parametrize(
    ("x", "o", "message"),
    [
        (1, 1, "both X and O"),
        (0b11, 0, "X moves first"),
        (0, 1, "X moves first"),
        (1 << 9, 0, "off the 3×3 board"),
    ],
)
def test_impossible_positions_are_refused(x: int, o: int, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        State(3, 3, 3, x, o)


def test_side_to_move_follows_the_stone_count() -> None:
    assert State(3, 3, 3).to_move == X
    assert State(3, 3, 3, 1, 0).to_move == O
    assert State(3, 3, 3, 1, 2).to_move == X


def test_blocked_cells_are_no_one_s_and_match_a_fresh_build() -> None:
    rows, cols, k = 6, 7, 4
    rng = random.Random(19)

    def naive_wins(state: State, player: int, blocked: int) -> set[int]:
        mark = "X" if player == X else "O"
        found = set()
        for cell in range(rows * cols):
            if state.cells[cell] == 0:
                cells = list(to_cells(rows, cols, *state.masks()))
                for other in range(rows * cols):
                    if blocked >> other & 1:
                        cells[other] = "#"  # no one's: in no line of either side
                cells[cell] = mark
                if has_line(tuple(cells), rows, cols, k, mark):
                    found.add(cell)
        return found

    for _ in range(8):
        blocked = sum(1 << cell for cell in rng.sample(range(rows * cols), 6))
        start = State(rows, cols, k, blocked=blocked, to_move=O)
        assert (start.to_move, start.empties, start.winner) == (O, rows * cols - 6, 0)
        state = State(rows, cols, k, blocked=blocked, to_move=O)
        while not state.is_over:
            state.make(rng.choice([c for c in range(rows * cols) if state.cells[c] == 0]))
            if state.winner:
                break
            fresh = State(rows, cols, k, *state.masks(), blocked=blocked, to_move=state.to_move)
            assert snapshot(state) == snapshot(fresh)
            for player in (X, O):
                assert set(state.wins[player]) == naive_wins(state, player, blocked)
        while state.history:
            state.unmake()
        assert snapshot(state) == snapshot(start)


def test_a_blocked_cell_cannot_hold_a_stone() -> None:
    with pytest.raises(PositionError, match="blocked cell holds a stone"):
        State(3, 3, 3, 1, 0, blocked=1, to_move=O)


def test_the_compiled_and_the_python_search_agree_around_blocked_cells() -> None:
    from tictactoe_gui.engine.mnk import native
    from tictactoe_gui.engine.mnk.limits import Limit
    from tictactoe_gui.engine.mnk.search import search

    if not native.available():
        pytest.skip("the compiled search core is not built here")
    size = 15

    def cells(*pairs: tuple[int, int]) -> int:
        return sum(1 << (row * size + col) for row, col in pairs)

    x = cells((7, 7), (7, 8), (8, 8), (6, 9))
    o = cells((8, 7), (6, 6), (9, 9), (5, 10), (8, 6), (10, 10))
    blocked = cells((7, 5), (7, 6), (7, 9), (4, 11), (11, 11))
    found = [
        search(size, size, 5, x, o, Limit(depth=4), blocked=blocked, to_move=X, compiled=c)
        for c in (False, True)
    ]
    python, compiled = ((r.best, r.pv, r.score, r.mate, r.nodes) for r in found)
    assert compiled == python
    assert python[0] not in {(7, 5), (7, 6), (7, 9), (4, 11), (11, 11)}
