"""An external engine as a player: any Gomocup-protocol brain, run as a subprocess.

:class:`ExternalEngine` starts the program, tells it the board (``START`` or
``RECTSTART``), the rule (freestyle), k when it is not five (``INFO k``, which
other brains ignore) and the time limits, then asks for moves with ``BEGIN``,
``TURN`` or, when the position is not the one it knows plus one move, a fresh
``BOARD``. It enforces the limits itself: a move must come within the turn
limit (plus a small grace for process overhead) and within the game's time.

Anything wrong ends the engine's game, never the caller's program: a crash,
a hang, ``ERROR``/``UNKNOWN``, a garbled move, or an illegal move raises
:class:`EngineError` with the kind and a one-line reason (the game is then
lost by that engine). A line that is neither an answer nor the move (a stray
byte in the middle of a line splits it in two) is reported in
:attr:`ExternalEngine.skipped` and passed over.

Everything the engine says is untrusted. Its name, messages and error output
enter the app only through :func:`tictactoe_gui.untrusted.shown` (control, bidi
and invisible characters escaped, cut to a message's length), and every buffer
is bounded: a line is read up to :data:`MAX_LINE` bytes (the rest is dropped),
standard error keeps its last :data:`STDERR_TAIL` bytes, and at most
:data:`MAX_PENDING` unread lines wait. Lines are written by a thread of their
own, so an engine that stops reading cannot block the caller.

The process is always ended: it runs in a session of its own (on Linux and
macOS), and ``close`` sends ``END``, waits a moment, then kills the whole
process group, so whatever the engine started goes with it; it never waits on
a pipe that something else keeps open. Use the engine as a context manager.
"""

from __future__ import annotations

import contextlib
import enum
import math
import os
import queue
import random
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import IO, Final, NoReturn

from tictactoe_gui.engine import Board, Decision, Move
from tictactoe_gui.session.seats import PlayerSpec
from tictactoe_gui.untrusted import shown

_MOVE: Final = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*")
#: How a move begins ("12,", or digits up to where a long line was cut), once stray control
#: characters are left out: a line that begins so is the engine's move, garbled or not.
_MOVE_LIKE: Final = re.compile(r"\s*[-+]?\d+\s*(?:,|…$)")
#: Lines an engine may print at any time; kept in :attr:`ExternalEngine.messages`.
_CHATTER: Final = ("MESSAGE", "DEBUG", "SUGGEST")
_REFUSALS: Final = ("ERROR", "UNKNOWN")
#: Bytes of one line kept; the rest of a longer line is dropped as it arrives.
MAX_LINE: Final = 4096
#: Bytes of the engine's standard error kept (the end, where the reason for a crash is).
STDERR_TAIL: Final = 4096
#: Lines the engine printed that are waiting to be read; more are dropped (and counted).
MAX_PENDING: Final = 100
#: Lines kept of what the engine said aside (messages) and of what was skipped.
KEEP_LINES: Final = 20
#: A coordinate has at most this many digits (a board has at most 20 columns).
_COORDINATE_DIGITS: Final = 4
_CHUNK: Final = 65_536
#: Seconds an engine has to end by itself after END, before its process group is killed.
_END_WAIT: Final = 1.0
#: Seconds to wait for the reading threads once the process has ended.
_JOIN_WAIT: Final = 0.5


class FailureKind(enum.StrEnum):
    CRASH = "crash"
    TIMEOUT = "timeout"
    GARBAGE = "garbage"
    ILLEGAL = "illegal move"
    REFUSED = "refused"
    NOT_STARTED = "could not start"


