"""Says each change of a game aloud, in every game.

:class:`Narrator` listens to the window's game controller and turns what happened
into sentences for the window's :class:`~tictactoe_gui.gui.announcer.Announcer`, from the
game interface's values alone: the :class:`~tictactoe_gui.session.table.TableSession`
(names, whose turn, the headline, the reaction, each side's summary), moves as the
interface numbers them, and the board's words for a move
(:meth:`~tictactoe_gui.gui.table_boards.TableBoard.move_words`). What a controller tells
it: a game started (its session), the moves changed (:class:`MovesChange`: the moves
before, and how: played, taken back, gone elsewhere in the game's lines, a replay's
step), the game ended (the note on its recording), a comment, a greeting, a passing
message, a pause or a replay begun.

Every game is greeted, and its remarks and the coach's verdicts are said as they come
("Cop: “By the book.”"), a remark not twice. A move is said in one of two voices, chosen
by the position:

* a board of X and O where a mark goes on any free cell (k in a row) in names and cells:
  "You played X at b2.", on a big board the threats the move made, at the end the
  winning line;
* any other board in its own words ("Ann (X) drops in d, lands on d1. …", "Ann (A) takes
  b2, 5."), with the word on the move where it is judged already, then whose turn it is;
  a replay's step back or jump where it stands ("Move 4 of 9: …").
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from tictactoe_gui.gui.board_reading import new_threats, winning_line_words
from tictactoe_gui.storage.records import GameMode

if TYPE_CHECKING:
    from tictactoe_gui.engine import Board
    from tictactoe_gui.engine.games import GameState
    from tictactoe_gui.gui.announcer import Announcer
    from tictactoe_gui.gui.table_boards import TableBoard
    from tictactoe_gui.gui.table_controller import TableController
    from tictactoe_gui.session.table import TableSession


class How(enum.Enum):
    """How the moves on the board changed."""

    #: A move played (with the computer player's reply joined to it, two).
    PLAYED = "played"
    #: Moves taken back (Undo).
    TAKEN_BACK = "taken back"
    #: The board went elsewhere in the game's lines (a move chosen in the move list, a
    #: saved game's moves put back).
    WENT = "went"
    #: A replay's step, forward or back.
    REPLAY = "replay"


@dataclass(frozen=True, slots=True)
class MovesChange:
    """The moves on the board changed: from ``before`` to the session's moves now."""

    before: tuple[int, ...]
    how: How
    #: In a replay: how many moves the game replayed has, and its recorded end where the
    #: replay shows it (a resignation: "Ada (X) resigned; Cop (O) wins").
    replay_length: int = 0
    replay_ending: str | None = None
    #: The word on the move played, where it is judged already (the coach's, or a computer
    #: player's remark), said with it where a game is said in its board's words.
    remark: str | None = None


def says_names_and_cells(state: GameState) -> bool:
    """Whether a game is said in names and cells: a board of X and O where a mark goes on
    any free cell (k in a row), where a move is where it is put."""
    return state.marks_board() is not None and not state.spec.discs_fall


def _marks(state: GameState) -> Board:
    board = state.marks_board()
    assert board is not None, "said in names and cells: a board of marks"
    return board


