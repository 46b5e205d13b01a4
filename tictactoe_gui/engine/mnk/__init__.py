"""The k-in-a-row engine for boards too big to solve: search, threat proofs, personas, protocol.

Everything here takes plain values (rows, columns, k and the X and O bitboards,
bit ``row * cols + col`` with row 0 at the top) and returns frozen values, so
any caller (the generic personas, the session, the command line, a protocol
brain) can use it without sharing a board class.
"""

from tictactoe_gui.engine.mnk.limits import Limit, SearchStopped
from tictactoe_gui.engine.mnk.search import (
    Outcome,
    Progress,
    Proof,
    SearchResult,
    TranspositionTable,
    search,
)
from tictactoe_gui.engine.mnk.state import PositionError

__all__ = [
    "Limit",
    "Outcome",
    "PositionError",
    "Progress",
    "Proof",
    "SearchResult",
    "SearchStopped",
    "TranspositionTable",
    "search",
]
