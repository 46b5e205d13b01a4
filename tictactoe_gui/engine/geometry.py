"""The fixed facts of one k-in-a-row board size: its k-windows, neighbourhoods, symmetries
and Zobrist keys, the one geometry every k-in-a-row engine shares (the 3×3 study engine's
:class:`~tictactoe_gui.engine.board.Board` and the big-board engine in ``engine/mnk``).

A cell is an index ``row * cols + col`` (row 0 at the top), the same bit the
bitboards use. A *window* is a run of ``k`` cells in a row, a column or a
diagonal: k or more in a row wins exactly when some window holds k stones of
one player. Everything here depends only on ``(rows, cols, k)`` and is built
once per size (:func:`geometry`), so searches share it. This module imports
nothing of the engine, so a 3×3 board loads no big-board search.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Final

#: Zobrist keys are 64-bit; the seed makes them the same in every process.
_ZOBRIST_SEED: Final = 0x6D6E6B
#: Rows, columns, diagonals and anti-diagonals, as (row step, column step).
DIRECTIONS: Final = ((0, 1), (1, 0), (1, 1), (1, -1))


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
    #: ``rows * cols``, and the mask of every cell.
    cells: int
    full: int
    #: Every window as a bit mask, direction by direction (rows, columns, diagonals,
    #: anti-diagonals; each from the top left), the order the bitboard code reads them in.
    window_masks: tuple[int, ...]
    #: For each cell, the masks of the windows through it (in the order of ``window_masks``):
    #: a win check after a move looks only there.
    windows_through: tuple[tuple[int, ...], ...]
    #: Cells from the centre outwards (ties row-major): a good first guess for search.
    centre_out: tuple[int, ...]
    #: For each direction, the shift of one step and the cells a window can start from.
    runs: tuple[tuple[int, int], ...]

    @property
    def centre(self) -> int:
        return (self.rows // 2) * self.cols + self.cols // 2

    def distance_to_centre(self, cell: int) -> float:
        row, col = divmod(cell, self.cols)
        return abs(row - (self.rows - 1) / 2) + abs(col - (self.cols - 1) / 2)

    def has_line(self, mask: int) -> bool:
        """Whether ``mask`` holds k or more in a row anywhere."""
        k = self.k
        for shift, starts in self.runs:
            run = mask & starts
            for step in range(1, k):
                if not run:
                    break
                run &= mask >> (shift * step)
            if run:
                return True
        return False

    def wins_through(self, mask: int, cell: int) -> bool:
        """Whether ``mask`` holds a line through ``cell`` (the cheap test after a move)."""
        return any(mask & window == window for window in self.windows_through[cell])

    def winning_run(self, mask: int) -> tuple[int, ...] | None:
        """The cells of one line of ``mask`` (the whole run, if longer than k), or None."""
        cols = self.cols
        for window in self.window_masks:
            if mask & window == window:
                cells = [i for i in range(self.cells) if window >> i & 1]
                first, second = cells[0], cells[1]
                step_r = second // cols - first // cols
                step_c = second % cols - first % cols
                run = list(cells)
                r, c = first // cols - step_r, first % cols - step_c
                while 0 <= r < self.rows and 0 <= c < cols and mask >> (r * cols + c) & 1:
                    run.insert(0, r * cols + c)
                    r, c = r - step_r, c - step_c
                r, c = cells[-1] // cols + step_r, cells[-1] % cols + step_c
                while 0 <= r < self.rows and 0 <= c < cols and mask >> (r * cols + c) & 1:
                    run.append(r * cols + c)
                    r, c = r + step_r, c + step_c
                return tuple(run)
        return None

    def permute(self, mask: int, symmetry: int) -> int:
        """``mask`` with every set bit ``i`` moved to ``symmetries[symmetry][i]``."""
        permutation = self.symmetries[symmetry]
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << permutation[low.bit_length() - 1]
            mask ^= low
        return out


def _windows(rows: int, cols: int, k: int) -> list[tuple[int, ...]]:
    found = []
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in DIRECTIONS:
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


def _masks_by_direction(rows: int, cols: int, k: int) -> list[int]:
    masks = []
    for d_row, d_col in DIRECTIONS:
        for row in range(rows):
            for col in range(cols):
                end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                if 0 <= end_row < rows and 0 <= end_col < cols:
                    masks.append(
                        sum(1 << (row + d_row * i) * cols + col + d_col * i for i in range(k))
                    )
    return masks


def _starts(rows: int, cols: int, k: int, d_row: int, d_col: int) -> int:
    mask = 0
    for row in range(rows):
        for col in range(cols):
            end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
            if 0 <= end_row < rows and 0 <= end_col < cols:
                mask |= 1 << (row * cols + col)
    return mask


def _centre_out(rows: int, cols: int) -> tuple[int, ...]:
    centre_r, centre_c = (rows - 1) / 2, (cols - 1) / 2
    return tuple(
        sorted(
            range(rows * cols),
            key=lambda i: (
                max(abs(i // cols - centre_r), abs(i % cols - centre_c)),
                abs(i // cols - centre_r) + abs(i % cols - centre_c),
                i,
            ),
        )
    )


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
    masks = _masks_by_direction(rows, cols, k)
    through: list[list[int]] = [[] for _ in range(rows * cols)]
    for mask in masks:
        for cell in range(rows * cols):
            if mask >> cell & 1:
                through[cell].append(mask)
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
        rows * cols,
        (1 << rows * cols) - 1,
        tuple(masks),
        tuple(tuple(ws) for ws in through),
        _centre_out(rows, cols),
        tuple(
            (d_row * cols + d_col, _starts(rows, cols, k, d_row, d_col))
            for d_row, d_col in DIRECTIONS
        ),
    )
