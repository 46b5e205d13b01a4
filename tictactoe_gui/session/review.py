"""A recorded game, read back as a game of the registry and reviewed.

The command line's ``review`` and the window's Review both come here: a
record (:class:`~tictactoe_gui.storage.records.GameDetail`) becomes the
start position and the moves of its game (:func:`recorded_game`), which
:func:`~tictactoe_gui.engine.review.review_game` reviews. Nothing here names a
game: each is read through the game interface.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from tictactoe_gui.engine.games import GameError, GameSpec, GameState
from tictactoe_gui.engine.review import (
    REVIEW_SECONDS,
    GameReview,
    ReviewProgress,
    review_game,
    states_of,
)
from tictactoe_gui.records_bridge import side_name, start_of
from tictactoe_gui.storage.records import GameDetail, InvalidGameError
from tictactoe_gui.untrusted import shown


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """A recorded game as the game interface plays it."""

    id: int
    start: GameState
    moves: tuple[int, ...]
    #: The seat that resigned at the end, if the game ended so.
    resigned: int | None
    #: Who played each seat, as the records show them.
    names: tuple[str, str]

    @property
    def spec(self) -> GameSpec:
        return self.start.spec

    @property
    def final(self) -> GameState:
        return states_of(self.start, self.moves)[-1]


def recorded_game(detail: GameDetail) -> RecordedGame:
    """The game a record holds; :class:`InvalidGameError` in one line when this version
    cannot read it back (a game it does not know, moves its rules refuse)."""
    summary = detail.summary
    try:
        start = start_of(summary)
    except InvalidGameError as error:
        raise InvalidGameError(f"game {summary.id}: {error}") from None
    moves = tuple(entry.cell for entry in detail.moves)
    try:
        states_of(start, moves)
    except GameError as error:
        raise InvalidGameError(f"game {summary.id}: {error}") from None
    resigned = None if summary.resigned is None else "XO".index(summary.resigned)
    names = (shown(side_name(summary.x), None), shown(side_name(summary.o), None))
    return RecordedGame(summary.id, start, moves, resigned, names)


def review_record(
    detail: GameDetail,
    *,
    time_per_position: float = REVIEW_SECONDS,
    cancel: threading.Event | None = None,
    progress: ReviewProgress | None = None,
) -> tuple[RecordedGame, GameReview]:
    """The recorded game and its review (see :func:`~tictactoe_gui.engine.review.review_game`)."""
    game = recorded_game(detail)
    review = review_game(
        game.start,
        game.moves,
        resigned=game.resigned,
        time_per_position=time_per_position,
        cancel=cancel,
        progress=progress,
    )
    return game, review
