"""A table game's lines in the window: the widgets a table game is shown with, the undo
stack's step, every line of the game gone to and edited, and replays.

:class:`TableLines` is the layer of :class:`~tictactoe_gui.gui.table_controller.TableController`
that moves about the session's tree of lines
(:meth:`~tictactoe_gui.session.table.TableSession.lines`): a node of the tree chosen in the
move list is gone to with an undo history that plays its line, a tree edited in the move
list (a variation promoted, deleted or made the main line) becomes the game's, and a
recorded game is replayed with its lines.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from tictactoe_gui.engine.games import GameState
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.gui.moves_command import MovesCommand
from tictactoe_gui.gui.narrator import How, MovesChange
from tictactoe_gui.gui.table_boards import TableBoard
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.session.words import resigned_ending
from tictactoe_gui.storage.records import GameMode

if TYPE_CHECKING:
    from tictactoe_gui.gui.analysis_dock import AnalysisDock
    from tictactoe_gui.gui.controls import AutoplayBar, GameOverBanner, ReplayBar


@dataclass(frozen=True)
class TableWidgets:
    """The main window's widgets a table game uses (the window owns them all)."""

    board: TableBoard
    banner: GameOverBanner
    autoplay_bar: AutoplayBar
    replay_bar: ReplayBar
    analysis_dock: AnalysisDock
    #: Shows a line about the game beside the board (the status bar's turn label).
    show_status: Callable[[str], None]
    #: Shows the players' names and who is to move: (names, seats, mover or None).
    show_players: Callable[[tuple[str, str], tuple[str, str], int | None], None]
    #: Shows every line of the game, the board's position marked (the move list).
    show_lines: Callable[[TableSession], None]
    set_title: Callable[[str], None]
    #: Shows a passing message in the status bar (a greeting, say).
    show_message: Callable[[str], None]


