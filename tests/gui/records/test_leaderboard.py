"""The leaderboard window shows the recorded standings, sorts, and filters by opponent."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from tests.storage.games import human, make_game, persona
from tictactoe_gui.gui.records import LeaderboardDialog
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import Result


def rows(table) -> list[list[str]]:  # type: ignore[no-untyped-def]
    model = table.model()
    return [
        [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def test_people_and_personas_show_their_figures_apart(qtbot: QtBot, league: Repository) -> None:
    dialog = LeaderboardDialog(league)
    qtbot.addWidget(dialog)
    dialog.show()
    assert rows(dialog.people) == [
        ["Alice", "6", "4", "1", "1", "67%"],
        ["Bob", "3", "1", "1", "1", "33%"],
    ]
    assert sorted(rows(dialog.personas)) == [
        ["Cop", "3", "1", "1", "1", "33%"],
        ["Kitty", "4", "0", "4", "0", "0%"],
        ["Sera", "2", "1", "0", "1", "50%"],
    ]
    assert dialog.people_label.buddy() is dialog.people
    assert dialog.personas_label.buddy() is dialog.personas
    horizontal = Qt.Orientation.Horizontal
    assert dialog.people.model().headerData(0, horizontal) == "Player"
    assert dialog.personas.model().headerData(0, horizontal) == "Persona"


def test_columns_sort_as_numbers_and_names(qtbot: QtBot, repo: Repository) -> None:
    # Nine wins and ten wins: a text sort would put "9" above "10".
    for minute in range(10):
        repo.save_game(make_game(human("Ten"), persona("kitty"), Result.X_WINS, minute=minute))
    for minute in range(9):
        repo.save_game(make_game(human("nine"), persona("kitty"), Result.X_WINS, minute=minute))
    repo.save_game(make_game(human("Zed"), persona("kitty"), Result.O_WINS, minute=50))
    dialog = LeaderboardDialog(repo)
    qtbot.addWidget(dialog)
    table = dialog.people
    table.sortByColumn(2, Qt.SortOrder.DescendingOrder)
    assert [r[0] for r in rows(table)] == ["Ten", "nine", "Zed"]
    table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
    assert [r[0] for r in rows(table)] == ["Zed", "nine", "Ten"]
    table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert [r[0] for r in rows(table)] == ["nine", "Ten", "Zed"]
    table.sortByColumn(5, Qt.SortOrder.AscendingOrder)
    assert rows(table)[0][0] == "Zed"


def test_the_opponent_filter_counts_only_games_against_that_persona(
    qtbot: QtBot, league: Repository
) -> None:
    dialog = LeaderboardDialog(league)
    qtbot.addWidget(dialog)
    dialog.opponent.setCurrentIndex(dialog.opponent.findData("kitty"))
    assert rows(dialog.people) == [
        ["Alice", "2", "2", "0", "0", "100%"],
        ["Bob", "1", "1", "0", "0", "100%"],
    ]
    assert rows(dialog.personas) == [["Cop", "1", "1", "0", "0", "100%"]]
    dialog.opponent.setCurrentIndex(dialog.opponent.findData("sera"))
    assert rows(dialog.people) == [["Alice", "2", "0", "1", "1", "0%"]]
    assert rows(dialog.personas) == []
    dialog.opponent.setCurrentIndex(0)
    assert len(rows(dialog.people)) == 2


def test_an_empty_database_says_so(qtbot: QtBot, repo: Repository) -> None:
    dialog = LeaderboardDialog(repo)
    qtbot.addWidget(dialog)
    assert rows(dialog.people) == []
    assert dialog.status.text() == "No games of Tic-tac-toe recorded yet."


def test_refresh_picks_up_new_games(qtbot: QtBot, league: Repository) -> None:
    dialog = LeaderboardDialog(league)
    qtbot.addWidget(dialog)
    league.save_game(make_game(human("Cleo"), persona("sera"), Result.DRAW, minute=30))
    dialog.refresh()
    assert ["Cleo", "1", "0", "0", "1", "0%"] in rows(dialog.people)


def test_a_failing_database_shows_a_message_not_a_crash(qtbot: QtBot, league: Repository) -> None:
    dialog = LeaderboardDialog(league)
    qtbot.addWidget(dialog)
    league.close()  # every query now fails
    dialog.refresh()
    assert rows(dialog.people) == []
    assert dialog.status.text().startswith("The records could not be read")


def test_tab_goes_through_the_filters_then_both_tables_then_close(
    qtbot: QtBot, league: Repository
) -> None:
    dialog = LeaderboardDialog(league)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5000)
    dialog.game.setFocus(Qt.FocusReason.TabFocusReason)
    reached = [QApplication.focusWidget()]
    for _ in range(4):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    assert reached == [dialog.game, dialog.opponent, dialog.people, dialog.personas, close]
