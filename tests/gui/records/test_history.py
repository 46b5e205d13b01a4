"""The history window: lazy paging, filters, replay, export and import."""

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from tests.storage.games import human, make_game, persona
from tictactoe_gui.engine.games import registered_games
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.records import HistoryDialog
from tictactoe_gui.gui.records.history import PAGE_SIZE
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import (
    GameDetail,
    GameMode,
    PartialImportError,
    Result,
    SideKind,
)

RESULTS = (Result.X_WINS, Result.O_WINS, Result.DRAW)


def seed_many(repo: Repository, count: int) -> None:
    repo.save_games(
        make_game(human(f"P{i % 10}"), persona("sera"), RESULTS[i % 3], minute=i, seed=i)
        for i in range(count)
    )


def column(dialog: HistoryDialog, col: int) -> list[str]:
    model = dialog.model
    return [model.index(r, col).data() for r in range(model.rowCount())]


def test_a_thousand_games_load_one_page_at_a_time(qtbot: QtBot, repo: Repository) -> None:
    seed_many(repo, 1000)
    dialog = HistoryDialog(repo)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.model.rowCount() > 0)
    model = dialog.model
    assert model.total == 1000
    assert model.rowCount() == PAGE_SIZE  # only the first page, not all 1,000
    assert model.canFetchMore()
    # Newest first: the game with seed 999 ended last.
    assert model.summary(0).seed == 999
    model.fetchMore()
    assert model.rowCount() == 2 * PAGE_SIZE
    assert model.summary(PAGE_SIZE).seed == 999 - PAGE_SIZE
    dialog.view.scrollToBottom()  # the view asks for more as the user scrolls
    qtbot.waitUntil(lambda: model.rowCount() > 2 * PAGE_SIZE)
    while model.canFetchMore():
        model.fetchMore()
    assert model.rowCount() == 1000
    seeds = [model.summary(r).seed for r in range(1000)]
    assert seeds == list(range(999, -1, -1))
    assert "1000 games" in dialog.count.text()


def test_filters_by_player_mode_and_result(qtbot: QtBot, league: Repository) -> None:
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    assert dialog.model.total == 9
    assert dialog.select_player(SideKind.HUMAN, "Alice")
    assert dialog.model.total == 6
    dialog.result_filter.setCurrentIndex(dialog.result_filter.findText("Won"))
    assert dialog.model.total == 4
    assert set(column(dialog, 4)) == {"Alice (X) wins", "Alice (O) wins"}  # as X and as O
    dialog.result_filter.setCurrentIndex(dialog.result_filter.findText("Lost"))
    assert dialog.model.total == 1
    assert column(dialog, 2) == ["Sera (AI)"]
    dialog.player_filter.setCurrentIndex(0)  # all players: results by mark again
    assert dialog.result_filter.findText("X wins") > 0
    dialog.mode_filter.setCurrentIndex(dialog.mode_filter.findData(GameMode.AI_VS_AI))
    assert dialog.model.total == 1
    assert column(dialog, 1) == ["AI vs AI"]
    assert dialog.select_player(SideKind.PERSONA, "kitty")
    assert column(dialog, 3) == ["Cop (AI)"]
    assert not dialog.select_player(SideKind.HUMAN, "Nobody")


def test_double_click_requests_a_replay_of_that_game(qtbot: QtBot, league: Repository) -> None:
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    row = 3
    expected = dialog.model.summary(row)
    index = dialog.model.index(row, 2)
    dialog.view.scrollTo(index)
    position = dialog.view.visualRect(index).center()
    viewport = dialog.view.viewport()
    with qtbot.waitSignal(dialog.replay_requested, timeout=2000) as blocker:
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=position)
        qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=position)
    detail = blocker.args[0]
    assert isinstance(detail, GameDetail)
    assert detail.summary == expected
    assert detail.moves == league.game(expected.id).moves
    assert len(detail.moves) == expected.plies


def test_the_replay_button_replays_the_selected_game(qtbot: QtBot, league: Repository) -> None:
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    assert not dialog.replay_button.isEnabled()
    dialog.view.selectRow(0)
    assert dialog.replay_button.isEnabled()
    with qtbot.waitSignal(dialog.replay_requested, timeout=2000) as blocker:
        qtbot.mouseClick(dialog.replay_button, Qt.MouseButton.LeftButton)
    assert blocker.args[0].summary.id == dialog.model.summary(0).id


def test_history_opens_on_the_newest_game_chosen(qtbot: QtBot, league: Repository) -> None:
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    # Replay and Review answer at once, on the game at the top.
    assert dialog.replay_button.isEnabled()
    assert dialog.review_button.isEnabled()
    assert [index.row() for index in dialog.view.selectionModel().selectedRows()] == [0]
    qtbot.keyClick(dialog.view, Qt.Key.Key_Down)
    assert [index.row() for index in dialog.view.selectionModel().selectedRows()] == [1]


