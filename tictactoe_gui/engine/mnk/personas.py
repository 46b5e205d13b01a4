"""The three opponents on boards too big to solve: how Kitty, Cop and Sera choose a move.

- **Kitty** plays at random among the empty cells next to a stone, but takes a
  win in one when she has it.
- **Cop** is the 4-mok program's computer player, move for move: take a win in
  one, else block the opponent's, else open in the centre; otherwise take the
  empty cells next to a stone, order them by distance to the centre, keep the
  first 20 and search them with alpha-beta to his depth (2, 3 or 4 plies; 3 by
  default) on the window evaluation: a window of k cells holding ``n`` of his
  stones and none of the opponent's is worth 10**(n - 1) (1, 10, 100, 1000 for
  four in a row), his total minus the opponent's. He is deterministic, as the
  original was.
- **Sera** is the full engine (:func:`.search.search`) with a time budget per
  move (1 s by default): she plays a proven win whenever the proof search
  finds one and never a move the proof search shows to lose when another does
  not.

:func:`choose_move` is the one entry point: a persona key, the position as
plain values, a ``random.Random`` (all chance goes through it) and a
:class:`~.limits.Limit` (Cop's depth or Sera's time); it returns a frozen
:class:`Choice`.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from tictactoe_gui.engine.mnk.limits import Budget, Limit, SearchStopped
from tictactoe_gui.engine.mnk.search import (
    Outcome,
    ProgressCallback,
    SearchResult,
    TranspositionTable,
    search,
)
from tictactoe_gui.engine.mnk.state import State

COP_DEFAULT_DEPTH: Final = 3
COP_DEPTHS: Final = (2, 3, 4)
COP_CANDIDATES: Final = 20
SERA_DEFAULT_SECONDS: Final = 1.0
_COP_WIN: Final = 10**9
PERSONA_KEYS: Final = ("kitty", "cop", "sera")


@dataclass(frozen=True, slots=True)
class Choice:
    """A persona's move on a big board, and what choosing it involved."""

    row: int
    col: int
    #: Why, in a few words: "wins", "blocks", "centre", "random", "search", "proven win" ...
    reason: str
    nodes: int = 0
    depth: int = 0
    #: Sera's full search result (None for Kitty and Cop).
    result: SearchResult | None = None
    #: Cop's score for the move (his evaluation units), when he searched.
    score: int | None = None

    @property
    def cell(self) -> tuple[int, int]:
        return self.row, self.col

    def thinking(self, mover: str | None = None) -> str:
        """A line about what the search did: "depth 6, X wins by force in 5 (proven by vcf)".

        ``mover`` ("X" or "O") names the side that chose; without it the line
        says "the side to move" and "its opponent".
        """
        if self.result is not None:
            return describe(self.result, mover)
        if self.depth:
            return f"looked {self.depth} plies ahead over {self.nodes} positions"
        return self.reason


def describe(result: SearchResult, mover: str | None = None) -> str:
    """What a search result says, in words, naming whose win it sees, without claiming more
    than it knows: only a proof is "by force"; a win the search merely sees is "not proven".

    ``mover`` ("X" or "O") is the side that searched; without it the words say "the side
    to move" and "its opponent".
    """
    me = mover if mover is not None else "the side to move"
    them = {"X": "O", "O": "X"}.get(mover or "", "its opponent")
    proof = result.proof
    if proof is not None:
        if proof.outcome is Outcome.WIN:
            return f"{me} wins by force in {proof.plies} (proven by {proof.method})"
        if proof.outcome is Outcome.LOSS:
            return f"{them} wins by force in {proof.plies} (proven by {proof.method})"
        return "a forced draw (proven)"
    head = f"depth {result.depth}" if result.depth else "first look"
    if result.mate is not None:
        winner = me if result.mate > 0 else them
        return f"{head}… {winner} wins in {abs(result.mate)} (not proven)"
    if result.score is None:
        return head
    return f"{head}… evaluation {result.score:+d} for {me}"


def _cell(state: State, index: int) -> tuple[int, int]:
    return divmod(index, state.cols)


def _next_to_stones(state: State) -> list[int]:
    cells = state.cells
    geo = state.geo
    return [
        cell
        for cell in range(len(cells))
        if cells[cell] == 0 and any(cells[n] for n in geo.near1[cell])
    ]


