"""The analysis dock: what the engine thinks of the position on the board, for any game.

It shows one position's :class:`~tictactoe_gui.engine.games.GameAnalysis` at a time (the
controller only ever hands over analyses of the board shown), read through the game
interface alone, in sections with one job each (``gui/analysis/``): the coach (the
computer player and its comment), the thinking line with the search's progress and Stop,
the outcome (the predicted result, an evaluation bar with a number and its reading in
words, whether the result is proven or an estimate, Prove the Result), the candidate moves
in a table model, the expected line with the search's figures, and the study panel (the
engine's time per move, the game's searches to choose and compare). The dock puts them
together, hides the engine's view on a person's own turn against an AI, and previews a
candidate on the board.

What a game offers is asked of it: its searches (``spec.algorithms``, compared where
``spec.compares(state)``), whether an estimate can become a proof with more time
(``spec.solving``), whether its search says how deep it looked (``spec.reports_depth``).

The prediction is the engine's full search, whoever is playing: a weaker player on move
does not know it. An estimate is never shown as a certainty: its bar stops short of either
end and every reading of it says "estimate".
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelection, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine import SearchProgress
from tictactoe_gui.engine.games import Certainty, GameAnalysis, GameState, PlayerInfo, Solving
from tictactoe_gui.gui.accessibility import set_shown_keeping_focus
from tictactoe_gui.gui.analysis import game_words
from tictactoe_gui.gui.analysis.candidates import (
    DEFAULT_TOP_N,
    CandidatesModel,
    CandidatesSection,
    SearchDetails,
)
from tictactoe_gui.gui.analysis.coach import CoachCard
from tictactoe_gui.gui.analysis.engine_view import DEFAULT_TIME_BUDGET, StudyPanel, ThinkingLine
from tictactoe_gui.gui.analysis.outcome import EvaluationBar, OutcomeSection
from tictactoe_gui.gui.analysis.spoiler import SpoilerGuard
from tictactoe_gui.session.words import game_over

__all__ = ["DEFAULT_TIME_BUDGET", "DEFAULT_TOP_N", "AnalysisDock"]


class AnalysisDock(QDockWidget):
    """What the engine thinks of the position on the board, for any game.

    The controller makes three calls, and listens to the signals below (Stop, Analyse
    Again, Prove the Result, the search and its comparison, the time per move, the top-N
    choice, the spoiler guard; :meth:`show_ended`, :meth:`set_comment`):

    - :meth:`show_game_thinking` ``(state)`` when the position changes;
    - :meth:`show_game_analysis` ``(state, analysis, names)`` when its analysis comes
      (with the searches compared, where asked);
    - :meth:`set_game_player` ``(player, role)`` for the computer player's card.

    The dock then shows the proven/estimate badge, the predicted result naming the side
    ("X wins in 13 plies with best play (proven)", "B ahead by 3, estimated"), the candidate
    table in the game's notation (every move's result for the side to move, or its points
    and margin), the best move, the expected line, nodes, depth and time. Selecting a
    candidate emits :attr:`preview_requested` with its line.
    """

    #: A candidate was selected: preview it on the board (the GameState it is played from,
    #: the moves: the candidate, then the line expected after it); (None, ()) clears it.
    preview_requested = Signal(object, object)
    #: The search the analysis uses, one of the game's ``algorithms``.
    algorithm_changed = Signal(str)
    compare_requested = Signal()
    top_n_changed = Signal(int)
    reveal_changed = Signal(bool)
    #: The engine's time per move on boards it cannot solve, in seconds.
    time_budget_changed = Signal(float)
    stop_requested = Signal()
    restart_requested = Signal()
    #: Prove the result of a position that the analysis only estimated (more time).
    prove_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Analysis", parent)
        self.setObjectName("analysisDock")
        self.setAllowedAreas(
            Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
        )
        #: The position and its analysis shown (None: on the way, or nothing yet).
        self._game_state: GameState | None = None
        self._game_analysis: GameAnalysis | None = None
        self._game_names: tuple[str, str] = ("", "")
        #: Whether the window answers the study's requests for the game shown.
        self._study_offered = False
        #: Whether the coach's card was set since the last position came (see _enter).
        self._card_fresh = False
        self._stop_available = False
        self._guarded = False
        self._build()

    def _build(self) -> None:
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(10, 8, 10, 10)
        layout.setSpacing(8)

        self._coach = CoachCard()
        layout.addWidget(self._coach)

        self._thinking = ThinkingLine()
        self._thinking.stop_button.clicked.connect(self.stop_requested)
        layout.addWidget(self._thinking)

        self._spoiler = SpoilerGuard()
        self._reveal_check = self._spoiler.reveal_check
        self._reveal_check.toggled.connect(self._on_reveal)
        layout.addWidget(self._spoiler)

        # The engine's view: what a person's own turn against an AI keeps out of sight.
        self._engine_view = QWidget()
        engine_layout = QVBoxLayout(self._engine_view)
        engine_layout.setContentsMargins(0, 0, 0, 0)
        engine_layout.setSpacing(8)
        layout.addWidget(self._engine_view)
        self._outcome = OutcomeSection()
        self._outcome.prove_button.clicked.connect(self.prove_requested)
        engine_layout.addWidget(self._outcome)
        # The candidates and the search figures: nothing to show once the game is over.
        self._candidates_box = QWidget()
        self._candidates_box.setObjectName("candidatesBox")
        candidates_layout = QVBoxLayout(self._candidates_box)
        candidates_layout.setContentsMargins(0, 0, 0, 0)
        candidates_layout.setSpacing(8)
        engine_layout.addWidget(self._candidates_box)
        self._candidates = CandidatesSection()
        self._candidates.top_n_changed.connect(self.top_n_changed)
        self._candidates.table.selectionModel().selectionChanged.connect(self._on_selection)
        candidates_layout.addWidget(self._candidates)
        self._details = SearchDetails()
        candidates_layout.addWidget(self._details)

        self._study = StudyPanel()
        self._study.algorithm_changed.connect(self.algorithm_changed)
        self._study.time_budget_changed.connect(self.time_budget_changed)
        self._study.restart_button.clicked.connect(self.restart_requested)
        self._study.compare_button.clicked.connect(self.compare_requested)
        layout.addWidget(self._study)
        layout.addStretch(1)

        # The parts other code and tests look at, by the names they had.
        self._portrait = self._coach.portrait
        self._certainty = self._outcome.certainty
        self._thinking_bar = self._thinking.bar
        self._search_clock = self._thinking.search_clock

        scroll = self._scroll = QScrollArea()
        scroll.setAccessibleName("Analysis")
        # Tab goes to the controls inside, which the frame scrolls into view; the frame
        # itself would be a stop with no focus mark that arrow keys seem not to answer.
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body.setMinimumWidth(280)
        # Never narrower than its content (a saved layout may remember a narrower dock).
        scroll.setMinimumWidth(280 + scroll.verticalScrollBar().sizeHint().width() + 4)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        # The wheel scrolls the dock past its choices; only a focused choice answers it.
        self._wheel_guard = _WheelPassesUnfocused(self)
        for combo in body.findChildren(QComboBox):
            combo.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel gives no focus
            combo.installEventFilter(self._wheel_guard)
        self.setWidget(scroll)
        self._coach.apply_bubble_style()
        self._outcome.apply_banner_style(None)

    def sizeHint(self) -> QSize:
        return QSize(330, 600)

    @property
    def scroll_area(self) -> QScrollArea:
        """The panel the dock's sections scroll in."""
        return self._scroll

    # -- what to show ---------------------------------------------------------------------

    @property
    def model(self) -> CandidatesModel:
        return self._candidates.model

    @property
    def portrait(self) -> QLabel:
        return self._coach.portrait

    @property
    def compare_button(self) -> QPushButton:
        return self._study.compare_button

    @property
    def table(self) -> QTableView:
        return self._candidates.table

    @property
    def restart_button(self) -> QPushButton:
        return self._study.restart_button

    @property
    def prove_button(self) -> QPushButton:
        return self._outcome.prove_button

    @property
    def evaluation_bar(self) -> EvaluationBar:
        return self._outcome.evaluation_bar

    @property
    def time_budget_combo(self) -> QComboBox:
        return self._study.budget_combo

    @property
    def stop_button(self) -> QPushButton:
        return self._thinking.stop_button

    @property
    def reveal_check(self) -> QCheckBox:
        return self._reveal_check

    def prediction_text(self) -> str:
        return self._outcome.prediction_label.text()

    def comment_text(self) -> str:
        return self._coach.comment_label.text()

    def thinking_text(self) -> str:
        return self._thinking.text()

    def nodes_text(self) -> str:
        return self._details.nodes_label.text()

    def line_text(self) -> str:
        return self._details.line_label.text()

    def depth_text(self) -> str:
        return self._details.depth_label.text()

    def best_move_text(self) -> str:
        return self._details.best_label.text()

    def speed_text(self) -> str:
        return self._details.speed_label.text()

    def certainty_text(self) -> str:
        return self._outcome.certainty.text()

    def evaluation_text(self) -> tuple[str, str]:
        """The evaluation's number and its reading, as shown."""
        return self._outcome.evaluation_number.text(), self._outcome.evaluation_reading.text()

    def comparison_rows(self) -> list[tuple[str, str, str]]:
        """The comparison grid as text: (algorithm, nodes, time) per row."""
        return self._study.comparison_rows()

    def show_player(self, player: PlayerInfo | None, role: str) -> None:
        """Show a computer player's card in its role ("Opponent", "Coach", "To move"…;
        None: "Engine"), in any game."""
        self._card_fresh = True
        self._coach.set_player(player, role)
        if player is not None:
            self._update_prediction()

    def set_game_player(self, player: PlayerInfo | None, role: str) -> None:
        """A computer player on the coach's card (None: "Engine"), without the remark of the
        player on it before."""
        self.show_player(player, role)
        self._coach.set_comment("")

    def set_player_names(self, first: str, second: str) -> None:
        """Who plays in each seat, so the prediction and a finished game name them (a name
        equal to its seat's mark, or empty, leaves the mark alone)."""
        self._game_names = (first, second)
        self._update_prediction()

    def candidates_shown(self) -> bool:
        return not self._candidates_box.isHidden()

    def set_spoiler_guard(self, guarded: bool) -> None:
        """Hide the engine's lines during a person's own turn against an AI (unless revealed)."""
        self._guarded = guarded
        hidden = guarded and not self._reveal_check.isChecked()
        # A part the player is in stays until they leave it: hiding it would move the focus.
        set_shown_keeping_focus(self._engine_view, not hidden)
        set_shown_keeping_focus(self._spoiler, guarded)
        self._spoiler.say(hidden or not guarded)
        if hidden:
            self._clear_preview()

    def set_reveal(self, reveal: bool) -> None:
        self._reveal_check.setChecked(reveal)

    def engine_view_hidden(self) -> bool:
        return self._engine_view.isHidden()

    def _on_reveal(self, reveal: bool) -> None:
        self.set_spoiler_guard(self._guarded)
        self.reveal_changed.emit(reveal)

    def set_comment(self, text: str) -> None:
        self._coach.set_comment(text)

    def set_thinking(self, busy: bool, text: str) -> None:
        self._thinking.set_thinking(busy, text)

    def set_progress(self, nodes: int) -> None:
        """The search's progress while it runs: nodes so far and how fast it goes."""
        if self._thinking.isHidden():
            return
        self._thinking.show_nodes(nodes)
        if self._game_analysis is None:
            # The search under way is the one the details describe (a proof can run for
            # minutes): they follow it, rather than keep the last depth's figures.
            self._details.show_nodes(nodes, self._thinking.seconds())

    def set_stop_available(self, available: bool) -> None:
        """Whether the dock offers Stop and Analyse Again (the window knows whether it can)."""
        self._thinking.stop_button.setVisible(available)
        self._study.restart_button.setVisible(available)
        self._stop_available = available

    def show_search_progress(self, progress: SearchProgress, state: GameState) -> None:
        """What a search that cannot be exact has found so far in ``state``, after each
        completed depth: the depth, speed, best move, line and evaluation (all marked as an
        estimate).

        The thinking line says only how far it has got (it shows even when the engine's
        view is hidden on a person's turn); the rest goes where the analysis goes.
        """
        if progress.depth <= 0:
            return
        if not self._thinking.isHidden():
            self._thinking.show_progress(progress)
        if self._game_analysis is not None and self._game_state == state:
            return  # the final answer is in already
        self._details.show_progress(progress, state)
        self._outcome.show_progress(progress, state)

    def set_time_budget(self, seconds: float) -> None:
        """Pick the offered time nearest ``seconds``."""
        self._study.set_time_budget(seconds)

    def time_budget(self) -> float:
        return self._study.time_budget()

    def set_algorithm(self, algorithm: str) -> None:
        """The search the analysis uses, one of the game's ``algorithms`` (said through
        :attr:`algorithm_changed` when it changes)."""
        self._study.set_algorithm(algorithm)

    def algorithm(self) -> str:
        """The search chosen ("" until one is)."""
        return self._study.algorithm()

    def set_top_n(self, top_n: int) -> None:
        self._candidates.set_top_n(top_n)

    def top_n(self) -> int:
        return self._candidates.top_n()

    def show_game_thinking(self, state: GameState, *, study: bool = False) -> None:
        """``state`` is on the board and its analysis is on the way: the last position's
        candidates, prediction, line and figures are cleared, and the dock says it is
        thinking (with the search's progress and Stop, as :meth:`set_thinking` gives it,
        until :meth:`show_game_analysis`). ``study`` as there."""
        self._enter(state, None, study)
        self._study.comparison.hide()  # it described the previous position
        self._candidates.model.set_game_rows(
            game_words.columns(state), (), game_words.column_tips(state)
        )
        self._clear_preview()
        self._details.fill("…")
        self._outcome.show_looking("Looking at the position…")
        set_shown_keeping_focus(self._candidates_box, not state.is_over)
        self._thinking.set_thinking(True, "Thinking…")

    def show_game_analysis(
        self,
        state: GameState,
        analysis: GameAnalysis | None,
        names: tuple[str, str],
        *,
        comparison: tuple[tuple[str, GameAnalysis], ...] = (),
        study: bool = False,
    ) -> None:
        """Show ``analysis`` of ``state`` (the game's ``spec.analyse``), and end the thinking
        line; None: its analysis is on the way (:meth:`show_game_thinking`).

        ``names`` are the players in seat order (``session.name_of(0)``, ``(1)``): the
        prediction names the side with them ("Ann (X) wins in 13 plies with best play
        (proven)"); a name equal to its seat's mark, or empty, leaves the mark alone.
        ``comparison`` is each of the game's searches by name with its analysis of ``state``
        (``spec.compare_algorithms``), shown side by side. ``study``: the window answers
        the study's requests for this game (the search chosen, Compare, Prove the Result),
        so the dock offers what the game has of them. A finished ``state`` shows
        "Game over: …" and no candidates.
        """
        self._game_names = names
        if analysis is None:
            self.show_game_thinking(state, study=study)
            return
        self._enter(state, analysis, study)
        model = self._candidates.model
        model.set_palette(self.palette())
        model.set_game_rows(
            game_words.columns(state),
            game_words.rows(state, analysis),
            game_words.column_tips(state),
        )
        self._clear_preview()
        set_shown_keeping_focus(self._candidates_box, not state.is_over)
        self._details.show_game(state, analysis)
        self._update_prediction()
        self._thinking.set_thinking(False, "")
        if comparison:
            self._show_comparison(state, comparison)

    @property
    def game_analysis(self) -> GameAnalysis | None:
        """The analysis shown, if any."""
        return self._game_analysis

    @property
    def game_state(self) -> GameState | None:
        """The position shown (its analysis on the way while :attr:`game_analysis` is None)."""
        return self._game_state

    def _enter(self, state: GameState, analysis: GameAnalysis | None, study: bool) -> None:
        """``state`` (and its analysis) shown from now on, with what its game offers."""
        before = self._game_state
        if (
            before is not None
            and before.spec.game_key != state.spec.game_key
            and not self._card_fresh
        ):
            # Another game: its player is not on the card (the last one's does not carry
            # over), until the window names one.
            self._coach.clear()
        self._card_fresh = False
        self._game_state = state
        self._game_analysis = analysis
        self._study_offered = study
        spec = state.spec
        self._details.show_depth(spec.reports_depth)
        # The game's searches, to choose and compare, where it has more than one.
        searches = spec.algorithms if study and len(spec.algorithms) > 1 else ()
        self._study.set_algorithms(tuple((name, spec.algorithm_name(name)) for name in searches))
        comparable = bool(searches) and spec.compares(state)
        compare = self._study.compare_button
        compare.setEnabled(comparable)
        compare.setToolTip(
            "Solve the position with each search from a cold start, to show what each costs"
            if comparable
            else "Only positions small enough for every search to solve are compared "
            f"({spec.name}: {spec.solving_text})"
        )
        # An estimate that more time may prove: offered where the window can stop a search
        # (as with Analyse Again).
        set_shown_keeping_focus(
            self._outcome.prove_button,
            analysis is not None
            and study
            and self._stop_available
            and not state.is_over
            and analysis.certainty is Certainty.ESTIMATED
            and spec.solving is not Solving.ESTIMATED,
        )

    def show_ended(self, words: str) -> None:
        """The game ended off the board (a resignation, a forfeit): no prediction, no
        candidates and no line to play on, only how it ended."""
        state = self._game_state
        if state is not None:
            self.show_game_thinking(state, study=self._study_offered)
            self._thinking.set_thinking(False, "")
        self._outcome.evaluation_box.hide()  # nothing is on its way
        set_shown_keeping_focus(self._candidates_box, False)
        self._details.fill("—")
        self._outcome.prediction_label.setText(game_over(words))

    def _update_prediction(self) -> None:
        self._coach.apply_bubble_style()
        state, analysis = self._game_state, self._game_analysis
        if state is not None and analysis is not None:  # else still looking at the position
            outlook = game_words.outlook(state, analysis, self._game_names)
            self._outcome.show_game(outlook, game_words.number_tip(state))

    def _show_comparison(
        self, state: GameState, comparison: tuple[tuple[str, GameAnalysis], ...]
    ) -> None:
        spec = state.spec
        self._study.show_comparison(
            tuple((spec.algorithm_name(name), found) for name, found in comparison)
        )
        # It opens at the foot of the dock; a short window would leave it below the fold,
        # so the button would seem to do nothing. Scroll to it once the layout has settled.
        QTimer.singleShot(0, self, self._reveal_comparison)

    def _reveal_comparison(self) -> None:
        comparison = self._study.comparison
        if not comparison.isHidden():
            self._scroll.ensureWidgetVisible(comparison, 0, 8)

    def comparison_in_view(self) -> bool:
        """Whether the comparison is on screen (not scrolled out of the dock's view)."""
        comparison = self._study.comparison
        if comparison.isHidden():
            return False
        visible = comparison.visibleRegion().boundingRect()
        return visible.height() >= comparison.height() - 1

    def clear_comparison(self) -> None:
        self._study.comparison.hide()

    # -- reactions ------------------------------------------------------------------------

    def _clear_preview(self) -> None:
        self.preview_requested.emit(None, ())

    def _on_selection(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        rows = self._candidates.table.selectionModel().selectedRows()
        state, analysis = self._game_state, self._game_analysis
        shown = self._candidates.model.game_row_at(rows[0].row()) if rows else None
        if state is None or analysis is None or shown is None:
            self._clear_preview()
            return
        self.preview_requested.emit(state, game_words.preview_line(analysis, shown.move))

    def select_candidate(self, row: int) -> None:
        self._candidates.table.selectRow(row)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            # A theme switch: outcome colours are derived from the palette.
            self._candidates.model.set_palette(self.palette())
            self._update_prediction()


class _WheelPassesUnfocused(QObject):
    """Lets the wheel over a choice without the focus scroll the dock, rather than change
    the choice in passing (a search changed while scrolling starts a new one)."""

    def __init__(self, dock: AnalysisDock) -> None:
        super().__init__(dock)
        self._dock = dock

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() != QEvent.Type.Wheel
            or not isinstance(watched, QWidget)
            or watched.hasFocus()
        ):
            return False
        # The panel scrolls as if the choice were not there (handed on by hand: Qt hands
        # a wheel event to the parent only when it came from the window system).
        QApplication.sendEvent(self._dock.scroll_area.viewport(), event)
        return True
