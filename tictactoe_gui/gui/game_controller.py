"""The window's side of a game: Qt signals, the undo stack, timers and the engine thread.

The game itself (players, moves, seeds, hints, verdicts, the record) is a
Qt-free :class:`~tictactoe_gui.session.table.TableSession`, the same one ``play``
and ``match`` drive for every game. :class:`GameController` is the glue: it turns what the
user did into session calls, announces the result through signals, asks the
engine thread for analyses and persona moves, and plays a persona's move
after a short, visible think. Views only display; nothing here paints.

It is built in layers, one job each, in :mod:`tictactoe_gui.gui.controller`:
``state`` (the game, its signals), ``ending`` (judged, recorded, tallied), ``core``
(moves applied, what a new position sets off), ``starting``,
``autoplay``, ``hints``, ``ai_turns`` and ``replay``; this module adds the
person's own moves and wires the timers and the engine thread to them all.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Slot

from tictactoe_gui.engine import Move
from tictactoe_gui.gui.controller.replay import ReplayAndLines
from tictactoe_gui.gui.controller.state import DEFAULT_THINK_MS, GameOverInfo, State
from tictactoe_gui.gui.engine_worker import EngineService
from tictactoe_gui.gui.moves_command import MovesCommand
from tictactoe_gui.gui.recording import GameRecords
from tictactoe_gui.session import (
    DEFAULT_MOVE_DELAY_MS,
    GameSetup,
    PlayerKind,
    PlayerSpec,
    Tally,
)
from tictactoe_gui.storage.records import GameMode

__all__ = [
    "DEFAULT_MOVE_DELAY_MS",
    "DEFAULT_THINK_MS",
    "GameController",
    "GameOverInfo",
    "GameSetup",
    "PlayerKind",
    "PlayerSpec",
    "State",
    "Tally",
]


class GameController(ReplayAndLines):
    """Glue between a Qt-free :class:`~tictactoe_gui.session.table.TableSession` and the window.

    The session holds the game's rules and state (players, moves, seeds,
    hints, verdicts, the record); this class adds what needs Qt: signals for
    the views, the undo stack, timers for visible thinking and AI vs AI
    pacing, and the conversation with the engine thread.
    """

    def __init__(
        self,
        engine: EngineService,
        records: GameRecords,
        parent: QObject | None = None,
        *,
        think_ms: int = DEFAULT_THINK_MS,
    ) -> None:
        super().__init__(engine, records, parent, think_ms=think_ms)
        # Each layer's slots, called by the timers and the engine thread.
        self._ai_timer.timeout.connect(self._play_ai_move)
        self._series_timer.timeout.connect(self._next_series_game)
        self._replay_timer.timeout.connect(self._replay_tick)
        client = self._engine
        client.move_chosen.connect(self._on_move_chosen)
        client.analysed.connect(self._on_analysed)
        client.progressed.connect(self.progress)
        client.search_info.connect(self._on_search_info)
        client.player_info.connect(self._on_player_info)
        client.busy_changed.connect(self._update_thinking)
        client.failed.connect(self._on_engine_failed)
        client.engine_lost.connect(self._on_engine_lost)
        client.engine_noted.connect(self.message)

    @Slot(int, int)
    def play_human(self, row: int, col: int) -> bool:
        """A person activated a cell; plays it if that is legal, else says why not. In a
        replay, the move starts a study from there (the replayed line kept beside it)."""
        move = Move(row, col)
        board = self.board
        if self._state is State.REPLAY and not board.is_over and board.is_legal(move):
            self._study_from_replay()
        reason = self._why_not_playable(move)
        if self._state is State.REPLAY and reason is None:
            reason = "This is a replay — start a New Game (Ctrl+N) to play."
        if reason is not None:
            self.message.emit(reason)
            return False
        before = self._session.moves
        self._undo_stack.push(MovesCommand(self, self._session.state, before, [board.index(move)]))
        return True

    def _why_not_playable(self, move: Move) -> str | None:
        """Why a person may not play ``move`` now, in words; None when they may."""
        spec = self._session.player_to_move
        if spec is None or spec.is_ai:
            return self._session.why_not_playable(0)  # the turn, whatever the cell
        board = self.board
        if not board.on_board(move):
            return f"There is no such cell on the {board.variant.name} board."
        return self._session.why_not_playable(board.index(move))

    def undo(self) -> None:
        if self._state is State.REPLAY:
            self.replay_step(-1)
            return
        if not self._undo_stack.canUndo():
            self.message.emit("Nothing to undo.")
            return
        if self._setup.mode is GameMode.AI_VS_AI:
            self.set_paused(True)
        self._undo_stack.undo()

    def redo(self) -> None:
        if self._state is State.REPLAY:
            self.replay_step(1)
            return
        if not self._undo_stack.canRedo():
            self.message.emit("Nothing to redo.")
            return
        if self._setup.mode is GameMode.AI_VS_AI:
            self.set_paused(True)
        self._undo_stack.redo()

    def can_resign(self) -> bool:
        """Whether a person at the board has a game in progress to give up."""
        return self._state is not State.REPLAY and self._session.offers_resignation()

    def resign(self) -> None:
        """The person to move gives up: the game ends as a loss for them."""
        if self._state is not State.PLAYING or self._session.is_over:
            self.message.emit("There is no game in progress to resign.")
            return
        if not self.is_human_turn():
            self.message.emit("Resign on your own turn.")
            return
        self._stop_everything()
        self._session.resign()
        self._position_changed()

    def shutdown(self) -> None:
        """Stop timers and the search in progress (the window then stops the engine thread)."""
        self._stop_everything()
