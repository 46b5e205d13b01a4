"""The analysis dock's outcome: the prediction banner, the evaluation bar with its number
and reading, the proven/estimate badge, and Prove the Result for a small board's estimate.

An estimate is never shown as a certainty: its bar stops short of either end and
every reading of it says "estimate".
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from tictactoe_gui.engine import Mark, MoveOutcome, SearchProgress
from tictactoe_gui.engine.games import GameState
from tictactoe_gui.gui.analysis.game_words import GameOutlook
from tictactoe_gui.gui.analysis.words import estimate_lean, evaluation_number
from tictactoe_gui.gui.board_view import mark_colour, outcome_colour


class EvaluationBar(QWidget):
    """A bar split between X's colour (left) and O's (right) by who stands better."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("evaluationBar")
        self.setAccessibleName("Evaluation")
        self.setMinimumHeight(14)
        self.setMaximumHeight(14)
        self._value = 0.0
        self._known = False

    @property
    def value(self) -> float:
        return self._value

    def set_value(self, value: float | None, description: str = "") -> None:
        self._known = value is not None
        self._value = 0.0 if value is None else max(-1.0, min(1.0, value))
        self.setAccessibleDescription(description)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        radius = rect.height() / 2
        painter.setPen(Qt.PenStyle.NoPen)
        if not self._known:
            painter.setBrush(palette.color(QPalette.ColorRole.Mid))
            painter.drawRoundedRect(rect, radius, radius)
            painter.end()
            return
        split = rect.left() + rect.width() * (1 + self._value) / 2
        painter.setBrush(mark_colour(Mark.O, palette))
        painter.drawRoundedRect(rect, radius, radius)
        painter.save()
        painter.setClipRect(QRectF(rect.left(), rect.top(), split - rect.left(), rect.height()))
        painter.setBrush(mark_colour(Mark.X, palette))
        painter.drawRoundedRect(rect, radius, radius)
        painter.restore()
        middle = QColor(palette.color(QPalette.ColorRole.Base))
        middle.setAlpha(200)
        painter.setBrush(middle)
        centre = rect.center().x()
        painter.drawRect(QRectF(centre - 0.75, rect.top(), 1.5, rect.height()))
        painter.end()


