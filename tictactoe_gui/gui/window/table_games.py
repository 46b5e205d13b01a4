"""The main window's game: any game of the registry (k in a row, Connect Four, Row &
Column) played at the window's table, on its own board, dock, bars and banner.

One controller plays them all, :class:`~tictactoe_gui.gui.table_controller.TableController`
(the window's ``controller``); the commands (undo, hint, the bars, the banner, the dock's
Stop, Analyse Again, Compare and Prove) go to it.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Slot

from tictactoe_gui.gui.window.base import GAME_IN_PROGRESS_KEY, WindowBase, later

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack

    from tictactoe_gui.engine.games import GameSpec, GameState
    from tictactoe_gui.engine.move_tree import MoveTree
    from tictactoe_gui.engine.search import SearchProgress
    from tictactoe_gui.gui.board_view import BoardView
    from tictactoe_gui.gui.controls import GameOverInfo
    from tictactoe_gui.gui.dialogs.gravity_setup import GravitySetupDialog
    from tictactoe_gui.gui.dialogs.rowcol_setup import RowColSetupDialog
    from tictactoe_gui.gui.rowcol_view import RowColBoardView
    from tictactoe_gui.gui.table_boards import WindowBoards
    from tictactoe_gui.gui.table_controller import TableController
    from tictactoe_gui.session.series import Tally
    from tictactoe_gui.session.table import TableSession, TableSetup
    from tictactoe_gui.session.table_file import SavedTableGame


#: The file beside the records that keeps a table game in progress between runs.
TABLE_GAME_IN_PROGRESS_FILE = "table-game-in-progress.json"
#: The last game's family and id, as New Game remembers them.
LAST_GAME_KEY = "newGame/game"
LAST_FAMILY_KEY = "newGame/family"


class TableGamesPart(WindowBase):
    """Starting, leaving and commanding a game of the registry that is not k in a row."""

    _table: TableController | None
    _table_boards: WindowBoards

    # -- the game controller ---------------------------------------------------------------

    @property
    def controller_ready(self) -> bool:
        """Whether the game's controller is made (once the window is complete)."""
        return getattr(self, "controller", None) is not None

    def _make_controller(self) -> TableController:
        from tictactoe_gui.gui.table_boards import WindowBoards
        from tictactoe_gui.gui.table_controller import TableController
        from tictactoe_gui.gui.table_lines import TableWidgets

        self._table_boards = WindowBoards(self.board_view, self._make_numbers_view)
        widgets = TableWidgets(
            board=self._table_boards,
            banner=self.banner,
            autoplay_bar=self.autoplay_bar,
            replay_bar=self.replay_bar,
            analysis_dock=self.analysis_dock,
            show_status=self.turn_label.setText,
            show_players=self._show_table_players,
            show_lines=self._show_table_lines,
            set_title=self.setWindowTitle,
            show_message=self.show_message,
        )
        table = self.controller = TableController(self.engine, self._records, widgets, self)
        self.narrator.follow_table(table, self._table_boards)
        table.game_saved.connect(lambda _id: self._refresh_records_windows())
        stack = table.undo_stack
        # To the window's slot, not a lambda: Qt stops calling it once the window goes.
        stack.canUndoChanged.connect(self._update_table_undo)
        stack.canRedoChanged.connect(self._update_table_undo)
        stack.undoTextChanged.connect(self._update_table_undo)
        stack.redoTextChanged.connect(self._update_table_undo)
        table.position_changed.connect(self._update_table_undo)
        table.analysis_shown.connect(self._update_table_heat_map)
        table.game_over.connect(self._table_game_over)
        table.set_think_ms(self._think_ms())
        table.set_time_limit(self.analysis_dock.time_budget())
        table.set_algorithm(self.analysis_dock.algorithm() or None)
        table.search_info.connect(self._show_table_search_progress)
        # The nodes searched so far, in the thinking line and the details (a proof runs long).
        table.engine.progressed.connect(self.analysis_dock.set_progress)
        # A candidate selected in the dock: its line previewed on the board that draws it.
        self.analysis_dock.preview_requested.connect(self._table_boards.preview)
        table.position_changed.connect(self._keep_table_game_in_progress)
        table.position_changed.connect(self._table_moved)
        table.tally_changed.connect(lambda _tally: self._show_table_tally())
        return table

    @Slot(object)
    def _table_game_over(self, info: GameOverInfo | None) -> None:
        """A message from before the game ended or reopened (a greeting with the old record,
        "no hint needed") is no longer true; a failed save is said again."""
        self.statusBar().clearMessage()
        if info is not None and info.save_failed:
            self.show_message(info.save_note)

    @Slot(object)
    def _show_table_search_progress(self, progress: SearchProgress) -> None:
        """The dock's analysis so far, after each completed depth of its search."""
        self.analysis_dock.show_search_progress(progress, self.controller.state)

    def _show_table_tally(self) -> None:
        """The AI vs AI bar: the series' score and where it stands, or the two players."""
        table = self.controller
        session = table.session
        if session is None:
            return
        spec = session.spec
        self.autoplay_bar.show_tally(
            table.tally,
            table.series_games,
            session.name_of(0),
            session.name_of(1),
            between=table.is_over and not table.replaying,
            seats=spec.seats,
            draws=f"{spec.draw_word}s",
        )

    # -- looking back through the game (the move list) ---------------------------------

    def _look_at_table_ply(self, ply: int) -> None:
        """The position after ``ply`` moves: a replay steps there; a game in progress shows
        it on the board until the game moves on or the board is clicked."""
        table = self.controller
        if table.replaying:
            table.replay_seek(ply)
            return
        session = table.session
        if session is None or ply >= len(session.moves):
            self.back_to_game()
            return
        ply = max(0, ply)
        self._looking_at = ply
        self._table_boards.look_at(session, session.moves[:ply])
        if self.board_widget() is self.board_view:
            # (It still reports a click, which ends the look back; the numbers board stays
            # as it is, so that its click does too.)
            self.board_view.set_interactive(False)
        self.show_message(
            f"Looking at move {ply} of {len(session.moves)}; select the last move or click "
            "the board to go back to the game."
        )

    def _look_at_table_moves(self, session: TableSession, moves: tuple[int, ...]) -> None:
        """The position after ``moves``, off the game's line, shown as a look back."""
        self._looking_at = len(moves)
        self._table_boards.look_at(session, moves)
        if self.board_widget() is self.board_view:
            self.board_view.set_interactive(False)
        self.show_message(
            f"Looking at move {len(moves)} of another line; choose a move where you are to "
            "move to play on from there, or click the board to go back to the game."
        )

    def _back_to_table_game(self) -> None:
        table = self.controller
        session = table.session
        if session is None:
            return
        self._table_boards.show(session)
        self._table_boards.set_interactive(table.is_human_turn())

    # -- the game in progress, kept for the next start ---------------------------------

    @Slot()
    def _table_moved(self) -> None:
        self._looking_at = None  # the game moved: the board shows it again
        self._note_replay_ending()

    def _table_game_file(self) -> Path | None:
        """Where the game in progress is kept, if anywhere: one file for every game."""
        return self._game_in_progress

    def _adopt_older_game_file(self) -> None:
        """A game of Connect Four or Row & Column kept by an older version in a file of its
        own beside the game in progress is moved into that file once it is free: while
        another game is kept there, it waits, and is played on at a start after that game
        is over (a start, not a move: nothing else reads the older file)."""
        path = self._game_in_progress
        if path is None:
            return
        older = path.with_name(TABLE_GAME_IN_PROGRESS_FILE)
        if older.exists() and not path.exists():
            with contextlib.suppress(OSError):
                older.replace(path)

    @Slot()
    def _keep_table_game_in_progress(self) -> None:
        """Keep the table game after every move, so that the next start plays on (a series
        between two of its games, too: the next start goes on with the next); a game over,
        a replay or a game with no move yet leaves nothing to resume."""
        from tictactoe_gui.session import table_file

        path = self._table_game_file()
        table = self.controller
        session = table.session
        if path is None or self._closed or session is None or not table.active:
            return
        try:
            # Under way: a move played, or a series' next game waiting on its empty board.
            started = session.moves or table.tally.games
            unfinished = not table.is_over and not table.replaying and started
            if unfinished or table.between_games():
                path.parent.mkdir(parents=True, exist_ok=True)
                table_file.save(path, session, table.undone_moves(), tally=table.tally)
                # So that the next start's first frame is already the right board.
                self._settings.setValue(GAME_IN_PROGRESS_KEY, session.spec.id)
            else:
                path.unlink(missing_ok=True)
                self._settings.remove(GAME_IN_PROGRESS_KEY)
        except OSError as error:
            if not self._keep_failed:
                self._keep_failed = True
                self.show_message(
                    f"The game in progress cannot be kept for next time: {error.strerror or error}."
                )

    def _resume_table_game_in_progress(self, spec: GameSpec) -> tuple[bool, str]:
        """Play on the ``spec`` game left unfinished when the app last closed, if there is
        one; whether it did, and what went wrong if anything did (a damaged file is kept
        aside), for the caller to say after the fresh game's greeting, which it outranks."""
        from tictactoe_gui.session import table_file

        path = self._table_game_file()
        if path is None or not path.exists():
            return False, ""
        try:
            game = table_file.load(path)
        except table_file.TableFileError as error:
            with contextlib.suppress(OSError):
                path.replace(path.with_name(f"{path.name}.damaged"))
            return False, f"The game in progress could not be resumed: {error}."
        if not self._plays_on(game, spec):
            return False, ""
        if game.series_goes_on:
            self._go_on_with_series(game)
            return True, ""
        if game.finished:
            return False, ""
        # Two computer players wait to be set going again: a start plays no game unasked.
        paused = game.setup.mode is later.GameMode.AI_VS_AI
        self.play_on_table_game(game, paused=paused)
        self.show_message("Resumed the game you were playing — New Game (Ctrl+N) starts another.")
        return True, ""

    def _plays_on(self, game: SavedTableGame, spec: GameSpec) -> bool:
        """Whether a start plays on ``game``, kept from the last run, where it would open a
        fresh game of ``spec``: a game of that kind, or of any when none was asked for (the
        first frame shows the game left unfinished, whatever kind New Game chose last)."""
        asked = self._opening_game is not None or self._opening_table is not None
        return game.setup.spec == spec or not asked

    def _go_on_with_series(self, game: SavedTableGame) -> None:
        """The next game of a series left between two of its games, paused (a start plays
        no game unasked), with the score so far."""
        from tictactoe_gui.session.words import series_resumed

        tally = game.tally
        assert tally is not None
        self.start_table_game(game.setup, paused=True, tally=tally)
        self.show_message(series_resumed(tally.games + 1, game.setup.games))

    def _make_numbers_view(self, state: GameState) -> RowColBoardView:
        """The numbers board (Row & Column), beside the board of X and O in the window's
        middle; one of the two is shown at a time."""
        from tictactoe_gui.gui.rowcol_view import RowColBoardView
        from tictactoe_gui.gui.table_boards import position_of

        view = RowColBoardView(position_of(state))
        view.setObjectName("numbersBoard")
        view.cell_activated.connect(self._on_numbers_cell)
        view.reading.connect(self.announcer.announce)
        view.set_animations_enabled(self.animations_action.isChecked())
        self._board_area_layout.addWidget(view, 1)
        view.hide()
        return view

    @Slot(int, int)
    def _on_numbers_cell(self, row: int, col: int) -> None:
        if self.controller_ready:
            self._on_cell_activated(row, col)  # a look back ends as on the board of X and O

    def board_widget(self) -> BoardView | RowColBoardView:
        """The board that shows the game now (the keys' and the news' place)."""
        boards: WindowBoards | None = getattr(self, "_table_boards", None)
        if self.controller_ready and boards is not None:
            return boards.widget()
        return self.board_view

    def _show_table_players(
        self, names: tuple[str, str], seats: tuple[str, str], mover: int | None
    ) -> None:
        from tictactoe_gui.gui.board_reading import board_of

        self.players_bar.show_names(*names)
        try:
            board, _gravity = board_of(self.controller.state)
        except ValueError:
            # A grid of numbers: the players by their seats (the scores are on the grid).
            self.players_bar.show_seats(seats, mover)
        else:
            self.players_bar.show_turn(board)
        # The banner takes the bar's place at the end, as in k in a row.
        self.players_bar.setVisible(not self.banner.isVisible())

    def _show_table_lines(self, session: TableSession) -> None:
        """Every line of the table game in the move list, to be gone to and edited as k in a
        row's are (the board's cells by their names, or a grid's takes by the game's)."""
        from tictactoe_gui.gui.board_reading import board_of

        start, tree, node = session.start, session.lines(), session.line_node
        try:
            board, _gravity = board_of(start)
        except ValueError:
            # A grid of numbers: each take by its cell's name and its taker's seat.
            spec = start.spec
            names: dict[int, str] = {}
            movers: dict[int, str] = {}
            states = {0: start}
            for index in range(1, len(tree)):  # a node's number is always after its parent's
                parent, move = tree.parent(index), tree.move(index)
                assert parent is not None
                assert move is not None
                before = states[parent]
                seat = before.to_move
                movers[index] = spec.seats[seat] if seat is not None else ""
                names[index] = spec.format_move(move)
                if tree.children(index):
                    states[index] = before.play(move)
            self.moves_dock.set_named_tree(tree, node, names, movers)
            return
        self.moves_dock.set_tree(board, tree, node)

    def _table_node_chosen(self, node: int) -> None:
        """A move chosen in the move list of a table game: the game goes to the position
        after it, and a move played there is a variation where it differs from the line, as
        in k in a row. Against a persona, an earlier move of the game in progress, or a
        position where the persona was to move, is only looked back at (``ply_selected``
        says which): going there would take moves back and have the persona play again."""
        table = self.controller
        session = table.session
        if session is None:
            return
        lines, now = session.lines(), session.line_node
        on_line = node in (0, *lines.path(now))
        if table.replaying and (on_line or node in lines.line_from(now)):
            return  # the replay steps there
        if session.setup.mode is later.GameMode.HUMAN_VS_AI:
            from tictactoe_gui.gui.table_boards import state_after

            moves = session.moves_to(node)
            mover = state_after(session, moves).to_move
            ai_to_move = mover is not None and session.seat(mover).is_ai
            if on_line and (ai_to_move or not table.is_over):
                return
            if ai_to_move and node not in lines.line_from(now):
                # A move of another line where the persona was to move: looked at too, or
                # the persona would play there at once and the list move on by itself.
                self._look_at_table_moves(session, moves)
                return
        self._looking_at = None
        table.go_to_node(node)

    @Slot()
    def _update_table_undo(self) -> None:
        if self.controller_ready:
            self.undo_action.setEnabled(self.controller.can_undo())
            self.redo_action.setEnabled(self.controller.can_redo())
            self.hint_action.setEnabled(True)
            self._show_undo_texts(self.controller.undo_stack)
            self.resign_action.setEnabled(self.controller.can_resign())

    @Slot()
    def _update_table_heat_map(self) -> None:
        """The heat map on a table game's board of X and O, by k in a row's rule: what the
        dock shows, hidden with the engine's view on a person's own turn against a computer
        player unless they chose to see it."""
        if not self.controller_ready:
            return
        boards = self._table_boards
        self.heat_map_action.setEnabled(boards.has_heat())
        session = self.controller.session
        analysis = None if session is None else session.analysis_of(session.state)
        shown = (
            session is not None
            and analysis is not None
            and self.heat_map_action.isChecked()
            and not self.analysis_dock.engine_view_hidden()
            and session.resigned is None  # nothing left to predict
        )
        boards.set_heat(session.state if session is not None else None, analysis if shown else None)

    def _show_undo_texts(self, stack: QUndoStack) -> None:
        """Undo and Redo say what they would take back or play again on the board shown."""
        undo, redo = stack.undoText(), stack.redoText()
        self.undo_action.setStatusTip(f"Undo {undo}" if undo else "")
        self.redo_action.setStatusTip(f"Redo {redo}" if redo else "")

    # -- starting and leaving --------------------------------------------------------------

    def start_table_game(
        self,
        setup: TableSetup,
        seed: int | None = None,
        *,
        paused: bool = False,
        tally: Tally | None = None,
    ) -> TableController:
        """A new game of ``setup`` on the board (the k-in-a-row game, if any, is parked);
        ``tally``: the games of its series played before it."""
        self._enter_table_mode()
        table = self.controller
        table.start(setup, seed, paused=paused, tally=tally)
        self._remember_game(setup.spec)
        self._after_table_start()
        return table

    def resume_table_game(
        self,
        setup: TableSetup,
        moves: tuple[int, ...],
        undone: tuple[int, ...],
        seed: int,
        lines: MoveTree | None = None,
        *,
        paused: bool = False,
        tally: Tally | None = None,
    ) -> TableController:
        """A saved table game, played on where it stopped (``undone`` ready to redo; ``lines``,
        its tree of moves where it has variations; ``paused``: two computer players wait for
        Resume or Step; ``tally``: its series' score before it)."""
        self._enter_table_mode()
        table = self.controller
        table.resume(setup, moves, undone, seed, lines, paused=paused, tally=tally)
        self._remember_game(setup.spec)
        self._after_table_start()
        return table

    def study_table_game(self, start: GameState, moves: tuple[int, ...]) -> TableController:
        """Two people at the board on ``start`` with ``moves`` played (a pasted position or
        move list), never recorded; MoveError with nothing changed for a move refused."""
        table = self.controller
        table.study(start, moves)
        self._after_table_start()
        return table

    def replay_table_game(
        self,
        start: GameState,
        moves: list[int],
        names: tuple[str, str],
        when: str,
        lines: MoveTree | None = None,
        resigned: int | None = None,
    ) -> TableController:
        """A recorded game of a table game, replayed on the board (``lines``: its tree of
        moves, where it has variations; ``resigned``: the seat that gave it up after
        ``moves``)."""
        self._enter_table_mode()
        table = self.controller
        table.replay(start, moves, names, when, lines, resigned)
        self._after_table_start()
        self._set_replay_keys(True)
        return table

    def _show_table_setup_dialog(self) -> RowColSetupDialog | GravitySetupDialog | None:
        """Set Up Position: discs dropped in columns on a gravity board (Connect Four), or a
        grid of numbers typed or pasted with taken cells; then play on from it with the same
        players (not recorded; Undo stops at it)."""
        from PySide6.QtCore import Qt

        from tictactoe_gui.engine.row_and_column import RowColState
        from tictactoe_gui.gui.dialogs.rowcol_setup import RowColSetupDialog
        from tictactoe_gui.gui.table_boards import GridTableBoard, position_of

        if GridTableBoard.draws(self.controller.state):
            return self._show_gravity_setup_dialog()
        try:
            position = position_of(self.controller.state)
        except ValueError:
            self.show_message("Set Up Position is not offered for this game.")
            return None
        dialog = RowColSetupDialog(position, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def play_on() -> None:
            chosen = dialog.position()
            spec = later.find_game(chosen.variant.id)
            self.controller.start_from(RowColState(spec, chosen))  # type: ignore[arg-type]
            self._after_table_start()

        dialog.accepted.connect(play_on)
        dialog.open()
        return dialog

    def _show_gravity_setup_dialog(self) -> GravitySetupDialog:
        from PySide6.QtCore import Qt

        from tictactoe_gui.gui.dialogs.gravity_setup import GravitySetupDialog

        dialog = GravitySetupDialog(self.controller.state, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def play_on() -> None:
            chosen = dialog.state()
            if chosen is not None:
                self.controller.start_from(chosen)
                self._after_table_start()

        dialog.accepted.connect(play_on)
        dialog.open()
        return dialog

    def _after_table_start(self) -> None:
        from tictactoe_gui.gui.table_boards import GridTableBoard, NumbersTableBoard

        session = self.controller.session
        assert session is not None
        people = [seat.name for seat in session.setup.seats if not seat.is_ai]
        if people:
            self._last_player_name = people[0]  # whose statistics the window opens on
        word = session.spec.move_word
        self.autoplay_bar.step_button.setToolTip(f"Play one {word} (pauses the game)")
        self._show_table_tally()
        self._say_pace(self.controller.move_delay_ms)
        self._update_pause_actions()
        # Set Up Position: on a grid of numbers, or with discs that fall (a free board of X
        # and O is k in a row's, with its own dialog).
        state = self.controller.state
        # (The board of X and O asked first: asking the numbers board loads Row & Column.)
        self.setup_action.setEnabled(GridTableBoard.draws(state) or NumbersTableBoard.draws(state))
        self.resign_action.setEnabled(self.controller.can_resign())
        self._update_table_heat_map()
        # The arrow keys step a replay only while one is shown: a game set up from a
        # replay gives them back to the board.
        self._set_replay_keys(self.controller.replaying)
        self.analysis_dock.clear_comparison()
        self._update_table_undo()
        if self._ready:
            self._focus_board()

    def _focus_board(self) -> None:
        """The board takes the keys, its description already holding the game's greeting
        (a screen reader reads it once, with the focus)."""
        from PySide6.QtCore import Qt

        board = self.board_widget()
        board.describe_now()
        board.setFocus(Qt.FocusReason.OtherFocusReason)

    def _remember_game(self, spec: GameSpec) -> None:
        from tictactoe_gui.gui.window.first_frame import remember_frame

        self._settings.setValue(LAST_FAMILY_KEY, spec.game_key)
        remember_frame(self._settings, spec)
        if not spec.own_new_game_options:
            self._settings.setValue(LAST_GAME_KEY, spec.id)
        else:
            # A game with options of its own keeps its size with them, where New Game finds
            # the size of the game played last; the last game of the combo stays what it was.
            from tictactoe_gui.gui.dialogs.game_options import options_class

            options_class(spec).remember(self._settings, spec)

    def _enter_table_mode(self) -> None:
        """What the game before left on the board and the bars goes (its news, its replay
        keys, its hints and heat), before the next game starts."""
        self._set_replay_keys(False)
        self.replay_bar.hide()
        self.board_view.set_heat_map(None)
        self.board_view.set_hints(())
        # What the board said of the game before is old news; the new game's greeting,
        # which comes next, is what it says with the focus.
        self.board_view.clear_news()

    # -- commands, to the game's controller --------------------------------------------------

    @Slot()
    def game_undo(self) -> None:
        self.controller.undo()

    @Slot()
    def game_redo(self) -> None:
        self.controller.redo()

    @Slot()
    def game_hint(self) -> None:
        self.controller.hint()

    @Slot()
    def game_stop_analysis(self) -> None:
        self.controller.stop_analysis()

    @Slot()
    def game_restart_analysis(self) -> None:
        self.controller.restart_analysis()

    @Slot()
    def game_compare_algorithms(self) -> None:
        self.controller.compare_algorithms()

    @Slot()
    def game_prove_result(self) -> None:
        self.controller.prove_result()

    @Slot()
    def game_play_again(self) -> None:
        self.controller.play_again()
        self._after_table_start()  # from a replay too: its keys go back to the board

    @Slot()
    def game_retry_save(self) -> None:
        self.controller.retry_save()

    @Slot(bool)
    def game_set_paused(self, paused: bool) -> None:
        self.controller.set_paused(paused)

    @Slot()
    def game_toggle_pause(self) -> None:
        """Pause or resume two computer players (Ctrl+P), and say which."""
        self.controller.toggle_pause()

    def _say_pace(self, delay_ms: int) -> None:
        """The AI vs AI bar's speed slider says the pause between moves (its value is only a
        place on it)."""
        word = self.controller.state.spec.move_word if self.controller_ready else "move"
        text = (
            f"A {word} every {delay_ms / 1000:.2f} seconds"
            if delay_ms
            else f"Instant: no pause between {word}s"
        )
        self.autoplay_bar.speed.setAccessibleDescription(text)

    @Slot()
    def game_step(self) -> None:
        self.controller.step()

    @Slot(int)
    def game_set_move_delay(self, ms: int) -> None:
        self._say_pace(ms)
        self.controller.set_move_delay(ms)

    @Slot(int)
    def game_replay_seek(self, position: int) -> None:
        self.controller.replay_seek(position)

    @Slot(int)
    def game_replay_step(self, delta: int) -> None:
        self.controller.replay_step(delta)

    @Slot()
    def game_replay_end(self) -> None:
        playing = self.controller
        playing.replay_seek(playing.replay_length)

    @Slot(bool)
    def game_set_replay_playing(self, playing: bool) -> None:
        self.controller.set_replay_playing(playing)
