"""Threat-space proofs: every line found is a legal forced win, checked against brute force."""

from __future__ import annotations

import pytest

from tests.engine.mnk import brute
from tests.engine.mnk.helpers import LONG_VCF
from tests.engine.mnk.positions import parse, positions
from tictactoe_gui.engine.mnk.limits import Budget, Limit
from tictactoe_gui.engine.mnk.search import Outcome
from tictactoe_gui.engine.mnk.solve import solve
from tictactoe_gui.engine.mnk.state import State
from tictactoe_gui.engine.mnk.threats import ThreatSearch, _relevant


def threats() -> ThreatSearch:
    return ThreatSearch(Budget(Limit(time=30)))


def assert_forced_win(rows: int, cols: int, k: int, x: int, o: int, line: list[int]) -> None:
    """Replay ``line``: each defender move is the only block, and the last move makes k."""
    state = State(rows, cols, k, x, o)
    attacker = state.to_move
    for ply, cell in enumerate(line):
        assert state.cells[cell] == 0
        if ply % 2 == 1:
            # The defender had no win of its own and exactly this cell to stop one.
            assert not state.wins[3 - attacker]
            assert cell in state.wins[attacker]
        state.make(cell)
    assert state.winner == attacker


def test_a_four_three_is_found_as_a_three_ply_win() -> None:
    grid = [["."] * 15 for _ in range(15)]
    for col in (4, 5, 6):
        grid[7][col] = "X"
    for row in (4, 5, 6):
        grid[row][9] = "X"
    for row, col in ((0, 0), (0, 2), (14, 14), (14, 12), (13, 0)):
        grid[row][col] = "O"
    grid[1][14] = "O"
    rows, cols, x, o = parse("/".join("".join(r) for r in grid))
    state = State(rows, cols, 5, x, o)
    line = threats().vcf(state)
    assert line is not None
    assert len(line) == 3
    assert_forced_win(rows, cols, 5, x, o, line)


def test_a_long_vcf_on_gomoku_is_a_legal_forced_line() -> None:
    # Found by a seeded random search; X's shortest VCF here is 11 plies.
    rows, cols, x, o = parse("/".join(LONG_VCF))
    state = State(rows, cols, 5, x, o)
    assert state.to_move == 1
    line = threats().vcf(state)
    assert line is not None
    assert len(line) == 11
    assert_forced_win(rows, cols, 5, x, o, line)


@pytest.mark.parametrize(
    ("rows", "cols", "k", "stones"), [(4, 5, 4, 11), (5, 5, 4, 16), (4, 4, 3, 7)]
)
def test_proofs_are_sound_and_find_every_quick_win(
    rows: int, cols: int, k: int, stones: int
) -> None:
    found_wins = found_losses = 0
    for x, o in positions(rows * cols + stones, rows, cols, k, stones, 30):
        outcome, plies = brute.solve(rows, cols, k, x, o)
        state = State(rows, cols, k, x, o)
        line = threats().vcf(state)
        if line is not None:
            found_wins += 1
            assert outcome == "win"
            assert len(line) >= plies
            assert_forced_win(rows, cols, k, x, o, line)
        elif outcome == "win":
            assert plies > 3, "a win in three plies is a double threat the VCF must see"
        loss = threats().prove_loss(state)
        if loss is not None:
            found_losses += 1
            assert outcome == "loss"
            assert len(loss) >= plies
    assert found_wins + found_losses > 0


def test_a_defender_with_its_own_win_is_not_lost() -> None:
    # O (to move) faces X's open three on 7×7 k4 but has three in a row itself.
    text = (
        ".......",
        ".XXX...",
        ".......",
        "OOO....",
        ".......",
        ".......",
        "X......",
    )
    rows, cols, x, o = parse("/".join(text))
    state = State(rows, cols, 4, x, o)
    assert state.to_move == 2
    assert threats().prove_loss(state) is None
    assert threats().vcf(state) is not None


def test_vct_proofs_are_sound() -> None:
    rows, cols, k = 4, 5, 4
    proven = beyond_vcf = 0
    for x, o in positions(5, rows, cols, k, 8, 40):
        state = State(rows, cols, k, x, o)
        line = threats().prove_win(state, threes=1)
        if line is None:
            continue
        proven += 1
        beyond_vcf += threats().vcf(state) is None
        # The exact solver (checked against brute force in test_solve) is the judge here.
        solution = solve(rows, cols, k, x, o)
        assert solution.outcome is Outcome.WIN, (x, o, line)
        assert len(line) >= solution.plies
    assert beyond_vcf > 0  # a quiet threat was needed at least once


def test_a_proven_loss_is_met_with_a_block_not_a_move_far_away() -> None:
    # Gomoku, O to move after X's l7 (from a game Sera lost): X's e8-f8-g8-h8 line
    # wins by force whatever O does. The loss is proven; O still blocks, making X
    # find the win, instead of playing the first free corner as it used to.
    moves = [
        "h8",
        "i7",
        "g7",
        "i9",
        "h6",
        "h7",
        "i6",
        "k7",
        "g6",
        "f6",
        "g8",
        "g9",
        "f8",
        "j7",
        "l7",
    ]
    state = State(15, 15, 5, 0, 0)
    for name in moves:
        col, row = ord(name[0]) - ord("a"), 15 - int(name[1:])
        state.make(row * 15 + col)
    assert state.to_move == 2
    loss = threats().prove_loss(state)
    assert loss is not None
    first = loss[0]
    assert first != 0  # a15, the corner
    state.pass_move()
    try:
        threat = threats().vcf(state)
    finally:
        state.pass_move()
    assert threat is not None
    assert first in _relevant(state, threat)  # a cell that meets X's threat line
