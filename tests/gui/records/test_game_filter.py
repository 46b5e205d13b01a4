"""The records windows per game: the Game box, standings that never mix games, files."""

from __future__ import annotations

import sqlite3
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog
from pytestqt.qtbot import QtBot

from tests.storage.games import human, make_game, persona, seed_league
from tictactoe_gui.gui.app import open_records
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.records import HistoryDialog, LeaderboardDialog, StatisticsDialog
from tictactoe_gui.gui.records.common import documents_folder
from tictactoe_gui.storage import RecordsReader, Repository
from tictactoe_gui.storage.records import MoveEntry, Result


def add_small_board_games(repo: Repository) -> None:
    """Two 4x4 three-in-a-row games: Alice beats Kitty, then loses to Cop."""
    base = make_game(human("Alice"), persona("kitty"), Result.X_WINS, minute=30)
    cells = (0, 4, 1, 5, 2)
    win = replace(
        base,
        game="4x4k3",
        rows=4,
        cols=4,
        start_board="4/4/4/4",
        moves=tuple(MoveEntry(i + 1, c, "XO"[i % 2]) for i, c in enumerate(cells)),
    )
    loss = replace(
        win, x=persona("cop"), o=human("Alice"), ended_at=win.ended_at.replace(minute=31)
    )
    repo.save_games([win, loss])


@pytest.fixture
def mixed(league: Repository) -> Repository:
    add_small_board_games(league)
    return league


def people(dialog: LeaderboardDialog) -> dict[str, tuple[int, int, int]]:
    model = dialog.people.source
    return {
        model.index(r, 0).data(): tuple(int(model.index(r, c).data()) for c in (2, 3, 4))
        for r in range(model.rowCount())
    }


def test_the_leaderboard_shows_one_game_and_never_mixes_them(
    qtbot: QtBot, mixed: Repository
) -> None:
    dialog = LeaderboardDialog(mixed)
    qtbot.addWidget(dialog)
    assert dialog.game.currentText() == "Tic-tac-toe"
    assert [dialog.game.itemText(i) for i in range(dialog.game.count())] == [
        "Tic-tac-toe",
        "4×4, three in a row",
    ]
    assert people(dialog)["Alice"] == (4, 1, 1)  # her tic-tac-toe record only
    assert dialog.game.select("4x4k3")
    assert people(dialog) == {"Alice": (1, 1, 0)}
    assert "Bob" not in people(dialog)


def test_the_history_filters_by_game_and_names_each_games_game(
    qtbot: QtBot, mixed: Repository
) -> None:
    dialog = HistoryDialog(mixed)
    qtbot.addWidget(dialog)
    assert dialog.game_filter.currentText() == "All games"
    assert dialog.model.total == 11
    games_column = [dialog.model.index(r, 6).data() for r in range(dialog.model.rowCount())]
    assert games_column[:2] == ["4×4, three in a row"] * 2
    assert dialog.game_filter.select("4x4k3")
    assert dialog.model.total == 2
    assert dialog.player_filter.findText("Bob") < 0  # only the people of that game
    assert dialog.game_filter.select("tictactoe")
    assert dialog.model.total == 9


def test_statistics_are_per_game(qtbot: QtBot, mixed: Repository) -> None:
    dialog = StatisticsDialog(mixed, player_name="alice")
    qtbot.addWidget(dialog)
    assert dialog.stats is not None
    assert (dialog.stats.totals.wins, dialog.stats.totals.losses) == (4, 1)
    assert dialog.game.select("4x4k3")
    assert dialog.stats is not None
    assert (dialog.stats.totals.wins, dialog.stats.totals.losses) == (1, 1)
    assert dialog.player.count() == 1


def test_a_damaged_game_is_named_and_the_others_listed(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with Repository.open(path) as repository:
        seed_league(repository)
    connection = sqlite3.connect(path)
    connection.execute("UPDATE games SET ended_at = 'garbage' WHERE id = 4")
    connection.commit()
    connection.close()
    with Repository.open(path) as repository:
        dialog = HistoryDialog(repository)
        qtbot.addWidget(dialog)
        assert dialog.model.rowCount() == 8
        assert dialog.count.text().endswith(
            "Not shown: Game 4 cannot be read: ended_at is 'garbage'."
        )


def test_file_dialogs_start_in_the_documents_or_home_folder(
    qtbot: QtBot, league: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda _p, _t, where, _f: (asked.append(where), "")[1:] * 2
    )
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda _p, _t, where, _f: (asked.append(where), "")[1:] * 2
    )
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    dialog.export_csv_button.click()
    dialog.export_json_button.click()
    dialog.import_json_button.click()
    folder = documents_folder()
    assert folder.is_dir()
    assert folder != Path.cwd()
    assert asked == [
        str(folder / "history.csv"),
        str(folder / "history.json"),
        str(folder),
    ]


def test_an_import_shows_its_progress(qtbot: QtBot, league: Repository, tmp_path: Path) -> None:
    source = tmp_path / "games.json"
    league.export_records(source, "json")
    with Repository.open(tmp_path / "other.sqlite3") as other:
        for minute in range(400):  # enough games for the import to report progress
            other.save_game(
                make_game(human("Zed"), persona("cop"), Result.DRAW, minute=100 + minute)
            )
        other.export_records(tmp_path / "many.json", "json")
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    values: list[int] = []
    original = QProgressDialog.setValue

    def spy(self: QProgressDialog, value: int) -> None:
        values.append(value)
        original(self, value)

    QProgressDialog.setValue = spy  # type: ignore[method-assign]
    try:
        box = dialog.import_json_from(tmp_path / "many.json")
    finally:
        QProgressDialog.setValue = original  # type: ignore[method-assign]
    assert box.icon() == QMessageBox.Icon.Information
    assert box.text() == "From many.json: imported 400 games."
    assert values
    assert values == sorted(values)
    assert 0 < values[-1] <= 1000


def test_with_recording_off_in_a_locked_folder_the_records_still_read(
    qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    path = folder / "records.sqlite3"
    with Repository.open(path) as repository:
        seed_league(repository)
    original = path.read_bytes()
    if subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False).returncode:
        pytest.skip("chattr +i is not available here")
    try:
        opened = open_records(path)
        assert opened.recording_off is not None
        assert "not writable" in opened.recording_off
        assert isinstance(opened.records, RecordsReader)
        window = MainWindow(settings, opened.records)
        qtbot.addWidget(window)
        assert window.leaderboard_action.isEnabled()
        board = window.show_leaderboard()
        assert isinstance(board, LeaderboardDialog)
        assert people(board)["Alice"] == (4, 1, 1)
        window.shutdown()
        assert isinstance(opened.records, Repository)
        opened.records.close()
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)
    assert path.read_bytes() == original


def test_the_history_opens_on_its_games_so_the_arrow_keys_move_through_them(
    qtbot: QtBot, mixed: Repository, tmp_path: Path
) -> None:
    # With the focus on the game filter, Down chose another game instead of the next one.
    dialog = HistoryDialog(mixed)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.focusWidget() is not None)
    assert dialog.focusWidget() is dialog.view
    assert dialog.view.currentIndex().row() == 0
    with Repository.open(tmp_path / "empty.sqlite3") as nothing:
        empty = HistoryDialog(nothing)
        qtbot.addWidget(empty)
        empty.show()
        qtbot.waitUntil(lambda: empty.focusWidget() is not None)
        assert empty.focusWidget() is not empty.view  # nothing to move through: the filters
        empty.close()
