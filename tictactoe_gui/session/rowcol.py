"""One game of Row & Column at the table, without Qt: who plays, whose turn, the takes.

The counterpart of :class:`~tictactoe_gui.session.game.GameSession` for the
number game: the players (a person by name or a computer player by its
strategy), the board (drawn from a seed or typed in), the takes with undo and
redo as "set the takes to this list", hints counted per side, the coach's
verdicts and each side's accuracy, the words for the result and the record to
save. The same rule for randomness holds: the game's seed gives one
``random.Random`` from which each take's own generator is drawn in order, so
a seed replays a game exactly whatever was searched and cancelled meanwhile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from tictactoe_gui.engine import Event, Verdict
from tictactoe_gui.engine.row_and_column import RowColState, state_of_game
from tictactoe_gui.engine.rowcol import (
    DEFAULT_HIGH,
    DEFAULT_LOW,
    Mode,
    Player,
    Position,
    RowColAnalysis,
    RowColGame,
    RowColPersona,
    SolveTable,
    Take,
    TakeDecision,
    get_strategy,
    judge_take,
)
from tictactoe_gui.session.game import PlayerKind, plural
from tictactoe_gui.storage.records import GameMode, Side

_MODES = {
    GameMode.HUMAN_VS_HUMAN: Mode.PERSON_PERSON,
    GameMode.HUMAN_VS_AI: Mode.PERSON_COMPUTER,
    GameMode.AI_VS_AI: Mode.COMPUTER_COMPUTER,
}


@dataclass(frozen=True, slots=True)
class RowColPlayer:
    """One side: a person (by name) or a computer player (by strategy: ``perfect`` ...)."""

    kind: PlayerKind
    name: str

    @classmethod
    def human(cls, name: str) -> RowColPlayer:
        return cls(PlayerKind.HUMAN, name)

    @classmethod
    def ai(cls, strategy: str) -> RowColPlayer:
        return cls(PlayerKind.AI, get_strategy(strategy).key)

    @property
    def is_ai(self) -> bool:
        return self.kind is PlayerKind.AI

    @property
    def persona(self) -> RowColPersona | None:
        return get_strategy(self.name) if self.is_ai else None

    @property
    def display_name(self) -> str:
        persona = self.persona
        return persona.name if persona is not None else self.name

    def side(self) -> Side:
        return Side.persona(self.name) if self.is_ai else Side.human(self.name)


@dataclass(frozen=True, slots=True)
class RowColSetup:
    """Everything chosen before a game: the board, who plays A and B, who starts."""

    mode: GameMode
    a: RowColPlayer
    b: RowColPlayer
    size: int = 4
    first: Player = Player.A
    #: The values of a board typed in, row-major; None draws them from the game's seed.
    values: tuple[int, ...] | None = None
    low: int = DEFAULT_LOW
    high: int = DEFAULT_HIGH
    seed: int | None = None
    record: bool = True
    #: A set-up position to play from (taken cells, last take, scores so far), or None.
    #: A game from a set-up position is never recorded: it counts for nobody.
    position: Position | None = None
    #: Between two computer players, the pause before each take shows (ms).
    move_delay_ms: int = 900

    def player(self, side: Player) -> RowColPlayer:
        return self.a if side is Player.A else self.b

    def start_position(self, seed: int) -> Position:
        if self.position is not None:
            return self.position
        if self.values is not None:
            return Position.start(self.size, self.values, self.first)
        return Position.from_seed(self.size, seed, low=self.low, high=self.high, first=self.first)


@dataclass(frozen=True, slots=True)
class SideSummary:
    name: str
    side: Player
    takes: int
    best: int
    good: int
    mistakes: int
    blunders: int
    hints: int
    #: How many verdicts compare depth-limited estimates rather than exact margins.
    by_estimate: int = 0

    @property
    def accuracy(self) -> float | None:
        """Share of takes that were best or good; None when the side took nothing judged."""
        judged = self.best + self.good + self.mistakes + self.blunders
        return (self.best + self.good) / judged if judged else None

    def describe(self) -> str:
        head = f"{self.name} ({self.side})"
        accuracy = self.accuracy
        if accuracy is None:
            return f"{head}: no takes judged"
        details = [f"{self.best} best", f"{self.good} good"]
        if self.mistakes:
            details.append(plural(self.mistakes, "mistake"))
        if self.blunders:
            details.append(plural(self.blunders, "blunder"))
        if self.hints:
            details.append(plural(self.hints, "hint"))
        how = " by the estimate" if self.by_estimate else ""
        return f"{head}: {accuracy:.0%} accurate{how} — " + ", ".join(details)


class RowColSession:
    """A game of Row & Column in progress: the one place its turns and takes are kept."""

    def __init__(self, setup: RowColSetup, seed: int, started_at: datetime | None = None) -> None:
        self.setup = setup
        self.seed = seed
        self.started_at = started_at or datetime.now(UTC)
        self.start = setup.start_position(seed)
        self._cells: list[int] = []
        self._positions: list[Position] = [self.start]
        self._master = random.Random(seed)
        self._take_seeds: list[int] = []
        self._hints = {Player.A: 0, Player.B: 0}
        #: Analyses by position (taken cells, last cell), for hints and verdicts.
        self._analyses: dict[tuple[int, int | None], RowColAnalysis] = {}
        #: One solver table per game: every exact search of this board shares it.
        self.table = SolveTable(self.start.size, self.start.values)

    # -- reading -------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def takes(self) -> tuple[Take, ...]:
        return tuple(
            Take(before.to_move, cell, before.values[cell])
            for before, cell in zip(self._positions, self._cells, strict=False)
        )

    @property
    def cells(self) -> tuple[int, ...]:
        return tuple(self._cells)

    def owners(self) -> dict[int, Player]:
        """Who took each taken cell (for the board's colours)."""
        return {take.cell: take.player for take in self.takes}

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def winner(self) -> Player | None:
        return self.position.winner if self.is_over else None

    @property
    def player_to_move(self) -> RowColPlayer:
        return self.setup.player(self.position.to_move)

    def is_human_turn(self) -> bool:
        return not self.is_over and not self.player_to_move.is_ai

    def ai_to_move(self) -> bool:
        return not self.is_over and self.player_to_move.is_ai

    def take_rng(self, number: int | None = None) -> random.Random:
        """The generator a computer player decides take ``number`` (0-based) with."""
        number = len(self._cells) if number is None else number
        while len(self._take_seeds) <= number:
            self._take_seeds.append(self._master.getrandbits(63))
        return random.Random(self._take_seeds[number])

    # -- taking --------------------------------------------------------------------------

    def why_not_allowed(self, cell: int) -> str | None:
        """Why the person to move may not take ``cell`` now, in words; None when they may."""
        position = self.position
        if position.is_over:
            return f"The game is over: {position.to_move} has no cell to take."
        if self.player_to_move.is_ai:
            return f"It is {self.player_to_move.display_name}'s turn."
        if position.is_allowed(cell):
            return None
        label = position.cell_label(cell)
        if position.is_taken(cell):
            return f"{label} is already taken."
        assert position.last is not None
        return (
            f"{label} is not in the row or column of the last take "
            f"({position.cell_label(position.last)})."
        )

    def play(self, cell: int) -> Position:
        """Take ``cell`` for the player to move (a person's click or a computer's decision)."""
        position = self.position.play(cell)
        self._cells.append(cell)
        self._positions.append(position)
        return position

    def choose_ai_take(self) -> TakeDecision:
        """What the computer player to move takes, with its own generator for this take."""
        persona = self.player_to_move.persona
        if persona is None or self.is_over:
            raise ValueError("no computer player is to move")
        return persona.choose_take(self.position, self.take_rng(), self.table)

    def set_takes(self, cells: Sequence[int]) -> None:
        """Undo and redo: the game becomes the start followed by ``cells``."""
        positions = [self.start]
        for cell in cells:
            positions.append(positions[-1].play(cell))
        self._cells = list(cells)
        self._positions = positions

    # -- hints and the coach -------------------------------------------------------------

    def count_hint(self) -> None:
        self._hints[self.position.to_move] += 1

    def add_analysis(self, analysis: RowColAnalysis) -> None:
        position = analysis.position
        self._analyses[(position.taken, position.last)] = analysis

    def analysis_of(self, position: Position) -> RowColAnalysis | None:
        return self._analyses.get((position.taken, position.last))

    def unanalysed(self) -> tuple[Position, ...]:
        """The positions before each take that the coach has no analysis of yet."""
        return tuple(p for p in self._positions[:-1] if self.analysis_of(p) is None)

    def verdict_at(self, number: int) -> Verdict | None:
        """The coach's word on take ``number`` (0-based), when the position before is analysed."""
        before = self.analysis_of(self._positions[number])
        if before is None:
            return None
        return judge_take(before, self._cells[number])

    def hint_text(self, analysis: RowColAnalysis) -> str:
        position = analysis.position
        cells = " or ".join(position.cell_label(c) for c in analysis.best_cells)
        margin = analysis.to_move_margin
        how = "exactly" if analysis.exact else "by the estimate"
        return f"Take {cells}: it keeps a margin of {margin:+d} for {position.to_move} ({how})."

    def by_estimate(self, number: int) -> bool:
        """Whether the verdict on take ``number`` compares estimates (a depth-limited search)."""
        before = self.analysis_of(self._positions[number])
        return before is not None and not before.exact

    def summaries(self) -> tuple[SideSummary, ...]:
        keys = ("takes", "estimated", *Verdict)
        counts = {side: dict.fromkeys(keys, 0) for side in (Player.A, Player.B)}
        for number, take in enumerate(self.takes):
            counts[take.player]["takes"] += 1
            verdict = self.verdict_at(number)
            if verdict is not None:
                counts[take.player][verdict] += 1
                counts[take.player]["estimated"] += self.by_estimate(number)
        return tuple(
            SideSummary(
                self.setup.player(side).display_name,
                side,
                counts[side]["takes"],
                counts[side][Verdict.BEST],
                counts[side][Verdict.GOOD],
                counts[side][Verdict.MISTAKE],
                counts[side][Verdict.BLUNDER],
                self._hints[side],
                counts[side]["estimated"],
            )
            for side in (Player.A, Player.B)
        )

    # -- the end -------------------------------------------------------------------------

    def result_words(self) -> str:
        """``"A wins, 14 to 9"``, ``"A tie at 7 each"`` or ``""`` while the game goes on."""
        if not self.is_over:
            return ""
        position = self.position
        winner = position.winner
        if winner is None:
            return f"A tie at {position.score_a} each"
        name = self.setup.player(winner).display_name
        return f"{name} ({winner}) wins, {position.score(winner)} to {position.score(winner.other)}"

    def reaction(self) -> str:
        """What a computer player says at the end (the first one seated, if both are)."""
        for side in (Player.A, Player.B):
            persona = self.setup.player(side).persona
            if persona is not None and self.is_over:
                winner = self.winner
                event = (
                    Event.DRAW if winner is None else Event.WIN if winner is side else Event.LOSS
                )
                return f"{persona.name}: {persona.say(event, self.take_rng(len(self._cells)))}"
        return ""

    def game(self) -> RowColGame:
        return RowColGame(
            self.start,
            self.takes,
            self.position,
            _MODES[self.setup.mode],
            None if self.setup.values is not None else self.seed,
        )

    @property
    def recorded(self) -> bool:
        """Whether the game goes to the records when it ends (never from a set-up position)."""
        return self.setup.record and self.setup.position is None

    def state(self) -> RowColState:
        """The game so far through the game interface, which the records are built from."""
        return state_of_game(self.game())
