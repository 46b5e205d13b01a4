"""What every command shares: exit codes, the one-line errors, option types and the records file.

A command is a :class:`Command` value (its name, help, options and what it
runs), listed once in :mod:`tictactoe_gui.cli.commands`; the parser and the
dispatch are built from that list.
"""

from __future__ import annotations

import argparse
import ast
import codecs
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Final, NoReturn, TextIO

from tictactoe_gui import APP_NAME
from tictactoe_gui.engine.variants import DEFAULT, Variant, VariantError, get_variant, quote
from tictactoe_gui.storage.errors import RecordsError

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from tictactoe_gui.engine.games import GameSpec

# The personas and the records load inside the option types that need them: opening the
# window (the common case) parses only --db and --game before its first paint.

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
PROG = APP_NAME


#: A message longer than this has its long quotes of the input cut (see :func:`error_line`).
_LONG_MESSAGE: Final = 600
#: A quote this long or shorter is kept whole: a long path still reads in full.
_LONG_QUOTE: Final = 200
#: No error line is ever longer than this, whatever it quotes.
_MAX_MESSAGE: Final = 1000
_QUOTED: Final = re.compile(r"'(?:[^'\\\n]|\\.)*'" + r'|"(?:[^"\\\n]|\\.)*"')


class UsageError(Exception):
    """A user's mistake: reported as one line on stderr with exit status 2."""


def error_line(message: str) -> str:
    """``tictactoe-gui: message`` as one line of bounded length.

    Messages quote the bad input; a huge input (a 1 MB line) must not make a
    huge message, so in a long message every long quote is cut as
    :func:`~tictactoe_gui.engine.variants.quote` cuts it, and the whole is
    capped at the end.
    """
    message = " ".join(message.splitlines())
    if len(message) > _LONG_MESSAGE:
        message = _QUOTED.sub(_cut_quote, message)
    if len(message) > _MAX_MESSAGE:
        message = f"{message[:_MAX_MESSAGE]}… ({len(message)} characters)"
    return f"{PROG}: {message}"


def _cut_quote(match: re.Match[str]) -> str:
    text = match.group(0)
    if len(text) <= _LONG_QUOTE:
        return text
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):  # pragma: no cover - the pattern only matches literals
        return text
    return quote(value) if isinstance(value, str) else text


