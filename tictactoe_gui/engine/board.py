"""The rules of tic-tac-toe: marks, moves, an immutable position and its outcome.

A position is stored as two 9-bit masks (bit ``3 * row + col`` for each mark),
which keeps it hashable, tiny and fast to search. Everything here is pure and
frozen so positions can be shared freely, including across threads.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

SIZE: Final = 3
CELLS: Final = SIZE * SIZE
FULL_MASK: Final = (1 << CELLS) - 1

#: The eight lines, as tuples of cell indices (rows, columns, diagonals).
LINES: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
LINE_MASKS: Final[tuple[int, ...]] = tuple(sum(1 << i for i in line) for line in LINES)
#: For each cell, the masks of the lines through it (a win check after a move looks only here).
LINES_THROUGH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(mask for mask in LINE_MASKS if mask >> cell & 1) for cell in range(CELLS)
)

EMPTY_CHARS: Final = frozenset(".- ")


def _transform(row_col: tuple[int, int], k: int) -> tuple[int, int]:
    """The cell a (row, col) lands on under symmetry number ``k`` (0 is the identity)."""
    r, c = row_col
    for _ in range(k % 4):  # rotate a quarter turn clockwise
        r, c = c, SIZE - 1 - r
    if k >= 4:  # then mirror left to right
        c = SIZE - 1 - c
    return r, c


#: SYMMETRIES[k][i] is the cell that cell i moves to under symmetry k.
SYMMETRIES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        3 * _transform((i // SIZE, i % SIZE), k)[0] + _transform((i // SIZE, i % SIZE), k)[1]
        for i in range(CELLS)
    )
    for k in range(8)
)


def permute_mask(mask: int, permutation: tuple[int, ...]) -> int:
    """Move every set bit ``i`` of ``mask`` to ``permutation[i]``."""
    out = 0
    for i in range(CELLS):
        if mask >> i & 1:
            out |= 1 << permutation[i]
    return out


def is_win_mask(mask: int) -> bool:
    """Whether a set of cells holds a complete line."""
    return any(mask & line == line for line in LINE_MASKS)


class Mark(enum.Enum):
    """A player's mark. X always moves first."""

    X = "X"
    O = "O"  # noqa: E741 - the letter is the game's own name for the mark

    @property
    def other(self) -> Mark:
        return Mark.O if self is Mark.X else Mark.X

    def __str__(self) -> str:
        return self.value


