"""What the board says when asked to read a row, a column, a diagonal, the cells around
the cursor or the threats, and what the narrator adds after a move on a big board.

Plain text from the engine's board, for the screen reader (keys R, C, D, N and T on
the board); no Qt, so the board view loads it without the accessibility helpers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.notation import cell_name

if TYPE_CHECKING:
    from tictactoe_gui.engine.games import GameState


def read_cells(board: Board, cells: Sequence[Move], title: str) -> str:
    """``"Row 3: a3 X, b3 to f3 empty, g3 O."``: cells in order, runs of empty cells
    folded into one phrase so a row of a 20×20 board stays short to hear."""
    words: list[str] = []
    empty: list[Move] = []

    def fold() -> None:
        if len(empty) == 1:
            words.append(f"{board.cell_name(empty[0])} empty")
        elif empty:
            words.append(f"{board.cell_name(empty[0])} to {board.cell_name(empty[-1])} empty")
        empty.clear()

    for move in cells:
        mark = board[move]
        if mark is None:
            empty.append(move)
            continue
        fold()
        words.append(f"{board.cell_name(move)} {mark}")
    fold()
    return f"{title}: {', '.join(words)}."


def read_row(board: Board, cursor: Move) -> str:
    number = cell_name(cursor.row, 0, board.variant.rows)[1:]
    cells = [Move(cursor.row, col) for col in range(board.variant.cols)]
    return read_cells(board, cells, f"Row {number}")


def read_column(board: Board, cursor: Move) -> str:
    letter = cell_name(0, cursor.col, board.variant.rows)[0]
    # From the bottom up, as the numbers count.
    cells = [Move(row, cursor.col) for row in reversed(range(board.variant.rows))]
    return read_cells(board, cells, f"Column {letter}")


def landing_cell(board: Board, col: int) -> Move | None:
    """Where a disc dropped in column ``col`` lands: its lowest empty cell (None: full)."""
    for row in reversed(range(board.variant.rows)):
        if board[Move(row, col)] is None:
            return Move(row, col)
    return None


def read_drop_column(board: Board, col: int) -> str:
    """``"Column d: d1 X, d2 O, d3 to d6 empty; a disc dropped in d lands on d3."``: a
    gravity board's column from the bottom up, and where the next disc in it lands."""
    text = read_column(board, Move(0, col))[:-1]
    letter = cell_name(0, col, board.variant.rows)[0]
    landing = landing_cell(board, col)
    if landing is None:
        return f"{text}; column {letter} is full."
    if board.is_over:
        return f"{text}."
    return f"{text}; a disc dropped in {letter} lands on {board.cell_name(landing)}."


def column_words(board: Board, cursor: Move) -> str:
    """``"d: lands on d3"`` with the cursor where a disc dropped in its column lands,
    ``"d: full"`` on a full column's top cell; else "" (the cursor's own cell is said)."""
    letter = board.cell_name(Move(0, cursor.col))[0]
    landing = landing_cell(board, cursor.col)
    if landing is None:
        return f"{letter}: full" if cursor.row == 0 else ""
    return f"{letter}: lands on {board.cell_name(landing)}" if landing == cursor else ""


def drop_words(board: Board, move: Move) -> str:
    """``"X drops in d, lands on d3."``: a disc played on ``board`` (the position before)."""
    letter = cell_name(0, move.col, board.variant.rows)[0]
    return f"{board.to_move} drops in {letter}, lands on {board.cell_name(move)}."


def board_of(state: GameState) -> tuple[Board, bool]:
    """The cells of a position of k in a row or Connect Four, and whether its discs fall
    (ValueError for a game whose board is not a grid of X and O)."""
    board = state.marks_board()
    if board is None:
        raise ValueError(f"{state.spec.name} is not played on a board of X and O")
    return board, state.spec.discs_fall


def read_around(board: Board, cursor: Move) -> str:
    """The cursor's cell and its (up to) eight neighbours, top row first."""
    rows, cols = board.variant.rows, board.variant.cols
    cells = [
        Move(row, col)
        for row in range(max(0, cursor.row - 1), min(rows, cursor.row + 2))
        for col in range(max(0, cursor.col - 1), min(cols, cursor.col + 2))
    ]
    marks = [f"{board.cell_name(m)} {board[m]}" for m in cells if board[m] is not None]
    around = f"Around {board.cell_name(cursor)}"
    if not marks:
        return f"{around}: all {len(cells)} cells empty."
    return f"{around}: {', '.join(marks)}; the other {len(cells) - len(marks)} empty."


