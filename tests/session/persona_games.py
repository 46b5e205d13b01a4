"""A k-in-a-row game between two personas played on :class:`GameSession` by hand, for the
tests of that session and of the records it makes (``match`` and ``play`` play every game
through :mod:`tictactoe_gui.session.match` instead)."""

from __future__ import annotations

import random

from tictactoe_gui.engine import Board, Persona, TranspositionTable, analyse
from tictactoe_gui.engine.analysis import solvable
from tictactoe_gui.engine.variants import TICTACTOE, Variant
from tictactoe_gui.session import GameRecord, GameSession, GameSetup, PlayerSpec
from tictactoe_gui.storage.records import GameMode


def run_personas(session: GameSession, x: Persona, o: Persona) -> GameRecord:
    """Play ``session`` to its end, each persona deciding with the generator of its ply;
    the positions solved at once analysed, the moves judged, as the window does."""
    table = TranspositionTable()
    while not session.is_over:
        board = session.board
        persona = x if board.to_move.value == "X" else o
        decision = persona.choose_move(board, session.move_rng(), table)
        if solvable(board) and board not in session.analyses:
            session.add_analysis(board, decision.analysis or analyse(board, table=table))
        session.play(decision.move, decision)
    final = session.board
    if solvable(final) and final not in session.analyses:
        session.add_analysis(final, analyse(final, table=table))
    session.judge_known_moves()
    return session.game_record()


def persona_game(
    x: Persona,
    o: Persona,
    *,
    seed: int | None = None,
    start: Board | None = None,
    variant: Variant = TICTACTOE,
) -> GameRecord:
    board = start if start is not None else Board.empty(variant)
    setup = GameSetup(GameMode.AI_VS_AI, PlayerSpec.ai(x.key), PlayerSpec.ai(o.key), board)
    game_seed = seed if seed is not None else random.randrange(2**32)
    return run_personas(GameSession(setup, game_seed), x, o)
