"""``brain``: serve the engine over the Gomocup protocol on standard input and output.

Managers such as Piskvork start the program and talk to it line by line (see
:mod:`tictactoe_gui.engine.mnk.gomocup` for the commands and conventions).
"""

from __future__ import annotations

import argparse

from tictactoe_gui.cli.common import EXIT_OK, Command, Streams, k_in_a_row_game
from tictactoe_gui.engine.mnk.gomocup import DEFAULT_K, Brain


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        type=k_in_a_row_game,
        default=None,
        metavar="ID",
        help="the game whose k (how many in a row win) to play, e.g. four or 20x20k4; "
        "the board size always comes from the manager's START (default: five in a row)",
    )


def run(args: argparse.Namespace, streams: Streams) -> int:
    brain = Brain(k=args.game.k if args.game is not None else DEFAULT_K)
    stdout = streams.stdout
    for line in streams.stdin:
        if line.text is None:
            answers = [f"ERROR line {line.number} is not UTF-8"]
        else:
            answers = brain.handle(line.text)
        for answer in answers:
            stdout.write(answer + "\n")
        stdout.flush()
        if brain.finished:
            break
    return EXIT_OK


COMMAND = Command(
    name="brain",
    help="play over the Gomocup protocol (for Piskvork and other managers)",
    description=(
        "Serve the engine as a Gomocup brain on standard input and output: START, "
        "RECTSTART, BEGIN, TURN, BOARD, INFO, TAKEBACK, RESTART, ABOUT, END."
    ),
    configure=configure,
    run=run,
)
