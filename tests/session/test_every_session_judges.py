"""The coach's verdicts, a program's forfeit, what each move cost and the words said at the
table, asked of the one session every game plays through: k in a row's games and the
others alike."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from tests.session.helpers import human_vs_cop, play
from tictactoe_gui.engine import COP, KITTY, SERA, Verdict
from tictactoe_gui.engine.games import Certainty, GameError, Limit, find_game
from tictactoe_gui.session import PlayerSpec
from tictactoe_gui.session.table import MARGIN_COACH_WORDS, Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode

#: Four in a Row: a person plays far corners while Cop builds a line and wins (O).
FAR_CORNERS = ["a20", "b19", "t1", "c18", "t20", "d19", "a1", "b17", "a10", "e20"]


def test_a_corner_then_an_edge_beside_it_is_best_then_a_blunder() -> None:
    session = human_vs_cop(seed=4)
    play(session, "a3", "b3", analysed=True)  # a corner, then an edge next to it: O now loses
    assert dict(session.judge_known_moves()) == {1: Verdict.BEST, 2: Verdict.BLUNDER}
    assert session.judge_known_moves() == []  # nothing new since
    assert session.verdict_at(2) is Verdict.BLUNDER
    alice, cop = session.summaries()
    assert (cop.name, cop.blunders, cop.accuracy) == ("Cop", 1, 0.0)
    assert cop.describe() == "Cop (O): 0% accurate — 0 best, 0 good, 1 blunder"
    assert alice.describe() == "Alice (X): 100% accurate — 1 best, 0 good"


def test_without_analyses_the_end_of_the_game_still_tells_which_move_lost_it() -> None:
    session = human_vs_cop(seed=9)
    play(session, "a3", "a2", "b3", "c1", "c3")
    verdicts = dict(session.judge_known_moves())
    # O's last move let X complete the row: proven by the end, a blunder.
    assert verdicts == {4: Verdict.BLUNDER, 5: Verdict.GOOD}
    assert session.verdict_at(3) is None  # nothing proven about the position after it
    assert session.summaries()[1].accuracy == 0.0


def test_a_proof_found_late_tells_which_earlier_move_lost_and_stays_after_an_undo() -> None:
    # Before a1, a proof shows O wins whatever X does, and lists only a few moves: a1 is
    # not among them. Judging it, summing up and recording the game must all still work.
    session = human_vs_cop("four", 6)
    for ply, name in enumerate(FAR_CORNERS):
        # Time enough to find the proof before a1 (it takes a few milliseconds).
        play(session, name, analysed=True, limit=Limit(proof_time=10.0) if ply == 6 else None)
        session.judge_known_moves()
    before_a1 = session.analysis_of(session.position_at(6))
    assert before_a1 is not None
    assert before_a1.certainty is Certainty.PROVEN
    assert before_a1.result is not None
    assert before_a1.result.winner == 1
    assert session.moves[6] not in {value.move for value in before_a1.moves}
    assert session.is_over
    assert session.winner == 1
    assert session.verdict_at(7) is Verdict.GOOD  # already lost: the outcome is unchanged
    assert session.finished_game().moves[6].verdict == Verdict.GOOD.value
    # t20 let O's line through: the proof found two moves later shows it lost the game.
    t20 = session.judgement_at(5)
    assert t20 is not None
    assert (t20.verdict, t20.by_estimate) == (Verdict.BLUNDER, False)
    alice, _cop = session.summaries()
    assert alice.accuracy is not None
    assert alice.accuracy < 1
    assert f"Alice (X): {alice.accuracy:.0%} accurate by the estimate — " in alice.describe()
    # What was proven stays known of the positions when the moves after them are taken back.
    session.set_moves(session.moves[:5])
    assert session.verdict_at(5) is Verdict.BLUNDER


def test_a_program_that_breaks_the_protocol_forfeits_and_an_undo_takes_it_back() -> None:
    session = human_vs_cop(seed=2)
    play(session, "b2")
    reason = "Cop played a taken cell"
    session.forfeit(reason)
    assert session.is_over
    assert session.winner == 0
    assert session.result_words() == f"Alice (X) wins: {reason}"
    assert session.forfeit_reason == reason
    # The loser's word on its loss, not the winner's on a resignation.
    reaction = session.reaction()
    assert reaction.startswith("Cop: “")
    assert any(f"“{line}”" in reaction for line in COP.voice.loss)
    session.set_moves(session.moves)
    assert not session.is_over
    assert session.forfeit_reason == ""


def test_a_game_never_given_up_is_still_forfeited_by_a_program_that_breaks_the_rules() -> None:
    spec = find_game("rowcol3")
    seats = (Seat.human("Ann"), Seat.for_game(spec, "perfect"))
    session = TableSession(TableSetup(spec, GameMode.HUMAN_VS_AI, seats), 3)
    session.play(session.state.legal_moves()[0])
    with pytest.raises(GameError):
        session.resign()
    assert session.forfeit("Abacus broke the rules") == 1
    assert session.result_words() == "Ann (A) wins: Abacus broke the rules"


def test_what_a_computer_players_move_cost_is_kept_by_position_and_move() -> None:
    session = human_vs_cop(seed=7)
    play(session, "b2")
    state = session.state
    move = session.spec.parse_move("a1")
    session.note_cost(state, move, 1234, 5)
    session.play(move)
    assert session.cost_at(2) == (1234, 5)
    assert session.cost_at(1) == (0, 0)  # a person's move costs nothing
    session.set_moves([])
    play(session, "a1", "b2", "c3")  # other moves, reaching other positions
    session.set_moves(session.moves[:1])
    session.play(session.spec.parse_move("b2"))  # not the position Cop's cost was noted in
    assert session.cost_at(2) == (0, 0)


def test_the_record_keeps_every_move_its_score_and_verdict_the_hints_costs_and_end() -> None:
    # A game analysed, a hint asked, the computer's costs noted, then given up.
    session = human_vs_cop(seed=11)
    spec = session.spec
    session.count_hint()
    play(session, "a3", analysed=True)
    session.add_analysis(session.state, spec.analyse(session.state))
    session.note_cost(session.state, spec.parse_move("b3"), 321, 4)
    play(session, "b3")
    play(session, "b2", analysed=True)
    session.judge_known_moves()
    session.resign()
    moment = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    session.started_at = moment
    record = session.finished_game(moment)
    assert (record.started_at, record.ended_at, record.seed) == (moment, moment, 11)
    assert [(move.ply, move.cell, move.mark) for move in record.moves] == [
        (1, spec.parse_move("a3"), "X"),
        (2, spec.parse_move("b3"), "O"),
        (3, spec.parse_move("b2"), "X"),
    ]
    # Each move's score as the analysis of the position before it gives it.
    scores = []
    for ply, move in enumerate(session.moves):
        analysis = spec.analyse(session.position_at(ply))
        scores.append(next(value.score for value in analysis.moves if value.move == move))
    assert [move.score for move in record.moves] == scores
    assert [move.verdict for move in record.moves] == ["best", "blunder", "best"]
    assert (record.hints_x, record.hints_o) == (1, 0)
    assert (record.x_ai_nodes, record.o_ai_nodes, record.o_ai_max_depth) == (0, 321, 4)
    assert record.resigned == "O"
    assert record.tree is None  # one line played: no variations to keep


def test_a_forfeit_is_kept_with_the_record_of_every_game() -> None:
    session = human_vs_cop("connect4", 5)
    play(session, "d1", "d2")
    session.forfeit("Cop did not answer in time")
    record = session.finished_game()
    assert record.resigned == "X"
    assert json.loads(record.extra or "{}")["forfeit"] == "Cop did not answer in time"


def test_the_table_says_its_words_at_the_start_on_each_move_and_at_the_end() -> None:
    spec = find_game("tictactoe")
    ann, bob = PlayerSpec.human("Ann"), PlayerSpec.human("Bob")
    kitty, cop = PlayerSpec.ai("kitty"), PlayerSpec.ai("cop")
    welcome = "Welcome, {}! This is your first game of Tic-tac-toe here — good luck."

    def sat(mode: GameMode, x: Seat, o: Seat) -> TableSession:
        session = TableSession(TableSetup(spec, mode, (x, o)), 3)
        play(session, "a1", "b2", analysed=True)
        session.add_analysis(session.state, spec.analyse(session.state))
        assert dict(session.judge_known_moves()) == {1: Verdict.BEST, 2: Verdict.BEST}
        return session

    def said(session: TableSession) -> list[str | None]:
        return [session.coach_line(ply, Verdict.BEST) for ply in (1, 2)]

    def quoted(name: str, lines: tuple[str, ...]) -> set[str]:
        return {f"{name}: “{line}”" for line in lines}

    records = {"Ann": None, "Bob": None}
    sera = sat(GameMode.HUMAN_VS_AI, ann, PlayerSpec.ai("sera"))
    assert sera.opening_line() == f"Sera: “{SERA.voice.greeting}”"
    assert sera.greetings(records.get, spec.name) == [welcome.format("Ann")]
    first, second = said(sera)
    assert first in quoted("Sera", SERA.voice.opponent_move[Verdict.BEST])  # of Ann's move
    assert second in quoted("Sera", SERA.voice.own_move[Verdict.BEST])
    people = sat(GameMode.HUMAN_VS_HUMAN, ann, bob)
    assert people.opening_line() == "Coach: I'll judge every move. Play well!"
    assert people.greetings(records.get, spec.name) == [
        welcome.format("Ann"),
        welcome.format("Bob"),
    ]
    assert said(people) == [
        "Coach: Ann's X at a1 — best move.",
        "Coach: Bob's O at b2 — best move.",
    ]
    cats = sat(GameMode.AI_VS_AI, kitty, kitty)
    assert cats.opening_line() == "Kitty (X) against Kitty (O)."
    assert cats.greetings(records.get, spec.name) == []
    first, second = said(cats)
    own = KITTY.voice.own_move[Verdict.BEST]
    assert first in quoted("Kitty (X)", own)  # playing itself: it says which side speaks
    assert second in quoted("Kitty (O)", own)
    engine = sat(GameMode.AI_VS_AI, PlayerSpec.engine("/opt/pbrain-x"), cop)
    assert engine.opening_line() == "pbrain-x (X) against Cop (O)."
    first, second = said(engine)
    # A program is no persona and has no voice: the coach says the word on its move.
    assert first == "Coach: pbrain-x's X at a1 — best move."
    assert second in quoted("Cop", COP.voice.own_move[Verdict.BEST])
    ends = {
        sera: ("Sera wins.", "Sera (O)"),
        people: ("Bob (O) wins!", "Bob (O)"),
        cats: ("Kitty (O) wins!", "Kitty (O)"),
        engine: ("Cop (O) wins!", "Cop (O)"),
    }
    for session, (headline, winner) in ends.items():
        play(session, "c3", "b1", "a2", "b3")  # X then O, and O wins down b
        assert session.is_over
        assert session.headline() == headline
        assert session.result_words() == f"{winner} wins"


def test_a_side_that_resigned_a_draw_is_said_to_have_thrown_it_away() -> None:
    session = human_vs_cop(seed=10)
    play(session, "b2", "a3", analysed=True)
    session.resign()
    session.judge_known_moves()
    alice, cop = session.summaries()
    assert alice.resigned
    assert not cop.resigned
    # Resigning a position that is a draw with best play throws the game away: a blunder.
    assert alice.describe() == (
        "Alice (X): 50% accurate — 1 best, 0 good, 1 blunder, "
        "then resigned a game not proven lost, counted as a blunder"
    )
    assert "resigned" not in cop.describe()


def test_resigning_a_proven_loss_keeps_the_outcome_and_the_accuracy() -> None:
    session = human_vs_cop(seed=10)
    # X takes three corners around O's centre: two threats at once, O to move has lost.
    play(session, "a3", "b2", "c1", "c3", "a1", analysed=True)
    session.add_analysis(session.state, session.spec.analyse(session.state))
    session.judge_known_moves()
    result = session.spec.analyse(session.state).result
    assert result is not None
    assert result.winner == 0
    session.resign()
    _alice, cop = session.summaries()
    assert cop.resigned_lost
    assert cop.judged == cop.moves + 1  # the resignation is one more decision
    # Kept the outcome: a good decision, not one more blunder.
    blunders = sum(
        1
        for ply in range(2, len(session.moves) + 1, 2)
        if session.verdict_at(ply) is Verdict.BLUNDER
    )
    assert cop.blunders == blunders
    assert cop.describe().endswith("then resigned a lost game")


def test_a_computer_player_with_no_voice_leaves_the_word_on_each_move_to_the_coach() -> None:
    # Row & Column's players say nothing of their own: the bubble was the opening line all
    # game long; the coach now gives the word on each take, the person's and the player's.
    spec = find_game("rowcol4")
    seats = (PlayerSpec.human("Ann"), PlayerSpec.for_game(spec, "greedy"))
    session = TableSession(TableSetup(spec, GameMode.HUMAN_VS_AI, seats), 5)
    for _ in range(2):
        session.add_analysis(session.state, spec.analyse(session.state))
        session.play(session.state.legal_moves()[0])
    session.add_analysis(session.state, spec.analyse(session.state))
    judged = dict(session.judge_known_moves())
    assert set(judged) == {1, 2}
    for ply, seat in ((1, "A"), (2, "B")):
        line = session.coach_line(ply, judged[ply])
        move = spec.format_move(session.moves[ply - 1])
        assert line == (
            f"Coach: {session.name_of(ply - 1)}'s {seat} at {move} — "
            f"{MARGIN_COACH_WORDS[judged[ply]]}."
        )
