"""A game at the table, without Qt: players, turns, undo and redo, hints, verdicts, seeds.

The window, ``play`` and ``match`` all drive these classes, so the rules of a
game session are written once. Nothing here imports Qt or the GUI (an
import-linter contract in ``pyproject.toml`` checks it).

Playing whole games between players (``match``: what ``play`` and ``match``
run) loads on first use: the window plays through :class:`GameSession` alone.
"""

from typing import TYPE_CHECKING

from tictactoe_gui.session.game import (
    DEFAULT_MOVE_DELAY_MS,
    GameSession,
    GameSetup,
    PlayerKind,
    PlayerSpec,
    PlayerSummary,
    Tally,
    event_for,
    every_move_alike,
    game_seed,
    greeting_for,
    plural,
    series_seeds,
)
from tictactoe_gui.session.record import GameRecord, MoveRecord

if TYPE_CHECKING:
    from tictactoe_gui.session.match import (
        CallbackPlayer,
        PersonaPlayer,
        Player,
        SeriesResult,
        play_game,
        play_series,
        run_session,
    )

_FROM_MATCH = frozenset(
    {
        "CallbackPlayer",
        "PersonaPlayer",
        "Player",
        "SeriesResult",
        "play_game",
        "play_series",
        "run_session",
    }
)


def __getattr__(name: str) -> object:
    if name in _FROM_MATCH:
        from tictactoe_gui.session import match

        return getattr(match, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_MOVE_DELAY_MS",
    "CallbackPlayer",
    "GameRecord",
    "GameSession",
    "GameSetup",
    "MoveRecord",
    "PersonaPlayer",
    "Player",
    "PlayerKind",
    "PlayerSpec",
    "PlayerSummary",
    "SeriesResult",
    "Tally",
    "event_for",
    "every_move_alike",
    "game_seed",
    "greeting_for",
    "play_game",
    "play_series",
    "plural",
    "run_session",
    "series_seeds",
]
