"""The game engine: rules, search, analysis, personas and the match runner.

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
from tictactoe_gui.engine.match import (
    CallbackPlayer,
    GameRecord,
    MoveRecord,
    PersonaPlayer,
    Tally,
    play_game,
    play_series,
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
    "CallbackPlayer",
    "Candidate",
    "Decision",
    "Event",
    "GameRecord",
    "IllegalMoveError",
    "Level",
    "Mark",
    "Move",
    "MoveOutcome",
    "MoveRecord",
    "Outcome",
    "Persona",
    "PersonaPlayer",
    "Prediction",
    "SearchCancelled",
    "SearchProgress",
    "Tally",
    "Termination",
    "TranspositionTable",
    "Verdict",
    "all_positions",
    "analyse",
    "get_persona",
    "judge_move",
    "play_game",
    "play_series",
    "principal_variation",
]
