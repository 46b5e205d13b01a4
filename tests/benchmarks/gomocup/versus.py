"""Sera against any Gomocup engine: seeded balanced openings, both colours, a fixed time a move.

``python -m tests.benchmarks.bench_gomocup PATH [GAMES] [SECONDS]`` (or
``make bench-gomocup ENGINE=PATH``) plays ``GAMES`` games (default 4) of gomoku
(15×15, five or more wins, the protocol's freestyle rule) between Sera, in this
process, and the engine at ``PATH``, run as a child process and spoken to over the
Gomocup protocol by the small manager below. Each seeded opening is played twice,
once with each side as X. The engine is told one thread, ``SECONDS`` a move (default
1) and no time for the game, and is given three times that before it forfeits.

What it reports for each side: games won, median search depth and nodes per second
(Sera's from her search results; the engine's from the depth and speed its
``MESSAGE`` lines report, when they do). With ``BENCH_GOMOCUP_MOVES=1`` in the
environment it also prints each game's moves (row,col from the top-left, X first).
"""

from __future__ import annotations

import os
import random
import re
import selectors
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tictactoe_gui.engine.mnk.limits import Limit
from tictactoe_gui.engine.mnk.personas import sera
from tictactoe_gui.engine.mnk.search import TranspositionTable, search
from tictactoe_gui.engine.mnk.state import State

SIZE = 15
K = 5
#: Opening stones (X, O, X) placed at random in the central square of this side.
OPENING_STONES = 3
OPENING_SQUARE = 7
#: An opening is balanced if Sera's quick look at it sees no win and at most this score.
BALANCED = 3_000
MAX_PLIES = SIZE * SIZE
#: The game's time the engine is told it has (some engines read 0 as none at all).
MATCH_MS = 100_000_000

Cell = tuple[int, int]
MOVE = re.compile(r"(\d+)\s*,\s*(\d+)")


class EngineFailedError(Exception):
    """The engine crashed, timed out or answered something that is not a legal move."""


@dataclass
class Side:
    """What one side did over a series."""

    wins: int = 0
    depths: list[int] = field(default_factory=list)
    speeds: list[int] = field(default_factory=list)

    def summary(self) -> str:
        depth = f"depth {statistics.median(self.depths):g}" if self.depths else "depth ?"
        speed = f"{statistics.median(self.speeds):,.0f} nodes/s" if self.speeds else "nodes/s ?"
        return f"{depth}, {speed}"


