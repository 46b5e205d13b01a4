"""Connect Four and the other gravity boards, registered as a game (:mod:`.games`).

Discs fall: a move drops one in a column and it lands on the column's lowest
empty cell. ``connect4`` is the classic board (7 columns, 6 rows, four in a
row); ``MxNkKg`` is any gravity board of M rows by N columns (4 to 10 each)
with K in a row (3 to the longer side): ``6x7k4g`` is Connect Four's board,
while ``6x7k4`` stays the free-placement k-in-a-row game.

A move is the index of the cell the disc lands on, ``row * cols + col`` with
row 0 at the top, written as a cell is everywhere (``d1`` is column d's bottom
cell). A state also reads a move as its column's letter (``d``) and a move
list as a string of column digits (``4453``, on boards of up to 9 columns),
the form the known Connect Four solvers and their test sets use. A position and its
reading of moves are :mod:`~tictactoe_gui.engine.gravity_state`; this module is the game:
its boards, notation, players and analyses.

The search is :mod:`~tictactoe_gui.engine.gravity_search`: an exact solver,
and an estimate for positions it cannot finish in the time given; the exact
solver runs compiled (:mod:`~tictactoe_gui.engine.gravity_native`) with
Connect Four's opening book (:mod:`~tictactoe_gui.engine.gravity_book`).
"""

from __future__ import annotations

import functools
import random
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final, cast

from tictactoe_gui.engine.board import Board, BoardError
from tictactoe_gui.engine.game_interface import (
    Certainty,
    Game,
    GameAnalysis,
    GameError,
    GameSolution,
    GameSpec,
    GameState,
    MoveChoice,
    MoveError,
    MoveValue,
    OutOfTimeError,
    PlayerInfo,
    PositionTextError,
    Progress,
    Solving,
    UnknownGameError,
    ValueKind,
    limit_text,
    score_chance,
)
from tictactoe_gui.engine.gravity_native import solver_for
from tictactoe_gui.engine.gravity_search import (
    WIN_ESTIMATE,
    ExactSolver,
    GravityBoard,
    OutOfBudgetError,
    Position,
    deepest_estimate,
)
from tictactoe_gui.engine.gravity_state import GravityState, game_result
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.notation import COLUMN_LETTERS, NotationError, cell_name, parse_cell
from tictactoe_gui.engine.personas import Event, get_persona
from tictactoe_gui.engine.variants import Family, Variant, mnk, quote

MIN_GRAVITY_SIDE: Final = 4
MAX_GRAVITY_SIDE: Final = 10
MIN_GRAVITY_K: Final = 3
#: Boards this small are solved exactly at once, whatever the time given.
EXACT_GRAVITY_CELLS: Final = 16
#: How long an analysis tries the exact solver when no time is given.
DEFAULT_ANALYSIS_SECONDS: Final = 2.0
#: The share of an analysis's time the exact search may take before the estimate starts.
EXACT_SHARE: Final = 0.7
#: An estimate below this (one open window of three discs) says the game is roughly equal,
#: as k in a row's estimate says it.
_CLEAR_EDGE: Final = 16
#: How long Sera tries the exact solver for one move before she plays her estimate.
SERA_SECONDS: Final = 1.0
#: How deep Cop's alpha-beta looks, in plies.
COP_DEPTH: Final = 4

