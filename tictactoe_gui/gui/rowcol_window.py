"""Row & Column in the window: a game window with its board and its analysis.

The window drives a :class:`~tictactoe_gui.session.table.TableSession`:
a person's click is checked by the session and pushed on a ``QUndoStack``; a
computer player's take and the analysis of each position are computed on the
app's one engine thread, through the game interface
(:class:`~tictactoe_gui.gui.engine_worker.EngineClient`), with request ids so
that a stale answer is dropped, and a cancel flag that New Game, Undo and
closing the window set. Only frozen values cross the thread boundary.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QObject,
    QSettings,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeySequence,
    QShowEvent,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine.games import GameAnalysis, GameState, find_game
from tictactoe_gui.engine.row_and_column import RowColState
from tictactoe_gui.engine.rowcol import Player, Position, RowColAnalysis, Take
from tictactoe_gui.gui.announcer import Announcer
from tictactoe_gui.gui.controls import AutoplayBar, GameOverBanner, ReplayBar
from tictactoe_gui.gui.dialogs.rowcol_options import MAX_SEED
from tictactoe_gui.gui.engine_worker import EngineService, GameAnswer, GameMove
from tictactoe_gui.gui.rowcol_view import RowColBoardView
from tictactoe_gui.records_bridge import state_finished_game
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode, RecordsError

if TYPE_CHECKING:
    from tictactoe_gui.gui.dialogs.rowcol_setup import RowColSetupDialog
    from tictactoe_gui.gui.recording import GameRecords

#: The pause before a computer player's take shows, so it reads as a reply.
THINK_MS = 350
#: A replay playing on shows one take this often.
REPLAY_STEP_MS = 900


class _TakesCommand(QUndoCommand):
    """One step of the game on the undo stack: the takes before and after."""

    def __init__(
        self, window: RowColWindow, before: tuple[int, ...], after: tuple[int, ...]
    ) -> None:
        super().__init__("take")
        self._window = window
        self._before = before
        self._after = after

    def redo(self) -> None:
        self._window._set_takes(self._after)

    def undo(self) -> None:
        self._window._set_takes(self._before)


class RowColAnalysisPanel(QWidget):
    """The analysis of a position: every allowed cell with its margin, the prediction, the line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rowColAnalysisPanel")
        layout = QVBoxLayout(self)
        self.kind_label = QLabel("Thinking…")
        self.kind_label.setObjectName("rowColAnalysisKind")
        self.table = QTreeWidget()
        self.table.setObjectName("rowColCandidates")
        self.table.setHeaderLabels(["cell", "value", "margin"])
        self.table.setRootIsDecorated(False)
        header = self.table.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setAccessibleName("Allowed cells, best first")
        self.table.installEventFilter(self)
        self.prediction_label = QLabel()
        self.prediction_label.setWordWrap(True)
        self.line_label = QLabel()
        self.line_label.setWordWrap(True)
        self.stats_label = QLabel()
        for widget in (
            self.kind_label,
            self.table,
            self.prediction_label,
            self.line_label,
            self.stats_label,
        ):
            layout.addWidget(widget)

    def show_thinking(self) -> None:
        """A new position: the last one's cells and prediction no longer apply."""
        self.kind_label.setText("Thinking…")
        self.table.clear()
        for widget in (self.prediction_label, self.line_label, self.stats_label):
            widget.setText("")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusIn and watched is self.table:
            best = self.table.topLevelItem(0)
            if best is not None and not self.table.selectedItems():
                # Reached with nothing chosen, the table starts on the best cell, which
                # screen readers then read with it (they read the selected row, not the
                # current one).
                self.table.setCurrentItem(best)
        return super().eventFilter(watched, event)

    def show_analysis(self, analysis: RowColAnalysis) -> None:
        position = analysis.position
        self.table.clear()
        if position.is_over:
            self.kind_label.setText(
                f"The game is over: A {position.score_a}, B {position.score_b}."
            )
            for widget in (self.prediction_label, self.line_label, self.stats_label):
                widget.setText("")
            return
        if analysis.exact:
            self.kind_label.setText(f"Exact: {position.to_move}'s margin with best play")
        else:
            self.kind_label.setText(
                f"Estimate ({analysis.depth} takes ahead): {position.to_move}'s margin"
            )
        best = set(analysis.best_cells)
        for candidate in analysis.candidates:
            cell = position.cell_label(candidate.cell)
            marker = "★ " if candidate.cell in best else ""
            item = QTreeWidgetItem(
                [f"{marker}{cell}", str(candidate.value), f"{candidate.margin:+d}"]
            )
            # Heard as "b2, best; value 5; margin +3" rather than a star and two bare numbers.
            spoken = (
                f"{cell}, best" if candidate.cell in best else cell,
                f"value {candidate.value}",
                f"margin {candidate.margin:+d}",
            )
            for column, text in enumerate(spoken):
                item.setData(column, Qt.ItemDataRole.AccessibleTextRole, text)
            self.table.addTopLevelItem(item)
        self.prediction_label.setText(f"Predicted: {analysis.prediction_text()}.")
        line = " ".join(position.cell_label(c) for c in analysis.principal_variation)
        self.line_label.setText(f"Expected takes: {line}" if line else "")
        self.stats_label.setText(f"{analysis.nodes:,} nodes in {analysis.elapsed * 1000:.0f} ms")


