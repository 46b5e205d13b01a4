"""What the main window needs once its first frame is on the screen: the one import
boundary of a fast start.

The first frame is built from light modules only (``main_window.py``, the parts in
``gui/window/``, the board, the players strip). Everything else the complete window
needs (the engine thread, the game controller, the docks, the bars, the announcer,
New Game's settings, the records' bridge) is named here, so that loading this one
module loads it all: the app loads it on a thread of its own right after the first
paint (:func:`tictactoe_gui.gui.app.run`), while the window takes clicks and keys,
then completes the window. Windows and dialogs opened later by a command (records,
set-up position, Row & Column) stay out of it: they load when first used.
"""

from __future__ import annotations

from tictactoe_gui.engine import Algorithm, Mark
from tictactoe_gui.engine.games import find_game, registered_game
from tictactoe_gui.gui.accessibility import name_message_box_icon
from tictactoe_gui.gui.analysis_dock import DEFAULT_TIME_BUDGET, DEFAULT_TOP_N, AnalysisDock
from tictactoe_gui.gui.announcer import Announcer
from tictactoe_gui.gui.controls import AutoplayBar, GameOverBanner, ReplayBar
from tictactoe_gui.gui.dialogs.new_game import NewGameDialog
from tictactoe_gui.gui.engine_worker import EngineService
from tictactoe_gui.gui.move_list import MoveListDock
from tictactoe_gui.gui.narrator import Narrator
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.gui.style import ThemeStyle
from tictactoe_gui.gui.table_controller import THINK_MS as DEFAULT_THINK_MS, TableController
from tictactoe_gui.records_bridge import side_name
from tictactoe_gui.session.seats import PlayerSpec
from tictactoe_gui.session.setup import GameSetup
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.reader import RecordsReader
from tictactoe_gui.storage.records import GameMode

__all__ = [
    "DEFAULT_THINK_MS",
    "DEFAULT_TIME_BUDGET",
    "DEFAULT_TOP_N",
    "Algorithm",
    "AnalysisDock",
    "Announcer",
    "AutoplayBar",
    "EngineService",
    "GameMode",
    "GameOverBanner",
    "GameSetup",
    "InMemoryRecords",
    "Mark",
    "MoveListDock",
    "Narrator",
    "NewGameDialog",
    "PlayerSpec",
    "RecordsReader",
    "ReplayBar",
    "Seat",
    "TableController",
    "TableSetup",
    "ThemeStyle",
    "find_game",
    "name_message_box_icon",
    "registered_game",
    "side_name",
]
