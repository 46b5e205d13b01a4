"""The computer players of Row & Column: how each chooses a cell, and what each says.

Four strategies, each a persona with a name and a voice:

- **Dice** (``random``): any allowed cell, at random. For a beginner.
- **Magpie** (``greedy``): the biggest value it may take, never looking further.
- **Hedge** (``maximize-future-min``): one take of look-ahead: the cell that
  maximises its gain minus the most the opponent can take next.
- **Abacus** (``perfect``): exact best play where the board is small enough
  to solve (see :data:`~tictactoe_gui.engine.rowcol.analysis.EXACT_CELLS`),
  a depth-limited search beyond that, chosen at random among equal bests.
  Given a limit of time or nodes, it keeps to it: its estimate first, then
  the exact search within what is left, its estimate played where that
  search could not end in time.

All chance goes through the ``random.Random`` handed in, so a seed replays a
game exactly. Chatter draws from its own generator unless given one, so
talking never changes the moves.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from tictactoe_gui.engine.analysis import Verdict
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.personas import Event, Level, Voice
from tictactoe_gui.engine.rowcol.analysis import (
    EXACT_CELLS,
    RowColAnalysis,
    analyse,
    best_takes,
    bounded,
    estimate_first,
)
from tictactoe_gui.engine.rowcol.rules import Position, line_masks
from tictactoe_gui.engine.rowcol.search import BudgetSpent, SolveTable
from tictactoe_gui.engine.variants import quote


@dataclass(frozen=True, slots=True)
class TakeDecision:
    """A cell a strategy chose, and what choosing it cost."""

    cell: int
    nodes: int = 0
    #: Why, in a few words: "random", "biggest value", "look-ahead", "perfect", "estimate".
    reason: str = ""
    #: The margin the strategy expects from this take, when it computed one exactly.
    margin: int | None = None
    analysis: RowColAnalysis | None = None


#: How a player chooses: the position, its generator, a solver table for this board, a
#: cancel flag and the engine's limit (only a searching strategy looks at the last three).
Strategy = Callable[
    [Position, random.Random, SolveTable | None, threading.Event | None, Limit | None],
    TakeDecision,
]


def random_strategy(
    position: Position,
    rng: random.Random,
    table: SolveTable | None = None,
    cancel: threading.Event | None = None,
    limit: Limit | None = None,
) -> TakeDecision:
    return TakeDecision(rng.choice(position.allowed_cells()), reason="random")


def greedy_strategy(
    position: Position,
    rng: random.Random,
    table: SolveTable | None = None,
    cancel: threading.Event | None = None,
    limit: Limit | None = None,
) -> TakeDecision:
    """The largest value allowed (at random among equal values)."""
    cells = position.allowed_cells()
    top = max(position.values[c] for c in cells)
    best = [c for c in cells if position.values[c] == top]
    return TakeDecision(rng.choice(best), nodes=len(cells), reason="biggest value")


def future_min_score(position: Position, cell: int) -> int:
    """Hedge's score of a take: its value minus the most the opponent can take next.

    When the take leaves the opponent no cell the game ends, and nothing is subtracted.
    """
    after = position.remaining & ~(1 << cell)
    replies = line_masks(position.size)[cell] & after
    best_reply = max(
        (position.values[c] for c in range(position.cells) if replies >> c & 1), default=0
    )
    return position.values[cell] - best_reply


def maximize_future_min_strategy(
    position: Position,
    rng: random.Random,
    table: SolveTable | None = None,
    cancel: threading.Event | None = None,
    limit: Limit | None = None,
) -> TakeDecision:
    """The take that maximises its gain minus the opponent's best next take."""
    cells = position.allowed_cells()
    scores = {cell: future_min_score(position, cell) for cell in cells}
    top = max(scores.values())
    best = [c for c in cells if scores[c] == top]
    return TakeDecision(rng.choice(best), nodes=len(cells), reason="look-ahead", margin=None)


