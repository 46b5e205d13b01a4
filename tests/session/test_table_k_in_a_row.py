"""k in a row at the table every game sits at: turns, seeds, hints, verdicts, resigning and
the record, through the game interface alone (the board is read through the state)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.session.helpers import board_of, human_vs_cop, play
from tictactoe_gui.engine import COP, Board, Verdict
from tictactoe_gui.engine.games import Certainty, GameError, GameSpec, find_game
from tictactoe_gui.records_bridge import start_of
from tictactoe_gui.session.table import Seat, TableSession, TableSetup, play_computers
from tictactoe_gui.storage.records import GameMode, Result


def test_whose_turn_and_why_a_move_is_refused() -> None:
    session = human_vs_cop()
    spec = session.spec
    assert session.is_human_turn()
    assert session.why_not_playable(spec.parse_move("b2")) is None
    play(session, "b2")
    assert session.ai_to_move()
    assert (
        session.why_not_playable(spec.parse_move("a1")) == "It is Cop's turn: wait for the reply."
    )
    play(session, "a1")
    assert session.why_not_playable(spec.parse_move("b2")) == "Cell b2 is already taken by X."
    assert "not a move of tictactoe" in (session.why_not_playable(99) or "")
    assert board_of(session) == Board.from_text("....X.O..")  # the window's board, the same


def test_a_seed_gives_each_ply_its_own_generator_whatever_was_drawn_before() -> None:
    a, b = human_vs_cop(seed=77), human_vs_cop(seed=77)
    # Asking for a later ply first (a cancelled search, say) changes nothing.
    b.ply_seed(5)
    assert [a.ply_seed(p) for p in range(8)] == [b.ply_seed(p) for p in range(8)]
    assert a.move_rng(3).random() == b.move_rng(3).random()
    assert human_vs_cop(seed=78).ply_seed(0) != a.ply_seed(0)


def test_undo_is_setting_the_moves_and_hints_count_once_per_position() -> None:
    session = human_vs_cop(seed=3)
    session.count_hint()
    session.count_hint()
    assert session.hints == {0: 1, 1: 0}
    play(session, "a3", "b2")
    session.set_moves(session.moves[:1])
    assert board_of(session) == Board.from_text("X........")
    session.set_moves([])
    session.count_hint()  # the same position as the first hint
    assert session.hints[0] == 1


def test_resigning_ends_the_game_as_a_loss_for_the_side_to_move_and_is_recorded() -> None:
    session = human_vs_cop(seed=5)
    play(session, "a3", "b2")
    assert session.resign() == 0
    assert session.is_over
    assert session.winner == 1
    assert session.result_words() == "Alice (X) resigned; Cop (O) wins"
    assert session.headline() == "You resigned. Cop wins."
    # Cop's word is about a resignation, not a win on the board ("Three in a row").
    reaction = session.reaction()
    assert reaction.startswith("Cop: “")
    assert any(f"“{line}”" in reaction for line in COP.voice.resignation)
    record = session.finished_game()
    assert (record.result, record.resigned) == (Result.O_WINS, "X")
    with pytest.raises(ValueError, match="over"):
        session.resign()


def test_a_game_from_a_set_up_position_is_never_recorded_and_opens_where_it_began() -> None:
    assert human_vs_cop().setup.recorded
    studied = human_vs_cop(start="X...O....")
    assert studied.setup.from_position
    assert not studied.setup.recorded
    assert board_of(studied) == Board.from_text("X...O....")
    play(studied, "c1", "a1", "b1", "c3")  # O wins along the diagonal
    record = studied.finished_game()
    assert start_of(record).position_text() == "X...O...."


def test_the_hint_says_when_every_move_is_as_good_as_another() -> None:
    session = human_vs_cop(seed=6)
    spec = session.spec

    def hint(text: str) -> str:
        state = spec.from_position_text(text)
        return session.hint_text(spec.analyse(state), state)

    assert hint("XX.OO....") == "Hint: play c3 (win in 1)."
    assert hint(".........") == "Hint: every move keeps the draw."
    assert hint("....XOXOX") == "Hint: every move leads to a loss in 2."  # X wins next move
    assert hint("XXXOO....") == "Hint: the game is over."


def test_a_hint_claims_every_move_alike_only_when_every_move_is_proven() -> None:
    # A big board's proof lists a few moves: even when they tie, the others are not known.
    spec = find_game("four")
    state = spec.new_game().play(spec.parse_move("j11"))
    estimate = spec.analyse(state)
    listed = tuple(replace(value, score=0) for value in estimate.moves[:3])
    proof = replace(
        estimate,
        certainty=Certainty.PROVEN,
        moves=listed,
        best_moves=tuple(value.move for value in listed),
    )
    words = human_vs_cop("four").hint_text(proof, state)
    assert words.startswith("Hint: play ")
    assert "every move" not in words
    assert words.endswith(", by the estimate).")  # the moves themselves are only estimated


@pytest.mark.parametrize("game_id", ["4x4k4", "3x4k3", "gomoku"])
def test_a_session_plays_any_size_to_its_end_or_a_person_s_turn(game_id: str) -> None:
    spec: GameSpec = find_game(game_id)
    seats = (Seat.for_game(spec, "cop"), Seat.for_game(spec, "kitty"))
    if spec.rows * spec.cols > 16:  # a big board: a person plays X, Cop answers once
        seats = (Seat.human("Alice"), Seat.for_game(spec, "kitty"))
    session = TableSession(TableSetup(spec, GameMode.AI_VS_AI, seats), 9)
    if not seats[0].is_ai:
        play(session, "h8")
    play_computers(session)
    if seats[0].is_ai:
        assert session.is_over
        assert session.winner != 1  # Cop blocks every win in one and takes his own
        record = session.finished_game()  # checked against the rules
        assert (record.game, record.rows, record.cols) == (spec.id, spec.rows, spec.cols)
    else:
        assert len(session.moves) == 2
        assert board_of(session).variant is spec.variant


def test_verdicts_summaries_and_the_record() -> None:
    session = human_vs_cop(seed=4)
    play(session, "a3", "b3", analysed=True)  # a corner, then an edge next to it: O now loses
    assert dict(session.judge_known_moves()) == {1: Verdict.BEST, 2: Verdict.BLUNDER}
    alice, cop = session.summaries()
    assert (alice.name, alice.moves, alice.best, alice.accuracy) == ("Alice", 1, 1, 1.0)
    assert cop.describe() == "Cop (O): 0% accurate — 0 best, 0 good, 1 blunder"
    empty = human_vs_cop(seed=4).summaries()[0]
    assert empty.accuracy is None
    assert empty.describe() == "Alice (X): no moves played"


def test_a_game_never_given_up_refuses_a_resignation() -> None:
    spec = find_game("rowcol3")
    seats = (Seat.human("Ann"), Seat.human("Bob"))
    session = TableSession(TableSetup(spec, GameMode.HUMAN_VS_HUMAN, seats), 3)
    with pytest.raises(GameError, match="not given up"):
        session.resign()
