"""Speaks what happens in a game to screen readers, through one object the window owns.

Everything the app says unprompted (every move, for both sides and in AI vs AI
games; the end of a game with the banner's words; hints, coach verdicts,
persona remarks and greetings) goes through :class:`Announcer`, so it is said
the same way everywhere and tests can listen to it.

An announcement travels two ways, because screen readers differ:

1. Qt's announcement event (:class:`QAccessibleAnnouncementEvent`, Qt 6.8 and
   later), posted on the widget with the keyboard focus, polite by default so
   it never interrupts. Screen readers that handle AT-SPI's announcement
   signal speak it without moving the focus.
2. The ``announced`` signal, which the window connects to the board's
   accessible description (its "news"). Orca 43, the version Debian 12 ships,
   ignores announcements but speaks the focused object's description whenever
   it changes, so a player on the board hears every move there too.

:class:`GameNarrator` turns the game controller's signals into sentences that
name cells in the app's one notation (``a1`` bottom left, ``b2`` the centre).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QApplication, QWidget

from tictactoe_gui.engine import Board, Mark, Move
from tictactoe_gui.gui.game_controller import GameController, GameOverInfo, GameSetup, State
from tictactoe_gui.storage.records import GameMode

Politeness = QAccessible.AnnouncementPoliteness


class Announcer(QObject):
    """Posts announcements for assistive technology and tells listeners what was said."""

    #: Every announcement, as said, and whether it may interrupt (assertive).
    announced = Signal(str, bool)

    def __init__(self, source: QWidget) -> None:
        super().__init__(source)
        self._source = source
        self._spoken: list[str] = []

    @property
    def spoken(self) -> tuple[str, ...]:
        """Everything announced so far, oldest first (for tests and diagnostics)."""
        return tuple(self._spoken)

    def announce(self, text: str, *, assertive: bool = False) -> None:
        text = " ".join(text.split())
        if not text:
            return
        self._spoken.append(text)
        del self._spoken[:-200]
        # From the focused widget when it is ours: screen readers speak what comes from
        # the window the user is in; otherwise from the window itself.
        focus = QApplication.focusWidget()
        source = focus if focus is not None and focus.window() is self._source.window() else None
        event = QAccessibleAnnouncementEvent(source or self._source, text)
        event.setPoliteness(Politeness.Assertive if assertive else Politeness.Polite)
        QAccessible.updateAccessibility(event)
        self.announced.emit(text, assertive)


class GameNarrator(QObject):
    """Says each change of the game aloud: the controller's signals in, sentences out."""

    def __init__(self, controller: GameController, announcer: Announcer) -> None:
        super().__init__(announcer)
        self._controller = controller
        self._announcer = announcer
        self._moves: tuple[Move, ...] = ()
        self._start: Board | None = None
        self._last_comment = ""
        self._last_ending: object = None
        controller.game_started.connect(self._on_game_started)
        controller.position_changed.connect(self._on_position_changed)
        controller.game_over.connect(self._on_game_over)
        controller.comment_changed.connect(self._on_comment)
        controller.message.connect(self._on_message)

    def _say(self, text: str) -> None:
        self._announcer.announce(text)

    def _name(self, mark: Mark) -> str:
        setup = self._controller.setup
        spec = setup.player(mark)
        if setup.mode is GameMode.HUMAN_VS_AI and not spec.is_ai:
            return "You"
        return str(spec.display_name)

    def _on_game_started(self, setup: GameSetup) -> None:
        x, o = setup.x.display_name, setup.o.display_name
        start = setup.start
        self._moves = ()
        self._start = start
        self._last_comment = ""
        self._last_ending = None
        self._say(f"New game: {x} (X) against {o} (O). {self._turn(start)}.")

    def _turn(self, board: Board) -> str:
        if board.is_over:
            return f"Game over, {board.outcome}"
        name = self._name(board.to_move)
        return f"Your move ({board.to_move})" if name == "You" else f"{name} to move"

    def _on_position_changed(self, board: Board, last_move: Move | None) -> None:
        moves = tuple(self._controller.moves)
        start = self._controller.start
        previous, self._moves = self._moves, moves
        if start != self._start:
            self._start = start
            previous = ()
        if self._controller.state is State.REPLAY:
            self._say(self._replay_words(board, moves))
            return
        if moves[: len(previous)] == previous and len(moves) > len(previous):
            self._say(" ".join(self._played(start, moves, len(previous))))
        elif previous[: len(moves)] == moves and len(moves) < len(previous):
            taken = self._played(start, previous, len(moves), taken_back=True)
            self._say(f"Took back {' and '.join(taken)}. {self._turn(board)}.")

    def _played(
        self, start: Board, moves: Sequence[Move], first: int, *, taken_back: bool = False
    ) -> list[str]:
        board = start.play_all(tuple(moves[:first]))
        words = []
        for move in moves[first:]:
            mark = board.to_move
            if taken_back:
                words.append(f"{mark} {board.cell_name(move)}")
            else:
                words.append(f"{self._name(mark)} played {mark} at {board.cell_name(move)}.")
            board = board.play(move)
        return words

    def _replay_words(self, board: Board, moves: tuple[Move, ...]) -> str:
        total = self._controller.replay_length
        if not moves:
            return f"Start of the replay, {total} move{'' if total == 1 else 's'}."
        mover = board.mark_at(board.index(moves[-1]))
        text = f"Move {len(moves)} of {total}: {mover} at {board.cell_name(moves[-1])}."
        if board.is_over:
            text += f" Game over, {board.outcome}."
        return text

    def _on_game_over(self, info: GameOverInfo | None) -> None:
        if info is None:
            self._last_ending = None
            return
        if info.record is self._last_ending:
            return  # the same ending again (a save retried): its news is in the message
        self._last_ending = info.record
        parts = [info.headline, info.reaction]
        parts += [summary.describe() + "." for summary in info.summaries]
        if info.save_note:
            parts.append(info.save_note)
        parts.append("Play Again or New Game.")
        self._say(" ".join(p for p in parts if p))

    def _on_comment(self, text: str) -> None:
        spoken = self._announcer.spoken
        # A remark the last announcement already made ("Sera (X) against Cop (O).") is not
        # said twice; nor is the same remark again.
        repeated = bool(spoken) and text.rstrip(".") in spoken[-1]
        if text and text != self._last_comment and not repeated:
            self._say(text)
        self._last_comment = text

    def _on_message(self, text: str) -> None:
        self._say(text)
