"""Two computer players at the table: pause, resume, one step, the pace, and a series.

The layer of :class:`~tictactoe_gui.gui.table_controller.TableController` that paces an
AI vs AI game of any registered game and plays the games of its series one after another
(:attr:`~tictactoe_gui.session.table.TableSetup.games`), each with its own seed drawn
from the series' one as ``match`` draws them (:func:`~tictactoe_gui.session.series.game_seed`),
counted by seat in one :class:`~tictactoe_gui.session.series.Tally` that the AI vs AI bar
shows. Each game of a series is recorded as it ends.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal

from tictactoe_gui.gui.table_lines import TableLines
from tictactoe_gui.session.series import Tally, game_seed
from tictactoe_gui.storage.records import GameMode

if TYPE_CHECKING:
    from tictactoe_gui.engine.games import GameState
    from tictactoe_gui.engine.move_tree import MoveTree
    from tictactoe_gui.gui.engine_worker import GameMove
    from tictactoe_gui.session.table import TableSession, TableSetup

#: Seeds of drawn boards (Row & Column's numbers) come from this range.
MAX_SEED = 2**31 - 1


class TableAutoplay(TableLines):
    """Paces two computer players and plays a series' games one after another."""

    #: The series' tally changed (a game of it ended, or a series began): the Tally.
    tally_changed = Signal(object)
    #: Paused or resumed by the person (Ctrl+P, the bar): whether it is paused now.
    pause_toggled = Signal(bool)

    _paused: bool
    _step_once: bool
    _delay_ms: int
    _think_ms: int
    _pending: GameMove | None
    _play_when_analysed: bool
    _think: QTimer
    _tally: Tally
    _series_left: int
    _series_timer: QTimer
    #: Whether the game on the board has been counted in the series' tally.
    _counted: bool

    if TYPE_CHECKING:

        def _apply_pending(self) -> None: ...
        def _show_turn(self) -> None: ...
        def _start_game(
            self,
            setup: TableSetup,
            seed: int,
            *,
            paused: bool = False,
            lines: MoveTree | None = None,
        ) -> None: ...
        @property
        def state(self) -> GameState: ...

    def _init_series(self) -> None:
        self._tally = Tally()
        self._series_left = 1
        self._counted = False
        self._series_timer = QTimer(self)
        self._series_timer.setSingleShot(True)
        self._series_timer.timeout.connect(self._next_series_game)

    # -- the series ----------------------------------------------------------------------

    @property
    def tally(self) -> Tally:
        """The series' results so far (a copy)."""
        return self._tally.copy()

    @property
    def series_games(self) -> int:
        """How many games the series plays (1: a single game)."""
        return 1 if self.session is None else self.session.setup.games

    @property
    def series_left(self) -> int:
        """The games of the series not yet finished, the one on the board included."""
        return self._series_left

    def _begin_series(self, setup: TableSetup, tally: Tally | None = None) -> None:
        """A series of ``setup.games`` starts afresh (or goes on after ``tally``'s games)."""
        self._series_timer.stop()
        self._tally = Tally() if tally is None else tally.copy()
        self._series_left = max(1, setup.games - self._tally.games)

    def _series_seed(self, setup: TableSetup) -> int:
        """The seed of the series' next game: the one asked for in a single game, else each
        game's own drawn from the series' seed (a fresh one where none was fixed)."""
        if setup.games > 1 and setup.seed is not None:
            return game_seed(setup.seed, self._tally.games)
        if setup.seed is not None:
            return setup.seed
        return random.randrange(MAX_SEED)

    def _count_ended_game(self, session: TableSession) -> None:
        """The game on the board has ended: counted once in a series of two computer
        players, and the next game started after a pause unless the series is paused."""
        if self._counted or session.setup.mode is not GameMode.AI_VS_AI:
            return
        self._counted = True
        self._tally.count(session.winner, session.state.scores)
        self._series_left -= 1
        self.tally_changed.emit(self._tally.copy())
        if self._series_left > 0 and not self._paused:
            self._series_timer.start(max(self._delay_ms * 2, 0))

    def _next_series_game(self) -> None:
        session = self.session
        if session is None or self._series_left <= 0 or not session.is_over:
            return
        setup = session.setup
        # Step starts it paused, as the game before was: it waits for Resume or Step.
        self._start_game(setup, self._series_seed(setup), paused=self._paused)
        self.tally_changed.emit(self._tally.copy())

    # -- pacing --------------------------------------------------------------------------

    def _held(self) -> bool:
        """Whether computer moves wait: an AI vs AI game paused (and not stepping)."""
        session = self._session()
        return session.setup.mode is GameMode.AI_VS_AI and self._paused and not self._step_once

    def set_paused(self, paused: bool) -> None:
        """Pause or resume two computer players (a person's game is never paused); between
        two games of a series, Resume starts the next one."""
        self._paused = paused
        self._widgets.autoplay_bar.set_paused(paused)
        if paused:
            self._think.stop()
            self._series_timer.stop()
            self._play_when_analysed = False
        elif self._pending is not None:
            self._think.start(self._delay())
        elif self.between_games():
            self._series_timer.start(self._delay_ms)
        if self.session is not None and self.session.ai_to_move():
            self._show_turn()

    def between_games(self) -> bool:
        """Whether a series' game has ended with more of the series to play."""
        session = self.session
        return (
            session is not None
            and session.setup.mode is GameMode.AI_VS_AI
            and session.is_over
            and not self.replaying
            and self._series_left > 0
        )

    def toggle_pause(self) -> None:
        session = self._session()
        if session.setup.mode is GameMode.AI_VS_AI and (
            not session.is_over or self.between_games()
        ):
            self.set_paused(not self._paused)
            self.pause_toggled.emit(self._paused)

    def step(self) -> None:
        """One move now, then paused; between two games of a series, the next game."""
        session = self._session()
        if session.setup.mode is not GameMode.AI_VS_AI:
            return
        if self.between_games():
            self.set_paused(True)
            self._next_series_game()
            return
        if session.is_over:
            return
        self.set_paused(True)
        if self._pending is not None:
            self._apply_pending()
        else:
            self._step_once = True

    def set_move_delay(self, delay_ms: int) -> None:
        self._delay_ms = delay_ms

    @property
    def move_delay_ms(self) -> int:
        """Between two computer players, the pause before each move shows."""
        return self._delay_ms

    def _delay(self) -> int:
        if self._session().setup.mode is GameMode.AI_VS_AI:
            return self._delay_ms
        return self._think_ms
