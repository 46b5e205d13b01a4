"""The game session without Qt: turns, seeds, hints, verdicts, resigning and the record."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.session.persona_games import persona_game, run_personas
from tictactoe_gui.engine import COP, KITTY, Board, Mark, Move, Prediction, Verdict, analyse
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.session import GameSession, GameSetup, PlayerSpec
from tictactoe_gui.session.match import TableGame, play_series
from tictactoe_gui.storage.records import GameMode


def human_vs_cop(start: Board | None = None) -> GameSetup:
    return GameSetup(
        GameMode.HUMAN_VS_AI,
        PlayerSpec.human("Alice"),
        PlayerSpec.ai("cop"),
        start if start is not None else Board.empty(),
    )


def test_whose_turn_and_why_a_move_is_refused() -> None:
    session = GameSession(human_vs_cop(), seed=1)
    assert session.is_human_turn()
    assert session.why_not_playable(Move(1, 1)) is None
    session.play(Move(1, 1))
    assert session.ai_to_move()
    assert "Cop's turn" in (session.why_not_playable(Move(0, 0)) or "")
    session.play(Move(0, 0))
    assert session.why_not_playable(Move(1, 1)) == "b2 is already taken by X."
    assert "no such cell" in (session.why_not_playable(Move(5, 5)) or "")


def test_a_seed_gives_each_ply_its_own_generator_whatever_was_drawn_before() -> None:
    a = GameSession(human_vs_cop(), seed=77)
    b = GameSession(human_vs_cop(), seed=77)
    # Asking for a later ply first (a cancelled search, say) changes nothing.
    b.ply_seed(5)
    assert [a.ply_seed(p) for p in range(8)] == [b.ply_seed(p) for p in range(8)]
    assert a.move_rng(3).random() == b.move_rng(3).random()
    assert GameSession(human_vs_cop(), seed=78).ply_seed(0) != a.ply_seed(0)


def test_the_same_seed_plays_the_same_game_in_a_series_and_alone() -> None:
    games: list[TableGame] = []
    play_series(find_game("tictactoe"), "cop", "kitty", 3, seed=2675342405, on_game=games.append)
    for game in games:
        again = persona_game(COP, KITTY, seed=game.session.seed)
        assert [again.start.index(m.move) for m in again.moves] == list(game.state.moves)


def test_undo_is_setting_the_moves_and_hints_count_once_per_position() -> None:
    session = GameSession(human_vs_cop(), seed=3)
    session.count_hint()
    session.count_hint()
    assert session.hints == {Mark.X: 1, Mark.O: 0}
    session.play(Move(0, 0))
    session.play(Move(1, 1))
    session.set_moves([Move(0, 0)])
    assert session.board == Board.from_text("X........")
    session.set_moves([])
    session.count_hint()  # the same position as the first hint
    assert session.hints[Mark.X] == 1


def test_verdicts_summaries_and_the_record() -> None:
    session = GameSession(human_vs_cop(), seed=4)
    for move in (Move(0, 0), Move(0, 1)):  # a corner, then an edge next to it: O now loses
        session.add_analysis(session.board, analyse(session.board))
        session.play(move)
    verdicts = dict(session.judge_known_moves())
    assert verdicts == {1: Verdict.BEST, 2: Verdict.BLUNDER}
    assert session.verdict_at(2) is Verdict.BLUNDER
    alice, cop = session.summaries()
    assert (alice.name, alice.moves, alice.best, alice.accuracy) == ("Alice", 1, 1, 1.0)
    assert (cop.name, cop.blunders, cop.accuracy) == ("Cop", 1, 0.0)
    assert cop.describe() == "Cop (O): 0% accurate — 0 best, 0 good, 1 blunder"
    empty = GameSession(human_vs_cop(), seed=4).summaries()[0]
    assert empty.accuracy is None
    assert empty.describe() == "Alice (X): no moves played"


def test_resigning_ends_the_game_as_a_loss_for_the_side_to_move() -> None:
    session = GameSession(human_vs_cop(), seed=5)
    session.play(Move(0, 0))
    session.play(Move(1, 1))
    assert session.resign() is Mark.X
    assert session.is_over
    assert session.winner is Mark.O
    assert "resigned" in session.result_words()
    assert session.headline() == "You resigned. Cop wins."
    # Cop's word is about a resignation, not a win on the board ("Three in a row").
    reaction = session.reaction()
    assert reaction.startswith("Cop: ")
    assert any(line in reaction for line in COP.voice.resignation)
    record = session.game_record()
    assert record.resigned is Mark.X
    assert record.winner is Mark.O
    with pytest.raises(ValueError, match="over"):
        session.resign()


def test_a_game_from_a_set_up_position_is_never_recorded() -> None:
    assert human_vs_cop().recorded
    start = Board.from_text("X...O....")
    assert human_vs_cop(start).from_position
    assert not human_vs_cop(start).recorded


def test_the_hint_says_when_every_move_is_as_good_as_another() -> None:
    session = GameSession(human_vs_cop(), seed=6)
    unique = analyse(Board.from_text("XX.OO...."))
    assert session.hint_text(unique) == "Hint: c3 (win in 1)."
    assert session.hint_text(analyse(Board.empty())) == "Hint: every move keeps the draw."
    lost = analyse(Board.from_text("....XOXOX"))  # whatever O plays, X wins next move
    assert session.hint_text(lost) == "Hint: every move leads to a loss in 2."


def test_a_session_plays_any_variant() -> None:
    variant = get_variant("4x4k4")
    setup = GameSetup(
        GameMode.AI_VS_AI, PlayerSpec.ai("cop"), PlayerSpec.ai("kitty"), Board.empty(variant)
    )
    session = GameSession(setup, seed=9)
    record = run_personas(session, COP, KITTY)
    assert record.final.variant is variant
    assert session.is_over
    assert record.winner is not Mark.O  # Cop blocks every win in one and takes his own


#: Four in a Row: a person plays far corners while Cop builds a line and wins (O).
FAR_CORNERS = ["a20", "b19", "t1", "c18", "t20", "d19", "a1", "b17", "a10", "e20"]


def four_in_a_row_game(opponent: str = "cop") -> GameSession:
    setup = GameSetup(
        GameMode.HUMAN_VS_AI,
        PlayerSpec.human("Alice"),
        PlayerSpec.ai(opponent),
        Board.empty(get_variant("four")),
    )
    return GameSession(setup, seed=6)


def test_a_move_the_analysis_does_not_list_is_judged_without_error() -> None:
    # Before a1, a proof shows O wins whatever X does, and lists only a few moves: a1 is
    # not among them. Judging it, summing up and recording the game must all still work.
    session = four_in_a_row_game()
    for ply, name in enumerate(FAR_CORNERS):
        # Time enough to find the proof before a1 (it takes a few milliseconds).
        limit = Limit(proof_time=10.0) if ply == 6 else None
        session.add_analysis(session.board, analyse(session.board, limit=limit))
        session.play(session.board.parse_move(name))
        session.judge_known_moves()
    before_a1 = session.analyses[session.board_at(6)]
    assert before_a1.exact
    assert before_a1.prediction.winner is Mark.O
    assert not before_a1.has_candidate(session.moves[6])
    assert session.is_over
    assert session.winner is Mark.O
    assert session.verdict_at(7) is Verdict.GOOD  # already lost: the outcome is unchanged
    record = session.game_record()
    assert record.moves[6].verdict is Verdict.GOOD
    # t20 let O's line through: the proof found two moves later shows it lost the game.
    t20 = session.judgement_at(5)
    assert t20 is not None
    assert (t20.verdict, t20.by_estimate) == (Verdict.BLUNDER, False)
    alice, _cop = session.summaries()
    assert alice.accuracy is not None
    assert alice.accuracy < 1
    assert f"Alice (X): {alice.accuracy:.0%} accurate by the estimate — " in alice.describe()


def test_a_hint_claims_every_move_alike_only_when_every_move_is_proven() -> None:
    session = GameSession(human_vs_cop(), seed=8)
    assert session.hint_text(analyse(Board.empty())) == "Hint: every move keeps the draw."
    # A big board's proof lists a few moves: even when they tie, the others are not known.
    board = Board.empty(get_variant("four")).play(Move(9, 9))
    estimate = analyse(board)
    listed = tuple(replace(c, score=0) for c in estimate.candidates[:3])
    proven = replace(
        estimate,
        candidates=listed,
        exact=True,
        prediction=Prediction(Mark.X, 9, mover=Mark.O),
    )
    words = session.hint_text(proven)
    assert words.startswith("Hint: ")
    assert "every move" not in words
    assert words.endswith(", by the estimate).")  # the moves themselves are only estimated
    assert session.hint_text(analyse(Board.from_text("XXXOO...."))) == "Hint: the game is over."


def test_without_analyses_the_end_of_the_game_still_tells_which_move_lost_it() -> None:
    session = GameSession(human_vs_cop(), seed=9)
    for move in (Move(0, 0), Move(1, 0), Move(0, 1), Move(2, 2), Move(0, 2)):
        session.play(move)
    verdicts = dict(session.judge_known_moves())
    # O's last move let X complete the row: proven by the end, a blunder.
    assert verdicts[4] is Verdict.BLUNDER
    assert 3 not in verdicts  # nothing proven about the position after it
    _alice, cop = session.summaries()
    assert cop.accuracy == 0.0


def test_a_side_that_resigned_is_said_to_have_resigned_beside_its_accuracy() -> None:
    session = GameSession(human_vs_cop(), seed=10)
    for move in (Move(1, 1), Move(0, 0)):
        session.add_analysis(session.board, analyse(session.board))
        session.play(move)
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
    session = GameSession(human_vs_cop(), seed=10)
    # X takes three corners around O's centre: two threats at once, O to move has lost.
    for move in (Move(0, 0), Move(1, 1), Move(2, 2), Move(0, 2), Move(2, 0)):
        session.add_analysis(session.board, analyse(session.board))
        session.play(move)
    session.add_analysis(session.board, analyse(session.board))
    session.judge_known_moves()
    loser = session.board.to_move
    assert analyse(session.board).prediction.winner is loser.other
    session.resign()
    summary = {s.side: s for s in session.summaries()}[loser]
    assert summary.resigned_lost
    blunders_before = summary.blunders
    assert summary.judged == summary.moves + 1  # the resignation is one more decision
    assert blunders_before == sum(
        1
        for ply, move in enumerate(session.moves, start=1)
        if session.board_at(ply - 1).to_move is loser and session.verdict_at(ply) is Verdict.BLUNDER
    )
    assert summary.describe().endswith("then resigned a lost game")
