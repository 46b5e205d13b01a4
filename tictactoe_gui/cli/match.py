"""``match``: a series of games between two personas, the tally, every game optionally recorded."""

from __future__ import annotations

import argparse
import json
import random
from datetime import UTC, datetime
from pathlib import Path

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
from tictactoe_gui.engine import PERSONAS, get_persona
from tictactoe_gui.engine.games import GameSpec
from tictactoe_gui.records_bridge import (
    finished_game,
    keeps_records_of,
    open_to_record,
    state_finished_game,
)
from tictactoe_gui.session import GameRecord, play_series
from tictactoe_gui.session.match import hosts
from tictactoe_gui.session.table import Seat, TableSession, TableSetup, play_computers
from tictactoe_gui.storage import open_or_recover
from tictactoe_gui.storage.records import GameMode, Side

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
        "perfect); default: the game's strongest",
    )
    parser.add_argument(
        "--o",
        type=players.match_player,
        metavar="PLAYER",
        help="the player of the second seat (O, or Row & Column's B); default: the game's "
        "medium player",
    )
    parser.add_argument(
        "--games", type=game_count, default=1, metavar="N", help="how many games (default 1)"
    )
    parser.add_argument("--seed", type=seed, help="seed for a reproducible series")
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


class GameRecorder:
    """Saves each game of a series as it ends, one transaction each: a series stopped
    midway keeps every game it finished."""

    def __init__(self, path: Path, x_key: str, o_key: str, streams: Streams) -> None:
        self.repository, notice = open_or_recover(path)
        self.repository.on_busy = streams.report  # wait for another writer, and say so
        if notice is not None:
            streams.report(notice)
        self.path = path
        self.x, self.o = Side.persona(x_key), Side.persona(o_key)
        self.saved = 0
        self._game_started = datetime.now(UTC)

    def save(self, record: GameRecord) -> None:
        ended = datetime.now(UTC)
        self.repository.save_game(
            finished_game(record, self.x, self.o, GameMode.AI_VS_AI, self._game_started, ended)
        )
        self.saved += 1
        self._game_started = ended

    def close(self) -> None:
        self.repository.close()


def run(args: argparse.Namespace, streams: Streams) -> int:
    spec: GameSpec = args.game
    strongest, medium = spec.default_players
    args.x = strongest if args.x is None else args.x
    args.o = medium if args.o is None else args.o
    start = table.start_of(spec, args)
    for option, value in (("--x", args.x), ("--o", args.o)):
        if isinstance(value, str):
            setattr(args, option[2:], table.player_key(spec, value, option))
    if not hosts(spec):
        if players.is_choice(args.x) or players.is_choice(args.o):
            raise UsageError(f"cop:N, sera:T and engine: players do not play {spec.name}")
        return _run_through_interface(args, spec, start, streams)
    args.game = spec.variant
    if players.is_choice(args.x) or players.is_choice(args.o):
        return players.run_match(args, streams)
    stdout = streams.stdout
    x, o = get_persona(args.x), get_persona(args.o)
    on_game = None
    recorder = None
    if args.record:
        recorder = GameRecorder(database_path(args), x.key, o.key, streams)
        on_game = recorder.save
    try:
        tally = play_series(x, o, args.games, args.seed, variant=args.game, on_game=on_game)
    finally:
        if recorder is not None:
            recorder.close()
    if args.json:
        payload = {
            "game": args.game.id,
            "x": tally.x,
            "o": tally.o,
            "games": tally.games,
            "seed": tally.seed,
            "x_wins": tally.x_wins,
            "o_wins": tally.o_wins,
            "draws": tally.draws,
        }
        print(json.dumps(payload), file=stdout)
    else:
        game = "" if args.game.is_tictactoe else f"{args.game.name}: "
        print(
            f"{game}{x.name} (X) vs {o.name} (O), {tally.games} game{'s' * (tally.games != 1)}: "
            f"X won {tally.x_wins}, O won {tally.o_wins}, {tally.draws} drawn.",
            file=stdout,
        )
        if recorder is not None:
            saved = recorder.saved
            print(f"Recorded {saved} game{'s' * (saved != 1)} in {recorder.path}.", file=stdout)
    return EXIT_OK


def _run_through_interface(
    args: argparse.Namespace, spec: GameSpec, start: table.Start, streams: Streams
) -> int:
    """A series of a game the session does not host, each game recorded as it ends."""
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    sides = (args.x, args.o)
    repository = None
    if args.record and not keeps_records_of(spec):
        raise UsageError(f"--record: the records do not keep games of {spec.name}; play without it")
    if args.record:
        repository, notice = open_to_record(database_path(args))
        repository.on_busy = streams.report  # wait for another writer, and say so
        if notice is not None:
            streams.report(notice)
    tally = table.Tally()
    try:
        # Game by game, each saved as it ends: a series stopped midway keeps what it finished.
        for number, game_seed in enumerate(table.series_seeds(seed)):
            if number == args.games:
                break
            session = TableSession(
                TableSetup(
                    spec,
                    GameMode.AI_VS_AI,
                    (Seat.for_game(spec, sides[0]), Seat.for_game(spec, sides[1])),
                    first=start.first,
                    values=start.values,
                ),
                game_seed,
            )
            end = play_computers(session)
            tally.count(end)
            if repository is not None:
                repository.save_game(
                    state_finished_game(
                        end,
                        *session.sides(),
                        GameMode.AI_VS_AI,
                        session.started_at,
                        datetime.now(UTC),
                        seed=game_seed,
                    )
                )
    finally:
        if repository is not None:
            repository.close()
    first, second = spec.seats
    level = "ties" if tally.scored else "draws"
    if args.json:
        payload: dict[str, object] = {
            "game": spec.id,
            "x": args.x,
            "o": args.o,
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
    x, o = spec.player(args.x), spec.player(args.o)
    games = f"{tally.games} game{'s' * (tally.games != 1)}"
    text = (
        f"{spec.name}, {x.name} ({x.key}) as {first} vs {o.name} ({o.key}) as {second}, "
        f"{games}, seed {seed}: {first} won {tally.wins[0]}, {second} won {tally.wins[1]}, "
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
    help="play personas against each other and print the tally",
    description=(
        "Play a series of games of any game between two of its players (personas "
        f"{', '.join(PERSONAS)} in k in a row; strategies in Row & Column), by default the "
        "game's strongest against its medium player: match --game rowcol5 --games 10."
    ),
    configure=configure,
    run=run,
)
