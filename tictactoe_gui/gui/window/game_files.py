"""The main window's game files: save and open a game, copy and paste.

Games of every kind are saved and read by :mod:`tictactoe_gui.session.table_file`; a
position or move list, copied and pasted, is read and written by the game interface."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QGuiApplication

from tictactoe_gui.gui.window.base import WindowBase, later

if TYPE_CHECKING:
    from PySide6.QtWidgets import QFileDialog, QWidget

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


class GameFilesPart(WindowBase):
    """Saving, opening and resuming games; copying and pasting positions and moves."""

    def _clipboard_text(self, text: str, what: str) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(text)
        self.show_message(f"Copied {what}: {text if len(text) <= 60 else text[:57] + '…'}")

    @Slot()
    def copy_position(self) -> None:
        self._clipboard_text(self.controller.state.position_text(), "the position")

    @Slot()
    def copy_moves(self) -> None:
        session = self.controller.session
        if session is None or not session.moves:
            self.show_message("No moves to copy yet.")
            return
        self._clipboard_text(self.controller.moves_text(), "the moves")

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
        return self._pasted_table_game(text)

    def _pasted_table_game(self, text: str) -> Callable[[], None] | None:
        """A position ("… then" moves) or a move list of the table game on the board."""
        from tictactoe_gui.untrusted import shown

        table = self.controller
        spec = table.state.spec
        text = text.strip()
        if not text:
            self.show_message("Nothing pasted: the clipboard holds no text.")
            return None
        if len(text) > MAX_PASTED:
            self.show_message("Nothing pasted: the clipboard holds too much text to be a position.")
            return None
        position, _then, moves_text = text.partition(" then ")
        try:
            try:
                start = spec.from_position_text(position)
            except ValueError:
                if moves_text:
                    raise
                start, moves_text = table.state.start, text  # a move list from the start
            moves = start.read_moves(moves_text) if moves_text.strip() else ()
            start.play_all(moves)  # each move legal in turn ("a1, a1" is not)
        except ValueError as error:
            self.show_message(f"Nothing pasted: {shown(str(error))}.")
            return None

        def study() -> None:
            self.study_table_game(start, moves)
            self.show_message(PASTED)

        return study

    def saved_game(self) -> SavedTableGame:
        """The game on the board as a file holds it: a game in progress with its players
        and the moves taken back, a replay as the whole game replayed."""
        from tictactoe_gui.session import table_file
        from tictactoe_gui.session.words import resigned_ending

        table = self.controller
        session = table.session
        assert session is not None
        replayed = table.replay_moves
        if replayed is None:
            return table_file.saved_game(session, table.undone_moves(), tally=table.tally)
        # The whole game replayed, wherever the replay stands, ending as it ended: opened
        # again, it is replayed again.
        names = (session.name_of(0), session.name_of(1))
        seats = session.spec.seats
        loser = table.replay_given_up()
        over = session.start.play_all(replayed).result
        result = None if over is None else over.text
        if loser is not None:
            result = resigned_ending(names[loser], seats[loser], names[1 - loser], seats[1 - loser])
        return table_file.SavedTableGame(
            table_file.replay_setup(session.spec, session.start, names),
            replayed,
            (),
            session.seed,
            session.lines(),
            resigned=loser,
            result=result,
            players_known=False,
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
        session = self.controller.session
        assert session is not None
        if psq and not session.spec.k_in_a_row_board:
            self.show_notice("Save Game", f"{session.spec.name} is not saved as a .psq file.")
            return False
        game = self.saved_game()
        lines = session.lines()
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
        return self._open_table_game(game, path)

    def _open_table_game(self, game: SavedTableGame, path: Path) -> bool:
        """A saved Connect Four or Row & Column game: played on where it stopped, or (a
        finished one) replayed."""
        if game.finished or not game.players_known or game.has_engine:
            self.replay_table_game(
                game.start,
                [*game.moves, *game.undone],
                game.names,
                path.name,
                game.tree,
                # A game given up ends where it was given up, whatever was taken back before.
                game.resigned if not game.undone else None,
            )
            self.controller.replay_seek(len(game.moves))
            if game.has_engine and not game.finished:
                # A file never starts a program: the command in it could be anything.
                self.show_message(
                    f"Opened {path.name} as a replay: an external engine plays in it, and a "
                    "saved game never starts a program. New Game can set that engine up again."
                )
            else:
                self.show_message(f"Opened {path.name} as a replay: the game is over.")
            return True
        # Two computer players wait to be set going again, as at a start.
        self.play_on_table_game(game, paused=game.setup.mode is later.GameMode.AI_VS_AI)
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

    @Slot()
    def show_save_game_dialog(self) -> QFileDialog:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, "Save Game", self._games_folder(), f"{SAVED_GAMES};;{PSQ_GAMES}")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("json")
        dialog.filterSelected.connect(
            lambda chosen: dialog.setDefaultSuffix("psq" if chosen == PSQ_GAMES else "json")
        )
        game = self.controller.state.spec.id
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
