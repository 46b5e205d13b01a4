"""A Gomocup brain around an independent gomoku AI: the ``gomoku`` package's ThreatSpace player.

``gomoku`` (PyPI, version 0.1.0) is a 15×15 five-in-a-row program with a
threat-space search of its own, written apart from this app. This script only
speaks the protocol for it (``START 15``, ``BEGIN``, ``TURN``, ``BOARD``,
``INFO``, ``RESTART``, ``ABOUT``, ``END``) so that ``match`` can play Sera
against it as against any external engine. The player prints its thoughts on
standard output; they go to standard error here, away from the protocol.

Run by ``bench_gomocup`` (``make bench-gomocup`` installs the package).
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
import types

import gomoku
from gomoku.board import Board
from gomoku.utils import to_row

# ``gomoku.player``'s __init__ imports its web player (flask_socketio, not a dependency it
# declares): load the package without it, then the threat-space player alone.
_player_dir = importlib.util.find_spec("gomoku").submodule_search_locations[0] + "/player"
_package = types.ModuleType("gomoku.player")
_package.__path__ = [_player_dir]
sys.modules["gomoku.player"] = _package
gomoku.player = _package

import gomoku.player.threat_space as threat_space  # noqa: E402
from gomoku.player.threat_space import ThreatSpace  # noqa: E402

SIZE = 15
threat_space.VERBOSE = 0


class Brain:
    def __init__(self) -> None:
        self.board = Board()
        self.player = ThreatSpace()

    def reset(self) -> None:
        self.board = Board()
        self.player = ThreatSpace()

    def our_move(self) -> str:
        with contextlib.redirect_stdout(sys.stderr):
            move = self.player.make_move(self.board.copy())
        row, col = to_row(move) if isinstance(move, int) else move
        if not self.board.is_valid_move(row, col):  # never answer a taken cell
            row, col = next(
                (r, c) for r in range(SIZE) for c in range(SIZE) if self.board.is_valid_move(r, c)
            )
        self.board.move(row, col)
        return f"{col},{row}"

    def set_position(self, own: list[tuple[int, int]], theirs: list[tuple[int, int]]) -> None:
        """A position from ``BOARD``: whoever has more stones moved first."""
        self.reset()
        first, second = (theirs, own) if len(theirs) > len(own) else (own, theirs)
        self.board.moves(p1=first, p2=second)
        self.board.turns = len(own) + len(theirs)
        self.board.o = self.board.b1 | self.board.b2
        self.board.e = self.board.o ^ self.board.mask


def main() -> None:
    out = sys.stdout
    brain = Brain()

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    lines = iter(sys.stdin.readline, "")
    for raw in lines:
        words = raw.strip().split(maxsplit=1)
        if not words:
            continue
        command, rest = words[0].upper(), (words[1] if len(words) > 1 else "")
        if command == "START":
            if rest.strip() != str(SIZE):
                say("ERROR this brain plays 15x15 only")
                continue
            brain.reset()
            say("OK")
        elif command == "RESTART":
            brain.reset()
            say("OK")
        elif command == "BEGIN":
            say(brain.our_move())
        elif command == "TURN":
            x, y = (int(v) for v in rest.split(","))
            brain.board.move(y, x)
            say(brain.our_move())
        elif command == "BOARD":
            own: list[tuple[int, int]] = []
            theirs: list[tuple[int, int]] = []
            for line in lines:
                if line.strip().upper() == "DONE":
                    break
                x, y, who = (int(v) for v in line.strip().split(","))
                (own if who == 1 else theirs).append((y, x))
            brain.set_position(own, theirs)
            say(brain.our_move())
        elif command == "ABOUT":
            say('name="gomoku ThreatSpace (PyPI gomoku 0.1.0)", version="0.1.0"')
        elif command == "END":
            return
        elif command == "INFO":
            continue
        else:
            say(f"ERROR unknown command {command}")


if __name__ == "__main__":
    main()