def kitty(rows: int, cols: int, k: int, x: int, o: int, rng: random.Random) -> Choice:
    """Kitty: a win in one if she has one, else any cell next to a stone (the centre first)."""
    state = State(rows, cols, k, x, o)
    _refuse_finished(state)
    wins = sorted(state.wins[state.to_move])
    if wins:
        return Choice(*_cell(state, wins[0]), "wins", nodes=1)
    options = _next_to_stones(state)
    if not options:
        return Choice(*_cell(state, state.geo.centre), "centre")
    return Choice(*_cell(state, rng.choice(options)), "random", nodes=len(options))


def cop(
    rows: int,
    cols: int,
    k: int,
    x: int,
    o: int,
    depth: int = COP_DEFAULT_DEPTH,
    budget: Budget | None = None,
) -> Choice:
    """Cop: the 4-mok program's player, searching ``depth`` plies (see the module docstring)."""
    if depth < 1:
        raise ValueError(f"Cop searches at least 1 ply, got {depth}")
    weights = tuple([0] + [10 ** (n - 1) for n in range(1, k + 1)])
    state = State(rows, cols, k, x, o, weights=weights)
    _refuse_finished(state)
    mover = state.to_move
    wins = sorted(state.wins[mover])
    if wins:
        return Choice(*_cell(state, wins[0]), "wins", nodes=1)
    threats = sorted(state.wins[3 - mover])
    if threats:
        return Choice(*_cell(state, threats[0]), "blocks", nodes=1)
    if state.empties == len(state.cells):
        return Choice(*_cell(state, state.geo.centre), "centre")
    search_budget = budget or Budget(Limit())
    cop_search = _CopSearch(state, mover, search_budget)
    best_score = -_COP_WIN * 2
    best_cell = -1
    alpha, beta = -_COP_WIN * 2, _COP_WIN * 2
    candidates = cop_search.candidates()
    reason = "search"
    for cell in candidates:
        state.make(cell)
        try:
            score = cop_search.minimax(depth - 1, alpha, beta, maximising=False)
        except SearchStopped:
            if search_budget.cancel is not None and search_budget.cancel.is_set():
                raise
            # Out of time or nodes: he plays the best move searched so far (his
            # first candidate if none was), so a game never waits on him for ever.
            reason = "search (out of time)"
            break
        finally:
            state.unmake()
        if score > best_score:
            best_score, best_cell = score, cell
        alpha = max(alpha, score)
    if best_cell < 0:
        best_cell, best_score = candidates[0], cop_search.evaluate()
    return Choice(
        *_cell(state, best_cell),
        reason,
        nodes=search_budget.nodes,
        depth=depth,
        score=best_score,
    )


