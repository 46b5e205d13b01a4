"""The strips around the board: the game-over banner, AI vs AI controls and the replay bar
(the players bar above the board is in :mod:`.players_bar`).

Each is a plain widget with signals; the main window wires them to the
controller and shows the one that fits the mode.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.gui.dialogs.fields import SPEED_RANGE, delay_to_speed, speed_to_delay
from tictactoe_gui.gui.players_bar import (
    BANNER_HEADLINE_SCALE,
    BANNER_MARGIN,
    BANNER_SPACING,
    banner_room,
)
from tictactoe_gui.session.series import Tally
from tictactoe_gui.session.table import SeatSummary


@dataclass(frozen=True, slots=True)
class GameOverInfo:
    """A game's end as the banner shows it: the result, the computer player's reaction,
    each side's summary, and what became of its record."""

    headline: str
    reaction: str
    summaries: tuple[SeatSummary, ...]
    #: The records' id for the game, None if it was not saved (see ``save_note``).
    saved_id: int | None
    save_note: str = ""
    save_failed: bool = False


class ElidedLabel(QLabel):
    """Plain text that never widens its window nor wraps to more lines than it has: a line
    too long for its room ends in "…" and the whole text is its tooltip (and what a screen
    reader reads)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().horizontalAdvance("…") * 4, hint.height())

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setAccessibleName(text)
        self._update_tip()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_tip()

    def _update_tip(self) -> None:
        room = self.contentsRect().width()
        metrics = self.fontMetrics()
        fits = all(metrics.horizontalAdvance(line) <= room for line in self.text().splitlines())
        self.setToolTip("" if fits else self.text())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self.contentsRect()
        metrics = self.fontMetrics()
        # Cut short just where the tooltip says so (the same measure).
        shown = "\n".join(
            line
            if metrics.horizontalAdvance(line) <= rect.width()
            else metrics.elidedText(line, Qt.TextElideMode.ElideRight, rect.width())
            for line in self.text().splitlines()
        )
        self.style().drawItemText(
            painter,
            rect,
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            shown,
            self.foregroundRole(),
        )


#: The most of the banner's width a note beside the headline keeps whole (a longer one,
#: such as why a save failed, has only the room the headline leaves).
NOTE_WIDTH = 200


class GameOverBanner(QFrame):
    """The result, the persona's reaction, how each side played, and what to do next."""

    play_again = Signal()
    new_game = Signal()
    retry_save = Signal()
    review = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gameOverBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(14, BANNER_MARGIN, 14, BANNER_MARGIN)
        text = QVBoxLayout()
        text.setSpacing(BANNER_SPACING)
        # Each of the banner's lines keeps to one line, cut short with its whole text in its
        # tooltip and spoken name: wrapped, long names made the banner taller than the
        # players bar's room, and the board moved down when a game ended.
        self.headline = ElidedLabel()
        self.headline.setObjectName("resultHeadline")
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * BANNER_HEADLINE_SCALE)
        font.setBold(True)
        self.headline.setFont(font)
        # Whole where there is room (the note beside it takes what is left), else cut short.
        self.headline.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.reaction = ElidedLabel()
        italic = QFont(self.reaction.font())
        italic.setItalic(True)
        self.reaction.setFont(italic)
        self.summary = ElidedLabel()
        self.summary.setObjectName("accuracySummary")
        # Beside the headline, so a note ("Recorded.") takes no line of its own.
        self.save_note = ElidedLabel()
        self.save_note.setObjectName("saveNote")
        self.save_note.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.save_note.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        for label in (self.headline, self.reaction, self.summary, self.save_note):
            # Player names are user input: never let one be read as rich text.
            label.setTextFormat(Qt.TextFormat.PlainText)
        top = QHBoxLayout()
        top.addWidget(self.headline)
        top.addWidget(self.save_note, 1)
        text.addLayout(top)
        text.addWidget(self.reaction)
        text.addWidget(self.summary)
        layout.addLayout(text, 1)
        buttons = QVBoxLayout()
        self.play_again_button = QPushButton("Play Again")
        self.play_again_button.setObjectName("playAgainButton")
        self.play_again_button.setDefault(True)
        self.play_again_button.setToolTip("The same players again (Ctrl+R)")
        self.new_game_button = QPushButton("New Game…")
        self.new_game_button.setObjectName("newGameButton")
        self.new_game_button.setToolTip("Choose the mode and players (Ctrl+N)")
        self.review_button = QPushButton("Review…")
        self.review_button.setObjectName("reviewGameButton")
        self.review_button.setToolTip("Every move judged; practise the mistakes (Ctrl+Shift+R)")
        self.retry_button = QPushButton("Try Saving Again")
        self.retry_button.setObjectName("retrySaveButton")
        self.play_again_button.clicked.connect(self.play_again)
        self.new_game_button.clicked.connect(self.new_game)
        self.retry_button.clicked.connect(self.retry_save)
        self.review_button.clicked.connect(self.review)
        # Two rows of buttons, so the banner is no taller than the players bar it replaces.
        first = QHBoxLayout()
        first.addWidget(self.play_again_button)
        first.addWidget(self.retry_button)
        buttons.addLayout(first)
        second = QHBoxLayout()
        second.addWidget(self.new_game_button)
        second.addWidget(self.review_button)
        buttons.addLayout(second)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.setAutoFillBackground(True)
        self._save_failed = False
        self._restyling = False
        # The players bar's room, no more and no less: the banner takes its place without
        # moving the board.
        self.setFixedHeight(banner_room(self))
        self.hide()

    def show_info(self, info: GameOverInfo | None) -> None:
        if info is None:
            self.hide()
            return
        self.show_text(
            info.headline,
            info.reaction,
            "\n".join(s.describe() for s in info.summaries),
            info.save_note,
            save_failed=info.save_failed,
        )

    def show_text(
        self, headline: str, reaction: str, summary: str, save_note: str, *, save_failed: bool
    ) -> None:
        """Show the banner with these words (any game's: the result, a reaction, accuracy)."""
        self.headline.setText(headline)
        self.reaction.setText(reaction)
        self.reaction.setVisible(bool(reaction))
        self.summary.setText(summary)
        self.summary.setVisible(bool(summary))
        self.save_note.setText(save_note)
        # A short note ("Recorded.") whole, the headline beside it cut short first; a longer
        # one ("Only the first ending of a game is recorded.") takes only what the headline
        # leaves, cut short with its whole text in its tooltip.
        width = self.save_note.fontMetrics().horizontalAdvance(save_note) + 1
        short = width <= NOTE_WIDTH
        self.save_note.setMinimumWidth(width if short else 0)
        policy = QSizePolicy.Policy.Preferred if short else QSizePolicy.Policy.Ignored
        self.save_note.setSizePolicy(policy, QSizePolicy.Policy.Preferred)
        self.save_note.setVisible(bool(save_note))
        self._save_failed = save_failed
        self.retry_button.setVisible(save_failed)
        self._apply_colours()
        self.show()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        # A change of theme: the tinted background was worked out from the old palette, and
        # under the new text colour it would leave the result unreadable.
        if event.type() == QEvent.Type.PaletteChange and not self._restyling:
            self._apply_colours()

    def _apply_colours(self) -> None:
        self._restyling = True
        try:
            palette = self.palette()
            colour = (
                "#d23c32"
                if self._save_failed
                else palette.color(QPalette.ColorRole.PlaceholderText).name()
            )
            self.save_note.setStyleSheet(f"color: {colour};")
            highlight = QColor(palette.color(QPalette.ColorRole.Highlight))
            highlight.setAlpha(30)
            palette.setColor(QPalette.ColorRole.Window, _blend(palette, highlight))
            self.setPalette(palette)
        finally:
            self._restyling = False


