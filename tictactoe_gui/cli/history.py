"""``history``: recorded games of every game (or one, with ``--game``), newest first (reads only).

A game whose record cannot be read is named on stderr, one line each, and the
others are still listed (exit status 1). Names are printed through
:func:`~tictactoe_gui.storage.records.printable`: no control character from
the file reaches the terminal.
"""

from __future__ import annotations

import argparse
import json

from tictactoe_gui.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    Command,
    Streams,
    UsageError,
    add_db_option,
    database_path,
    error_line,
    game_name,
    positive_int,
    recorded_game,
    records_exist,
)
from tictactoe_gui.records_bridge import final_scores, seat_letters, side_name
from tictactoe_gui.session.record_words import result_sentence
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import (
    DamagedGame,
    GameFilter,
    printable,
    to_text,
    validate_player_name,
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--player", metavar="NAME", help="only games of this person or persona")
    parser.add_argument(
        "--limit", type=positive_int, default=20, metavar="N", help="at most N games (default 20)"
    )
    parser.add_argument(
        "--game",
        type=recorded_game,
        metavar="ID",
        help="only games of this game, by the id 'games' lists (tictactoe, four, gomoku,"
        " 4x4k3, MxNkK, rowcolN...); every game by default",
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
    damaged: list[DamagedGame] = []
    path = database_path(args)
    if records_exist(path):
        with Repository.open(path) as repository:
            games = repository.list_games(
                GameFilter(player=player, game=args.game), 0, args.limit, on_damaged=damaged.append
            )
    for problem in damaged:
        print(error_line(problem.message()), file=streams.stderr)
    for game in games:
        if args.json:
            payload = {
                "id": game.id,
                "uuid": game.uid,
                "game": game.game,
                # The same UTC form as the JSON export writes ("…Z").
                "started_at": to_text(game.started_at),
                "ended_at": to_text(game.ended_at),
                "mode": game.mode.value,
                "x": {"kind": game.x.kind.value, "name": game.x.name},
                "o": {"kind": game.o.kind.value, "name": game.o.name},
                "result": game.result.value,
                "plies": game.plies,
                "seed": game.seed,
            }
            scores = final_scores(game)
            if scores is not None:
                # A game that keeps a score (Row & Column: A sits in "x", B in "o").
                first, second = seat_letters(game)
                payload["scores"] = {first: scores[0], second: scores[1]}
            print(json.dumps(payload, ensure_ascii=False), file=stdout)
        else:
            first, second = seat_letters(game)
            print(
                f"{game.ended_at.astimezone().strftime('%Y-%m-%d %H:%M')}  "
                f"{printable(side_name(game.x))} ({first}) vs "
                f"{printable(side_name(game.o))} ({second}):"
                f" {printable(result_sentence(game, game.plies))}"
                f"  [{game_name(game.game)}, game {game.id}]",
                file=stdout,
            )
    if not games and not args.json and not damaged:
        print("No games recorded yet." if player is None else f"No games of {player}.", file=stdout)
    return EXIT_FAILURE if damaged else EXIT_OK


COMMAND = Command(
    name="history",
    help="recorded games, newest first",
    description="Recorded games, newest first.",
    configure=configure,
    run=run,
)
