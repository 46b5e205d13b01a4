"""``leaderboard``: people and personas ranked by their recorded wins in one game (reads only).

Names come from the records file, which another program may have written:
they are printed through :func:`~tictactoe_gui.storage.records.printable`, so
no control character reaches the terminal.
"""

from __future__ import annotations

import argparse
import json

from tictactoe_gui.cli.common import (
    EXIT_OK,
    Command,
    Streams,
    UsageError,
    add_db_option,
    database_path,
    game_name,
    recorded_game,
    records_exist,
)
from tictactoe_gui.engine.games import GameError, find_game
from tictactoe_gui.records_bridge import side_name
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import DEFAULT_GAME, SideKind, printable


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--against",
        metavar="PLAYER",
        help="count only games against this one of the game's players (a persona, or a Row "
        "& Column strategy), by key or name",
    )
    parser.add_argument(
        "--game",
        type=recorded_game,
        default=DEFAULT_GAME,
        metavar="ID",
        help="the game whose standings to show, by the id 'games' lists: tictactoe (the"
        " default), four, gomoku, 4x4k3, MxNkK, rowcolN... (standings never mix games)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    add_db_option(parser)


def run(args: argparse.Namespace, streams: Streams) -> int:
    stdout = streams.stdout
    against = None
    if args.against is not None:
        try:
            against = find_game(args.game).player(args.against).key
        except GameError as error:
            raise UsageError(f"--against: {error}") from None
    standings = []
    path = database_path(args)
    if records_exist(path):
        with Repository.open(path) as repository:
            standings = repository.standings(against, args.game)
    if args.json:
        for standing in standings:
            record = standing.record
            payload = {
                "game": args.game,
                "name": standing.side.name,
                "kind": standing.side.kind.value,
                "games": record.games,
                "wins": record.wins,
                "losses": record.losses,
                "draws": record.draws,
                "win_rate": round(record.win_rate, 4),
            }
            print(json.dumps(payload, ensure_ascii=False), file=stdout)
        return EXIT_OK
    if not standings:
        which = "" if args.game == DEFAULT_GAME else f" of {game_name(args.game)}"
        print(f"No games{which} recorded yet.", file=stdout)
        return EXIT_OK
    print(
        f"{'#':>3}  {'player':<34} {'games':>6} {'wins':>6} {'losses':>6} {'draws':>6} {'rate':>5}",
        file=stdout,
    )
    for rank, standing in enumerate(standings, start=1):
        record = standing.record
        name = printable(side_name(standing.side))
        if standing.side.kind is SideKind.PERSONA:
            name += " (AI)"
        print(
            f"{rank:>3}  {name:<34} {record.games:>6} {record.wins:>6} {record.losses:>6}"
            f" {record.draws:>6} {record.win_rate:>5.0%}",
            file=stdout,
        )
    return EXIT_OK


COMMAND = Command(
    name="leaderboard",
    help="standings from the recorded games",
    description="People and personas ranked by their recorded wins.",
    configure=configure,
    run=run,
)
