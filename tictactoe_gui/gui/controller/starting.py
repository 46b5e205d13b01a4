"""Starting games: a new game, a restart, a saved game played on."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

from tictactoe_gui.engine import Move
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.gui.controller.core import ControllerCore
from tictactoe_gui.gui.controller.state import State
from tictactoe_gui.gui.moves_command import MovesCommand
from tictactoe_gui.session import GameSetup, PlayerSpec, Tally, game_seed
from tictactoe_gui.storage.records import GameMode, WinLossDraw


class GameStarts(ControllerCore):
    """Starts games: their seed, the players' names as recorded, the greeting, and a
    saved game's undo history rebuilt as playing it would have built it."""

    def new_game(self, setup: GameSetup, *, paused: bool = False) -> None:
        """Start ``setup`` from its start position; a series starts its tally afresh.

        ``paused`` starts an AI vs AI game idle: nothing moves until a person
        resumes it (a relaunched window never plays games nobody asked for).
        """
        self._tally = Tally()
        self._series_left = max(1, setup.games)
        self.tally_changed.emit(self._tally)
        self._begin(setup, paused=paused and setup.mode is GameMode.AI_VS_AI)

    def continue_series(self, setup: GameSetup, tally: Tally) -> None:
        """The next game of a series whose games so far ``tally`` counts (one kept when the
        app closed between two of its games), paused: nothing moves until a person resumes
        it."""
        self._tally = tally.copy()
        self._series_left = max(1, setup.games - tally.games)
        self.tally_changed.emit(self._tally)
        self._begin(setup, paused=setup.mode is GameMode.AI_VS_AI)

    def restart(self) -> None:
        """The same players again, from the same start (a new seed unless one was fixed)."""
        if self._state is State.REPLAY:
            self.message.emit("This is a replay — start a New Game (Ctrl+N) to play.")
            return
        self.new_game(self._setup)

    def play_again(self) -> None:
        self.restart()

    def resume(
        self,
        setup: GameSetup,
        moves: Sequence[Move],
        undone: Sequence[Move] = (),
        *,
        seed: int | None = None,
        hints: tuple[int, int] = (0, 0),
        started_at: datetime | None = None,
        lines: MoveTree | None = None,
        tally: Tally | None = None,
    ) -> None:
        """Play on a saved game: its players, its moves, and an undo history that takes them
        back as they were played (against an AI, each of the person's moves with its reply),
        with ``undone`` ready to redo; ``lines``, the game's tree of moves where it has
        variations; ``tally``, the score of the series it belongs to so far (this game one
        of ``setup.games``). An AI vs AI game waits, paused. Raises IllegalMoveError
        (changing nothing) for moves that cannot be played."""
        setup.start.play_all((*moves, *undone))
        if setup.start.play_all(moves).is_over:
            raise ValueError("cannot play on a finished game")
        self._tally = Tally() if tally is None else tally.copy()
        self._series_left = max(1, setup.games - self._tally.games)
        self.tally_changed.emit(self._tally)
        self._begin(
            setup,
            paused=setup.mode is GameMode.AI_VS_AI,
            seed=seed,
            started_at=started_at,
            history=(tuple(moves), tuple(undone)),
            lines=lines,
        )
        self._session.hints = {0: hints[0], 1: hints[1]}

    def _begin(
        self,
        setup: GameSetup,
        *,
        paused: bool = False,
        seed: int | None = None,
        started_at: datetime | None = None,
        history: tuple[tuple[Move, ...], tuple[Move, ...]] = ((), ()),
        lines: MoveTree | None = None,
    ) -> None:
        self._stop_everything()
        if setup.start.is_over:
            raise ValueError(f"cannot start from a finished position ({setup.start.outcome})")
        setup = self._spelled_as_recorded(setup)
        # Each game of a seeded series gets its own seed, drawn from the series seed the
        # same way the command line's match does, so game N can be replayed alone.
        if seed is not None:
            pass  # a saved game goes on with its own
        elif setup.seed is None:
            seed = random.randrange(2**32)
        else:
            seed = game_seed(setup.seed, self._tally.games)
        self._open(setup, seed, started_at or datetime.now(UTC), lines)
        self._state = State.PLAYING
        self._commented = None
        self._over_info = None
        self._paused = paused
        self._replay_moves = []
        self._replay_resigned = None
        self._last_command = None
        self._undo_stack.clear()
        self.paused_changed.emit(paused)
        self.game_over.emit(None)
        self.game_started.emit(setup)
        self._show_card()
        self._greet()
        self._restore_history(*history)

    def _restore_history(self, moves: tuple[Move, ...], undone: tuple[Move, ...]) -> None:
        """The undo stack of a game whose ``moves`` were played and ``undone`` taken back,
        built as playing them would have built it; then the position after ``moves``."""
        line = (*moves, *undone)
        if line:
            # The line is in the tree, the moves to redo too; the commands name their moves
            # from the session's positions.
            indices = self._indices(line)
            session = self._session
            session.set_moves(indices)
            commands: list[MovesCommand] = []
            against_ai = self._setup.mode is GameMode.HUMAN_VS_AI
            for ply in range(len(line)):
                mover = self._setup.player(self.board_at(ply).to_move)
                if not (against_ai and mover.is_ai):
                    commands.append(
                        MovesCommand(self, session.position_at(ply), indices[:ply], [indices[ply]])
                    )
                elif commands and commands[-1].end_ply == ply:
                    # One undo takes back a move and its reply.
                    commands[-1].add_reply(indices[ply])
                # else an AI's move before any person's: not taken back, as in play
            self._restoring = True
            try:
                for command in commands:
                    self._undo_stack.push(command)
                self._undo_stack.setIndex(
                    sum(1 for command in commands if command.end_ply <= len(moves))
                )
            finally:
                self._restoring = False
            done = [command for command in commands if command.end_ply <= len(moves)]
            if done and done[-1].end_ply == len(moves):
                self._last_command = done[-1]  # the AI's reply joins the person's move
        self._set_moves(list(moves))

    def _spelled_as_recorded(self, setup: GameSetup) -> GameSetup:
        """``setup`` with each person's name as the records first spelled it ("alice" typed,
        "Alice" shown), so the window and the records never disagree."""
        if not setup.recorded:
            return setup

        def spelled(spec: PlayerSpec) -> PlayerSpec:
            if spec.is_ai:
                return spec
            try:
                stored = self._records.stored_name(spec.name)
            except Exception:  # the game goes on with the name as typed
                return spec
            return spec if stored is None else replace(spec, name=stored)

        return replace(setup, x=spelled(setup.x), o=spelled(setup.o))

    def _greet(self) -> None:
        def record_of(name: str) -> WinLossDraw | None:
            try:
                return self._records.record_of(name, self._setup.variant.id)
            except Exception as error:  # the game goes on without the greeting
                self.message.emit(f"Could not read the records: {error}")
                return None

        lines = (
            self._session.greetings(record_of, self._session.spec.name)
            if self._setup.recorded
            else []
        )
        self.comment_changed.emit(self._session.opening_line())
        if lines:
            self.message.emit("   ".join(lines))
