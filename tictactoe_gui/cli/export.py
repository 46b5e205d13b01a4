"""``export FILE``: every recorded game (or one game's) to a CSV or JSON file (reads only).

The records file is only read: a missing file exports no games and creates
nothing. The JSON form is the one ``import`` and the History window read back;
CSV text fields that a spreadsheet would run as a formula get a leading ``'``.
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
    add_db_option,
    database_path,
    error_line,
    expand_user,
    game_name,
    recorded_game,
)
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import DamagedGame

FORMATS = ("csv", "json")


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
        help="csv or json (default: from FILE's extension; json unless it ends in .csv)",
    )
    parser.add_argument(
        "--game",
        type=recorded_game,
        metavar="ID",
        help="only games of this game, by the id 'games' lists (tictactoe, four, gomoku,"
        " MxNkK, rowcolN...); every game by default",
    )
    add_db_option(parser)


def run(args: argparse.Namespace, streams: Streams) -> int:
    if args.file == STDOUT:
        with tempfile.TemporaryDirectory() as folder:
            file_format = args.format or "json"
            target = Path(folder) / f"export.{file_format}"
            code, summary = _export(args, target, file_format, streams)
            with target.open(encoding="utf-8", newline="") as written:
                shutil.copyfileobj(written, streams.stdout)
            streams.stdout.flush()  # written for sure (a full disk says so) before it is said
        print(summary.replace(str(target), "standard output"), file=streams.stderr)
        return code
    target = args.file
    file_format = args.format or ("csv" if target.suffix.lower() == ".csv" else "json")
    code, summary = _export(args, target, file_format, streams)
    print(summary, file=streams.stdout)
    return code


def _export(
    args: argparse.Namespace, target: Path, file_format: str, streams: Streams
) -> tuple[int, str]:
    damaged: list[DamagedGame] = []
    path = database_path(args)
    # Reading creates nothing: with no records file yet, the export simply holds no games.
    with Repository.open(path) as repository:
        count = repository.export_records(target, file_format, args.game, on_damaged=damaged.append)
    for problem in damaged:
        print(error_line(f"not exported: {problem.message()}"), file=streams.stderr)
    which = "" if args.game is None else f" of {game_name(args.game)}"
    summary = f"Exported {count} game{'s' * (count != 1)}{which} to {target}."
    return (EXIT_FAILURE if damaged else EXIT_OK), summary


COMMAND = Command(
    name="export",
    help="write the recorded games to a CSV or JSON file",
    description=(
        "Write every recorded game (or one game's, with --game) to FILE, as CSV or JSON."
        " The JSON file can be imported again, here or on another machine."
    ),
    configure=configure,
    run=run,
)
