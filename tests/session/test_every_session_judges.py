"""The coach's verdicts, a program's forfeit and what each move cost, asked alike of k in a
row's session and of the session every game plays through: the same game, the same bodies."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from tictactoe_gui.engine import Decision, Verdict, analyse
from tictactoe_gui.engine.games import GameError, Limit, find_game
from tictactoe_gui.records_bridge import finished_game
from tictactoe_gui.session import GameSession, GameSetup, PlayerSpec
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


class Played:
    """A session with the moves it is told by name, analysed when asked (the engine's own
    analysis for k in a row's, the game interface's for the other)."""

    def __init__(self, session: GameSession | TableSession) -> None:
        self.session = session

    def play(self, *names: str, analysed: bool = False, proof_time: float | None = None) -> None:
        for name in names:
            if analysed:
                self.analyse(proof_time)
            self.play_one(name)

    def analyse(self, proof_time: float | None = None) -> None:
        session = self.session
        limit = None if proof_time is None else Limit(proof_time=proof_time)
        if isinstance(session, GameSession):
            session.add_analysis(session.board, analyse(session.board, limit=limit))
        else:
            state = session.state
            session.add_analysis(state, session.spec.analyse(state, limit=limit))

    def play_one(self, name: str) -> None:
        session = self.session
        if isinstance(session, GameSession):
            session.play(session.board.parse_move(name))
        else:
            session.play(session.spec.parse_move(name))

    def winner_label(self) -> str | None:
        """The winner as the board names it ("X", "O"), None for a draw or no end yet."""
        winner = self.session.winner
        if winner is None:
            return None
        return "XO"[winner] if isinstance(winner, int) else str(winner)


def k_in_a_row(game_id: str, seed: int = 1) -> Played:
    spec = find_game(game_id)
    setup = GameSetup(
        GameMode.HUMAN_VS_AI,
        PlayerSpec.human("Alice"),
        PlayerSpec.ai("cop"),
        spec.new_game().marks_board() or pytest.fail("a k-in-a-row game has a board"),
    )
    return Played(GameSession(setup, seed=seed))


def table(game_id: str, seed: int = 1) -> Played:
    spec = find_game(game_id)
    seats = (Seat.human("Alice"), Seat.for_game(spec, "cop"))
    return Played(TableSession(TableSetup(spec, GameMode.HUMAN_VS_AI, seats), seed))


BOTH: list[Callable[[str, int], Played]] = [k_in_a_row, table]
IDS = ["k-in-a-row session", "table session"]

#: Four in a Row: a person plays far corners while Cop builds a line and wins (O).
FAR_CORNERS = ["a20", "b19", "t1", "c18", "t20", "d19", "a1", "b17", "a10", "e20"]


@pytest.mark.parametrize("start", BOTH, ids=IDS)
def test_a_corner_then_an_edge_beside_it_is_best_then_a_blunder(
    start: Callable[[str, int], Played],
) -> None:
    game = start("tictactoe", 4)
    game.play("a3", "b3", analysed=True)  # a corner, then an edge next to it: O now loses
    session = game.session
    assert dict(session.judge_known_moves()) == {1: Verdict.BEST, 2: Verdict.BLUNDER}
    assert session.judge_known_moves() == []  # nothing new since
    assert session.verdict_at(2) is Verdict.BLUNDER
    _alice, cop = session.summaries()
    assert cop.describe() == "Cop (O): 0% accurate — 0 best, 0 good, 1 blunder"


@pytest.mark.parametrize("start", BOTH, ids=IDS)
def test_without_analyses_the_end_of_the_game_still_tells_which_move_lost_it(
    start: Callable[[str, int], Played],
) -> None:
    game = start("tictactoe", 9)
    game.play("a3", "a2", "b3", "c1", "c3")
    verdicts = dict(game.session.judge_known_moves())
    # O's last move let X complete the row: proven by the end, a blunder.
    assert verdicts == {4: Verdict.BLUNDER, 5: Verdict.GOOD}
    assert game.session.verdict_at(3) is None  # nothing proven about the position after it
    assert game.session.summaries()[1].accuracy == 0.0


@pytest.mark.parametrize("start", BOTH, ids=IDS)
def test_a_proof_found_late_tells_which_earlier_move_lost_and_stays_after_an_undo(
    start: Callable[[str, int], Played],
) -> None:
    # Before a1, a proof shows O wins whatever X does, and lists only a few moves: a1 is
    # not among them. Judging it, summing up and recording the game must all still work.
    game = start("four", 6)
    session = game.session
    for ply, name in enumerate(FAR_CORNERS):
        # Time enough to find the proof before a1 (it takes a few milliseconds).
        game.play(name, analysed=True, proof_time=10.0 if ply == 6 else None)
        session.judge_known_moves()
    assert session.is_over
    assert game.winner_label() == "O"
    assert session.verdict_at(7) is Verdict.GOOD  # already lost: the outcome is unchanged
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


@pytest.mark.parametrize("start", BOTH, ids=IDS)
def test_a_program_that_breaks_the_protocol_forfeits_and_an_undo_takes_it_back(
    start: Callable[[str, int], Played],
) -> None:
    game = start("tictactoe", 2)
    game.play("b2")
    session = game.session
    reason = "Cop played a taken cell"
    session.forfeit(reason)
    assert session.is_over
    assert game.winner_label() == "X"
    assert session.result_words() == f"Alice (X) wins: {reason}"
    assert session.forfeit_reason == reason
    assert session.reaction().startswith("Cop: “")  # the loser's word on its loss
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


@pytest.mark.parametrize("start", BOTH, ids=IDS)
def test_what_a_computer_players_move_cost_is_kept_by_position_and_move(
    start: Callable[[str, int], Played],
) -> None:
    game = start("tictactoe", 7)
    session = game.session
    game.play("b2")
    if isinstance(session, GameSession):
        board = session.board
        decision = Decision(board.parse_move("a1"), 1234, 5)
        session.play(decision.move, decision)
        assert session.costs[(board, decision.move)] == (1234, 5)
    else:
        state = session.state
        move = session.spec.parse_move("a1")
        session.note_cost(state, move, 1234, 5)
        session.play(move)
        assert session.cost_at(2) == (1234, 5)
        assert session.cost_at(1) == (0, 0)  # a person's move costs nothing


def test_one_record_builder_keeps_what_k_in_a_rows_record_kept_move_by_move() -> None:
    # The same game at both tables: analysed, a hint asked, the computer's costs noted, then
    # given up. Both records keep the same moves, scores, verdicts, hints, costs and end.
    old, new = k_in_a_row("tictactoe", 11), table("tictactoe", 11)
    for game in (old, new):
        game.session.count_hint()
        game.play("a3", analysed=True)
    assert isinstance(old.session, GameSession)
    assert isinstance(new.session, TableSession)
    board = old.session.board
    decision = Decision(board.parse_move("b3"), 321, 4)
    old.analyse()
    old.session.play(decision.move, decision)
    new.analyse()
    new.session.note_cost(new.session.state, new.session.spec.parse_move("b3"), 321, 4)
    new.play("b3")
    for game in (old, new):
        game.play("b2", analysed=True)
        game.session.judge_known_moves()
        game.session.resign()
    moment = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    old_session, new_session = old.session, new.session
    setup = old_session.setup
    before = finished_game(
        old_session.game_record(),
        setup.x.side(),
        setup.o.side(),
        setup.mode,
        moment,
        moment,
        tree=old_session.lines(),
    )
    new_session.started_at = moment
    old_session.started_at = moment
    after = new_session.finished_game(moment)
    assert after == before
    assert old_session.finished_game(moment) == before  # both sessions give it alike
    assert [move.verdict for move in after.moves] == ["best", "blunder", "best"]
    assert (after.hints_x, after.o_ai_nodes, after.o_ai_max_depth) == (1, 321, 4)
    assert after.resigned == "O"


def test_a_forfeit_is_kept_with_the_record_of_every_game() -> None:
    game = table("connect4", 5)
    game.play("d1", "d2")
    session = game.session
    assert isinstance(session, TableSession)
    session.forfeit("Cop did not answer in time")
    record = session.finished_game()
    assert record.resigned == "X"
    assert json.loads(record.extra or "{}")["forfeit"] == "Cop did not answer in time"


def test_both_tables_say_the_same_words_at_the_start_on_each_move_and_at_the_end() -> None:
    def people(kind: Callable[..., object], game_id: str) -> list[Played]:
        spec = find_game(game_id)
        ann, bob = PlayerSpec.human("Ann"), PlayerSpec.human("Bob")
        seatings = [
            (GameMode.HUMAN_VS_AI, ann, PlayerSpec.ai("sera")),
            (GameMode.HUMAN_VS_HUMAN, ann, bob),
            (GameMode.AI_VS_AI, PlayerSpec.ai("kitty"), PlayerSpec.ai("kitty")),
            (GameMode.AI_VS_AI, PlayerSpec.engine("/opt/pbrain-x"), PlayerSpec.ai("cop")),
        ]
        board = spec.new_game().marks_board()
        assert board is not None
        if kind is GameSession:
            return [Played(GameSession(GameSetup(mode, x, o, board), 3)) for mode, x, o in seatings]
        return [Played(TableSession(TableSetup(spec, mode, (x, o)), 3)) for mode, x, o in seatings]

    records = {"Ann": None, "Bob": None}
    for old, new in zip(
        people(GameSession, "tictactoe"), people(TableSession, "tictactoe"), strict=True
    ):
        for game in (old, new):
            game.play("a1", "b2", analysed=True)
            game.analyse()
            game.session.judge_known_moves()
        said = []
        for game in (old, new):
            random.seed(5)  # a persona picks its words at random: the same pick for both
            session = game.session
            lines = [session.coach_line(ply, Verdict.BEST) for ply in (1, 2)]
            said.append((session.opening_line(), session.greetings(records.get), lines))
        assert said[0] == said[1]
        for game in (old, new):
            game.play("c3", "b1", "b3", "a3", "c2", "a2")  # X then O, and O wins down a
        assert old.session.headline() == new.session.headline()
        assert old.session.result_words() == new.session.result_words()
    coached = people(TableSession, "tictactoe")[1].session
    assert coached.opening_line() == "Coach: I'll judge every move. Play well!"


@pytest.mark.parametrize("start", BOTH, ids=IDS)
def test_a_side_that_resigned_a_draw_is_said_to_have_thrown_it_away(
    start: Callable[[str, int], Played],
) -> None:
    game = start("tictactoe", 10)
    game.play("b2", "a3", analysed=True)
    game.session.resign()
    game.session.judge_known_moves()
    alice, cop = game.session.summaries()
    assert alice.resigned
    assert not cop.resigned
    # Resigning a position that is a draw with best play throws the game away: a blunder.
    assert alice.describe() == (
        "Alice (X): 50% accurate — 1 best, 0 good, 1 blunder, "
        "then resigned a game not proven lost, counted as a blunder"
    )
    assert "resigned" not in cop.describe()


@pytest.mark.parametrize("start", BOTH, ids=IDS)
def test_resigning_a_proven_loss_keeps_the_outcome_and_the_accuracy(
    start: Callable[[str, int], Played],
) -> None:
    game = start("tictactoe", 10)
    # X takes three corners around O's centre: two threats at once, O to move has lost.
    game.play("a3", "b2", "c1", "c3", "a1", analysed=True)
    game.analyse()
    session = game.session
    session.judge_known_moves()
    session.resign()
    _alice, cop = session.summaries()
    assert cop.resigned_lost
    assert cop.judged == cop.moves + 1  # the resignation is one more decision
    assert cop.describe().endswith("then resigned a lost game")
