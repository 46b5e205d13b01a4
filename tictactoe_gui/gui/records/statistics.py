"""One person's statistics: totals, record against each persona, streaks and two charts."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.gui.accessibility import buddy_label, speak_choice_changes, table_in_tab_order
from tictactoe_gui.gui.records.charts import PersonaResultsChart, ResultsOverTimeChart
from tictactoe_gui.gui.records.common import (
    GameChoice,
    game_name,
    persona_keys_for,
    persona_name,
)
from tictactoe_gui.storage.reader import RecordsReader
from tictactoe_gui.storage.records import DEFAULT_GAME, PlayerStats, RecordsError, WinLossDraw

RECORD_COLUMNS = ("Opponent", "Games", "Wins", "Losses", "Draws", "Win rate")


def describe_streak(streak: int) -> str:
    if streak > 0:
        return f"{streak} win{'s' if streak != 1 else ''} in a row"
    if streak < 0:
        return f"{-streak} loss{'es' if streak != -1 else ''} in a row"
    return "none"


class StatisticsDialog(QDialog):
    """Pick a person; see their totals, streaks, record per opponent and charts."""

    def __init__(
        self,
        repository: RecordsReader,
        player_name: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("statisticsDialog")
        self.setWindowTitle("My Statistics")
        self.resize(760, 680)
        self._repository = repository
        self.stats: PlayerStats | None = None

        self.game = GameChoice(repository, parent=self)
        self.game.title(self, "My Statistics")
        self.player = speak_choice_changes(QComboBox(self))
        self.player.setObjectName("statisticsPlayer")
        self.message = QLabel(self)
        self.message.setObjectName("statisticsMessage")
        self.message.setWordWrap(True)

        self.totals: dict[str, QLabel] = {}
        totals_box = QGroupBox("Totals", self)
        totals_form = QFormLayout(totals_box)
        for key, label in (
            ("games", "Games"),
            ("wins", "Wins"),
            ("losses", "Losses"),
            ("draws", "Draws"),
            ("win_rate", "Win rate"),
            ("current_streak", "Current streak"),
            ("longest_win_streak", "Longest winning streak"),
            ("longest_loss_streak", "Longest losing streak"),
        ):
            value = QLabel(self)
            value.setObjectName(f"stat_{key}")
            self.totals[key] = value
            totals_form.addRow(label + ":", value)

        self.records = QTableWidget(0, len(RECORD_COLUMNS), self)
        self.records.setObjectName("opponentRecords")
        table_in_tab_order(self.records, "Results against each opponent")
        self.records.setHorizontalHeaderLabels(RECORD_COLUMNS)
        self.records.verticalHeader().setVisible(False)
        self.records.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.records.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)

        self.timeline_chart = ResultsOverTimeChart(self)
        self.persona_chart = PersonaResultsChart(self)
        charts = QGroupBox("Charts", self)
        charts_layout = QVBoxLayout(charts)
        charts_layout.addWidget(QLabel("Results over time (running totals):", self))
        charts_layout.addWidget(self.timeline_chart, 1)
        charts_layout.addWidget(QLabel("Against each persona:", self))
        charts_layout.addWidget(self.persona_chart, 1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        top = self.game.labelled(self)
        top.addWidget(buddy_label("&Player:", self.player, self))
        top.addWidget(self.player, 1)
        upper = QHBoxLayout()
        upper.addWidget(totals_box)
        upper.addWidget(self.records, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.message)
        layout.addLayout(upper)
        layout.addWidget(charts, 1)
        layout.addWidget(buttons)

        self._fill_players(player_name)
        self.player.currentIndexChanged.connect(self._show_current)
        self.game.currentIndexChanged.connect(self._game_changed)
        self._show_current()

    @property
    def _game(self) -> str:
        return self.game.game or DEFAULT_GAME

    def _game_changed(self) -> None:
        current = self.player.currentText()
        self.player.blockSignals(True)
        self.player.clear()
        self.message.setText("")
        self._fill_players(current or None)
        self.player.blockSignals(False)
        self._show_current()

    def _fill_players(self, wanted: str | None) -> None:
        try:
            names = self._repository.players(self._game)
        except RecordsError as exc:
            names = []
            self.message.setText(f"The records could not be read: {exc}")
        self.player.addItems(names)
        if wanted is not None:
            folded = wanted.strip().casefold()
            match = next((i for i, n in enumerate(names) if n.casefold() == folded), -1)
            self.player.setCurrentIndex(match if match >= 0 else 0)

    def refresh(self) -> None:
        """Read the players and the shown player's figures again."""
        self.game.fill()
        self._game_changed()

    def select_player(self, name: str) -> None:
        index = self.player.findText(name)
        if index >= 0:
            self.player.setCurrentIndex(index)

    def _show_current(self) -> None:
        name = self.player.currentText()
        if not name:
            self.stats = None
            if not self.message.text():
                self.message.setText(
                    # People's figures: games between personas alone are no one's.
                    f"No one has played {game_name(self._game)} yet: play a game to see statistics."
                )
            self._show(None)
            return
        try:
            self.stats = self._repository.player_stats(name, self._game)
        except RecordsError as exc:
            self.stats = None
            self.message.setText(f"The statistics of {name} could not be read: {exc}")
        else:
            self.message.setText("")
        self._show(self.stats)

    def _show(self, stats: PlayerStats | None) -> None:
        totals = stats.totals if stats is not None else WinLossDraw()
        values = {
            "games": str(totals.games),
            "wins": str(totals.wins),
            "losses": str(totals.losses),
            "draws": str(totals.draws),
            "win_rate": f"{totals.win_rate:.0%}",
            "current_streak": describe_streak(stats.current_streak if stats else 0),
            "longest_win_streak": str(stats.longest_win_streak if stats else 0),
            "longest_loss_streak": str(stats.longest_loss_streak if stats else 0),
        }
        for key, text in values.items():
            self.totals[key].setText(text)

        rows: list[tuple[str, WinLossDraw]] = []
        if stats is not None:
            # The app's personas first in their usual order, then any others recorded.
            known = persona_keys_for(self._game)
            keys = [k for k in known if k in stats.against_persona]
            keys += [k for k in stats.against_persona if k not in known]
            rows = [(persona_name(key), stats.against_persona[key]) for key in keys]
            if stats.against_people.games:
                rows.append(("People", stats.against_people))
        self.records.setRowCount(len(rows))
        for row, (label, record) in enumerate(rows):
            cells = (
                label,
                str(record.games),
                str(record.wins),
                str(record.losses),
                str(record.draws),
                f"{record.win_rate:.0%}",
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                # A screen reader reads a row cell by cell: each after its header ("Wins 2").
                item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{RECORD_COLUMNS[column]} {text}")
                self.records.setItem(row, column, item)

        self.timeline_chart.set_timeline(stats.timeline if stats is not None else ())
        self.persona_chart.set_records([(label, rec) for label, rec in rows if label != "People"])
