"""``import FILE``: merge the games of a JSON export into the records.

The whole file is checked (every game's shape, and its rules by the engine)
before the records are even opened: a file with a bad game imports nothing,
changes nothing on disk (a missing records file is not created, an older one
not upgraded, a damaged one not moved aside), and the one-line error names
the game's number in the file and the field. The games are then written in
short batches, so a game recorded meanwhile by another copy of the app waits
for one batch only. Games already recorded are skipped; the same id with
different contents is reported as a conflict.
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
from tictactoe_gui.records_bridge import check_record, open_to_record
from tictactoe_gui.storage.exchange import JsonImport


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
    with JsonImport(args.file, check_record) as job:
        job.check()
        repository, notice = open_to_record(database_path(args))
        if notice is not None:
            streams.report(notice)
        with repository:
            report = job.write(repository)
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
