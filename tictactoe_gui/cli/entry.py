"""The parser built from the list of commands, the dispatch, and the one-line errors."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from tictactoe_gui import __version__
from tictactoe_gui.cli import window
from tictactoe_gui.cli.commands import COMMANDS
from tictactoe_gui.cli.common import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    Parser,
    Streams,
    UsageError,
    add_db_option,
)
from tictactoe_gui.storage.records import RecordsError


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROG,
        description="A tic-tac-toe game and study tool. With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="start the window offscreen, play and record one game, check it, and exit",
    )
    add_db_option(parser, top_level=True)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        subparser = subparsers.add_parser(
            command.name,
            aliases=list(command.aliases),
            help=command.help,
            description=command.description,
        )
        command.configure(subparser)
        subparser.set_defaults(run=command.run)
    return parser


def run(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    # A closed standard input reads as an empty one (sys.stdin is then None).
    stdin = stdin if stdin is not None else sys.stdin or io.StringIO()
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    streams = Streams(stdin, stdout, stderr)
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(arguments)
        if args.self_test:
            return window.self_test(streams)
        if args.command is None:
            return window.open_window(args, streams)
        code: int = args.run(args, streams)
        # Inside the try, so that output the system refused (a full disk) is reported here.
        if stdout is not None:
            stdout.flush()
        return code
    except UsageError as error:
        print(f"{PROG}: {error}", file=stderr)
        return EXIT_USAGE
    except RecordsError as error:
        print(f"{PROG}: {error}", file=stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Output piped into something like `head` that stopped reading: not an error.
        _discard_pending_output()
        return EXIT_OK
    except OSError as error:
        # The system refused the output (a full disk) or the input (an I/O error).
        _discard_pending_output()
        print(f"{PROG}: cannot read input or write output: {error.strerror or error}", file=stderr)
        return EXIT_FAILURE


def _discard_pending_output() -> None:
    """Point the process's standard output at the null device, so that the interpreter's
    final flush of text it could not write raises nothing more at exit."""
    if sys.stdout is None:
        return
    try:
        fileno = sys.stdout.fileno()
    except (OSError, ValueError):  # not a real file (a test's buffer): nothing is pending
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)
