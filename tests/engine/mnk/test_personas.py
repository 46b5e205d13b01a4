"""Kitty, Cop and Sera on big boards: their rules, Cop against a plain reference, Sera's wins."""

from __future__ import annotations

import random
import threading

import pytest

from tests.engine.mnk import brute
from tests.engine.mnk.test_search import board_at
from tictactoe_gui.engine.mnk import Limit
from tictactoe_gui.engine.mnk.limits import SearchStopped
from tictactoe_gui.engine.mnk.personas import (
    COP_CANDIDATES,
    choose_move,
    cop,
    kitty,
    persona_player,
    play_out,
)
from tictactoe_gui.engine.mnk.state import State


def cells_next_to_stones(rows: int, cols: int, x: int, o: int) -> set[tuple[int, int]]:
    stones = x | o
    found = set()
    for row in range(rows):
        for col in range(cols):
            if stones >> (row * cols + col) & 1:
                continue
            for d_row in (-1, 0, 1):
                for d_col in (-1, 0, 1):
                    r, c = row + d_row, col + d_col
                    if 0 <= r < rows and 0 <= c < cols and stones >> (r * cols + c) & 1:
                        found.add((row, col))
    return found


def test_kitty_plays_next_to_a_stone_and_repeats_with_a_seed() -> None:
    x, o = board_at("X.O/.X./O..", size=20, top=9, left=9)
    allowed = cells_next_to_stones(20, 20, x, o)
    picks = {kitty(20, 20, 4, x, o, random.Random(seed)).cell for seed in range(30)}
    assert picks <= allowed
    assert len(picks) > 3
    assert kitty(20, 20, 4, x, o, random.Random(5)) == kitty(20, 20, 4, x, o, random.Random(5))


def test_kitty_takes_a_win_in_one_and_opens_in_the_centre() -> None:
    x, o = board_at("XXX./OOO./....", size=20, top=5, left=5)
    assert kitty(20, 20, 4, x, o, random.Random(1)).cell in ((5, 8), (5, 4))
    assert kitty(20, 20, 4, 0, 0, random.Random(1)).cell == (10, 10)


def test_cop_wins_then_blocks_then_opens_in_the_centre() -> None:
    x, o = board_at("XXX./OOO./X...", size=20, top=5, left=5)
    # O to move has its own win: Cop takes it rather than blocking.
    assert cop(20, 20, 4, x, o).cell in ((6, 8), (6, 4))
    x, o = board_at("XXX./OO../....", size=20, top=5, left=5)
    assert cop(20, 20, 4, x, o).cell in ((5, 8), (5, 4))
    assert cop(20, 20, 4, 0, 0).cell == (10, 10)


def reference_cop(rows: int, cols: int, k: int, x: int, o: int, depth: int) -> tuple[int, int]:
    """The 4-mok algorithm written plainly: full rescans, plain minimax without pruning."""
    centre_row, centre_col = (rows - 1) / 2, (cols - 1) / 2
    order = sorted(
        ((r, c) for r in range(rows) for c in range(cols)),
        key=lambda rc: (
            (rc[0] - centre_row) ** 2 + (rc[1] - centre_col) ** 2,
            rc[0] * cols + rc[1],
        ),
    )
    me = "X" if bin(x).count("1") == bin(o).count("1") else "O"

    def windows(cells: list[str]) -> list[list[str]]:
        out = []
        for r in range(rows):
            for c in range(cols):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    er, ec = r + dr * (k - 1), c + dc * (k - 1)
                    if 0 <= er < rows and 0 <= ec < cols:
                        out.append([cells[(r + dr * i) * cols + c + dc * i] for i in range(k)])
        return out

    def evaluate(cells: list[str]) -> int:
        total = 0
        other = "O" if me == "X" else "X"
        for window in windows(cells):
            mine, theirs = window.count(me), window.count(other)
            if mine and not theirs:
                total += 10 ** (mine - 1)
            elif theirs and not mine:
                total -= 10 ** (theirs - 1)
        return total

    def candidates(cells: list[str]) -> list[int]:
        stones = sum(1 << i for i, m in enumerate(cells) if m != ".")
        near = cells_next_to_stones(rows, cols, stones, 0)
        return [r * cols + c for r, c in order if (r, c) in near][:COP_CANDIDATES]

    def minimax(cells: list[str], depth: int, mover: str, maximising: bool) -> int:
        if depth == 0:
            return evaluate(cells)
        values = []
        for cell in candidates(cells):
            cells[cell] = mover
            if brute.has_line(tuple(cells), rows, cols, k, mover):
                value = 10**9 + depth - 1
                value = value if mover == me else -value
            else:
                nxt = "O" if mover == "X" else "X"
                value = minimax(cells, depth - 1, nxt, not maximising)
            cells[cell] = "."
            values.append(value)
        return max(values) if maximising else min(values)

    cells = list(brute.to_cells(rows, cols, x, o))
    best, best_cell = None, -1
    other = "O" if me == "X" else "X"
    for cell in candidates(cells):
        cells[cell] = me
        value = minimax(cells, depth - 1, other, False)
        cells[cell] = "."
        if best is None or value > best:
            best, best_cell = value, cell
    return divmod(best_cell, cols)


