"""Connect Four benchmark: the exact solver on small gravity boards and on seeded 7×6 positions.

Run with ``python -m tests.benchmarks.bench_connect_four [SEEDS] [CAP_SECONDS]`` (or
``make bench``). Not part of the test suite: it prints figures, it does not assert
them. Timed in-process, each position with a fresh solver table.

The positions are seeded random games in which neither side drops a disc that
wins or lets the opponent win at once (plain random play leaves a win in one
on most boards of 14 discs). Each is analysed with every column exact, capped
at ``CAP_SECONDS``; a position past the cap counts as not finished. The solver
is pure Python: the empty 7×6 board (a first-player win in 41 plies) is far
beyond it and is not attempted.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tictactoe_gui.engine import connect_four
from tictactoe_gui.engine.connect_four import GravitySpec, GravityState
from tictactoe_gui.engine.games import Certainty, find_game
from tictactoe_gui.engine.gravity_search import ExactSolver, Position


def quiet_position(spec: GravitySpec, discs: int, seed: int) -> GravityState | None:
    """A seeded position of ``discs`` discs where no disc won or let the opponent win."""
    rng = random.Random(seed)
    state = spec.new_game()
    while len(state.moves) < discs:
        quiet = []
        for move in state.legal_moves():
            after = state.play(move)
            if after.to_move is None:
                continue
            if all(after.play(reply).to_move is not None for reply in after.legal_moves()):
                quiet.append(move)
        if not quiet:
            return None
        state = state.play(rng.choice(quiet))
    return state


def small_boards() -> None:
    print("Empty small boards (fresh table each):")
    for rows, cols in ((4, 4), (5, 4), (4, 5), (5, 5), (6, 5), (5, 6)):
        spec = connect_four.gravity_spec(rows, cols, 4)
        solver = ExactSolver(spec.gravity)
        started = time.monotonic()
        score = solver.score(Position(0, 0, 0), deadline=started + 600)
        elapsed = time.monotonic() - started
        plies = spec.gravity.plies_to_end(score, 0)
        value = "draw" if score == 0 else ("X" if score > 0 else "O") + f" wins in {plies}"
        print(f"  {rows}×{cols}: {value}, {solver.nodes:,} nodes, {elapsed:.2f} s")


def positions(seeds: int, cap: float) -> None:
    spec = find_game("connect4")
    assert isinstance(spec, GravitySpec)
    for low, high in ((8, 12), (14, 18)):
        times: list[float] = []
        unfinished = 0
        seed = 0
        while len(times) + unfinished < seeds:
            seed += 1
            state = quiet_position(spec, random.Random(seed).randint(low, high), seed)
            if state is None:
                continue
            connect_four._solver.cache_clear()
            started = time.monotonic()
            analysis = spec.analyse(state, time_limit=cap)
            elapsed = time.monotonic() - started
            if analysis.certainty is Certainty.PROVEN:
                times.append(elapsed)
            else:
                unfinished += 1
        finished = (
            f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s"
            if times
            else "none finished"
        )
        print(
            f"  {low} to {high} discs: {len(times)} of {seeds} every column exact within "
            f"{cap:g} s ({finished})"
        )


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    cap = float(sys.argv[2]) if len(sys.argv) > 2 else 30.0
    small_boards()
    print("Seeded quiet 7×6 positions:")
    positions(seeds, cap)


if __name__ == "__main__":
    main()