class RowColWindow(QMainWindow):
    """A window for Row & Column: the grid, the players and scores, analysis, the end.

    New Game (the app's one dialog, on Row & Column) chooses the board and the
    players; :meth:`start` begins a game. Between two computer players the bar
    under the grid pauses, steps and sets the pace; at the end a banner gives
    the result, the computer player's word and how each person took.
    """

    #: New Game… was asked for (the app's dialog opens on Row & Column).
    new_game_requested = Signal()
    #: A finished game was saved in the records, with its id.
    game_saved = Signal(int)

    def __init__(
        self,
        records: GameRecords | None = None,
        parent: QWidget | None = None,
        *,
        settings: QSettings | None = None,
        engine: EngineService | None = None,
    ) -> None:
        super().__init__(parent)
        #: Where finished games are saved; None keeps them unrecorded.
        self.records = records
        #: Where the window keeps its size, place and docks between runs (None: nowhere).
        self._settings = settings
        self._saved = False
        self._save_failed = ""
        self.setObjectName("rowColWindow")
        self.setWindowTitle("Row & Column")
        # The app's engine thread; a window opened alone (a test) starts one of its own.
        self._own_engine = EngineService(self) if engine is None else None
        service = engine if engine is not None else self._own_engine
        assert service is not None
        self.engine = service.client(self)
        self.engine.analysed.connect(self._on_analysis)
        self.engine.move_chosen.connect(self._on_take_chosen)
        self.engine.failed.connect(self._on_engine_failed)
        self.undo_stack = QUndoStack(self)
        self._pending: GameMove | None = None
        self._paused = False
        self._step_once = False
        self._delay_ms = THINK_MS
        self._announced_takes = 0
        self._undoing = False
        #: A hint asked for before the analysis came: it is given when it comes.
        self._hint_waiting = False
        self._think = QTimer(self)
        self._think.setSingleShot(True)
        self._think.timeout.connect(self._apply_pending)
        setup = default_setup()
        self.session = TableSession(setup, random.randrange(MAX_SEED))
        self._create_central_area()
        self._create_actions()
        self.announcer = Announcer(self.board_view)
        self.board_view.reading.connect(self.announcer.announce)
        self.announcer.announced.connect(self._on_announced)
        # Controls that carry the news while they have the keyboard focus (see _on_announced).
        self._news_controls: tuple[QWidget, ...] = (
            self.autoplay_bar.pause_button,
            self.autoplay_bar.step_button,
            self.autoplay_bar.speed,
            self.autoplay_bar.instant,
            self.replay_bar.first_button,
            self.replay_bar.back_button,
            self.replay_bar.play_button,
            self.replay_bar.forward_button,
            self.replay_bar.last_button,
            self.replay_bar.slider,
        )
        for control in self._news_controls:
            control.installEventFilter(self)
        self.resize(820, 620)
        self._restore_layout()
        self.start(setup, self.session.seed)

    # -- building ------------------------------------------------------------------------

    def _create_central_area(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(12, 12, 12, 8)
        self.players_label = QLabel()
        self.players_label.setObjectName("rowColPlayers")
        self.players_label.setTextFormat(Qt.TextFormat.PlainText)
        self.players_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.players_label.setWordWrap(True)
        self.board_view = RowColBoardView(self.position)
        self.board_view.cell_activated.connect(self._on_cell_activated)
        self.status_label = QLabel()
        self.status_label.setObjectName("rowColStatus")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.setWordWrap(True)
        self.banner = GameOverBanner()
        self.banner.play_again_button.setToolTip("The same players on a new board (Ctrl+R)")
        self.banner.play_again.connect(self.play_again)
        self.banner.new_game.connect(self.new_game_requested)
        self.banner.retry_save.connect(self._retry_save)
        self.autoplay_bar = AutoplayBar()
        self.autoplay_bar.step_button.setToolTip("Play one take (pauses the game)")
        self.autoplay_bar.pause_toggled.connect(self.set_paused)
        self.autoplay_bar.step_requested.connect(self.step)
        self.autoplay_bar.delay_changed.connect(self._set_delay)
        self.autoplay_bar.hide()
        self._replay_cells: list[int] | None = None
        self._replay_index = 0
        self._replay_title = ""
        self.replay_bar = ReplayBar()
        self.replay_bar.seek.connect(self.replay_seek)
        self.replay_bar.step.connect(lambda delta: self.replay_seek(self._replay_index + delta))
        self.replay_bar.playing_toggled.connect(self._set_replay_playing)
        self.replay_bar.hide()
        self._replay_timer = QTimer(self)
        self._replay_timer.setInterval(REPLAY_STEP_MS)
        self._replay_timer.timeout.connect(self._replay_tick)
        layout.addWidget(self.players_label)
        layout.addWidget(self.board_view, 1)
        layout.addWidget(self.status_label)
        layout.addWidget(self.banner)
        layout.addWidget(self.autoplay_bar)
        layout.addWidget(self.replay_bar)
        self.setCentralWidget(central)
        self.analysis_panel = RowColAnalysisPanel()
        self.analysis_dock = QDockWidget("Analysis", self)
        self.analysis_dock.setObjectName("rowColAnalysisDock")
        self.analysis_dock.setWidget(self.analysis_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.analysis_dock)

    def _action(
        self,
        text: str,
        slot: object,
        shortcut: str | QKeySequence | QKeySequence.StandardKey | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _create_actions(self) -> None:
        self.new_game_action = self._action(
            "&New Game…", self.new_game_requested, QKeySequence.StandardKey.New
        )
        self.play_again_action = self._action("Play &Again", self.play_again, "Ctrl+R")
        self.setup_action = self._action("Set &Up Position…", self.show_setup_dialog, "Ctrl+E")
        self.close_action = self._action("&Close", self.close, QKeySequence.StandardKey.Close)
        self.undo_action = self._action("&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action("&Redo", self.redo, QKeySequence.StandardKey.Redo)
        self.hint_action = self._action("&Hint", self.hint, "H")
        self.pause_action = self._action("&Pause", self._toggle_pause, "Ctrl+P")
        self.step_action = self._action("&Step", self.step, "Ctrl+.")
        self.rules_action = self._action(
            "Row && Column &Rules", self.show_rules, QKeySequence.StandardKey.HelpContents
        )
        self.undo_stack.canUndoChanged.connect(self._update_actions)
        self.undo_stack.canRedoChanged.connect(self._update_actions)
        game = self.menuBar().addMenu("&Game")
        for action in (self.new_game_action, self.play_again_action, self.setup_action):
            game.addAction(action)
        game.addSeparator()
        game.addAction(self.close_action)
        edit = self.menuBar().addMenu("&Edit")
        for action in (self.undo_action, self.redo_action, self.hint_action):
            edit.addAction(action)
        play = self.menuBar().addMenu("&Play")
        play.addAction(self.pause_action)
        play.addAction(self.step_action)
        view = self.menuBar().addMenu("&View")
        view.addAction(self.analysis_dock.toggleViewAction())
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(self.rules_action)

    # -- the game ------------------------------------------------------------------------

    def start(self, setup: TableSetup, seed: int) -> None:
        """A new game: ``setup``'s board and players, the board drawn from ``seed``."""
        if self.records is None and setup.record:
            setup = replace(setup, record=False)
        self._reset(TableSession(setup, seed), saved=False)
        ai_vs_ai = setup.mode is GameMode.AI_VS_AI
        self.autoplay_bar.setVisible(ai_vs_ai)
        self.autoplay_bar.set_finished(False)
        self.autoplay_bar.set_delay(setup.move_delay_ms)
        self._set_delay(setup.move_delay_ms)
        self.set_paused(False)
        start = self.start_position
        self.setWindowTitle(f"Row & Column {start.size}×{start.size}")
        board = f"the board no. {seed}" if setup.start is None else ""
        words = [f"New game of Row & Column, {start.size} by {start.size}"]
        if board:
            words.append(f"on {board}")
        self.announcer.announce(
            f"{' '.join(words)}: {self._players_text()}. {self.board_view.status_text()}"
        )
        # The grid takes the keys: arrows move, Enter or Space takes.
        self.board_view.describe_now()
        self.board_view.setFocus(Qt.FocusReason.OtherFocusReason)
        self._refresh()

    def play_again(self) -> None:
        """The same players again: a new board from a new seed (or the same typed board)."""
        setup = self.session.setup
        seed = self.session.seed
        if setup.start is None:
            seed = random.randrange(MAX_SEED)
        self.start(setup, seed)

    def replay(self, start: Position, cells: list[int], names: tuple[str, str], when: str) -> None:
        """Show a recorded game at its end; the replay bar (and Undo, Redo) steps through it."""
        spec = find_game(start.variant.id)
        setup = TableSetup(
            spec,
            GameMode.HUMAN_VS_HUMAN,
            (Seat.human(names[0]), Seat.human(names[1])),
            start=RowColState(spec, start),  # type: ignore[arg-type]
            record=False,
        )
        self._reset(TableSession(setup, 0), saved=True)
        self.autoplay_bar.hide()
        self._replay_cells = list(cells)
        self._replay_title = f"{names[0]} (A) vs {names[1]} (B), {when}"
        self.replay_bar.show()
        self.setWindowTitle(f"Row & Column — {self._replay_title}")
        self.announcer.announce(
            f"Replaying {names[0]} against {names[1]}, {when}: the replay bar, or undo and "
            "redo, step through it."
        )
        self.replay_seek(len(cells))
        # Said before the window comes up with the focus on the grid, so it is said once.
        self.board_view.describe_now()

    @property
    def replaying(self) -> bool:
        return self._replay_cells is not None

    def replay_seek(self, index: int) -> None:
        """Show the recorded game after ``index`` takes."""
        cells = self._replay_cells
        if cells is None:
            return
        index = max(0, min(len(cells), index))
        if index >= len(cells):
            self._set_replay_playing(False)
        self._replay_index = index
        self.replay_bar.show_position(index, len(cells), self._replay_title, unit="Take")
        self._set_takes(tuple(cells[:index]))

    def _set_replay_playing(self, playing: bool) -> None:
        cells = self._replay_cells
        if playing and cells is not None and self._replay_index >= len(cells):
            self.replay_seek(0)  # Play from the end starts again from the beginning
        self.replay_bar.set_playing(playing)
        if playing:
            self._replay_timer.start()
        else:
            self._replay_timer.stop()

    def _replay_tick(self) -> None:
        self.replay_seek(self._replay_index + 1)

    def _leave_replay(self) -> None:
        self._replay_timer.stop()
        self._replay_cells = None
        self.replay_bar.set_playing(False)
        self.replay_bar.hide()

    def _reset(self, session: TableSession, *, saved: bool) -> None:
        self._leave_replay()
        self._think.stop()
        self._pending = None
        self._hint_waiting = False
        self._step_once = False
        self.engine.cancel()
        self.session = session
        self._saved = saved
        self._save_failed = ""
        self._announced_takes = 0
        self.undo_stack.clear()
        self.banner.show_info(None)
        self.board_view.set_position(self.position, {})
        self.board_view.new_game()
        self.players_label.setText(self._players_text())

    # -- the game's position, as the grid shows it -----------------------------------

    @property
    def position(self) -> Position:
        """The position on the grid now."""
        return _position(self.session.state)

    @property
    def start_position(self) -> Position:
        return _position(self.session.start)

    def takes(self) -> tuple[Take, ...]:
        """Every take so far: who took which cell and its value."""
        session = self.session
        return tuple(
            Take(before.to_move, cell, before.values[cell])
            for before, cell in zip(
                (_position(state) for state in session.states), session.moves, strict=False
            )
        )

    def owners(self) -> dict[int, Player]:
        """Who took each taken cell (for the board's colours)."""
        return {take.cell: take.player for take in self.takes()}

    def analysis_now(self) -> RowColAnalysis | None:
        """The engine's analysis of the position on the grid, once it has come."""
        analysis = self.session.analysis_of(self.session.state)
        source = None if analysis is None else analysis.source
        return source if isinstance(source, RowColAnalysis) else None

    def _mover_name(self) -> str:
        mover = self.session.state.to_move
        return "" if mover is None else self.session.name_of(mover)

    def _players_text(self) -> str:
        session = self.session
        return f"{session.name_of(0)} (A) against {session.name_of(1)} (B)"

    def _set_takes(self, cells: tuple[int, ...]) -> None:
        self._think.stop()
        self._pending = None
        self._hint_waiting = False
        taken_before = len(self.session.moves)
        self.session.set_moves(cells)
        self.board_view.set_position(self.position, self.owners())
        if len(cells) == taken_before + 1:
            self._announce_take()
        elif len(cells) < taken_before and not self._undoing:
            self.announcer.announce(f"Taken back. {self.board_view.status_text()}")
        self._refresh()

    def _announce_take(self) -> None:
        take = self.takes()[-1]
        name = self.session.name_of(0 if take.player is Player.A else 1)
        label = self.start_position.cell_label(take.cell)
        text = f"{name} ({take.player}) takes {label}, {take.value}."
        coach = self._coach_line()
        if coach:
            text += f" {coach.strip()}"
        if not self.session.is_over:
            text += f" {self.board_view.status_text()}"
        self.announcer.announce(text)

    def _take(self, cell: int) -> None:
        before = self.session.moves
        self.undo_stack.push(_TakesCommand(self, before, (*before, cell)))

    def undo(self) -> None:
        if self.replaying:
            self.replay_seek(self._replay_index - 1)
            return
        # Against a computer player, undo takes back its reply and the person's take:
        # said once, with the cells taken back ("Took back c2 and a2. …").
        before = self.takes()
        self._undoing = True
        try:
            self.undo_stack.undo()
            if self.session.setup.mode is GameMode.HUMAN_VS_AI:
                while self.undo_stack.canUndo() and self.session.ai_to_move():
                    self.undo_stack.undo()
        finally:
            self._undoing = False
        taken_back = before[len(self.session.moves) :]
        if taken_back:
            cells = " and ".join(self.start_position.cell_label(t.cell) for t in taken_back)
            self.announcer.announce(f"Took back {cells}. {self.board_view.status_text()}")

    def redo(self) -> None:
        if self.replaying:
            self.replay_seek(self._replay_index + 1)
            return
        self.undo_stack.redo()

    def hint(self) -> None:
        if not self.session.is_human_turn():
            self._say("A hint is for a person's turn.")
            return
        if self._hint_waiting:
            return  # asked already: it comes with the analysis
        self.session.count_hint()
        analysis = self.session.analysis_of(self.session.state)
        if analysis is None:
            self._hint_waiting = True
            self._say("The hint comes with the analysis: thinking…")
            return
        self._show_hint(analysis)

    def _show_hint(self, analysis: GameAnalysis) -> None:
        self.board_view.set_hints(analysis.best_moves)
        self._say(self.session.hint_text(analysis))

    def _on_engine_failed(self, message: str) -> None:
        """Never a silent wait: say the engine failed (the error is in the log) and what to do."""
        self._say(f"The engine failed: {message}. Undo (Ctrl+Z), take again or start a New Game.")

    def _say(self, text: str) -> None:
        """Show ``text`` under the grid and say it to screen readers."""
        self.status_label.setText(text)
        self.announcer.announce(text)

    def _refresh(self) -> None:
        session = self.session
        self.board_view.set_interactive(session.is_human_turn() and not self.replaying)
        self.analysis_panel.show_thinking()
        self._update_actions()
        if self.replaying:
            self.banner.show_info(None)
            words = session.result_words()
            self.status_label.setText(
                f"{words}. {self.board_view.status_text()}"
                if words
                else self.board_view.status_text()
            )
        elif session.is_over:
            self._show_end()
        else:
            self.banner.show_info(None)
            self.autoplay_bar.set_finished(False)
            if session.ai_to_move():
                paused = " (paused)" if self._held() else ""
                self.status_label.setText(f"{self._mover_name()} is thinking…{paused}")
            else:
                self.status_label.setText(f"{self._coach_line()}{self.board_view.status_text()}")
        seat = session.player_to_move
        player = seat.name if seat is not None and seat.is_ai else None
        self.engine.submit(session.state, player=player, rng=session.move_rng())

    def _show_end(self) -> None:
        session = self.session
        note = self._save()
        people = [
            summary
            for summary, player in zip(session.summaries(), session.setup.seats, strict=True)
            if not player.is_ai
        ]
        summary = "\n".join(s.describe() for s in people)
        self.banner.show_text(
            session.result_words() + ".",
            session.reaction(),
            summary,
            note,
            save_failed=bool(self._save_failed),
        )
        self.autoplay_bar.set_finished(True)
        self.status_label.setText(self.board_view.status_text())
        if len(session.moves) > self._announced_takes:
            self._announced_takes = len(session.moves)
            reaction = session.reaction()
            self.announcer.announce(
                f"Game over. {session.result_words()}. {reaction} {note}", assertive=True
            )

    def _coach_line(self) -> str:
        """Between two people, the coach's word on the last take (once it has been analysed)."""
        session = self.session
        if session.setup.mode is not GameMode.HUMAN_VS_HUMAN or not session.moves:
            return ""
        verdict = session.verdict_at(len(session.moves) - 1)
        if verdict is None:
            return ""
        cell = session.moves[-1]
        how = " by the estimate" if session.by_estimate(len(session.moves) - 1) else ""
        return f"{self.start_position.cell_label(cell)} was {verdict.value}{how}. "

    def _save(self) -> str:
        """Record the game the first time it ends (never again after an undo); what happened."""
        if self._save_failed:
            return self._save_failed
        if self._saved:
            return "Recorded." if self.session.setup.record else ""
        if self.records is None:
            return ""
        if self.session.setup.from_position:
            return "Not recorded: a game from a set-up position counts for nobody."
        session = self.session
        if not session.is_over or not session.setup.recorded:
            return ""
        try:
            game = state_finished_game(
                session.state,
                *session.sides(),
                session.setup.mode,
                session.started_at,
                datetime.now(UTC),
                seed=session.seed,
            )
            game_id = self.records.save_game(game)
        except (RecordsError, ValueError) as error:
            self._save_failed = f"Not recorded: {error}."
            return self._save_failed
        self._saved = True
        self.game_saved.emit(game_id)
        return "Recorded."

    def _retry_save(self) -> None:
        self._save_failed = ""
        self._announced_takes = 0
        self._refresh()

    # -- AI vs AI ------------------------------------------------------------------------

    def _held(self) -> bool:
        """Whether computer takes wait: an AI vs AI game paused (and not stepping)."""
        return self.session.setup.mode is GameMode.AI_VS_AI and self._paused and not self._step_once

    def set_paused(self, paused: bool) -> None:
        """Pause or resume two computer players (a person's game is never paused)."""
        self._paused = paused
        self.autoplay_bar.set_paused(paused)
        self.pause_action.setText("&Resume" if paused else "&Pause")
        if paused:
            self._think.stop()
        elif self._pending is not None:
            self._think.start(self._delay())
        if self.session.ai_to_move():
            self._refresh_status()

    def _toggle_pause(self) -> None:
        if self.session.setup.mode is GameMode.AI_VS_AI and not self.session.is_over:
            self.set_paused(not self._paused)
            # The keys give no other sign of it (the Pause button says so when pressed).
            self.announcer.announce("Paused." if self._paused else "Resumed.")

    def step(self) -> None:
        """One take now, then paused."""
        if self.session.setup.mode is not GameMode.AI_VS_AI or self.session.is_over:
            return
        self.set_paused(True)
        if self._pending is not None:
            self._apply_pending()
        else:
            self._step_once = True

    def _set_delay(self, delay_ms: int) -> None:
        self._delay_ms = delay_ms
        # The slider's value is a position on it; its description says what it means.
        self.autoplay_bar.speed.setAccessibleDescription(self._pace_text())

    def _pace_text(self) -> str:
        if not self._delay_ms:
            return "Instant: no pause between takes"
        return f"A take every {self._delay_ms / 1000:.2f} seconds"

    def _delay(self) -> int:
        if self.session.setup.mode is GameMode.AI_VS_AI:
            return self._delay_ms
        return THINK_MS

    def _refresh_status(self) -> None:
        paused = " (paused)" if self._held() else ""
        self.status_label.setText(f"{self._mover_name()} is thinking…{paused}")

    # -- set-up and help -----------------------------------------------------------------

    def show_setup_dialog(self) -> RowColSetupDialog:
        """Type or paste a board with taken cells and play on from it with the same players."""
        from tictactoe_gui.gui.dialogs.rowcol_setup import RowColSetupDialog

        dialog = RowColSetupDialog(self.position, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.start_from_position(dialog.position()))
        dialog.open()
        return dialog

    def start_from_position(self, position: Position) -> None:
        """Play on from ``position`` with the current players; such a game is not recorded."""
        spec = find_game(position.variant.id)
        setup = replace(
            self.session.setup,
            spec=spec,
            start=RowColState(spec, position),  # type: ignore[arg-type]
            from_position=True,
            record=False,
        )
        self.start(setup, self.session.seed)

    def show_rules(self) -> QMessageBox:
        box = QMessageBox(self)
        box.setWindowTitle("Row & Column Rules")
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(RULES_HTML)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    # -- signals -------------------------------------------------------------------------

    def _update_actions(self) -> None:
        ai_vs_ai = self.session.setup.mode is GameMode.AI_VS_AI
        self.pause_action.setEnabled(ai_vs_ai and not self.session.is_over)
        self.step_action.setEnabled(ai_vs_ai and not self.session.is_over)
        self.hint_action.setEnabled(self.session.is_human_turn())
        if self.replaying and self._replay_cells is not None:
            self.undo_action.setEnabled(self._replay_index > 0)
            self.redo_action.setEnabled(self._replay_index < len(self._replay_cells))
            self.hint_action.setEnabled(False)
            return
        self.undo_action.setEnabled(self.undo_stack.canUndo())
        self.redo_action.setEnabled(self.undo_stack.canRedo())

    def _on_announced(self, text: str, assertive: bool) -> None:
        # Screen readers that ignore announcements (Orca 43) speak the focused object's
        # description when it changes: the news goes in the board's, and in that of the
        # AI vs AI or replay bar's control that has the focus (until it loses it), so that
        # a take played by Step or the replay's arrows, or watched from a bar, is heard.
        del assertive
        self.board_view.add_news(text)
        focus = QApplication.focusWidget()
        if focus is not None and focus in self._news_controls:
            focus.setAccessibleDescription(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusOut and watched in self._news_controls:
            assert isinstance(watched, QWidget)
            # Back to its tooltip (the speed slider: to its pace) once the focus has moved
            # on (a change said before that would be read out as the control is left).
            speed = watched is self.autoplay_bar.speed
            QTimer.singleShot(
                0,
                watched,
                lambda: watched.setAccessibleDescription(self._pace_text() if speed else ""),
            )
        return super().eventFilter(watched, event)

    def _on_cell_activated(self, row: int, col: int) -> None:
        cell = self.position.cell(row, col)
        why = self.session.why_not_playable(cell)
        if why is not None:
            self.status_label.setText(why)
            self.announcer.announce(why)
            return
        self._take(cell)

    @Slot(object)
    def _on_analysis(self, answer: GameAnswer) -> None:
        analysis = answer.analysis.source
        if isinstance(analysis, RowColAnalysis) and analysis.position == self.position:
            self.session.add_analysis(answer.state, answer.analysis)
            self.analysis_panel.show_analysis(analysis)
            if self.session.is_human_turn():
                self.status_label.setText(f"{self._coach_line()}{self.board_view.status_text()}")
                if self._hint_waiting:
                    self._hint_waiting = False
                    self._show_hint(answer.analysis)

    def _is_now(self, state: object) -> bool:
        """Whether an answer about ``state`` is about the position on the grid now."""
        return isinstance(state, RowColState) and state.position == self.position

    @Slot(object)
    def _on_take_chosen(self, choice: GameMove) -> None:
        if not self._is_now(choice.state):
            return
        self._pending = choice
        if self._step_once:
            self._step_once = False
            self._apply_pending()
        elif not self._held():
            self._think.start(self._delay())

    def _apply_pending(self) -> None:
        choice, self._pending = self._pending, None
        if choice is not None and self._is_now(choice.state):
            self._take(choice.move)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Back from being closed: ask again for what the closing cancelled.
        if not event.spontaneous():
            self._refresh()

    def _restore_layout(self) -> None:
        if self._settings is None:
            return
        state = self._settings.value("rowColumnWindow/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        geometry = self._settings.value("rowColumnWindow/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)

    def save_layout(self) -> None:
        """Keep the window's size, place and docks for the next time it opens."""
        if self._settings is None:
            return
        self._settings.setValue("rowColumnWindow/geometry", self.saveGeometry())
        self._settings.setValue("rowColumnWindow/state", self.saveState())

    def closeEvent(self, event: QCloseEvent) -> None:
        # Closing hides the window and stops its search; the game waits for its return.
        self.save_layout()
        self._think.stop()
        self._pending = None
        self._step_once = False
        self.engine.cancel()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop the engine thread (cancel, quit, wait): when the app closes."""
        if self.isVisible():
            self.save_layout()
        self._think.stop()
        self.engine.cancel()
        if self._own_engine is not None:
            self._own_engine.shutdown()


def default_setup() -> TableSetup:
    """A person against Hedge on a 4×4 board: the window's game before one is chosen."""
    spec = find_game("rowcol4")
    return TableSetup(
        spec,
        GameMode.HUMAN_VS_AI,
        (Seat.human("Player"), Seat.ai(spec, "maximize-future-min")),
    )


def _position(state: GameState) -> Position:
    assert isinstance(state, RowColState)
    return state.position


RULES_HTML = (
    "<h3>Row &amp; Column</h3>"
    "<p>Two players, <b>A</b> and <b>B</b>, take numbers from a square grid in turn. "
    "The first take may be any cell. After that, each take must be in the <b>same row or "
    "the same column as the last cell taken</b>, by either player. A taken cell is gone, "
    "and its value is added to the taker's score; values can be negative, so a forced take "
    "can hurt.</p>"
    "<p>When the player to move has no cell left in that row and column, the game ends at "
    "once, even if other cells remain. The higher score wins; equal scores tie.</p>"
    "<p><b>Computer players.</b> Dice takes at random. Magpie (greedy) takes the largest "
    "value allowed. Hedge (maximize-future-min) looks one take ahead: the cell that leaves "
    "the most after the opponent's best reply. Abacus (perfect) searches the game to its end "
    "on grids up to 5×5 and deeper ahead beyond, and says when its analysis is an "
    "estimate.</p>"
    "<p><b>Playing.</b> Click a highlighted cell, or move with the arrow keys and press "
    "Enter or Space. Undo (Ctrl+Z) takes back your take and the reply; H asks for a hint; "
    "the analysis beside the grid gives every allowed cell's margin: your points minus the "
    "opponent's from this take to the end, with best play by both.</p>"
    "<p><b>Set Up Position</b> (Ctrl+E) plays on from a board you type or paste, with "
    "<tt>.</tt> for taken cells; such a game is not recorded. On the command line, "
    "<tt>tictactoe-gui play --game rowcol</tt>, <tt>analyse --game rowcol</tt> and "
    "<tt>match --game rowcol</tt> do the same.</p>"
)