def _blend(palette: QPalette, tint: QColor) -> QColor:
    base = palette.color(QPalette.ColorRole.Base)
    a = tint.alphaF()
    return QColor(
        round(base.red() * (1 - a) + tint.red() * a),
        round(base.green() * (1 - a) + tint.green() * a),
        round(base.blue() * (1 - a) + tint.blue() * a),
    )


class AutoplayBar(QFrame):
    """AI vs AI: pause and resume, one step, the pace, and the series tally."""

    pause_toggled = Signal(bool)
    step_requested = Signal()
    delay_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("autoplayBar")
        rows = QVBoxLayout(self)
        rows.setContentsMargins(8, 4, 8, 4)
        rows.setSpacing(2)
        layout = QHBoxLayout()
        style = self.style()
        self.pause_button = QPushButton("Pause")
        self.pause_button.setObjectName("pauseButton")
        self.pause_button.setCheckable(True)
        self.pause_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaPause))
        self.pause_button.toggled.connect(self._on_pause)
        self.step_button = QPushButton("Step")
        self.step_button.setObjectName("stepButton")
        self.step_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipForward))
        self.step_button.setToolTip("Play one move (pauses the game)")
        self.step_button.clicked.connect(self.step_requested)
        self.speed = QSlider(Qt.Orientation.Horizontal)
        self.speed.setObjectName("speedSlider")
        self.speed.setAccessibleName("Speed")
        self.speed.setRange(0, SPEED_RANGE)
        self.speed.setPageStep(250)
        self.speed.setSingleStep(50)  # an arrow key changes the pace by 0.05 s, not 0.001 s
        self.speed.setMinimumWidth(120)
        self.speed.setMaximumWidth(220)
        self.speed.valueChanged.connect(self._emit_delay)
        # Faster than the eye: no pause at all between moves (the slider's top is watchable).
        self.instant = QCheckBox("Instant")
        self.instant.setObjectName("instantCheck")
        self.instant.setToolTip("Play the moves with no pause between them")
        self.instant.toggled.connect(self._on_instant)
        self.tally = ElidedLabel()
        self.tally.setObjectName("tallyLabel")
        self.tally.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.pause_button)
        layout.addWidget(self.step_button)
        layout.addSpacing(12)
        layout.addWidget(QLabel("Slow"))
        layout.addWidget(self.speed)
        layout.addWidget(QLabel("Fast"))
        layout.addWidget(self.instant)
        layout.addStretch(1)
        rows.addLayout(layout)
        # On a line of its own: beside the pace controls a desktop's fonts left it room for
        # "X 1 · O 0…", the draws and the game of the series unseen.
        rows.addWidget(self.tally)

    def set_finished(self, finished: bool) -> None:
        """Nothing left to pause or step once the last game of the series has ended."""
        for button in (self.pause_button, self.step_button):
            button.setEnabled(not finished)

    def set_delay(self, delay_ms: int) -> None:
        for widget in (self.speed, self.instant):
            widget.blockSignals(True)
        self.speed.setValue(delay_to_speed(delay_ms))
        self.instant.setChecked(delay_ms == 0)
        self.speed.setEnabled(delay_ms != 0)
        for widget in (self.speed, self.instant):
            widget.blockSignals(False)

    def _emit_delay(self, *_: object) -> None:
        delay = 0 if self.instant.isChecked() else speed_to_delay(self.speed.value())
        self.delay_changed.emit(delay)

    def _on_instant(self, instant: bool) -> None:
        self.speed.setEnabled(not instant)
        self._emit_delay()

    def set_paused(self, paused: bool) -> None:
        self.pause_button.blockSignals(True)
        self.pause_button.setChecked(paused)
        self.pause_button.blockSignals(False)
        self._label(paused)

    def _on_pause(self, paused: bool) -> None:
        self._label(paused)
        self.pause_toggled.emit(paused)

    def _label(self, paused: bool) -> None:
        style = self.style()
        self.pause_button.setText("Resume" if paused else "Pause")
        icon = QStyle.StandardPixmap.SP_MediaPlay if paused else QStyle.StandardPixmap.SP_MediaPause
        self.pause_button.setIcon(style.standardIcon(icon))

    def show_tally(
        self,
        tally: Tally,
        games: int,
        x_name: str,
        o_name: str,
        *,
        between: bool = False,
        seats: tuple[str, str] = ("X", "O"),
        draws: str = "draws",
    ) -> None:
        """The series' score and where it stands: the game being played, or (``between``
        two games, the last one's ending shown) how many have been played; ``seats``, what
        the game calls its two seats, and ``draws`` its games nobody won."""
        first, second = seats
        players = f"{x_name} ({first}) vs {o_name} ({second})"
        if games <= 1 and tally.games == 0:
            self.tally.setText(players)
            return
        current = min(games, tally.games + 1)
        if between and 0 < tally.games < games:
            progress = f"{tally.games} of {games} games played"
        elif tally.games < games:
            progress = f"game {current} of {games}"
        else:
            progress = "1 game" if games == 1 else f"{games} games"
        # The score first: cut short in a narrow window, the numbers are what stays in sight
        # (the players bar names who plays X and O; the whole line is the tooltip).
        self.tally.setText(
            f"{first} {tally.wins[0]} · {second} {tally.wins[1]} · {draws} "
            f"{tally.level} — series, {progress}: {players}"
        )