class _CopSearch:
    def __init__(self, state: State, me: int, budget: Budget) -> None:
        self.state = state
        self.me = me
        self.budget = budget
        geo = state.geo
        centre_row, centre_col = (geo.rows - 1) / 2, (geo.cols - 1) / 2
        self.order = sorted(
            range(len(state.cells)),
            key=lambda c: (
                (c // geo.cols - centre_row) ** 2 + (c % geo.cols - centre_col) ** 2,
                c,
            ),
        )

    def candidates(self) -> list[int]:
        cells = self.state.cells
        near = self.state.geo.near1
        found = []
        for cell in self.order:
            if cells[cell] == 0 and any(cells[n] for n in near[cell]):
                found.append(cell)
                if len(found) == COP_CANDIDATES:
                    break
        return found

    def evaluate(self) -> int:
        evaluation = self.state.evaluation
        return evaluation if self.me == 1 else -evaluation

    def minimax(self, depth: int, alpha: int, beta: int, maximising: bool) -> int:
        state = self.state
        self.budget.tick()
        if state.winner:
            # The side that just moved won: sooner is bigger.
            value = _COP_WIN + depth
            return value if state.winner == self.me else -value
        if depth == 0 or state.empties == 0:
            return self.evaluate()
        if maximising:
            best = -_COP_WIN * 2
            for cell in self.candidates():
                state.make(cell)
                try:
                    best = max(best, self.minimax(depth - 1, alpha, beta, False))
                finally:
                    state.unmake()
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best
        best = _COP_WIN * 2
        for cell in self.candidates():
            state.make(cell)
            try:
                best = min(best, self.minimax(depth - 1, alpha, beta, True))
            finally:
                state.unmake()
            beta = min(beta, best)
            if alpha >= beta:
                break
        return best


def sera(
    rows: int,
    cols: int,
    k: int,
    x: int,
    o: int,
    rng: random.Random,
    limit: Limit | None = None,
    *,
    cancel: threading.Event | None = None,
    on_progress: ProgressCallback | None = None,
    table: TranspositionTable | None = None,
) -> Choice:
    """Sera: the full engine within ``limit`` (1 s per move by default)."""
    del rng  # the search is deterministic; kept so every persona takes the same arguments
    result = search(
        rows,
        cols,
        k,
        x,
        o,
        limit or Limit(time=SERA_DEFAULT_SECONDS),
        cancel=cancel,
        on_progress=on_progress,
        table=table,
    )
    if result.proof is not None and result.proof.outcome is Outcome.WIN:
        reason = "proven win"
    elif result.proof is not None and result.proof.outcome is Outcome.LOSS:
        reason = "proven loss"
    else:
        reason = "search"
    return Choice(*result.best, reason, nodes=result.nodes, depth=result.depth, result=result)


def choose_move(
    persona: str,
    rows: int,
    cols: int,
    k: int,
    x: int,
    o: int,
    rng: random.Random,
    limit: Limit | None = None,
    *,
    cancel: threading.Event | None = None,
    on_progress: ProgressCallback | None = None,
    table: TranspositionTable | None = None,
) -> Choice:
    """The move ``persona`` ("kitty", "cop" or "sera") plays in the position.

    ``limit`` sets the strength: Cop's depth is ``limit.depth`` (default 3),
    Sera's budget is ``limit`` as given (default 1 s per move). Kitty ignores it.
    ``cancel``, ``on_progress`` and ``table`` are used by Sera's search (and
    ``cancel`` stops Cop's, which then raises :class:`SearchStopped`).
    """
    key = persona.strip().lower()
    if key == "kitty":
        return kitty(rows, cols, k, x, o, rng)
    if key == "cop":
        depth = limit.depth if limit is not None and limit.depth is not None else None
        cop_limit = Limit(time=limit.time, nodes=limit.nodes) if limit is not None else Limit()
        return cop(rows, cols, k, x, o, depth or COP_DEFAULT_DEPTH, Budget(cop_limit, cancel))
    if key == "sera":
        return sera(
            rows, cols, k, x, o, rng, limit, cancel=cancel, on_progress=on_progress, table=table
        )
    raise ValueError(f"unknown persona {persona!r}; choose one of {', '.join(PERSONA_KEYS)}")


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game played out between two players: the moves, and who won (0 for a draw)."""

    moves: tuple[tuple[int, int], ...]
    winner: int
    #: Why the game ended: "k in a row", "board full" or "move limit".
    ending: str


Player = Callable[[int, int, random.Random], tuple[int, int]]


def persona_player(
    persona: str, rows: int, cols: int, k: int, limit: Limit | None = None
) -> Player:
    """A player for :func:`play_out` that asks ``persona`` (with its own table, for Sera)."""
    table = TranspositionTable() if persona == "sera" else None

    def play(x: int, o: int, rng: random.Random) -> tuple[int, int]:
        return choose_move(persona, rows, cols, k, x, o, rng, limit, table=table).cell

    return play


def play_out(
    rows: int,
    cols: int,
    k: int,
    x_player: Player,
    o_player: Player,
    rng: random.Random,
    max_moves: int | None = None,
) -> PlayedGame:
    """Play a game from the empty board; each player gets the bitboards and the game's generator."""
    state = State(rows, cols, k)
    moves: list[tuple[int, int]] = []
    limit = max_moves if max_moves is not None else rows * cols
    while not state.is_over and len(moves) < limit:
        player = x_player if state.to_move == 1 else o_player
        row, col = player(*state.masks(), rng)
        index = row * cols + col
        if not (0 <= row < rows and 0 <= col < cols) or state.cells[index]:
            raise ValueError(f"illegal move {(row, col)} at move {len(moves) + 1}")
        state.make(index)
        moves.append((row, col))
    ending = "k in a row" if state.winner else "board full" if state.empties == 0 else "move limit"
    return PlayedGame(tuple(moves), state.winner, ending)


def _refuse_finished(state: State) -> None:
    if state.is_over:
        raise ValueError("the game is over: there is no move to choose")


__all__ = [
    "COP_DEFAULT_DEPTH",
    "Choice",
    "PlayedGame",
    "SearchStopped",
    "choose_move",
    "cop",
    "describe",
    "kitty",
    "persona_player",
    "play_out",
    "sera",
]
