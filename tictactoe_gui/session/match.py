"""Drive a :class:`GameSession` to its end without a window: ``match`` and ``play`` use this.

A player is anything with a ``name``, ``is_ai`` and ``decide(board, rng)``:
a persona, a person behind a callback (the terminal), or an external engine.
The session hands each decision the generator of its ply, so a seed replays
a game exactly, here and in the window alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Protocol

from tictactoe_gui.engine import (
    Board,
    Decision,
    Move,
    Persona,
    TranspositionTable,
    analyse,
)
from tictactoe_gui.engine.analysis import solvable
from tictactoe_gui.engine.games import GameSpec
from tictactoe_gui.engine.variants import TICTACTOE, Variant
from tictactoe_gui.session.game import (
    GameSession,
    GameSetup,
    PlayerSpec,
    Tally,
    series_seeds,
)
from tictactoe_gui.session.record import GameRecord
from tictactoe_gui.storage.records import GameMode


class Player(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def is_ai(self) -> bool: ...

    def spec(self) -> PlayerSpec: ...

    def decide(self, board: Board, rng: random.Random) -> Decision: ...


@dataclass(slots=True)
class PersonaPlayer:
    """A persona; its chance comes from the generator the session gives each ply."""

    persona: Persona
    table: TranspositionTable | None = None

    @property
    def name(self) -> str:
        return self.persona.name

    @property
    def is_ai(self) -> bool:
        return True

    def spec(self) -> PlayerSpec:
        return PlayerSpec.ai(self.persona.key)

    def decide(self, board: Board, rng: random.Random) -> Decision:
        return self.persona.choose_move(board, rng, self.table)


@dataclass(slots=True)
class CallbackPlayer:
    """A player whose moves come from a function, such as a person at a prompt."""

    name: str
    choose: Callable[[Board], Move]
    is_ai: bool = False

    def spec(self) -> PlayerSpec:
        return PlayerSpec.human(self.name)

    def decide(self, board: Board, rng: random.Random) -> Decision:
        return Decision(self.choose(board), reason="player")


def mode_of(x: Player, o: Player) -> GameMode:
    if x.is_ai and o.is_ai:
        return GameMode.AI_VS_AI
    if x.is_ai or o.is_ai:
        return GameMode.HUMAN_VS_AI
    return GameMode.HUMAN_VS_HUMAN


def run_session(
    session: GameSession,
    x: Player,
    o: Player,
    *,
    table: TranspositionTable | None = None,
    judge: bool | None = None,
    on_move: Callable[[GameSession, Decision], None] | None = None,
) -> GameRecord:
    """Play ``session`` to its end, asking ``x`` and ``o`` for their moves.

    ``judge`` analyses every position for the coach's verdicts and the record's
    scores; by default only where the game is solved (cheap and exact).
    """
    table = table if table is not None else TranspositionTable()
    while not session.is_over:
        board = session.board
        player = x if board.to_move.value == "X" else o
        decision = player.decide(board, session.move_rng())
        wanted = solvable(board) if judge is None else judge
        if wanted and board not in session.analyses:
            session.add_analysis(board, decision.analysis or analyse(board, table=table))
        if not board.is_legal(decision.move):
            board.play(decision.move)  # raises IllegalMoveError naming what is wrong
        session.play(decision.move, decision)
        if on_move is not None:
            on_move(session, decision)
    final = session.board
    if (solvable(final) if judge is None else judge) and final not in session.analyses:
        session.add_analysis(final, analyse(final, table=table))
    session.judge_known_moves()
    return session.game_record()


def play_game(
    x: Player,
    o: Player,
    *,
    start: Board | None = None,
    seed: int | None = None,
    table: TranspositionTable | None = None,
    variant: Variant = TICTACTOE,
    judge: bool | None = None,
    on_move: Callable[[GameSession, Decision], None] | None = None,
) -> GameRecord:
    """Play from ``start`` (the empty board of ``variant`` by default) until the game ends.

    ``seed`` is the game's seed (a fresh one if None): the same seed with the
    same players plays the same game.
    """
    board = start if start is not None else Board.empty(variant)
    setup = GameSetup(mode_of(x, o), x.spec(), o.spec(), board)
    game_seed = seed if seed is not None else random.randrange(2**32)
    session = GameSession(setup, game_seed, datetime.now(UTC))
    return run_session(session, x, o, table=table, judge=judge, on_move=on_move)


@dataclass(frozen=True, slots=True)
class SeriesResult:
    """The tally of a series between two players, and what identifies it."""

    x: str
    o: str
    seed: int | None
    tally: Tally = field(default_factory=Tally)

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def x_wins(self) -> int:
        return self.tally.x_wins

    @property
    def o_wins(self) -> int:
        return self.tally.o_wins

    @property
    def draws(self) -> int:
        return self.tally.draws


def game_seeds(seed: int | None) -> Iterator[int]:
    """The seeds of the games of a series, drawn as the games start (see ``series_seeds``)."""
    yield from series_seeds(seed)


def play_series(
    x: Persona,
    o: Persona,
    games: int,
    seed: int | None = None,
    *,
    variant: Variant = TICTACTOE,
    on_game: Callable[[GameRecord], None] | None = None,
) -> SeriesResult:
    """Play ``games`` games between two personas; each game gets its own derived seed."""
    if games < 1:
        raise ValueError(f"a series needs at least 1 game, got {games}")
    table = TranspositionTable()
    result = SeriesResult(x.key, o.key, seed)
    # Seeds are drawn as the games are played: a long series holds no list of them.
    for number, game_seed in enumerate(series_seeds(seed)):
        if number == games:
            break
        record = play_game(
            PersonaPlayer(x, table),
            PersonaPlayer(o, table),
            seed=game_seed,
            table=table,
            variant=variant,
        )
        result.tally.count(record.winner)
        if on_game is not None:
            on_game(record)
    return result


def hosts(spec: GameSpec) -> bool:
    """Whether the game session plays ``spec``'s game, recording its coach's verdicts and its
    searches' statistics with each move (k in a row). Other games are played through the
    game interface alone (the command line's ``table``)."""
    from tictactoe_gui.engine.k_in_a_row import KInARowSpec

    return isinstance(spec, KInARowSpec)
