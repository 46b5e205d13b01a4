"""The fixed facts of one board size: its k-windows, neighbourhoods, symmetries and Zobrist keys.

A cell is an index ``row * cols + col`` (row 0 at the top), the same bit the
bitboards use. A *window* is a run of ``k`` cells in a row, a column or a
diagonal: k or more in a row wins exactly when some window holds k stones of
one player. Everything here depends only on ``(rows, cols, k)`` and is built
once per size (:func:`geometry`), so searches share it.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Final

#: Zobrist keys are 64-bit; the seed makes them the same in every process.
_ZOBRIST_SEED: Final = 0x6D6E6B
_DIRECTIONS: Final = ((0, 1), (1, 0), (1, 1), (1, -1))


@dataclass(frozen=True, slots=True, eq=False)
class Geometry:
    rows: int
    cols: int
    k: int
    #: Each window as the tuple of its k cells, in order along the line.
    windows: tuple[tuple[int, ...], ...]
    #: For each cell, the windows that contain it.
    cell_windows: tuple[tuple[int, ...], ...]
    #: For each cell, the cells at most two steps away (king moves), without itself.
    near2: tuple[tuple[int, ...], ...]
    #: For each cell, its eight neighbours.
    near1: tuple[tuple[int, ...], ...]
    #: Cell permutations of the board's symmetries (the identity first).
    symmetries: tuple[tuple[int, ...], ...]
    #: ``zobrist[player][cell]`` for player 1 (X) and 2 (O); index 0 is unused zeros.
    zobrist: tuple[tuple[int, ...], ...]

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def centre(self) -> int:
        return (self.rows // 2) * self.cols + self.cols // 2

    def distance_to_centre(self, cell: int) -> float:
        row, col = divmod(cell, self.cols)
        return abs(row - (self.rows - 1) / 2) + abs(col - (self.cols - 1) / 2)


def _windows(rows: int, cols: int, k: int) -> list[tuple[int, ...]]:
    found = []
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in _DIRECTIONS:
                end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                if 0 <= end_row < rows and 0 <= end_col < cols:
                    found.append(
                        tuple((row + d_row * i) * cols + col + d_col * i for i in range(k))
                    )
    return found


def _near(rows: int, cols: int, radius: int) -> list[tuple[int, ...]]:
    out = []
    for row in range(rows):
        for col in range(cols):
            out.append(
                tuple(
                    r * cols + c
                    for r in range(max(0, row - radius), min(rows, row + radius + 1))
                    for c in range(max(0, col - radius), min(cols, col + radius + 1))
                    if (r, c) != (row, col)
                )
            )
    return out


def _symmetries(rows: int, cols: int) -> list[tuple[int, ...]]:
    def perm(transform: object) -> tuple[int, ...]:
        assert callable(transform)
        return tuple(
            transform(row, col)[0] * cols + transform(row, col)[1]
            for row in range(rows)
            for col in range(cols)
        )

    last_r, last_c = rows - 1, cols - 1
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (last_r - r, c),
        lambda r, c: (r, last_c - c),
        lambda r, c: (last_r - r, last_c - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (last_c - c, r),
            lambda r, c: (c, last_r - r),
            lambda r, c: (last_c - c, last_r - r),
        ]
    return [perm(m) for m in maps]


@functools.cache
def geometry(rows: int, cols: int, k: int) -> Geometry:
    """The shared geometry of a ``rows`` by ``cols`` board with ``k`` in a row."""
    if rows < 1 or cols < 1 or k < 1 or k > max(rows, cols):
        raise ValueError(f"no k-in-a-row board of {rows}×{cols} with k = {k}")
    windows = _windows(rows, cols, k)
    cell_windows: list[list[int]] = [[] for _ in range(rows * cols)]
    for index, window in enumerate(windows):
        for cell in window:
            cell_windows[cell].append(index)
    rng = random.Random(_ZOBRIST_SEED)
    zobrist = tuple(
        tuple(0 if player == 0 else rng.getrandbits(64) for _ in range(rows * cols))
        for player in range(3)
    )
    return Geometry(
        rows,
        cols,
        k,
        tuple(windows),
        tuple(tuple(ws) for ws in cell_windows),
        tuple(_near(rows, cols, 2)),
        tuple(_near(rows, cols, 1)),
        tuple(_symmetries(rows, cols)),
        zobrist,
    )
