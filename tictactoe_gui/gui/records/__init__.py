"""The records windows: leaderboard, game history (with replay) and personal statistics.

Each takes an open :class:`~tictactoe_gui.storage.Repository` and reads from it
on the GUI thread (every query they make takes milliseconds, even with
100,000 games); none of them writes except History's import.
"""

from tictactoe_gui.gui.records.history import HistoryDialog, HistoryModel
from tictactoe_gui.gui.records.leaderboard import LeaderboardDialog, StandingsModel
from tictactoe_gui.gui.records.statistics import StatisticsDialog

__all__ = [
    "HistoryDialog",
    "HistoryModel",
    "LeaderboardDialog",
    "StandingsModel",
    "StatisticsDialog",
]