class BoardError(ValueError):
    """A position that cannot arise in a game, or text that does not describe one."""


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this position."""


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """A cell, counted from the top-left corner: row and column are 0, 1 or 2."""

    row: int
    col: int

    def __post_init__(self) -> None:
        if not (0 <= self.row < SIZE and 0 <= self.col < SIZE):
            raise IllegalMoveError(
                f"cell ({self.row}, {self.col}) is off the board; rows and columns run 0 to 2"
            )

    @classmethod
    def from_index(cls, index: int) -> Move:
        if not 0 <= index < CELLS:
            raise IllegalMoveError(f"cell index {index} is off the board; cells run 0 to 8")
        return cls(index // SIZE, index % SIZE)

    @property
    def index(self) -> int:
        return SIZE * self.row + self.col

    def __str__(self) -> str:
        return f"({self.row}, {self.col})"


class Termination(enum.Enum):
    WIN = "win"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winner (None for a draw) and the winning line."""

    termination: Termination
    winner: Mark | None = None
    line: tuple[int, int, int] | None = None

    def __str__(self) -> str:
        return "draw" if self.winner is None else f"{self.winner} wins"


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable position. Build one with :meth:`empty` or :meth:`from_text`.

    ``x`` and ``o`` are bit masks of the cells holding each mark. The side to
    move is inferred from the counts, since X always moves first.
    """

    x: int = 0
    o: int = 0

    def __post_init__(self) -> None:
        if self.x & ~FULL_MASK or self.o & ~FULL_MASK:
            raise BoardError("a mark lies outside the 3x3 board")
        if self.x & self.o:
            raise BoardError("a cell holds both an X and an O")
        nx, no = self.x.bit_count(), self.o.bit_count()
        if not 0 <= nx - no <= 1:
            raise BoardError(
                f"impossible counts: {nx} X and {no} O "
                "(X moves first, so X has as many marks as O or one more)"
            )
        x_won, o_won = is_win_mask(self.x), is_win_mask(self.o)
        if x_won and o_won:
            raise BoardError("both sides have a line; a game stops at the first one")
        if x_won and nx == no:
            raise BoardError("X has a line but O has moved since; the game would have ended")
        if o_won and nx > no:
            raise BoardError("O has a line but X has moved since; the game would have ended")

    # -- construction and text -------------------------------------------------------

    @classmethod
    def empty(cls) -> Board:
        return cls()

    @classmethod
    def from_text(cls, text: str) -> Board:
        """Parse 9 characters, row-major: ``X``, ``O`` and ``.`` (``-`` or space also mean empty).

        Letters are accepted in either case; ``/`` or ``|`` between rows and
        surrounding whitespace are ignored so ``"X.O/.X./..O"`` works too.
        """
        cleaned = text.strip("\r\n\t").replace("/", "").replace("|", "")
        if len(cleaned) != CELLS and len(cleaned.strip()) == CELLS:
            cleaned = cleaned.strip()
        if len(cleaned) != CELLS:
            raise BoardError(
                f"a board is 9 characters (X, O or . for empty), got {len(cleaned)}: {text!r}"
            )
        x = o = 0
        for i, ch in enumerate(cleaned):
            upper = ch.upper()
            if upper == "X":
                x |= 1 << i
            elif upper == "O" or ch == "0":
                o |= 1 << i
            elif ch not in EMPTY_CHARS:
                raise BoardError(
                    f"bad character {ch!r} at position {i + 1} of {text!r}; use X, O or . for empty"
                )
        return cls(x, o)

    def to_text(self) -> str:
        return "".join(self._char(i) for i in range(CELLS))

    def _char(self, index: int) -> str:
        if self.x >> index & 1:
            return "X"
        if self.o >> index & 1:
            return "O"
        return "."

    def __str__(self) -> str:
        return self.to_text()

    def pretty(self) -> str:
        """A small grid for terminals: rows separated by lines, empty cells shown as dots."""
        rows = [" " + " | ".join(self._char(3 * r + c) for c in range(SIZE)) for r in range(SIZE)]
        return "\n---+---+---\n".join(rows)

    # -- queries -----------------------------------------------------------------------

    def __getitem__(self, move: Move) -> Mark | None:
        return self.mark_at(move.index)

    def mark_at(self, index: int) -> Mark | None:
        if self.x >> index & 1:
            return Mark.X
        if self.o >> index & 1:
            return Mark.O
        return None

    @property
    def occupied(self) -> int:
        return self.x | self.o

    @property
    def ply(self) -> int:
        """How many marks are on the board (the number of moves played so far)."""
        return self.occupied.bit_count()

    @property
    def empties(self) -> int:
        return CELLS - self.ply

    @property
    def to_move(self) -> Mark:
        return Mark.X if self.x.bit_count() == self.o.bit_count() else Mark.O

    def marks(self, mark: Mark) -> int:
        return self.x if mark is Mark.X else self.o

    @property
    def outcome(self) -> Outcome | None:
        """The result if the game is over, else None."""
        for mark, mask in ((Mark.X, self.x), (Mark.O, self.o)):
            for line, line_mask in zip(LINES, LINE_MASKS, strict=True):
                if mask & line_mask == line_mask:
                    return Outcome(Termination.WIN, mark, line)
        if self.occupied == FULL_MASK:
            return Outcome(Termination.DRAW)
        return None

    @property
    def is_over(self) -> bool:
        return is_win_mask(self.x) or is_win_mask(self.o) or self.occupied == FULL_MASK

    @property
    def winner(self) -> Mark | None:
        outcome = self.outcome
        return outcome.winner if outcome else None

    def legal_moves(self) -> tuple[Move, ...]:
        """Empty cells in row-major order; none once the game is over."""
        if self.is_over:
            return ()
        free = ~self.occupied
        return tuple(Move.from_index(i) for i in range(CELLS) if free >> i & 1)

    def is_legal(self, move: Move) -> bool:
        return not self.is_over and not self.occupied >> move.index & 1

    # -- moving --------------------------------------------------------------------------

    def play(self, move: Move) -> Board:
        """The position after ``move``; raises :class:`IllegalMoveError` if it is not allowed."""
        if self.is_over:
            outcome = self.outcome
            raise IllegalMoveError(f"the game is over ({outcome}); no more moves can be played")
        bit = 1 << move.index
        if self.occupied & bit:
            raise IllegalMoveError(f"cell {move} is already taken by {self.mark_at(move.index)}")
        if self.to_move is Mark.X:
            return Board(self.x | bit, self.o)
        return Board(self.x, self.o | bit)

    def play_all(self, moves: Iterator[Move] | tuple[Move, ...] | list[Move]) -> Board:
        board = self
        for move in moves:
            board = board.play(move)
        return board

    # -- symmetry ------------------------------------------------------------------------

    def transformed(self, symmetry: int) -> Board:
        """The position under one of the 8 symmetries of the square (0 is the identity)."""
        permutation = SYMMETRIES[symmetry]
        return Board(permute_mask(self.x, permutation), permute_mask(self.o, permutation))

    def symmetries(self) -> tuple[Board, ...]:
        """All 8 images of this position (some may be equal)."""
        return tuple(self.transformed(k) for k in range(8))

    def canonical(self) -> Board:
        """The representative of this position's symmetry class (smallest ``(x, o)``)."""
        return min(self.symmetries(), key=lambda b: (b.x, b.o))


def transform_move(move: Move, symmetry: int) -> Move:
    return Move.from_index(SYMMETRIES[symmetry][move.index])


def all_positions() -> dict[Board, None]:
    """Every position reachable from the empty board in a legal game (5,478 of them)."""
    seen: dict[Board, None] = {}
    stack = [Board.empty()]
    while stack:
        board = stack.pop()
        if board in seen:
            continue
        seen[board] = None
        stack.extend(board.play(move) for move in board.legal_moves())
    return seen
