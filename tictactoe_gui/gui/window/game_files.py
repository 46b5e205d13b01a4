"""The main window's game files: save and open a game, keep the game in progress, copy and paste.

Games of every kind are saved and read by :mod:`tictactoe_gui.session.table_file`; the
text of a k-in-a-row position or move list, copied and pasted, is read here."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QGuiApplication

from tictactoe_gui.engine import Board
from tictactoe_gui.gui.window.base import (
    GAME_IN_PROGRESS_KEY,
    WindowBase,
    later,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QFileDialog, QWidget

    from tictactoe_gui.engine import Move
    from tictactoe_gui.engine.variants import Variant
    from tictactoe_gui.session.table_file import SavedTableGame

#: The file dialogs' filters: the app's saved games, and Piskvork's five-in-a-row games.
SAVED_GAMES = "Saved games (*.json)"
PSQ_GAMES = "Piskvork games (*.psq)"
#: The folder of the last game saved or opened, where Save Game and Open Game start.
GAMES_FOLDER_KEY = "files/gamesFolder"
#: What a paste says once the pasted position is on the board.
PASTED = "Studying the pasted position; play moves for either side."
#: Pasted text longer than this is not a position (a 20×20 game is a few kilobytes).
MAX_PASTED: Final = 1_000_000


class PasteError(ValueError):
    """Text that holds no position or move list; the message says why, in one line."""


def moves_text(start: Board, moves: Sequence[Move]) -> str:
    """``"b2, a1, c3"``: moves in the cell notation, as the command line's ``--moves`` takes."""
    return ", ".join(start.cell_name(move) for move in moves)


def parse_pasted(text: str, variant: Variant) -> tuple[Board, tuple[Move, ...]]:
    """A pasted position or move list of k in a row's ``variant``: (start, moves).

    A move list (``"b2, a1"``, from the empty board) gives the empty board and its moves; a
    position gives that position and no moves. Raises :class:`PasteError` with a one-line
    reason when it is neither.
    """
    from tictactoe_gui.engine import BoardError, IllegalMoveError, Move
    from tictactoe_gui.engine.notation import NotationError, parse_move_list

    text = text.strip()
    if not text:
        raise PasteError("the clipboard holds no text")
    if len(text) > MAX_PASTED:
        raise PasteError("the clipboard holds too much text to be a position")
    empty = Board.empty(variant)
    looks_like_moves = "," in text or (text[0].isalpha() and text[0].upper() not in "XO.")
    if looks_like_moves:
        try:
            cells = parse_move_list(text, variant.rows, variant.cols)
            moves = tuple(Move(row, col) for row, col in cells)
            empty.play_all(moves)
        except (NotationError, IllegalMoveError) as error:
            raise PasteError(f"not a move list of {variant.name}: {error}") from None
        return empty, moves
    try:
        return Board.from_text(text, variant), ()
    except BoardError as error:
        raise PasteError(f"not a position of {variant.name}: {error}") from None


