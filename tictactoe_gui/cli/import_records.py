"""``import FILE``: merge the games of a JSON export, or one game of another program's file,
into the records.

The format is told from the file's content: a JSON export (from ``export`` or
the History window), a Piskvork game (``.psq``: five in a row, 15×15 as gomoku,
another size as HxWk5 unless ``--game`` says) or a Connect Four game written as
its column digits (``4453``; ``--game`` for another gravity board). A game from
another program's file must have ended; it is checked whole, and recorded in
one transaction.

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
    UsageError,
    add_db_option,
    any_game,
    database_path,
    expand_user,
)
from tictactoe_gui.records_bridge import check_record, open_to_record
from tictactoe_gui.storage.errors import RecordsError
from tictactoe_gui.storage.exchange import JsonImport
from tictactoe_gui.storage.records import InvalidGameError


def input_file(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected the path of a file to import, got an empty one")
    try:
        return expand_user(Path(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        type=input_file,
        metavar="FILE",
        help="a JSON export, a Piskvork game (.psq) or a Connect Four game of column digits",
    )
    parser.add_argument(
        "--game",
        type=any_game,
        metavar="ID",
        help="the game a .psq or column-digits file holds, where not the usual one (gomoku or"
        " HxWk5 for .psq, connect4 for digits)",
    )
    add_db_option(parser)


def run(args: argparse.Namespace, streams: Streams) -> int:
    from tictactoe_gui.engine.field_formats import FieldFormatError, FileKind
    from tictactoe_gui.session.field_games import file_kind, finished_game_of, read_game_file

    try:
        kind = file_kind(args.file)
    except OSError as error:
        raise UsageError(f"cannot read {args.file}: {error.strerror or error}") from None
    if kind not in (None, FileKind.JSON):
        try:
            game = finished_game_of(read_game_file(args.file, args.game))
        except FieldFormatError as error:
            raise UsageError(str(error)) from None
        except InvalidGameError as error:
            raise UsageError(f"{args.file.name}: {error}") from None
        repository, notice = open_to_record(database_path(args))
        if notice is not None:
            streams.report(notice)
        with repository:
            number = repository.save_game(game)
        print(f"Imported 1 game from {args.file}: game {number}.", file=streams.stdout)
        return EXIT_OK
    if args.game is not None:
        raise UsageError(
            "--game is for a .psq or column-digits file; a JSON export names its own games"
        )
    with JsonImport(args.file, check_record) as job:
        try:
            job.check()
        except RecordsError as error:
            if kind is not None:
                raise
            # Not JSON, nor any other format import knows: say which it takes.
            raise RecordsError(
                f"{args.file.name} is none of the files import reads: a records export (JSON),"
                " a Piskvork game (.psq) or a Connect Four game of column digits"
            ) from error
        repository, notice = open_to_record(database_path(args))
        if notice is not None:
            streams.report(notice)
        with repository:
            report = job.write(repository)
    print(f"{report.summary()[:-1]} from {args.file}.", file=streams.stdout)
    return EXIT_OK


COMMAND = Command(
    name="import",
    help="merge a JSON export, or a .psq or Connect Four game, into the records",
    description=(
        "Merge the games of a JSON export (from `export` or the History window) into the"
        " records, skipping games already recorded, or record the game of a Piskvork .psq file"
        " or a Connect Four string of column digits (told by the file's content). A file with"
        " any bad game imports nothing."
    ),
    configure=configure,
    run=run,
)
