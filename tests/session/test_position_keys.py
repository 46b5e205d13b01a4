"""A session reads each position's key once, however often the game is judged: on a
20×20 board a key is the board's text, and reading it again for every move of the move
list, every verdict and every summary made the end of a long game a wait of seconds."""

from __future__ import annotations

import random

import pytest

from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.k_in_a_row import KInARowState
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def long_game(moves: int) -> TableSession:
    spec = find_game("four")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bea")))
    session = TableSession(setup, 1)
    rng = random.Random(3)
    while len(session.moves) < moves and not session.is_over:
        session.play(rng.choice(session.state.legal_moves()))
    return session


def test_judging_a_long_game_reads_each_position_s_text_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = long_game(80)
    positions = len(session.moves) + 1
    reads: list[int] = []
    text = KInARowState.position_text
    monkeypatch.setattr(
        KInARowState, "position_text", lambda state: (reads.append(1), text(state))[1]
    )
    session.judge_known_moves()
    for ply in range(1, len(session.moves) + 1):
        session.verdict_at(ply)
        session.verdict_words(ply)
    session.summaries()
    session.unanalysed()
    session.count_hint()
    assert len(reads) == positions
    # An undo keeps the positions it shares with the line, and their keys.
    session.set_moves(session.moves[:-2])
    session.judge_known_moves()
    session.summaries()
    assert len(reads) == positions


def test_what_is_proven_follows_every_change_of_the_game() -> None:
    # Remembered between looks, it is worked out again after a move, an undo, a
    # resignation or an analysis, so no verdict is stale.
    spec = find_game("tictactoe")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bea")))
    session = TableSession(setup, 1)
    for name in ("a1", "b1", "a2", "b2"):
        session.play(spec.parse_move(name))
    assert session.proven_along_the_game()[-1] is None
    session.play(spec.parse_move("a3"))  # X wins on the board
    assert session.proven_along_the_game()[-1] is not None
    assert session.proven_along_the_game()[-2] is not None  # O to move was lost
    session.set_moves(session.moves[:-1])
    assert session.proven_along_the_game()[-1] is not None  # a fact about that position
    session.add_analysis(session.state, spec.analyse(session.state))
    assert session.verdict_at(4) is not None
