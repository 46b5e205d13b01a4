"""Connect Four's opening book: bounds of early positions, found by this app's own solver.

The book is what the compiled solver (:mod:`.gravity_native`) settled about the
positions of at most ``max_discs`` discs while it proved the empty board and
every first column's exact value (and, when asked, best play's first plies): for each such
position (or its mirror image, whichever key is smaller) a lower and an upper
bound on the mover's score. The search reads them as it reads its table, so
repeating any of that work is immediate: ``solve --game connect4`` proves the
first player's win in 41 plies by the centre column at once, and ``analyse``
gives the empty board's seven exact columns at once. Bounds are facts about a
position, so a book can never make the solver wrong, only faster.

The file is ``resources/books/connect4.book``: one text line
(``gravity-book 1 6x7k4 max_discs=N``), then ten bytes a position, sorted by key:
the key (``mover + mask`` in the solver's bit layout) in eight little-endian
bytes, then the lower and upper bound as signed bytes.

Rebuild it with ``make book`` (``python -m tictactoe_gui.engine.gravity_book``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Final

from tictactoe_gui.assets import resources_root
from tictactoe_gui.engine.gravity_search import GravityBoard, Position

#: The boards that ship a book, and the file each one's book is in under resources/.
BOOK_FILES: Final = {(6, 7, 4): "books/connect4.book"}
_MAGIC: Final = b"gravity-book 1"
#: A book stays below this size (the package's data must stay small).
MAX_BOOK_BYTES: Final = 10 * 2**20
ENTRY_BYTES: Final = 10


class BookError(ValueError):
    """A book file that is not one this app wrote."""


def book_path(rows: int, cols: int, k: int) -> Path | None:
    relative = BOOK_FILES.get((rows, cols, k))
    return None if relative is None else resources_root() / relative


def read_book(rows: int, cols: int, k: int) -> tuple[bytes, int] | None:
    """The book's entries and its ``max_discs`` for this board; None if it has none."""
    path = book_path(rows, cols, k)
    if path is None or not path.is_file():
        return None
    return parse_book(path.read_bytes(), rows, cols, k)


def parse_book(data: bytes, rows: int, cols: int, k: int) -> tuple[bytes, int]:
    header, _, entries = data.partition(b"\n")
    words = header.split()
    expected = f"{rows}x{cols}k{k}".encode()
    if (
        len(words) != 4
        or b" ".join(words[:2]) != _MAGIC
        or words[2] != expected
        or not words[3].startswith(b"max_discs=")
        or not words[3][10:].isdigit()
    ):
        raise BookError(f"not a book of the {rows}×{cols} board with {k} in a row")
    if len(entries) % ENTRY_BYTES:
        raise BookError("a book's entries are ten bytes each; this one is cut short")
    return entries, int(words[3][10:])


def format_book(entries: bytes, rows: int, cols: int, k: int, max_discs: int) -> bytes:
    return _MAGIC + f" {rows}x{cols}k{k} max_discs={max_discs}\n".encode() + entries


def discs_of_key(board: GravityBoard, key: int) -> int:
    """How many discs the position with this key has: in each column of h discs the key is
    the mover's discs plus the mask, 2**h - 1 to 2**(h + 1) - 2."""
    column = (1 << board.stride) - 1
    return sum(
        (((key >> (c * board.stride)) & column) + 1).bit_length() - 1 for c in range(board.cols)
    )


def fitted(board: GravityBoard, entries: bytes, max_discs: int) -> tuple[bytes, int]:
    """``entries`` less the deepest positions, as few plies as keep the book within
    :data:`MAX_BOOK_BYTES`; and the deepest plies kept."""
    while len(entries) + 64 > MAX_BOOK_BYTES and max_discs > 0:
        max_discs -= 1
        entries = b"".join(
            entries[i : i + ENTRY_BYTES]
            for i in range(0, len(entries), ENTRY_BYTES)
            if discs_of_key(board, int.from_bytes(entries[i : i + 8], "little")) <= max_discs
        )
    return entries, max_discs


