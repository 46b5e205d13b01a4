"""The banner's headline of a game kept on points gives the score, as the result's words do."""

from __future__ import annotations

import random

from tictactoe_gui.engine import Verdict
from tictactoe_gui.engine.games import GameState, MoveChoice, find_game
from tictactoe_gui.session.match import play_table
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def played(mode: GameMode, seats: tuple[Seat, Seat], seed: int) -> TableSession:
    spec = find_game("rowcol")
    session = TableSession(TableSetup(spec, mode, seats), seed)
    # Every seat played by the greedy player, whoever sits there.
    movers = {seat: _greedy for seat in (0, 1) if not seats[seat].is_ai}
    play_table(session, movers)
    return session


def _greedy(state: GameState, rng: random.Random) -> MoveChoice:
    return state.spec.decide(state, "greedy", rng)


def test_the_headline_of_a_game_on_points_gives_the_score() -> None:
    spec = find_game("rowcol")
    seen = set()
    for seed in range(12):
        computers = (Seat.for_game(spec, "random"), Seat.for_game(spec, "random"))
        session = played(GameMode.AI_VS_AI, computers, seed)
        scores = session.state.scores
        assert scores is not None
        winner = session.winner
        if winner is None:
            assert session.headline() == f"It's a tie at {scores[0]} each."
        else:
            name = f"{session.name_of(winner)} ({spec.seats[winner]})"
            points = f"{scores[winner]} to {scores[1 - winner]}"
            assert session.headline() == f"{name} wins, {points}!"
        seen.add(winner)
        person = played(GameMode.HUMAN_VS_AI, (Seat.human("Ann"), computers[1]), seed)
        person_scores = person.state.scores
        assert person_scores is not None
        if person.winner == 0:
            assert person.headline() == f"You win, {person_scores[0]} to {person_scores[1]}!"
    assert len(seen) > 1  # a win and a tie, or both seats' wins, among these seeds


def test_the_coach_speaks_of_points_in_a_game_kept_on_points() -> None:
    people = (Seat.human("Ann"), Seat.human("Bea"))
    lines = {}
    for game in ("rowcol", "connect4"):
        spec = find_game(game)
        session = TableSession(TableSetup(spec, GameMode.HUMAN_VS_HUMAN, people), 1)
        session.play(session.state.legal_moves()[0])
        lines[game] = session.coach_line(1, Verdict.MISTAKE)
    assert lines["rowcol"] is not None
    assert lines["rowcol"].endswith("— a mistake: points or the result given away.")
    assert lines["connect4"] == "Coach: Ann's X at a1 — a mistake: a win slipped away."


def test_every_coach_line_reads_as_one_sentence() -> None:
    """One dash between the move and its verdict, none inside the verdict: "— good: the
    outcome is unchanged.", never "— good — the outcome is unchanged."."""
    people = (Seat.human("Ann"), Seat.human("Bea"))
    for game in ("rowcol", "connect4"):
        spec = find_game(game)
        session = TableSession(TableSetup(spec, GameMode.HUMAN_VS_HUMAN, people), 1)
        session.play(session.state.legal_moves()[0])
        for verdict in Verdict:
            line = session.coach_line(1, verdict)
            assert line is not None
            assert line.count(" — ") == 1, line
            assert line.endswith("."), line
            assert not line.endswith(".."), line


def test_a_game_still_going_has_no_headline_in_any_game() -> None:
    # Not "It's a draw." before the end: nobody has won yet, and nothing is drawn either.
    for game in ("tictactoe", "connect4", "rowcol"):
        spec = find_game(game)
        session = TableSession(
            TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bo"))), 1
        )
        assert session.headline() == session.result_words() == ""
        session.play(session.state.legal_moves()[0])
        assert not session.is_over
        assert session.headline() == ""
        if spec.can_resign:
            session.resign()  # Bo, to move, gives up
            bo, ann = spec.seats[1], spec.seats[0]
            assert session.headline() == f"Bo ({bo}) resigned; Ann ({ann}) wins."