def read_diagonal(board: Board, cursor: Move, *, rising: bool = True) -> str:
    """The diagonal through the cursor, read left to right: rising (towards the top
    right, as a1 b2 c3) or falling (towards the bottom right)."""
    rows, cols = board.variant.rows, board.variant.cols
    step = -1 if rising else 1  # rows count from the top
    row, col = cursor.row, cursor.col
    while 0 <= row - step < rows and col - 1 >= 0:
        row, col = row - step, col - 1
    cells = []
    while 0 <= row < rows and col < cols:
        cells.append(Move(row, col))
        row, col = row + step, col + 1
    kind = "Rising" if rising else "Falling"
    return read_cells(board, cells, f"{kind} diagonal through {board.cell_name(cursor)}")


_COUNT_WORDS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _count(k: int) -> str:
    return _COUNT_WORDS[k] if k < len(_COUNT_WORDS) else str(k)


def _reading_order(board: Board, cells: Iterable[int]) -> list[int]:
    """Left to right, then bottom to top: a line read the way its cells are named."""
    cols = board.variant.cols
    return sorted(cells, key=lambda i: (i % cols, -(i // cols)))


@dataclass(frozen=True, slots=True)
class Threat:
    """Marks of one side that need one more for k in a row: ``stones`` (cell indices)
    and the empty cells that would complete a line with them."""

    mark: Mark
    stones: tuple[int, ...]
    completions: tuple[int, ...]


def threats(board: Board, mark: Mark) -> list[Threat]:
    """Every line ``mark`` can complete with one more mark (k - 1 in a window of k
    with no opposing mark), windows sharing the same marks told as one threat."""
    if board.is_over:
        return []
    own, other = board.marks(mark), board.marks(mark.other)
    k = board.variant.k
    found: dict[int, set[int]] = {}
    for window in board.geometry.window_masks:
        if window & other:
            continue
        stones = window & own
        if stones.bit_count() == k - 1:
            found.setdefault(stones, set()).add((window & ~own).bit_length() - 1)
    result = [
        Threat(
            mark,
            tuple(_reading_order(board, (i for i in range(board.cells) if stones >> i & 1))),
            tuple(_reading_order(board, cells)),
        )
        for stones, cells in found.items()
    ]
    return sorted(result, key=lambda threat: threat.completions)


def threat_words(board: Board, threat: Threat, *, gravity: bool = False) -> str:
    """``"O threatens four: h9, i10, j11; blocks at g8 or k12."`` for the side that just
    moved; ``"X can make four: …; at k12."`` for the side to move. Where discs fall, a
    cell not playable yet says what it waits for (``"f3 once f2 is filled"``)."""
    names = [board.cell_name(board.move_at(i)) for i in threat.stones]
    cells = [_completion(board, i, gravity) for i in threat.completions]
    k = _count(board.variant.k)
    if threat.mark is board.to_move:
        return f"{threat.mark} can make {k}: {', '.join(names)}; at {' or '.join(cells)}."
    blocks = "block" if len(cells) == 1 else "blocks"
    if gravity and not _playable_now(board, threat):
        blocks = ""  # nothing to block yet: the cell waits for the ones below it
    at = f"{blocks} at".strip()
    return f"{threat.mark} threatens {k}: {', '.join(names)}; {at} {' or '.join(cells)}."


def _completion(board: Board, index: int, gravity: bool) -> str:
    move = board.move_at(index)
    name = board.cell_name(move)
    landing = landing_cell(board, move.col) if gravity else move
    if landing is None or landing == move:
        return name
    below = Move(move.row + 1, move.col)
    if landing == below:
        return f"{name} once {board.cell_name(below)} is filled"
    joint = "and" if landing.row == below.row + 1 else "to"
    return f"{name} once {board.cell_name(landing)} {joint} {board.cell_name(below)} are filled"


def read_threats(board: Board, *, gravity: bool = False) -> str:
    """Every threat on the board, the side to move's first (key T); where discs fall, a
    cell that cannot be played yet says which cells must fill first."""
    found = threats(board, board.to_move) + threats(board, board.to_move.other)
    if board.is_over:
        return winning_line_words(board) or "The game is over."
    if not found:
        return (
            f"No threats: no side has {_count(board.variant.k - 1)} of {_count(board.variant.k)}."
        )
    return " ".join(threat_words(board, threat, gravity=gravity) for threat in found)


def new_threats(board: Board, last: Move, *, gravity: bool = False) -> str:
    """What a move changed in the threats: those the mover made with it, and any the
    side to move can still complete (the mover left them open).

    Where discs fall, a threat whose cell cannot be played yet stays on the board for
    many moves: it is said when it is made, and again only once its cell can be played
    (a win for the side to move, or a cell it must block now); T reads them all."""
    if board.is_over or board[last] is None:
        return ""
    mover, index = board[last], board.index(last)
    assert mover is not None
    made = [t for t in threats(board, mover) if index in t.stones]
    open_ = threats(board, mover.other)
    if gravity:
        open_ = [t for t in open_ if _playable_now(board, t)]
        made += [t for t in threats(board, mover) if t not in made and _playable_now(board, t)]
    return " ".join(threat_words(board, threat, gravity=gravity) for threat in open_ + made)


def _playable_now(board: Board, threat: Threat) -> bool:
    """Whether a disc can go on one of the threat's cells now (it lands there)."""
    return any(
        landing_cell(board, board.move_at(cell).col) == board.move_at(cell)
        for cell in threat.completions
    )


def move_words(before: Board, move: Move, *, gravity: bool = False) -> str:
    """What is said of ``move`` played on ``before``: ``"X drops in d, lands on d3."`` (or
    ``"X plays d3."``), then the threats it made or left open, or the line it won with."""
    played = (
        drop_words(before, move) if gravity else f"{before.to_move} plays {before.cell_name(move)}."
    )
    after = before.play(move)
    if after.is_over:
        return sentences([played, winning_line_words(after)])
    return sentences([played, new_threats(after, move, gravity=gravity)])


def winning_line_words(board: Board) -> str:
    """``"X's line: a1, b2, c3."`` once a line has won, else empty."""
    outcome = board.outcome
    if outcome is None or outcome.winner is None or not outcome.line:
        return ""
    names = [board.cell_name(board.move_at(i)) for i in _reading_order(board, outcome.line)]
    return f"{outcome.winner}'s line: {', '.join(names)}."


def cell_description(move: Move, mark: Mark | None, rows: int = 3) -> str:
    """``"b2, X"``: a cell in the app's notation and what is on it."""
    content = "empty" if mark is None else str(mark)
    return f"{cell_name(move.row, move.col, rows)}, {content}"


def describe_board(
    board: Board,
    shown: Mapping[int, Mark],
    cursor: Move,
    last_move: Move | None,
    news: Sequence[str],
    *,
    status_note: str | None = None,
    cursor_first: bool = False,
    news_alone: bool = False,
    gravity: bool = False,
) -> str:
    """The board's description for a screen reader: the news, whose turn it is (or
    ``status_note``), the cursor's cell and the last move; the cursor first when it
    moved last. ``shown`` is the mark drawn on each cell. With ``news_alone`` (the player
    has just heard the rest) only the news, if there is any. Where discs fall (``gravity``)
    the cursor on a column's landing cell says where a disc would land (``"d: lands on
    d3"``), on a full column's top ``"d: full"``."""
    if news_alone and news and not cursor_first:
        return sentences(news)
    outcome = board.outcome
    if status_note is not None:
        state = status_note
    elif outcome is not None:
        state = f"Game over, {outcome}"
    else:
        state = f"{board.to_move} to move"
    where = "Cursor " + cell_description(cursor, shown.get(board.index(cursor)), board.variant.rows)
    if gravity and not board.is_over:
        where = column_words(board, cursor) or where
    last = ""
    if last_move is not None:
        mark = board.mark_at(board.index(last_move))
        if mark is not None:
            last = f"Last move {mark} {board.cell_name(last_move)}"
    if cursor_first:
        parts = [where, state, last]
    else:
        # The news may already say it ("… Game over, O wins.", "… Cop (O) to drop.",
        # "… Your move (X)."): not twice.
        mover = f"({board.to_move})"
        said = any(
            state in item or f"{mover} to " in item or f"move {mover}" in item for item in news[-1:]
        )
        parts = [*news, "" if said else state, where, "" if news else last]
    return sentences(parts)


def sentences(parts: Sequence[str]) -> str:
    """Join phrases and sentences into one text, each ending in its own punctuation."""
    done = []
    for part in parts:
        part = part.strip()
        if part:
            done.append(part if part[-1] in ".!?”…" else part + ".")
    return " ".join(done)
