"""``brain`` as a manager runs it: a real process on pipes, timed.

The urgent commands (END, STOP, YXSTOP, RESTART) are answered while a move is
being searched, not after: each test gives the move far more time than it
allows for the answer, so an answer that waited for the search would fail.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

#: The time a move may think in these tests: 0.8 × 40 s (see gomocup.move_budget).
TURN_MS = 40_000
#: How soon an urgent command must be answered, on a loaded machine (the protocol
#: asks for 100 ms; a search that ran its course would take 32 s).
PROMPTLY = 3.0


class BrainProcess:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tictactoe_gui", "brain"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("".join(f"{line}\n" for line in lines).encode())
        self.process.stdin.flush()

    def answer(self) -> str:
        """The next line that is not a MESSAGE."""
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline().decode().rstrip("\r\n")
            if not line.startswith("MESSAGE"):
                return line

    def started(self, size: int = 20) -> BrainProcess:
        self.send(f"INFO timeout_turn {TURN_MS}", f"START {size}")
        assert self.answer() == "OK"
        return self


@pytest.fixture
def brain() -> Iterator[BrainProcess]:
    running = BrainProcess()
    try:
        yield running
    finally:
        if running.process.poll() is None:
            running.process.kill()
        running.process.communicate(timeout=30)


def test_end_during_a_search_ends_the_process_at_once(brain: BrainProcess) -> None:
    brain.started().send("TURN 10,10")
    sent = time.monotonic()
    brain.send("END")
    assert brain.process.wait(timeout=30) == 0
    assert time.monotonic() - sent < PROMPTLY


@pytest.mark.parametrize("command", ["STOP", "YXSTOP"])
def test_stop_during_a_search_plays_the_best_move_so_far(brain: BrainProcess, command: str) -> None:
    brain.started().send("TURN 10,10")
    sent = time.monotonic()
    brain.send(command)
    move = brain.answer()
    assert time.monotonic() - sent < PROMPTLY
    x, y = (int(value) for value in move.split(","))
    assert (x, y) != (10, 10)
    assert 0 <= x < 20
    assert 0 <= y < 20
    # The conversation goes on: the stone is ours, and the next command is answered.
    brain.send(f"TURN {x},{y}")
    assert brain.answer() == f"ERROR TURN {x},{y} is taken"
    brain.send("END")
    assert brain.process.wait(timeout=30) == 0


def test_restart_during_a_search_answers_ok_with_an_empty_board(brain: BrainProcess) -> None:
    brain.started().send("TURN 10,10")
    sent = time.monotonic()
    brain.send("RESTART")
    assert brain.answer() == "OK"
    assert time.monotonic() - sent < PROMPTLY
    brain.send("TAKEBACK 10,10")
    assert brain.answer() == "ERROR TAKEBACK 10,10 is an empty cell"
    brain.send("END")
    assert brain.process.wait(timeout=30) == 0


def test_a_huge_line_is_refused_in_one_short_line_with_bounded_memory(
    brain: BrainProcess,
) -> None:
    brain.started(15)
    size = 100_000_000
    writer = threading.Thread(target=brain.send, args=("X" * size,))
    writer.start()
    answer = brain.answer()
    writer.join()
    assert answer == f"ERROR line 3 is too long ({size + 1} bytes); ignored"
    brain.send("ABOUT")
    assert brain.answer().startswith('name="')
    status = Path(f"/proc/{brain.process.pid}/status")
    if status.exists():  # Linux: the peak resident memory, while the process still runs
        peak_kb = next(
            int(line.split()[1]) for line in status.read_text().splitlines()
            if line.startswith("VmHWM:")
        )  # fmt: skip
        assert peak_kb < 100_000  # the line is 100 MB; held whole it would be at least that
    brain.send("END")
    assert brain.process.wait(timeout=30) == 0


def test_hostile_lines_each_get_one_error_and_a_huge_turn_limit_still_answers(
    brain: BrainProcess,
) -> None:
    huge = "9" * 5000
    for line, answer in [
        ("START \u00b2", "ERROR START takes the board size, got '\\xb2'"),
        (f"START {huge}", "ERROR unsupported size '9999999999"),
        (f"INFO timeout_turn {'9' * 401}", None),
        (f"INFO timeout_match {'9' * 401}", None),
        ("INFO k \u00b2", "ERROR INFO k takes a number, got '\\xb2'"),
        ("START 20", "OK"),
        (f"TURN {huge},1", "ERROR TURN '9999999999"),
        (
            "\x1b[2J\x1b]0;pwned\x07\u202eevil",
            "UNKNOWN command '\\x1b[2J\\x1b]0;PWNED\\x07\\u202eEVIL'",
        ),
        ("INFO timeout_turn 99999999999999999999", None),
    ]:
        brain.send(line)
        if answer is not None:
            assert brain.answer().startswith(answer)
    # The turn may think for minutes (the most a move is given); STOP has the move now.
    brain.send("TURN 10,10")
    sent = time.monotonic()
    brain.send("YXSTOP")
    assert brain.answer().count(",") == 1
    assert time.monotonic() - sent < PROMPTLY
    brain.send("END")
    _, err = brain.process.communicate(timeout=30)
    assert (brain.process.returncode, err) == (0, b"")
