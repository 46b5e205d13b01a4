"""Play two players to the end and keep a record of the game.

A player is anything with a ``name`` and a ``decide(board)`` method; personas
and a human behind a callback are the two kinds this module provides. The
result is a frozen :class:`GameRecord` with an analysis summary of every move,
which the command line prints and the records store.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from tictactoe_gui.engine.analysis import Verdict, analyse, judge_move
from tictactoe_gui.engine.board import Board, Mark, Move, Outcome
from tictactoe_gui.engine.personas import Decision, Persona
from tictactoe_gui.engine.search import TranspositionTable
from tictactoe_gui.engine.variants import TICTACTOE, Variant


class Player(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def is_ai(self) -> bool: ...

    def decide(self, board: Board) -> Decision: ...


@dataclass(slots=True)
class PersonaPlayer:
    """A persona playing with its own random generator (seed it to replay a game)."""

    persona: Persona
    rng: random.Random
    table: TranspositionTable | None = None

    @property
    def name(self) -> str:
        return self.persona.name

    @property
    def is_ai(self) -> bool:
        return True

    def decide(self, board: Board) -> Decision:
        return self.persona.choose_move(board, self.rng, self.table)


@dataclass(slots=True)
class CallbackPlayer:
    """A player whose moves come from a function, such as a human at a prompt."""

    name: str
    choose: Callable[[Board], Move]
    is_ai: bool = False

    def decide(self, board: Board) -> Decision:
        return Decision(self.choose(board), reason="player")


@dataclass(frozen=True, slots=True)
class MoveRecord:
    ply: int  # 1 for the first move of the game
    move: Move
    mark: Mark
    #: The move's exact score for its mover, and the best score that was available.
    score: int
    best_score: int
    verdict: Verdict
    #: The predicted outcome after the move, in words ("draw", "X wins in 3 plies").
    prediction_after: str
    nodes: int = 0
    max_depth: int = 0


@dataclass(frozen=True, slots=True)
class GameRecord:
    x_name: str
    o_name: str
    start: Board
    moves: tuple[MoveRecord, ...]
    final: Board
    outcome: Outcome
    seed: int | None = None
    x_nodes: int = 0
    o_nodes: int = 0
    x_max_depth: int = 0
    o_max_depth: int = 0

    @property
    def winner(self) -> Mark | None:
        return self.outcome.winner

    @property
    def plies(self) -> int:
        return len(self.moves)


def play_game(
    x: Player,
    o: Player,
    *,
    start: Board | None = None,
    seed: int | None = None,
    table: TranspositionTable | None = None,
    variant: Variant = TICTACTOE,
) -> GameRecord:
    """Play from ``start`` (the empty board of ``variant`` by default) until the game ends.

    ``seed`` is only recorded; seed the players' generators to make it mean
    something. ``table`` speeds up the per-move analysis summaries.
    """
    board = start if start is not None else Board.empty(variant)
    table = table if table is not None else TranspositionTable()
    records: list[MoveRecord] = []
    totals = {Mark.X: [0, 0], Mark.O: [0, 0]}
    while not board.is_over:
        mark = board.to_move
        player = x if mark is Mark.X else o
        decision = player.decide(board)
        before = decision.analysis or analyse(board, table=table)
        candidate = before.candidate(decision.move)  # raises for an illegal move
        board = board.play(decision.move)
        after = analyse(board, table=table)
        records.append(
            MoveRecord(
                ply=board.ply,
                move=decision.move,
                mark=mark,
                score=candidate.score,
                best_score=before.candidates[0].score,
                verdict=judge_move(before, decision.move),
                prediction_after=str(after.prediction),
                nodes=decision.nodes,
                max_depth=decision.max_depth,
            )
        )
        totals[mark][0] += decision.nodes
        totals[mark][1] = max(totals[mark][1], decision.max_depth)
    outcome = board.outcome
    assert outcome is not None
    return GameRecord(
        x_name=x.name,
        o_name=o.name,
        start=start if start is not None else Board.empty(variant),
        moves=tuple(records),
        final=board,
        outcome=outcome,
        seed=seed,
        x_nodes=totals[Mark.X][0],
        o_nodes=totals[Mark.O][0],
        x_max_depth=totals[Mark.X][1],
        o_max_depth=totals[Mark.O][1],
    )


@dataclass(frozen=True, slots=True)
class Tally:
    x: str
    o: str
    games: int
    seed: int | None
    x_wins: int
    o_wins: int
    draws: int


def series_seeds(seed: int | None) -> Iterator[int]:
    """Endless per-game seeds drawn from the series seed, so any game can be replayed alone."""
    master = random.Random(seed)
    while True:
        yield master.randrange(2**32)


def game_seeds(seed: int | None, games: int) -> list[int]:
    """The seeds of the first ``games`` games of a series (see :func:`series_seeds`)."""
    return list(itertools.islice(series_seeds(seed), games))


def play_series(
    x: Persona,
    o: Persona,
    games: int,
    seed: int | None = None,
    *,
    on_game: Callable[[GameRecord], None] | None = None,
) -> Tally:
    """Play ``games`` games between two personas; each game gets its own derived seed."""
    if games < 1:
        raise ValueError(f"a series needs at least 1 game, got {games}")
    table = TranspositionTable()
    counts = {Mark.X: 0, Mark.O: 0, None: 0}
    # Seeds are drawn as the games are played: a long series holds no list of them.
    for game_seed in itertools.islice(series_seeds(seed), games):
        rng = random.Random(game_seed)
        record = play_game(
            PersonaPlayer(x, rng, table), PersonaPlayer(o, rng, table), seed=game_seed, table=table
        )
        counts[record.winner] += 1
        if on_game is not None:
            on_game(record)
    return Tally(x.key, o.key, games, seed, counts[Mark.X], counts[Mark.O], counts[None])