def perfect_strategy(
    position: Position,
    rng: random.Random,
    table: SolveTable | None = None,
    cancel: threading.Event | None = None,
    limit: Limit | None = None,
) -> TakeDecision:
    """Exact best play where the board is solvable, a depth-limited estimate beyond.

    Within ``limit``'s time or nodes where it sets either: the estimate takes its share,
    the exact search the rest, and the estimate is played (said so: ``"estimate"``) where
    that search did not end in time. Setting ``cancel`` stops the search with
    ``SearchCancelled``.
    """
    if position.cells_left <= EXACT_CELLS and not bounded(limit):
        value, best, nodes = best_takes(position, table=table, cancel=cancel)
        return TakeDecision(rng.choice(best), nodes=nodes, reason="perfect", margin=value)
    if position.cells_left > EXACT_CELLS:
        analysis = analyse(position, limit, exact=False, cancel=cancel)
    else:
        assert limit is not None
        analysis, left, deadline = estimate_first(position, limit, cancel, time.perf_counter())
        if not analysis.exact and (left is None or left > 0):
            try:
                value, best, spent = best_takes(
                    position, table=table, cancel=cancel, nodes=left, deadline=deadline
                )
            except BudgetSpent as stopped:
                analysis = replace(analysis, nodes=analysis.nodes + stopped.nodes)
            else:
                cell = rng.choice(best)
                return TakeDecision(cell, analysis.nodes + spent, "perfect", value)
    cell = rng.choice(analysis.best_cells)
    reason = "perfect" if analysis.exact else "estimate"
    return TakeDecision(cell, analysis.nodes, reason, analysis.to_move_margin, analysis)


@dataclass(frozen=True, slots=True)
class RowColPersona:
    #: The strategy's name on the command line: random, greedy, maximize-future-min, perfect.
    key: str
    name: str
    level: Level
    description: str
    voice: Voice
    strategy: Strategy

    def choose_take(
        self,
        position: Position,
        rng: random.Random,
        table: SolveTable | None = None,
        cancel: threading.Event | None = None,
        limit: Limit | None = None,
    ) -> TakeDecision:
        """The cell this persona takes in ``position``; the game must not be over.

        ``cancel`` stops a searching persona (Abacus) with ``SearchCancelled``; ``limit``
        (the engine's one :class:`~tictactoe_gui.engine.limits.Limit`) bounds its search.
        """
        if position.is_over:
            raise ValueError(f"{self.name} cannot take a cell: the game is over in {position}")
        return self.strategy(position, rng, table, cancel, limit)

    def say(self, event: Event, rng: random.Random | None = None) -> str:
        return self.voice.say(event, rng)

    def comment(self, verdict: Verdict, *, own: bool, rng: random.Random | None = None) -> str:
        """A line about a take judged ``verdict``, its own (``own``) or the opponent's."""
        return self.voice.comment(verdict, own=own, rng=rng)

    def describe(self, size: int) -> str:
        """What this player does on a ``size`` × ``size`` board, and nothing it does not."""
        if self.key == "perfect" and size * size > EXACT_CELLS:
            return (
                "Counts ahead as far as time allows, then every line to the end once "
                f"{EXACT_CELLS} cells are left: perfect from there, so it can be out-played "
                "early on a board this big."
            )
        if self.key == "perfect" and size * size > SOLVED_AT_ONCE_CELLS:
            return (
                "Counts every line to the end: perfect play where the count ends within its "
                "time per move, its best estimate where it does not (a 5×5 opening takes "
                "seconds to count)."
            )
        return self.description

    def __str__(self) -> str:
        return f"{self.name} ({self.key})"


DICE: Final = RowColPersona(
    key="random",
    name="Dice",
    level=Level.EASY,
    description="Rolls for it: any cell it may take, at random. Good company for a first game.",
    voice=Voice(
        greeting="Let's roll! Every number is a lucky number.",
        thinking=("Rolling...", "Eeny, meeny, miny...", "Feeling lucky!"),
        win=("Lucky roll! I won!", "The dice were kind today."),
        loss=("Snake eyes. Well played!", "The dice say: rematch?"),
        draw=("Even dice! A tie.",),
        own_move={
            Verdict.BEST: ("Ooh, that one rolled well!",),
            Verdict.GOOD: ("Not bad for a roll.", "There we go!"),
            Verdict.MISTAKE: ("Hmm, that number looked friendlier.",),
            Verdict.BLUNDER: ("Oops. The dice did that, not me.",),
        },
        opponent_move={
            Verdict.BEST: ("Wow, you know your numbers!",),
            Verdict.GOOD: ("Nice pick!",),
            Verdict.MISTAKE: ("Are you rolling dice too?",),
            Verdict.BLUNDER: ("Ha! Even I would not take that one.",),
        },
    ),
    strategy=random_strategy,
)

