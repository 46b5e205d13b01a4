"""Which game is being played: a :class:`Variant` value and the registry of built-in games.

Two families share the app. The k-in-a-row family (``MNK``) is any board of
``rows`` by ``cols`` where ``k`` or more marks in a row, column or diagonal
win: tic-tac-toe is 3x3 with k = 3, four in a row is 20x20 with k = 4, gomoku
is 15x15 with k = 5. Row & Column (``ROWCOL``) is an N x N grid of numbers
where each take must share a row or column with the last one.

A variant is named by an id that every layer uses (the command line's
``--game``, the records' ``game`` column, the window's game choice): a
built-in id (``tictactoe``, ``four``, ``gomoku``, ``4x4k3`` ...), any
``MxNkK`` (M rows by N columns, k in a row; case-insensitive) or ``rowcolN``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Final

MIN_SIDE: Final = 3
MAX_SIDE: Final = 20
MIN_K: Final = 3
ROWCOL_MIN: Final = 3
ROWCOL_MAX: Final = 10
ROWCOL_DEFAULT: Final = 4


class VariantError(ValueError):
    """Text that names no game this app plays; the message says what would."""


class Family(enum.StrEnum):
    MNK = "mnk"
    ROWCOL = "rowcol"
    #: k in a row where discs fall to the lowest empty cell of a column (Connect Four).
    GRAVITY = "gravity"


@dataclass(frozen=True, slots=True)
class Variant:
    """One game: its id, a name for people, and its board.

    For the k-in-a-row family ``k`` is how many in a row win; for Row & Column
    ``rows == cols`` is N and ``k`` is 0.
    """

    id: str
    name: str
    rows: int
    cols: int
    k: int
    family: Family = Family.MNK

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def is_square(self) -> bool:
        return self.rows == self.cols

    @property
    def is_tictactoe(self) -> bool:
        return self.family is Family.MNK and (self.rows, self.cols, self.k) == (3, 3, 3)

    @property
    def size_text(self) -> str:
        """``"3×3, three in a row"``: the board in words."""
        if self.family is Family.ROWCOL:
            return f"{self.rows}×{self.cols} numbers"
        return f"{self.rows}×{self.cols}, {_K_WORDS.get(self.k, str(self.k))} in a row"

    def __str__(self) -> str:
        return self.id


_K_WORDS: Final = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def mnk(rows: int, cols: int, k: int) -> Variant:
    """The k-in-a-row variant of that size (a built-in's id and name where there is one)."""
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise VariantError(
            f"a board has {MIN_SIDE} to {MAX_SIDE} rows and columns, got {rows}×{cols}"
        )
    if not MIN_K <= k <= max(rows, cols):
        raise VariantError(
            f"k (how many in a row win) runs from {MIN_K} to the longer side "
            f"({max(rows, cols)}) on a {rows}×{cols} board, got {k}"
        )
    for variant in _BUILT_IN_MNK:
        if (variant.rows, variant.cols, variant.k) == (rows, cols, k):
            return variant
    return Variant(f"{rows}x{cols}k{k}", f"{rows}×{cols}, {k} in a row", rows, cols, k)


def rowcol(size: int) -> Variant:
    """Row & Column on an N×N grid."""
    if not ROWCOL_MIN <= size <= ROWCOL_MAX:
        raise VariantError(
            f"Row & Column is played on {ROWCOL_MIN}×{ROWCOL_MIN} to "
            f"{ROWCOL_MAX}×{ROWCOL_MAX} grids, got {size}×{size}"
        )
    return Variant(f"rowcol{size}", f"Row & Column {size}×{size}", size, size, 0, Family.ROWCOL)


TICTACTOE: Final = Variant("tictactoe", "Tic-tac-toe", 3, 3, 3)
FOUR: Final = Variant("four", "Four in a Row", 20, 20, 4)
GOMOKU: Final = Variant("gomoku", "Gomoku", 15, 15, 5)
SMALL_4X4K3: Final = Variant("4x4k3", "4×4, three in a row", 4, 4, 3)
SMALL_4X4K4: Final = Variant("4x4k4", "4×4, four in a row", 4, 4, 4)
SMALL_5X5K4: Final = Variant("5x5k4", "5×5, four in a row", 5, 5, 4)

_BUILT_IN_MNK: Final = (TICTACTOE, FOUR, GOMOKU, SMALL_4X4K3, SMALL_4X4K4, SMALL_5X5K4)
#: The games offered by name, in the order a menu lists them.
BUILT_IN: Final[tuple[Variant, ...]] = (*_BUILT_IN_MNK, rowcol(ROWCOL_DEFAULT))
DEFAULT: Final = TICTACTOE

_MNK_PATTERN: Final = re.compile(r"(\d{1,3})x(\d{1,3})k(\d{1,3})")
_ROWCOL_PATTERN: Final = re.compile(r"rowcol(\d{1,3})?")
_MAX_QUOTE: Final = 40


def quote(text: str, limit: int = _MAX_QUOTE) -> str:
    """``repr(text)``, cut to about ``limit`` characters so a huge input never floods a message."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + f"… ({len(text)} characters)"


def get_variant(text: str) -> Variant:
    """The variant named ``text``: a built-in id, ``MxNkK`` or ``rowcolN`` (case-insensitive)."""
    key = text.strip().lower()
    for variant in BUILT_IN:
        if variant.id == key:
            return variant
    if key in ("tic-tac-toe", "3x3"):
        return TICTACTOE
    match = _MNK_PATTERN.fullmatch(key)
    if match:
        rows, cols, k = (int(group) for group in match.groups())
        return mnk(rows, cols, k)
    match = _ROWCOL_PATTERN.fullmatch(key)
    if match:
        return rowcol(int(match.group(1)) if match.group(1) else ROWCOL_DEFAULT)
    names = ", ".join(variant.id for variant in BUILT_IN)
    raise VariantError(
        f"unknown game {quote(text)}; choose one of {names}, "
        "MxNkK (M rows by N columns, K in a row, e.g. 3x4k3) or rowcolN (N from 3 to 10)"
    )
