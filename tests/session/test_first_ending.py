"""The first ending of a game goes to the records, once, and never a later one: the rule
and the words the window's controller uses for every game (session/first_ending.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.session.helpers import human_vs_cop, play
from tictactoe_gui.session.first_ending import (
    FROM_POSITION,
    LATER_ENDING,
    RECORDED,
    STUDY,
    FirstEnding,
)
from tictactoe_gui.session.table import TableSession
from tictactoe_gui.storage.records import FinishedGame


class Records:
    """A list of saved games, or a failure on each save while ``failing`` says why."""

    def __init__(self) -> None:
        self.games: list[FinishedGame] = []
        self.failing = ""

    def save_game(self, game: FinishedGame) -> int:
        if self.failing:
            raise OSError(self.failing)
        self.games.append(game)
        return len(self.games)


def x_wins_down_a(session: TableSession) -> None:
    """X takes a1, a2, a3 while O plays b1 and b2 (O to move after a1 a2 would block)."""
    play(session, "a1", "b1", "a2", "b2", "a3")
    assert session.winner == 0


def test_the_first_ending_is_recorded_once_however_often_it_is_asked_about() -> None:
    session, records, ending = human_vs_cop(), Records(), FirstEnding()
    assert ending.record(session, records.save_game).note == ""  # not over: nothing
    x_wins_down_a(session)
    first = ending.record(session, records.save_game)
    assert (first.note, first.saved_id, first.failed) == (RECORDED, 1, False)
    assert ending.record(session, records.save_game) == first
    assert len(records.games) == 1
    assert records.games[0].moves[-1].cell == session.moves[-1]
    assert ending.recorded


def test_a_later_ending_after_an_undo_is_not_recorded_and_the_first_one_still_is() -> None:
    session, records, ending = human_vs_cop(), Records(), FirstEnding()
    x_wins_down_a(session)
    ending.record(session, records.save_game)
    won = session.moves
    session.set_moves(won[:-1])  # undone, then played otherwise to another ending
    play(session, "c3", "b3")
    assert session.winner == 1
    later = ending.record(session, records.save_game)
    assert (later.note, later.saved_id) == (LATER_ENDING, None)
    session.set_moves(won)  # back to the ending that was recorded
    assert ending.record(session, records.save_game).note == RECORDED
    assert len(records.games) == 1


def test_a_failed_save_says_why_keeps_the_game_and_saves_on_retry() -> None:
    session, records, ending = human_vs_cop(), Records(), FirstEnding()
    x_wins_down_a(session)
    records.failing = "disk full"
    failed = ending.record(session, records.save_game)
    assert failed.failed
    assert failed.note == "Not recorded: disk full. The game is still on the board."
    assert ending.record(session, records.save_game) == failed  # not tried behind one's back
    assert records.games == []
    assert not ending.recorded
    records.failing = ""
    again = ending.retry(session, records.save_game)
    assert (again.note, again.saved_id, again.failed) == (RECORDED, 1, False)
    assert len(records.games) == 1


@pytest.mark.parametrize(
    ("study", "note"),
    [
        (lambda s: replace(s, start=s.spec.new_game(), from_position=True), FROM_POSITION),
        (lambda s: replace(s, record=False), STUDY),
    ],
)
def test_a_study_or_a_set_up_position_is_never_recorded(study, note) -> None:  # type: ignore[no-untyped-def]
    session = human_vs_cop()
    session = TableSession(study(session.setup), 1)
    records, ending = Records(), FirstEnding()
    x_wins_down_a(session)
    assert ending.record(session, records.save_game).note == note
    assert records.games == []


def test_without_records_nothing_is_said_and_a_game_resumed_after_recording_is_not_again() -> None:
    session = human_vs_cop()
    x_wins_down_a(session)
    assert FirstEnding().record(session, None).note == ""
    records = Records()
    resumed = FirstEnding(recorded_before=True)
    assert resumed.record(session, records.save_game).note == LATER_ENDING
    assert records.games == []
