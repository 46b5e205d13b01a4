"""The rules of k in a row on any board: marks, moves, an immutable position and its outcome.

A position of any :class:`~tictactoe_gui.engine.variants.Variant` of the
k-in-a-row family is two integer bit masks (bit ``row * cols + col`` for each
mark), which keeps it hashable, small and fast to search at any size. What a
board's size implies (its k-windows, the windows through each cell, its
symmetries) is computed once per size in a :class:`~tictactoe_gui.engine.geometry.Geometry`
and shared with the big-board engine.
Everything here is pure and frozen, so positions can cross threads freely.

``k`` or more in a row wins, in a row, a column or either diagonal; X always
moves first, so the side to move follows from the counts.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from tictactoe_gui.engine.geometry import (
    DIRECTIONS as DIRECTIONS,
    Geometry as Geometry,
    geometry as geometry,
)
from tictactoe_gui.engine.notation import cell_name, parse_cell
from tictactoe_gui.engine.variants import TICTACTOE, Family, Variant, quote

EMPTY_CHARS: Final = frozenset(".- ")


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
    """A cell, counted from the top-left corner (row 0 is the top row).

    People read cells in the board notation (``a1`` is the bottom-left cell):
    see :meth:`Board.cell_name`. The 0-based ``(row, col)`` is what JSON and the
    engine use.
    """

    row: int
    col: int

    def __post_init__(self) -> None:
        if self.row < 0 or self.col < 0:
            raise IllegalMoveError(f"cell ({self.row}, {self.col}) is off the board")

    @classmethod
    def from_index(cls, index: int, cols: int = 3) -> Move:
        if index < 0:
            raise IllegalMoveError(f"cell index {index} is off the board")
        return cls(index // cols, index % cols)

    def index_on(self, cols: int) -> int:
        """The cell's bit index on a board ``cols`` wide."""
        return self.row * cols + self.col

    def __str__(self) -> str:
        return f"({self.row}, {self.col})"


def geometry_of(variant: Variant) -> Geometry:
    if variant.family is not Family.MNK:
        raise BoardError(f"{variant.name} is not a k-in-a-row game")
    return geometry(variant.rows, variant.cols, variant.k)


class Termination(enum.Enum):
    WIN = "win"
    DRAW = "draw"
    RESIGNATION = "resignation"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winner (None for a draw) and the winning line's cells."""

    termination: Termination
    winner: Mark | None = None
    line: tuple[int, ...] | None = None

    def __str__(self) -> str:
        return "draw" if self.winner is None else f"{self.winner} wins"


