"""``export FILE``: every recorded game (or one game's) to a CSV or JSON file (reads only);
or one recorded game (``--id``) as a Piskvork ``.psq`` file or a string of column digits.

The records file is only read: a missing file exports no games and creates
nothing. The JSON form is the one ``import`` and the History window read back,
with each game's variations; CSV holds each game's main line, and its text
fields that a spreadsheet would run as a formula get a leading ``'``.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from tictactoe_gui.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    Command,
    Streams,
    UsageError,
    add_db_option,
    database_path,
    error_line,
    expand_user,
    game_name,
    positive_int,
    recorded_game,
    records_exist,
)
from tictactoe_gui.storage.records import DamagedGame, GameNotFoundError

FORMATS = ("csv", "json", "psq", "digits")
#: The formats that hold one game, which ``--id`` names.
ONE_GAME_FORMATS = ("psq", "digits")


#: FILE ``-`` writes the export to standard output (the summary then goes to stderr).
STDOUT = "-"


def output_file(text: str) -> Path | str:
    if text == STDOUT:
        return STDOUT
    if not text.strip():
        raise argparse.ArgumentTypeError("expected the path of the file to write, got an empty one")
    try:
        return expand_user(Path(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", type=output_file, metavar="FILE", help="the file to write (- for standard output)"
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        help="csv, json, psq (a Piskvork game) or digits (a Connect Four game's columns);"
        " default from FILE's extension: csv, psq, else json",
    )
    parser.add_argument(
        "--id",
        type=positive_int,
        metavar="GAME_ID",
        help="one game, by the id history shows (for psq and digits, which hold one game)",
    )
    parser.add_argument(
        "--game",
        type=recorded_game,
        metavar="ID",
        help="only games of this game, by the id 'games' lists (tictactoe, four, gomoku,"
        " MxNkK, rowcolN...); every game by default",
    )
    add_db_option(parser)


def _format_of(args: argparse.Namespace) -> str | None:
    """The format asked for, or told by FILE's extension; None: the game's own (with --id)."""
    if args.format is not None:
        return str(args.format)
    suffix = "" if args.file == STDOUT else args.file.suffix.lower()
    if suffix in (".csv", ".psq"):
        return suffix[1:]
    return None if args.id is not None else "json"


def run(args: argparse.Namespace, streams: Streams) -> int:
    file_format = _format_of(args)
    if file_format is None or file_format in ONE_GAME_FORMATS or args.id is not None:
        return _export_one(args, file_format, streams)
    if args.file == STDOUT:
        with tempfile.TemporaryDirectory() as folder:
            target = Path(folder) / f"export.{file_format}"
            code, summary = _export(args, target, file_format, streams)
            with target.open(encoding="utf-8", newline="") as written:
                shutil.copyfileobj(written, streams.stdout)
            streams.stdout.flush()  # written for sure (a full disk says so) before it is said
        print(summary.replace(str(target), "standard output"), file=streams.stderr)
        return code
    target = args.file
    code, summary = _export(args, target, file_format, streams)
    print(summary, file=streams.stdout)
    return code


def _export_one(args: argparse.Namespace, file_format: str | None, streams: Streams) -> int:
    """One recorded game as a .psq file or a line of column digits (``file_format`` None:
    the one its game is written in)."""
    from tictactoe_gui.engine.field_formats import FieldFormatError, FileKind
    from tictactoe_gui.records_bridge import open_for_reading
    from tictactoe_gui.session.field_games import record_text
    from tictactoe_gui.session.review import recorded_game as game_of_record

    if file_format is not None and file_format not in ONE_GAME_FORMATS:
        raise UsageError(f"--id exports one game as psq or digits, not as {file_format}")
    if args.id is None:
        raise UsageError(f"a {file_format} file holds one game: give its id with --id GAME_ID")
    if args.game is not None:
        raise UsageError("--id names one game; --game is for exporting many")
    path = database_path(args)
    if not records_exist(path):
        raise GameNotFoundError(f"no recorded game has id {args.id} (no records file yet)")
    with open_for_reading(path) as repository:
        detail = repository.game(args.id)
    game = game_of_record(detail)
    if file_format is None:
        file_format = "digits" if game.spec.column_digits else "psq"
    try:
        text = record_text(game.final, FileKind(file_format))
    except FieldFormatError as error:
        raise UsageError(f"game {args.id}: {error}") from None
    if args.file == STDOUT:
        streams.stdout.write(text)
        streams.stdout.flush()
        print(f"Exported game {args.id} to standard output.", file=streams.stderr)
        return EXIT_OK
    write_whole(args.file, text)
    print(f"Exported game {args.id} to {args.file}.", file=streams.stdout)
    return EXIT_OK


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a file beside it, renamed over it)."""
    import contextlib
    import os

    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _export(
    args: argparse.Namespace, target: Path, file_format: str, streams: Streams
) -> tuple[int, str]:
    from tictactoe_gui.records_bridge import open_for_reading  # the rules check each tree

    damaged: list[DamagedGame] = []
    path = database_path(args)
    # Reading creates nothing: with no records file yet, the export simply holds no games.
    with open_for_reading(path) as repository:
        count = repository.export_records(target, file_format, args.game, on_damaged=damaged.append)
    for problem in damaged:
        told = problem.message() if problem.main_line_kept else f"not exported: {problem.message()}"
        print(error_line(told), file=streams.stderr)
    which = "" if args.game is None else f" of {game_name(args.game)}"
    summary = f"Exported {count} game{'s' * (count != 1)}{which} to {target}."
    return (EXIT_FAILURE if damaged else EXIT_OK), summary


COMMAND = Command(
    name="export",
    help="write the recorded games to a CSV or JSON file",
    description=(
        "Write every recorded game (or one game's, with --game) to FILE, as CSV or JSON."
        " The JSON file can be imported again, here or on another machine. One game (--id)"
        " can also be written as a Piskvork .psq file or a Connect Four string of column digits."
    ),
    configure=configure,
    run=run,
)
