"""A game at the table, without Qt: players, turns, undo and redo, hints, verdicts, seeds.

The window, ``play`` and ``match`` all drive these classes, so the rules of a
game session are written once. Nothing here imports Qt or the GUI (an
import-linter contract in ``pyproject.toml`` checks it).

:class:`~tictactoe_gui.session.table.TableSession` plays every game of the
registry, k in a row too, through the game interface (its coach told what is
proven along the game, each computer move's cost, a program's forfeit, the
record); :class:`GameSession` is k in a row's in its own values (``Board``,
``Move``, ``Mark``), which the window's k-in-a-row controller still drives.

Playing whole games without a window (what ``play`` and ``match`` run) is
:mod:`tictactoe_gui.session.match`'s, loaded only by them.
"""

from tictactoe_gui.session.game import (
    DEFAULT_MOVE_DELAY_MS,
    GameSession,
    GameSetup,
    PlayerKind,
    PlayerSpec,
    PlayerSummary,
    event_for,
    every_move_alike,
    greeting_for,
    plural,
)
from tictactoe_gui.session.record import GameRecord, MoveRecord
from tictactoe_gui.session.series import Tally, game_seed, series_seeds

__all__ = [
    "DEFAULT_MOVE_DELAY_MS",
    "GameRecord",
    "GameSession",
    "GameSetup",
    "MoveRecord",
    "PlayerKind",
    "PlayerSpec",
    "PlayerSummary",
    "Tally",
    "event_for",
    "every_move_alike",
    "game_seed",
    "greeting_for",
    "plural",
    "series_seeds",
]
