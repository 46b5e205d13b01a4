"""``match``: a series of games between two personas, the tally, every game optionally recorded."""

from __future__ import annotations

import argparse
import json
from datetime import UTC, datetime
from pathlib import Path

from tictactoe_gui.cli import players, rowcol
from tictactoe_gui.cli.common import (
    EXIT_OK,
    Command,
    Streams,
    add_db_option,
    add_game_option,
    database_path,
    positive_int,
    seed,
)
from tictactoe_gui.engine import PERSONAS, get_persona
from tictactoe_gui.records_bridge import finished_game
from tictactoe_gui.session import GameRecord, play_series
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
    rowcol.add_match_options(parser)


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
    strongest, medium = args.game.default_players
    args.x = strongest if args.x is None else args.x
    args.o = medium if args.o is None else args.o
    args.game = args.game.variant
    if players.is_choice(args.x) or players.is_choice(args.o):
        return players.run_match(args, streams)
    if rowcol.is_rowcol(args.game):
        return rowcol.run_match(args, streams)
    rowcol.refuse_rowcol_options(args)
    rowcol.check_personas(args)
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
