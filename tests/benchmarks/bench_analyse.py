"""Nodes per second as ``analyse --time 2 --json`` reports them, compiled and pure Python.

Run with ``python -m tests.benchmarks.bench_analyse``. It prints figures and asserts
nothing. Each quiet opening and middle game of ``four`` (20×20) and ``gomoku``
(15×15) is analysed by the command line, ``tictactoe-gui analyse --game G --time 2
--json POSITION``, in a fresh process, once with the compiled core and once with the
pure-Python reference search (the same command with the compiled module made
unavailable, as on a machine without a C compiler), one after the other; the figure
is the command's own ``nodes / elapsed_ms``. A position whose analysis ends early on
a proof (a forced win found at once) is shown but left out of the medians: it is not
a quiet position.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

from tests.benchmarks.bench_bigboard import MIDDLE_GAMES
from tests.engine.mnk.test_compiled import picture_bitboards
from tictactoe_gui.engine import Board
from tictactoe_gui.engine.variants import get_variant

#: Openings beside the middle games (pictures centred on the board).
OPENINGS = {"four": ["X", "X./.O", "XO./.X"], "gomoku": ["X", "X./.O", "X../.O./..X"]}
SECONDS = 2.0

#: Runs the command line with the compiled core unavailable: the pure-Python reference.
_PURE = (
    "import sys, tictactoe_gui.engine.mnk.native as n; n._core = None; "
    "from tictactoe_gui.cli import main; sys.exit(main(sys.argv[1:]))"
)
_COMPILED = "import sys; from tictactoe_gui.cli import main; sys.exit(main(sys.argv[1:]))"


def _position(game: str, picture: str) -> str:
    variant = get_variant(game)
    x, o = picture_bitboards(picture.rstrip("/"), variant.rows)
    return Board(x, o, variant).to_text()


def _analyse(game: str, position: str, compiled: bool) -> dict[str, object]:
    command = [sys.executable, "-c", _COMPILED if compiled else _PURE]
    command += ["analyse", "--game", game, "--time", str(SECONDS), "--json", position]
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    found = json.loads(done.stdout)
    return found[0] if isinstance(found, list) else found  # type: ignore[no-any-return]


def main() -> None:
    print(f"analyse --time {SECONDS:g} --json: nodes / elapsed_ms, compiled and pure Python,")
    print("each position in a fresh process, one after the other")
    print(f"load average at the start (the figures are wall-clock): {os.getloadavg()[0]:.1f}")
    print(
        f"{'game':<7} {'position':<24} {'Python n/s':>11} {'depth':>5} "
        f"{'compiled n/s':>13} {'depth':>5} {'ratio':>6}"
    )
    for game in ("four", "gomoku"):
        pictures = OPENINGS[game] + [p.rstrip("/") for p in MIDDLE_GAMES[game][2]]
        rates: dict[bool, list[float]] = {False: [], True: []}
        for picture in pictures:
            position = _position(game, picture)
            runs = {compiled: _analyse(game, position, compiled) for compiled in (False, True)}
            rate = {c: 1000 * int(r["nodes"]) / float(r["elapsed_ms"]) for c, r in runs.items()}  # type: ignore[call-overload]
            quiet = not any(r["exact"] for r in runs.values())
            if quiet:
                for compiled in (False, True):
                    rates[compiled].append(rate[compiled])
            note = "" if quiet else "  (proven at once: not counted)"
            depth = {c: r.get("depth", "-") for c, r in runs.items()}
            print(
                f"{game:<7} {picture[:24]:<24} {rate[False]:>11,.0f} {depth[False]!s:>5} "
                f"{rate[True]:>13,.0f} {depth[True]!s:>5} "
                f"{rate[True] / rate[False]:>5.1f}x{note}"
            )
        if rates[True]:
            python, compiled = statistics.median(rates[False]), statistics.median(rates[True])
            print(
                f"{game:<7} {'median (quiet positions)':<24} {python:>11,.0f} {'':>5} "
                f"{compiled:>13,.0f} {'':>5} {compiled / python:>5.1f}x"
            )


if __name__ == "__main__":
    main()
