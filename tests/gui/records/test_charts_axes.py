"""The results-over-time chart's axes: no date written twice, and counts up the side."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pytestqt.qtbot import QtBot

from tictactoe_gui.gui.records.charts import ResultsOverTimeChart
from tictactoe_gui.storage.records import DRAW, LOSS, WIN

MORNING = datetime(2026, 3, 5, 9, 30, tzinfo=UTC)


def chart_of(qtbot: QtBot, timeline: list[tuple[datetime, str]]) -> ResultsOverTimeChart:
    chart = ResultsOverTimeChart()
    qtbot.addWidget(chart)
    chart.set_timeline(timeline)
    chart.resize(420, 220)
    chart.grab()  # paints with the same labels
    return chart


def test_games_of_one_day_name_the_day_once(qtbot: QtBot) -> None:
    later = MORNING + timedelta(hours=2)
    first, last = chart_of(qtbot, [(MORNING, WIN), (later, LOSS)]).time_labels()
    day = MORNING.astimezone().strftime("%Y-%m-%d")
    assert first.startswith(day)
    assert day not in last
    assert last == later.astimezone().strftime("%H:%M")


def test_a_single_game_is_labelled_once(qtbot: QtBot) -> None:
    first, last = chart_of(qtbot, [(MORNING, DRAW)]).time_labels()
    assert first == MORNING.astimezone().strftime("%Y-%m-%d %H:%M")
    assert last == ""


def test_games_on_different_days_name_both_days(qtbot: QtBot) -> None:
    week_later = MORNING + timedelta(days=7)
    first, last = chart_of(qtbot, [(MORNING, WIN), (week_later, WIN)]).time_labels()
    assert (first, last) == (
        MORNING.astimezone().strftime("%Y-%m-%d"),
        week_later.astimezone().strftime("%Y-%m-%d"),
    )


def test_the_counts_are_marked_from_zero_to_the_top(qtbot: QtBot) -> None:
    day = [(MORNING + timedelta(minutes=i), WIN) for i in range(8)]
    assert chart_of(qtbot, day).count_labels() == [0, 4, 8]
    assert chart_of(qtbot, day[:1]).count_labels() == [0, 1]
