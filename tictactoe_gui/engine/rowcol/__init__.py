"""Row & Column: the number-grid game. Rules, exact and depth-limited search, strategies.

Standard library only, like the rest of the engine.
"""

from tictactoe_gui.engine.rowcol.analysis import (
    EXACT_CELLS,
    Method,
    RowColAnalysis,
    TakeCandidate,
    analyse,
    best_takes,
    judge_take,
    method_for,
)
from tictactoe_gui.engine.rowcol.game import (
    Mode,
    RowColGame,
    SeriesTally,
    game_seeds,
    play_game,
    play_series,
)
from tictactoe_gui.engine.rowcol.rules import (
    DEFAULT_HIGH,
    DEFAULT_LOW,
    IllegalTakeError,
    Player,
    Position,
    RowColError,
    Take,
    parse_board,
    parse_player,
    parse_value_range,
    seeded_values,
)
from tictactoe_gui.engine.rowcol.search import ExactSearch, LimitedSearch, SolveTable
from tictactoe_gui.engine.rowcol.strategies import (
    ABACUS,
    DICE,
    HEDGE,
    MAGPIE,
    STRATEGIES,
    RowColPersona,
    TakeDecision,
    get_strategy,
)

__all__ = [
    "ABACUS",
    "DEFAULT_HIGH",
    "DEFAULT_LOW",
    "DICE",
    "EXACT_CELLS",
    "HEDGE",
    "MAGPIE",
    "STRATEGIES",
    "ExactSearch",
    "IllegalTakeError",
    "LimitedSearch",
    "Method",
    "Mode",
    "Player",
    "Position",
    "RowColAnalysis",
    "RowColError",
    "RowColGame",
    "RowColPersona",
    "SeriesTally",
    "SolveTable",
    "Take",
    "TakeCandidate",
    "TakeDecision",
    "analyse",
    "best_takes",
    "game_seeds",
    "get_strategy",
    "judge_take",
    "method_for",
    "parse_board",
    "parse_player",
    "parse_value_range",
    "play_game",
    "play_series",
    "seeded_values",
]
