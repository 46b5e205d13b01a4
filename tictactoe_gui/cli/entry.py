"""The parser built from the list of commands, the dispatch, and the one-line errors."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import BinaryIO, TextIO

from tictactoe_gui import __version__
from tictactoe_gui.cli import window
from tictactoe_gui.cli.common import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    InputLines,
    Parser,
    Streams,
    UsageError,
    add_db_option,
    any_game,
    error_line,
)
from tictactoe_gui.storage.errors import RecordsError

#: The options that only choose how the window opens (``--db PATH``, ``--game ID``).
WINDOW_OPTIONS = ("--db", "--game")


def build_parser() -> argparse.ArgumentParser:
    # Every command's module (and the engines and players they use) loads only here.
    from tictactoe_gui.cli.commands import COMMANDS

    parser = _top_level_parser()
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


def build_window_parser() -> argparse.ArgumentParser:
    """The parser for a line that only opens the window: the top level's options, no commands."""
    parser = _top_level_parser()
    parser.set_defaults(command=None)
    return parser


def window_only(arguments: Sequence[str]) -> bool:
    """Whether ``arguments`` just open the window: nothing, or only ``--db``/``--game`` with
    their values. Anything else (a command, ``--help``, an abbreviated or doubtful option)
    goes through the full parser, so every message stays as it is."""
    index = 0
    while index < len(arguments):
        option, equals, _ = arguments[index].partition("=")
        if option not in WINDOW_OPTIONS:
            return False
        if not equals:
            index += 1
            if index == len(arguments) or arguments[index].startswith("-"):
                return False
        index += 1
    return True


def _top_level_parser() -> Parser:
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
    parser.add_argument(
        "--game",
        dest="window_game",
        type=any_game,
        default=None,
        metavar="ID",
        help=(
            "open the window on a new game of this kind: tictactoe, four (20x20, four in a "
            "row), gomoku (15x15, five), 4x4k3, 4x4k4, 5x5k4 or any MxNkK, connect4 (or "
            "MxNkKg), rowcol or rowcolN (default: the kind played last)"
        ),
    )
    return parser


def run(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | BinaryIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    # A closed standard input reads as an empty one (sys.stdin is then None).
    stdin = stdin if stdin is not None else sys.stdin or io.StringIO()
    given_stdout = stdout if stdout is not None else sys.stdout
    # A closed standard error (None) swallows the messages; the exit status still tells.
    stderr = stderr if stderr is not None else sys.stderr or io.StringIO()
    if isinstance(given_stdout, io.TextIOWrapper) and given_stdout.errors == "strict":
        # Output in an encoding that lacks a character the app writes (a times sign in
        # ASCII, a minus sign in cp1252) shows it escaped, as standard error does,
        # instead of failing midway.
        with contextlib.suppress(ValueError, AttributeError):
            given_stdout.reconfigure(errors="backslashreplace")
    streams = Streams(InputLines(stdin), given_stdout or io.StringIO(), stderr)
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        # Opening the window is the common case: it needs none of the commands.
        parser = build_window_parser() if window_only(arguments) else build_parser()
        try:
            # --help and --version write to the command's output like any answer.
            with contextlib.redirect_stdout(streams.stdout):
                args = parser.parse_args(arguments)
        except SystemExit as done:  # after --help or --version: argparse's way to stop
            if given_stdout is None:
                streams.report("standard output is closed; nothing was done")
                return EXIT_FAILURE
            streams.stdout.flush()  # a full disk is reported below, not at the interpreter's exit
            return done.code if isinstance(done.code, int) else EXIT_OK
        if given_stdout is None and (args.self_test or args.command is not None):
            # Started with standard output closed (`>&-`): the answer would be lost.
            streams.report("standard output is closed; nothing was done")
            return EXIT_FAILURE
        if args.self_test:
            code = window.self_test(streams)
        elif args.command is None:
            return window.open_window(args, streams)
        elif args.window_game is not None:
            # Before the command, --game is the window's; a command takes its own after it.
            raise UsageError(
                f"--game before a command opens the window; write it after the command: "
                f"{PROG} {args.command} --game {args.window_game.id} …"
            )
        else:
            with terminated_cleanly():
                code = args.run(args, streams)
        # Inside the try, so that output the system refused (a full disk) is reported here.
        streams.stdout.flush()
        return code
    except UsageError as error:
        streams.report(str(error))
        return EXIT_USAGE
    except RecordsError as error:
        streams.report(str(error))
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return interrupted(stderr)
    except Terminated as stop:
        # Asked to end (kill, a closed terminal): the command stopped where it was and its
        # ``finally`` blocks ran (an external engine's whole process group is ended).
        if stderr is not None:
            print(error_line(f"stopped by {signal.Signals(stop.signum).name}"), file=stderr)
        return 128 + stop.signum
    except BrokenPipeError:
        # Output piped into something like `head` that stopped reading: not an error.
        _discard_pending_output()
        return EXIT_OK
    except OSError as error:
        # The system refused the output (a full disk) or the input (an I/O error).
        _discard_pending_output()
        streams.report(f"cannot read input or write output: {error.strerror or error}")
        return EXIT_FAILURE


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived while a command ran: it unwinds like Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: The signals a command ends on cleanly (Ctrl-C is Python's own KeyboardInterrupt).
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


@contextlib.contextmanager
def terminated_cleanly() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP raise :class:`Terminated` in the main
    thread, so that what the command started is ended on the way out (without this a
    killed ``match`` left its engine running); the previous handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set in the main thread
        return

    def stop(signum: int, _frame: object) -> None:
        raise Terminated(signum)

    previous = {number: signal.signal(number, stop) for number in ENDING_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def interrupted(stderr: TextIO | None) -> int:
    """Ctrl-C: one line, status 130, as a shell expects of a program stopped by SIGINT."""
    if stderr is not None:
        print(error_line("interrupted"), file=stderr)
    return EXIT_INTERRUPTED


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
