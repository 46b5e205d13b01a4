"""What every command shares: exit codes, the one-line errors, option types and the records file.

A command is a :class:`Command` value (its name, help, options and what it
runs), listed once in :mod:`tictactoe_gui.cli.commands`; the parser and the
dispatch are built from that list.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, TextIO

from tictactoe_gui.engine import get_persona
from tictactoe_gui.storage import default_database_path
from tictactoe_gui.storage.records import validate_player_name

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
PROG = "tictactoe-gui"


class UsageError(Exception):
    """A user's mistake: reported as one line on stderr with exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but its errors are one line (no usage dump) and raise instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


@dataclass(frozen=True, slots=True)
class Streams:
    """Where a command reads and writes: the process's streams, or a test's buffers."""

    stdin: TextIO
    stdout: TextIO
    stderr: TextIO


@dataclass(frozen=True, slots=True)
class Command:
    """One subcommand: ``configure`` adds its options, ``run`` does it and returns the exit status.

    ``run`` raises :class:`UsageError` for a user's mistake and lets
    ``RecordsError`` and ``OSError`` through; the entry point turns each into
    one line on stderr.
    """

    name: str
    help: str
    description: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Streams], int]
    aliases: tuple[str, ...] = ()


# -- option types -----------------------------------------------------------------------


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, got {text!r}") from None


def player_name(text: str) -> str:
    try:
        return validate_player_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def persona_key(text: str) -> str:
    try:
        return get_persona(text).key
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


# -- the records file ---------------------------------------------------------------------


def database_option(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected the path of a records file, got an empty one")
    return Path(text)


def add_db_option(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    parser.add_argument(
        "--db",
        type=database_option,
        metavar="PATH",
        # A subcommand's unset --db must not overwrite one given before the subcommand.
        default=None if top_level else argparse.SUPPRESS,
        help="the records database (default: $TICTACTOE_GUI_DB or the user data directory)",
    )


def database_path(args: argparse.Namespace) -> Path:
    """The records file a command uses: ``--db`` (before or after the command), or the default."""
    path: Path | None = getattr(args, "db", None)
    return path if path is not None else default_database_path()


def records_exist(path: Path) -> bool:
    """Whether the read-only commands should open ``path``.

    Reading creates nothing: a records file that is not there yet simply holds
    no games. A path that could never hold one (a file where a folder should
    be) is still opened, so that the error says why.
    """
    try:
        if path.exists():
            return True
    except OSError:  # not even allowed to look: opening it says so clearly
        return True
    folder = path.parent
    while not folder.exists():
        folder = folder.parent
    return not folder.is_dir()