class GameFilesPart(WindowBase):
    """Saving, opening and resuming games; copying and pasting positions and moves."""

    def _clipboard_text(self, text: str, what: str) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(text)
        self.show_message(f"Copied {what}: {text if len(text) <= 60 else text[:57] + '…'}")

    @Slot()
    def copy_position(self) -> None:
        if self.table_active:
            self._clipboard_text(self.table.state.position_text(), "the position")
            return
        board = self.board_view.board
        self._clipboard_text(board.to_text(), "the position")

    @Slot()
    def copy_moves(self) -> None:
        if self.table_active:
            session = self.table.session
            if session is None or not session.moves:
                self.show_message("No moves to copy yet.")
                return
            self._clipboard_text(self.table.moves_text(), "the moves")
            return
        controller = self.controller
        if not controller.moves:
            self.show_message("No moves to copy yet.")
            return
        start = controller.start
        text = moves_text(start, controller.moves)
        if start.ply:
            # Moves from a set-up position need the position with them.
            text = f"{start.to_text()} then {text}"
        self._clipboard_text(text, "the moves")

    def paste_position(self, text: str | None = None) -> bool:
        """Study the position or move list on the clipboard (or ``text``) on this game's board:
        people at the board, the coach watching, nothing recorded. Bad text is one line in
        the status bar and changes nothing."""
        study = self.pasted_study(text)
        if study is None:
            return False
        study()
        return True

    def pasted_study(self, text: str | None = None) -> Callable[[], None] | None:
        """What pasting the clipboard (or ``text``) starts, read but not yet started; None,
        said on one line, when it holds nothing this game's board can show."""
        if text is None:
            clipboard = QGuiApplication.clipboard()
            text = clipboard.text() if clipboard is not None else ""
        if self.table_active:
            return self._pasted_table_game(text)
        variant = self.controller.board.variant
        try:
            start, moves = parse_pasted(text, variant)
        except PasteError as error:
            self.show_message(f"Nothing pasted: {error}.")
            return None
        return lambda: self._study(start, moves, PASTED)

    def _pasted_table_game(self, text: str) -> Callable[[], None] | None:
        """A position ("… then" moves) or a move list of the table game on the board."""
        from tictactoe_gui.untrusted import shown

        table = self.table
        spec = table.state.spec
        text = text.strip()
        position, _then, moves_text = text.partition(" then ")
        try:
            try:
                start = spec.from_position_text(position)
            except ValueError:
                if moves_text:
                    raise
                start, moves_text = table.state.start, text  # a move list from the start
            moves = start.read_moves(moves_text) if moves_text.strip() else ()
        except ValueError as error:
            self.show_message(f"Nothing pasted: {shown(str(error))}.")
            return None

        def study() -> None:
            self.study_table_game(start, moves)
            self.show_message(PASTED)

        return study

    def _study(self, start: Board, moves: Sequence[Move], message: str) -> None:
        setup = later.GameSetup(
            later.GameMode.HUMAN_VS_HUMAN,
            later.PlayerSpec.human("Player 1"),
            later.PlayerSpec.human("Player 2"),
            start,
            record=False,
        )
        self.leave_table_mode()
        self.controller.new_game(setup)
        for move in moves:
            self.controller.play_human(move.row, move.col)
        self.show_message(message)

    def saved_game(self) -> SavedTableGame:
        """The k-in-a-row game on the board as a file holds it: a game in progress with its
        players and the moves taken back, a replay as the whole game replayed."""
        from tictactoe_gui.session import table_file

        controller = self.controller
        setup = controller.setup
        start = controller.start
        if controller.state is later.State.REPLAY:
            line = tuple(start.index(move) for move in controller.replay_moves)
            spec = later.find_game(start.variant.id)
            state = spec.from_position_text(start.to_text())
            outcome = start.play_all(controller.replay_moves).outcome
            names = (setup.x.display_name, setup.o.display_name)
            from tictactoe_gui.session.words import resigned_ending

            loser = controller.replayed_resignation  # kept, so it opens ending as it did
            result = None if outcome is None else str(outcome)
            if loser is not None:
                seat = 0 if loser is later.Mark.X else 1
                result = resigned_ending(names[seat], str(loser), names[1 - seat], str(loser.other))
            return table_file.SavedTableGame(
                table_file.replay_setup(spec, state, names),
                line,
                (),
                controller.game_seed,
                controller.lines,
                resigned=None if loser is None else (0 if loser is later.Mark.X else 1),
                result=result,
                players_known=False,
            )
        return table_file.saved_game(
            controller.session,
            tuple(start.index(move) for move in controller.undone_moves()),
            setup=setup.table_setup(),
            tally=controller.tally,
        )

    @Slot()
    def show_lines(self) -> QWidget:
        """The move list, shown and ready for the keys: its tree holds every line played
        (see :mod:`tictactoe_gui.gui.move_list`)."""
        dock = self.moves_dock
        dock.show()
        dock.raise_()
        dock.table.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return dock.table

    def save_game_to(self, path: Path) -> bool:
        from tictactoe_gui.session import table_file

        psq = path.suffix.lower() == ".psq"
        if self.table_active:
            session = self.table.session
            assert session is not None
            if psq:
                self.show_notice("Save Game", f"{session.spec.name} is not saved as a .psq file.")
                return False
            game = table_file.saved_game(session, self.table.undone_moves(), tally=self.table.tally)
            lines = session.lines()
        else:
            game = self.saved_game()
            lines = self.controller.lines
        try:
            if psq:
                table_file.save_psq(path, game)
            else:
                table_file.save_game(path, game)
        except OSError as error:
            self.show_notice("Save Game", f"Could not save {path.name}: {error.strerror or error}.")
            return False
        except table_file.TableFileError as error:
            self.show_notice("Save Game", f"Could not save {path.name}: {error}.")
            return False
        others = sum(1 for node in range(len(lines)) if not lines.children(node)) - 1
        if psq and others > 0:
            self.show_message(
                f"Saved the line on the board to {path.name}; a .psq file holds one line, so "
                f"the game's {others} other line{'s' if others > 1 else ''} "
                f"{'are' if others > 1 else 'is'} left out (a saved game, .json, keeps them)."
            )
        else:
            self.show_message(f"Saved the game to {path.name}.")
        return True

    def open_game_file(self, path: Path) -> bool:
        """Open the game saved in ``path``: an unfinished game to play on, a finished one
        (or one saved before games could be played on) to replay. A file that holds no
        game: one line, nothing lost."""
        from tictactoe_gui.session import table_file

        try:
            game = table_file.load(path)
        except table_file.TableFileError as error:
            self.show_notice("Open Game", f"Could not open it: {error}.")
            return False
        if not game.spec.k_in_a_row_board:
            return self._open_table_game(game, path)
        return self._open_k_in_a_row_game(game, path)

    def _open_k_in_a_row_game(self, game: SavedTableGame, path: Path) -> bool:
        if game.playable and not game.has_engine:
            self.resume_game(game)
            self.show_message(f"Opened {path.name}: play on where it stopped.")
            return True
        start = game.start.marks_board()
        assert start is not None
        x, o = game.names
        # A game given up ends where it was given up, whatever was taken back before.
        given_up = None if game.resigned is None or game.undone else game.resigned
        self.start_replay(
            f"{x} vs {o} ({path.name})",
            start,
            [start.move_at(move) for move in (*game.moves, *game.undone)],
            (x, o),
            game.lines(),
            None if given_up is None else (later.Mark.X, later.Mark.O)[given_up],
        )
        self.controller.replay_seek(len(game.moves))
        if game.playable:
            # A file never starts a program: the command in it could be anything.
            self.show_message(
                f"Opened {path.name} as a replay: an external engine plays in it, and a "
                "saved game never starts a program. New Game can set that engine up again."
            )
        return True

    def _open_table_game(self, game: SavedTableGame, path: Path) -> bool:
        """A saved Connect Four or Row & Column game: played on where it stopped, or (a
        finished one) replayed."""
        if game.finished or not game.players_known:
            self.replay_table_game(
                game.start,
                [*game.moves, *game.undone],
                game.names,
                path.name,
                game.tree,
                # A game given up ends where it was given up, whatever was taken back before.
                game.resigned if not game.undone else None,
            )
            self.table.replay_seek(len(game.moves))
            self.show_message(f"Opened {path.name} as a replay: the game is over.")
            return True
        self.play_on_table_game(game)
        self.show_message(f"Opened {path.name}: play on where it stopped.")
        return True

    def play_on_table_game(self, game: SavedTableGame, *, paused: bool = False) -> None:
        """Play on a saved table game (unfinished, its players known) as it stood: its moves,
        those taken back, its lines and seed, the hints each side asked for and when it
        began, which its record says (``paused``: two computer players wait)."""
        table = self.resume_table_game(
            game.setup,
            game.moves,
            game.undone,
            game.seed,
            game.tree,
            paused=paused,
            tally=game.tally,
        )
        session = table.session
        assert session is not None
        session.hints = {0: game.hints[0], 1: game.hints[1]}
        session.started_at = game.started_at() or session.started_at

    def resume_game(self, game: SavedTableGame) -> None:
        """Play on the k-in-a-row ``game`` (unfinished, its players known) as it stood when
        saved: its hints, seed, start time, series' score, moves taken back and lines."""
        start = game.start.marks_board()
        assert start is not None
        self.back_to_game()
        self.leave_table_mode()
        self.controller.resume(
            later.GameSetup.from_table_setup(game.setup),
            [start.move_at(move) for move in game.moves],
            [start.move_at(move) for move in game.undone],
            seed=game.seed,
            hints=game.hints,
            started_at=game.started_at(),
            lines=game.lines(),
            tally=game.tally,
        )

    def _resume_game_in_progress(self) -> tuple[bool, str]:
        """Play on the game left unfinished when the app last closed, if there is one (and
        no other game was asked for), saying so and how to start another. Returns whether
        it did, and what went wrong if anything did (a damaged file is kept aside)."""
        path = self._game_in_progress
        if path is None or not path.exists():
            return False, ""
        from tictactoe_gui.session import table_file

        try:
            game = table_file.load(path)
            asked = self._opening_game
            board = game.start.marks_board()
            if not game.spec.k_in_a_row_board or not game.worth_resuming:
                return False, ""
            if board is None or asked not in (None, board.variant):
                return False, ""
            if game.series_goes_on:
                return self._go_on_with_k_in_a_row_series(game), ""
            self.resume_game(game)
        except ValueError as error:  # TableFileError, or moves the rules refuse
            aside = path.with_name(f"{path.name}.damaged")
            with contextlib.suppress(OSError):
                path.replace(aside)
            return False, f"The game in progress could not be resumed: {error}."
        self.show_message("Resumed the game you were playing — New Game (Ctrl+N) starts another.")
        return True, ""

    def _go_on_with_k_in_a_row_series(self, game: SavedTableGame) -> bool:
        """The next game of a k-in-a-row series left between two of its games, paused,
        with the score so far."""
        from tictactoe_gui.session.words import series_resumed

        tally = game.tally
        assert tally is not None
        self.back_to_game()
        self.leave_table_mode()
        self.controller.continue_series(later.GameSetup.from_table_setup(game.setup), tally)
        self.show_message(series_resumed(tally.games + 1, game.setup.games))
        return True

    @Slot(object)  # game_over: an undo that reopens a finished game
    @Slot(object, object)  # position_changed
    def _keep_game_in_progress(self, *_: object) -> None:
        """Keep the game on the board in its file after every move (written whole, then
        renamed into place); a finished game, a replay or a game with no move yet leaves
        nothing to resume."""
        from tictactoe_gui.session import table_file

        controller = self.controller
        path = self._game_in_progress
        if path is None or self._closed:
            return
        unfinished = controller.state is later.State.PLAYING and not controller.session.is_over
        try:
            # Under way: a move played or taken back, or a series' next game on its empty
            # board; or a series between two of its games.
            started = controller.moves or controller.undone_moves() or controller.tally.games
            if (unfinished and started) or controller.between_games():
                path.parent.mkdir(parents=True, exist_ok=True)
                table_file.save_game(path, self.saved_game())
                # So that the next start's first frame is already the right board.
                self._settings.setValue(GAME_IN_PROGRESS_KEY, controller.board.variant.id)
            else:
                path.unlink(missing_ok=True)
                self._settings.remove(GAME_IN_PROGRESS_KEY)
        except OSError as error:
            if not self._keep_failed:
                self._keep_failed = True
                self.show_message(
                    f"The game in progress cannot be kept for next time: {error.strerror or error}."
                )

    @Slot()
    def show_save_game_dialog(self) -> QFileDialog:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, "Save Game", self._games_folder(), f"{SAVED_GAMES};;{PSQ_GAMES}")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("json")
        dialog.filterSelected.connect(
            lambda chosen: dialog.setDefaultSuffix("psq" if chosen == PSQ_GAMES else "json")
        )
        game = self.table.state.spec.id if self.table_active else self.controller.board.variant.id
        dialog.selectFile(f"{game}-game.json")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(self._remember_games_folder)
        dialog.fileSelected.connect(lambda name: self.save_game_to(Path(name)))
        dialog.open()
        return dialog

    @Slot()
    def show_open_game_dialog(self) -> QFileDialog:
        from PySide6.QtWidgets import QFileDialog

        filters = f"Games (*.json *.psq);;{SAVED_GAMES};;{PSQ_GAMES};;All files (*)"
        dialog = QFileDialog(self, "Open Game", self._games_folder(), filters)
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(self._remember_games_folder)
        dialog.fileSelected.connect(lambda name: self.open_game_file(Path(name)))
        dialog.open()
        return dialog

    def _games_folder(self) -> str:
        """Where the file dialogs start: the last game's folder, else the user's documents
        (never the folder the app happened to be started from)."""
        from tictactoe_gui.gui.records.common import documents_folder

        kept = str(self._settings.value(GAMES_FOLDER_KEY, "") or "")
        return kept if kept and Path(kept).is_dir() else str(documents_folder())

    @Slot(str)
    def _remember_games_folder(self, name: str) -> None:
        self._settings.setValue(GAMES_FOLDER_KEY, str(Path(name).parent))