MAGPIE: Final = RowColPersona(
    key="greedy",
    name="Magpie",
    level=Level.EASY,
    description="Grabs the biggest number in reach and never wonders what you get next.",
    voice=Voice(
        greeting="Shiny numbers! The biggest ones are mine.",
        thinking=("Which one sparkles most?", "Ooh, look at that one...", "Mine, mine, mine."),
        win=("All the shiny ones, in my nest!", "Biggest numbers win!"),
        loss=("Hey, you left me only the dull ones.", "Squawk! How did that happen?"),
        draw=("Even nests. A tie.",),
        own_move={
            Verdict.BEST: ("Shiny AND clever.",),
            Verdict.GOOD: ("Into the nest!", "Got it!"),
            Verdict.MISTAKE: ("It looked so shiny...",),
            Verdict.BLUNDER: ("Squawk! That opened the whole row for you.",),
        },
        opponent_move={
            Verdict.BEST: ("Hmph. Good pick.",),
            Verdict.GOOD: ("You grab well too.",),
            Verdict.MISTAKE: ("You left the shiny one!",),
            Verdict.BLUNDER: ("Ooh, now look what's in reach for me!",),
        },
    ),
    strategy=greedy_strategy,
)

HEDGE: Final = RowColPersona(
    key="maximize-future-min",
    name="Hedge",
    level=Level.MEDIUM,
    description=(
        "A careful trader: weighs each take against the best you can take next, "
        "and picks the best deal. It looks one reply ahead, no further."
    ),
    voice=Voice(
        greeting="Every take has a price. Let's see who pays more.",
        thinking=("Weighing the trade...", "What do you get after this?", "Gain minus cost..."),
        win=("A profitable session.", "The books balance in my favour."),
        loss=("You saw further than my one step. Well played.", "I'll audit that game."),
        draw=("Break-even. A tie.",),
        own_move={
            Verdict.BEST: ("A sound trade.", "Good value."),
            Verdict.GOOD: ("Acceptable risk.",),
            Verdict.MISTAKE: ("I may have underpriced that.",),
            Verdict.BLUNDER: ("That trade will cost me.",),
        },
        opponent_move={
            Verdict.BEST: ("A shrewd take.",),
            Verdict.GOOD: ("Reasonable.",),
            Verdict.MISTAKE: ("You paid too much for that.",),
            Verdict.BLUNDER: ("Thank you for the bargain.",),
        },
    ),
    strategy=maximize_future_min_strategy,
)

ABACUS: Final = RowColPersona(
    key="perfect",
    name="Abacus",
    level=Level.HARD,
    description=(
        "Counts every line to the end: perfect play, it never does worse than the board allows."
    ),
    voice=Voice(
        greeting="Every bead in its place. I have counted this board to the end.",
        thinking=("Counting...", "Sliding the beads...", "Summing every line to the end."),
        win=("The sums never lie.", "Counted, and correct."),
        loss=("My beads slipped. Impressive.",),
        draw=("Equal sums. A tie, as counted.",),
        own_move={
            Verdict.BEST: ("The best take there is.", "Exactly counted."),
            Verdict.GOOD: ("Close enough to the sum.",),
            Verdict.MISTAKE: ("An estimate, not a count.",),
            Verdict.BLUNDER: ("A slipped bead.",),
        },
        opponent_move={
            Verdict.BEST: ("Correct. You counted too.",),
            Verdict.GOOD: ("Nearly the best.",),
            Verdict.MISTAKE: ("That costs you points.",),
            Verdict.BLUNDER: ("The sums just turned against you.",),
        },
    ),
    strategy=perfect_strategy,
)

#: Boards counted to the end at once (4×4): Abacus plays perfectly there whatever its time.
SOLVED_AT_ONCE_CELLS: Final = 16

STRATEGIES: Final[dict[str, RowColPersona]] = {p.key: p for p in (DICE, MAGPIE, HEDGE, ABACUS)}


def get_strategy(name: str) -> RowColPersona:
    """The player named by its strategy (``greedy``) or its name (``Magpie``), case-insensitive."""
    key = name.strip().lower()
    for persona in STRATEGIES.values():
        if key in (persona.key, persona.name.lower()):
            return persona
    known = ", ".join(STRATEGIES)
    raise ValueError(f"unknown strategy {quote(name)}; choose one of: {known}")