def merged(first: bytes, second: bytes) -> bytes:
    """Two books' entries as one: each position's tighter bounds, sorted by key."""
    bounds: dict[int, tuple[int, int]] = {}
    for entries in (first, second):
        for i in range(0, len(entries), ENTRY_BYTES):
            key = int.from_bytes(entries[i : i + 8], "little")
            lower = int.from_bytes(entries[i + 8 : i + 9], "little", signed=True)
            upper = int.from_bytes(entries[i + 9 : i + 10], "little", signed=True)
            old_lower, old_upper = bounds.get(key, (lower, upper))
            bounds[key] = (max(lower, old_lower), min(upper, old_upper))
    return b"".join(
        key.to_bytes(8, "little")
        + lower.to_bytes(1, "little", signed=True)
        + upper.to_bytes(1, "little", signed=True)
        for key, (lower, upper) in sorted(bounds.items())
    )


def build(
    board: GravityBoard,
    max_discs: int,
    line_plies: int,
    table_log2: int,
    out: Path,
    *,
    start: tuple[bytes, int] | None = None,
    root_only: bool = False,
) -> None:
    """Prove the empty board (and stop there if ``root_only``), every first column, and
    every column along best play for ``line_plies`` plies, keeping what the search settles
    about positions of at most ``max_discs`` discs; the book is written after each step, so
    a stopped run leaves one."""
    from tictactoe_gui.engine.gravity_native import NativeSolver, fits

    if not fits(board):
        raise SystemExit("the compiled solver is not available for this board: pip install -e .")
    solver = NativeSolver(board, table_log2=table_log2)
    if start is not None:
        solver.load_book(*start)
    solver.record(max_discs)
    started = time.monotonic()

    def save(step: str) -> None:
        entries = solver.recorded()
        if start is not None:
            entries = merged(start[0], entries)
        entries, kept = fitted(board, entries, max_discs)
        data = format_book(entries, board.rows, board.cols, board.k, kept)
        out.parent.mkdir(parents=True, exist_ok=True)
        temporary = out.with_suffix(".tmp")
        temporary.write_bytes(data)
        temporary.replace(out)
        print(
            f"{time.monotonic() - started:8.1f} s  {step}: {len(entries) // ENTRY_BYTES:,} "
            f"positions, {len(data):,} bytes, {solver.nodes:,} nodes",
            flush=True,
        )

    position = Position(0, 0, 0)
    for ply in range(line_plies + 1):
        best = solver.score(position)
        save(f"ply {ply}: score {best:+d}")
        if root_only:
            return
        keeping = None
        for col in board.centre_order:
            if not board.landing_bit(position.mask, col):
                continue
            found = solver.move_score(position, col)
            if found == best and keeping is None:
                keeping = col
        save(f"ply {ply}: every column")
        assert keeping is not None
        if board.winning_cells(position.mover, position.mask) & board.landing_bit(
            position.mask, keeping
        ):
            break
        position = board.played(position, keeping)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tictactoe_gui.engine.gravity_book",
        description="Rebuild Connect Four's opening book with this app's own solver.",
    )
    parser.add_argument("--max-discs", type=int, default=12, help="deepest positions kept")
    parser.add_argument(
        "--line-plies", type=int, default=4, help="plies of best play analysed after the root"
    )
    parser.add_argument("--table-log2", type=int, default=24, help="the solver's table size")
    parser.add_argument("--out", type=Path, default=None, help="where to write the book")
    parser.add_argument(
        "--root-only", action="store_true", help="prove the empty board's value and stop"
    )
    parser.add_argument(
        "--extend", type=Path, default=None, help="a book to start from and keep (resumes a run)"
    )
    args = parser.parse_args(argv)
    board = GravityBoard(6, 7, 4)
    out = args.out
    if out is None:
        path = book_path(6, 7, 4)
        assert path is not None
        out = path
    start = None
    if args.extend is not None:
        start = parse_book(args.extend.read_bytes(), 6, 7, 4)
    build(
        board,
        args.max_discs,
        args.line_plies,
        args.table_log2,
        out,
        start=start,
        root_only=args.root_only,
    )
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
