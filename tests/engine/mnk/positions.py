"""Seeded random positions for the k-in-a-row engine tests."""

from __future__ import annotations

import random

from tests.engine.mnk.brute import has_line, to_cells


def random_position(
    rng: random.Random, rows: int, cols: int, k: int, stones: int
) -> tuple[int, int] | None:
    """Bitboards (x, o) after ``stones`` random moves with nobody winning, or None if one did."""
    x = o = 0
    free = list(range(rows * cols))
    rng.shuffle(free)
    for ply in range(stones):
        cell = free[ply]
        if ply % 2 == 0:
            x |= 1 << cell
        else:
            o |= 1 << cell
        cells = to_cells(rows, cols, x, o)
        if has_line(cells, rows, cols, k, "X") or has_line(cells, rows, cols, k, "O"):
            return None
    return x, o


def positions(
    seed: int, rows: int, cols: int, k: int, stones: int, count: int
) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        position = random_position(rng, rows, cols, k, stones)
        if position is not None:
            found.append(position)
    return found


def parse(rows_text: str) -> tuple[int, int, int, int]:
    """(rows, cols, x, o) from rows of ``X``, ``O`` and ``.`` separated by ``/``, top row first."""
    lines = rows_text.split("/")
    cols = len(lines[0])
    x = o = 0
    for row, line in enumerate(lines):
        assert len(line) == cols, line
        for col, mark in enumerate(line):
            if mark == "X":
                x |= 1 << (row * cols + col)
            elif mark == "O":
                o |= 1 << (row * cols + col)
    return len(lines), cols, x, o