class Parser(argparse.ArgumentParser):
    """argparse, but its errors are one line (no usage dump) and raise instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse ignores a failed write (the help is lost without a word and the status
        # is 0); the entry point reports it instead. Only --help and --version print here.
        if message:
            (file or sys.stdout).write(message)


@dataclass(frozen=True, slots=True)
class InputLine:
    """One line of input, numbered from 1, without its line ending; ``text`` is None when
    the line is not UTF-8 or longer than the reader's cap (``overlong`` is then its length);
    it is reported by number, and reading goes on."""

    number: int
    text: str | None
    overlong: int | None = None


class InputLines:
    """Standard input (or a test's buffer) read line by line as bytes and decoded here.

    Reading bytes makes a stray byte that is not UTF-8 one bad line rather
    than a ``UnicodeDecodeError`` that loses the rest, whatever the locale
    (a strict ``en_US.UTF-8`` terminal or a forgiving ``C.UTF-8`` one). A
    byte-order mark at the very start is dropped.
    """

    def __init__(self, stream: TextIO | BinaryIO, max_length: int | None = None) -> None:
        # A real text stream's bytes are one layer down; a test's StringIO has no bytes.
        self._stream: TextIO | BinaryIO = getattr(stream, "buffer", stream)
        self._count = 0
        #: Lines longer than this (bytes) are read in pieces and dropped, never held whole.
        self.max_length = max_length

    def readline(self) -> InputLine | None:
        """The next line, or None at the end of the input."""
        cap = self.max_length
        raw = self._stream.readline() if cap is None else self._stream.readline(cap + 1)
        if not raw:
            return None
        self._count += 1
        if cap is not None and len(raw) > cap:
            length = len(raw)
            while raw and raw[-1:] not in ("\n", b"\n"):
                raw = self._stream.readline(cap)
                length += len(raw)
            return InputLine(self._count, None, length)
        if isinstance(raw, bytes):
            if self._count == 1 and raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8) :]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                return InputLine(self._count, None)
        else:
            text = raw
        return InputLine(self._count, text.rstrip("\r\n"))

    def __iter__(self) -> Iterator[InputLine]:
        while (line := self.readline()) is not None:
            yield line

    def for_a_thread(self) -> InputLines:
        """The same input through a buffer of its own, for a thread that may still be
        reading when the program ends: Python aborts at exit ("could not acquire lock
        for <stdin>") when a thread holds the standard input's own buffer."""
        try:
            descriptor = self._stream.fileno()
        except (AttributeError, OSError, ValueError):  # a test's buffer: no such lock
            return self
        private = open(descriptor, "rb", closefd=False)  # noqa: SIM115 (lives as long as the input)
        return InputLines(private, self.max_length)


@dataclass(frozen=True, slots=True)
class Streams:
    """Where a command reads and writes: the process's streams, or a test's buffers."""

    stdin: InputLines
    stdout: TextIO
    stderr: TextIO

    def report(self, message: str) -> None:
        """One line on stderr (see :func:`error_line`)."""
        print(error_line(message), file=self.stderr)


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
        raise argparse.ArgumentTypeError(f"expected a whole number, got {quote(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def seconds(text: str) -> float:
    try:
        value = float(text.rstrip("s"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected seconds, such as 60 or 2.5, got {text!r}"
        ) from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"the time runs from 0 to 86400 seconds, got {text!r}")
    return value


def seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, got {quote(text)}") from None


def player_name(text: str) -> str:
    from tictactoe_gui.storage.records import validate_player_name

    try:
        return validate_player_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def persona_key(text: str) -> str:
    from tictactoe_gui.engine.personas import get_persona

    try:
        return get_persona(text).key
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def k_in_a_row_game(text: str) -> Variant:
    """``--game``: a built-in id (``tictactoe``, ``four``, ``gomoku``, ``4x4k3`` ...), ``MxNkK``."""
    try:
        variant = get_variant(text)
    except VariantError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    from tictactoe_gui.engine.games import find_game

    if not find_game(variant.id).k_in_a_row_board:
        raise argparse.ArgumentTypeError(
            f"{variant.id} is {variant.name}, not a k-in-a-row game; this command plays "
            "tictactoe, four, gomoku, the small boards or any MxNkK"
        )
    return variant


def any_game(text: str) -> GameSpec:
    """``--game``: any registered game by its id (``tictactoe``, ``four``, ``4x4k3``,
    ``rowcol5`` ...), found through the registry."""
    from tictactoe_gui.engine.games import GameError, find_game

    try:
        return find_game(text)
    except GameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def recorded_game(text: str) -> str:
    """``--game`` of the records commands: the id of any registered game."""
    return any_game(text).id


def game_name(game_id: str) -> str:
    """A recorded game's name, or its id (shown safely) for a game this version lacks."""
    from tictactoe_gui.engine.games import GameError, find_game
    from tictactoe_gui.storage.records import printable

    try:
        return find_game(game_id).name
    except GameError:  # a game this version does not know, from an imported file
        return printable(game_id)


class _GameAction(argparse.Action):
    """``--game``: keeps the text given beside the spec (``game_text``), since an id that
    names no size (``rowcol``) leaves the size to the position read."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        text = str(values)
        try:
            spec = any_game(text)
        except argparse.ArgumentTypeError as error:
            raise argparse.ArgumentError(self, str(error)) from None
        setattr(namespace, self.dest, spec)
        namespace.game_text = text.strip().lower()


def game_help() -> str:
    """``--game``'s help: the ids and grammars it takes, from the registry (loading no game
    that gave its listing), so a game registered later is named too."""
    from tictactoe_gui.engine.games import game_listings

    listings = game_listings()
    ids = [game_id for listing in listings for game_id, _ in listing.sizes]
    ids[0] = f"{ids[0]} (the default)"
    grammars = ", ".join(listing.grammar for listing in listings)
    return (
        f"which game, by the id 'games' lists: {', '.join(ids)}; or any size by its "
        f"grammar: {grammars}"
    )


def add_game_option(parser: argparse.ArgumentParser) -> None:
    """``--game ID``: any registered game (``args.game`` is its spec)."""
    from tictactoe_gui.engine.games import find_game

    parser.add_argument(
        "--game", action=_GameAction, default=find_game(DEFAULT.id), metavar="ID", help=game_help()
    )
    parser.set_defaults(game_text=None)


# -- the records file ---------------------------------------------------------------------


def database_option(text: str) -> Path:
    """``--db``: a path, with ``~`` and ``~user`` expanded here, the same for every command."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected the path of a records file, got an empty one")
    try:
        return expand_user(Path(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def expand_user(path: Path) -> Path:
    """``path`` with a leading ``~`` or ``~user`` expanded; ValueError names an unknown user."""
    try:
        return path.expanduser()
    except RuntimeError:  # what pathlib raises for an unknown user or no home folder
        head = path.parts[0] if path.parts else str(path)
        raise ValueError(
            f"cannot expand {quote(head)}: no such user, or no home folder to expand it to"
        ) from None


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
    from tictactoe_gui.storage.database import DATABASE_ENV_VAR, default_database_path

    path: Path | None = getattr(args, "db", None)
    if path is not None:
        return path
    try:
        return default_database_path()
    except (RuntimeError, RecordsError):  # $TICTACTOE_GUI_DB names an unknown user's home
        raise UsageError(
            f"${DATABASE_ENV_VAR}: cannot expand "
            f"{quote(os.environ.get(DATABASE_ENV_VAR, '').strip())}: no such user"
        ) from None


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
