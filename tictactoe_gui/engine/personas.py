"""The three opponents: how each picks a move, and what each says.

Where the game is solved, Kitty plays at random, Cop plays sensibly but can be
trapped, Sera plays perfectly. On boards too big to solve the big-board engine
plays them (:mod:`tictactoe_gui.engine.mnk.personas`: Kitty next to the
stones, Cop as the 4-mok program played, Sera the full search). All chance
goes through the ``random.Random`` handed in, so a seed reproduces a game
exactly.
"""

from __future__ import annotations

import enum
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from tictactoe_gui.engine.analysis import (
    EXACT_CELLS,
    TRY_EXACT_CELLS,
    Analysis,
    Verdict,
    analyse,
    solvable,
)
from tictactoe_gui.engine.board import Board, Move
from tictactoe_gui.engine.search import (
    Algorithm,
    ProgressCallback,
    SearchCancelled,
    SearchProgress,
    TranspositionTable,
)

if TYPE_CHECKING:
    # The big-board engine loads when a big board is first played, not for 3×3.
    from tictactoe_gui.engine.mnk.limits import Limit
    from tictactoe_gui.engine.mnk.search import (
        Progress as BigProgress,
        TranspositionTable as BigTable,
    )


class Level(enum.StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class Event(enum.StrEnum):
    """Moments a persona has something to say about."""

    GREETING = "greeting"
    THINKING = "thinking"
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    #: The opponent resigned: the game is won, but not on the board.
    RESIGNATION = "resignation"


@dataclass(frozen=True, slots=True)
class Decision:
    """A move a persona chose, and what choosing it cost."""

    move: Move
    nodes: int = 0
    max_depth: int = 0
    #: Why, in a few words: "takes the win", "blocks", "random", "search", "perfect".
    reason: str = ""
    analysis: Analysis | None = None
    #: What the search did, for the persona's thinking line ("O wins by force in 5 (proven
    #: by vcf)", "depth 6… X wins in 7 (not proven)").
    thinking: str = ""
    #: Whether the search proved the game's result (then ``thinking`` says which, and how).
    proven: bool = False
    #: A proven win or loss for the mover: its line (the chosen move first), else empty.
    proof_line: tuple[Move, ...] = ()
    #: With ``proof_line``: whether the line wins for the mover (else it loses).
    proof_wins: bool = False


@dataclass(frozen=True, slots=True)
class Voice:
    greeting: str
    thinking: tuple[str, ...]
    win: tuple[str, ...]
    loss: tuple[str, ...]
    draw: tuple[str, ...]
    #: What the persona says about its own move, by how good the move was.
    own_move: dict[Verdict, tuple[str, ...]]
    #: What it says about the opponent's move, by how good that move was.
    opponent_move: dict[Verdict, tuple[str, ...]]
    #: What it says when the opponent resigns (no line: its words for a win).
    resignation: tuple[str, ...] = ()

    def say(self, event: Event, rng: random.Random | None = None) -> str:
        """A line for ``event`` (the greeting is always the same one)."""
        if event is Event.GREETING:
            return self.greeting
        lines = {
            Event.THINKING: self.thinking,
            Event.WIN: self.win,
            Event.LOSS: self.loss,
            Event.DRAW: self.draw,
            Event.RESIGNATION: self.resignation or self.win,
        }[event]
        return _pick(lines, rng)

    def comment(self, verdict: Verdict, *, own: bool, rng: random.Random | None = None) -> str:
        """A line about a move judged ``verdict``, its own (``own``) or the opponent's."""
        table = self.own_move if own else self.opponent_move
        return _pick(table[verdict], rng)


Strategy = Callable[[Board, random.Random, TranspositionTable | None], Decision]


@dataclass(frozen=True, slots=True)
class Persona:
    key: str
    name: str
    level: Level
    description: str
    voice: Voice
    strategy: Strategy

    def choose_move(
        self,
        board: Board,
        rng: random.Random,
        table: TranspositionTable | None = None,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
        progress: ProgressCallback | None = None,
    ) -> Decision:
        """The move this persona plays in ``board``; the game must not be over.

        Where the game is solved exactly, the persona's own strategy decides.
        On boards too big to solve, the big-board engine plays it
        (:mod:`tictactoe_gui.engine.mnk.personas`): ``limit`` is Cop's depth or
        Sera's time per move, ``cancel`` stops the search, and ``progress``
        hears what Sera's search knows after each depth.
        """
        if board.is_over:
            raise ValueError(f"{self.name} cannot move: the game is over in {board}")
        if not solvable(board):
            return _big_board_move(self.key, board, rng, limit, cancel, progress)
        return self.strategy(board, rng, table)

    def say(self, event: Event, rng: random.Random | None = None) -> str:
        return self.voice.say(event, rng)

    def comment(self, verdict: Verdict, *, own: bool, rng: random.Random | None = None) -> str:
        """A line about a move judged ``verdict``, its own (``own``) or the opponent's."""
        return self.voice.comment(verdict, own=own, rng=rng)

    def describe(self, rows: int, cols: int) -> str:
        """What this persona does on a board of ``rows`` × ``cols``, and nothing it does not.

        Where every position is solved (:data:`~.analysis.EXACT_CELLS`), the
        persona's own strategy plays; elsewhere the big-board engine does, and
        no persona there can promise never to lose.
        """
        return _DESCRIPTIONS[self.key][_board_class(rows * cols)]

    def __str__(self) -> str:
        return f"{self.name} ({self.level})"


def _board_class(cells: int) -> str:
    """``"solved"`` (every position solved exactly), ``"small"`` (solved once at most
    :data:`EXACT_EMPTIES` cells are empty) or ``"big"`` (estimated until a proof is found)."""
    if cells <= EXACT_CELLS:
        return "solved"
    return "small" if cells <= TRY_EXACT_CELLS else "big"


_DESCRIPTIONS: Final[dict[str, dict[str, str]]] = {
    "kitty": {
        "solved": "A playful kitten who paws at any square that looks fun.",
        "small": "A playful kitten: a cell next to the marks, at random, but she takes a win "
        "in one when she has it (near the end, any cell at all).",
        "big": "A playful kitten: any cell next to a stone, at random, but she takes a win "
        "in one when she has it.",
    },
    "cop": {
        "solved": "A steady officer: never misses a win or a block, but can be out-planned.",
        "small": "A steady officer: takes a win in one, blocks yours, and looks a few moves "
        "ahead (as the 4-mok program did). He can be out-planned.",
        "big": "The 4-mok program's player: takes a win in one, blocks yours, and looks a few "
        "moves ahead. He always plays the same way, and can be out-planned.",
    },
    "sera": {
        "solved": "A calm strategist who has read every game there is. She never loses.",
        "small": "A calm strategist: perfect once a few cells are filled and the board can be "
        "solved; before that her deepest search, which proves the forced wins it finds. "
        "She can be out-played early.",
        "big": "A calm strategist with the deepest search here: she plays every forced win "
        "she proves and never a move she has proven to lose. This board is far too big to "
        "solve, so she can lose.",
    },
}


class _BigTables(threading.local):
    """Sera's big-board table, one per thread, kept across moves (positions repeat);
    made at the first big-board move, so that 3×3 never loads the big-board engine."""

    def __init__(self) -> None:
        self._table: BigTable | None = None

    @property
    def table(self) -> BigTable:
        if self._table is None:
            from tictactoe_gui.engine.mnk.search import TranspositionTable

            self._table = TranspositionTable()
        return self._table


_BIG_TABLES = _BigTables()


def _big_board_move(
    key: str,
    board: Board,
    rng: random.Random,
    limit: Limit | None,
    cancel: threading.Event | None,
    progress: ProgressCallback | None = None,
) -> Decision:
    from tictactoe_gui.engine.mnk import personas as big
    from tictactoe_gui.engine.mnk.limits import SearchStopped
    from tictactoe_gui.engine.mnk.search import Outcome

    variant = board.variant

    def relay(info: BigProgress) -> None:
        if progress is not None:
            progress(
                SearchProgress(
                    info.nodes,
                    0,
                    0,
                    depth=info.depth,
                    best_move=Move(*info.best),
                    line=tuple(Move(*cell) for cell in info.pv),
                    score=info.score,
                    elapsed=info.elapsed,
                )
            )

    try:
        choice = big.choose_move(
            key,
            variant.rows,
            variant.cols,
            variant.k,
            board.x,
            board.o,
            rng,
            limit,
            cancel=cancel,
            on_progress=relay if progress is not None else None,
            table=_BIG_TABLES.table,
        )
    except SearchStopped:
        raise SearchCancelled from None
    if cancel is not None and cancel.is_set():
        raise SearchCancelled
    proof = choice.result.proof if choice.result is not None else None
    line: tuple[Move, ...] = ()
    if proof is not None and proof.outcome is not Outcome.DRAW:
        line = tuple(Move(*cell) for cell in proof.line)
    return Decision(
        Move(choice.row, choice.col),
        nodes=choice.nodes,
        max_depth=choice.depth,
        reason=choice.reason,
        thinking=choice.thinking(str(board.to_move)),
        proven=proof is not None,
        proof_line=line,
        proof_wins=proof is not None and proof.outcome is Outcome.WIN,
    )


def _pick(lines: tuple[str, ...], rng: random.Random | None) -> str:
    # Chatter uses its own generator by default so that talking never changes
    # which moves a seeded game plays.
    return (rng or random).choice(lines)


# -- strategies --------------------------------------------------------------------------


def _immediate_wins(board: Board, mine: int, occupied: int) -> list[int]:
    """Cells (in row-major order) where ``mine`` completes a line at once."""
    geo = board.geometry
    free = geo.full & ~occupied
    if not mine:
        return []
    return [
        cell
        for cell in range(geo.cells)
        if free >> cell & 1 and geo.wins_through(mine | 1 << cell, cell)
    ]


def kitty_strategy(board: Board, rng: random.Random, table: TranspositionTable | None) -> Decision:
    """Any legal move at random."""
    return Decision(rng.choice(board.legal_moves()), reason="random")


COP_BLUNDER_CHANCE: Final = 0.2


def _line_potential(board: Board, mine: int, theirs: int) -> int:
    """Open lines, weighted by how many marks they already hold (Cop's static evaluation)."""
    total = 0
    for line in board.geometry.window_masks:
        if line & theirs == 0:
            total += 1 + 2 * (mine & line).bit_count()
        if line & mine == 0:
            total -= 1 + 2 * (theirs & line).bit_count()
    return total


def cop_strategy(board: Board, rng: random.Random, table: TranspositionTable | None) -> Decision:
    """Win now, else block, else (80 %) a two-ply look-ahead, else (20 %) a safe random move.

    Two plies see every threat that is one move away but no fork that is two
    moves away, which is exactly how Cop can be trapped.
    """
    mover = board.to_move
    mine, theirs, occupied = board.marks(mover), board.marks(mover.other), board.occupied
    moves = board.legal_moves()
    wins = _immediate_wins(board, mine, occupied)
    if wins:
        return Decision(board.move_at(wins[0]), nodes=len(moves), reason="wins")
    threats = _immediate_wins(board, theirs, occupied)
    if threats:
        return Decision(board.move_at(threats[0]), nodes=len(moves), reason="blocks")
    if rng.random() < COP_BLUNDER_CHANCE:
        safe = [
            m for m in moves if not _immediate_wins(board, theirs, occupied | 1 << board.index(m))
        ]
        return Decision(rng.choice(safe or list(moves)), nodes=len(moves), reason="random")
    geo = board.geometry
    nodes = 0
    best_score = None
    best: list[Move] = []
    for move in moves:
        index = board.index(move)
        new_mine = mine | 1 << index
        now = new_mine | theirs
        nodes += 1
        # The opponent's best reply by Cop's static evaluation (two plies in all).
        replies = [c for c in range(geo.cells) if not now >> c & 1]
        if now == geo.full or not replies:
            score = 0
        else:
            worst = None
            for reply in replies:
                nodes += 1
                value = _line_potential(board, new_mine, theirs | 1 << reply)
                if _immediate_wins(board, theirs | 1 << reply, now | 1 << reply):
                    value -= 20  # the reply makes a threat Cop must answer
                if worst is None or value < worst:
                    worst = value
            # His taste when nothing else decides: cells on more lines (centre, corners, edges).
            score = (worst or 0) + len(geo.windows_through[index])
        if best_score is None or score > best_score:
            best_score, best = score, [move]
        elif score == best_score:
            best.append(move)
    return Decision(rng.choice(best), nodes=nodes, max_depth=2, reason="search")


def sera_strategy(board: Board, rng: random.Random, table: TranspositionTable | None) -> Decision:
    """A best move of the exact analysis: perfect play."""
    analysis = analyse(board, Algorithm.TABLE, table=table)
    move = rng.choice(analysis.best_moves)
    return Decision(move, analysis.nodes, analysis.max_depth, "perfect", analysis)


# -- the cast ----------------------------------------------------------------------------

KITTY: Final = Persona(
    key="kitty",
    name="Kitty",
    level=Level.EASY,
    description="A playful kitten who paws at any square that looks fun.",
    voice=Voice(
        greeting="Meow! Let's play! I'm still learning...",
        thinking=("Hmm, which square is the comfiest?", "*chases own tail*", "Purr... thinking..."),
        win=("Meow! I won?! I won!", "*happy purring* Did you let me win?"),
        loss=("Mew... you're too good!", "*hides under the sofa*"),
        draw=("A tie! Let's play again, meow!",),
        resignation=("You're giving up? Then... I win? Meow!", "*tilts head* Okay, I'll take it!"),
        own_move={
            Verdict.BEST: ("This one looks cozy!", "Pounce!"),
            Verdict.GOOD: ("I like this square.", "Paw here!"),
            Verdict.MISTAKE: ("Oops, was that silly?", "Ooh, a butterfly!"),
            Verdict.BLUNDER: ("Meow? Was that bad?", "*knocks a glass off the table*"),
        },
        opponent_move={
            Verdict.BEST: ("Ooh, clever!", "You're good at this!"),
            Verdict.GOOD: ("Nice move!",),
            Verdict.MISTAKE: ("Hmm? Is that allowed?",),
            Verdict.BLUNDER: ("Meow! Maybe I can win now!",),
        },
    ),
    strategy=kitty_strategy,
)

COP: Final = Persona(
    key="cop",
    name="Cop",
    level=Level.MEDIUM,
    description="A steady officer: never misses a win or a block, but can be out-planned.",
    voice=Voice(
        greeting="You have the right to make a move. I'll make mine.",
        thinking=("Checking the evidence...", "Let me run your plates.", "Securing the perimeter."),
        win=("Case closed.", "You're under arrest. That's a full line."),
        loss=("You got away this time.", "I'll be filing a report on that one."),
        draw=("A standoff. Nobody goes home a winner.", "No charges filed today."),
        resignation=("Turning yourself in? Wise.", "You came quietly. It'll be in my report."),
        own_move={
            Verdict.BEST: ("By the book.", "Standard procedure."),
            Verdict.GOOD: ("Holding the line.", "Keeping you in sight."),
            Verdict.MISTAKE: ("Hmm, I may have left a door open.",),
            Verdict.BLUNDER: ("That... was not by the book.",),
        },
        opponent_move={
            Verdict.BEST: ("Smooth move, suspect.", "I see what you're doing."),
            Verdict.GOOD: ("Noted.", "Hm. Carry on."),
            Verdict.MISTAKE: ("That'll go on your record.",),
            Verdict.BLUNDER: ("You just confessed.", "Gotcha."),
        },
    ),
    strategy=cop_strategy,
)

SERA: Final = Persona(
    key="sera",
    name="Sera",
    level=Level.HARD,
    description="A calm strategist who has read every game there is. She never loses.",
    voice=Voice(
        greeting="Prepare yourself. I don't make mistakes.",
        thinking=("Calculating every line.", "I have seen this position before.", "Inevitable."),
        win=("As calculated.", "There was only ever one ending."),
        loss=("Impossible.",),
        draw=("A draw. You played precisely.", "Balanced, as it should be."),
        resignation=("Resignation accepted.", "You stop here. I understand."),
        own_move={
            Verdict.BEST: ("Optimal.", "The only sensible square.", "Precisely."),
            Verdict.GOOD: ("Optimal.",),
            Verdict.MISTAKE: ("Impossible.",),
            Verdict.BLUNDER: ("Impossible.",),
        },
        opponent_move={
            Verdict.BEST: ("Correct.", "You have studied.", "Accurate."),
            Verdict.GOOD: ("Acceptable.",),
            Verdict.MISTAKE: ("A small error. I will take it.",),
            Verdict.BLUNDER: (
                "And that is the game.",
                "You have lost; you just don't know it yet.",
            ),
        },
    ),
    strategy=sera_strategy,
)

PERSONAS: Final[dict[str, Persona]] = {p.key: p for p in (KITTY, COP, SERA)}


def get_persona(key: str) -> Persona:
    """The persona named ``key`` (case-insensitive); a clear ValueError for anything else."""
    try:
        return PERSONAS[key.strip().lower()]
    except KeyError:
        known = ", ".join(PERSONAS)
        raise ValueError(f"unknown persona {key!r}; choose one of: {known}") from None
