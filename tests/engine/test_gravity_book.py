"""Connect Four's opening book: what ships, what it proves, and how it is built.

The book's bounds are checked against the compiled solver searching without any
book, and a book built here for a small board against the pure-Python reference;
the empty board's value is the published one (Allis, Tromp, 1988: the first player
wins, with the 21st disc, by starting in the centre column).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tictactoe_gui.engine import gravity_book
from tictactoe_gui.engine.connect_four import gravity_spec
from tictactoe_gui.engine.gravity_book import (
    ENTRY_BYTES,
    MAX_BOOK_BYTES,
    BookError,
    build,
    discs_of_key,
    format_book,
    parse_book,
    read_book,
)
from tictactoe_gui.engine.gravity_native import NativeSolver, solver_for
from tictactoe_gui.engine.gravity_search import (
    ExactSolver,
    GravityBoard,
    OutOfBudgetError,
    Position,
)
from tictactoe_gui.engine.limits import Limit

CONNECT_FOUR = GravityBoard(6, 7, 4)


def _entries(data: bytes) -> list[tuple[int, int, int]]:
    return [
        (
            int.from_bytes(data[i : i + 8], "little"),
            int.from_bytes(data[i + 8 : i + 9], "little", signed=True),
            int.from_bytes(data[i + 9 : i + 10], "little", signed=True),
        )
        for i in range(0, len(data), ENTRY_BYTES)
    ]


def _position_of_key(board: GravityBoard, key: int) -> Position:
    """The position whose key (mover + mask, column by column) this is."""
    mover = mask = 0
    column = (1 << board.stride) - 1
    for c in range(board.cols):
        part = (key >> (c * board.stride)) & column
        height = (part + 1).bit_length() - 1
        filled = (1 << height) - 1
        mover |= (part - filled) << (c * board.stride)
        mask |= filled << (c * board.stride)
    return Position(mover, mask, mask.bit_count())


def test_the_shipped_book_is_small_sorted_and_of_early_positions() -> None:
    path = gravity_book.book_path(6, 7, 4)
    assert path is not None
    assert path.stat().st_size <= MAX_BOOK_BYTES
    book = read_book(6, 7, 4)
    assert book is not None
    data, max_discs = book
    entries = _entries(data)
    assert len(entries) > 1000
    keys = [key for key, _, _ in entries]
    assert keys == sorted(set(keys))
    assert all(lower <= upper for _, lower, upper in entries)
    assert max(discs_of_key(CONNECT_FOUR, key) for key in keys) == max_discs
    # The empty board is in it: the key 0.
    assert keys[0] == 0


def test_the_book_proves_the_published_value_of_the_empty_board_at_once() -> None:
    solver = solver_for(CONNECT_FOUR)
    assert isinstance(solver, NativeSolver)
    assert solver.book_size > 0
    assert solver.score(Position(0, 0, 0)) == 1  # a win with the 21st disc: ply 41
    assert solver.nodes < 100
    # The centre column keeps the win, as published.
    assert solver.move_score(Position(0, 0, 0), 3) == 1
    assert CONNECT_FOUR.plies_to_end(1, 0) == 41


def test_every_first_column_has_its_published_value_at_once() -> None:
    """Columns a to g score -2, -1, 0, 1, 0, -1, -2 for the first player (John Tromp's and
    Pascal Pons's published tables): only the centre wins, c and e draw, and the edges
    lose sooner than b and f, in 40 plies rather than 42."""
    spec = gravity_spec(6, 7, 4)
    analysis = spec.analyse(spec.new_game(), limit=Limit(time=600))
    assert analysis.certainty.name == "PROVEN"
    by_column = {value.move % 7: value.score for value in analysis.moves}
    assert [by_column[col] for col in range(7)] == [-2, -1, 0, 1, 0, -1, -2]
    payload = spec.analysis_json(spec.new_game(), analysis)
    assert (payload["outcome"], payload["plies_to_end"]) == ("X", 41)
    candidates = payload["candidates"]
    assert isinstance(candidates, list)
    plies = {c["col"]: (c["outcome"], c["plies_to_end"]) for c in candidates}
    assert plies == {
        0: ("loss", 40),
        1: ("loss", 42),
        2: ("draw", 42),
        3: ("win", 41),
        4: ("draw", 42),
        5: ("loss", 42),
        6: ("loss", 40),
    }


def test_solve_proves_the_empty_board_with_a_line_to_the_end() -> None:
    spec = gravity_spec(6, 7, 4)
    solution = spec.prove(spec.new_game(), limit=Limit(time=600))
    assert solution.result.winner == 0
    assert solution.plies == 41
    assert spec.format_move(solution.line[0]) == "d1"
    end = spec.new_game().play_all(solution.line)
    assert end.result is not None
    assert end.result.winner == 0
    assert len(solution.line) == 41


def test_sampled_deep_book_bounds_hold_for_a_search_without_the_book() -> None:
    book = read_book(6, 7, 4)
    assert book is not None
    data, max_discs = book
    rng = random.Random(5)
    deep = [e for e in _entries(data) if discs_of_key(CONNECT_FOUR, e[0]) == max_discs]
    checked = 0
    for key, lower, upper in rng.sample(deep, min(16, len(deep))):
        position = _position_of_key(CONNECT_FOUR, key)
        assert position.mover + position.mask == key
        if CONNECT_FOUR.can_win_now(position):
            continue
        solver = NativeSolver(CONNECT_FOUR, table_log2=20)
        try:
            score = solver.score(position, node_limit=1_000_000)
        except OutOfBudgetError:
            continue
        assert lower <= score <= upper, (key, lower, upper, score)
        checked += 1
    assert checked >= 6


def test_a_book_built_for_a_small_board_gives_the_reference_values(tmp_path: Path) -> None:
    board = GravityBoard(4, 5, 4)
    out = tmp_path / "small.book"
    build(board, max_discs=4, line_plies=2, table_log2=16, out=out)
    data, max_discs = parse_book(out.read_bytes(), 4, 5, 4)
    assert max_discs == 4
    entries = _entries(data)
    assert all(discs_of_key(board, key) <= 4 for key, _, _ in entries)
    reference = ExactSolver(board)
    for key, lower, upper in entries:
        position = _position_of_key(board, key)
        if board.can_win_now(position):
            continue
        assert lower <= reference.score(position) <= upper
    # Read back, the book answers the empty board without searching.
    solver = NativeSolver(board, table_log2=16)
    solver.load_book(data, max_discs)
    assert solver.score(Position(0, 0, 0)) == reference.score(Position(0, 0, 0))
    assert solver.nodes < 10


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not a book\n", "not a book of the 6×7 board"),
        (format_book(b"\x00" * 9, 6, 7, 4, 3), "cut short"),
        (format_book(b"", 6, 6, 4, 3), "not a book of the 6×7 board"),
    ],
)
def test_a_damaged_book_is_refused_in_one_line(data: bytes, message: str) -> None:
    with pytest.raises(BookError, match=message):
        parse_book(data, 6, 7, 4)


def test_a_book_out_of_order_is_refused_by_the_solver() -> None:
    solver = NativeSolver(CONNECT_FOUR, table_log2=18)
    entry = (5).to_bytes(8, "little") + b"\x00\x00"
    earlier = (4).to_bytes(8, "little") + b"\x00\x00"
    with pytest.raises(ValueError, match="sorted"):
        solver.load_book(entry + earlier, 3)


@pytest.mark.parametrize("moves", ["4", "44"])
def test_sera_keeps_the_value_of_an_opening_too_hard_to_solve_column_by_column(
    moves: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every column of these takes minutes, more than her half second; she plays a move
    that keeps the position's value (from the book), never an estimate."""
    from tictactoe_gui.engine import connect_four

    def no_estimate(*args: object, **kwargs: object) -> None:
        raise AssertionError("Sera fell back to an estimate")

    monkeypatch.setattr(connect_four, "deepest_estimate", no_estimate)
    spec = gravity_spec(6, 7, 4)
    start = spec.new_game()
    state = start.play_all(start.read_moves(moves))
    cell = spec.choose_move(state, "sera", random.Random(3), limit=Limit(time=0.5))
    solver = solver_for(CONNECT_FOUR)
    position = Position(0, 0, 0)
    for digit in moves:
        position = CONNECT_FOUR.played(position, int(digit) - 1)
    value = solver.score(position, node_limit=solver.nodes + 1_000_000)
    kept = solver.move_score(position, cell % 7, node_limit=solver.nodes + 1_000_000)
    assert kept == value
