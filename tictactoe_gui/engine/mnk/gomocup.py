"""The Gomocup AI protocol, brain side: one line in, the answer lines out, no I/O here.

Managers such as Piskvork talk to a *brain* over stdin/stdout. :class:`Brain`
is that conversation as a pure line handler: :meth:`Brain.handle` takes one
line (and, for ``BOARD``, the lines up to ``DONE``) and returns the lines to
print. ``tictactoe-gui brain`` wraps it around stdin and stdout.

Conventions, as the protocol has them: ``x`` is the column and ``y`` the row,
both from 0 at the top-left (our cells are ``(row, col)`` = ``(y, x)``);
``START N`` is an N×N board, ``RECTSTART W,H`` is W columns by H rows. In
``BOARD`` the field is 1 for our stones, 2 for the opponent's and 3, in a
continuous game, for a stone of a line that has already won: a taken cell
that belongs to no one, so no line through it counts for either side. The board size comes from the
manager; k (how many in a row win) from the brain's game (five by default,
the protocol's own game) or from ``INFO k N``, our extension: managers ignore
it and other brains ignore unknown ``INFO`` keys, as the protocol says.

Rules: ``INFO rule`` is a bit mask; we play freestyle (five *or more* wins)
and accept the "continuous game" bit 2, which changes nothing for a brain.
Exact five (1), renju (4) and caro (8) are answered with ``ERROR`` and the
reason; the brain then refuses to move until the rule changes.

Time: ``INFO timeout_turn`` (ms per move; 0 means as fast as possible),
``INFO timeout_match`` (ms per game; 0 means no limit) and ``INFO time_left``
(ms left in the game) are honoured. A move's budget is the smaller of the
turn limit and a share of the time left, minus a safety margin, so the brain
answers inside the limits it is given; no move thinks longer than
:data:`MAX_MOVE_SECONDS`, however long the manager allows. When the game's time
is what limits, that share is the move's aim, not its limit: the search stops
sooner on a move that stays best with nothing threatening, and may take up to
:data:`CRITICAL_FACTOR` times the share (within the turn's limit and a fifth of
the time left) when the best move keeps changing or the opponent has a threat.

Stopping: ``STOP``, ``YXSTOP`` (Yixin's manager) and ``END`` stop a search and
play the best move found so far; ``RESTART`` stops it without playing.
:meth:`Brain.interrupt` does that from another thread (the one reading the
input) while :meth:`Brain.handle` searches; idle, ``STOP`` needs no answer.

Hostile input: every number is read as ASCII digits and bounded (a
5,000-digit coordinate is simply off the board, a huge timeout is clamped), a
``BOARD`` block holds at most one line per cell, and an answer quotes the
input only in a short, escaped excerpt.
"""

from __future__ import annotations

import re
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from tictactoe_gui.engine.mnk.limits import Limit
from tictactoe_gui.engine.mnk.personas import describe
from tictactoe_gui.engine.mnk.search import SearchResult, TranspositionTable, search
from tictactoe_gui.engine.mnk.state import State, X
from tictactoe_gui.engine.variants import quote

