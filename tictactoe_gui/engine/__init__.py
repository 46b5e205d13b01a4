"""The game engine: rules, search, analysis and personas, for every board.

Standard library only; nothing here knows about Qt, the GUI or storage, so it
runs the same in tests, on the command line and in the GUI's worker thread.

Each name below is loaded from its module on first use (PEP 562): importing the
board alone, as the window does before its first paint, does not load the
searches and personas too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tictactoe_gui.lazy_names import lazy_names

if TYPE_CHECKING:
    from tictactoe_gui.engine.analysis import (
        Analysis,
        Candidate,
        Judgement,
        MoveOutcome,
        Prediction,
        Proven,
        Verdict,
        analyse,
        judge,
        judge_by_proof,
        judge_move,
        principal_variation,
        proven_result,
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

#: The module each public name comes from.
_SOURCES = {
    "Algorithm": "search",
    "Analysis": "analysis",
    "Board": "board",
    "BoardError": "board",
    "COP": "personas",
    "Candidate": "analysis",
    "Decision": "personas",
    "Event": "personas",
    "IllegalMoveError": "board",
    "Judgement": "analysis",
    "KITTY": "personas",
    "Level": "personas",
    "Mark": "board",
    "Move": "board",
    "MoveOutcome": "analysis",
    "Outcome": "board",
    "PERSONAS": "personas",
    "Persona": "personas",
    "Prediction": "analysis",
    "Proven": "analysis",
    "SERA": "personas",
    "SearchCancelled": "search",
    "SearchProgress": "search",
    "Termination": "board",
    "TranspositionTable": "search",
    "Verdict": "analysis",
    "all_positions": "board",
    "analyse": "analysis",
    "get_persona": "personas",
    "judge": "analysis",
    "judge_by_proof": "analysis",
    "judge_move": "analysis",
    "principal_variation": "analysis",
    "proven_result": "analysis",
}


__getattr__, __dir__ = lazy_names(__name__, _SOURCES)

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
    "Judgement",
    "Level",
    "Mark",
    "Move",
    "MoveOutcome",
    "Outcome",
    "Persona",
    "Prediction",
    "Proven",
    "SearchCancelled",
    "SearchProgress",
    "Termination",
    "TranspositionTable",
    "Verdict",
    "all_positions",
    "analyse",
    "get_persona",
    "judge",
    "judge_by_proof",
    "judge_move",
    "principal_variation",
    "proven_result",
]
