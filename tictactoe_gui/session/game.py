"""One game at the table, without Qt: who plays, whose turn, the moves, hints, verdicts, seeds.

A :class:`GameSession` is what the window's controller, ``play`` and
``match`` all drive, so a game's rules are written once:

- the players (a person by name or a persona by key) and the game's variant
  and start position (:class:`GameSetup`);
- the moves played, with undo and redo as "set the moves to this list";
- **one rule for randomness**: a game's seed gives one ``random.Random``,
  from which each ply's own generator is drawn in order, so the same seed
  with the same players plays the same game in the window, in ``play`` and
  in ``match`` (whatever searches were started and cancelled in between);
- hints counted per side, the coach's verdicts and each side's accuracy;
- the result, the words for it, the persona's reaction, and the record to
  save (through :mod:`tictactoe_gui.records_bridge`).

A game started from a set-up position is for study: it is never recorded, so
it counts in no standings or greetings.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime

from tictactoe_gui.engine import (
    SERA,
    Analysis,
    Board,
    Decision,
    Event,
    Judgement,
    Mark,
    Move,
    MoveOutcome,
    Persona,
    Proven,
    judge,
    proven_result,
)
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.move_tree import MoveTree
from tictactoe_gui.engine.review import Settled
from tictactoe_gui.engine.variants import Variant
from tictactoe_gui.records_bridge import state_finished_game
from tictactoe_gui.session.base import (
    SessionBase,
    SideSummary,
    greeting_for as greeting_for,  # where the callers read it
    plural as plural,  # where the window reads it
)
from tictactoe_gui.session.record import GameRecord, MoveRecord
from tictactoe_gui.session.seats import (
    ENGINE_PREFIX as ENGINE_PREFIX,  # where the callers read them
    PlayerKind as PlayerKind,
    PlayerSpec as PlayerSpec,
    engine_name as engine_name,
)
from tictactoe_gui.session.table import TableSetup
from tictactoe_gui.storage.records import FinishedGame, GameMode

#: The pause between moves of an AI vs AI game, by default.
DEFAULT_MOVE_DELAY_MS = 700


def _empty_tictactoe() -> Board:
    return Board.empty()


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything the New Game dialog (or a command) decides about a game."""

    mode: GameMode
    x: PlayerSpec
    o: PlayerSpec
    #: The start position; its variant is the game's. Not empty: a set-up position.
    start: Board = field(default_factory=_empty_tictactoe)
    #: AI vs AI: how many games in the series, and the pause between moves.
    games: int = 1
    move_delay_ms: int = DEFAULT_MOVE_DELAY_MS
    #: None picks a fresh seed for every game.
    seed: int | None = None
    #: False for study sessions (analysing a set-up position): nothing goes to the records.
    record: bool = True

    def player(self, mark: Mark) -> PlayerSpec:
        return self.x if mark is Mark.X else self.o

    @property
    def seats(self) -> tuple[PlayerSpec, PlayerSpec]:
        """X's player, then O's: the seats in order, as every game's setup lists them."""
        return self.x, self.o

    @property
    def variant(self) -> Variant:
        return self.start.variant

    @property
    def from_position(self) -> bool:
        """Whether the game starts from a set-up position rather than the empty board."""
        return self.start.ply > 0

    @property
    def recorded(self) -> bool:
        """Whether the game goes to the records when it ends (never from a set-up position)."""
        return self.record and not self.from_position

    @classmethod
    def default(cls) -> GameSetup:
        return cls(GameMode.HUMAN_VS_AI, PlayerSpec.human("Player"), PlayerSpec.ai("cop"))

    def table_setup(self) -> TableSetup:
        """The same game as the game interface's sessions set it up (the one session class
        that plays every game, k in a row's included)."""
        spec = find_game(self.variant.id)
        return TableSetup(
            spec,
            self.mode,
            self.seats,
            start=spec.from_position_text(self.start.to_text()),
            from_position=self.from_position,
            seed=self.seed,
            record=self.record,
            move_delay_ms=self.move_delay_ms,
            games=max(1, self.games),
        )

    @property
    def opponent_persona(self) -> Persona | None:
        """The persona a person plays against (Human vs AI only)."""
        for spec in (self.x, self.o):
            if spec.is_ai and self.mode is GameMode.HUMAN_VS_AI:
                return spec.persona
        return None


#: How one side of a k-in-a-row game played (its side is its mark).
PlayerSummary = SideSummary[Mark]


def every_move_alike(analysis: Analysis) -> bool:
    """Whether every legal move is proven as good as the best (a hint then names no cell).

    Only where every legal move is listed and proven: a big board's proof lists a few.
    """
    candidates = analysis.candidates
    return (
        analysis.exact
        and len(candidates) > 1
        and len(analysis.best_moves) == len(candidates) == len(analysis.board.legal_moves())
        and all(candidate.exact for candidate in candidates)
    )