NAME: Final = "Sera (tictactoe-gui)"
#: Board sides the brain accepts (the app's own range of boards).
MIN_SIDE: Final = 3
MAX_SIDE: Final = 20
DEFAULT_K: Final = 5
#: The protocol's defaults when the manager sends no INFO (ms).
DEFAULT_TIMEOUT_TURN: Final = 30_000
DEFAULT_TIMEOUT_MATCH: Final = 1_000_000_000
#: Share of a turn's limit the search may use, and a fixed margin for the rest (seconds).
TURN_SHARE: Final = 0.8
MARGIN: Final = 0.05
#: With timeout_turn 0 ("as fast as possible").
FASTEST: Final = 0.05
#: Moves the match time is spread over (at least), when only the game's time is limited.
MATCH_MOVES: Final = 25
#: With the game's time limiting, a critical move may think this many times its share...
CRITICAL_FACTOR: Final = 2.5
#: ... but never more than this share of the time left.
LEFT_SHARE: Final = 0.2
#: The longest a move may think, whatever time the manager gives (seconds).
MAX_MOVE_SECONDS: Final = 300.0
#: INFO's times are clamped to this (ms): a day, far beyond any game's.
MAX_TIMEOUT: Final = 86_400_000
#: Commands that stop a search at once (see the module docstring).
URGENT: Final = frozenset({"END", "STOP", "YXSTOP", "RESTART"})
_UNSUPPORTED_RULES: Final = {1: "exact five", 4: "renju", 8: "caro"}
#: Numbers are ASCII digits only (``\d`` would take "²" and other digits int() refuses).
_NUMBER: Final = r"\s*(-?[0-9]+)\s*"
_PAIR: Final = re.compile(f"{_NUMBER},{_NUMBER}")
_BOARD_LINE: Final = re.compile(f"{_NUMBER},{_NUMBER},{_NUMBER}")
_WHOLE_NUMBER: Final = re.compile(_NUMBER)
#: Digits beyond these make a number "huge": off any board, past any limit.
_MAX_DIGITS: Final = 12
_HUGE: Final = 10**_MAX_DIGITS


def _bounded(digits: str) -> int:
    """``digits`` (ASCII, maybe with a minus) as a number, or ±:data:`_HUGE` when longer
    than any board or limit needs (int() refuses thousands of digits, and none are needed)."""
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        return -_HUGE if digits.startswith("-") else _HUGE
    return int(digits)


def _number(text: str) -> int | None:
    match = _WHOLE_NUMBER.fullmatch(text)
    return _bounded(match.group(1)) if match else None


def _pair(text: str) -> tuple[int, int] | None:
    match = _PAIR.fullmatch(text)
    return (_bounded(match.group(1)), _bounded(match.group(2))) if match else None


#: Typography our messages use, in the ASCII that managers read (Piskvork reads bytes in
#: the system's code page): anything else is escaped.
_ASCII_TYPOGRAPHY: Final = str.maketrans(
    {
        "\u2026": "...",  # ellipsis
        "\u00d7": "x",  # multiplication sign
        "\u2212": "-",  # minus sign
        "\u2013": "-",  # en dash
        "\u2014": "-",  # em dash
        "\u00b7": "-",  # middle dot
        "\u2019": "'",  # right single quotation mark
        "\u2248": "~",  # almost equal to
    }
)


def _ascii(line: str) -> str:
    return line.translate(_ASCII_TYPOGRAPHY).encode("ascii", "backslashreplace").decode("ascii")


def excerpt(text: str) -> str:
    """``text`` as it is when short and printable, else escaped and cut (see ``quote``):
    an answer never echoes a huge line or the control codes a line may hold."""
    if len(text) <= 40 and text.isprintable():
        return text
    return quote(text)


Searcher = Callable[[int, int, int, int, int, Limit], SearchResult]


def _clamp_seconds(seconds: float) -> float:
    return min(MAX_MOVE_SECONDS, max(0.01, seconds))


def _clamp_time(milliseconds: int) -> int:
    return min(MAX_TIMEOUT, max(0, milliseconds))


def _default_searcher(
    table: TranspositionTable,
    cancel: threading.Event,
    blocked: int,
    to_move: int | None,
    target: float | None = None,
) -> Searcher:
    def run(rows: int, cols: int, k: int, x: int, o: int, limit: Limit) -> SearchResult:
        return search(
            rows,
            cols,
            k,
            x,
            o,
            limit,
            table=table,
            cancel=cancel,
            blocked=blocked,
            to_move=to_move,
            target=target,
        )

    return run