class Engine:
    """A Gomocup brain in a child process, one line at a time."""

    def __init__(self, path: str, seconds: float) -> None:
        folder = Path(path).resolve().parent
        self.process = subprocess.Popen(
            [path], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, bufsize=0,
        )  # fmt: skip
        self.pending = b""
        self.seconds = seconds
        self.selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.messages: list[str] = []
        self.errors: list[str] = []

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write("".join(line + "\n" for line in lines).encode())
        except BrokenPipeError as error:
            raise EngineFailedError("the engine closed its input") from error

    def answer(self, wait: float) -> str:
        """The next line that is not a MESSAGE/DEBUG/UNKNOWN line (those are kept)."""
        assert self.process.stdout is not None
        end = time.monotonic() + wait
        while True:
            while b"\n" not in self.pending:
                left = end - time.monotonic()
                if left <= 0 or not self.selector.select(left):
                    raise EngineFailedError(f"no answer within {wait:g} s")
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise EngineFailedError("the engine ended")
                self.pending += chunk
            raw, self.pending = self.pending.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").rstrip("\r")
            word = line.strip()
            if word.upper() == "OK" or MOVE.fullmatch(word):
                return word
            if word.upper().startswith("ERROR"):
                # Reported, not fatal: the engine may still answer (Rapfi says some INFO
                # keys are unknown); if it does not, the wait ends it.
                self.errors.append(word)
            # MESSAGE, DEBUG and anything else (a message broken by a stray newline)
            self.messages.append(line)

    def start(self) -> None:
        self.send(f"START {SIZE}")
        if self.answer(30).upper() != "OK":
            raise EngineFailedError("START was not answered OK")
        self.send(
            f"INFO timeout_turn {int(self.seconds * 1000)}", f"INFO timeout_match {MATCH_MS}",
            "INFO max_memory 0", "INFO game_type 1", "INFO rule 0", "INFO thread_num 1",
            "INFO pondering 0",
        )  # fmt: skip

    def move(self, lines: list[str]) -> Cell:
        self.messages.clear()
        self.send(f"INFO time_left {MATCH_MS}", *lines)
        try:
            line = self.answer(3 * self.seconds + 2)
        except EngineFailedError as error:
            said = f" after {'; '.join(self.errors[-2:])}" if self.errors else ""
            raise EngineFailedError(f"{error}{said}") from None
        match = MOVE.fullmatch(line)
        if match is None:
            raise EngineFailedError(f"answered {line[:40]!r}")
        return int(match[2]), int(match[1])

    def close(self) -> None:
        try:
            self.send("END")
            self.process.wait(timeout=3)
        except (EngineFailedError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


def engine_figures(messages: list[str]) -> tuple[int | None, int | None]:
    """Depth and nodes per second from an engine's MESSAGE lines, if it gives them.

    Rapfi says ``Speed 412K | Depth 14-25 | ...`` and PentaZen ``dep D-S ... sp 1374``,
    both speeds in thousands of nodes per second, PentaZen's depths as one raw byte
    each (so a depth of 10 breaks its line); others ``depth 12 ... nps 400000``.
    """
    text = "\n".join(messages)
    depth = speed = None
    if raw := re.findall(r"\bdep (.)-(.) ev", text, re.DOTALL):
        depth = ord(raw[-1][0])
    elif found := re.findall(r"\bdep(?:th)?\D{0,3}(\d+)", text, re.IGNORECASE):
        depth = int(found[-1])
    if found := re.findall(r"\b(?:speed|sp)\D{0,3}(\d+)", text, re.IGNORECASE):
        speed = int(found[-1]) * 1000
    elif found := re.findall(r"\bnps\D{0,3}(\d+)", text, re.IGNORECASE):
        speed = int(found[-1])
    return depth, speed


def openings(seed: int, count: int) -> list[list[Cell]]:
    """``count`` seeded openings that Sera, looking briefly, judges about even."""
    rng = random.Random(seed)
    found: list[list[Cell]] = []
    low = (SIZE - OPENING_SQUARE) // 2
    while len(found) < count:
        cells: list[Cell] = []
        while len(cells) < OPENING_STONES:
            cell = (low + rng.randrange(OPENING_SQUARE), low + rng.randrange(OPENING_SQUARE))
            if cell not in cells:
                cells.append(cell)
        x, o = masks(cells)
        look = search(SIZE, SIZE, K, x, o, Limit(time=0.2))
        if look.proof is None and look.mate is None and abs(look.score or 0) <= BALANCED:
            found.append(cells)
    return found


def masks(moves: list[Cell]) -> tuple[int, int]:
    x = o = 0
    for ply, (row, col) in enumerate(moves):
        bit = 1 << (row * SIZE + col)
        if ply % 2 == 0:
            x |= bit
        else:
            o |= bit
    return x, o


def board_lines(moves: list[Cell]) -> list[str]:
    """The BOARD command for the side to move (field 1 its own stones, 2 the other's)."""
    mover = len(moves) % 2
    lines = ["BOARD"]
    for ply, (row, col) in enumerate(moves):
        lines.append(f"{col},{row},{1 if ply % 2 == mover else 2}")
    lines.append("DONE")
    return lines


def play(path: str, opening: list[Cell], sera_is_x: bool, seconds: float,
         ours: Side, theirs: Side) -> str:  # fmt: skip
    """One game; returns a line saying how it went (and counts the win)."""
    engine = Engine(path, seconds)
    table = TranspositionTable()
    moves = list(opening)
    told = False
    rng = random.Random(0)
    try:
        engine.start()
        while len(moves) < MAX_PLIES:
            x, o = masks(moves)
            state = State(SIZE, SIZE, K, x, o)
            if state.is_over:
                break
            sera_moves = (len(moves) % 2 == 0) == sera_is_x
            if sera_moves:
                choice = sera(SIZE, SIZE, K, x, o, rng, Limit(time=seconds), table=table)
                if choice.result is not None and choice.result.depth:
                    ours.depths.append(choice.result.depth)
                    ours.speeds.append(choice.result.nps)
                moves.append(choice.cell)
                continue
            lines = [f"TURN {moves[-1][1]},{moves[-1][0]}"] if told else board_lines(moves)
            told = True
            cell = engine.move(lines)
            row, col = cell
            if not (0 <= row < SIZE and 0 <= col < SIZE) or cell in moves:
                raise EngineFailedError(f"played {col},{row}, which is not an empty cell")
            depth, speed = engine_figures(engine.messages)
            if depth is not None:
                theirs.depths.append(depth)
            if speed is not None:
                theirs.speeds.append(speed)
            moves.append(cell)
    except EngineFailedError as error:
        ours.wins += 1
        return f"Sera won: the engine failed after {len(moves)} plies ({error})"
    finally:
        engine.close()
    x, o = masks(moves)
    state = State(SIZE, SIZE, K, x, o)
    if os.environ.get("BENCH_GOMOCUP_MOVES"):
        print("    moves:", " ".join(f"{row},{col}" for row, col in moves))
    if state.winner == 0:
        return f"draw after {len(moves)} plies"
    sera_won = (state.winner == 1) == sera_is_x
    (ours if sera_won else theirs).wins += 1
    return f"{'Sera' if sera_won else 'the engine'} won in {len(moves)} plies"


def series(path: str, games: int, seconds: float, seed: int = 22) -> None:
    name = Path(path).name
    print(f"Sera against {name}: {games} games, 15×15 freestyle, {seconds:g} s a move, seed {seed}")
    ours, theirs = Side(), Side()
    for number, opening in enumerate(openings(seed, (games + 1) // 2)):
        for sera_is_x in (True, False):
            played = 2 * number + (0 if sera_is_x else 1)
            if played >= games:
                break
            start = time.perf_counter()
            line = play(path, opening, sera_is_x, seconds, ours, theirs)
            side = "X" if sera_is_x else "O"
            seconds_taken = time.perf_counter() - start
            print(f"  game {played + 1}, Sera as {side} ({seconds_taken:.0f} s): {line}")
    print(f"Sera {ours.wins}, {name} {theirs.wins}, draws {games - ours.wins - theirs.wins}")
    print(f"  Sera: {ours.summary()}; {name}: {theirs.summary()}")
    one, five, fifteen = os.getloadavg()
    print(f"  load average at the end: {one:.1f}, {five:.1f}, {fifteen:.1f} (1, 5, 15 min)")
