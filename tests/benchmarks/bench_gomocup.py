"""Sera against an engine written apart from this app, over the Gomocup protocol both ways.

``make bench-gomocup ENGINE=PATH`` (or ``python -m tests.benchmarks.bench_gomocup PATH
[GAMES] [SECONDS]``) plays Sera against any Gomocup engine instead: see
``gomocup/versus.py``.

Run with ``make bench-gomocup`` (it installs the ``interop`` extra: the ``gomoku``
package with ``gmpy2``, and ``pygomo-lib``) or ``python -m tests.benchmarks.bench_gomocup``.
It prints figures and asserts nothing.

- **The opponent** is the ``gomoku`` package's ThreatSpace player (PyPI, 15×15 five in a
  row, its own threat-space search), behind the small protocol adapter in
  ``gomocup/threat_space_brain.py``. It plays a little at random, so games vary.
- **Our manager, their engine**: ``tictactoe-gui match`` runs Sera (1 s a move) against
  it, as X and as O, seeded, each game recorded in a throwaway records file.
- **Their manager, our engine**: pygomo-lib, an independent implementation of the
  manager's side of the protocol, runs whole games between ``tictactoe-gui brain`` and
  the same engine; every answer is checked for a legal, empty cell on our own board.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.engine.variants import get_variant

GAMES_EACH_SIDE = 6
PYGOMO_GAMES = 2
SERA = "sera:1s"
HERE = Path(__file__).resolve().parent
BRAIN = HERE / "gomocup" / "threat_space_brain.py"
ROOT = HERE.parents[1]


def missing() -> str | None:
    for module in ("gomoku", "gmpy2", "pygomo"):
        try:
            __import__(module)
        except ImportError:
            return module
    return None


def their_engine() -> str:
    return f"engine:{sys.executable} {BRAIN}"


def match(x: str, o: str, seed: int, db: Path) -> tuple[str, float]:
    start = time.perf_counter()
    done = subprocess.run(
        [
            sys.executable, "-m", "tictactoe_gui", "match", "--x", x, "--o", o,
            "--game", "gomoku", "--games", str(GAMES_EACH_SIDE), "--seed", str(seed),
            "--record", "--db", str(db),
        ],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    seconds = time.perf_counter() - start
    line = done.stdout.strip().splitlines()[0] if done.stdout.strip() else done.stderr.strip()
    problems = [row for row in done.stderr.splitlines() if "loses" in row]
    if problems:
        line += " | " + "; ".join(problems)
    return line, seconds


def wrapper(folder: Path, name: str, command: list[str]) -> str:
    """pygomo starts a single executable: a two-line script that runs ``command``."""
    path = folder / name
    words = " ".join(f"'{word}'" for word in command)
    path.write_text(f"#!/bin/sh\ncd '{ROOT}'\nexec {words} \"$@\"\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def pygomo_game(ours: str, theirs: str, ours_first: bool) -> str:
    from pygomo import EngineClient

    variant = get_variant("gomoku")
    board = Board.empty(variant)
    first, second = (ours, theirs) if ours_first else (theirs, ours)
    with EngineClient(first) as x_engine, EngineClient(second) as o_engine:
        for engine in (x_engine, o_engine):
            if not engine.start(15, timeout=30):
                return "an engine refused START 15"
            engine.set_time(turn_time_ms=1000)
        engines = {Mark.X: x_engine, Mark.O: o_engine}
        result = engines[Mark.X].begin(timeout=30)
        while True:
            mover = board.to_move
            if result is None:
                return f"{mover} gave no move"
            move = Move(result.move.row, result.move.col)
            if not board.is_legal(move):
                return f"{mover} answered an illegal cell {result.move.col},{result.move.row}"
            board = board.play(move)
            if board.is_over:
                winner = board.winner
                ours_won = (winner is Mark.X) == ours_first
                who = "nobody" if winner is None else ("Sera" if ours_won else "ThreatSpace")
                return f"{who} won in {board.ply} plies, every answer legal"
            result = engines[board.to_move].turn((move.col, move.row), timeout=30)


def main() -> None:
    if len(sys.argv) > 1:
        from tests.benchmarks.gomocup.versus import series

        games = int(sys.argv[2]) if len(sys.argv) > 2 else 4
        seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
        series(sys.argv[1], games, seconds)
        return
    absent = missing()
    if absent is not None:
        print(f"skipped: the {absent} module is not installed (run make bench-gomocup)")
        return
    print(f"Opponent: the gomoku package's ThreatSpace player ({BRAIN.name}).")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "records.sqlite3"
        for x, o, label in (
            (SERA, their_engine(), "Sera as X"),
            (their_engine(), SERA, "Sera as O"),
        ):
            line, seconds = match(x, o, 7, db)
            print(f"{label}, {GAMES_EACH_SIDE} games ({seconds:.0f} s): {line}")
        env_python = sys.executable
        ours = wrapper(Path(folder), "ours.sh", [env_python, "-m", "tictactoe_gui", "brain"])
        theirs = wrapper(Path(folder), "theirs.sh", [env_python, str(BRAIN)])
        os.environ.setdefault("PYTHONUNBUFFERED", "1")
        for number in range(PYGOMO_GAMES):
            ours_first = number % 2 == 0
            side = "X" if ours_first else "O"
            print(
                f"pygomo-lib manager, our brain as {side}: {pygomo_game(ours, theirs, ours_first)}"
            )


if __name__ == "__main__":
    main()
