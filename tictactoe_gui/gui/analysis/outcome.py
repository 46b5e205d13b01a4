"""The analysis dock's outcome: the prediction banner, the evaluation bar with its number
and reading, the proven/estimate badge, and Prove the Result for a small board's estimate.

An estimate is never shown as a certainty: its bar stops short of either end and
every reading of it says "estimate".
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from tictactoe_gui.engine import Analysis, Board, Mark, MoveOutcome, SearchProgress
from tictactoe_gui.engine.analysis import PROOF_CELLS
from tictactoe_gui.gui.analysis.game_words import GameOutlook
from tictactoe_gui.gui.analysis.words import (
    BAR_SCALE,
    ENGINE_NAME,
    ESTIMATE_BAR_LIMIT,
    bar_value,
    evaluation_number,
    evaluation_words,
)
from tictactoe_gui.gui.board_view import mark_colour, outcome_colour
from tictactoe_gui.session.words import game_over


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


#: What k in a row's evaluation number means.
NUMBER_TIP = (
    "The evaluation from X's side: positive when X stands better. Units: a line of k "
    "cells one mark short of k in a row, which the other side must block, counts 100 "
    "on four in a row and 1000 on gomoku; each mark fewer counts about an eighth."
)


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
        self.evaluation_number.setToolTip(NUMBER_TIP)
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

    def show_evaluation(self, analysis: Analysis | None) -> None:
        """The bar, number, reading and badge for ``analysis`` (None: on the way)."""
        if analysis is None or analysis.prediction.final:
            self.evaluation_box.setVisible(analysis is None)
            self.evaluation_bar.set_value(None)
            self.evaluation_number.setText("…")
            self.evaluation_reading.setText("")
            self.certainty.setText("")
            self.certainty.setStyleSheet("")
            return
        self.evaluation_box.show()
        number, reading = evaluation_words(analysis)
        self.evaluation_bar.set_value(bar_value(analysis), reading)
        self.evaluation_number.setText(number)
        self.evaluation_reading.setText(reading)
        palette = self.palette()
        if analysis.exact:
            self.certainty.setText("Proven")
            colour = outcome_colour(MoveOutcome.WIN, palette)
            if all(candidate.exact for candidate in analysis.candidates):
                tip = "The game was solved from here: this is certain."
            else:
                tip = (
                    "The result and the best move are proven: this is certain. Moves "
                    "marked \u201cestimate\u201d were not needed for the proof and keep "
                    "the search's estimate."
                )
            self.certainty.setToolTip(tip)
        else:
            self.certainty.setText(f"Estimate · depth {analysis.depth}")
            colour = outcome_colour(None, palette)
            if analysis.board.cells <= PROOF_CELLS:
                tip = (
                    "Not proven in the time given: a search this many plies deep "
                    "estimates who stands better, and proves nothing. On a board this "
                    "small a longer engine time per move may prove the result."
                )
            else:
                tip = (
                    "The board is too big to solve here: a search this many plies deep "
                    "estimates who stands better. It proves nothing."
                )
            self.certainty.setToolTip(tip)
        self.evaluation_number.setToolTip(NUMBER_TIP)
        self._style_badge(colour)
        self.describe_evaluation()

    def _style_badge(self, colour: QColor) -> None:
        self.certainty.setStyleSheet(
            f"QLabel#certaintyBadge {{ border: 1px solid {colour.name()};"
            f" border-radius: 8px; color: {colour.name()}; padding: 0 4px; }}"
        )
        # The text's full width (the word-wrapped reading beside it would squeeze it).
        width = self.certainty.fontMetrics().horizontalAdvance(self.certainty.text())
        self.certainty.setMinimumWidth(width + 24)

    def show_game(self, outlook: GameOutlook, first_seat: str) -> None:
        """A table game's banner, evaluation (from ``first_seat``'s side) and badge."""
        self.prediction_label.setText(outlook.banner)
        self.apply_banner_style(outlook.outcome)
        self.evaluation_box.setVisible(not outlook.final)
        if outlook.final:
            return
        self.evaluation_number.setToolTip(
            f"The evaluation from {first_seat}'s side: positive when {first_seat} stands better"
        )
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
        self.show_evaluation(None)

    def show_progress(self, progress: SearchProgress, board: Board) -> None:
        """A search's evaluation so far (after a completed depth), marked as an estimate."""
        if progress.score is None:
            return
        value = progress.score if board.to_move is Mark.X else -progress.score
        lean = max(-ESTIMATE_BAR_LIMIT, min(ESTIMATE_BAR_LIMIT, value / (abs(value) + BAR_SCALE)))
        self.evaluation_box.show()
        self.evaluation_bar.set_value(lean, "so far")
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

    def show_prediction(self, analysis: Analysis | None, player_names: dict[Mark, str]) -> None:
        """The banner: the engine's prediction (or estimate), or how a finished game ended."""
        # The prediction is the engine's full search, whoever is playing: a weaker persona
        # on move does not know it.
        speaker = ENGINE_NAME
        if analysis is None:
            self.prediction_label.setText(f"{speaker} is looking at the position…")
            self.apply_banner_style(None)
            return
        prediction = analysis.prediction
        if prediction.final:
            if prediction.winner is None:
                words = "a draw"
            else:
                # Named as the status bar and the result banner name the winner.
                name = player_names.get(prediction.winner, "")
                mark = str(prediction.winner)
                words = f"{name} ({mark}) wins" if name else f"{mark} wins"
            self.prediction_label.setText(game_over(words))
            # A finished game is nobody's "loss to come": a neutral frame, not a warning.
            self.apply_banner_style(None)
            return
        if not prediction.exact:
            text = f"{speaker} estimates: {prediction.estimate_words()}"
        elif prediction.winner is None:
            text = f"{speaker} predicts: draw with best play"
        else:
            text = f"{speaker} predicts: {prediction} with best play"
        self.prediction_label.setText(text)
        if not prediction.exact:
            # An estimate is nobody's certain win or loss: a neutral frame.
            self.apply_banner_style(None)
            return
        outcome = (
            MoveOutcome.DRAW
            if prediction.winner is None
            else MoveOutcome.WIN
            if prediction.winner is analysis.to_move
            else MoveOutcome.LOSS
        )
        self.apply_banner_style(outcome)

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
