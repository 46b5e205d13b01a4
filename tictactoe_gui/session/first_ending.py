"""A game goes to the records the first time it ends, and never again: the same rule and the
same words in every game, in the window and wherever else a game is played on after an undo.

A game that ends, is taken back and ends again is for study: recording every ending would
let one game count many times in the standings. :class:`FirstEnding` keeps, for the game
on the board, whether (and which ending of it) went to the records, saves the first ending
through the caller's ``save`` (the records' ``save_game``) and says what happened in one
short note for the game-over banner. Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from tictactoe_gui.session.table import TableSession
from tictactoe_gui.storage.records import FinishedGame

RECORDED = "Recorded."
LATER_ENDING = "Only the first ending of a game is recorded."
FROM_POSITION = "Not recorded: a game from a set-up position counts for nobody."
STUDY = "Not recorded: a study counts for nobody."


@dataclass(frozen=True, slots=True)
class Recording:
    """What became of a game's ending: the note the banner shows, the records' id where it
    was saved, and whether saving failed (the banner then offers to try again)."""

    note: str
    saved_id: int | None = None
    failed: bool = False


class FirstEnding:
    """Records the first ending of the game on the board (never a later one) and says so."""

    def __init__(self, *, recorded_before: bool = False) -> None:
        #: The game was recorded before this window played it on (a saved game resumed).
        self._recorded_before = recorded_before
        #: The moves of the ending recorded (None: none recorded here yet).
        self._moves: tuple[int, ...] | None = None
        self._saved_id: int | None = None
        self._failure = ""

    @property
    def recorded(self) -> bool:
        """Whether an ending of the game has gone to the records."""
        return self._recorded_before or self._moves is not None

    def record(
        self,
        session: TableSession,
        save: Callable[[FinishedGame], int] | None,
        game: FinishedGame | None = None,
        *,
        ended_at: datetime | None = None,
    ) -> Recording:
        """The game on the board has ended: its first ending is saved with ``save`` (the
        finished ``game``, or the session's record of it now), a later one is not; asked
        again about the same ending, it says the same (nothing is saved twice). ``save``
        None: there are no records to keep it in, and nothing is said."""
        setup = session.setup
        if setup.from_position:
            return Recording(FROM_POSITION)
        if not setup.record:
            return Recording(STUDY if save is not None else "")
        if self._failure:
            return Recording(self._failure, failed=True)
        if self.recorded:
            first = self._moves is not None and session.moves == self._moves
            return Recording(RECORDED, self._saved_id) if first else Recording(LATER_ENDING)
        if save is None or not session.is_over:
            return Recording("")
        try:
            if game is None:
                # Its lines taken back and played otherwise, the verdicts, hints and costs.
                game = session.finished_game(ended_at or datetime.now(UTC))
            saved_id = save(game)
        except Exception as error:  # storage trouble must never cost the game on the board
            self._failure = f"Not recorded: {error}. The game is still on the board."
            return Recording(self._failure, failed=True)
        self._moves, self._saved_id = session.moves, saved_id
        return Recording(RECORDED, saved_id)

    def retry(
        self,
        session: TableSession,
        save: Callable[[FinishedGame], int] | None,
        game: FinishedGame | None = None,
    ) -> Recording:
        """Try again to save an ending whose saving failed."""
        self._failure = ""
        return self.record(session, save, game)
