"""``history``: recorded games, newest first (reads only)."""

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
    positive_int,
    records_exist,
)
from tictactoe_gui.records_bridge import side_name
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameFilter, Result, validate_player_name


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--player", metavar="NAME", help="only games of this person or persona")
    parser.add_argument(
        "--limit", type=positive_int, default=20, metavar="N", help="at most N games (default 20)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    add_db_option(parser)


def run(args: argparse.Namespace, streams: Streams) -> int:
    stdout = streams.stdout
    player = args.player
    if player is not None:
        try:
            player = validate_player_name(player)
        except ValueError as error:
            raise UsageError(f"--player: {error}") from None
    games = []
    path = database_path(args)
    if records_exist(path):
        with Repository.open(path) as repository:
            games = repository.list_games(GameFilter(player=player), 0, args.limit)
    for game in games:
        if args.json:
            payload = {
                "id": game.id,
                "uuid": game.uid,
                "started_at": game.started_at.isoformat(),
                "ended_at": game.ended_at.isoformat(),
                "mode": game.mode.value,
                "x": {"kind": game.x.kind.value, "name": game.x.name},
                "o": {"kind": game.o.kind.value, "name": game.o.name},
                "result": game.result.value,
                "plies": game.plies,
                "seed": game.seed,
            }
            print(json.dumps(payload, ensure_ascii=False), file=stdout)
        else:
            result = "draw" if game.result is Result.DRAW else f"{game.result.value} wins"
            print(
                f"{game.ended_at.astimezone().strftime('%Y-%m-%d %H:%M')}  "
                f"{side_name(game.x)} (X) vs {side_name(game.o)} (O): {result}"
                f" in {game.plies} moves  [game {game.id}]",
                file=stdout,
            )
    if not games and not args.json:
        print("No games recorded yet." if player is None else f"No games of {player}.", file=stdout)
    return EXIT_OK


COMMAND = Command(
    name="history",
    help="recorded games, newest first",
    description="Recorded games, newest first.",
    configure=configure,
    run=run,
)
