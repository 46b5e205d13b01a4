"""Connect Four benchmark: the exact solver on small gravity boards, on seeded 7×6 positions
and on the empty board, with and without its opening book, beside a known C++ solver.

Run with ``python -m tests.benchmarks.bench_connect_four [SEEDS] [CAP_SECONDS]`` (or
``make bench``). Not part of the test suite: it prints figures, it does not assert
them. Timed in-process, in CPU seconds of this process (the search runs in the calling
thread; the machine is shared, so wall time says more about the neighbours), each
position with a fresh solver table, the way ``analyse`` answers it: every column exact.

The positions are seeded random games in which neither side drops a disc that
wins or lets the opponent win at once (plain random play leaves a win in one
on most boards of 14 discs). A position past ``CAP_SECONDS`` counts as not finished.

With ``PONS=/path/to/c4solver`` set (Pascal Pons's solver, built from its public
source in a temporary folder: ``git clone https://github.com/PascalPons/connect4``,
``make c4solver``), the same positions go to it too, one process each with
``-a`` (every column's score, as here) and no opening book, capped at 10 minutes;
its scores are compared with ours (its score and ours share one scale).
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tictactoe_gui.engine import connect_four
from tictactoe_gui.engine.connect_four import GravitySpec
from tictactoe_gui.engine.games import Certainty, Limit, find_game
from tictactoe_gui.engine.gravity_native import NativeSolver, solver_for
from tictactoe_gui.engine.gravity_search import GravityBoard, Position
from tictactoe_gui.engine.gravity_state import GravityState

#: The C++ solver's cap on one position, in seconds.
PONS_CAP = 600.0


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


def digits(state: GravityState) -> str:
    return "".join(str(move % state.spec.cols + 1) for move in state.moves)


def small_boards() -> None:
    print("Empty small boards (fresh table each), compiled:")
    for rows, cols in ((4, 4), (5, 4), (4, 5), (5, 5), (6, 5), (5, 6), (6, 6)):
        board = GravityBoard(rows, cols, 4)
        solver = NativeSolver(board)
        started = time.process_time()
        score = solver.score(Position(0, 0, 0))
        elapsed = time.process_time() - started
        plies = board.plies_to_end(score, 0)
        value = "draw" if score == 0 else ("X" if score > 0 else "O") + f" wins in {plies}"
        print(f"  {rows}×{cols}: {value}, {solver.nodes:,} nodes, {elapsed:.2f} s")


def every_column(board: GravityBoard, state: GravityState, *, book: bool) -> list[int]:
    """Every column's exact score for the mover, in column order, with a fresh table."""
    solver = solver_for(board) if book else NativeSolver(board)
    if isinstance(solver, NativeSolver):
        solver.clear()
    position = connect_four._position(state)
    return [
        solver.move_score(position, col)
        for col in range(board.cols)
        if board.landing_bit(position.mask, col)
    ]


def pons(program: str, moves: str) -> tuple[list[int] | None, float]:
    """The C++ solver's scores of every column and its CPU seconds (None past the cap)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(
            [program, "-a", "-b", os.devnull],
            input=moves + "\n",
            capture_output=True,
            text=True,
            timeout=PONS_CAP,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return None, PONS_CAP
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    words = done.stdout.split()
    # Full columns show as a score no position has; drop them as ours are dropped.
    return [int(w) for w in words[1:] if int(w) > -1000], seconds


def positions(seeds: int, cap: float, program: str | None) -> None:
    spec = find_game("connect4")
    assert isinstance(spec, GravitySpec)
    board = spec.gravity
    for low, high in ((8, 12), (14, 18)):
        print(f"  {low} to {high} discs:")
        times: dict[str, list[float]] = {"ours": [], "ours, no book": [], "Pons": []}
        unfinished = 0
        seed = 0
        while len(times["ours"]) + unfinished < seeds:
            seed += 1
            state = quiet_position(spec, random.Random(seed).randint(low, high), seed)
            if state is None:
                continue
            connect_four._solver.cache_clear()
            started = time.process_time()
            analysis = spec.analyse(state, limit=Limit(time=cap))
            elapsed = time.process_time() - started
            if analysis.certainty is not Certainty.PROVEN:
                unfinished += 1
                print(f"    {digits(state)}: not every column exact within {cap:g} s")
                continue
            times["ours"].append(elapsed)
            started = time.process_time()
            scores = every_column(board, state, book=False)
            times["ours, no book"].append(time.process_time() - started)
            line = (
                f"    {digits(state)}: {elapsed:.2f} s, no book {times['ours, no book'][-1]:.2f} s"
            )
            if program is not None:
                theirs, seconds = pons(program, digits(state))
                times["Pons"].append(seconds)
                agree = "same scores" if theirs == scores else f"scores differ: {theirs}"
                line += f"; Pons {seconds:.2f} s, {agree}"
            print(line, flush=True)
        for name, found in times.items():
            if found:
                print(
                    f"    {name}: {len(found)} of {seeds} within the cap, median "
                    f"{statistics.median(found):.3f} s, worst {max(found):.2f} s"
                )


def empty_board(program: str | None) -> None:
    spec = find_game("connect4")
    assert isinstance(spec, GravitySpec)
    connect_four._solver.cache_clear()
    started = time.process_time()
    solution = spec.prove(spec.new_game(), limit=Limit(time=60))
    proved = time.process_time() - started
    print(
        f"  empty board with the book: {solution.result.text} in {solution.plies} plies, "
        f"first move {spec.format_move(solution.line[0])}, {proved:.3f} s"
    )
    started = time.process_time()
    analysis = spec.analyse(spec.new_game(), limit=Limit(time=60))
    print(
        f"  analyse, every first column with the book: {analysis.certainty.name.lower()}, "
        f"{time.process_time() - started:.3f} s, "
        + ", ".join(f"{value.text} {value.words}" for value in analysis.moves)
    )
    if os.environ.get("CONNECT_FOUR_NO_BOOK_44"):
        board = spec.gravity
        state = spec.new_game().play_all(spec.new_game().read_moves("44"))
        started = time.process_time()
        score = NativeSolver(board).score(connect_four._position(state))
        print(f"  after 44, no book: score {score}, {time.process_time() - started:.1f} s")
        if program is not None:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([program, "-b", os.devnull], input="44\n", text=True, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(f"  after 44, Pons no book: {after.ru_utime - before.ru_utime:.1f} s")


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    cap = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
    program = os.environ.get("PONS")
    if program is not None and not Path(program).is_file():
        raise SystemExit(f"PONS={program}: no such program")
    small_boards()
    print("The empty 7×6 board:")
    empty_board(program)
    print("Seeded quiet 7×6 positions, every column exact (CPU seconds):")
    positions(seeds, cap, program)


if __name__ == "__main__":
    main()
