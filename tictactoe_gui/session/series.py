"""A series of games between the same two players: each game's seed and the tally.

The window's AI vs AI series and ``match`` at the command line count alike: by seat (the
first seat is X in k in a row), with each seat's points where the game keeps a score, and
each game of a series gets its own seed drawn from the series' one, so any game of it can
be replayed alone.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(slots=True)
class Tally:
    """A series' results by seat, and each seat's points where the game keeps a score."""

    #: The games each seat won (the first seat's first).
    wins: list[int] = field(default_factory=lambda: [0, 0])
    #: The games nobody won: draws, or ties on points.
    level: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    #: Whether the games keep a score (``points`` then counts it).
    scored: bool = False

    @property
    def games(self) -> int:
        return self.wins[0] + self.wins[1] + self.level

    def count(self, winner: int | None, scores: tuple[int, int] | None = None) -> None:
        """One more game, won by seat ``winner`` (None: nobody), ``scores`` its points."""
        if winner is None:
            self.level += 1
        else:
            self.wins[winner] += 1
        if scores is not None:
            self.scored = True
            for seat in (0, 1):
                self.points[seat] += scores[seat]

    def average(self, seat: int) -> float:
        """Seat ``seat``'s points per game."""
        return self.points[seat] / self.games if self.games else 0.0

    def copy(self) -> Tally:
        return Tally(list(self.wins), self.level, list(self.points), self.scored)


def series_seeds(seed: int | None) -> Iterator[int]:
    """The seed of each game of a series (its board, where drawn, and its players' chance),
    drawn as the games start: any game of a series can be replayed alone."""
    rng = random.Random(seed)
    while True:
        yield rng.randrange(1 << 32)


def game_seed(series_seed: int | None, game_number: int) -> int:
    """The seed of game ``game_number`` (0-based) of a series (see :func:`series_seeds`)."""
    return next(itertools.islice(series_seeds(series_seed), game_number, None))
