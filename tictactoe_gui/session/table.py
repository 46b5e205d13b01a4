"""A game of any registered game at the table, without Qt, through the game interface alone.

:class:`TableSession` is the one session class: it keeps, for every game of the registry
(:func:`~tictactoe_gui.engine.games.find_game`): who sits in each seat (a person
by name, or one of the game's players by its key), the moves with undo and redo
as "set the moves to this list", **one rule for randomness** (the game's seed
gives one ``random.Random`` from which each move's own generator is drawn in
order, so a seed replays a game whatever was searched and cancelled meanwhile),
hints counted once per position and seat, the coach's verdicts (the game's own
:meth:`~tictactoe_gui.engine.games.GameSpec.judge`, told what is proven along the game:
:meth:`TableSession.judge_known_moves`) and each seat's accuracy, what each computer
player's move cost (:meth:`TableSession.note_cost`), a program's forfeit
(:meth:`TableSession.forfeit`), the words for the result and the record of the
finished game (:meth:`TableSession.finished_game`, through
:func:`tictactoe_gui.records_bridge.state_finished_game`), which the window and
the command line save. Nothing here names a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from tictactoe_gui.engine import Event, Judgement, Verdict
from tictactoe_gui.engine.games import (
    Certainty,
    GameAnalysis,
    GameError,
    GameSpec,
    GameState,
    Limit,
    PlayerInfo,
    ValueKind,
)
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.engine.review import Settled, settled_by
from tictactoe_gui.records_bridge import state_finished_game
from tictactoe_gui.session.base import SessionBase, SideSummary
from tictactoe_gui.session.seats import Seat as Seat  # where the callers read it
from tictactoe_gui.session.words import score_words, sentence, tie_words
from tictactoe_gui.storage.records import FinishedGame, GameMode, Side


@dataclass(frozen=True, slots=True)
class TableSetup:
    """Everything chosen before a game: the game, who sits where, how it starts."""

    spec: GameSpec
    mode: GameMode
    seats: tuple[Seat, Seat]
    #: The seat that moves first, and the range a drawn board's numbers come from, where
    #: the game lets them be chosen (:attr:`GameSpec.chooses_first`, ``draws_values``).
    first: int = 0
    values: tuple[int, int] | None = None
    #: A start given instead of a new game (a typed board); None starts a new game.
    start: GameState | None = None
    #: Whether ``start`` is a set-up position (to study: never recorded, counts for nobody).
    from_position: bool = False
    seed: int | None = None
    record: bool = True
    #: Between two computer players, the pause before each move shows (ms).
    move_delay_ms: int = 900
    #: Between two computer players, how many games the series plays (each its own seed,
    #: :func:`~tictactoe_gui.session.series.game_seed`); 1: a single game.
    games: int = 1

    def __post_init__(self) -> None:
        if type(self.games) is not int or self.games < 1:
            raise GameError(f"a series needs at least 1 game, got {self.games!r}")

    def start_state(self, seed: int) -> GameState:
        if self.start is not None:
            return self.start
        return self.spec.new_game(seed, first=self.first, values=self.values)

    @property
    def recorded(self) -> bool:
        """Whether the game goes to the records when it ends (never from a set-up position)."""
        return self.record and not self.from_position


#: What the coach calls each verdict in a game kept on points.
MARGIN_COACH_WORDS: Mapping[Verdict, str] = {
    Verdict.BEST: "best move",
    Verdict.GOOD: "good: a point or two at most given away",
    Verdict.MISTAKE: "a mistake: points or the result given away",
    Verdict.BLUNDER: "a blunder: ten points or the game given away",
}

#: The coach's words on a verdict in a game kept on points, where it is by the estimate.
MARGIN_ESTIMATE_WORDS: Mapping[Verdict, str] = {
    verdict: f"{verdict.value} by the estimate" for verdict in Verdict
}

#: How one seat of a table game played (its side is its seat's number).
SeatSummary = SideSummary[int]


class TableSession(SessionBase[int, GameState, int, str, GameAnalysis]):
    """A game of any registered game in progress: the one place its turns and moves are kept.

    Its coach's words fit the game: a win, a draw or a loss given away where moves are won,
    drawn or lost ("a blunder: this now loses"); the verdict's name where the game is kept
    on points ("a mistake: points or the result given away").

    Nothing here waits or threads: a driver (a window, the command line) asks for moves
    and analyses and hands them in. The seed's generators and the tree of every line
    played are :class:`SessionBase`'s.
    """

    def __init__(
        self,
        setup: TableSetup,
        seed: int,
        started_at: datetime | None = None,
        *,
        lines: MoveTree | None = None,
    ) -> None:
        start = setup.start_state(seed)
        if start.is_over:
            raise GameError(f"cannot start from a finished position ({start.result})")
        super().__init__(start, seed, started_at, lines)
        self.setup = setup
        self.spec = setup.spec
        #: What a computer player spent choosing a move (nodes searched, deepest ply), by
        #: position and move.
        self.costs: dict[tuple[str, int], tuple[int, int]] = {}

    # -- reading -------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The position now, with every move played from the start (the records read it)."""
        return self._positions[-1]

    @property
    def states(self) -> tuple[GameState, ...]:
        return tuple(self._positions)

    def mover_of(self, number: int) -> int:
        """The seat that played move ``number`` (0-based)."""
        seat = self._positions[number].to_move
        assert seat is not None
        return seat

    def _other(self, side: int) -> int:
        return 1 - side

    def _winner_on(self, position: GameState) -> int | None:
        result = position.result
        return None if result is None else result.winner

    def seat(self, index: int) -> Seat:
        return self.setup.seats[index]

    def name_of(self, index: int) -> str:
        return self.seat(index).name_in(self.spec)

    def _after(self, position: GameState, move: int) -> GameState:
        return position.play(move)

    def _to_move(self, position: GameState) -> int | None:
        return position.to_move

    def _sides(self) -> tuple[int, int]:
        return 0, 1

    def _position_key(self, position: GameState) -> str:
        return position.position_text()

    def _tree_move(self, move: int) -> int:
        return move

    def _game_move(self, move: int) -> int:
        return move

    # -- moving --------------------------------------------------------------------------

    def resign(self) -> int:
        """The seat to move gives the game up, in a game that may be given up (GameError for
        one decided on the board, such as one won on points). That seat."""
        if not self.spec.can_resign:
            raise GameError(f"{self.spec.name} is not given up: it ends on the board")
        return super().resign()

    def note_cost(self, state: GameState, move: int, nodes: int, depth: int) -> None:
        """What a computer player spent choosing ``move`` in ``state``: the nodes it searched
        and the deepest ply it reached (the records sum them per seat)."""
        self.costs[(self._position_key(state), move)] = (nodes, depth)

    def cost_at(self, ply: int) -> tuple[int, int]:
        """What move ``ply`` (1-based) cost its player: nodes and deepest ply (0, 0: nothing
        noted, as for a person's move)."""
        key = (self._key_at(ply - 1), self._moves[ply - 1])
        return self.costs.get(key, (0, 0))

    def why_not_playable(self, move: int) -> str | None:
        """Why the person to move may not play ``move`` now, in words, with what to do
        instead; None when they may."""
        seat = self.player_to_move
        if seat is None:
            return (
                f"The game is over: {self.result_words()}. Play Again (Ctrl+R) or start a "
                "New Game (Ctrl+N)."
            )
        if seat.is_ai:
            if self.mode is GameMode.AI_VS_AI:
                return (
                    "Two computer players are playing this game. Start a New Game (Ctrl+N) to play."
                )
            return f"It is {seat.name_in(self.spec)}'s turn: wait for the reply."
        try:
            self.state.play(move)
        except GameError as error:
            return sentence(str(error))
        return None

    def offers_resignation(self) -> bool:
        """Whether a person at the table has this game in progress to give up (in a game
        that may be given up; one decided by points ends on the board)."""
        return (
            self.spec.can_resign and not self.is_over and any(not seat.is_ai for seat in self.seats)
        )

    def card(self, *, replaying: bool = False) -> tuple[PlayerInfo | None, str]:
        """The computer player the analysis dock's card shows, and its role, alike in every
        game: the opponent against a person; between two people the game's strongest player
        as their coach (the analysis, in a replay); between two computer players the one to
        move, and at the end the winner, or whoever made the drawing move. None where the
        player is an external engine (the card says "Engine")."""
        spec = self.spec
        if self.mode is GameMode.HUMAN_VS_AI:
            computer = next(seat for seat in self.seats if seat.is_ai)
            return self._player_info(computer), "Opponent"
        if self.mode is GameMode.HUMAN_VS_HUMAN:
            return spec.player(spec.default_players[0]), "Analysis" if replaying else "Coach"
        if not self.is_over:
            mover = self.player_to_move
            return (None if mover is None else self._player_info(mover)), "To move"
        winner = self.winner
        if winner is not None:
            return self._player_info(self.seat(winner)), "Winner"
        return self._player_info(self.seat(self.mover_of(len(self.moves) - 1))), "Last move"

    def _player_info(self, seat: Seat) -> PlayerInfo | None:
        return self.spec.player(seat.name) if seat.is_ai and not seat.is_engine else None

    def turn_words(self) -> str:
        """Whose turn it is, in a line, alike in every game: a person playing a computer
        player is spoken to ("Your move (X)."), anyone else named ("Ann (X) to drop.");
        the end once the game is over."""
        side = self.side_to_move
        if side is None:
            return self.end_status()
        label = self.spec.seats[side]
        if self.mode is GameMode.HUMAN_VS_AI and not self.seat(side).is_ai:
            return f"Your {self.spec.move_word} ({label})."
        return f"{self.name_of(side)} ({label}) to {self.spec.move_verb}."

    # -- hints and the coach -------------------------------------------------------------

    def _settled_on(self, position: GameState, key: str) -> Settled | None:
        result = position.result
        if result is not None:
            return Settled(result.winner)
        analysis = self.analyses.get(key)
        return None if analysis is None else settled_by(analysis)

    def _seat(self, side: int) -> int:
        return side

    def _judge_with(
        self,
        ply: int,
        before: GameAnalysis,
        after: GameAnalysis | None,
        known_before: Settled | None,
        known_after: Settled | None,
    ) -> Judgement | None:
        return self.spec.judge(
            self._positions[ply - 1],
            before,
            self._moves[ply - 1],
            after,
            known_before=known_before,
            known_after=known_after,
        )

    def hint_text(self, analysis: GameAnalysis, state: GameState | None = None) -> str:
        """What a hint says in ``state`` (default: the position now), whose analysis is
        ``analysis``: the best moves and what they lead to, said to be by the estimate where
        the best is not proven; or, in a game won, drawn or lost, that every move is as good
        as another where every legal move is listed and proven alike."""
        spec = self.spec
        if not analysis.best_moves:
            return "Hint: the game is over."
        best = next(value for value in analysis.moves if value.move in analysis.best_moves)
        if every_move_alike(analysis, self.state if state is None else state):
            if best.value == 0:
                return "Hint: every move keeps the draw."
            return f"Hint: every move leads to a {best.words}."
        names = " or ".join(spec.format_move(move) for move in analysis.best_moves)
        # A proof of the position's result can stand beside moves only estimated.
        how = "" if best.certainty is Certainty.PROVEN else ", by the estimate"
        return f"Hint: {spec.move_verb} {names} ({best.words}{how})."

    @property
    def move_word(self) -> str:
        return self.spec.move_word

    def _resigned_a_lost_game(self) -> bool:
        analysis = self.analysis_of(self.state)
        return (
            analysis is not None
            and analysis.certainty is Certainty.PROVEN
            and analysis.result is not None
            and self.resigned is not None
            and analysis.result.winner == 1 - self.resigned
        )

    # -- the end -------------------------------------------------------------------------

    def _draw_words(self) -> str:
        scores = self.state.scores
        return "a draw" if scores is None else f"a {tie_words(scores[0])}"

    def _score_words(self, winner: int) -> str:
        scores = self.state.scores
        return "" if scores is None else score_words(scores[winner], scores[1 - winner])

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return self.setup.seats

    def _name_of(self, side: int) -> str:
        return self.name_of(side)

    def _side_label(self, side: int) -> str:
        return self.spec.seats[side]

    def _coach_words(self, *, by_estimate: bool) -> Mapping[Verdict, str]:
        """The coach's words, where a move's value is a win, a draw or a loss; a game kept
        on points names the verdict alone (a mistake there costs points, not a win)."""
        if self.spec.value_kind is ValueKind.OUTCOME:
            return super()._coach_words(by_estimate=by_estimate)
        return MARGIN_COACH_WORDS if not by_estimate else MARGIN_ESTIMATE_WORDS

    def _move_text(self, move: int) -> str:
        return self.spec.format_move(move)

    @property
    def mode(self) -> GameMode:
        return self.setup.mode

    def _say(self, player: Seat, event: Event, rng: random.Random) -> str:
        return "" if player.is_engine else self.spec.say(player.name, event, rng)

    def sides(self) -> tuple[Side, Side]:
        """The two seats as the records keep them."""
        return self.seat(0).side(), self.seat(1).side()

    def finished_game(self, ended_at: datetime | None = None) -> FinishedGame:
        """The finished game as the records keep it, checked against the rules (the records'
        InvalidGameError for a game not over): its lines, each move's score and the coach's
        verdict on it where known, each seat's hints, what its computer player searched
        (nodes, deepest ply), a resignation or a program's forfeit."""
        scores: list[int | None] = []
        verdicts: list[str | None] = []
        nodes, depth = [0, 0], [0, 0]
        known = self.proven_along_the_game()
        for ply, move in enumerate(self._moves, start=1):
            before = self._positions[ply - 1]
            analysis = self.analyses.get(self._key_at(ply - 1))
            value = (
                None
                if analysis is None
                else next((value for value in analysis.moves if value.move == move), None)
            )
            scores.append(None if value is None else value.score)
            judgement = self.judged(ply, known)
            verdicts.append(None if judgement is None else judgement.verdict.value)
            seat = before.to_move
            assert seat is not None
            if self.seat(seat).is_ai:
                cost_nodes, cost_depth = self.cost_at(ply)
                nodes[seat] += cost_nodes
                depth[seat] = max(depth[seat], cost_depth)
        return state_finished_game(
            self.state,
            *self.sides(),
            self.setup.mode,
            self.started_at,
            ended_at or datetime.now(UTC),
            seed=self.seed,
            resigned=self.resigned,
            tree=self.lines(),
            scores=scores,
            verdicts=verdicts,
            hints=(self.hints[0], self.hints[1]),
            nodes=(nodes[0], nodes[1]),
            depths=(depth[0], depth[1]),
            forfeit=self.forfeit_reason,
        )


def every_move_alike(analysis: GameAnalysis, state: GameState) -> bool:
    """Whether every legal move of ``state`` is proven as good as the best, in a game whose
    moves are won, drawn or lost (a big board's proof lists a few moves: the others are not
    known)."""
    moves = analysis.moves
    return (
        state.spec.value_kind is ValueKind.OUTCOME
        and analysis.certainty is Certainty.PROVEN
        and len(moves) > 1
        and len(analysis.best_moves) == len(moves) == len(state.legal_moves())
        and all(value.certainty is Certainty.PROVEN for value in moves)
    )


def play_computers(
    session: TableSession,
    *,
    limit: Limit | None = None,
    on_move: Callable[[GameState, int], None] | None = None,
) -> GameState:
    """Play the computer players' moves, each with its own generator (see
    :meth:`TableSession.move_rng`) and searching within ``limit``, until the game ends or
    a person is to move."""
    while (seat := session.player_to_move) is not None and seat.is_ai:
        state = session.state
        move = session.spec.choose_move(state, seat.name, session.move_rng(), limit=limit)
        if on_move is not None:
            on_move(state, move)
        session.play(move)
    return session.state
