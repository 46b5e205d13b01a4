"""Game history: every recorded game, newest first, loaded a page at a time.

:class:`HistoryModel` follows Qt's incremental-loading protocol
(``canFetchMore``/``fetchMore``): the view asks for more rows only as the user
scrolls, so opening the history costs one count and one page whether the
file holds a hundred games or a hundred thousand. A game whose record cannot
be read is left out and named under the table; the others are still listed.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.gui.accessibility import buddy_label, speak_choice_changes, table_in_tab_order
from tictactoe_gui.gui.records.common import (
    GameChoice,
    documents_folder,
    game_name,
    persona_keys_for,
    persona_name,
    result_labels,
    show_message,
    side_label,
)
from tictactoe_gui.records_bridge import seat_letters
from tictactoe_gui.session.record_words import result_words
from tictactoe_gui.storage.reader import RecordsFiles, RecordsReader
from tictactoe_gui.storage.records import (
    DRAW,
    LOSS,
    WIN,
    CorruptDatabaseError,
    DamagedGame,
    GameDetail,
    GameFilter,
    GameMode,
    GameSummary,
    PartialImportError,
    RecordsError,
    SideKind,
)

PAGE_SIZE = 200
COLUMNS = ("Ended", "Mode", "X", "O", "Result", "Moves", "Game")
MODE_LABELS = {
    GameMode.HUMAN_VS_AI: "Human vs AI",
    GameMode.HUMAN_VS_HUMAN: "Human vs Human",
    GameMode.AI_VS_AI: "AI vs AI",
}

AnyIndex = QModelIndex | QPersistentModelIndex


#: The longest names the Game column shows: a custom board's, the biggest Row & Column.
LONGEST_GAME_NAMES = ("20×20, 20 in a row", "Row & Column 10×10")
#: The longest results with computer players' names: Row & Column's widest scores, a game given
#: up (a person's long name is cut short there, as in the X and O columns, and shown whole on
#: hovering).
LONGEST_RESULTS = (
    "Abacus (B) wins, 100 to -100",
    "Magpie (B) wins, 100 to -100",
    "Kitty (X) resigned; Kitty (O) wins",
)


class HistoryModel(QAbstractTableModel):
    """The games matching a filter, newest first, fetched from the repository in pages."""

    def __init__(
        self, repository: RecordsReader, page_size: int = PAGE_SIZE, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._repository = repository
        self._page_size = page_size
        self._filter = GameFilter()
        self._games: list[GameSummary] = []
        self._total = 0
        self.error: str | None = None
        #: Games met so far whose records cannot be read, by id.
        self.damaged: dict[int, DamagedGame] = {}
        self.reload()

    def _note_damaged(self, game: DamagedGame) -> None:
        self.damaged[game.id] = game

    @property
    def total(self) -> int:
        """How many games match the filter (loaded or not)."""
        return self._total

    @property
    def game_filter(self) -> GameFilter:
        return self._filter

    def set_filter(self, game_filter: GameFilter) -> None:
        self._filter = game_filter
        self.reload()

    def reload(self) -> None:
        """Count the matching games again and load the first page; the rest wait for fetchMore."""
        self.beginResetModel()
        self.damaged = {}
        try:
            self._total = self._repository.count_games(self._filter)
            self._games = self._repository.list_games(
                self._filter, 0, self._page_size, on_damaged=self._note_damaged
            )
            self.error = None
        except (RecordsError, ValueError) as exc:
            self._games = []
            self._total = 0
            self.error = str(exc)
        self.endResetModel()

    def summary(self, row: int) -> GameSummary:
        return self._games[row]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._games)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def canFetchMore(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and len(self._games) < self._total

    def fetchMore(self, parent: AnyIndex = QModelIndex()) -> None:  # noqa: B008
        if parent.isValid():
            return
        try:
            page = self._repository.list_games(
                self._filter,
                0,
                self._page_size,
                after=self._games[-1] if self._games else None,
                on_damaged=self._note_damaged,
            )
        except (RecordsError, ValueError) as exc:
            self.error = str(exc)
            self._total = len(self._games)  # stop asking until the next reload
            return
        if not page:
            # Fewer games than counted (another copy of the app changed the file);
            # stop here rather than ask forever.
            self._total = len(self._games)
            return
        first = len(self._games)
        self.beginInsertRows(QModelIndex(), first, first + len(page) - 1)
        self._games.extend(page)
        self.endInsertRows()

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        game = self._games[index.row()]
        if role == Qt.ItemDataRole.UserRole:
            return game.id
        if role == Qt.ItemDataRole.ToolTipRole:
            # A cell too narrow for its text shows it whole on hovering.
            return self.data(index, Qt.ItemDataRole.DisplayRole)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            # A screen reader reads a row cell by cell: each after its header ("Moves 7").
            return f"{COLUMNS[index.column()]} {self.data(index)}"
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        column = index.column()
        if column == 0:
            return game.ended_at.astimezone().strftime("%Y-%m-%d %H:%M")
        if column == 1:
            return MODE_LABELS[game.mode]
        if column == 2:
            return self._seat(game, 0)
        if column == 3:
            return self._seat(game, 1)
        if column == 4:
            return result_words(game)
        if column == 5:
            return str(game.plies)
        return game_name(game.game)

    @staticmethod
    def _seat(game: GameSummary, seat: int) -> str:
        # Row & Column's A and B sit in the X and O columns: say which is which.
        side = (game.x, game.o)[seat]
        seats = seat_letters(game)
        if seats == ("X", "O"):
            return side_label(side)
        if side.kind is SideKind.PERSONA:  # "Magpie (AI, as A)", not "(AI) (as A)"
            return f"{persona_name(side.name)} (AI, as {seats[seat]})"
        return f"{side.name} (as {seats[seat]})"


def _player_data(kind: SideKind, name: str) -> str:
    # Combo item data as text: QVariant compares strings, not Python tuples, in findData.
    return f"{kind.value}:{name}"


class HistoryDialog(QDialog):
    """All recorded games; filter, replay, export and import."""

    #: Emitted with the :class:`GameDetail` of the game to replay on the board.
    replay_requested = Signal(object)
    #: Emitted with the :class:`GameDetail` of the game to review.
    review_requested = Signal(object)
    #: Emitted after an import added games, so other records views can refresh.
    records_changed = Signal()

    def __init__(self, repository: RecordsReader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyDialog")
        self.setWindowTitle("Game History")
        self.resize(1040, 520)  # the names stretch into what the other columns leave
        self._repository = repository
        self.model = HistoryModel(repository, parent=self)

        self.game_filter = GameChoice(repository, every_game=True, parent=self)
        self.game_filter.select(None)
        self.game_filter.title(self, "Game History")
        self.player_filter = speak_choice_changes(QComboBox(self))
        self.player_filter.setObjectName("playerFilter")
        self.mode_filter = speak_choice_changes(QComboBox(self))
        self.mode_filter.setObjectName("modeFilter")
        self.mode_filter.addItem("All modes", None)
        for mode, label in MODE_LABELS.items():
            self.mode_filter.addItem(label, mode)
        self.result_filter = speak_choice_changes(QComboBox(self))
        self.result_filter.setObjectName("resultFilter")
        self._fill_players()
        self._fill_results()

        self.view = QTableView(self)
        self.view.setObjectName("historyView")
        table_in_tab_order(self.view, "Recorded games")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.verticalHeader().setVisible(False)
        # Fixed row heights: the view need not measure rows as pages arrive.
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        # Each column as wide as its longest words (the rows come in pages: measuring them
        # all would read every game); the names stretch.
        for col, sample in (
            (0, "2026-12-31 23:59"),
            (1, "Human vs Human"),
            (4, max(LONGEST_RESULTS, key=self.fontMetrics().horizontalAdvance)),
            (5, "Moves"),
            (6, max(LONGEST_GAME_NAMES, key=self.fontMetrics().horizontalAdvance)),
        ):
            header.resizeSection(col, self.fontMetrics().horizontalAdvance(sample) + 24)

        self.count = QLabel(self)
        self.count.setObjectName("historyCount")
        self.replay_button = QPushButton("&Replay", self)
        self.replay_button.setObjectName("replayButton")
        self.review_button = QPushButton("Re&view", self)
        self.review_button.setObjectName("reviewButton")
        self.review_button.setToolTip("Judge the selected game move by move")
        self.export_csv_button = QPushButton("Export &CSV…", self)
        self.export_json_button = QPushButton("Export &JSON…", self)
        self.import_json_button = QPushButton("&Import JSON…", self)
        close_button = QPushButton("Close", self)

        filters = QHBoxLayout()
        for label, combo in (
            ("&Game:", self.game_filter),
            ("Player:", self.player_filter),
            ("Mode:", self.mode_filter),
            ("Result:", self.result_filter),
        ):
            filters.addWidget(buddy_label(label, combo, self))
            filters.addWidget(combo, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.replay_button)
        buttons.addWidget(self.review_button)
        buttons.addStretch(1)
        for button in (
            self.export_csv_button,
            self.export_json_button,
            self.import_json_button,
            close_button,
        ):
            buttons.addWidget(button)
        files = isinstance(repository, RecordsFiles)
        for button in (self.export_csv_button, self.export_json_button, self.import_json_button):
            button.setEnabled(files)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count)
        layout.addLayout(buttons)

        self.game_filter.currentIndexChanged.connect(self._game_changed)
        self.player_filter.currentIndexChanged.connect(self._player_changed)
        self.mode_filter.currentIndexChanged.connect(self._apply_filter)
        self.result_filter.currentIndexChanged.connect(self._apply_filter)
        self.view.doubleClicked.connect(self._replay_index)
        self.view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.model.modelReset.connect(self._update_count)
        self.model.rowsInserted.connect(self._update_count)
        self.replay_button.clicked.connect(self.replay_selected)
        self.review_button.clicked.connect(self.review_selected)
        self.export_csv_button.clicked.connect(self._ask_export_csv)
        self.export_json_button.clicked.connect(self._ask_export_json)
        self.import_json_button.clicked.connect(self._ask_import_json)
        close_button.clicked.connect(self.reject)
        self._update_count()
        self._update_buttons()

    # -- filters ---------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        # Opened on its games, so that the arrow keys move through them (on the game
        # filter they chose another game); with none recorded, on the filters. The newest
        # is chosen, so that Replay and Review answer at once.
        if self.model.rowCount() and not self.view.hasFocus():
            self.view.setFocus(Qt.FocusReason.OtherFocusReason)
            if not self.view.selectionModel().hasSelection():
                self.view.selectRow(0)
        super().showEvent(event)

    def _fill_players(self) -> None:
        self.player_filter.blockSignals(True)
        current = self.player_filter.currentData()
        self.player_filter.clear()
        self.player_filter.addItem("All players", None)
        for key in persona_keys_for(self.game_filter.game):
            self.player_filter.addItem(
                f"{persona_name(key)} (AI)", _player_data(SideKind.PERSONA, key)
            )
        try:
            names = self._repository.players(self.game_filter.game)
        except RecordsError:
            names = []
        for name in names:
            self.player_filter.addItem(name, _player_data(SideKind.HUMAN, name))
        found = self.player_filter.findData(current)
        self.player_filter.setCurrentIndex(max(found, 0))
        self.player_filter.blockSignals(False)

    def _fill_results(self) -> None:
        # With a player chosen, results read from their side; otherwise by mark.
        self.result_filter.blockSignals(True)
        self.result_filter.clear()
        self.result_filter.addItem("Any result", None)
        if self.player_filter.currentData() is None:
            for result, label in result_labels(self.game_filter.game).items():
                self.result_filter.addItem(label, result.value)
        else:
            for value, label in ((WIN, "Won"), (LOSS, "Lost"), (DRAW, "Drawn")):
                self.result_filter.addItem(label, value)
        self.result_filter.blockSignals(False)

    def select_player(self, kind: SideKind, name: str) -> bool:
        """Filter by one player (as the Player box would); False if they have no games."""
        index = self.player_filter.findData(_player_data(kind, name))
        if index < 0:
            return False
        self.player_filter.setCurrentIndex(index)
        return True

    def _game_changed(self) -> None:
        self._fill_players()  # the people who played that game
        self._player_changed()

    def _player_changed(self) -> None:
        self._fill_results()
        self._apply_filter()

    def _apply_filter(self) -> None:
        chosen = self.player_filter.currentData()
        kind, name = None, None
        if chosen is not None:
            kind_text, name = chosen.split(":", 1)
            kind = SideKind(kind_text)
        self.model.set_filter(
            GameFilter(
                game=self.game_filter.game,
                player=name,
                player_kind=kind,
                mode=self.mode_filter.currentData(),
                result=self.result_filter.currentData(),
            )
        )

    def refresh(self) -> None:
        """Read the games again (after a game was recorded or imported)."""
        self.game_filter.fill()
        self._fill_players()
        self.model.reload()

    def _update_count(self) -> None:
        text = self._count_text()
        damaged = sorted(self.model.damaged.values(), key=lambda game: game.id)
        if damaged:
            first = damaged[0].message()
            more = f" (and {len(damaged) - 1} more)" if len(damaged) > 1 else ""
            text += f" Not shown: {first[0].upper()}{first[1:]}{more}."
        self.count.setText(text)

    def _count_text(self) -> str:
        if self.model.error is not None:
            return f"The records could not be read: {self.model.error}"
        if self.model.total == 0:
            return (
                "No games match."
                if self.model.game_filter != GameFilter()
                else "No games recorded yet."
            )
        games = f"{self.model.total} game{'s' * (self.model.total != 1)}"
        if self.model.rowCount() < self.model.total and self.model.canFetchMore():
            return f"{games}; showing the newest {self.model.rowCount()} (scroll for more)."
        return f"{games}."

    def _update_buttons(self) -> None:
        selected = self.view.selectionModel().hasSelection()
        self.replay_button.setEnabled(selected)
        self.review_button.setEnabled(selected)

    # -- replay ----------------------------------------------------------------------

    def _replay_index(self, index: QModelIndex) -> None:
        if index.isValid():
            self.replay_game(self.model.summary(index.row()).id)

    def replay_selected(self) -> None:
        rows = self.view.selectionModel().selectedRows()
        if rows:
            self._replay_index(rows[0])

    def replay_game(self, game_id: int) -> None:
        detail = self._detail(game_id, "Replay")
        if detail is not None:
            self.replay_requested.emit(detail)

    def review_selected(self) -> None:
        rows = self.view.selectionModel().selectedRows()
        if rows:
            self.review_game(self.model.summary(rows[0].row()).id)

    def review_game(self, game_id: int) -> None:
        detail = self._detail(game_id, "Review")
        if detail is not None:
            self.review_requested.emit(detail)

    def _detail(self, game_id: int, doing: str) -> GameDetail | None:
        try:
            return self._repository.game(game_id)
        except RecordsError as exc:
            show_message(self, QMessageBox.Icon.Warning, doing, f"That game cannot be read: {exc}")
            return None

    # -- export and import -----------------------------------------------------------

    def _ask_export_csv(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Export history as CSV",
            str(documents_folder() / "history.csv"),
            "CSV files (*.csv)",
        )
        if path:
            self.export_csv_to(Path(path))

    def _ask_export_json(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Export history as JSON",
            str(documents_folder() / "history.json"),
            "JSON files (*.json)",
        )
        if path:
            self.export_json_to(Path(path))

    def _ask_import_json(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Import history from JSON",
            str(documents_folder()),
            "JSON files (*.json);;All files (*)",
        )
        if path:
            self.import_json_from(Path(path))

    def export_csv_to(self, path: Path) -> QMessageBox:
        return self._export(path, "csv")

    def export_json_to(self, path: Path) -> QMessageBox:
        return self._export(path, "json")

    def _export(self, path: Path, file_format: str) -> QMessageBox:
        files = self._repository
        if not isinstance(files, RecordsFiles):
            return show_message(
                self, QMessageBox.Icon.Warning, "Export failed", "These records cannot be exported."
            )
        game = self.game_filter.game
        # A game whose variations cannot be read goes out with its main line, and is named.
        kept: list[DamagedGame] = []

        def note(damaged: DamagedGame) -> None:
            if not damaged.main_line_kept:
                raise CorruptDatabaseError(f"the records file is damaged: {damaged.message()}")
            kept.append(damaged)

        try:
            count = files.export_records(path, file_format, game, on_damaged=note)
        except RecordsError as exc:
            return show_message(self, QMessageBox.Icon.Warning, "Export failed", str(exc))
        which = "" if game is None else f" of {game_name(game)}"
        text = f"Exported {count} game{'s' * (count != 1)}{which} to {path.name}."
        if kept:
            more = f" (and {len(kept) - 1} more)" if len(kept) > 1 else ""
            first = kept[0].message()
            text += f"\n\n{first[0].upper()}{first[1:]}{more}."
            return show_message(self, QMessageBox.Icon.Warning, "Export", text)
        return show_message(self, QMessageBox.Icon.Information, "Export", text)

    def import_json_from(self, path: Path) -> QMessageBox:
        """Import a JSON export, with a progress dialog that can cancel it (nothing imported)."""
        files = self._repository
        if not isinstance(files, RecordsFiles):
            return show_message(
                self, QMessageBox.Icon.Warning, "Import failed", "These records cannot be changed."
            )
        progress = QProgressDialog(f"Importing {path.name}…", "Cancel", 0, 1000, self)
        progress.setObjectName("importProgress")
        progress.setWindowTitle("Import")
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)

        def report(done: int, total: int) -> bool:
            progress.setValue(min(999, done * 1000 // total) if total else 0)
            QApplication.processEvents()
            return not progress.wasCanceled()

        try:
            result = files.import_records(path, report)
        except PartialImportError as exc:  # some games stayed: the message says what to do
            self.refresh()
            self.records_changed.emit()
            return show_message(self, QMessageBox.Icon.Warning, "Import failed", str(exc))
        except (RecordsError, ValueError) as exc:
            return show_message(
                self,
                QMessageBox.Icon.Warning,
                "Import failed",
                f"Nothing was imported from {path.name}.\n\n{exc}",
            )
        finally:
            progress.reset()
            progress.deleteLater()
        if result.added:
            self.refresh()
            self.records_changed.emit()
        return show_message(
            self,
            QMessageBox.Icon.Information,
            "Import",
            f"From {path.name}: {result.summary()[0].lower()}{result.summary()[1:]}",
        )
