"""Play a :class:`~tictactoe_gui.session.table.TableSession` to its end without a window, in
any game of the registry: ``play`` and ``match`` use this.

A seat is played by the game's own computer player (:meth:`GameSpec.decide`, by the key
the seat holds) or by a :class:`Mover`: a person at the terminal, an external engine, a
player at a chosen strength. Each move is chosen with the generator the session gives its
ply, so a seed replays a game exactly, here and in the window alike. What the computer
players spent and what the engine made of each move (where the game settles a position at
once) go into the record, as the window keeps them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from tictactoe_gui.engine import Board, Decision
from tictactoe_gui.engine.games import GameError, GameSpec, GameState, Limit, MoveChoice
from tictactoe_gui.session.external_engine import EngineError
from tictactoe_gui.session.series import Tally, series_seeds
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import FinishedGame, GameMode


class Mover(Protocol):
    """Chooses a seat's moves where the game's own player does not. Raises
    :class:`~tictactoe_gui.session.external_engine.EngineError` when a program breaks the
    rules or the protocol: its seat then loses the game, the reason kept."""

    def __call__(self, state: GameState, rng: random.Random) -> MoveChoice: ...


def board_mover(decide: Callable[[Board, random.Random], Decision]) -> Mover:
    """A player that decides on k in a row's board (an external engine) as a seat's mover,
    in the games whose states hold one (:meth:`GameState.marks_board`)."""

    def mover(state: GameState, rng: random.Random) -> MoveChoice:
        board = state.marks_board()
        if board is None:
            raise GameError(f"{state.spec.name} has no board of marks for such a player")
        decision = decide(board, rng)
        return MoveChoice(board.index(decision.move), decision.nodes, decision.max_depth)

    return mover


@dataclass(frozen=True, slots=True)
class TableGame:
    """A session played to its end by :func:`play_table`."""

    session: TableSession

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def forfeit(self) -> str:
        """Why the seat that lost without finishing lost ("crash: ..."), else empty."""
        return self.session.forfeit_reason

    def record(self, ended_at: datetime | None = None) -> FinishedGame:
        """The finished game as the records keep it (:meth:`TableSession.finished_game`):
        each move's score and verdict where the position was analysed, each seat's hints
        and its computer player's nodes and deepest search, the seed, a forfeit's reason."""
        return self.session.finished_game(ended_at)


def play_table(
    session: TableSession,
    movers: Mapping[int, Mover] | None = None,
    *,
    limit: Limit | None = None,
    judge: bool | None = None,
    on_move: Callable[[GameState, int], None] | None = None,
) -> TableGame:
    """Play ``session`` to its end: each seat's moves from its mover in ``movers`` (by seat
    number), else from the game's own player in the seat, searching within ``limit``.

    ``judge`` analyses each position for the record's scores and the coach's verdicts; by
    default only where the game settles it at once (:meth:`GameSpec.analysed_at_once`).
    ``on_move(state, move)`` is told each move before it is played. A program that breaks
    the rules or the protocol loses the game (a forfeit, its reason kept).
    """
    spec = session.spec
    movers = movers or {}

    def wanted(state: GameState) -> bool:
        return spec.analysed_at_once(state) if judge is None else judge

    while not session.is_over:
        state = session.state
        seat = state.to_move
        assert seat is not None
        mover = movers.get(seat)
        rng = session.move_rng()
        try:
            if mover is None:
                choice = spec.decide(state, session.seat(seat).name, rng, limit=limit)
            else:
                choice = mover(state, rng)
        except EngineError as error:
            session.forfeit(f"{error.kind}: {error.reason}")
            break
        state.play(choice.move)  # an illegal move: the game's MoveError names what is wrong
        if wanted(state) and session.analysis_of(state) is None:
            session.add_analysis(state, choice.analysis or spec.analyse(state))
        if on_move is not None:
            on_move(state, choice.move)
        session.note_cost(state, choice.move, choice.nodes, choice.depth)
        session.play(choice.move)
    final = session.state
    if final.is_over and wanted(final) and session.analysis_of(final) is None:
        session.add_analysis(final, spec.analyse(final))
    session.judge_known_moves()
    return TableGame(session)


def play_series(
    spec: GameSpec,
    first: str,
    second: str,
    games: int,
    seed: int | None = None,
    *,
    on_game: Callable[[TableGame], None] | None = None,
) -> Tally:
    """``games`` games between two of ``spec``'s players (by key), the ``first`` in the first
    seat; each game gets its own seed from ``seed`` (see :func:`series_seeds`)."""
    if games < 1:
        raise ValueError(f"a series needs at least 1 game, got {games}")
    tally = Tally()
    seats = (Seat.for_game(spec, first), Seat.for_game(spec, second))
    for number, game_seed in enumerate(series_seeds(seed)):
        if number == games:
            break
        session = TableSession(TableSetup(spec, GameMode.AI_VS_AI, seats), game_seed)
        game = play_table(session)
        tally.count(session.winner, session.state.scores)
        if on_game is not None:
            on_game(game)
    return tally
