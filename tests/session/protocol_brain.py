"""A small Gomocup brain for the tests, with ways to misbehave on purpose.

Run as ``python protocol_brain.py MODE [PID_FILE]``. ``good`` plays the first
empty cell in reading order; the other modes each break one rule of the
protocol: crash, hang, garbage (a line that is not a move, then nothing),
illegal (a taken cell), offboard, refuse-start, slow-start, ignore-end (must
be killed), chatty (MESSAGE and DEBUG before each move, then a good move).

And the hostile ones, each playing good moves unless it says otherwise:

- ``hostile``: terminal control codes, bidi and zero-width characters in its
  ABOUT name and its messages; ``hostile-crash`` writes them on stderr and exits;
- ``noise``: before each move, lines garbled by raw bytes (a carriage return,
  a form feed and an invalid UTF-8 byte in the middle of a line, a line split
  by a raw newline);
- ``garbled-move``: a move with a raw control byte in it;
- ``huge-coordinate``: a move whose column has 5,000 digits (``long-coordinate``: 12);
- ``endless-line``: 8 MB on stdout without a newline, then hangs;
- ``stderr-flood``: an 8 MB line on stderr, then crashes;
- ``message-flood``: 100,000 MESSAGE lines before each move;
- ``line-flood``: after each move, 10,000 lines nobody asked for, then a MESSAGE;
- ``fork-child``: starts a detached grandchild (it leaves its parent, which
  exits, and outlives it) and writes its pid to PID_FILE;
- ``pipe-holder``: the same grandchild in a session of its own, keeping the
  engine's stdout and stderr open; writes its pid to PID_FILE.
"""

from __future__ import annotations

import os
import sys
import time

HOSTILE = "\x1b[2J\x1b]0;pwned\x07\u202eevil\u200b"


def detach(pid_file: str, *, own_session: bool, keep_pipes: bool) -> None:
    """Fork a grandchild that sleeps for an hour, reparented away from this process."""
    known, written = os.pipe()  # the grandchild says here when its pid file is written
    if os.fork() != 0:
        os.close(written)
        os.wait()  # the middle process exits at once
        os.read(known, 1)  # answer only once the grandchild is known
        os.close(known)
        return
    os.close(known)
    if own_session:
        os.setsid()
    if os.fork() != 0:
        os._exit(0)
    if not keep_pipes:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
    with open(pid_file + ".tmp", "w") as file:
        file.write(str(os.getpid()))
    os.replace(pid_file + ".tmp", pid_file)
    os.write(written, b"k")
    os.close(written)
    time.sleep(3600)
    os._exit(0)


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "good"
    pid_file = sys.argv[2] if len(sys.argv) > 2 else ""
    width = height = 0
    taken: set[tuple[int, int]] = set()
    reading_board = False
    out = sys.stdout.buffer

    def say(line: str) -> None:
        out.write(line.encode() + b"\n")
        out.flush()

    def say_bytes(data: bytes) -> None:
        out.write(data)
        out.flush()

    def move() -> None:
        if mode == "crash":
            sys.stderr.write("boom: segmentation fault (pretend)\n")
            sys.stderr.flush()
            sys.exit(3)
        if mode == "hostile-crash":
            sys.stderr.write(f"boom {HOSTILE}\n")
            sys.stderr.flush()
            sys.exit(3)
        if mode == "stderr-flood":
            sys.stderr.buffer.write(b"x" * 8_000_000 + b" the end\n")
            sys.stderr.flush()
            sys.exit(4)
        if mode == "hang":
            if pid_file:  # so that a test can tell when the engine is thinking, and who it is
                with open(pid_file + ".tmp", "w") as file:
                    file.write(str(os.getpid()))
                os.replace(pid_file + ".tmp", pid_file)
            time.sleep(3600)
        if mode == "endless-line":
            say_bytes(b"7" * 8_000_000)
            time.sleep(3600)
        if mode == "garbage":
            say("hello there")
            return
        if mode == "garbled-move":
            say("5,\x05")
            return
        if mode == "huge-coordinate":
            say("9" * 5000 + ",0")
            return
        if mode == "long-coordinate":
            say("123456789012,0")
            return
        if mode == "illegal" and taken:
            x, y = next(iter(taken))
            say(f"{x},{y}")
            return
        if mode == "offboard":
            say(f"{width + 5},{height}")
            return
        if mode == "chatty":
            say("MESSAGE thinking hard")
            say("DEBUG depth 1")
        if mode == "hostile":
            say(f"MESSAGE {HOSTILE}")
        if mode == "noise":
            # A depth printed as a raw byte: 13 (a carriage return), 12, 10 (a new line).
            say_bytes(b"MESSAGE depth \r nodes 1234\n")
            say_bytes(b"depth \x0c eval 35\n")
            say_bytes(b"\xff\xfe depth 9\n")
            say_bytes(b"MESSAGE depth \n eval 12\n")
        if mode == "message-flood":
            say_bytes(b"MESSAGE thinking very hard indeed\n" * 100_000)
        for y in range(height):
            for x in range(width):
                if (x, y) not in taken:
                    taken.add((x, y))
                    say(f"{x},{y}")
                    if mode == "line-flood":
                        say_bytes(b"spam spam spam\n" * 10_000 + b"MESSAGE flooded\n")
                    return

    for raw in sys.stdin:
        line = raw.strip()
        if reading_board:
            if line == "DONE":
                reading_board = False
                move()
            else:
                x, y, _ = (int(v) for v in line.split(","))
                taken.add((x, y))
            continue
        command, _, rest = line.partition(" ")
        if command == "START":
            if mode == "refuse-start":
                say("ERROR unsupported size")
                continue
            if mode == "slow-start":
                time.sleep(3600)
            if mode in ("fork-child", "pipe-holder"):
                detach(
                    pid_file, own_session=mode == "pipe-holder", keep_pipes=mode == "pipe-holder"
                )
            width = height = int(rest)
            say("OK")
        elif command == "RECTSTART":
            width, height = (int(v) for v in rest.split(","))
            say("OK")
        elif command == "ABOUT":
            name = f"TestBrain-{mode}" if not mode.startswith("hostile") else HOSTILE
            say(f'name="{name}", version="1.0"')
        elif command == "BEGIN":
            move()
        elif command == "TURN":
            x, y = (int(v) for v in rest.split(","))
            taken.add((x, y))
            move()
        elif command == "BOARD":
            taken.clear()
            reading_board = True
        elif command == "END":
            if mode == "ignore-end":
                time.sleep(3600)
            return


if __name__ == "__main__":
    main()
