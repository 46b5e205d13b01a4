"""A Row & Column game at the table: turns, computer takes, undo, the coach, the record."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from tictactoe_gui.engine import Verdict
from tictactoe_gui.engine.rowcol import Limit, Player, Position, analyse
from tictactoe_gui.records_bridge import check_record, state_finished_game
from tictactoe_gui.session.rowcol import RowColPlayer, RowColSession, RowColSetup
from tictactoe_gui.storage.records import GameMode, Result, SideKind

ALICE = RowColPlayer.human("Alice")
BOB = RowColPlayer.human("Bob")


def computer_game(seed: int, a: str = "perfect", b: str = "greedy") -> RowColSession:
    setup = RowColSetup(GameMode.AI_VS_AI, RowColPlayer.ai(a), RowColPlayer.ai(b), size=4)
    session = RowColSession(setup, seed)
    while session.ai_to_move():
        session.play(session.choose_ai_take().cell)
    return session


def test_a_seed_replays_the_same_game() -> None:
    first, again = computer_game(7, "random", "random"), computer_game(7, "random", "random")
    assert first.cells == again.cells
    assert first.start == Position.from_seed(4, 7)
    assert first.is_over
    assert computer_game(8, "random", "random").cells != first.cells


def test_a_persons_take_is_checked_and_explained() -> None:
    setup = RowColSetup(GameMode.HUMAN_VS_HUMAN, ALICE, BOB, size=3, values=tuple(range(1, 10)))
    session = RowColSession(setup, 1)
    assert session.is_human_turn()
    assert session.why_not_allowed(4) is None
    session.play(4)
    assert session.why_not_allowed(4) == "b2 is already taken."
    assert session.why_not_allowed(0) == "a3 is not in the row or column of the last take (b2)."
    assert session.player_to_move == BOB
    session.play(1)
    assert session.takes[0].player is Player.A
    assert session.takes[1].value == 2
    assert session.owners() == {4: Player.A, 1: Player.B}


def test_undo_and_redo_set_the_takes() -> None:
    session = computer_game(3, "greedy", "random")
    every = session.cells
    session.set_takes(every[:2])
    assert session.position == session.start.play(every[0]).play(every[1])
    assert not session.is_over
    session.set_takes(every)
    assert session.is_over


def test_the_computer_cannot_be_asked_on_a_persons_turn() -> None:
    session = RowColSession(RowColSetup(GameMode.HUMAN_VS_AI, ALICE, RowColPlayer.ai("greedy")), 1)
    with pytest.raises(ValueError, match="no computer player is to move"):
        session.choose_ai_take()
    session.play(session.position.allowed_cells()[0])
    assert session.why_not_allowed(0) == "It is Magpie's turn."
    assert session.choose_ai_take().cell in session.position.allowed_cells()


def test_the_coach_judges_each_take_and_counts_accuracy() -> None:
    setup = RowColSetup(GameMode.HUMAN_VS_HUMAN, ALICE, BOB, size=3)
    session = RowColSession(setup, 4)
    while not session.is_over:
        analysis = analyse(session.position, table=session.table)
        session.add_analysis(analysis)
        # Alice always takes the best cell; Bob always the worst.
        pick = analysis.candidates[0 if session.position.to_move is Player.A else -1]
        session.play(pick.cell)
    assert session.unanalysed() == ()
    alice, bob = session.summaries()
    assert alice.accuracy == 1.0
    assert alice.best == alice.takes
    assert bob.takes >= 1
    for number in range(len(session.cells)):
        verdict = session.verdict_at(number)
        assert verdict is not None
        if session.takes[number].player is Player.A:
            assert verdict is Verdict.BEST
    assert "Alice (A): 100% accurate" in alice.describe()


def test_a_hint_names_the_best_cells_and_is_counted() -> None:
    setup = RowColSetup(GameMode.HUMAN_VS_AI, ALICE, RowColPlayer.ai("perfect"), size=3)
    session = RowColSession(setup, 2)
    analysis = analyse(session.position)
    session.count_hint()
    text = session.hint_text(analysis)
    assert text.startswith("Take ")
    assert session.position.cell_label(analysis.best_cells[0]) in text
    assert "(exactly)" in text
    assert session.summaries()[0].hints == 1


def test_the_result_the_reaction_and_the_record() -> None:
    session = computer_game(5)
    position = session.position
    words = session.result_words()
    if position.winner is None:
        assert words == f"A tie at {position.score_a} each"
    else:
        assert f"({position.winner}) wins" in words
    assert session.reaction().startswith("Abacus: ")
    assert session.recorded
    record = state_finished_game(
        session.state(),
        session.setup.a.side(),
        session.setup.b.side(),
        session.setup.mode,
        session.started_at,
        datetime.now(UTC),
        seed=session.seed,
    )
    check_record(record)
    assert record.game == "rowcol4"
    assert record.x.kind is SideKind.PERSONA
    assert record.x.name == "perfect"
    assert record.result in (Result.X_WINS, Result.O_WINS, Result.DRAW)
    assert json.loads(record.extra or "")["score_a"] == position.score_a
    assert record.seed == 5


def test_an_unfinished_or_unrecorded_game_has_no_record() -> None:
    setup = RowColSetup(GameMode.HUMAN_VS_HUMAN, ALICE, BOB, size=3)
    session = RowColSession(setup, 1)
    assert not session.is_over
    assert session.result_words() == ""
    study = RowColSetup(GameMode.AI_VS_AI, RowColPlayer.ai("greedy"), RowColPlayer.ai("greedy"),
                        size=3, record=False)  # fmt: skip
    played = RowColSession(study, 1)
    while played.ai_to_move():
        played.play(played.choose_ai_take().cell)
    assert played.is_over
    assert not played.recorded


def test_a_typed_board_starts_as_typed_with_the_chosen_first_player() -> None:
    setup = RowColSetup(
        GameMode.HUMAN_VS_HUMAN, ALICE, BOB, size=3, values=tuple(range(9)), first=Player.B
    )
    session = RowColSession(setup, 1)
    assert session.start.values == tuple(range(9))
    assert session.position.to_move is Player.B
    assert session.player_to_move == BOB


def test_verdicts_against_a_depth_limited_analysis_say_they_are_by_the_estimate() -> None:
    setup = RowColSetup(GameMode.HUMAN_VS_HUMAN, ALICE, BOB, size=3)
    session = RowColSession(setup, 4)
    limited = analyse(session.position, Limit(exact=False, depth=1))
    assert not limited.exact
    session.add_analysis(limited)
    session.play(limited.candidates[0].cell)
    assert session.by_estimate(0)
    alice, _bob = session.summaries()
    assert alice.by_estimate == 1
    assert alice.describe().startswith("Alice (A): 100% accurate by the estimate — 1 best")
    exact = RowColSession(setup, 4)
    exact.add_analysis(analyse(exact.position))
    exact.play(limited.candidates[0].cell)
    assert not exact.by_estimate(0)
    assert "by the estimate" not in exact.summaries()[0].describe()