class Narrator(QObject):
    """Says each change of the game on the board aloud: a controller's news in, sentences
    out (see the module's words)."""

    def __init__(self, announcer: Announcer) -> None:
        super().__init__(announcer)
        self._announcer = announcer
        self._board: TableBoard | None = None
        self._last_comment = ""
        #: Moves are being taken back (until the end of this turn of the event loop): the
        #: remark on them, which comes back with the position, is not said again.
        self._taking_back = False

    # -- the controllers -----------------------------------------------------------------

    def follow_table(self, table: TableController, board: TableBoard) -> None:
        """Say what the table controller tells, its moves in the words of ``board``."""
        self._board = board
        table.game_started.connect(lambda _setup: self.started(table.session))
        table.moves_changed.connect(lambda change: self.moves_changed(table.session, change))
        table.ended.connect(lambda note: self.ended(table.session, note))
        table.comment_changed.connect(self.comment)
        table.greeted.connect(self.greeted)
        table.message.connect(self.say)
        table.pause_toggled.connect(self.pause_toggled)
        table.replay_begun.connect(self.replay_begun)

    # -- what is said --------------------------------------------------------------------

    def say(self, text: str) -> None:
        """A passing word (a refusal, a hint, a recording's note), said as it is."""
        self._announcer.announce(text)

    def started(self, session: TableSession | None) -> None:
        if session is None:
            return
        self._last_comment = ""
        state = session.state
        if says_names_and_cells(state):
            seats = session.spec.seats
            self.say(
                f"New game: {session.name_of(0)} ({seats[0]}) against "
                f"{session.name_of(1)} ({seats[1]}). {self._marks_turn(session, state)}."
            )
            return
        setup = session.setup
        drawn = setup.start is None and setup.spec.draws_values
        number = f", board no. {session.seed}" if drawn else ""
        self.say(
            f"New game of {setup.spec.name}{number}: {self._players(session)}. "
            f"{self._turn_text(session, None)}"
        )

    def moves_changed(self, session: TableSession | None, change: MovesChange) -> None:
        if session is None:
            return
        moves, before = session.moves, change.before
        if says_names_and_cells(session.start):
            self._marks_moves(session, change)
        elif len(moves) == len(before) + 1 and moves[:-1] == before:
            self.say(self._move_words(session, change, len(before)))
        elif change.how is How.PLAYED and moves[: len(before)] == before:
            # A move and the reply joined to it, redone in one step: both.
            self.say(self._move_words(session, change, len(before)))
        elif change.how is How.REPLAY:
            self.say(self._replay_words_in_board_words(session, change))
        elif len(moves) < len(before) and before[: len(moves)] == moves:
            # Undo, or an earlier move chosen in the move list: the moves taken back.
            self._took_back(session, before, self._turn_text(session, change.replay_ending))

    def ended(self, session: TableSession | None, note: str) -> None:
        """The game on the board ended (said once for each ending: the controller tells
        it once), with ``note`` on its recording."""
        if session is None:
            return
        # The banner's words: the result, the computer players' reactions, how each side
        # played, the recording's note, and what can be done now.
        headline, reaction = session.headline(), session.reaction()
        summaries = [summary.describe() + "." for summary in session.summaries()]
        if not says_names_and_cells(session.state):
            # The winning move said its line already.
            parts = ["Game over.", headline, reaction, *summaries, note, "Play Again or New Game."]
            self._announcer.announce(" ".join(p for p in parts if p), assertive=True)
            return
        line = winning_line_words(_marks(session.state))
        parts = [headline, line, reaction, *summaries, note, "Play Again or New Game."]
        self.say(" ".join(p for p in parts if p))

    def comment(self, text: str) -> None:
        """The latest remark on the game (the dock's bubble), said as it comes."""
        spoken = self._announcer.spoken
        # A remark the last announcement already made ("Sera (X) against Cop (O).") is not
        # said twice; nor is the same remark again, nor an old one a take-back brings back.
        repeated = bool(spoken) and text.rstrip(".") in spoken[-1]
        if text and text != self._last_comment and not repeated and not self._taking_back:
            self.say(text)
        self._last_comment = text

    def greeted(self, text: str) -> None:
        """The players greeted with their records in the game."""
        self.say(text)

    def pause_toggled(self, paused: bool) -> None:
        self.say("Paused." if paused else "Resumed.")

    def replay_begun(self, names: tuple[str, str], when: str) -> None:
        self.say(
            f"Replaying {names[0]} against {names[1]}, {when}: the replay bar, or undo and "
            "redo, step through it."
        )

    # -- k in a row's words: names and cells -----------------------------------------------

    def _you_or_name(self, session: TableSession, seat: int) -> str:
        if session.setup.mode is GameMode.HUMAN_VS_AI and not session.seat(seat).is_ai:
            return "You"
        return session.name_of(seat)

    def _marks_turn(self, session: TableSession, state: GameState) -> str:
        board = _marks(state)
        if board.is_over:
            return f"Game over, {board.outcome}"
        seat = state.to_move
        assert seat is not None
        name = self._you_or_name(session, seat)
        return f"Your move ({board.to_move})" if name == "You" else f"{name} to move"

    def _marks_moves(self, session: TableSession, change: MovesChange) -> None:
        moves, before = session.moves, change.before
        board = _marks(session.state)
        if change.how is How.REPLAY:
            self.say(self._replay_words(session, change))
        elif (
            change.how is How.WENT
            and moves[: len(before)] == before
            and len(moves) > len(before) + 1
        ):
            # A saved game put back, or a move far down the list gone to: where the game
            # stands, its last move, not every move on the way (a long game's flood).
            self.say(f"At move {len(moves)}. {' '.join(self._played(session, len(moves) - 1))}")
        elif moves[: len(before)] == before and len(moves) > len(before):
            words = self._played(session, len(before))
            if not board.variant.is_tictactoe:
                # On a big board nobody sees a line forming: say what the move threatens.
                words.append(new_threats(board, board.move_at(moves[-1])))
            self.say(" ".join(words))
        elif before[: len(moves)] == moves and len(moves) < len(before):
            # Whose turn it is in the board's own words ("X to move"), which the board
            # then does not say again.
            state = f"Game over, {board.outcome}" if board.is_over else f"{board.to_move} to move"
            self._took_back(session, before, f"{state}.")

    def _played(self, session: TableSession, first: int) -> list[str]:
        words = []
        for ply in range(first, len(session.moves)):
            state = session.states[ply]
            board, move = _marks(state), session.moves[ply]
            assert state.to_move is not None
            name = self._you_or_name(session, state.to_move)
            words.append(f"{name} played {board.to_move} at {_cell(board, move)}.")
        return words

    def _replay_words(self, session: TableSession, change: MovesChange) -> str:
        total, moves = change.replay_length, session.moves
        if not moves:
            return f"Start of the replay, {total} move{'' if total == 1 else 's'}."
        board = _marks(session.state)
        mover = _marks(session.states[-2]).to_move
        text = f"Move {len(moves)} of {total}: {mover} at {_cell(board, moves[-1])}."
        if board.is_over:
            text += f" Game over, {board.outcome}. {winning_line_words(board)}"
        if change.replay_ending is not None:
            text += f" {change.replay_ending}."
        return text

    # -- every other game's words: the board's own ----------------------------------------

    def _players(self, session: TableSession) -> str:
        seats = session.spec.seats
        return f"{session.name_of(0)} ({seats[0]}) against {session.name_of(1)} ({seats[1]})"

    def _turn_text(self, session: TableSession, replay_ending: str | None) -> str:
        """Whose turn it is, or the end; in a replay at a recorded resignation, that; and
        what the board says beyond the turn (Row & Column's cells allowed)."""
        if session.state.to_move is None:
            return session.end_status()
        if replay_ending is not None:
            return f"{replay_ending}."
        board = self._board.status_text() if self._board is not None else ""
        return board or session.turn_words()

    def _replay_words_in_board_words(self, session: TableSession, change: MovesChange) -> str:
        """Where a replay stands after a step back or a jump: "Start of the replay, 9
        moves.", "Move 4 of 9: Bob (O) drops in d, lands on d2. Ann (X) to drop." (a step
        on is said as the move is)."""
        total, word = change.replay_length, session.spec.move_word
        if not session.moves:
            return f"Start of the replay, {total} {word}{'' if total == 1 else 's'}."
        where = f"{word.capitalize()} {len(session.moves)} of {total}"
        return f"{where}: {self._move_words(session, change, len(session.moves) - 1)}"

    def _move_words(self, session: TableSession, change: MovesChange, first: int) -> str:
        """The moves from number ``first`` (0: the first) on, each in the board's words
        with its player's name, then the word on the last where it is known, and whose
        turn it is."""
        parts = [self._one_move_words(session, ply) for ply in range(first, len(session.moves))]
        if change.remark:
            parts.append(change.remark.strip())
        if not session.is_over:
            parts.append(self._turn_text(session, change.replay_ending))
        return " ".join(parts)

    def _one_move_words(self, session: TableSession, ply: int) -> str:
        before, move = session.states[ply], session.moves[ply]
        text = self._board.move_words(before, move) if self._board is not None else ""
        mover = before.to_move
        seat = "" if mover is None else session.spec.seats[mover]
        if mover is not None and text.startswith(f"{seat} "):
            # The board says the seat ("O drops in d, …"); the name goes with it.
            text = f"{session.name_of(mover)} ({seat}){text[len(seat) :]}"
        return text

    def _took_back(self, session: TableSession, before: Sequence[int], turn: str) -> None:
        """Who played each move taken back ("Took back X d1 and O c1. X to move.")."""
        spec, state, named = session.spec, session.state, []
        for move in before[len(session.moves) :]:
            mover = state.to_move
            seat = "" if mover is None else f"{spec.seats[mover]} "
            named.append(f"{seat}{spec.format_move(move)}")
            state = state.play(move)
        self.say(f"Took back {' and '.join(named)}. {turn}".strip())
        self._taking_back = True
        QTimer.singleShot(0, self, self._took_back_done)

    def _took_back_done(self) -> None:
        self._taking_back = False


def _cell(board: Board, move: int) -> str:
    """``move`` (as the game interface numbers it) named in the app's notation: ``b2``."""
    return board.cell_name(board.move_at(move))
