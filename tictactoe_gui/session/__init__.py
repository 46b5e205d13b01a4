"""A game at the table, without Qt: players, turns, undo and redo, hints, verdicts, seeds.

The window, ``play`` and ``match`` all drive these classes, so the rules of a
game session are written once. Nothing here imports Qt or the GUI (an
import-linter contract in ``pyproject.toml`` checks it).
"""

from tictactoe_gui.session.game import (
    DEFAULT_MOVE_DELAY_MS,
    GameSession,
    GameSetup,
    PlayerKind,
    PlayerSpec,
    PlayerSummary,
    Tally,
    event_for,
    game_seed,
    greeting_for,
    plural,
    series_seeds,
)
from tictactoe_gui.session.match import (
    CallbackPlayer,
    PersonaPlayer,
    Player,
    SeriesResult,
    play_game,
    play_series,
    run_session,
)
from tictactoe_gui.session.record import GameRecord, MoveRecord

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
    "game_seed",
    "greeting_for",
    "play_game",
    "play_series",
    "plural",
    "run_session",
    "series_seeds",
]
