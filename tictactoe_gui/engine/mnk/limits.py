"""The engine's one :class:`Limit` and one stop exception, under the name the big-board
engine has always imported them by (:mod:`tictactoe_gui.engine.limits` defines them)."""

from tictactoe_gui.engine.limits import (
    Budget as Budget,
    Limit as Limit,
    SearchStopped as SearchStopped,
)