def test_export_then_import_into_another_database(
    qtbot: QtBot, league: Repository, tmp_path: Path
) -> None:
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    target = tmp_path / "out.json"
    box = dialog.export_json_to(target)
    assert "Exported 9 games" in box.text()
    assert len(json.loads(target.read_text())["games"]) == 9
    assert "Exported 9 games" in dialog.export_csv_to(tmp_path / "out.csv").text()
    with Repository.open(tmp_path / "other.sqlite3") as other:
        other_dialog = HistoryDialog(other)
        qtbot.addWidget(other_dialog)
        with qtbot.waitSignal(other_dialog.records_changed, timeout=2000):
            box = other_dialog.import_json_from(target)
        assert box.text() == "From out.json: imported 9 games."
        assert other_dialog.model.total == 9
        assert other_dialog.player_filter.findText("Alice") > 0
        again = other_dialog.import_json_from(target)
        assert again.text() == "From out.json: imported 0 games; 9 were already recorded."


def test_a_bad_import_shows_a_message_and_changes_nothing(
    qtbot: QtBot, league: Repository, tmp_path: Path
) -> None:
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    box = dialog.import_json_from(bad)
    assert box.icon() == QMessageBox.Icon.Warning
    assert "Nothing was imported" in box.text()
    assert league.count_games() == 9
    failed = dialog.export_csv_to(tmp_path / "missing-folder" / "x.csv")
    assert failed.icon() == QMessageBox.Icon.Warning
    assert "cannot write" in failed.text()


def test_an_import_that_could_not_take_back_its_games_says_what_stayed(
    qtbot: QtBot, league: Repository, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    message = (
        "could not import the games: the disk is full; 400 of the file's games were already"
        " recorded and could not be taken back: importing big.json again adds the rest"
    )

    def partial(path: Path, progress: object = None) -> None:
        league.save_game(make_game(human("Imp"), persona("cop"), Result.DRAW, minute=500))
        raise PartialImportError(message)

    monkeypatch.setattr(league, "import_records", partial)
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.records_changed):
        box = dialog.import_json_from(tmp_path / "big.json")
    assert box.icon() == QMessageBox.Icon.Warning
    assert box.text() == message  # not "Nothing was imported"
    assert column(dialog, 2)[0] == "Imp"  # the history shows the game that stayed


def test_an_empty_history_says_so(qtbot: QtBot, repo: Repository) -> None:
    dialog = HistoryDialog(repo)
    qtbot.addWidget(dialog)
    assert dialog.model.rowCount() == 0
    assert dialog.count.text() == "No games recorded yet."


def test_a_failing_database_shows_a_message_not_a_crash(qtbot: QtBot, league: Repository) -> None:
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    dialog.view.selectRow(0)
    league.close()  # every query now fails
    dialog.replay_selected()
    box = dialog.findChild(QMessageBox, "recordsMessage")
    assert box is not None
    assert "cannot be read" in box.text()
    dialog.refresh()
    assert dialog.model.rowCount() == 0
    assert dialog.count.text().startswith("The records could not be read")


def test_the_buttons_ask_for_a_file_then_export_and_import(
    qtbot: QtBot, league: Repository, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    chosen = {"path": ""}
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (chosen["path"], ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (chosen["path"], ""))
    chosen["path"] = str(tmp_path / "h.csv")
    qtbot.mouseClick(dialog.export_csv_button, Qt.MouseButton.LeftButton)
    assert (tmp_path / "h.csv").read_text().count("\n") == 10  # header and 9 games
    chosen["path"] = str(tmp_path / "h.json")
    qtbot.mouseClick(dialog.export_json_button, Qt.MouseButton.LeftButton)
    assert len(json.loads((tmp_path / "h.json").read_text())["games"]) == 9
    qtbot.mouseClick(dialog.import_json_button, Qt.MouseButton.LeftButton)
    assert league.count_games() == 9  # all already recorded
    chosen["path"] = ""  # the user cancelled the file dialog: nothing happens
    qtbot.mouseClick(dialog.export_csv_button, Qt.MouseButton.LeftButton)
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix in {".csv", ".json"}) == [
        "h.csv",
        "h.json",
    ]


def test_no_cell_but_a_name_is_cut_short(qtbot: QtBot, league: Repository) -> None:
    dialog = HistoryDialog(league)
    qtbot.addWidget(dialog)
    dialog.show()
    header = dialog.view.horizontalHeader()
    metrics = dialog.view.fontMetrics()
    games = [game.listed[0] for game in registered_games()]
    computers = {player.name for game in games for player in game.players}
    resigning = {player.name for game in games if game.can_resign for player in game.players}
    # The longest words each column can hold: a custom board's name, Row & Column's scores
    # between its computer players, a game given up.
    longest = {
        4: max(
            [f"{name} (B) wins, 100 to -100" for name in computers]
            + [f"{a} (X) resigned; {b} (O) wins" for a in resigning for b in resigning],
            key=metrics.horizontalAdvance,
        ),
        6: max(
            (get_variant(g).name for g in ("20x20k20", "rowcol10", "four", "5x5k4")),
            key=metrics.horizontalAdvance,
        ),
    }
    for col, text in longest.items():
        assert metrics.horizontalAdvance(text) + 8 <= header.sectionSize(col), text
    # Any cell too narrow for its text (a long name) shows it whole on hovering.
    index = dialog.model.index(0, 2)
    assert index.data(Qt.ItemDataRole.ToolTipRole) == index.data()
