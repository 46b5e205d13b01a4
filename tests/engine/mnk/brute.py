"""An independent brute-force solver for small k-in-a-row boards, to check the engine against.

It shares no code with the engine: positions are tuples of ``"X"``, ``"O"`` and
``"."``, wins are found by walking every line from every cell, and the value is
plain memoised minimax over every move (the winner wins as fast as it can, the
loser lasts as long as it can).
"""

from __future__ import annotations

import functools
from typing import Literal

Outcome = Literal["win", "draw", "loss"]


def has_line(cells: tuple[str, ...], rows: int, cols: int, k: int, mark: str) -> bool:
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = 0
                r, c = row, col
                while 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] == mark:
                    run += 1
                    if run >= k:
                        return True
                    r, c = r + d_row, c + d_col
    return False


def to_cells(rows: int, cols: int, x_mask: int, o_mask: int) -> tuple[str, ...]:
    return tuple(
        "X" if x_mask >> i & 1 else "O" if o_mask >> i & 1 else "." for i in range(rows * cols)
    )


def mover_of(cells: tuple[str, ...]) -> str:
    return "X" if cells.count("X") == cells.count("O") else "O"


def solve(rows: int, cols: int, k: int, x_mask: int, o_mask: int) -> tuple[Outcome, int]:
    """(outcome for the side to move, plies to the end with best play) of a game not over."""

    @functools.cache
    def value(cells: tuple[str, ...]) -> tuple[int, int]:
        # (+1 win / 0 draw / -1 loss for the mover, plies to the end)
        mover = mover_of(cells)
        other = "O" if mover == "X" else "X"
        empties = [i for i, mark in enumerate(cells) if mark == "."]
        if not empties:
            return 0, 0
        best: tuple[int, int] | None = None
        for cell in empties:
            child = (*cells[:cell], mover, *cells[cell + 1 :])
            if has_line(child, rows, cols, k, mover):
                result = (1, 1)
            else:
                child_value, child_plies = value(child)
                result = (-child_value, child_plies + 1)
            if best is None or _better(result, best):
                best = result
        assert best is not None
        del other
        return best

    outcome, plies = value(to_cells(rows, cols, x_mask, o_mask))
    return ("win" if outcome > 0 else "loss" if outcome < 0 else "draw"), plies


def _better(a: tuple[int, int], b: tuple[int, int]) -> bool:
    if a[0] != b[0]:
        return a[0] > b[0]
    if a[0] > 0:
        return a[1] < b[1]  # win sooner
    if a[0] < 0:
        return a[1] > b[1]  # lose later
    return False