def event_for(winner: Mark | None, mark: Mark) -> Event:
    """What the side playing ``mark`` has to say about a game ``winner`` won (None: a draw)."""
    if winner is None:
        return Event.DRAW
    return Event.WIN if winner is mark else Event.LOSS


def _proven(settled: Settled | None) -> Proven | None:
    """A proven result of k in a row's engine, its winner a mark."""
    if settled is None:
        return None
    return Proven(None if settled.winner is None else (Mark.X, Mark.O)[settled.winner])


class GameSession(SessionBase[Move, Board, Mark, Board, Analysis]):
    """A game in progress: its setup, seed, moves and everything judged about them.

    Nothing here waits or threads: a driver (the window's controller, the
    command line) asks for decisions and analyses and hands them in. The seed's
    generators and the tree of every line played are :class:`SessionBase`'s.
    """

    def __init__(
        self,
        setup: GameSetup,
        seed: int,
        started_at: datetime | None = None,
        *,
        lines: MoveTree | None = None,
    ) -> None:
        if setup.start.is_over:
            raise ValueError(f"cannot start from a finished position ({setup.start.outcome})")
        super().__init__(setup.start, seed, started_at, lines)
        self.setup = setup
        self.costs: dict[tuple[Board, Move], tuple[int, int]] = {}
        self.ended_once = False

    # -- the position ----------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.start.variant

    @property
    def board(self) -> Board:
        return self._positions[-1]

    @property
    def boards(self) -> tuple[Board, ...]:
        return tuple(self._positions)

    @property
    def last_move(self) -> Move | None:
        return self._moves[-1] if self._moves else None

    def board_at(self, ply: int) -> Board:
        return self._positions[ply]

    def _other(self, side: Mark) -> Mark:
        return side.other

    def _winner_on(self, position: Board) -> Mark | None:
        return position.winner

    def _after(self, position: Board, move: Move) -> Board:
        return position.play(move)

    def _to_move(self, position: Board) -> Mark | None:
        return None if position.is_over else position.to_move

    def _sides(self) -> tuple[Mark, Mark]:
        return Mark.X, Mark.O

    def _position_key(self, position: Board) -> Board:
        return position

    def _tree_move(self, move: Move) -> int:
        return self.start.index(move)

    def _game_move(self, move: int) -> Move:
        return self.start.move_at(move)

    # -- moving ----------------------------------------------------------------------------

    def why_not_playable(self, move: Move) -> str | None:
        """Why a person may not play ``move`` now, in words; None when they may."""
        board = self.board
        spec = self.player_to_move
        if spec is None:
            return "The game is over — Play Again (Ctrl+R) or start a New Game (Ctrl+N)."
        if spec.is_ai:
            if self.setup.mode is GameMode.AI_VS_AI:
                return "Two AIs are playing this game — start a New Game (Ctrl+N) to play."
            return f"It's {spec.display_name}'s turn — wait for the reply."
        if not board.on_board(move):
            return f"There is no such cell on the {board.variant.name} board."
        taken = board.mark_at(board.index(move))
        if taken is not None:
            return f"{board.cell_name(move)} is already taken by {taken}."
        return None

    def play(self, move: Move, decision: Decision | None = None) -> Board:
        """Play ``move`` (raises IllegalMoveError); ``decision`` records what an AI spent on it."""
        before = self.board
        after = super().play(move)
        if decision is not None:
            self.note_decision(before, move, decision)
        return after

    def note_decision(self, board: Board, move: Move, decision: Decision) -> None:
        """Remember what an AI spent choosing ``move`` in ``board`` (and its analysis)."""
        self.costs[(board, move)] = (decision.nodes, decision.max_depth)
        if decision.analysis is not None:
            self.analyses.setdefault(board, decision.analysis)

    # -- hints, analyses, verdicts -----------------------------------------------------------

    def _settled_on(self, position: Board) -> Settled | None:
        if position.is_over:
            winner = position.winner
            return Settled(None if winner is None else self._seat(winner))
        analysis = self.analyses.get(position)
        proven = None if analysis is None else proven_result(analysis)
        if proven is None:
            return None
        return Settled(None if proven.winner is None else self._seat(proven.winner))

    def _seat(self, side: Mark) -> int:
        return 0 if side is Mark.X else 1

    def _judge_with(
        self,
        ply: int,
        before: Analysis,
        after: Analysis | None,
        known_before: Settled | None,
        known_after: Settled | None,
    ) -> Judgement | None:
        return judge(
            before,
            self._moves[ply - 1],
            after,
            known_before=_proven(known_before),
            known_after=_proven(known_after),
        )

    def _judgement_of(self, ply: int) -> Judgement | None:
        """Move ``ply``'s judgement, as :meth:`judge_known_moves` last found it."""
        return self.judgements.get(self._judgement_key(ply))

    def hint_text(self, analysis: Analysis) -> str:
        """What a hint says: the best cells, or that every move is as good as another."""
        board = analysis.board
        if not analysis.candidates:
            return "Hint: the game is over."
        best = analysis.candidates[0]
        if every_move_alike(analysis):
            if best.outcome is MoveOutcome.DRAW:
                return "Hint: every move keeps the draw."
            return f"Hint: every move leads to a {best.describe}."
        cells = " or ".join(board.cell_name(m) for m in analysis.best_moves)
        # A proof of the position's result can stand beside moves only estimated.
        kind = "" if best.exact else ", by the estimate"
        return f"Hint: {cells} ({best.describe}{kind})."

    # -- words -------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[PlayerSpec, PlayerSpec]:
        return self.setup.seats

    def _name_of(self, side: Mark) -> str:
        return self.setup.player(side).display_name

    def _side_label(self, side: Mark) -> str:
        return str(side)

    def _move_text(self, move: Move) -> str:
        return self.start.cell_name(move)

    @property
    def mode(self) -> GameMode:
        return self.setup.mode

    def _say(self, player: PlayerSpec, event: Event, rng: random.Random) -> str:
        persona = player.persona
        return "" if persona is None else persona.say(event, rng)  # an engine says nothing

    def _resigned_a_lost_game(self) -> bool:
        """Whether the position given up was proven lost for the side that resigned."""
        analysis = self.analyses.get(self.board)
        proven = None if analysis is None else proven_result(analysis)
        return proven is not None and proven.winner is self.board.to_move.other

    # -- the record --------------------------------------------------------------------------

    def game_record(self) -> GameRecord:
        """The finished game as the records bridge turns it into a stored game."""
        if not self.is_over:
            raise ValueError("the game has not ended")
        moves = []
        nodes = {Mark.X: 0, Mark.O: 0}
        depth = {Mark.X: 0, Mark.O: 0}
        for ply, move in enumerate(self._moves, start=1):
            before = self._positions[ply - 1]
            mark = before.to_move
            analysis = self.analyses.get(before)
            score = None
            best = None
            if analysis is not None and analysis.has_candidate(move):
                score = analysis.score_of(move)
                best = analysis.best_score
            after = self.analyses.get(self._positions[ply])
            moves.append(
                MoveRecord(
                    ply=ply,
                    move=move,
                    mark=mark,
                    score=score,
                    best_score=best,
                    verdict=self.verdict_at(ply),
                    prediction_after=str(after.prediction) if after is not None else "",
                    nodes=self.costs.get((before, move), (0, 0))[0],
                    max_depth=self.costs.get((before, move), (0, 0))[1],
                )
            )
            if self.setup.player(mark).is_ai:
                cost_nodes, cost_depth = self.costs.get((before, move), (0, 0))
                nodes[mark] += cost_nodes
                depth[mark] = max(depth[mark], cost_depth)
        return GameRecord(
            x_name=self.setup.x.display_name,
            o_name=self.setup.o.display_name,
            start=self.start,
            moves=tuple(moves),
            final=self.board,
            winner=self.winner,
            resigned=self.resigned,
            forfeit_reason=self.forfeit_reason,
            seed=self.seed,
            x_nodes=nodes[Mark.X],
            o_nodes=nodes[Mark.O],
            x_max_depth=depth[Mark.X],
            o_max_depth=depth[Mark.O],
            hints_x=self.hints[Mark.X],
            hints_o=self.hints[Mark.O],
        )

    def finished_game(self, ended_at: datetime | None = None) -> FinishedGame:
        """The finished game as the records keep it, checked against the rules, through the
        one builder every session's record goes through
        (:func:`~tictactoe_gui.records_bridge.state_finished_game`): its lines, each move's
        score and verdict, the hints, what the computer players searched, how it ended."""
        record = self.game_record()
        setup = self.setup
        start = find_game(self.variant.id).from_position_text(self.start.to_text())
        seats = {Mark.X: 0, Mark.O: 1}
        return state_finished_game(
            start.play_all(self._tree_move(move) for move in self._moves),
            setup.x.side(),
            setup.o.side(),
            setup.mode,
            self.started_at,
            ended_at or datetime.now(UTC),
            seed=self.seed,
            resigned=None if self.resigned is None else seats[self.resigned],
            tree=self.lines(),  # the lines taken back and played otherwise, kept
            scores=[move.score for move in record.moves],
            verdicts=[None if m.verdict is None else m.verdict.value for m in record.moves],
            hints=(record.hints_x, record.hints_o),
            nodes=(record.x_nodes, record.o_nodes),
            depths=(record.x_max_depth, record.o_max_depth),
            forfeit=self.forfeit_reason,
        )

    def sera(self) -> Persona:
        """The engine's own voice (the coach and the analyst)."""
        return SERA
