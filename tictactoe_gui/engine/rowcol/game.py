"""Whole games of Row & Column between two computer players, and seeded series of them.

Each game of a series draws its own board from a seed that the series' seed
determines, so ``--seed`` replays the whole series and the record of any one
game says how to draw its board again.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from tictactoe_gui.engine.rowcol.rules import DEFAULT_HIGH, DEFAULT_LOW, Player, Position, Take
from tictactoe_gui.engine.rowcol.search import SolveTable
from tictactoe_gui.engine.rowcol.strategies import RowColPersona


class Mode(enum.StrEnum):
    PERSON_PERSON = "person vs person"
    PERSON_COMPUTER = "person vs computer"
    COMPUTER_COMPUTER = "computer vs computer"


@dataclass(frozen=True, slots=True)
class RowColGame:
    """A finished game: the starting board, every take, the final position."""

    start: Position
    takes: tuple[Take, ...]
    final: Position
    mode: Mode
    #: The seed the board was drawn from, when it was drawn from one.
    board_seed: int | None = None

    @property
    def score_a(self) -> int:
        return self.final.score_a

    @property
    def score_b(self) -> int:
        return self.final.score_b

    @property
    def rounds(self) -> int:
        return len(self.takes)

    @property
    def winner(self) -> Player | None:
        return self.final.winner

    def summary(self) -> str:
        """``"A 14, B 9 after 7 takes (computer vs computer): A wins"``."""
        result = "a tie" if self.winner is None else f"{self.winner} wins"
        takes = "take" if self.rounds == 1 else "takes"
        return (
            f"A {self.score_a}, B {self.score_b} after {self.rounds} {takes} "
            f"({self.mode}): {result}"
        )


def play_game(
    start: Position,
    player_a: RowColPersona,
    player_b: RowColPersona,
    rng: random.Random,
    *,
    board_seed: int | None = None,
) -> RowColGame:
    """Play ``start`` to the end: ``player_a`` takes for A, ``player_b`` for B."""
    # One table per player per game: a perfect player's table is tied to this board.
    tables = {
        Player.A: SolveTable(start.size, start.values),
        Player.B: SolveTable(start.size, start.values),
    }
    players = {Player.A: player_a, Player.B: player_b}
    position = start
    takes = []
    while not position.is_over:
        mover = position.to_move
        decision = players[mover].choose_take(position, rng, tables[mover])
        takes.append(Take(mover, decision.cell, position.values[decision.cell]))
        position = position.play(decision.cell)
    return RowColGame(start, tuple(takes), position, Mode.COMPUTER_COMPUTER, board_seed)


@dataclass(frozen=True, slots=True)
class SeriesTally:
    games: int
    a_wins: int
    b_wins: int
    ties: int
    total_a: int
    total_b: int

    @property
    def average_a(self) -> float:
        return self.total_a / self.games if self.games else 0.0

    @property
    def average_b(self) -> float:
        return self.total_b / self.games if self.games else 0.0

    @property
    def average_margin(self) -> float:
        """A's average score minus B's."""
        return self.average_a - self.average_b


def game_seeds(seed: int, games: int) -> list[int]:
    """The board seed of each game of a series with ``seed``."""
    rng = random.Random(seed)
    return [rng.randrange(1 << 32) for _ in range(games)]


def play_series(
    size: int,
    player_a: RowColPersona,
    player_b: RowColPersona,
    games: int,
    seed: int,
    *,
    first: Player = Player.A,
    low: int = DEFAULT_LOW,
    high: int = DEFAULT_HIGH,
) -> tuple[SeriesTally, list[RowColGame]]:
    """``games`` games, each on its own seeded board; the tally and the games."""
    played = []
    for board_seed in game_seeds(seed, games):
        start = Position.from_seed(size, board_seed, low=low, high=high, first=first)
        played.append(
            play_game(start, player_a, player_b, random.Random(board_seed), board_seed=board_seed)
        )
    return tally_of(played), played


def tally_of(played: list[RowColGame]) -> SeriesTally:
    """Wins, ties and total scores of the games ``played``."""
    return SeriesTally(
        games=len(played),
        a_wins=sum(1 for g in played if g.winner is Player.A),
        b_wins=sum(1 for g in played if g.winner is Player.B),
        ties=sum(1 for g in played if g.winner is None),
        total_a=sum(g.score_a for g in played),
        total_b=sum(g.score_b for g in played),
    )
