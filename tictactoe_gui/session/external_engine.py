"""An external engine as a player: any Gomocup-protocol brain, run as a subprocess.

:class:`ExternalEngine` starts the program, tells it the board (``START`` or
``RECTSTART``), the rule (freestyle), k when it is not five (``INFO k``, which
other brains ignore) and the time limits, then asks for moves with ``BEGIN``,
``TURN`` or, when the position is not the one it knows plus one move, a fresh
``BOARD``. It enforces the limits itself: a move must come within the turn
limit (plus a small grace for process overhead) and within the game's time.

Anything wrong ends the engine's game, never the caller's program: a crash,
a hang, a line that is not an answer, ``ERROR``/``UNKNOWN``, or an illegal
move raises :class:`EngineError` with the kind and a one-line reason (the
game is then lost by that engine). The process is always reaped: ``close``
sends ``END``, waits briefly, then kills; use the engine as a context manager.
"""

from __future__ import annotations

import contextlib
import enum
import queue
import random
import re
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import IO, Final, NoReturn

from tictactoe_gui.engine import Board, Decision, Move
from tictactoe_gui.session.game import PlayerSpec

_MOVE: Final = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*")
#: Lines an engine may print before its answer without it counting as garbage.
_CHATTER: Final = ("MESSAGE", "DEBUG", "SUGGEST")
_MAX_LINE: Final = 10_000
_KEEP_STDERR: Final = 5


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
        if self.turn <= 0 or (self.match is not None and self.match <= 0):
            raise ValueError("engine time limits must be positive")


def parse_command(command: str | Sequence[str]) -> list[str]:
    """The argument list of ``command`` (a shell-like string or a list); a clear error if empty."""
    args = shlex.split(command) if isinstance(command, str) else list(command)
    if not args:
        raise ValueError("an engine needs a command to run")
    return args


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
        self.messages: deque[str] = deque(maxlen=20)
        self._stderr: deque[str] = deque(maxlen=_KEEP_STDERR)
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._process: subprocess.Popen[str] | None = None
        self._threads: list[threading.Thread] = []
        #: The stones the engine knows: its own and the opponent's.
        self._own = 0
        self._theirs = 0
        self._used = 0.0
        self.name = self.args[0]
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
            self._process = subprocess.Popen(
                self.args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
                errors="replace",
            )
        except OSError as error:
            raise EngineError(
                FailureKind.NOT_STARTED, f"cannot run {self.args[0]!r}: {error.strerror or error}"
            ) from None
        process = self._process
        assert process.stdout is not None
        assert process.stderr is not None
        for target, stream in (
            (self._read_stdout, process.stdout),
            (self._read_stderr, process.stderr),
        ):
            thread = threading.Thread(target=target, args=(stream,), daemon=True)
            thread.start()
            self._threads.append(thread)
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
        answer = self._answer(time.monotonic() + self.limits.start + self.limits.grace, "START")
        if answer.upper() != "OK":
            self._refuse_or_garbage(answer, "START")
        with contextlib.suppress(EngineError):
            self._send("ABOUT")
            about = self._answer(time.monotonic() + 2 + self.limits.grace, "ABOUT")
            match = re.search(r'name="([^"]*)"', about)
            if match and match.group(1).strip():
                self.name = match.group(1).strip()[:60]

    def close(self) -> None:
        """Say END, wait a moment, kill if needed, and always reap the process."""
        process = self._process
        if process is None:
            return
        try:
            if process.poll() is None:
                with contextlib.suppress(OSError, ValueError):
                    assert process.stdin is not None
                    process.stdin.write("END\n")
                    process.stdin.flush()
                try:
                    process.wait(timeout=1.0)
                except subprocess.TimeoutExpired:
                    process.kill()
        finally:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5.0)
            for stream in (process.stdin, process.stdout, process.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError, ValueError):
                        stream.close()
            for thread in self._threads:
                thread.join(timeout=1.0)
            self.exit_code = process.returncode
            self._process = None

    @property
    def returncode(self) -> int | None:
        return None if self._process is None else self._process.poll()

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
        answer = self._answer(deadline, "a move")
        self._used += time.monotonic() - started
        match = _MOVE.fullmatch(answer)
        if not match:
            self._refuse_or_garbage(answer, "a move")
        x, y = int(match.group(1)), int(match.group(2))
        if not (0 <= x < self.cols and 0 <= y < self.rows):
            raise EngineError(
                FailureKind.ILLEGAL, f"played {x},{y}, off the {self.cols}x{self.rows} board"
            )
        cell = y * self.cols + x
        if (own | theirs) >> cell & 1:
            raise EngineError(FailureKind.ILLEGAL, f"played {x},{y}, which is taken")
        self._own = own | 1 << cell
        self._theirs = theirs
        return y, x

    # -- plumbing ------------------------------------------------------------------------------

    def _read_stdout(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                self._lines.put(str(line)[:_MAX_LINE].rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        finally:
            self._lines.put(None)

    def _read_stderr(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                self._stderr.append(str(line)[:200].rstrip())
        except (OSError, ValueError):
            pass

    def _send(self, line: str) -> None:
        process = self._process
        assert process is not None
        assert process.stdin is not None
        try:
            process.stdin.write(line + "\n")
            process.stdin.flush()
        except (OSError, ValueError):
            raise EngineError(FailureKind.CRASH, self._crash_reason()) from None

    def _answer(self, deadline: float, waiting_for: str) -> str:
        """The next line that is not chatter, before ``deadline`` (monotonic seconds)."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineError(FailureKind.TIMEOUT, f"no answer to {waiting_for} in time")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                raise EngineError(
                    FailureKind.TIMEOUT, f"no answer to {waiting_for} in time"
                ) from None
            if line is None:
                raise EngineError(FailureKind.CRASH, self._crash_reason())
            text = line.strip()
            if not text:
                continue
            if text.split(" ", 1)[0].upper() in _CHATTER:
                self.messages.append(text)
                continue
            return text

    def _crash_reason(self) -> str:
        process = self._process
        code = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = process.wait(timeout=1.0)
        said = f"; it said: {self._stderr[-1]}" if self._stderr else ""
        return (
            f"the engine exited (code {code}){said}"
            if code is not None
            else "the engine stopped answering" + said
        )

    def _refuse_or_garbage(self, answer: str, waiting_for: str) -> NoReturn:
        head = answer.split(" ", 1)[0].upper()
        shown = answer if len(answer) <= 80 else answer[:80] + "…"
        if head in ("ERROR", "UNKNOWN"):
            raise EngineError(FailureKind.REFUSED, f"answered {waiting_for} with {shown!r}")
        raise EngineError(FailureKind.GARBAGE, f"answered {waiting_for} with {shown!r}")


class ExternalEnginePlayer:
    """A session player backed by an :class:`ExternalEngine` (started on its first move)."""

    def __init__(self, command: str | Sequence[str], limits: EngineLimits | None = None) -> None:
        self.command = parse_command(command)
        self.limits = limits or EngineLimits()
        self.engine: ExternalEngine | None = None
        self._last_board: Board | None = None

    @property
    def name(self) -> str:
        return self.engine.name if self.engine is not None else self.command[0]

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
