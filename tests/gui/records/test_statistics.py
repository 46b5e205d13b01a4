"""The statistics window shows one person's figures and draws its charts."""

from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from tests.storage.games import human, make_game, persona
from tictactoe_gui.gui.records import StatisticsDialog
from tictactoe_gui.gui.records.common import OUTCOME_COLOURS
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode, Result, WinLossDraw


def table(dialog: StatisticsDialog) -> list[list[str]]:
    records = dialog.records
    return [
        [records.item(r, c).text() for c in range(records.columnCount())]
        for r in range(records.rowCount())
    ]


def test_totals_streaks_and_record_per_opponent(qtbot: QtBot, league: Repository) -> None:
    dialog = StatisticsDialog(league, player_name="alice")
    qtbot.addWidget(dialog)
    assert dialog.player.currentText() == "Alice"
    texts = {key: label.text() for key, label in dialog.totals.items()}
    assert texts == {
        "games": "6",
        "wins": "4",
        "losses": "1",
        "draws": "1",
        "win_rate": "67%",
        "current_streak": "2 wins in a row",
        "longest_win_streak": "2",
        "longest_loss_streak": "1",
    }
    assert table(dialog) == [
        ["Kitty", "2", "2", "0", "0", "100%"],
        ["Cop", "1", "1", "0", "0", "100%"],
        ["Sera", "2", "0", "1", "1", "0%"],
        ["People", "1", "1", "0", "0", "100%"],
    ]


def test_charts_plot_the_figures(qtbot: QtBot, league: Repository) -> None:
    dialog = StatisticsDialog(league, player_name="Alice")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    series = dialog.timeline_chart.series
    # Alice's games in order: W W D L W W.
    assert series["win"] == [1, 2, 2, 2, 3, 4]
    assert series["draw"] == [0, 0, 1, 1, 1, 1]
    assert series["loss"] == [0, 0, 0, 1, 1, 1]
    assert dialog.persona_chart.bars == [
        ("Kitty", WinLossDraw(2, 0, 0)),
        ("Cop", WinLossDraw(1, 0, 0)),
        ("Sera", WinLossDraw(0, 1, 1)),
    ]
    for chart in (dialog.timeline_chart, dialog.persona_chart):
        image = chart.grab().toImage()
        colours = {
            QColor(image.pixel(x, y)).name()
            for x in range(0, image.width(), 2)
            for y in range(0, image.height(), 2)
        }
        assert OUTCOME_COLOURS["win"].name() in colours  # the wins were drawn


def test_switching_player_shows_their_figures(qtbot: QtBot, league: Repository) -> None:
    dialog = StatisticsDialog(league)
    qtbot.addWidget(dialog)
    dialog.select_player("Bob")
    assert dialog.totals["games"].text() == "3"
    assert dialog.totals["current_streak"].text() == "none"
    assert table(dialog) == [
        ["Kitty", "1", "1", "0", "0", "100%"],
        ["Cop", "1", "0", "0", "1", "0%"],
        ["People", "1", "0", "1", "0", "0%"],
    ]


def test_no_games_yet(qtbot: QtBot, repo: Repository) -> None:
    dialog = StatisticsDialog(repo, player_name="Alice")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.stats is None
    assert "No one has played Tic-tac-toe yet" in dialog.message.text()
    assert dialog.totals["games"].text() == "0"
    assert dialog.timeline_chart.series["win"] == []


def test_a_failing_database_shows_a_message_not_a_crash(qtbot: QtBot, league: Repository) -> None:
    dialog = StatisticsDialog(league, player_name="Alice")
    qtbot.addWidget(dialog)
    league.close()
    dialog.refresh()
    assert "could not be read" in dialog.message.text()
    assert dialog.totals["games"].text() == "0"


def test_one_game_still_draws_its_line_from_zero(qtbot: QtBot, repo: Repository) -> None:
    repo.save_game(make_game(human("Dana"), persona("kitty"), Result.X_WINS))
    dialog = StatisticsDialog(repo, player_name="Dana")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.timeline_chart.series["win"] == [1]
    image = dialog.timeline_chart.grab().toImage()
    win = OUTCOME_COLOURS["win"].name()
    columns = {
        x
        for x in range(image.width())
        for y in range(image.height())
        if QColor(image.pixel(x, y)).name() == win
    }
    # Beyond the legend's swatch, the line runs across most of the chart's width.
    assert max(columns) - min(columns) > image.width() // 2


def test_only_personas_games_say_no_person_has_played(qtbot: QtBot, repo: Repository) -> None:
    repo.save_game(
        make_game(persona("sera"), persona("cop"), Result.X_WINS, mode=GameMode.AI_VS_AI)
    )
    dialog = StatisticsDialog(repo)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.stats is None
    # A game of Tic-tac-toe is recorded: the message must not say there is none.
    assert "recorded yet" not in dialog.message.text()
    assert "No one has played Tic-tac-toe yet" in dialog.message.text()