_RUN_PATTERN: Final = re.compile(r"[1-9]\d*|.")


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable position of a k-in-a-row game: :meth:`empty` or :meth:`from_text` build one.

    ``x`` and ``o`` are bit masks of the cells holding each mark (bit
    ``row * cols + col``). The side to move is inferred from the counts, since
    X always moves first.
    """

    x: int = 0
    o: int = 0
    variant: Variant = TICTACTOE
    geometry: Geometry = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        geo = geometry_of(self.variant)
        object.__setattr__(self, "geometry", geo)
        if self.x & ~geo.full or self.o & ~geo.full:
            raise BoardError(
                f"a mark lies outside the {self.variant.rows}×{self.variant.cols} board"
            )
        if self.x & self.o:
            raise BoardError("a cell holds both an X and an O")
        nx, no = self.x.bit_count(), self.o.bit_count()
        if not 0 <= nx - no <= 1:
            raise BoardError(
                f"impossible counts: {nx} X and {no} O "
                "(X moves first, so X has as many marks as O or one more)"
            )
        x_won, o_won = geo.has_line(self.x), geo.has_line(self.o)
        if x_won and o_won:
            raise BoardError("both sides have a line; a game stops at the first one")
        if x_won and nx == no:
            raise BoardError("X has a line but O has moved since; the game would have ended")
        if o_won and nx > no:
            raise BoardError("O has a line but X has moved since; the game would have ended")

    # -- construction and text -------------------------------------------------------

    @classmethod
    def empty(cls, variant: Variant = TICTACTOE) -> Board:
        return cls(0, 0, variant)

    @classmethod
    def from_text(cls, text: str, variant: Variant = TICTACTOE) -> Board:
        """Parse a position of ``variant``.

        Rows run top to bottom separated by ``/``; a cell is ``X``, ``O`` or
        ``.`` (letters in either case), and a number stands for that many empty
        cells (``3`` is ``...``; a number never starts with 0). An empty 20×20
        board is twenty ``20`` joined by ``/``. For tic-tac-toe the 9-character
        form also works, where ``0`` reads as O, ``-`` and space as empty and
        ``|`` may separate rows: ``"X.O/.X./..O"``, ``"X.O.X...."``.
        """
        if variant.is_tictactoe:
            board = cls._from_nine(text)
            if board is not None:
                return board
        return cls._from_rows(text, variant)

    @classmethod
    def _from_nine(cls, text: str) -> Board | None:
        cleaned = text.strip("\r\n\t").replace("/", "").replace("|", "")
        if len(cleaned) != 9 and len(cleaned.strip()) == 9:
            cleaned = cleaned.strip()
        if len(cleaned) != 9:
            if any(ch.isdigit() and ch != "0" for ch in text):
                return None  # run-length notation: let the general parser read it
            raise BoardError(
                f"a board is 9 characters (X, O or . for empty), got {len(cleaned)}: {quote(text)}"
            )
        x = o = 0
        for i, ch in enumerate(cleaned):
            upper = ch.upper()
            if upper == "X":
                x |= 1 << i
            elif upper == "O" or ch == "0":
                o |= 1 << i
            elif ch not in EMPTY_CHARS:
                if ch.isdigit():
                    return None
                raise BoardError(
                    f"bad character {ch!r} at position {i + 1} of {quote(text)}; "
                    "use X, O or . for empty"
                )
        return cls(x, o)

    @classmethod
    def _from_rows(cls, text: str, variant: Variant) -> Board:
        rows, cols = variant.rows, variant.cols
        parts = text.strip().split("/")
        if len(parts) != rows:
            raise BoardError(
                f"a {variant.id} position has {rows} rows separated by '/', "
                f"got {len(parts)}: {quote(text)}"
            )
        x = o = 0
        for r, part in enumerate(parts):
            c = 0
            for token in _RUN_PATTERN.findall(part.strip()):
                if token[0] in "123456789":
                    c += int(token)
                    continue
                upper = token.upper()
                if upper not in ("X", "O", "."):
                    raise BoardError(
                        f"bad character {token!r} in row {r + 1} ({quote(part)}); "
                        "use X, O, . or a number of empty cells (never starting with 0)"
                    )
                if c < cols:
                    if upper == "X":
                        x |= 1 << (r * cols + c)
                    elif upper == "O":
                        o |= 1 << (r * cols + c)
                c += 1
            if c != cols:
                raise BoardError(
                    f"row {r + 1} ({quote(part)}) has {c} cells; a {variant.id} row has {cols}"
                )
        return cls(x, o, variant)

    def to_text(self) -> str:
        """The 9-character form for tic-tac-toe, :meth:`to_rows` for every other board."""
        if self.variant.is_tictactoe:
            return "".join(self._char(i) for i in range(9))
        return self.to_rows()

    def to_rows(self) -> str:
        """Rows top to bottom separated by ``/``, runs of empty cells as numbers."""
        cols = self.variant.cols
        out = []
        for r in range(self.variant.rows):
            row, run = [], 0
            for c in range(cols):
                ch = self._char(r * cols + c)
                if ch == ".":
                    run += 1
                    continue
                if run:
                    row.append(_run_text(run))
                    run = 0
                row.append(ch)
            if run:
                row.append(_run_text(run))
            out.append("".join(row))
        return "/".join(out)

    def _char(self, index: int) -> str:
        if self.x >> index & 1:
            return "X"
        if self.o >> index & 1:
            return "O"
        return "."

    def __str__(self) -> str:
        return self.to_text()

    def pretty(self) -> str:
        """A grid for terminals, with the board notation's letters and numbers on its edges."""
        rows, cols = self.variant.rows, self.variant.cols
        if self.variant.is_tictactoe:
            lines = [" " + " | ".join(self._char(3 * r + c) for c in range(3)) for r in range(3)]
            grid = "\n   ---+---+---\n".join(f"{3 - r}  {line}" for r, line in enumerate(lines))
            return grid + "\n    a   b   c"
        width = len(str(rows))
        lines = []
        for r in range(rows):
            cells = " ".join(self._char(r * cols + c) for c in range(cols))
            lines.append(f"{rows - r:>{width}} {cells}")
        letters = " ".join(cell_name(0, c, 1)[0] for c in range(cols))
        lines.append(" " * (width + 1) + letters)
        return "\n".join(lines)

    # -- cells and notation ------------------------------------------------------------

    def index(self, move: Move) -> int:
        """The bit index of ``move`` on this board."""
        return move.row * self.variant.cols + move.col

    def move_at(self, index: int) -> Move:
        return Move(index // self.variant.cols, index % self.variant.cols)

    def on_board(self, move: Move) -> bool:
        return move.row < self.variant.rows and move.col < self.variant.cols

    def cell_name(self, move: Move) -> str:
        """``"b2"``: the cell in the board notation (column letter, row from the bottom)."""
        return cell_name(move.row, move.col, self.variant.rows)

    def parse_move(self, text: str) -> Move:
        """The move written as ``"b2"`` on this board (raises NotationError, a ValueError)."""
        row, col = parse_cell(text, self.variant.rows, self.variant.cols)
        return Move(row, col)

    # -- queries -----------------------------------------------------------------------

    def __getitem__(self, move: Move) -> Mark | None:
        return self.mark_at(self.index(move))

    def mark_at(self, index: int) -> Mark | None:
        if self.x >> index & 1:
            return Mark.X
        if self.o >> index & 1:
            return Mark.O
        return None

    @property
    def cells(self) -> int:
        return self.geometry.cells

    @property
    def occupied(self) -> int:
        return self.x | self.o

    @property
    def ply(self) -> int:
        """How many marks are on the board (the number of moves played so far)."""
        return self.occupied.bit_count()

    @property
    def empties(self) -> int:
        return self.geometry.cells - self.ply

    @property
    def to_move(self) -> Mark:
        return Mark.X if self.x.bit_count() == self.o.bit_count() else Mark.O

    def marks(self, mark: Mark) -> int:
        return self.x if mark is Mark.X else self.o

    @property
    def outcome(self) -> Outcome | None:
        """The result if the game is over, else None."""
        geo = self.geometry
        for mark, mask in ((Mark.X, self.x), (Mark.O, self.o)):
            if geo.has_line(mask):
                return Outcome(Termination.WIN, mark, geo.winning_run(mask))
        if self.occupied == geo.full:
            return Outcome(Termination.DRAW)
        return None

    @property
    def is_over(self) -> bool:
        geo = self.geometry
        return geo.has_line(self.x) or geo.has_line(self.o) or self.occupied == geo.full

    @property
    def winner(self) -> Mark | None:
        outcome = self.outcome
        return outcome.winner if outcome else None

    def legal_moves(self) -> tuple[Move, ...]:
        """Empty cells in row-major order; none once the game is over."""
        if self.is_over:
            return ()
        cols = self.variant.cols
        free = ~self.occupied
        return tuple(Move(i // cols, i % cols) for i in range(self.cells) if free >> i & 1)

    def is_legal(self, move: Move) -> bool:
        return (
            self.on_board(move) and not self.is_over and not self.occupied >> self.index(move) & 1
        )

    # -- moving --------------------------------------------------------------------------

    def play(self, move: Move) -> Board:
        """The position after ``move``; raises :class:`IllegalMoveError` if it is not allowed."""
        if not self.on_board(move):
            raise IllegalMoveError(
                f"cell ({move.row}, {move.col}) is off the "
                f"{self.variant.rows}×{self.variant.cols} board"
            )
        if self.is_over:
            raise IllegalMoveError(
                f"the game is over ({self.outcome}); no more moves can be played"
            )
        index = self.index(move)
        bit = 1 << index
        if self.occupied & bit:
            raise IllegalMoveError(
                f"cell {self.cell_name(move)} is already taken by {self.mark_at(index)}"
            )
        if self.to_move is Mark.X:
            return Board(self.x | bit, self.o, self.variant)
        return Board(self.x, self.o | bit, self.variant)

    def play_all(self, moves: Iterable[Move]) -> Board:
        board = self
        for move in moves:
            board = board.play(move)
        return board

    # -- symmetry ------------------------------------------------------------------------

    def transformed(self, symmetry: int) -> Board:
        """The position under one of the board's symmetries (0 is the identity)."""
        geo = self.geometry
        return Board(geo.permute(self.x, symmetry), geo.permute(self.o, symmetry), self.variant)

    def symmetries(self) -> tuple[Board, ...]:
        """Every image of this position (8 on a square, 4 on a rectangle; some may be equal)."""
        return tuple(self.transformed(k) for k in range(len(self.geometry.symmetries)))

    def canonical(self) -> Board:
        """The representative of this position's symmetry class (smallest ``(x, o)``)."""
        return min(self.symmetries(), key=lambda b: (b.x, b.o))

    def transform_move(self, move: Move, symmetry: int) -> Move:
        return self.move_at(self.geometry.symmetries[symmetry][self.index(move)])


def _run_text(run: int) -> str:
    return str(run) if run > 1 else "."


def transform_move(move: Move, symmetry: int, variant: Variant = TICTACTOE) -> Move:
    return Board.empty(variant).transform_move(move, symmetry)


def all_positions(variant: Variant = TICTACTOE) -> dict[Board, None]:
    """Every position reachable from the empty board in a legal game (5,478 on 3×3)."""
    seen: dict[Board, None] = {}
    stack = [Board.empty(variant)]
    while stack:
        board = stack.pop()
        if board in seen:
            continue
        seen[board] = None
        stack.extend(board.play(move) for move in board.legal_moves())
    return seen