class OutcomeSection(QWidget):
    """What the engine predicts for the position, and how sure it is."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)

        self.prediction_label = QLabel("—")
        self.prediction_label.setObjectName("predictionBanner")
        self.prediction_label.setWordWrap(True)
        self.prediction_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.prediction_label.setMargin(8)
        banner_font = self.prediction_label.font()
        banner_font.setBold(True)
        banner_font.setPointSizeF(banner_font.pointSizeF() * 1.1)
        self.prediction_label.setFont(banner_font)
        layout.addWidget(self.prediction_label)

        # The evaluation as a person reads it: a bar, a number, words, and proven or not.
        self.evaluation_box = QWidget()
        self.evaluation_box.setObjectName("evaluationBox")
        evaluation_layout = QVBoxLayout(self.evaluation_box)
        evaluation_layout.setContentsMargins(0, 0, 0, 0)
        evaluation_layout.setSpacing(3)
        self.evaluation_bar = EvaluationBar()
        evaluation_layout.addWidget(self.evaluation_bar)
        reading_row = QHBoxLayout()
        self.evaluation_number = QLabel("—")
        self.evaluation_number.setObjectName("evaluationNumber")
        number_font = self.evaluation_number.font()
        number_font.setBold(True)
        self.evaluation_number.setFont(number_font)
        self.evaluation_reading = QLabel("")
        self.evaluation_reading.setObjectName("evaluationReading")
        self.evaluation_reading.setWordWrap(True)
        self.certainty = QLabel("")
        self.certainty.setObjectName("certaintyBadge")
        self.certainty.setContentsMargins(6, 1, 6, 1)
        # Never squeezed: "Proven" or "Estimate · depth 5" must read in full.
        self.certainty.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        reading_row.addWidget(self.evaluation_number)
        reading_row.addWidget(self.evaluation_reading, 1)
        reading_row.addWidget(self.certainty)
        evaluation_layout.addLayout(reading_row)
        layout.addWidget(self.evaluation_box)
        # Beside the estimate it would settle, in sight at the window's default size.
        self.prove_button = QPushButton("&Prove the Result")
        self.prove_button.setObjectName("proveButton")
        self.prove_button.setToolTip(
            "Search until the result of this small board is proven (up to two minutes; "
            "Stop ends it)"
        )
        self.prove_button.hide()  # while an estimate of a small board is shown
        layout.addWidget(self.prove_button)

    def clear_evaluation(self) -> None:
        """No evaluation yet: the bar empty, its number "…" (the analysis is on the way)."""
        self.evaluation_box.show()
        self.evaluation_bar.set_value(None)
        self.evaluation_number.setText("…")
        self.evaluation_reading.setText("")
        self.certainty.setText("")
        self.certainty.setStyleSheet("")

    def _style_badge(self, colour: QColor) -> None:
        self.certainty.setStyleSheet(
            f"QLabel#certaintyBadge {{ border: 1px solid {colour.name()};"
            f" border-radius: 8px; color: {colour.name()}; padding: 0 4px; }}"
        )
        # The text's full width (the word-wrapped reading beside it would squeeze it).
        width = self.certainty.fontMetrics().horizontalAdvance(self.certainty.text())
        self.certainty.setMinimumWidth(width + 24)

    def show_game(self, outlook: GameOutlook, number_tip: str) -> None:
        """A position's banner, evaluation (its number meaning ``number_tip``) and badge."""
        self.prediction_label.setText(outlook.banner)
        self.apply_banner_style(outlook.outcome)
        self.evaluation_box.setVisible(not outlook.final)
        if outlook.final:
            return
        self.evaluation_number.setToolTip(number_tip)
        self.evaluation_bar.set_value(outlook.bar, outlook.reading)
        self.evaluation_number.setText(outlook.number)
        self.evaluation_reading.setText(outlook.reading)
        proven = outlook.badge == "Proven"
        self.certainty.setText(outlook.badge)
        self.certainty.setToolTip(outlook.badge_tip)
        self._style_badge(outcome_colour(MoveOutcome.WIN if proven else None, self.palette()))
        self.describe_evaluation()

    def show_looking(self, text: str) -> None:
        """A new position, its analysis on the way: the last one's figures are gone."""
        self.prediction_label.setText(text)
        self.apply_banner_style(None)
        self.clear_evaluation()

    def show_progress(self, progress: SearchProgress, state: GameState) -> None:
        """A search's evaluation of ``state`` so far (after a completed depth), from the first
        seat's side, marked as an estimate."""
        if progress.score is None:
            return
        value = progress.score if state.to_move == 0 else -progress.score
        self.evaluation_box.show()
        self.evaluation_bar.set_value(estimate_lean(value), "so far")
        self.evaluation_number.setText(evaluation_number(value))
        self.evaluation_reading.setText("so far")
        self.certainty.setText(f"Estimate · depth {progress.depth}")
        self.describe_evaluation()

    def describe_evaluation(self) -> None:
        """The bar in words for screen readers, as the labels beside it show it:
        "+35, X is better, estimate, depth 6" or "proven, X wins in 7 plies: forced, proven"."""
        parts = (
            self.evaluation_number.text(),
            self.evaluation_reading.text(),
            self.certainty.text().replace(" · ", ", ").lower(),
        )
        self.evaluation_bar.setAccessibleDescription(
            ", ".join(part for part in parts if part and part != "—")
        )

    def apply_banner_style(self, outcome: MoveOutcome | None) -> None:
        palette = self.palette()
        if outcome is None:
            border = palette.color(QPalette.ColorRole.Mid)
        else:
            border = outcome_colour(outcome, palette)
        fill = QColor(border)
        fill.setAlpha(40)
        self.prediction_label.setStyleSheet(
            "QLabel#predictionBanner {"
            f" border: 2px solid {border.name()}; border-radius: 8px;"
            f" background: rgba({fill.red()}, {fill.green()}, {fill.blue()}, {fill.alpha()});"
            "}"
        )