@dataclass
class Brain:
    """One conversation with a manager. See the module docstring."""

    k: int = DEFAULT_K
    name: str = NAME
    #: Cancelled by the caller to stop a search early (the answer is then the best so far).
    cancel: threading.Event = field(default_factory=threading.Event)
    table: TranspositionTable = field(default_factory=TranspositionTable)
    searcher: Searcher | None = None
    rows: int = 0
    cols: int = 0
    own: int = 0
    theirs: int = 0
    #: Field-3 cells of a continuous game (see the module docstring).
    blocked: int = 0
    timeout_turn: int = DEFAULT_TIMEOUT_TURN
    timeout_match: int = DEFAULT_TIMEOUT_MATCH
    time_left: int | None = None
    rule_error: str | None = None
    finished: bool = False
    #: Lines of a BOARD block being read (None outside one).
    _board: list[tuple[int, int, int, str]] | None = None
    last_result: SearchResult | None = None
    #: Urgent commands announced by :meth:`interrupt` and not handled yet, oldest first.
    _urgent: deque[str] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    # -- the conversation ------------------------------------------------------------------

    def handle(self, line: str) -> list[str]:
        """The lines to answer ``line`` with (often none, or one), in ASCII."""
        return [_ascii(answer) for answer in self._answer(line)]

    def _answer(self, line: str) -> list[str]:
        text = line.strip()
        command, _, rest = text.partition(" ")
        command = command.upper()
        rest = rest.strip()
        if command in URGENT:
            self._handled(command)
            self._board = None  # an urgent command ends a BOARD block too
        if self._board is not None:
            return self._board_line(text)
        if not text:
            return []
        if command in ("STOP", "YXSTOP"):
            return []  # nothing is being searched: nothing to stop
        handler = {
            "START": self._start,
            "RECTSTART": self._rectstart,
            "RESTART": self._restart,
            "BEGIN": self._begin,
            "TURN": self._turn,
            "BOARD": self._board_start,
            "TAKEBACK": self._takeback,
            "INFO": self._info,
            "ABOUT": self._about,
            "END": self._end,
        }.get(command)
        if handler is None:
            return [f"UNKNOWN command {excerpt(command)}"]
        return handler(rest)

    def interrupt(self, command: str) -> None:
        """Announce the urgent ``command`` (END, STOP, YXSTOP or RESTART), from any thread,
        before it is handed to :meth:`handle`: the search under way, or one that starts
        before the command is handled, stops at once. See the module docstring."""
        command = command.upper()
        if command not in URGENT:
            raise ValueError(f"{command} is not one of {', '.join(sorted(URGENT))}")
        with self._lock:
            self._urgent.append(command)
            self.cancel.set()

    def _handled(self, command: str) -> None:
        """``command`` has come to :meth:`handle`: searches run again once none is waiting."""
        with self._lock:
            if self._urgent and self._urgent[0] == command:
                self._urgent.popleft()
                if not self._urgent:
                    self.cancel.clear()

    def _move_is_wanted(self) -> bool:
        """False when a RESTART waits: its answer is OK, and the game begins again. (Before
        END the move is still given: nobody may be reading, but a script piped in is.)"""
        with self._lock:
            return "RESTART" not in self._urgent

    def _start(self, rest: str) -> list[str]:
        size = _number(rest)
        if size is None:
            return [f"ERROR START takes the board size, got {quote(rest)}"]
        return self._new_board(size, size, rest)

    def _rectstart(self, rest: str) -> list[str]:
        pair = _pair(rest)
        if pair is None:
            return [f"ERROR RECTSTART takes width,height, got {quote(rest)}"]
        width, height = pair
        return self._new_board(height, width, rest)

    def _new_board(self, rows: int, cols: int, given: str) -> list[str]:
        if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
            return [f"ERROR unsupported size {excerpt(given)}: sides run {MIN_SIDE} to {MAX_SIDE}"]
        if self.k > max(rows, cols):
            return [f"ERROR {self.k} in a row cannot fit on a {cols}x{rows} board"]
        self.rows, self.cols = rows, cols
        self.own = self.theirs = self.blocked = 0
        return ["OK"]

    def _restart(self, rest: str) -> list[str]:
        if not self.rows:
            return ["ERROR RESTART before START"]
        self.own = self.theirs = self.blocked = 0
        return ["OK"]

    def _begin(self, rest: str) -> list[str]:
        if not self.rows:
            return ["ERROR BEGIN before START"]
        return self._move()

    def _turn(self, rest: str) -> list[str]:
        cell = self._cell(rest)
        if isinstance(cell, str):
            return [f"ERROR TURN {cell}"]
        self.theirs |= 1 << cell
        return self._move()

    def _takeback(self, rest: str) -> list[str]:
        if not self.rows:
            return ["ERROR TAKEBACK before START"]
        pair = _pair(rest)
        if pair is None:
            return [f"ERROR TAKEBACK takes x,y, got {quote(rest)}"]
        x, y = pair
        if not (0 <= x < self.cols and 0 <= y < self.rows):
            return [f"ERROR TAKEBACK {excerpt(rest)} is off the {self.cols}x{self.rows} board"]
        bit = 1 << (y * self.cols + x)
        if self.blocked & bit:
            return [f"ERROR TAKEBACK {x},{y} is a stone of a line that has already won"]
        if not (self.own | self.theirs) & bit:
            return [f"ERROR TAKEBACK {x},{y} is an empty cell"]
        self.own &= ~bit
        self.theirs &= ~bit
        return ["OK"]

    def _board_start(self, rest: str) -> list[str]:
        if not self.rows:
            return ["ERROR BOARD before START"]
        self._board = []
        return []

    def _board_line(self, text: str) -> list[str]:
        assert self._board is not None
        if text.upper() == "DONE":
            entries, self._board = self._board, None
            own = theirs = blocked = 0
            for x, y, who, given in entries:
                if not (0 <= x < self.cols and 0 <= y < self.rows):
                    return [f"ERROR BOARD {given} is off the {self.cols}x{self.rows} board"]
                bit = 1 << (y * self.cols + x)
                if (own | theirs | blocked) & bit:
                    return [f"ERROR BOARD {x},{y} is given twice"]
                if who == 1:
                    own |= bit
                elif who == 2:
                    theirs |= bit
                elif who == 3:
                    blocked |= bit
                else:
                    return [f"ERROR BOARD {given}: the field is 1 (mine), 2 or 3 (a won line)"]
            self.own, self.theirs, self.blocked = own, theirs, blocked
            return self._move()
        match = _BOARD_LINE.fullmatch(text)
        if not match:
            self._board = None
            return [f"ERROR BOARD expects x,y,field or DONE, got {quote(text)}"]
        if len(self._board) == self.rows * self.cols:
            self._board = None
            return [
                f"ERROR BOARD has more lines than the board has cells ({self.rows * self.cols})"
            ]
        x, y, who = (_bounded(group) for group in match.groups())
        self._board.append((x, y, who, excerpt(text)))
        return []

    def _info(self, rest: str) -> list[str]:
        key, _, value = rest.partition(" ")
        key = key.lower()
        value = value.strip()
        if key not in ("timeout_turn", "timeout_match", "time_left", "rule", "k"):
            return []  # max_memory, game_type, folder, evaluate ... need nothing from us
        number = _number(value)
        if number is None:
            return [f"ERROR INFO {key} takes a number, got {quote(value)}"]
        if key == "timeout_turn":
            self.timeout_turn = _clamp_time(number)
        elif key == "timeout_match":
            self.timeout_match = _clamp_time(number)
        elif key == "time_left":
            self.time_left = _clamp_time(number)
        elif key == "rule":
            return self._rule(number, value)
        elif not MIN_SIDE <= number <= MAX_SIDE or (
            self.rows and number > max(self.rows, self.cols)
        ):
            return [f"ERROR INFO k {excerpt(value)}: k runs from 3 to the longer side of the board"]
        else:
            self.k = number
        return []

    def _rule(self, rule: int, given: str) -> list[str]:
        if not 0 <= rule < 1 << 16:
            return [f"ERROR INFO rule {excerpt(given)} is not a rule"]
        refused = [name for bit, name in _UNSUPPORTED_RULES.items() if rule & bit]
        if refused:
            self.rule_error = (
                f"rule {rule} ({', '.join(refused)}) is not played here: "
                "this brain plays freestyle, k or more in a row"
            )
            return [f"ERROR {self.rule_error}"]
        self.rule_error = None
        return []

    def _about(self, rest: str) -> list[str]:
        from tictactoe_gui import __version__

        return [f'name="{self.name}", version="{__version__}", author="The tictactoe-gui authors"']

    def _end(self, rest: str) -> list[str]:
        self.finished = True
        return []

    # -- moving ------------------------------------------------------------------------------

    def _cell(self, rest: str) -> int | str:
        if not self.rows:
            return "before START"
        pair = _pair(rest)
        if pair is None:
            return f"takes x,y, got {quote(rest)}"
        x, y = pair
        if not (0 <= x < self.cols and 0 <= y < self.rows):
            return f"{excerpt(rest)} is off the {self.cols}x{self.rows} board"
        cell = y * self.cols + x
        if (self.own | self.theirs | self.blocked) >> cell & 1:
            return f"{x},{y} is taken"
        return cell

    def move_budget(self) -> float:
        """Seconds this move's search may use, at most."""
        return self._move_times()[0]

    def move_target(self) -> float | None:
        """Seconds this move's search aims at, when the game's time is what limits it (its
        share of the time left); None when the turn's limit does."""
        return self._move_times()[1]

    def _move_times(self) -> tuple[float, float | None]:
        turn = FASTEST if self.timeout_turn == 0 else self.timeout_turn / 1000
        budget = turn * TURN_SHARE - MARGIN
        target = None
        if self.timeout_match > 0:
            left = self.time_left if self.time_left is not None else self.timeout_match
            empties = self.rows * self.cols - (self.own | self.theirs | self.blocked).bit_count()
            moves_left = max(MATCH_MOVES, empties // 4)
            share = left / 1000 / moves_left * TURN_SHARE - MARGIN
            if share < budget:
                # The share is the aim; a critical move (a threat, an unstable best move)
                # may take up to CRITICAL_FACTOR times it, an obvious one less (search's
                # target), so what obvious moves save goes to the critical ones.
                target = _clamp_seconds(share)
                budget = min(budget, share * CRITICAL_FACTOR, left / 1000 * LEFT_SHARE - MARGIN)
        return _clamp_seconds(budget), target

    def _move(self) -> list[str]:
        if self.rule_error is not None:
            return [f"ERROR {self.rule_error}"]
        own_count, their_count = self.own.bit_count(), self.theirs.bit_count()
        to_move: int | None = None
        if self.blocked:
            # A continuous game: the stones of won lines are gone from the counts, so they
            # cannot say who moved first; it is our move, and we are X to the search.
            x_mask, o_mask, to_move = self.own, self.theirs, X
        elif own_count == their_count:
            x_mask, o_mask = self.own, self.theirs
        elif their_count == own_count + 1:
            x_mask, o_mask = self.theirs, self.own
        else:
            return [f"ERROR cannot move: I have {own_count} stones and the opponent {their_count}"]
        state = State(
            self.rows, self.cols, self.k, x_mask, o_mask, blocked=self.blocked, to_move=to_move
        )
        if state.is_over:
            return ["ERROR the game is over"]
        searcher = self.searcher or _default_searcher(
            self.table, self.cancel, self.blocked, to_move, self.move_target()
        )
        result = searcher(
            self.rows, self.cols, self.k, x_mask, o_mask, Limit(time=self.move_budget())
        )
        if not self._move_is_wanted():
            return []  # stopped by RESTART: the move would be out of place
        self.last_result = result
        row, col = result.best
        self.own |= 1 << (row * self.cols + col)
        return [f"MESSAGE {describe(result)}", f"{col},{row}"]
