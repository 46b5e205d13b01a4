"""What ``match`` and ``play`` take for any game of the registry: the start options.

``--first`` and ``--values`` (and the old ``--size``, which says what replaced it)
for the games that let them be chosen, and the players they name.
The games themselves are played by :mod:`tictactoe_gui.session.match` on a
:class:`~tictactoe_gui.session.table.TableSession`,
so a seed plays the same game at the command line as in the window. Nothing here
names a game: a game registered tomorrow is matched and played the same day.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from tictactoe_gui.cli.common import UsageError
from tictactoe_gui.engine.games import GameError, GameSpec, GameState
from tictactoe_gui.engine.variants import quote


def value_range(text: str) -> tuple[int, int]:
    """``--values LO..HI``: the range a drawn board's numbers come from (the game checks it)."""
    low_text, sep, high_text = text.strip().partition("..")
    try:
        if not sep:
            raise ValueError
        return int(low_text), int(high_text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a value range is LOW..HIGH, such as -9..9, got {quote(text)}"
        ) from None


def refuse_size(text: str) -> int:
    """``--size``: replaced by the size in the game's id; says so in one line."""
    from tictactoe_gui.engine.games import registered_games

    grammars = ", ".join(game.grammar for game in registered_games())
    raise argparse.ArgumentTypeError(f"--size is replaced by the size in --game's id ({grammars})")


def add_start_options(parser: argparse.ArgumentParser) -> None:
    """``--first``, ``--values`` (and the old ``--size``) for games that take them."""
    group = parser.add_argument_group("the start (games that let them be chosen)")
    group.add_argument(
        "--first",
        metavar="SEAT",
        help="who moves first, by the seat's letter: A or B in Row & Column (default: the "
        "first seat)",
    )
    group.add_argument(
        "--values",
        type=value_range,
        metavar="LO..HI",
        help="the range of a drawn board's numbers (Row & Column; default: -9..9)",
    )
    group.add_argument("--size", type=refuse_size, metavar="N", help=argparse.SUPPRESS)


@dataclass(frozen=True, slots=True)
class Start:
    """How each game of a series starts: who moves first, the values a board is drawn from."""

    first: int = 0
    values: tuple[int, int] | None = None

    def new_game(self, spec: GameSpec, seed: int) -> GameState:
        return spec.new_game(seed, first=self.first, values=self.values)


def start_of(spec: GameSpec, args: argparse.Namespace) -> Start:
    """``--first`` and ``--values`` for ``spec``; one line (UsageError) where it takes neither."""
    try:
        first = 0 if args.first is None else spec.seat(args.first)
        start = Start(first, args.values)
        start.new_game(spec, 0)  # the game refuses what it does not take, in one line
    except GameError as error:
        raise UsageError(str(error)) from None
    return start


def player_key(spec: GameSpec, text: str, option: str) -> str:
    try:
        return spec.player(text).key
    except GameError as error:
        raise UsageError(f"{option}: {error}") from None
