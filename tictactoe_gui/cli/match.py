"""``match``: a series of games between two personas, the tally, every game optionally recorded."""

from __future__ import annotations

import argparse
import json
import random

from tictactoe_gui.cli import players, table
from tictactoe_gui.cli.common import (
    EXIT_OK,
    Command,
    Streams,
    UsageError,
    add_db_option,
    add_game_option,
    database_path,
    positive_int,
    seed,
)
from tictactoe_gui.engine import PERSONAS
from tictactoe_gui.engine.games import GameSpec
from tictactoe_gui.records_bridge import keeps_records_of, open_to_record
from tictactoe_gui.session.match import play_table
from tictactoe_gui.session.series import Tally, series_seeds
from tictactoe_gui.session.table import TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode

#: The longest series ``match`` plays: about a quarter of an hour of Sera against Cop.
MAX_GAMES = 1_000_000


def game_count(text: str) -> int:
    games = positive_int(text)
    if games > MAX_GAMES:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_GAMES:,} games in one series, got {games:,}"
        )
    return games


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--x",
        type=players.match_player,
        metavar="PLAYER",
        help="the player of the first seat, one of the game's players as 'games' lists them "
        "(X: kitty, cop, sera; Row & Column's A: random, greedy, maximize-future-min, "
        "perfect), or in k in a row cop:N (N plies), sera:T (T seconds a move) or "
        "engine:COMMAND (a Gomocup program); default: the game's strongest",
    )
    parser.add_argument(
        "--o",
        type=players.match_player,
        metavar="PLAYER",
        help="the player of the second seat (O, or Row & Column's B), as --x; default: the "
        "game's medium player",
    )
    parser.add_argument(
        "--games", type=game_count, default=1, metavar="N", help="how many games (default 1)"
    )
    parser.add_argument(
        "--seed",
        type=seed,
        help="seed for a reproducible series (default: one drawn, and printed with the tally)",
    )
    parser.add_argument("--json", action="store_true", help="print the tally as JSON")
    parser.add_argument(
        "--record", action="store_true", help="store every game in the records database"
    )
    parser.add_argument(
        "--engine-time",
        type=players.engine_seconds,
        default=players.DEFAULT_ENGINE_SECONDS,
        metavar="SECONDS",
        help="seconds per move for engine: players, 0.01 to 600 (default 5)",
    )
    add_game_option(parser)
    add_db_option(parser)
    table.add_start_options(parser)


def run(args: argparse.Namespace, streams: Streams) -> int:
    spec: GameSpec = args.game
    strongest, medium = spec.default_players
    args.x = strongest if args.x is None else args.x
    args.o = medium if args.o is None else args.o
    start = table.start_of(spec, args)
    for option, value in (("--x", args.x), ("--o", args.o)):
        if isinstance(value, str):
            setattr(args, option[2:], table.player_key(spec, value, option))
        else:
            players.check_choice(spec, value, option)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    sides: tuple[str | players.PlayerChoice, str | players.PlayerChoice] = (args.x, args.o)
    labels = [players.label(spec, side) for side in sides]
    repository = None
    if args.record and not keeps_records_of(spec):
        raise UsageError(f"--record: the records do not keep games of {spec.name}; play without it")
    if args.record:
        repository, notice = open_to_record(database_path(args))
        repository.on_busy = streams.report  # wait for another writer, and say so
        if notice is not None:
            streams.report(notice)
    tally = Tally()
    try:
        # Game by game, each saved as it ends: a series stopped midway keeps what it finished.
        for number, game_seed in enumerate(series_seeds(seed)):
            if number == args.games:
                break
            seats = players.seats_for(spec, sides, args.engine_time)
            session = TableSession(
                TableSetup(
                    spec,
                    GameMode.AI_VS_AI,
                    (seats[0].seat, seats[1].seat),
                    first=start.first,
                    values=start.values,
                ),
                game_seed,
            )
            try:
                game = play_table(
                    session, {n: seat.mover for n, seat in enumerate(seats) if seat.mover}
                )
            finally:
                for n, seat in enumerate(seats):
                    labels[n] = seat.close(number + 1, spec.seats[n], labels[n], streams)
            if game.forfeit and session.resigned is not None:
                loser = session.resigned
                streams.report(
                    f"game {number + 1}: {labels[loser]} ({spec.seats[loser]}) loses: "
                    f"{game.forfeit}"
                )
            tally.count(session.winner, session.state.scores)
            if repository is not None:
                repository.save_game(game.record())
    finally:
        if repository is not None:
            repository.close()
    first, second = spec.seats
    level = "ties" if tally.scored else "draws"
    if args.json:
        payload: dict[str, object] = {
            "game": spec.id,
            "x": players.text(args.x),
            "o": players.text(args.o),
            "games": tally.games,
            "seed": seed,
        }
        if spec.chooses_first:
            payload["first"] = spec.seats[start.first]
        if spec.draws_values:
            payload["values"] = list(start.values or spec.default_values or ())
        payload |= {
            f"{first.lower()}_wins": tally.wins[0],
            f"{second.lower()}_wins": tally.wins[1],
            level: tally.level,
        }
        if tally.scored:
            payload |= {
                f"average_{first.lower()}": round(tally.average(0), 3),
                f"average_{second.lower()}": round(tally.average(1), 3),
            }
        print(json.dumps(payload), file=streams.stdout)
        return EXIT_OK
    games = f"{tally.games} game{'s' * (tally.games != 1)}"
    text = (
        f"{spec.name}, {labels[0]} as {first} vs {labels[1]} as {second}, {games}, seed {seed}: "
        f"{first} won {tally.wins[0]}, {second} won {tally.wins[1]}, "
        f"{tally.level} {'tied' if tally.scored else 'drawn'}"
    )
    if tally.scored:
        text += f"; average score {first} {tally.average(0):.2f}, {second} {tally.average(1):.2f}"
    print(f"{text}.", file=streams.stdout)
    if repository is not None:
        print(f"Recorded {games} in {repository.path}.", file=streams.stdout)
    return EXIT_OK


COMMAND = Command(
    name="match",
    help="play two of a game's players against each other and print the tally",
    description=(
        "Play a series of games of any game between two of its players (personas "
        f"{', '.join(PERSONAS)} in k in a row; strategies in Row & Column), by default the "
        "game's strongest against its medium player: match --game rowcol5 --games 10."
    ),
    configure=configure,
    run=run,
)