_GRAVITY_ID: Final = re.compile(r"(\d{1,3})x(\d{1,3})k(\d{1,3})g")
_GRAVITY_GRAMMAR: Final = re.compile(r"\s*\d+\s*x\s*\d+\s*k\s*\d+\s*g\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class GravitySpec(GameSpec):
    k: int = 4

    game_key: ClassVar[str] = "gravity"
    discs_fall: ClassVar[bool] = True
    has_solver: ClassVar[bool] = True
    moves_fill_cells: ClassVar[bool] = True
    move_verb: ClassVar[str] = "drop"
    move_prompt: ClassVar[str] = "a column letter such as {column}, or the cell {example}"
    column_digits: ClassVar[bool] = True
    rules_page: ClassVar[str] = "connect-four.md"

    def board_paragraph(self) -> str:
        last = COLUMN_LETTERS[self.cols - 1]
        return (
            f"# How to play {self.name}\n\n"
            f"{self.rows} rows by {self.cols} columns. Take turns dropping a disc into a "
            f"column; it falls to the lowest empty cell. X always drops first. {self.k} or "
            "more in a row — across, down or diagonally — wins; a full board with no line is "
            f"a draw. Click anywhere in a column, press its number (1 to {min(self.cols, 9)}), "
            "or move with Left and Right and press Enter (see [Playing and the "
            f"keyboard](playing.md)). Columns are named a to {last} from the left and rows 1 to "
            f"{self.rows} from the bottom: **d1** is column d's bottom cell.\n"
        )

    @property
    def cell_variant(self) -> Variant:
        """The free-placement board of the same size, whose cells and lines these are."""
        return mnk(self.rows, self.cols, self.k)

    @property
    def gravity(self) -> GravityBoard:
        return _gravity_board(self.rows, self.cols, self.k)

    # -- states -------------------------------------------------------------------------------

    def new_game(
        self, seed: int = 0, *, first: int = 0, values: tuple[int, int] | None = None
    ) -> GravityState:
        if first != 0:
            raise GameError(f"X always drops first in {self.name}; to move second, play O")
        if values is not None:
            raise GameError(f"{self.name} starts on an empty board; it has no numbers to draw")
        return GravityState(self)

    def from_position_text(self, text: str) -> GravityState:
        try:
            board = Board.from_text(text, self.cell_variant)
        except BoardError as error:
            raise PositionTextError(str(error)) from None
        filled = board.x | board.o
        for cell in range(self.cols, self.rows * self.cols):
            if filled >> cell & 1 == 0 and filled >> (cell - self.cols) & 1:
                raise PositionTextError(
                    f"the disc on {self.format_move(cell - self.cols)} floats: in "
                    f"{self.name} every disc rests on the one below it"
                )
        return GravityState(self, board.x, board.o)

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, text: str) -> int:
        try:
            row, col = parse_cell(text, self.rows, self.cols)
        except NotationError as error:
            raise MoveError(str(error)) from None
        return row * self.cols + col

    def format_move(self, move: int) -> str:
        self.check_move(move)
        row, col = divmod(move, self.cols)
        return cell_name(row, col, self.rows)

    # -- players ------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return _PLAYERS

    def say(self, player: str, event: Event, rng: random.Random | None = None) -> str:
        """The persona's own words (Kitty, Cop and Sera speak as in every game)."""
        return get_persona(self.player(player).key).say(event, rng)

    def choose_move(
        self,
        state: GameState,
        player: str,
        rng: random.Random,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
    ) -> int:
        """As :meth:`GameSpec.choose_move`; only Sera searches within ``limit``'s time."""
        return self.decide(state, player, rng, limit=limit, cancel=cancel).move

    def decide(
        self,
        state: GameState,
        player: str,
        rng: random.Random,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> MoveChoice:
        """As :meth:`choose_move`, with the nodes the player searched and the deepest ply it
        reached (none for a winning drop or Kitty's pick)."""
        gravity_state = self._state(state)
        if gravity_state.to_move is None:
            raise GameError(f"no move to choose: the game is over ({gravity_state.result_text()})")
        key = self.player(player).key
        board = self.gravity
        position = _position(gravity_state)
        columns = [c for c in board.centre_order if board.landing_bit(position.mask, c)]
        wins = board.winning_cells(position.mover, position.mask)
        for col in columns:
            if board.landing_bit(position.mask, col) & wins:
                return MoveChoice(self._cell(gravity_state, col))
        if key == "kitty":
            return MoveChoice(self._cell(gravity_state, rng.choice(sorted(columns))))
        if key == "sera":
            budget = SERA_SECONDS if limit is None or limit.time is None else limit.time
            col, nodes, depth = self._sera(position, columns, rng, budget, cancel)
        else:
            col, nodes, depth = self._cop(position, columns, rng, cancel)
        return MoveChoice(self._cell(gravity_state, col), nodes, depth)

    def _cop(
        self,
        position: Position,
        columns: list[int],
        rng: random.Random,
        cancel: threading.Event | None,
    ) -> tuple[int, int, int]:
        """Cop's column, the nodes it searched and its depth."""
        board = self.gravity
        threats = board.winning_cells(position.mover ^ position.mask, position.mask)
        for col in columns:
            if board.landing_bit(position.mask, col) & threats:
                return col, 0, 0  # block
        if position.discs == 0:
            return columns[0], 0, 0  # the centre
        values, depth, nodes = deepest_estimate(
            board,
            position,
            deadline=time.monotonic(),
            min_depth=COP_DEPTH,
            max_depth=COP_DEPTH,
            cancel=cancel,
        )
        best = max(values.values())
        col = rng.choice(sorted(col for col, value in values.items() if value == best))
        return col, nodes, depth

    def _sera(
        self,
        position: Position,
        columns: list[int],
        rng: random.Random,
        budget: float,
        cancel: threading.Event | None,
    ) -> tuple[int, int, int]:
        """Sera's column, the nodes she searched and the deepest ply she reached: the exact
        search's deepest, and at least the plies to the end of the line best play follows
        where it answered (the search proved the game to its end), else her estimate's."""
        board = self.gravity
        solver = _solver(self.rows, self.cols, self.k)
        before = solver.nodes
        solver.deepest = position.discs

        def deepest(*at_least: int) -> int:
            searched = solver.deepest - position.discs
            return min(max(searched, *at_least), board.cells - position.discs)

        deadline = None if board.cells <= EXACT_GRAVITY_CELLS else time.monotonic() + budget
        try:
            scores = {
                col: solver.move_score(position, col, deadline=deadline, cancel=cancel)
                for col in columns
            }
        except OutOfBudgetError:
            if cancel is not None and cancel.is_set():
                raise
            # Perfect play needs one move that keeps the position's value, not every
            # column's: the value first (the book often knows it), then the first column
            # that keeps it, within as much time again.
            keeping = None if deadline is None else time.monotonic() + budget
            try:
                target = solver.score(position, deadline=keeping, cancel=cancel)
                for col in columns:
                    if solver.keeps(position, col, target, deadline=keeping, cancel=cancel):
                        line = board.plies_to_end(target, position.discs)
                        return col, solver.nodes - before, deepest(line)
            except OutOfBudgetError:
                if cancel is not None and cancel.is_set():
                    raise
            values, depth, nodes = deepest_estimate(
                board, position, deadline=time.monotonic() + budget, min_depth=4, cancel=cancel
            )
            best = max(values.values())
            col = min((c for c in values if values[c] == best), key=columns.index)
            return col, solver.nodes - before + nodes, deepest(depth)
        best = max(scores.values())
        col = rng.choice(sorted(col for col, score in scores.items() if score == best))
        return col, solver.nodes - before, deepest(board.plies_to_end(best, position.discs))

    @staticmethod
    def _cell(state: GravityState, col: int) -> int:
        cell = state.landing(col)
        assert cell is not None
        return cell

    # -- analysis -----------------------------------------------------------------------------

    def analyse(
        self,
        state: GameState,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
        algorithm: str | None = None,
        progress: Progress | None = None,
    ) -> GameAnalysis:
        """Every column exact where the solver finishes within ``limit``'s time (at once on
        small boards, or within its ``proof_time`` where that is longer), else every column
        estimated by the window evaluation, labelled so."""
        self.check_algorithm(algorithm)
        gravity_state = self._state(state)
        started = time.monotonic()
        budget = DEFAULT_ANALYSIS_SECONDS if limit is None or limit.time is None else limit.time
        if limit is not None and limit.proof_time is not None:
            budget = max(budget, limit.proof_time)
        if gravity_state.to_move is None:
            result = gravity_state.result
            assert result is not None
            return GameAnalysis(Certainty.PROVEN, (), (), result, result.text, (), 0, 0.0)
        exact = self.gravity.cells <= EXACT_GRAVITY_CELLS
        # Most of the time to the exact search; the rest keeps the estimate deeper than a glance.
        deadline = None if exact else started + budget * EXACT_SHARE
        try:
            return self._exact(gravity_state, started, deadline=deadline, cancel=cancel)
        except OutOfBudgetError:
            if cancel is not None and cancel.is_set():
                from tictactoe_gui.engine.search import SearchCancelled

                raise SearchCancelled from None
        return self._estimate(gravity_state, started, budget, cancel)

    def _exact(
        self,
        state: GravityState,
        started: float,
        *,
        deadline: float | None = None,
        node_limit: int | None = None,
        cancel: threading.Event | None = None,
    ) -> GameAnalysis:
        board = self.gravity
        solver = _solver(self.rows, self.cols, self.k)
        before = solver.nodes
        position = _position(state)
        scores: dict[int, int] = {}
        for col in board.centre_order:
            if board.landing_bit(position.mask, col):
                limit = None if node_limit is None else before + node_limit
                scores[col] = solver.move_score(
                    position, col, deadline=deadline, node_limit=limit, cancel=cancel
                )
        mover = state.to_move
        assert mover is not None
        values = []
        for col, score in sorted(scores.items(), key=lambda item: -item[1]):
            plies = board.plies_to_end(score, position.discs)
            cell = self._cell(state, col)
            outcome = 1 if score > 0 else -1 if score < 0 else 0
            words = {1: "win", 0: "draw", -1: "loss"}[outcome]
            if outcome:
                words += f" in {plies}"
            values.append(
                MoveValue(cell, self.format_move(cell), Certainty.PROVEN, score, outcome, words)
            )
        best_score = values[0].score
        best_moves = tuple(sorted(v.move for v in values if v.score == best_score))
        winner = None if best_score == 0 else mover if best_score > 0 else 1 - mover
        result = game_result(winner)
        plies = board.plies_to_end(best_score, position.discs)
        line = self._line(state, best_moves, best_score, deadline=deadline)
        unit = "ply" if plies == 1 else "plies"
        prediction = (
            f"draw ({plies} {unit} to a full board)"
            if winner is None
            else f"{self.seats[winner]} wins in {plies} {unit}"
        )
        return GameAnalysis(
            Certainty.PROVEN,
            tuple(values),
            best_moves,
            result,
            prediction,
            line,
            solver.nodes - before,
            time.monotonic() - started,
            source=_Exact(best_score, plies),
        )

    def _line(
        self,
        state: GravityState,
        best_moves: tuple[int, ...],
        best_score: int,
        *,
        deadline: float | None,
    ) -> tuple[int, ...]:
        """Best play from ``state``, whose mover's score ``best_score`` the ``best_moves``
        keep: the first best move, then the best reply each time, as far as the time allows.
        Each reply's score is the negation of the one before, so each step searches only
        whether a column keeps it."""
        board = self.gravity
        solver = _solver(self.rows, self.cols, self.k)
        line = [min(best_moves, key=lambda m: board.centre_order.index(m % self.cols))]
        current = state.play(line[0])
        target = best_score
        try:
            while current.to_move is not None:
                position = _position(current)
                target = -target
                for col in board.centre_order:
                    if board.landing_bit(position.mask, col) and (
                        solver.keeps(position, col, target, deadline=deadline)
                    ):
                        break
                cell = self._cell(current, col)
                line.append(cell)
                current = current.play(cell)
        except OutOfBudgetError:
            pass
        return tuple(line)

    def _estimate(
        self,
        state: GravityState,
        started: float,
        budget: float,
        cancel: threading.Event | None,
    ) -> GameAnalysis:
        board = self.gravity
        position = _position(state)
        values, depth, nodes = deepest_estimate(
            board, position, deadline=started + budget, cancel=cancel
        )
        moves = []
        for col, value in sorted(
            values.items(), key=lambda item: (-item[1], board.centre_order.index(item[0]))
        ):
            cell = self._cell(state, col)
            if value >= WIN_ESTIMATE - depth:
                words = "wins (estimate)"
            elif value <= -(WIN_ESTIMATE - depth):
                words = "loses (estimate)"
            else:
                words = f"{value:+d} (estimate)"
            moves.append(
                MoveValue(cell, self.format_move(cell), Certainty.ESTIMATED, value, None, words)
            )
        best = moves[0].score
        best_moves = tuple(sorted(m.move for m in moves if m.score == best))
        mover = state.to_move
        assert mover is not None
        leaning = (
            "roughly equal"
            if abs(best) < _CLEAR_EDGE
            else f"{self.seats[mover if best > 0 else 1 - mover]} is better"
        )
        return GameAnalysis(
            Certainty.ESTIMATED,
            tuple(moves),
            best_moves,
            None,
            f"{leaning} (estimate, {depth} {'ply' if depth == 1 else 'plies'} deep)",
            (moves[0].move,),
            nodes,
            time.monotonic() - started,
            source=None,
        )

    def chance_of(self, state: GameState, value: MoveValue) -> float:
        """As :meth:`GameSpec.chance_of`: the estimate's window one disc short of a line is
        worth ``4 ** (k - 2)``, and one and a half of them ahead reads as about 73 %."""
        return score_chance(value, 0, 1.5 * 4 ** (self.k - 2))

    def analysis_json(self, state: GameState, analysis: GameAnalysis) -> dict[str, object]:
        """The interface's fields, with the exact outcome as every game gives it: ``outcome``
        (``X``, ``O`` or ``draw``) and ``plies_to_end``, and each candidate's landing cell
        (``row`` 0 the top, ``col`` 0 the left), ``outcome`` for the side to move and
        ``plies_to_end`` counting the move itself."""
        payload = GameSpec.analysis_json(self, state, analysis)
        exact = analysis.certainty is Certainty.PROVEN and analysis.result is not None
        source = analysis.source
        payload["outcome"] = (
            None
            if not exact or analysis.result is None
            else "draw"
            if analysis.result.winner is None
            else self.seats[analysis.result.winner]
        )
        payload["plies_to_end"] = (
            source.plies if exact and isinstance(source, _Exact) else 0 if exact else None
        )
        board = self.gravity
        discs = (cast(GravityState, state).x | cast(GravityState, state).o).bit_count()
        candidates = cast(list[dict[str, object]], payload["candidates"])
        for value, candidate in zip(analysis.moves, candidates, strict=True):
            candidate["row"], candidate["col"] = divmod(value.move, self.cols)
            if value.certainty is Certainty.PROVEN:
                candidate["outcome"] = {1: "win", 0: "draw", -1: "loss"}[value.value or 0]
                candidate["plies_to_end"] = board.plies_to_end(value.score, discs)
            else:
                candidate["outcome"] = None
                candidate["plies_to_end"] = None
        return payload

    def solve(self, state: GameState, *, node_limit: int | None = None) -> GameAnalysis:
        gravity_state = self._state(state)
        if gravity_state.to_move is None:
            return self.analyse(gravity_state)
        try:
            return self._exact(gravity_state, time.monotonic(), node_limit=node_limit)
        except OutOfBudgetError:
            raise GameError(f"{self.id}: not solved within {node_limit} nodes") from None

    def prove(
        self,
        state: GameState,
        *,
        limit: Limit,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> GameSolution:
        """As :meth:`GameSpec.prove`, within ``limit``'s time and nodes."""
        gravity_state = self._state(state)
        started = time.monotonic()
        result = gravity_state.result
        if result is not None:
            return GameSolution(result, 0, (), True, 0, 0.0)
        board = self.gravity
        solver = _solver(self.rows, self.cols, self.k)
        before = solver.nodes
        position = _position(gravity_state)
        deadline = None if limit.time is None else started + limit.time
        node_limit = None if limit.nodes is None else before + limit.nodes
        columns = [c for c in board.centre_order if board.landing_bit(position.mask, c)]
        try:
            # The position's score first (one search), then the first column that keeps it.
            best = solver.score(position, deadline=deadline, node_limit=node_limit)
            for done, col in enumerate(columns, start=1):
                kept = solver.keeps(position, col, best, deadline=deadline, node_limit=node_limit)
                if on_progress is not None:
                    on_progress(done, len(columns))
                if kept:
                    break
        except OutOfBudgetError:
            raise OutOfTimeError(f"{self.id}: not solved within {limit_text(limit)}") from None
        best_moves = (self._cell(gravity_state, col),)
        mover = gravity_state.to_move
        assert mover is not None
        winner = None if best == 0 else mover if best > 0 else 1 - mover
        line = self._line(gravity_state, best_moves, best, deadline=deadline)
        end = gravity_state.play_all(line)
        return GameSolution(
            game_result(winner),
            board.plies_to_end(best, position.discs),
            line,
            end.result is not None,
            solver.nodes - before,
            time.monotonic() - started,
        )

    def _state(self, state: GameState) -> GravityState:
        if not isinstance(state, GravityState) or state.spec != self:
            raise GameError(f"{state.position_text()} is not a position of {self.id}")
        return state


@dataclass(frozen=True, slots=True)
class _Exact:
    """What an exact analysis keeps beside the interface's values."""

    score: int
    plies: int


_PLAYERS: Final = (
    PlayerInfo("kitty", "Kitty", "easy", "Drops at random, but takes a win in one."),
    PlayerInfo(
        "cop",
        "Cop",
        "medium",
        f"Wins, blocks, starts in the centre, and looks {COP_DEPTH} plies ahead on the "
        "board's open lines.",
    ),
    PlayerInfo(
        "sera",
        "Sera",
        "hard",
        "Plays the exact solver's best move where it finishes in time, else a deep estimate.",
    ),
)


def _position(state: GravityState) -> Position:
    mover_discs, other = (state.x, state.o) if state.to_move != 1 else (state.o, state.x)
    return state.spec.gravity.position(mover_discs, other)


@functools.cache
def _gravity_board(rows: int, cols: int, k: int) -> GravityBoard:
    return GravityBoard(rows, cols, k)


@functools.cache
def _solver(rows: int, cols: int, k: int) -> ExactSolver:
    """One solver per board size, whose table the analyses share: the compiled one (with
    Connect Four's opening book) where it fits, else the pure-Python one."""
    return solver_for(_gravity_board(rows, cols, k))


_K_WORDS: Final = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@functools.cache
def gravity_spec(rows: int, cols: int, k: int) -> GravitySpec:
    """The gravity game on ``rows`` × ``cols`` with ``k`` in a row (``connect4`` for 6, 7, 4)."""
    if not (
        MIN_GRAVITY_SIDE <= rows <= MAX_GRAVITY_SIDE
        and MIN_GRAVITY_SIDE <= cols <= MAX_GRAVITY_SIDE
    ):
        raise UnknownGameError(
            f"a gravity board has {MIN_GRAVITY_SIDE} to {MAX_GRAVITY_SIDE} rows and columns, "
            f"got {rows}×{cols}"
        )
    if not MIN_GRAVITY_K <= k <= max(rows, cols):
        raise UnknownGameError(
            f"k (how many in a row win) runs from {MIN_GRAVITY_K} to the longer side "
            f"({max(rows, cols)}) on a {rows}×{cols} board, got {k}"
        )
    classic = (rows, cols, k) == (6, 7, 4)
    game_id = "connect4" if classic else f"{rows}x{cols}k{k}g"
    name = "Connect Four" if classic else f"{rows}×{cols}, {k} in a row, with gravity"
    size_text = f"{rows}×{cols}, {_K_WORDS.get(k, str(k))} in a row, gravity"
    cells = rows * cols
    if cells <= EXACT_GRAVITY_CELLS:
        solving, solving_text = Solving.EXACT, "solved exactly at once"
    else:
        solving, solving_text = (
            Solving.PROVEN_IN_TIME,
            "every column exact where the solver finishes in time, a labelled estimate otherwise",
        )
    return GravitySpec(
        id=game_id,
        name=name,
        rows=rows,
        cols=cols,
        size_text=size_text,
        seats=("X", "O"),
        move_space=cells,
        solving=solving,
        solving_text=solving_text,
        value_kind=ValueKind.OUTCOME,
        variant=Variant(game_id, name, rows, cols, k, Family.GRAVITY),
        k=k,
    )


def find(text: str) -> GravitySpec | None:
    """The spec ``text`` names, if it is a gravity id (``connect4``, ``6x7k4g``)."""
    key = text.strip().lower()
    if key in ("connect4", "connect-four", "connectfour"):
        return gravity_spec(6, 7, 4)
    match = _GRAVITY_ID.fullmatch(key.replace(" ", ""))
    if match is None:
        if _GRAVITY_GRAMMAR.fullmatch(text):
            raise UnknownGameError(f"{quote(text)} is not a gravity board; write such as 6x7k4g")
        return None
    rows, cols, k = (int(group) for group in match.groups())
    return gravity_spec(rows, cols, k)


GAME: Final = Game(
    key=GravitySpec.game_key,
    name="Connect Four",
    grammar="MxNkKg",
    grammar_text="discs fall; such as 6x7k4g",
    listed=(gravity_spec(6, 7, 4),),
    smallest=(gravity_spec(4, 4, 3),),
    find=find,
)
