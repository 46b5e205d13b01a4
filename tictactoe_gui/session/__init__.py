"""A game at the table, without Qt: players, turns, undo and redo, hints, verdicts, seeds.

The window, ``play`` and ``match`` all drive one session class,
:class:`~tictactoe_gui.session.table.TableSession`, for every game of the registry, k in
a row too, through the game interface (its coach told what is proven along the game,
each computer move's cost, a program's forfeit, the record), so the rules of a game
session are written once. Nothing here imports Qt or the GUI (an import-linter contract
in ``pyproject.toml`` checks it). :class:`GameSetup` is k in a row's setup as the
window's New Game decides it, in its own values (``Board``, ``Mark``), given to the
session as a :class:`~tictactoe_gui.session.table.TableSetup`.

Playing whole games without a window (what ``play`` and ``match`` run) is
:mod:`tictactoe_gui.session.match`'s, loaded only by them.
"""

from tictactoe_gui.session.seats import PlayerKind, PlayerSpec
from tictactoe_gui.session.series import Tally, game_seed, series_seeds
from tictactoe_gui.session.setup import DEFAULT_MOVE_DELAY_MS, GameSetup
from tictactoe_gui.session.words import greeting_for, plural

__all__ = [
    "DEFAULT_MOVE_DELAY_MS",
    "GameSetup",
    "PlayerKind",
    "PlayerSpec",
    "Tally",
    "game_seed",
    "greeting_for",
    "plural",
    "series_seeds",
]