class ReplayBar(QFrame):
    """A recorded game: first, back, play/pause, forward, last, and where we are."""

    seek = Signal(int)
    step = Signal(int)
    playing_toggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replayBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        style = self.style()
        self.title = ElidedLabel()
        self.title.setObjectName("replayTitle")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.first_button = QPushButton()
        self.first_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward))
        self.first_button.setToolTip("First position")
        self.back_button = QPushButton()
        self.back_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSeekBackward))
        self.back_button.setToolTip("One move back")
        self.play_button = QPushButton("Play")
        self.play_button.setObjectName("replayPlayButton")
        self.play_button.setCheckable(True)
        self.play_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaPlay))
        self.forward_button = QPushButton()
        self.forward_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSeekForward))
        self.forward_button.setToolTip("One move forward")
        self.last_button = QPushButton()
        self.last_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipForward))
        self.last_button.setToolTip("Final position")
        for button, name in (
            (self.first_button, "First position"),
            (self.back_button, "Back"),
            (self.forward_button, "Forward"),
            (self.last_button, "Final position"),
        ):
            button.setAccessibleName(name)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("replaySlider")
        self.slider.setAccessibleName("Replay position")
        self.position = QLabel()
        self.position.setObjectName("replayPosition")
        self._length = 0
        self.first_button.clicked.connect(lambda: self.seek.emit(0))
        self.back_button.clicked.connect(lambda: self.step.emit(-1))
        self.forward_button.clicked.connect(lambda: self.step.emit(1))
        self.last_button.clicked.connect(lambda: self.seek.emit(self._length))
        self.play_button.toggled.connect(self.playing_toggled)
        self.slider.valueChanged.connect(self.seek)
        layout.addWidget(self.title)
        layout.addSpacing(8)
        for widget in (
            self.first_button,
            self.back_button,
            self.play_button,
            self.forward_button,
            self.last_button,
        ):
            layout.addWidget(widget)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.position)

    def show_position(self, position: int, length: int, title: str, unit: str = "Move") -> None:
        self._length = length
        self.title.setText(title)
        self.slider.blockSignals(True)
        self.slider.setRange(0, length)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self.position.setText(f"{unit} {position} of {length}")
        self.back_button.setToolTip(f"One {unit.lower()} back")
        self.forward_button.setToolTip(f"One {unit.lower()} forward")
        self.back_button.setEnabled(position > 0)
        self.first_button.setEnabled(position > 0)
        self.forward_button.setEnabled(position < length)
        self.last_button.setEnabled(position < length)

    def set_playing(self, playing: bool) -> None:
        self.play_button.blockSignals(True)
        self.play_button.setChecked(playing)
        self.play_button.blockSignals(False)
        self.play_button.setText("Pause" if playing else "Play")
        icon = (
            QStyle.StandardPixmap.SP_MediaPause if playing else QStyle.StandardPixmap.SP_MediaPlay
        )
        self.play_button.setIcon(self.style().standardIcon(icon))
