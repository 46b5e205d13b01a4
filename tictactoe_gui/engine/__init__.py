"""The game engine: rules, search, analysis and personas, for every board.

Standard library only; nothing here knows about Qt, the GUI or storage, so it
runs the same in tests, on the command line and in the GUI's worker thread.
"""

from tictactoe_gui.engine.analysis import (
    Analysis,
    Candidate,
    MoveOutcome,
    Prediction,
    Verdict,
    analyse,
    judge_move,
    principal_variation,
)
from tictactoe_gui.engine.board import (
    Board,
    BoardError,
    IllegalMoveError,
    Mark,
    Move,
    Outcome,
    Termination,
    all_positions,
)
from tictactoe_gui.engine.personas import (
    COP,
    KITTY,
    PERSONAS,
    SERA,
    Decision,
    Event,
    Level,
    Persona,
    get_persona,
)
from tictactoe_gui.engine.search import (
    Algorithm,
    SearchCancelled,
    SearchProgress,
    TranspositionTable,
)

__all__ = [
    "COP",
    "KITTY",
    "PERSONAS",
    "SERA",
    "Algorithm",
    "Analysis",
    "Board",
    "BoardError",
    "Candidate",
    "Decision",
    "Event",
    "IllegalMoveError",
    "Level",
    "Mark",
    "Move",
    "MoveOutcome",
    "Outcome",
    "Persona",
    "Prediction",
    "SearchCancelled",
    "SearchProgress",
    "Termination",
    "TranspositionTable",
    "Verdict",
    "all_positions",
    "analyse",
    "get_persona",
    "judge_move",
    "principal_variation",
]
