"""Builders of valid finished games for the records tests, GUI tests and benchmark."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from tictactoe_gui.storage.records import (
    FinishedGame,
    GameMode,
    MoveEntry,
    Result,
    Side,
    SideKind,
)
from tictactoe_gui.storage.repository import Repository

#: Cells played, in order, for a game ending each way from the empty board.
LINES = {
    Result.X_WINS: (0, 3, 1, 4, 2),  # X takes the top row
    Result.O_WINS: (0, 3, 1, 4, 8, 5),  # O takes the middle row
    Result.DRAW: (0, 1, 2, 4, 3, 5, 7, 6, 8),
}
EPOCH = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def human(name: str) -> Side:
    return Side.human(name)


def persona(key: str) -> Side:
    return Side.persona(key)


def make_game(
    x: Side,
    o: Side,
    result: Result,
    *,
    minute: int = 0,
    mode: GameMode | None = None,
    seed: int | None = None,
    hints_x: int = 0,
) -> FinishedGame:
    """A game between ``x`` and ``o`` ending in ``result``, ``minute`` minutes after EPOCH."""
    cells = LINES[result]
    moves = tuple(
        MoveEntry(
            ply=i + 1,
            cell=cell,
            mark="X" if i % 2 == 0 else "O",
            score=(i % 3) - 1,
            verdict=("best", "good", "mistake")[i % 3],
        )
        for i, cell in enumerate(cells)
    )
    if mode is None:
        kinds = {x.kind, o.kind}
        if kinds == {SideKind.HUMAN}:
            mode = GameMode.HUMAN_VS_HUMAN
        elif kinds == {SideKind.PERSONA}:
            mode = GameMode.AI_VS_AI
        else:
            mode = GameMode.HUMAN_VS_AI
    ended = EPOCH + timedelta(minutes=minute)
    return FinishedGame(
        started_at=ended - timedelta(seconds=30 + len(cells)),
        ended_at=ended,
        mode=mode,
        x=x,
        o=o,
        result=result,
        moves=moves,
        hints_x=hints_x,
        seed=seed,
        x_ai_nodes=1234 if x.kind is SideKind.PERSONA else 0,
        o_ai_nodes=567 if o.kind is SideKind.PERSONA else 0,
        x_ai_max_depth=7 if x.kind is SideKind.PERSONA else 0,
        o_ai_max_depth=5 if o.kind is SideKind.PERSONA else 0,
    )


def seed_league(repository: Repository) -> None:
    """A small league whose figures the storage and leaderboard tests work out by hand.

    Alice: beats Kitty twice (as X), draws Sera (as X), loses to Sera (as O),
           beats Bob (as O), then beats Cop (as X).     -> 4 W, 1 L, 1 D
    Bob:   loses to Alice, beats Kitty (as O), draws Cop (as X).  -> 1 W, 1 L, 1 D
    Kitty 0 W 4 L; Cop 1 W 1 L 1 D (it wins as O against Kitty, AI vs AI); Sera 1 W 1 D.
    Against Kitty: Alice 2-0-0, Bob 1-0-0, Cop 1-0-0.
    """
    alice, bob = human("Alice"), human("Bob")
    kitty, cop, sera = persona("kitty"), persona("cop"), persona("sera")
    repository.save_games(
        [
            make_game(alice, kitty, Result.X_WINS, minute=1),
            make_game(alice, kitty, Result.X_WINS, minute=2),
            make_game(alice, sera, Result.DRAW, minute=3),
            make_game(sera, alice, Result.X_WINS, minute=4),
            make_game(bob, alice, Result.O_WINS, minute=5),
            make_game(kitty, bob, Result.O_WINS, minute=6),
            make_game(bob, cop, Result.DRAW, minute=7),
            make_game(kitty, cop, Result.O_WINS, minute=8),
            make_game(alice, cop, Result.X_WINS, minute=9),
        ]
    )


def one_move_game(repository: Repository) -> None:
    """Alice wins with the only move played, from a set-up position."""
    game = make_game(human("Alice"), human("Bob"), Result.X_WINS)
    repository.save_game(
        replace(game, start_board="XX.OO....", moves=(MoveEntry(ply=1, cell=2, mark="X"),))
    )
