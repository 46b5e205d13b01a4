"""``import FILE``: merge the games of a JSON export into the records.

Every game is checked (its shape, and its rules by the engine) before any is
written; a file with a bad game imports nothing and the one-line error names
the game's number in the file and the field. Games already recorded are
skipped; the same id with different contents is reported as a conflict.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tictactoe_gui.cli.common import (
    EXIT_OK,
    Command,
    Streams,
    add_db_option,
    database_path,
    expand_user,
)
from tictactoe_gui.records_bridge import open_to_record


def input_file(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected the path of a JSON export, got an empty one")
    try:
        return expand_user(Path(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=input_file, metavar="FILE", help="a JSON export to read")
    add_db_option(parser)


def run(args: argparse.Namespace, streams: Streams) -> int:
    repository, notice = open_to_record(database_path(args))
    if notice is not None:
        streams.report(notice)
    with repository:
        report = repository.import_records(args.file)
    print(f"{report.summary()[:-1]} from {args.file}.", file=streams.stdout)
    return EXIT_OK


COMMAND = Command(
    name="import",
    help="merge the games of a JSON export into the records",
    description=(
        "Merge the games of a JSON export (from `export` or the History window) into the"
        " records, skipping games already recorded. A file with any bad game imports nothing."
    ),
    configure=configure,
    run=run,
)
