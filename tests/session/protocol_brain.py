"""A small Gomocup brain for the tests, with ways to misbehave on purpose.

Run as ``python protocol_brain.py MODE``. ``good`` plays the first empty cell
in reading order; the other modes each break one rule of the protocol:
crash, hang, garbage, illegal (a taken cell), offboard, refuse-start,
slow-start, ignore-end (must be killed), chatty (MESSAGE and DEBUG before
each move, then a good move).
"""

from __future__ import annotations

import sys
import time


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "good"
    width = height = 0
    taken: set[tuple[int, int]] = set()
    reading_board = False

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def move() -> None:
        if mode == "crash":
            sys.stderr.write("boom: segmentation fault (pretend)\n")
            sys.stderr.flush()
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "garbage":
            say("hello there")
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
        for y in range(height):
            for x in range(width):
                if (x, y) not in taken:
                    taken.add((x, y))
                    say(f"{x},{y}")
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
            width = height = int(rest)
            say("OK")
        elif command == "RECTSTART":
            width, height = (int(v) for v in rest.split(","))
            say("OK")
        elif command == "ABOUT":
            say(f'name="TestBrain-{mode}", version="1.0"')
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
