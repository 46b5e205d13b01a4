"""Where the engine's values meet the records' values.

The engine knows nothing of storage and storage nothing of the engine, so the
few conversions between them live here, beside the command line and the
window that both need them: a result from a winning mark, a recorded side's
display name, and the storage record of a game the match runner played.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from tictactoe_gui.engine import Mark, get_persona
from tictactoe_gui.storage.records import (
    FinishedGame,
    GameMode,
    MoveEntry,
    Result,
    Side,
    SideKind,
)

if TYPE_CHECKING:  # the session imports this module to build its records
    from tictactoe_gui.session.record import GameRecord


def result_of(winner: Mark | None) -> Result:
    """The recorded result of a game that ``winner`` won (None for a draw)."""
    return Result.DRAW if winner is None else Result(winner.value)


def side_name(side: Side) -> str:
    """How a recorded side reads: a person's name as entered, a persona's display name."""
    if side.kind is SideKind.PERSONA:
        try:
            return get_persona(side.name).name
        except ValueError:  # a persona this version does not know (an imported record)
            return side.name
    return side.name


def finished_game(
    record: GameRecord,
    x: Side,
    o: Side,
    mode: GameMode,
    started_at: datetime,
    ended_at: datetime,
) -> FinishedGame:
    """The storage record of a finished game (the window, ``play`` and ``match`` alike)."""
    return FinishedGame(
        started_at=started_at,
        ended_at=ended_at,
        mode=mode,
        x=x,
        o=o,
        result=result_of(record.winner),
        moves=tuple(
            MoveEntry(
                ply=number,
                cell=record.start.index(move.move),
                mark=move.mark.value,
                score=move.score,
                verdict=None if move.verdict is None else move.verdict.value,
            )
            for number, move in enumerate(record.moves, start=1)
        ),
        start_board=record.start.to_text(),
        hints_x=record.hints_x,
        hints_o=record.hints_o,
        seed=record.seed,
        x_ai_nodes=record.x_nodes,
        o_ai_nodes=record.o_nodes,
        x_ai_max_depth=record.x_max_depth,
        o_ai_max_depth=record.o_max_depth,
    )
