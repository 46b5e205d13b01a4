"""The leaderboard: people and personas ranked by their recorded results."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.gui.accessibility import buddy_label, speak_choice_changes, table_in_tab_order
from tictactoe_gui.gui.records.common import (
    GameChoice,
    game_name,
    persona_keys_for,
    persona_name,
)
from tictactoe_gui.session.words import plural
from tictactoe_gui.storage.reader import RecordsReader
from tictactoe_gui.storage.records import DEFAULT_GAME, RecordsError, SideKind, Standing

COLUMNS = ("Player", "Games", "Wins", "Losses", "Draws", "Win rate")
#: The role the proxy sorts by: numbers as numbers, names without regard to case.
SORT_ROLE = Qt.ItemDataRole.UserRole

AnyIndex = QModelIndex | QPersistentModelIndex


class StandingsModel(QAbstractTableModel):
    """One row per standing; read-only."""

    def __init__(self, parent: QWidget | None = None, *, who: str = "Player") -> None:
        super().__init__(parent)
        self._standings: list[Standing] = []
        self._columns = (who, *COLUMNS[1:])

    def set_standings(self, standings: list[Standing]) -> None:
        self.beginResetModel()
        self._standings = list(standings)
        self.endResetModel()

    def standing(self, row: int) -> Standing:
        return self._standings[row]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._standings)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._columns[section]
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.AccessibleTextRole:
            # A screen reader reads a row cell by cell: each after its header ("Wins 2").
            return f"{self._columns[index.column()]} {self.data(index)}"
        standing = self._standings[index.row()]
        record = standing.record
        column = index.column()
        if column == 0:
            name = standing.side.name
            if standing.side.kind is SideKind.PERSONA:
                name = persona_name(name)
            if role == Qt.ItemDataRole.DisplayRole:
                return name
            if role == SORT_ROLE:
                return name.casefold()
            return None
        values = (record.games, record.wins, record.losses, record.draws, record.win_rate)
        value = values[column - 1]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{value:.0%}" if column == 5 else str(value)
        if role == SORT_ROLE:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class _StandingsTable(QTableView):
    def __init__(self, name: str, who: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        table_in_tab_order(self, "People's standings" if who == "Player" else "Personas' standings")
        self.source = StandingsModel(self, who=who)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.source)
        self.proxy.setSortRole(SORT_ROLE)
        self.setModel(self.proxy)
        self.setSortingEnabled(True)
        self.sortByColumn(2, Qt.SortOrder.DescendingOrder)  # most wins first
        self.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)


class LeaderboardDialog(QDialog):
    """Standings of people and, under them, of the personas, one game at a time;
    filterable by opponent. Standings never mix games."""

    def __init__(self, repository: RecordsReader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("leaderboardDialog")
        self.setWindowTitle("Leaderboard")
        self.resize(560, 420)
        self._repository = repository

        self.game = GameChoice(repository, parent=self)
        self.game.title(self, "Leaderboard")
        self.opponent = speak_choice_changes(QComboBox(self))
        self.opponent.setObjectName("opponentFilter")
        self._fill_opponents()
        self.people = _StandingsTable("peopleTable", "Player", self)
        self.personas = _StandingsTable("personasTable", "Persona", self)
        # One above the other, not on tabs: a tab bar built with the window reports its
        # first tab as selected before the window opens, and Orca 43 follows that into the
        # window and then takes it as already said, so its title went unsaid.
        self.people_label = buddy_label("&People's standings", self.people, self)
        self.personas_label = buddy_label("P&ersonas' standings", self.personas, self)
        self.status = QLabel(self)
        self.status.setObjectName("leaderboardStatus")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)

        filter_row = self.game.labelled(self)
        filter_row.addWidget(buddy_label("Show &results:", self.opponent, self))
        filter_row.addWidget(self.opponent, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(filter_row)
        layout.addWidget(self.people_label)
        layout.addWidget(self.people, 3)
        layout.addWidget(self.personas_label)
        layout.addWidget(self.personas, 2)
        layout.addWidget(self.status)
        layout.addWidget(buttons)

        self.opponent.currentIndexChanged.connect(self._show)
        self.game.currentIndexChanged.connect(self._game_changed)
        self._show()

    def _fill_opponents(self) -> None:
        """The opponents of the game shown: its own computer players."""
        current = self.opponent.currentData() if self.opponent.count() else None
        self.opponent.blockSignals(True)
        self.opponent.clear()
        self.opponent.addItem("All opponents", None)
        for key in persona_keys_for(self.game.game or DEFAULT_GAME):
            self.opponent.addItem(f"Against {persona_name(key)}", key)
        self.opponent.setCurrentIndex(max(0, self.opponent.findData(current)))
        self.opponent.blockSignals(False)

    def _game_changed(self) -> None:
        self._fill_opponents()
        self._show()

    def refresh(self) -> None:
        """Read the games and standings again (after a game, or an import)."""
        self.game.fill()
        self._fill_opponents()
        self._show()

    def _show(self) -> None:
        key = self.opponent.currentData()
        game = self.game.game or DEFAULT_GAME
        try:
            standings = self._repository.standings(key, game)
        except RecordsError as exc:
            self.people.source.set_standings([])
            self.personas.source.set_standings([])
            self.status.setText(f"The records could not be read: {exc}")
            return
        people = [s for s in standings if s.side.kind is SideKind.HUMAN]
        personas = [s for s in standings if s.side.kind is SideKind.PERSONA]
        self.people.source.set_standings(people)
        self.personas.source.set_standings(personas)
        if standings:
            self.status.setText(
                f"{plural(len(people), 'person', 'people')} and {plural(len(personas), 'persona')}."
            )
        elif key is None:
            self.status.setText(f"No games of {game_name(game)} recorded yet.")
        else:
            self.status.setText(
                f"No recorded games of {game_name(game)} against {persona_name(key)} yet."
            )