class EngineError(Exception):
    """The engine broke the protocol or the rules; ``reason`` says how, in one line."""

    def __init__(self, kind: FailureKind, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


@dataclass(frozen=True, slots=True)
class EngineLimits:
    """Seconds per move and per game (None: no game limit), and the tolerance on top."""

    turn: float = 5.0
    match: float | None = None
    #: Time to start and answer START.
    start: float = 10.0
    #: Added to every wait for process and pipe overhead.
    grace: float = 0.5

    def __post_init__(self) -> None:
        for value in (self.turn, self.match, self.start):
            if value is not None and not (math.isfinite(value) and value > 0):
                raise ValueError(f"engine time limits are seconds above 0, got {value}")
        if not (math.isfinite(self.grace) and self.grace >= 0):
            raise ValueError(f"the grace on engine time limits is seconds, got {self.grace}")


def parse_command(command: str | Sequence[str]) -> list[str]:
    """The argument list of ``command`` (a shell-like string or a list); a clear error if empty."""
    try:
        args = shlex.split(command) if isinstance(command, str) else list(command)
    except ValueError as error:  # an unclosed quote
        raise ValueError(f"cannot read the engine's command: {str(error).lower()}") from None
    if not args:
        raise ValueError("an engine needs a command to run")
    return args


class LineSplitter:
    """Bytes in, whole lines out, never holding more than ``limit`` bytes of one line.

    A line longer than ``limit`` is cut: its first ``limit`` bytes are kept and
    it ends with "…"; the rest is dropped as it arrives, so an endless line
    costs ``limit`` bytes, not its length.
    """

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._cut = False

    @property
    def pending(self) -> int:
        """Bytes held of the line not yet ended."""
        return len(self._buffer)

    def feed(self, data: bytes) -> list[str]:
        lines = []
        start = 0
        while (end := data.find(b"\n", start)) >= 0:
            self._take(data, start, end)
            lines.append(self._line())
            start = end + 1
        self._take(data, start, len(data))
        return lines

    def finish(self) -> list[str]:
        """The last line, if the stream ended without a newline."""
        return [self._line()] if self._buffer or self._cut else []

    def _take(self, data: bytes, start: int, end: int) -> None:
        room = self.limit - len(self._buffer)
        if end - start > room:
            self._cut = True
            end = start + room
        self._buffer += data[start:end]

    def _line(self) -> str:
        raw = bytes(self._buffer).rstrip(b"\r")
        text = raw.decode("utf-8", "backslashreplace") + ("…" if self._cut else "")
        self._buffer.clear()
        self._cut = False
        return text


def _looks_like_move(text: str) -> bool:
    return bool(_MOVE_LIKE.match("".join(ch for ch in text if ch.isprintable())))


def _coordinate(digits: str) -> int | None:
    """The number, or None if it has more digits than any board needs."""
    return int(digits) if len(digits.lstrip("-")) <= _COORDINATE_DIGITS else None


def _start_options() -> dict[str, object]:
    """Popen options that give the engine a process group of its own, killed as one."""
    if sys.platform == "win32":
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {"start_new_session": True}


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the engine and every process in its group (what it started and left behind)."""
    if sys.platform == "win32":
        with contextlib.suppress(OSError):
            process.kill()
        return
    # The engine leads its group, so the group's id is its pid; the group keeps that id
    # reserved while anything in it lives, even after the engine itself is reaped.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


class ExternalEngine:
    """One running engine on one board. See the module docstring."""

    def __init__(
        self,
        command: str | Sequence[str],
        rows: int,
        cols: int,
        k: int = 5,
        limits: EngineLimits | None = None,
    ) -> None:
        self.args = parse_command(command)
        self.rows, self.cols, self.k = rows, cols, k
        self.limits = limits or EngineLimits()
        #: What the engine said aside (MESSAGE, DEBUG, SUGGEST), escaped; the latest lines.
        self.messages: deque[str] = deque(maxlen=KEEP_LINES)
        #: Lines that were neither an answer nor the move, escaped; the latest ones.
        self.skipped: deque[str] = deque(maxlen=KEEP_LINES)
        self.skipped_count = 0
        #: Lines dropped because too many were waiting to be read.
        self.dropped_count = 0
        self._stderr_tail = b""
        self._stdout = LineSplitter()
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._write_failed = False
        self._process: subprocess.Popen[bytes] | None = None
        self._threads: list[threading.Thread] = []
        self._stderr_reader: threading.Thread | None = None
        #: The stones the engine knows: its own and the opponent's.
        self._own = 0
        self._theirs = 0
        self._used = 0.0
        self.name = shown(self.args[0], 60)
        #: The name it gave when asked (ABOUT), escaped; None if it gave none.
        self.about_name: str | None = None
        #: The process's exit status once closed (negative: killed by that signal).
        self.exit_code: int | None = None

    # -- life cycle --------------------------------------------------------------------------

    def __enter__(self) -> ExternalEngine:
        try:
            self.start()
        except BaseException:
            self.close()  # a failed start still ends and reaps the process
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def start(self) -> None:
        try:
            self._process = subprocess.Popen(  # type: ignore[call-overload]
                self.args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                **_start_options(),
            )
        except (OSError, ValueError) as error:  # ValueError: a NUL in the command
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            raise EngineError(
                FailureKind.NOT_STARTED, f"cannot run {shown(self.args[0], 80)}: {reason}"
            ) from None
        process = self._process
        assert process is not None
        assert process.stdin is not None
        assert process.stdout is not None
        assert process.stderr is not None
        for target, stream in (
            (self._write_stdin, process.stdin),
            (self._read_stdout, process.stdout),
            (self._read_stderr, process.stderr),
        ):
            thread = threading.Thread(target=target, args=(stream,), daemon=True)
            thread.start()
            self._threads.append(thread)
        self._stderr_reader = self._threads[-1]
        self._send(f"INFO timeout_turn {int(self.limits.turn * 1000)}")
        match_ms = 0 if self.limits.match is None else int(self.limits.match * 1000)
        self._send(f"INFO timeout_match {match_ms}")
        self._send("INFO rule 0")
        if self.k != 5:
            self._send(f"INFO k {self.k}")
        if self.rows == self.cols:
            self._send(f"START {self.cols}")
        else:
            self._send(f"RECTSTART {self.cols},{self.rows}")
        answer = self._answer(
            time.monotonic() + self.limits.start + self.limits.grace,
            "START",
            lambda text: text.upper() == "OK",
        )
        if answer.upper() != "OK":
            self._refuse_or_garbage(answer, "START")
        with contextlib.suppress(EngineError):
            self._send("ABOUT")
            about = self._answer(time.monotonic() + 2 + self.limits.grace, "ABOUT", _any_line)
            match = re.search(r'name="([^"]*)"', about)
            if match and match.group(1).strip():
                self.name = self.about_name = shown(match.group(1).strip(), 60)

    def close(self) -> None:
        """Say END, wait a moment, kill the process group, and always reap the process.

        Never blocks on a pipe: lines are written by their own thread, and a reading
        thread still held by a pipe something else keeps open is left to end with it.
        """
        process = self._process
        if process is None:
            return
        try:
            if process.poll() is None and not self._write_failed:
                self._outbox.put(b"END\n")
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=_END_WAIT)
        finally:
            _kill_group(process)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5.0)
            self._outbox.put(None)
            for thread in self._threads:
                thread.join(timeout=_JOIN_WAIT)
            self.exit_code = process.returncode
            self._process = None

    @property
    def returncode(self) -> int | None:
        return None if self._process is None else self._process.poll()

    @property
    def pending_bytes(self) -> int:
        """Bytes held of a line the engine has not ended yet (at most :data:`MAX_LINE`)."""
        return self._stdout.pending

    @property
    def pending_lines(self) -> int:
        """Lines waiting to be read (at most :data:`MAX_PENDING`)."""
        return self._lines.qsize()

    @property
    def stderr_tail(self) -> bytes:
        """The end of what the engine wrote on standard error (at most :data:`STDERR_TAIL`)."""
        return self._stderr_tail

    # -- moves ---------------------------------------------------------------------------------

    def move(self, own: int, theirs: int, last: int | None = None) -> tuple[int, int]:
        """The engine's move as (row, col), given its stones, the opponent's, and their last move.

        Raises :class:`EngineError` when the engine fails in any way.
        """
        if self._process is None:
            raise EngineError(FailureKind.NOT_STARTED, "the engine is not running")
        if self.limits.match is not None:
            left = max(0.0, self.limits.match - self._used)
            self._send(f"INFO time_left {int(left * 1000)}")
        if own == self._own and theirs == 0 and self._theirs == 0 and own == 0:
            self._send("BEGIN")
        elif (
            own == self._own
            and last is not None
            and theirs == self._theirs | 1 << last
            and not self._theirs >> last & 1
        ):
            row, col = divmod(last, self.cols)
            self._send(f"TURN {col},{row}")
        else:
            self._send("BOARD")
            for mask, field in ((own, 1), (theirs, 2)):
                for cell in range(self.rows * self.cols):
                    if mask >> cell & 1:
                        row, col = divmod(cell, self.cols)
                        self._send(f"{col},{row},{field}")
            self._send("DONE")
        started = time.monotonic()
        deadline = started + self.limits.turn + self.limits.grace
        if self.limits.match is not None:
            deadline = min(
                deadline, started + max(0.0, self.limits.match - self._used) + self.limits.grace
            )
        answer = self._answer(deadline, "a move", _looks_like_move)
        self._used += time.monotonic() - started
        match = _MOVE.fullmatch(answer)
        if not match:
            self._refuse_or_garbage(answer, "a move")
        x, y = _coordinate(match.group(1)), _coordinate(match.group(2))
        if x is None or y is None or not (0 <= x < self.cols and 0 <= y < self.rows):
            played = f"{shown(match.group(1), 12)},{shown(match.group(2), 12)}"
            raise EngineError(
                FailureKind.ILLEGAL, f"played {played}, off the {self.cols}x{self.rows} board"
            )
        cell = y * self.cols + x
        if (own | theirs) >> cell & 1:
            raise EngineError(FailureKind.ILLEGAL, f"played {x},{y}, which is taken")
        self._own = own | 1 << cell
        self._theirs = theirs
        return y, x

    # -- plumbing ------------------------------------------------------------------------------

    def _write_stdin(self, stream: IO[bytes]) -> None:
        try:
            while (data := self._outbox.get()) is not None:
                view = memoryview(data)
                while view:
                    written = stream.write(view)
                    view = view[written or 0 :]
        except (OSError, ValueError):
            self._write_failed = True
        finally:
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    def _read_stdout(self, stream: IO[bytes]) -> None:
        try:
            while chunk := stream.read(_CHUNK):
                for line in self._stdout.feed(chunk):
                    self._receive(line)
            for line in self._stdout.finish():
                self._receive(line)
        except (OSError, ValueError):
            pass
        finally:
            self._lines.put(None)
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    def _receive(self, line: str) -> None:
        text = line.strip()
        if not text:
            return
        if text.split(None, 1)[0].upper() in _CHATTER:
            self.messages.append(shown(text))
        elif self._lines.qsize() >= MAX_PENDING:
            self.dropped_count += 1
        else:
            self._lines.put(text)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        try:
            while chunk := stream.read(_CHUNK):
                self._stderr_tail = (self._stderr_tail + chunk)[-STDERR_TAIL:]
        except (OSError, ValueError):
            pass
        finally:
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    def _send(self, line: str) -> None:
        if self._write_failed:
            raise EngineError(FailureKind.CRASH, self._crash_reason())
        self._outbox.put(line.encode() + b"\n")

    def _answer(self, deadline: float, waiting_for: str, is_answer: Callable[[str], bool]) -> str:
        """The next line that ``is_answer`` (or a refusal) before ``deadline`` (monotonic
        seconds); other lines are skipped, and kept in :attr:`skipped`."""
        skipped_before = self.skipped_count
        while True:
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise queue.Empty
                line = self._lines.get(timeout=left)
            except queue.Empty:
                raise EngineError(
                    FailureKind.TIMEOUT, self._timeout_reason(waiting_for, skipped_before)
                ) from None
            if line is None:
                raise EngineError(FailureKind.CRASH, self._crash_reason())
            if line.split(None, 1)[0].upper() in _REFUSALS or is_answer(line):
                return line
            self.skipped.append(shown(line))
            self.skipped_count += 1

    def _timeout_reason(self, waiting_for: str, skipped_before: int) -> str:
        reason = f"no answer to {waiting_for} in time"
        skipped = self.skipped_count - skipped_before
        if skipped == 1:
            reason += f"; it printed '{self.skipped[-1]}' instead"
        elif skipped > 1:
            reason += f"; it printed {skipped} other lines instead, the last '{self.skipped[-1]}'"
        return reason

    def stderr_said(self) -> str:
        """The last line the engine wrote on standard error, escaped ("" if none)."""
        lines = self._stderr_tail.decode("utf-8", "backslashreplace").split("\n")
        said = [line.strip() for line in lines if line.strip()]
        return shown(said[-1]) if said else ""

    def _crash_reason(self) -> str:
        process = self._process
        code = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = process.wait(timeout=1.0)
        if code is not None and self._stderr_reader is not None:
            # What it wrote last may still be on its way through the pipe.
            self._stderr_reader.join(timeout=_JOIN_WAIT)
        said = self.stderr_said()
        said = f"; it said: {said}" if said else ""
        return (
            f"the engine exited (code {code}){said}"
            if code is not None
            else "the engine stopped answering" + said
        )

    def _refuse_or_garbage(self, answer: str, waiting_for: str) -> NoReturn:
        head = answer.split(None, 1)[0].upper()
        kind = FailureKind.REFUSED if head in _REFUSALS else FailureKind.GARBAGE
        raise EngineError(kind, f"answered {waiting_for} with '{shown(answer, 80)}'")


def skipped_words(count: int, last: str) -> str:
    """What the app says of lines an engine printed that it skipped (``last`` is escaped)."""
    were = "were" if count != 1 else "was"
    return (
        f"printed {count} line{'s' * (count != 1)} that {were} neither an answer nor a move, "
        f"skipped; the last: '{last}'"
    )


def _any_line(text: str) -> bool:
    return True


class ExternalEnginePlayer:
    """A session player backed by an :class:`ExternalEngine` (started on its first move)."""

    def __init__(self, command: str | Sequence[str], limits: EngineLimits | None = None) -> None:
        self.command = parse_command(command)
        self.limits = limits or EngineLimits()
        self.engine: ExternalEngine | None = None
        self._last_board: Board | None = None

    @property
    def name(self) -> str:
        return self.engine.name if self.engine is not None else shown(self.command[0], 60)

    @property
    def is_ai(self) -> bool:
        return True

    def spec(self) -> PlayerSpec:
        # Recorded as the window records an external engine: under its program's name.
        return PlayerSpec.engine(shlex.join(self.command))

    def decide(self, board: Board, rng: random.Random) -> Decision:
        del rng  # the engine's chance is its own
        variant = board.variant
        if self.engine is None:
            self.engine = ExternalEngine(
                self.command, variant.rows, variant.cols, variant.k, self.limits
            )
            self.engine.start()
        mover = board.to_move
        own = board.x if mover.value == "X" else board.o
        theirs = board.o if mover.value == "X" else board.x
        last = None
        previous = self._last_board
        if previous is not None:
            new = (board.x | board.o) & ~(previous.x | previous.o)
            if (
                new
                and new & (new - 1) == 0
                and own == (previous.x if mover.value == "X" else previous.o)
            ):
                last = new.bit_length() - 1
        elif theirs and theirs & (theirs - 1) == 0:
            last = theirs.bit_length() - 1
        row, col = self.engine.move(own, theirs, last)
        move = Move(row, col)
        self._last_board = board.play(move)
        return Decision(move, reason="engine")

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None
