"""Sera as the first player on `four` (20×20, four in a row), from varied openings.

Run with ``python -m tests.benchmarks.bench_sera_openings`` (or ``make bench``). It
prints figures and asserts nothing. Cop and Sera are deterministic, so games from the
empty board repeat move for move; here every game starts from its own opening instead:
X's first stone and O's reply are drawn at random (seeded) within the central 8×8
cells, then Sera (0.2 s a move) plays X against each opponent as O.

``python -m tests.benchmarks.bench_sera_openings GAMES o`` plays her as O instead,
second to move against each opponent as X from the same openings (on four, a fast
first-player win: a figure to watch, not a target).
"""

from __future__ import annotations

import random
import sys
import time

from tictactoe_gui.engine.mnk.limits import Limit
from tictactoe_gui.engine.mnk.personas import Player, persona_player, play_out

ROWS = COLS = 20
K = 4
OPENING_PLIES = 2
CENTRE = range(6, 14)


def from_opening(player: Player, opening: list[tuple[int, int]]) -> Player:
    def play(x: int, o: int, rng: random.Random) -> tuple[int, int]:
        ply = (x | o).bit_count()
        if ply < len(opening):
            return opening[ply]
        return player(x, o, rng)

    return play


def opening(rng: random.Random) -> list[tuple[int, int]]:
    cells = [(r, c) for r in CENTRE for c in CENTRE]
    return rng.sample(cells, OPENING_PLIES)


def main(games: int = 100, sera_is_x: bool = True) -> None:
    sera = persona_player("sera", ROWS, COLS, K, Limit(time=0.2))
    opponents = {
        "Kitty": persona_player("kitty", ROWS, COLS, K),
        "Cop 2": persona_player("cop", ROWS, COLS, K, Limit(depth=2)),
        "Cop 3": persona_player("cop", ROWS, COLS, K, Limit(depth=3)),
        "Cop 4": persona_player("cop", ROWS, COLS, K, Limit(depth=4)),
    }
    side, other = ("X", "O") if sera_is_x else ("O", "X")
    print(f"Sera ({side}, 0.2 s a move) on four, {games} games each from seeded random openings:")
    print(f"| {other} | Sera wins | draws | losses | time |")
    print("|---|---|---|---|---|")
    for name, player in opponents.items():
        rng = random.Random(2026)
        wins = draws = losses = 0
        started = time.perf_counter()
        for _ in range(games):
            moves = opening(rng)
            first, second = from_opening(sera, moves), from_opening(player, moves)
            if not sera_is_x:
                first, second = second, first
            played = play_out(ROWS, COLS, K, first, second, random.Random(rng.randrange(2**32)))
            ours = 1 if sera_is_x else 2
            if played.winner == ours:
                wins += 1
            elif played.winner == 3 - ours:
                losses += 1
            else:
                draws += 1
        seconds = time.perf_counter() - started
        print(f"| {name} | {wins} | {draws} | {losses} | {seconds:.0f} s |", flush=True)


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 100,
        sera_is_x=not (len(sys.argv) > 2 and sys.argv[2].lower() == "o"),
    )
