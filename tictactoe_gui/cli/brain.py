"""``brain``: serve the engine over the Gomocup protocol on standard input and output.

Managers such as Piskvork start the program and talk to it line by line (see
:mod:`tictactoe_gui.engine.mnk.gomocup` for the commands and conventions).

Standard input is read on a thread of its own, so that ``END``, ``STOP``,
``YXSTOP`` and ``RESTART`` stop a search at once (the protocol's two-thread
design) instead of waiting until the move's time is up; the commands are still
handled one after another, in the order they came.
"""

from __future__ import annotations

import argparse
import queue
import threading
from typing import Final

from tictactoe_gui.cli.common import EXIT_OK, Command, InputLine, Streams, k_in_a_row_game
from tictactoe_gui.engine.mnk.gomocup import DEFAULT_K, URGENT, Brain

#: The longest line read (bytes): a protocol line is short; a folder in INFO may be long.
MAX_LINE: Final = 8192
#: Lines that may wait while a move is searched; the reader waits past that.
MAX_WAITING: Final = 1_000


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
    waiting: queue.Queue[InputLine | BaseException | None] = queue.Queue(MAX_WAITING)
    reader = threading.Thread(
        target=_read, args=(streams, brain, waiting), name="brain input", daemon=True
    )
    reader.start()
    stdout = streams.stdout
    while (line := waiting.get()) is not None:
        if isinstance(line, BaseException):
            raise line  # the input could not be read: reported as any command's error
        for answer in _answers(brain, line):
            stdout.write(answer + "\n")
        stdout.flush()
        if brain.finished:
            break
    return EXIT_OK


def _read(
    streams: Streams, brain: Brain, waiting: queue.Queue[InputLine | BaseException | None]
) -> None:
    """Read every line into ``waiting`` (None at the end); an urgent command also stops
    the search under way at once."""
    lines = streams.stdin.for_a_thread()
    lines.max_length = MAX_LINE
    try:
        for line in lines:
            if line.text is not None:
                command = line.text.strip().partition(" ")[0].upper()
                if command in URGENT:
                    brain.interrupt(command)
                if command == "END":
                    waiting.put(line)
                    break  # nothing after END is read: the conversation is over
            waiting.put(line)
    except Exception as error:  # a read error (OSError) or worse: the main thread says it
        waiting.put(error)
    finally:
        waiting.put(None)  # whatever happened, the conversation is not left waiting


def _answers(brain: Brain, line: InputLine) -> list[str]:
    if line.overlong is not None:
        return [f"ERROR line {line.number} is too long ({line.overlong} bytes); ignored"]
    if line.text is None:
        return [f"ERROR line {line.number} is not UTF-8"]
    return brain.handle(line.text)


COMMAND = Command(
    name="brain",
    help="play over the Gomocup protocol (for Piskvork and other managers)",
    description=(
        "Serve the engine as a Gomocup brain on standard input and output: START, "
        "RECTSTART, BEGIN, TURN, BOARD, INFO, TAKEBACK, RESTART, ABOUT, END; "
        "STOP and YXSTOP play the best move found so far."
    ),
    configure=configure,
    run=run,
)
