"""Players named on the command line with a strength or as an external engine.

``match --x/--o`` take, beside a plain persona (``kitty``, ``cop``, ``sera``):

- ``cop:N``: Cop searching N plies (2, 3 or 4, as the 4-mok program's levels; 1 to 6 allowed);
- ``sera:T``: Sera with T seconds per move (``sera:0.2s``, ``sera:2``);
- ``engine:COMMAND ...``: any program speaking the Gomocup protocol, run for each game
  (``engine:'./pbrain-foo --fast'``), with the time per move from ``--engine-time``.

A strength plays the big-board engine (:mod:`tictactoe_gui.engine.mnk`) on any
k-in-a-row board. An engine that crashes, hangs, prints garbage or plays an
illegal move loses that game; the reason is printed and the series goes on.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from tictactoe_gui.cli.common import EXIT_OK, Streams, database_path
from tictactoe_gui.engine import Board, Decision, Move, get_persona
from tictactoe_gui.engine.mnk import Limit
from tictactoe_gui.engine.mnk.personas import choose_move
from tictactoe_gui.engine.variants import Variant, quote
from tictactoe_gui.records_bridge import finished_game, open_to_record
from tictactoe_gui.session import GameRecord
from tictactoe_gui.session.external_engine import (
    EngineError,
    EngineLimits,
    ExternalEnginePlayer,
    parse_command,
    skipped_words,
)
from tictactoe_gui.session.game import GameSession, GameSetup, PlayerSpec, series_seeds
from tictactoe_gui.session.match import PersonaPlayer, Player, mode_of, run_session
from tictactoe_gui.storage.records import GameMode
from tictactoe_gui.untrusted import shown

COP_DEPTHS: Final = range(1, 7)
SERA_SECONDS: Final = (0.01, 600.0)
DEFAULT_ENGINE_SECONDS: Final = 5.0
#: Seconds a move an external engine may be given (``--engine-time``).
ENGINE_SECONDS: Final = (0.01, 600.0)


@dataclass(frozen=True, slots=True)
class PlayerChoice:
    """A player given with a strength (``cop:3``, ``sera:0.2s``) or as ``engine:COMMAND``."""

    key: str
    text: str
    limit: Limit | None = None
    command: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        if self.key == "engine":
            return f"engine '{shown(' '.join(self.command), 39)}'"
        if self.key == "cop" and self.limit is not None:
            return f"Cop (depth {self.limit.depth})"
        if self.key == "sera" and self.limit is not None:
            return f"Sera ({self.limit.time:g} s a move)"
        return get_persona(self.key).name


def parse_player(text: str) -> PlayerChoice:
    """``cop:3``, ``sera:0.2s`` or ``engine:COMMAND``; ValueError with the reason otherwise."""
    head, _, rest = text.partition(":")
    key = head.strip().lower()
    rest = rest.strip()
    if key == "engine":
        if not rest:
            raise ValueError("engine: needs the command that runs it, e.g. engine:./pbrain")
        try:
            command = parse_command(rest)
        except ValueError as error:  # an unclosed quote
            raise ValueError(f"engine: {error}") from None
        return PlayerChoice("engine", text, command=tuple(command))
    if key == "cop":
        if not rest.isdigit() or int(rest) not in COP_DEPTHS:
            raise ValueError(
                f"Cop's depth is a whole number of plies from {COP_DEPTHS[0]} to "
                f"{COP_DEPTHS[-1]} (cop:3), got {quote(rest)}"
            )
        return PlayerChoice("cop", text, Limit(depth=int(rest)))
    if key == "sera":
        number = rest[:-1] if rest.lower().endswith("s") else rest
        try:
            seconds = float(number)
        except ValueError:
            seconds = -1.0
        low, high = SERA_SECONDS
        if not low <= seconds <= high:
            raise ValueError(
                f"Sera's time is seconds per move from {low:g} to {high:g} (sera:0.2s), "
                f"got {quote(rest)}"
            )
        return PlayerChoice("sera", text, Limit(time=seconds))
    if key == "kitty":
        raise ValueError("Kitty has no strength to set; write kitty")
    raise ValueError(f"unknown player {quote(text)}")


def match_player(text: str) -> str | PlayerChoice:
    """``match --x/--o``: a persona or strategy as before, or a :class:`PlayerChoice`."""
    if ":" in text:
        try:
            return parse_player(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return text.strip()


def engine_seconds(text: str) -> float:
    """``--engine-time``: seconds a move for ``engine:`` players, a finite number in range."""
    low, high = ENGINE_SECONDS
    try:
        value = float(text.strip().removesuffix("s"))
    except ValueError:
        value = math.nan
    if not low <= value <= high:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"seconds a move run from {low:g} to {high:g} (such as 2 or 0.5), got {quote(text)}"
        )
    return value


def is_choice(value: object) -> bool:
    return isinstance(value, PlayerChoice)


class StrengthPlayer:
    """A persona at a given strength, playing through the big-board engine."""

    def __init__(self, choice: PlayerChoice) -> None:
        self.choice = choice

    @property
    def name(self) -> str:
        return self.choice.label

    @property
    def is_ai(self) -> bool:
        return True

    def spec(self) -> PlayerSpec:
        return PlayerSpec.ai(self.choice.key)

    def decide(self, board: Board, rng: random.Random) -> Decision:
        variant = board.variant
        choice = choose_move(
            self.choice.key,
            variant.rows,
            variant.cols,
            variant.k,
            board.x,
            board.o,
            rng,
            self.choice.limit,
        )
        return Decision(Move(choice.row, choice.col), choice.nodes, choice.depth, choice.reason)


def _player(value: str | PlayerChoice, engine_seconds: float) -> Player:
    if isinstance(value, str):
        return PersonaPlayer(get_persona(value))
    if value.key == "engine":
        return ExternalEnginePlayer(value.command, EngineLimits(turn=engine_seconds))
    return StrengthPlayer(value)


def _play(x_player: Player, o_player: Player, seed: int, variant: Variant) -> GameRecord:
    """One game; a program that breaks the rules or the protocol loses it (a forfeit)."""
    board = Board.empty(variant)
    setup = GameSetup(mode_of(x_player, o_player), x_player.spec(), o_player.spec(), board)
    session = GameSession(setup, seed, datetime.now(UTC))
    try:
        return run_session(session, x_player, o_player)
    except EngineError as error:
        session.forfeit(f"{error.kind}: {error.reason}")
        return session.game_record()


def run_match(args: argparse.Namespace, streams: Streams) -> int:
    """``match`` with a strength or an engine on either side."""
    seconds = getattr(args, "engine_time", DEFAULT_ENGINE_SECONDS)
    label = {id(args.x): _label(args.x), id(args.o): _label(args.o)}
    x_wins = o_wins = draws = 0
    stdout = streams.stdout
    repository = None
    saved = 0
    path = database_path(args)
    if args.record:
        repository, notice = open_to_record(path)
        repository.on_busy = streams.report  # wait for another writer, and say so
        if notice is not None:
            streams.report(notice)
    try:
        for number, game_seed in enumerate(series_seeds(args.seed)):
            if number == args.games:
                break
            started = datetime.now(UTC)
            x_player = _player(args.x, seconds)
            o_player = _player(args.o, seconds)
            try:
                record = _play(x_player, o_player, game_seed, args.game)
            finally:
                for player, value, mark in ((x_player, args.x, "X"), (o_player, args.o, "O")):
                    if isinstance(player, ExternalEnginePlayer):
                        engine = player.engine
                        # Once it has said its name (ABOUT), the engine goes by it.
                        if engine is not None and engine.about_name is not None:
                            label[id(value)] = f"{engine.about_name} (engine)"
                        player.close()
                        if engine is not None and engine.skipped_count:
                            count = engine.skipped_count
                            streams.report(
                                f"game {number + 1}: {label[id(value)]} ({mark}) "
                                + skipped_words(count, engine.skipped[-1])
                            )
            winner = None if record.winner is None else record.winner.value
            if record.forfeit_reason and record.resigned is not None:
                loser = record.resigned.value
                name = label[id(args.x) if loser == "X" else id(args.o)]
                reason = record.forfeit_reason
                streams.report(f"game {number + 1}: {name} ({loser}) loses: {reason}")
            if repository is not None:
                repository.save_game(
                    finished_game(
                        record,
                        x_player.spec().side(),
                        o_player.spec().side(),
                        GameMode.AI_VS_AI,
                        started,
                        datetime.now(UTC),
                    )
                )
                saved += 1
            if winner == "X":
                x_wins += 1
            elif winner == "O":
                o_wins += 1
            else:
                draws += 1
    finally:
        if repository is not None:
            repository.close()
    games = x_wins + o_wins + draws
    if args.json:
        payload = {
            "game": args.game.id,
            "x": _text(args.x),
            "o": _text(args.o),
            "games": games,
            "seed": args.seed,
            "x_wins": x_wins,
            "o_wins": o_wins,
            "draws": draws,
        }
        print(json.dumps(payload), file=stdout)
    else:
        game = "" if args.game.is_tictactoe else f"{args.game.name}: "
        print(
            f"{game}{label[id(args.x)]} (X) vs {label[id(args.o)]} (O), {games} game"
            f"{'s' * (games != 1)}: X won {x_wins}, O won {o_wins}, {draws} drawn.",
            file=stdout,
        )
        if repository is not None:
            print(f"Recorded {saved} game{'s' * (saved != 1)} in {path}.", file=stdout)
    return EXIT_OK


def _label(value: str | PlayerChoice) -> str:
    return get_persona(value).name if isinstance(value, str) else value.label


def _text(value: str | PlayerChoice) -> str:
    return value if isinstance(value, str) else value.text