@pytest.mark.parametrize(("size", "k", "depth"), [(9, 4, 2), (7, 4, 3), (9, 5, 2)])
def test_cop_matches_a_plain_reference(size: int, k: int, depth: int) -> None:
    rng = random.Random(size * 10 + depth)
    checked = 0
    while checked < 6:
        state = State(size, size, k)
        middle = [r * size + c for r in range(2, size - 2) for c in range(2, size - 2)]
        rng.shuffle(middle)
        for cell in middle[: rng.randrange(3, 8)]:
            state.make(cell)
        if state.is_over or state.wins[1] or state.wins[2]:
            continue
        x, o = state.masks()
        assert cop(size, size, k, x, o, depth).cell == reference_cop(size, size, k, x, o, depth)
        checked += 1


def test_sera_takes_a_proven_win_and_says_so() -> None:
    x, o = board_at("......./..XX.../......./O..O.../.......", size=20, top=8, left=7)
    choice = choose_move("sera", 20, 20, 4, x, o, random.Random(1), Limit(time=2))
    assert choice.reason == "proven win"
    assert choice.result is not None
    assert choice.result.exact
    assert "X wins by force in 3" in choice.thinking("X")


@pytest.mark.parametrize(("opponent", "limit"), [("kitty", None), ("cop", Limit(depth=2))])
def test_sera_as_first_player_on_four_wins(opponent: str, limit: Limit | None) -> None:
    for seed in range(2):
        game = play_out(
            20,
            20,
            4,
            persona_player("sera", 20, 20, 4, Limit(time=0.15)),
            persona_player(opponent, 20, 20, 4, limit),
            random.Random(seed),
        )
        assert game.winner == 1, game


def test_unknown_persona_and_finished_game_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown persona"):
        choose_move("bob", 20, 20, 4, 0, 0, random.Random())
    x, o = board_at("XXXX/OOO.", size=20, top=0, left=0)
    with pytest.raises(ValueError, match="over"):
        choose_move("kitty", 20, 20, 4, x, o, random.Random())


def test_play_out_refuses_an_illegal_move() -> None:
    def bad(x: int, o: int, rng: random.Random) -> tuple[int, int]:
        return (0, 0)

    with pytest.raises(ValueError, match="illegal move"):
        play_out(5, 5, 4, bad, bad, random.Random())


def test_thinking_lines_never_claim_more_than_the_search_knows() -> None:
    from tictactoe_gui.engine.mnk.personas import describe
    from tictactoe_gui.engine.mnk.search import Outcome, Proof, SearchResult

    seen = SearchResult((0, 0), ((0, 0),), None, 5, 6, 100, 0.1)
    assert describe(seen, "X") == "depth 6… X wins in 5 (not proven)"
    lost = SearchResult((0, 0), ((0, 0),), None, -4, 6, 100, 0.1)
    # Whose loss is always said: the side that searched is X, so O wins.
    assert describe(lost, "X") == "depth 6… O wins in 4 (not proven)"
    assert describe(lost) == "depth 6… its opponent wins in 4 (not proven)"
    estimate = SearchResult((0, 0), ((0, 0),), 120, None, 5, 100, 0.1)
    assert describe(estimate, "O") == "depth 5… evaluation +120 for O"
    proof = Proof(Outcome.WIN, 7, ((0, 0),), "vcf")
    proven = SearchResult((0, 0), ((0, 0),), None, 7, 0, 10, 0.01, proof)
    assert describe(proven, "O") == "O wins by force in 7 (proven by vcf)"
    defeat = Proof(Outcome.LOSS, 6, ((0, 0),), "vct")
    beaten = SearchResult((0, 0), ((0, 0),), None, -6, 0, 10, 0.01, defeat)
    assert describe(beaten, "O") == "X wins by force in 6 (proven by vct)"
    for result in (seen, lost, estimate, proven, beaten):
        for mover in ("X", "O", None):
            assert "a loss" not in describe(result, mover)


def test_cop_out_of_time_plays_the_best_move_searched_so_far() -> None:
    # A game must never wait on him: a limit too short for his depth still gets a move.
    x, o = board_at("X.O/.X./O..", size=20, top=8, left=8)
    full = cop(20, 20, 4, x, o)
    hurried = choose_move("cop", 20, 20, 4, x, o, random.Random(0), Limit(nodes=50))
    assert hurried.reason == "search (out of time)"
    assert State(20, 20, 4, x, o).cells[hurried.row * 20 + hurried.col] == 0
    assert full.reason == "search"
    stopped = threading.Event()
    stopped.set()
    with pytest.raises(SearchStopped):
        choose_move("cop", 20, 20, 4, x, o, random.Random(0), cancel=stopped)
