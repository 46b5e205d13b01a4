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
import math
import random
from dataclasses import dataclass
from typing import Final

from tictactoe_gui.cli.common import Streams, UsageError
from tictactoe_gui.engine import get_persona
from tictactoe_gui.engine.games import GameSpec, GameState, MoveChoice
from tictactoe_gui.engine.mnk import Limit
from tictactoe_gui.engine.mnk.personas import choose_move
from tictactoe_gui.engine.variants import quote
from tictactoe_gui.session.external_engine import (
    EngineLimits,
    ExternalEnginePlayer,
    parse_command,
    skipped_words,
)
from tictactoe_gui.session.match import Mover, board_mover
from tictactoe_gui.session.table import Seat
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


def check_choice(spec: GameSpec, choice: PlayerChoice, option: str) -> None:
    """A strength or an engine only where the game has such players (one line otherwise)."""
    if not spec.gomocup_players:
        raise UsageError(f"cop:N, sera:T and engine: players do not play {spec.name}")


def label(spec: GameSpec, side: str | PlayerChoice) -> str:
    """How the tally names a seat's player: ``Sera (sera)``, ``Cop (depth 3)``."""
    if isinstance(side, PlayerChoice):
        return side.label
    player = spec.player(side)
    return f"{player.name} ({player.key})"


def text(side: str | PlayerChoice) -> str:
    """A seat's player as the command line named it (the JSON tally's)."""
    return side if isinstance(side, str) else side.text


class SeatPlayer:
    """Who plays a seat of one game of a series: the game's own player (no mover), a persona
    at a chosen strength, or an external engine, started for the game and ended after it."""

    def __init__(self, spec: GameSpec, side: str | PlayerChoice, engine_seconds: float) -> None:
        self.engine_player: ExternalEnginePlayer | None = None
        self.mover: Mover | None = None
        if isinstance(side, str):
            self.seat = Seat.for_game(spec, side)
        elif side.key == "engine":
            player = ExternalEnginePlayer(side.command, EngineLimits(turn=engine_seconds))
            self.engine_player = player
            self.seat = player.spec()
            self.mover = board_mover(player.decide)
        else:
            self.seat = Seat.for_game(spec, side.key)
            self.mover = _strength_mover(side.key, side.limit)

    def close(self, number: int, letter: str, name: str, streams: Streams) -> str:
        """End the seat's engine, if any, reporting the lines it printed that meant nothing;
        the name the seat goes by from now on (an engine's own, once it gave one)."""
        player = self.engine_player
        if player is None:
            return name
        engine = player.engine
        if engine is not None and engine.about_name is not None:
            name = f"{engine.about_name} (engine)"  # once it has said its name (ABOUT)
        player.close()
        if engine is not None and engine.skipped_count:
            count = engine.skipped_count
            streams.report(
                f"game {number}: {name} ({letter}) " + skipped_words(count, engine.skipped[-1])
            )
        return name


def seats_for(
    spec: GameSpec, sides: tuple[str | PlayerChoice, str | PlayerChoice], engine_seconds: float
) -> tuple[SeatPlayer, SeatPlayer]:
    return SeatPlayer(spec, sides[0], engine_seconds), SeatPlayer(spec, sides[1], engine_seconds)


def _strength_mover(key: str, limit: Limit | None) -> Mover:
    """A persona at a chosen strength, playing through the big-board engine."""

    def mover(state: GameState, rng: random.Random) -> MoveChoice:
        board = state.marks_board()
        assert board is not None  # the games such players play have one
        variant = board.variant
        choice = choose_move(
            key, variant.rows, variant.cols, variant.k, board.x, board.o, rng, limit
        )
        return MoveChoice(choice.row * variant.cols + choice.col, choice.nodes, choice.depth)

    return mover
