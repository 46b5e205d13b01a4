"""Big-board engine benchmark: speed, depth, first answer, proofs, a round robin, memory.

Run with ``python -m tests.benchmarks.bench_bigboard`` (add ``--quick`` for a
short round robin, ``--no-round-robin`` to skip it). It prints figures; it
asserts nothing. Everything is seeded, so two runs play the same games (only
the timed searches can differ, by what the machine allows in the time).

- **Speed**: nodes per second and time to depth 4/6/8 on fixed middle-game
  positions of ``four`` and ``gomoku``, side by side with Cop's plain alpha-beta
  (the 4-mok program's search) to depth 4 on the same positions.
- **First answer**: how long until the search reports its first move
  (target: 100 ms, for the analysis dock).
- **Proofs**: the threat-space search on fixed positions with forced wins of
  5 to 15 plies (found by a seeded random search and kept as text here).
- **Round robin** on ``four`` and ``gomoku``: Kitty, Cop at depths 2/3/4, Sera
  at 0.2 s and 1 s per move, every ordered pair (so each side of the board).
- **Memory**: the table's fixed size, and Python's allocated memory over 100
  searches in a row sharing one table.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc

from tests.engine.mnk.test_compiled import picture_bitboards
from tictactoe_gui.engine.mnk import Limit, Progress, TranspositionTable, search
from tictactoe_gui.engine.mnk.limits import Budget
from tictactoe_gui.engine.mnk.personas import cop, persona_player, play_out
from tictactoe_gui.engine.mnk.state import State
from tictactoe_gui.engine.mnk.threats import ThreatSearch

#: Quiet middle games, X to move, no forced win for either side within the proofs' reach.
MIDDLE_GAMES = {
    "gomoku": (
        15,
        5,
        [
            ".........../....O....../...XOX...../....XOX..../...OX.X..../.....O...../...........",
            "......./..XO.../...OX../..XOX../....O../.......",
            "........./...O...../..XXO..../...OX..../..O.X..../....X...../........./",
        ],
    ),
    "four": (
        20,
        4,
        [
            "......./...O.../..XOX../..OX.../...X.O./.......",
            "......../..O...../..XX.O../..OXO.../...X..../......../",
            "........./....O..../..X.XO.../...OX..../..O..X.../........./",
        ],
    ),
}


def _positions(name: str) -> tuple[int, int, list[tuple[int, int]]]:
    size, k, pictures = MIDDLE_GAMES[name]
    boards = []
    for picture in pictures:
        x, o = picture_bitboards(picture.rstrip("/"), size)
        boards.append((x, o))
    return size, k, boards


def speed() -> None:
    print("Speed: time to depth (median over the fixed positions), nodes per second;")
    print(
        "'ended' counts searches that stopped early on a win they see (four in a row is that sharp)"
    )
    print(
        f"{'game':<8} {'depth':>5} {'time':>9} {'nodes':>9} {'nps':>8} {'ended':>6}   Cop d4  ratio"
    )
    for name in MIDDLE_GAMES:
        size, k, boards = _positions(name)
        for depth in (4, 6, 8):
            times, nodes, rates, ended = [], [], [], 0
            for x, o in boards:
                result = search(size, size, k, x, o, Limit(depth=depth, time=60), proofs=False)
                times.append(result.elapsed)
                nodes.append(result.nodes)
                rates.append(result.nps)
                ended += result.depth < depth
            line = (
                f"{name:<8} {depth:>5} {statistics.median(times):>8.3f}s "
                f"{int(statistics.median(nodes)):>9,} {int(statistics.median(rates)):>8,} "
                f"{ended:>4}/{len(boards)}"
            )
            if depth == 4:
                cop_times = []
                for x, o in boards:
                    started = time.perf_counter()
                    cop(size, size, k, x, o, 4, Budget(Limit()))
                    cop_times.append(time.perf_counter() - started)
                cop_time = statistics.median(cop_times)
                ratio = cop_time / statistics.median(times)
                line += f"  {cop_time:>6.3f}s {ratio:>5.1f}x"
            print(line)
    print("  (Cop d4: the 4-mok program's plain alpha-beta, 20 moves wide, to the same depth;")
    print("   ratio: its time over ours, measured side by side)")
    print()


def first_answer() -> None:
    print("First reported move (target 100 ms): search with a 1 s budget")
    for name in MIDDLE_GAMES:
        size, k, boards = _positions(name)
        firsts = []
        for x, o in boards:
            seen: list[Progress] = []
            started = time.perf_counter()
            search(size, size, k, x, o, Limit(time=1.0), on_progress=seen.append)
            firsts.append(seen[0].elapsed if seen else time.perf_counter() - started)
        print(
            f"  {name:<8} median {statistics.median(firsts) * 1000:6.1f} ms, "
            f"worst {max(firsts) * 1000:6.1f} ms"
        )
    print()


#: Positions with a forced win for the side to move (VCF), found by a seeded random search.
TACTICS = [
    (
        "gomoku",
        15,
        5,
        "...............,...............,...............,...............,......O.X......,"
        "......X.X......,....X..XOOO....,....X....OX....,....X..O.......,....O.OO.......,"
        "....X..OOXX....,...............,...............,...............,...............",
    ),
    (
        "gomoku",
        15,
        5,
        "...............,...............,...............,...............,......O.X.O....,"
        "........X......,.....XX.XOO....,....O.O.OO.....,....X..X.......,....XO..X......,"
        "......XO.OX....,...............,...............,...............,...............",
    ),
]


def _find_tactics(count: int, size: int, k: int, stones: int, seed: int) -> list[tuple[int, int]]:
    """Seeded random positions where the side to move has a VCF of 5 to 15 plies."""
    rng = random.Random(seed)
    found = []
    lo, hi = size // 2 - 4, size // 2 + 4
    while len(found) < count:
        state = State(size, size, k)
        cells = [r * size + c for r in range(lo, hi) for c in range(lo, hi)]
        rng.shuffle(cells)
        for cell in cells[:stones]:
            state.make(cell)
            if state.winner:
                break
        if state.winner or state.wins[1] or state.wins[2]:
            continue
        line = ThreatSearch(Budget(Limit(time=5))).vcf(state)
        if line is not None and 5 <= len(line) <= 15:
            found.append(state.masks())
    return found


def proofs() -> None:
    print("Proof search (VCF) on positions with forced wins of 5-15 plies")
    cases = []
    for name, size, k, rows in TACTICS:
        x = o = 0
        for r, line in enumerate(rows.split(",")):
            for c, mark in enumerate(line):
                if mark == "X":
                    x |= 1 << (r * size + c)
                elif mark == "O":
                    o |= 1 << (r * size + c)
        cases.append((name, size, k, x, o))
    for x, o in _find_tactics(4, 20, 4, 14, seed=11):
        cases.append(("four", 20, 4, x, o))
    for name, size, k, x, o in cases:
        state = State(size, size, k, x, o)
        started = time.perf_counter()
        threats = ThreatSearch(Budget(Limit(time=30)))
        line = threats.vcf(state)
        elapsed = time.perf_counter() - started
        plies = len(line) if line else 0
        print(
            f"  {name:<7} win in {plies:>2} plies: {elapsed * 1000:7.1f} ms, "
            f"{threats.budget.nodes:>6,} nodes"
        )
    print()


ENTRANTS = [
    ("Kitty", "kitty", None),
    ("Cop 2", "cop", Limit(depth=2)),
    ("Cop 3", "cop", Limit(depth=3)),
    ("Cop 4", "cop", Limit(depth=4)),
    ("Sera 0.2s", "sera", Limit(time=0.2)),
    ("Sera 1s", "sera", Limit(time=1.0)),
]


def round_robin(
    game: str, games_per_pair: int, entrants: list[tuple[str, str, Limit | None]]
) -> None:
    size, k = (20, 4) if game == "four" else (15, 5)
    print(f"Round robin on {game}: {games_per_pair} game(s) per ordered pair (row plays X)")
    names = [name for name, _, _ in entrants]
    width = max(len(n) for n in names) + 1
    print(" " * width + "".join(f"{n:>11}" for n in names))
    totals: dict[str, list[int]] = {n: [0, 0, 0] for n in names}
    started = time.perf_counter()
    for x_name, x_key, x_limit in entrants:
        cells = []
        for o_name, o_key, o_limit in entrants:
            if x_name == o_name and x_key != "cop":
                cells.append(f"{'-':>11}")
                continue
            wins = losses = draws = 0
            for number in range(games_per_pair):
                played = play_out(
                    size,
                    size,
                    k,
                    persona_player(x_key, size, size, k, x_limit),
                    persona_player(o_key, size, size, k, o_limit),
                    random.Random(1000 * number + 7),
                    max_moves=120,
                )
                if played.winner == 1:
                    wins += 1
                elif played.winner == 2:
                    losses += 1
                else:
                    draws += 1
            totals[x_name][0] += wins
            cells.append(f"{wins}-{losses}-{draws}".rjust(11))
        print(f"{x_name:<{width}}" + "".join(cells))
    print(f"  (X's wins-losses-draws; {time.perf_counter() - started:.0f} s in all)")
    print()


def sera_first_on_four(kitty_games: int, cop_games: int) -> None:
    """Sera (0.2 s) as X on four against Kitty (seeded) and Cop at each depth."""
    print(
        f"Sera 0.2s as X on four: {kitty_games} games against Kitty, {cop_games} against each Cop"
    )
    opponents = [("Kitty", "kitty", None, kitty_games)] + [
        (f"Cop {d}", "cop", Limit(depth=d), cop_games) for d in (2, 3, 4)
    ]
    for name, key, limit, games in opponents:
        wins = 0
        lengths = []
        for number in range(games):
            played = play_out(
                20,
                20,
                4,
                persona_player("sera", 20, 20, 4, Limit(time=0.2)),
                persona_player(key, 20, 20, 4, limit),
                random.Random(number),
                max_moves=120,
            )
            wins += played.winner == 1
            lengths.append(len(played.moves))
        print(
            f"  against {name:<6} won {wins}/{games}, "
            f"median game {statistics.median(lengths):.0f} plies"
        )
    print()


def memory() -> None:
    table = TranspositionTable()
    print(f"Memory: the table has {len(table):,} slots (fixed); 100 searches sharing it")
    rng = random.Random(3)
    tracemalloc.start()
    marks = []
    number = 0
    while number < 100:
        state = State(20, 20, 4)
        cells = [r * 20 + c for r in range(6, 14) for c in range(6, 14)]
        rng.shuffle(cells)
        for cell in cells[: 2 * rng.randrange(4, 12)]:
            state.make(cell)
            if state.winner:
                state.unmake()
                break
        if state.is_over or state.wins[1] or state.wins[2]:
            continue
        search(20, 20, 4, *state.masks(), Limit(nodes=3000), table=table)
        number += 1
        if number % 25 == 0:
            current, peak = tracemalloc.get_traced_memory()
            marks.append(f"after {number}: {current / 1e6:.1f} MB (peak {peak / 1e6:.1f} MB)")
    tracemalloc.stop()
    print("  " + "; ".join(marks) + f"; table slots used {table.used():,}")
    print()


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"Big-board engine benchmark (Python {sys.version.split()[0]})")
    print()
    speed()
    first_answer()
    proofs()
    memory()
    if "--no-round-robin" not in sys.argv:
        sera_first_on_four(10 if quick else 50, 2 if quick else 5)
        entrants = ENTRANTS[:3] + ENTRANTS[4:5] if quick else ENTRANTS
        for game in ("four", "gomoku"):
            round_robin(game, 1, entrants)


if __name__ == "__main__":
    main()