class TableLines(QObject):
    """Moves about a table game's lines and replays a recorded game (the layer under
    :class:`~tictactoe_gui.gui.table_controller.TableController`, which sets up what is
    declared here and gives what is named under ``TYPE_CHECKING``)."""

    #: The moves on the board changed (a MovesChange: the moves before, and how).
    moves_changed = Signal(object)
    #: A recorded game's replay began: its players' names and when it was played.
    replay_begun = Signal(object, str)

    session: TableSession | None
    undo_stack: QUndoStack
    _widgets: TableWidgets
    _quiet: bool
    _replay_moves: list[int] | None
    #: The replayed game's recorded moves and the seat that gave it up after them.
    _replay_resigned: tuple[tuple[int, ...], int] | None
    _replay_index: int
    _replay_title: str
    _replay_timer: QTimer

    if TYPE_CHECKING:

        @property
        def replaying(self) -> bool: ...
        def set_paused(self, paused: bool) -> None: ...
        def _session(self) -> TableSession: ...
        def _set_moves(self, moves: tuple[int, ...]) -> None: ...
        def _play(self, move: int) -> None: ...
        def _refresh(self) -> None: ...
        def _reset(self, session: TableSession, *, saved: bool) -> None: ...
        def _show_coach(self) -> None: ...

    # -- the game's lines ----------------------------------------------------------------

    def lines(self) -> MoveTree:
        """Every line played in the game, its variations too (the session's)."""
        return self._session().lines()

    @property
    def line_node(self) -> int:
        """The node of :meth:`lines` on the board."""
        return self._session().line_node

    def go_to_node(self, node: int) -> None:
        """Go to ``node`` of :meth:`lines`: the board shows the position after its moves
        (the dock analyses it) and Redo plays its line on. A replay replays that line; a
        game goes on from there, and a move played there that differs from the line's next
        one becomes a variation beside it."""
        session = self._session()
        if not 0 <= node < len(session.lines()):
            return
        moves, after = session.moves_to(node), session.line_after(node)
        if self.replaying:
            self._replay_moves = [*moves, *after]
            self.replay_seek(len(moves))
            return
        if session.setup.mode is GameMode.AI_VS_AI:
            self.set_paused(True)
        self._restore(moves, after)

    def set_lines(self, lines: MoveTree, node: int) -> None:
        """``lines`` as the game's tree of moves (its variations promoted, deleted or made the
        main line), the board at its ``node``."""
        session = self._session()
        session.set_lines(lines, session.line_node)
        self.go_to_node(node)

    def _restore(self, moves: tuple[int, ...], undone: tuple[int, ...]) -> None:
        """An undo history that plays ``moves`` one by one with ``undone`` ready to redo,
        built quietly (nothing said); then the position after ``moves``. Against a computer
        player its replies are joined to the person's moves before them, as in play, so
        that one Undo takes both back."""
        stack = self.undo_stack
        stack.clear()
        session = self._session()
        before = session.moves
        self._quiet = True
        try:
            self._set_moves(())
            for number, move in enumerate((*moves, *undone)):
                last = stack.command(stack.count() - 1)
                against_ai = session.setup.mode is GameMode.HUMAN_VS_AI
                ai_moved = against_ai and session.seat(session.mover_of(number)).is_ai
                if number == 0 < len(moves) and ai_moved:
                    # A computer player's opening move against a person is no step, as in play.
                    self._set_moves((move,))
                elif (
                    number != len(moves)  # what is kept and what is undone stay apart
                    and ai_moved
                    and isinstance(last, MovesCommand)
                    and len(last.moves) == 1
                    and not session.seat(session.mover_of(last.start_ply)).is_ai
                ):
                    last.add_reply(move)
                    self._set_moves(last.after)
                else:
                    self._play(move)
            while len(session.moves) > len(moves):
                stack.undo()
        finally:
            self._quiet = False
        self.moves_changed.emit(MovesChange(before, How.WENT))
        self._refresh()

    def undone_moves(self) -> tuple[int, ...]:
        """The moves taken back that Redo would play again, in order."""
        stack = self.undo_stack
        after: list[int] = []
        for index in range(stack.index(), stack.count()):
            command = stack.command(index)
            assert isinstance(command, MovesCommand)
            after = list(command.after)
        session = self._session()
        return tuple(after[len(session.moves) :])

    def replay(
        self,
        start: GameState,
        moves: list[int],
        names: tuple[str, str],
        when: str,
        lines: MoveTree | None = None,
        resigned: int | None = None,
    ) -> None:
        """Show a recorded game at its start; the replay bar (and Undo, Redo) steps through it.
        ``lines``: its tree of moves where it has variations (choosing one replays it);
        ``resigned``: the seat that gave the game up after ``moves``, which its end says."""
        spec = start.spec
        setup = TableSetup(
            spec,
            GameMode.HUMAN_VS_HUMAN,
            (Seat.human(names[0]), Seat.human(names[1])),
            start=start,
            record=False,
        )
        session = TableSession(setup, 0, lines=lines)
        session.add_line(moves)
        self._reset(session, saved=True)
        w = self._widgets
        w.autoplay_bar.hide()
        self._replay_moves = list(moves)
        self._replay_resigned = None if resigned is None else (tuple(moves), resigned)
        self._show_coach()  # a replay now: analysed, not coached
        seats = spec.seats
        self._replay_title = f"{names[0]} ({seats[0]}) vs {names[1]} ({seats[1]}), {when}"
        w.replay_bar.set_playing(False)
        w.replay_bar.show()
        w.set_title(f"Replay: {self._replay_title} · {spec.name}")
        self.replay_begun.emit(names, when)
        self.replay_seek(0)

    # -- the replay ----------------------------------------------------------------------

    @property
    def replay_moves(self) -> tuple[int, ...] | None:
        """The whole recorded game while one is replayed (None otherwise)."""
        moves = self._replay_moves
        return None if moves is None else tuple(moves)

    def replay_seek(self, index: int) -> None:
        """Show the recorded game after ``index`` moves."""
        moves = self._replay_moves
        if moves is None:
            return
        index = max(0, min(len(moves), index))
        if index >= len(moves):
            self.set_replay_playing(False)
        self._replay_index = index
        word = self._session().spec.move_word.capitalize()
        self._widgets.replay_bar.show_position(index, len(moves), self._replay_title, unit=word)
        self._set_moves(tuple(moves[:index]))

    def replay_resigned(self) -> int | None:
        """Where a replay shows the recorded end of a game given up, the seat that gave it
        up; None anywhere else."""
        if self._replay_moves is None or self._replay_resigned is None:
            return None
        moves, loser = self._replay_resigned
        return loser if self._session().moves == moves else None

    def replay_given_up(self) -> int | None:
        """The seat that gave up the game replayed, wherever the replay stands (None: no
        replay, or nobody gave it up)."""
        if self._replay_moves is None or self._replay_resigned is None:
            return None
        return self._replay_resigned[1]

    def replay_ending(self) -> str | None:
        """Where a replay shows the recorded end of a game given up, who gave it up
        ("Ada (X) resigned; Cop (O) wins"); None anywhere else."""
        loser = self.replay_resigned()
        if loser is None:
            return None
        session = self._session()
        seats, winner = session.spec.seats, 1 - loser
        return resigned_ending(
            session.name_of(loser), seats[loser], session.name_of(winner), seats[winner]
        )

    def replay_step(self, delta: int) -> None:
        self.replay_seek(self._replay_index + delta)

    @property
    def replay_length(self) -> int:
        return len(self._replay_moves or ())

    @property
    def replay_playing(self) -> bool:
        """Whether the replay plays on by itself (its Play button)."""
        return self._replay_timer.isActive()

    def set_replay_interval(self, ms: int) -> None:
        """How long each move of a replay playing on shows."""
        self._replay_timer.setInterval(ms)

    def set_replay_playing(self, playing: bool) -> None:
        moves = self._replay_moves
        if playing and moves is not None and self._replay_index >= len(moves):
            self.replay_seek(0)  # Play from the end starts again from the beginning
        self._widgets.replay_bar.set_playing(playing)
        if playing:
            self._replay_timer.start()
        else:
            self._replay_timer.stop()

    def _study_from_replay(self) -> None:
        """The replay on the board made a study (its two players at the board, not
        recorded) at the same position with the same lines, so that a move played there is
        a variation beside the game: Undo steps back through the game, Redo plays it on."""
        moves, index = tuple(self._replay_moves or ()), self._replay_index
        session = self._session()
        self._leave_replay()
        self._restore(moves[:index], moves[index:])
        self._widgets.set_title(
            f"Study: {session.name_of(0)} vs {session.name_of(1)} · {session.spec.name}"
        )

    def _leave_replay(self) -> None:
        self._replay_timer.stop()
        self._replay_resigned = None
        if self._replay_moves is not None:
            self._replay_moves = None
            self._widgets.replay_bar.set_playing(False)
            self._widgets.replay_bar.hide()
