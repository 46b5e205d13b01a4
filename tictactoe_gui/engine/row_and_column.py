"""Row & Column on N×N grids (N from 3 to 10), registered as a game (:mod:`.games`).

An adapter over :mod:`tictactoe_gui.engine.rowcol`: the rules are its
:class:`~tictactoe_gui.engine.rowcol.rules.Position`, the analysis its margins,
the players its four strategies. A move is the cell's index, ``row * N +
col`` with row 0 at the top, written ``b2``. A new game draws its board from
the seed (values -9 to 9). The ids are ``rowcolN`` (``rowcol`` alone is 4×4).

The position text is the board as ``analyse`` reads it (rows by ``/``, cells
by ``,``, ``.`` for a taken cell), followed where they are not the opening's
by the last take, who is to move and the scores so far, each after a ``;``:
``3,-1,4/.,5,-9/2,6,5; last a2; B to move; A 0, B -1``.
"""

from __future__ import annotations

import functools
import random
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from tictactoe_gui.engine.analysis import Judgement
from tictactoe_gui.engine.analysis_words import (
    candidates_heading,
    expected_line,
    game_over_line,
    prediction_line,
)
from tictactoe_gui.engine.game_interface import (
    Certainty,
    GameAnalysis,
    GameError,
    GameResult,
    GameSolution,
    GameSpec,
    GameState,
    LinkedState,
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
    variant_game,
)
from tictactoe_gui.engine.limits import Limit
from tictactoe_gui.engine.notation import NotationError, cell_name, parse_cell
from tictactoe_gui.engine.personas import Event
from tictactoe_gui.engine.rowcol import (
    DEFAULT_HIGH,
    DEFAULT_LOW,
    EXACT_CELLS,
    STRATEGIES,
    IllegalTakeError,
    Player,
    Position,
    RowColAnalysis,
    RowColError,
    RowColGame,
    SolveTable,
    analyse,
    get_strategy,
    judge_take,
    parse_board,
)
from tictactoe_gui.engine.rowcol.rules import check_value_range
from tictactoe_gui.engine.search import SearchCancelled
from tictactoe_gui.engine.variants import (
    ROWCOL_MAX,
    ROWCOL_MIN,
    Family,
    Variant,
    quote,
    rowcol,
)

if TYPE_CHECKING:
    from tictactoe_gui.engine.review import Settled

_SEATS: Final = (Player.A, Player.B)
#: Grids this small (4×4) are solved in a moment; 5×5's opening takes seconds.
_AT_ONCE_CELLS: Final = 16
_LAST: Final = re.compile(r"last\s+(\S+)", re.IGNORECASE)
_TO_MOVE: Final = re.compile(r"([AB])\s+to\s+move", re.IGNORECASE)
_SCORES: Final = re.compile(r"A\s+([+-]?\d{1,6})\s*,\s*B\s+([+-]?\d{1,6})", re.IGNORECASE)


def _result(score_a: int, score_b: int, text: str) -> GameResult:
    winner = None if score_a == score_b else 0 if score_a > score_b else 1
    return GameResult(winner, (score_a - score_b, score_b - score_a), text)


def _final_text(score_a: int, score_b: int) -> str:
    if score_a == score_b:
        return f"a tie at {score_a} each"
    high, low = max(score_a, score_b), min(score_a, score_b)
    # As the window's banner and status bar, the records and the history put it.
    return f"{'A' if score_a > score_b else 'B'} wins, {high} to {low}"


@dataclass(frozen=True, slots=True)
class RowColState(LinkedState):
    spec: RowColSpec
    position: Position
    moves: tuple[int, ...] = ()
    previous: RowColState | None = field(default=None, compare=False, repr=False)

    @property
    def to_move(self) -> int | None:
        return None if self.position.is_over else _SEATS.index(self.position.to_move)

    def legal_moves(self) -> tuple[int, ...]:
        return self.position.allowed_cells()

    def play(self, move: int) -> RowColState:
        self.spec.check_move(move)
        try:
            position = self.position.play(move)
        except IllegalTakeError as error:
            raise MoveError(str(error)) from None
        return RowColState(self.spec, position, (*self.moves, move), self)

    @property
    def result(self) -> GameResult | None:
        position = self.position
        if not position.is_over:
            return None
        return _result(position.score_a, position.score_b, _final_text(*self.scores))

    @property
    def scores(self) -> tuple[int, int]:
        return self.position.score_a, self.position.score_b

    def picture(self) -> str:
        return picture(self.position)

    def start_parts(self) -> tuple[str, int | None, int | None]:
        """The grid alone, the last take and who takes next (the text's ``; last b2`` and
        ``; B to move``); the scores of a start are its own game's, not this one's."""
        position = self.position
        return position.to_text(), position.last, _SEATS.index(position.to_move)

    def position_text(self) -> str:
        position = self.position
        parts = [position.to_text()]
        if position.last is not None:
            parts.append(f"last {position.cell_label(position.last)}")
        if position.to_move is Player.B:
            parts.append("B to move")
        if position.score_a or position.score_b:
            parts.append(f"A {position.score_a}, B {position.score_b}")
        return "; ".join(parts)


def picture(position: Position) -> str:
    """The grid with column letters and row numbers: ``.`` taken, ``( )`` the last take,
    ``[ ]`` the cells allowed now; the scores and who is to take below."""
    size = position.size
    width = max(2, *(len(str(v)) for v in position.values))
    allowed = set(position.allowed_cells()) if position.last is not None else set()
    lines = ["    " + " ".join(f" {chr(97 + col):>{width}} " for col in range(size))]
    for row in range(size):
        cells = []
        for col in range(size):
            cell = row * size + col
            text = "." if position.is_taken(cell) else str(position.values[cell])
            if cell == position.last:
                cells.append(f"({text:>{width}})")
            elif cell in allowed:
                cells.append(f"[{text:>{width}}]")
            else:
                cells.append(f" {text:>{width}} ")
        lines.append(f"{size - row:>3} " + " ".join(cells))
    lines.append(f"A {position.score_a}, B {position.score_b}; {position.to_move} to move.")
    return "\n".join(lines)


def analysis_json(analysis: RowColAnalysis) -> dict[str, Any]:
    position = analysis.position
    payload: dict[str, Any] = {
        "game": position.variant.id,
        "board": position.to_text(),
        "last": None if position.last is None else list(position.row_col(position.last)),
        "to_move": None if position.is_over else position.to_move.value,
        "to_move_margin": analysis.to_move_margin,
        "best_moves": [list(position.row_col(c)) for c in analysis.best_cells],
        "candidates": [
            {"row": c.row, "col": c.col, "value": c.value, "margin": c.margin}
            for c in analysis.candidates
        ],
        "principal_variation": [list(position.row_col(c)) for c in analysis.principal_variation],
        "predicted_scores": {"A": analysis.predicted_a, "B": analysis.predicted_b},
        "exact": analysis.exact,
    }
    if not analysis.exact:
        payload["depth"] = analysis.depth
    payload["nodes"] = analysis.nodes
    payload["elapsed_ms"] = round(analysis.elapsed * 1000, 3)
    return payload


def analysis_text(analysis: RowColAnalysis) -> str:
    position = analysis.position
    lines = [picture(position), ""]
    if position.is_over:
        lines.append(game_over_line(_final_text(position.score_a, position.score_b)))
        return "\n".join(lines)
    how = f" by looking {analysis.depth} takes ahead"
    lines.append(f"{position.to_move} to move. {candidates_heading(analysis.exact, how)}")
    lines.append("   cell  (row, col)  value  margin")
    best = set(analysis.best_cells)
    for candidate in analysis.candidates:
        marker = "*" if candidate.cell in best else " "
        name = position.cell_label(candidate.cell)
        lines.append(
            f" {marker} {name:<5} ({candidate.row}, {candidate.col}){'':<4}"
            f"{candidate.value:>5} {candidate.margin:>+7d}"
        )
    line = " ".join(position.cell_label(c) for c in analysis.principal_variation)
    lines.append("")
    words = (
        _final_text(analysis.predicted_a, analysis.predicted_b)
        if analysis.exact
        else analysis.prediction_text()
    )
    lines.append(prediction_line(analysis.exact, words))
    lines.append(expected_line(analysis.exact, line))
    lines.append(f"Searched {analysis.nodes:,} nodes in {analysis.elapsed * 1000:.2f} ms.")
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class RowColSpec(GameSpec):
    game_key: ClassVar[str] = "rowcol"
    own_new_game_options: ClassVar[bool] = True
    move_word: ClassVar[str] = "take"
    move_verb: ClassVar[str] = "take"
    draw_word: ClassVar[str] = "tie"
    chooses_first: ClassVar[bool] = True
    draws_values: ClassVar[bool] = True
    default_values: ClassVar[tuple[int, int] | None] = (DEFAULT_LOW, DEFAULT_HIGH)
    has_solver: ClassVar[bool] = True
    can_resign: ClassVar[bool] = False
    moves_fill_cells: ClassVar[bool] = True
    rules_page: ClassVar[str] = "row-and-column.md"

    def new_game(
        self, seed: int = 0, *, first: int = 0, values: tuple[int, int] | None = None
    ) -> RowColState:
        low, high = values if values is not None else (DEFAULT_LOW, DEFAULT_HIGH)
        try:
            check_value_range(low, high)
            position = Position.from_seed(self.rows, seed, low=low, high=high, first=_SEATS[first])
        except RowColError as error:
            raise GameError(str(error)) from None
        return RowColState(self, position)

    def from_position_text(self, text: str) -> RowColState:
        return self.position(text)

    def position(
        self, text: str, *, last: int | None = None, to_move: int | None = None
    ) -> RowColState:
        """The position ``text`` describes; ``last`` and ``to_move``, when given, stand for
        the text's ``last b2`` and ``B to move``."""
        grid, *fields = text.split(";")
        score_a = score_b = 0
        mover = Player.A if to_move is None else _SEATS[to_move]
        try:
            size, values, taken = parse_board(grid, self.rows)
            for part in (part.strip() for part in fields):
                if match := _LAST.fullmatch(part):
                    row, col = parse_cell(match.group(1), size, size)
                    last = row * size + col
                elif match := _TO_MOVE.fullmatch(part):
                    mover = Player(match.group(1).upper())
                elif match := _SCORES.fullmatch(part):
                    score_a, score_b = int(match.group(1)), int(match.group(2))
                else:
                    raise PositionTextError(
                        f"{quote(part)} says nothing a position needs; after the board "
                        "come 'last b2', 'B to move' or 'A 3, B -1', each after a ';'"
                    )
            if taken and last is None:
                raise PositionTextError(
                    "the board has taken cells ('.') but no last take: add '; last' and the "
                    "cell taken last (such as '; last b2'), since the next take must share "
                    "its row or column"
                )
            if last is not None and not 0 <= last < size * size:
                raise PositionTextError(f"the last take {last} is off the {size}×{size} board")
            position = Position(size, values, taken, last, score_a, score_b, mover)
        except (RowColError, NotationError) as error:
            raise PositionTextError(str(error)) from None
        return RowColState(self, position)

    def sized_for(self, text: str) -> RowColSpec:
        """Row & Column on the grid ``text`` is drawn on (for ``rowcol`` named without a size)."""
        try:
            size, _, _ = parse_board(text.split(";")[0])
        except RowColError as error:
            raise PositionTextError(str(error)) from None
        return spec_of(rowcol(size))

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

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return tuple(
            PlayerInfo(p.key, p.name, p.level.value, p.describe(self.rows))
            for p in STRATEGIES.values()
        )

    def say(self, player: str, event: Event, rng: random.Random | None = None) -> str:
        try:
            return get_strategy(player).say(event, rng)
        except ValueError as error:
            raise GameError(str(error)) from None

    def choose_move(
        self,
        state: GameState,
        player: str,
        rng: random.Random,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
    ) -> int:
        """As :meth:`GameSpec.choose_move`: a searching player (Abacus) keeps to ``limit``'s
        time and nodes, playing its estimate where its exact search could not end within
        them (without a time or nodes, its depth-limited search keeps a node budget of its
        own)."""
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
        """As :meth:`choose_move`, with the nodes the player counted, the takes its estimate
        looked ahead (0 for an exact count), and its analysis of the position where it made one."""
        position = self._position(state)
        if position.is_over:
            raise GameError(f"no take to choose: the game is over in {position}")
        try:
            persona = get_strategy(player)
        except ValueError as error:
            raise GameError(str(error)) from None
        decision = persona.choose_take(position, rng, _table_for(position), cancel, limit)
        analysis = decision.analysis
        return MoveChoice(
            decision.cell,
            decision.nodes,
            0 if analysis is None or analysis.depth is None else analysis.depth,
            None if analysis is None else self._converted(analysis),
        )

    def analyse(
        self,
        state: GameState,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
        algorithm: str | None = None,
        progress: Progress | None = None,
    ) -> GameAnalysis:
        """As :meth:`GameSpec.analyse`: exact with at most 25 cells left, else a search
        within ``limit``'s depth and nodes (a budget of its own where it sets none) and its
        time; where ``limit`` sets a time or nodes, an exact search that cannot end within
        them gives way to the estimate, said so (its ``proof_time`` is not used)."""
        self.check_algorithm(algorithm)
        position = self._position(state)
        return self._converted(analyse(position, limit, table=_table_for(position), cancel=cancel))

    def analysis_json(self, state: GameState, analysis: GameAnalysis) -> dict[str, object]:
        source = analysis.source
        assert isinstance(source, RowColAnalysis)
        return analysis_json(source)

    def analysis_text(self, state: GameState, analysis: GameAnalysis) -> str:
        source = analysis.source
        assert isinstance(source, RowColAnalysis)
        return analysis_text(source)

    def solve(self, state: GameState, *, node_limit: int | None = None) -> GameAnalysis:
        """The exact margins (``node_limit`` is not used: the exact search has no budget)."""
        return self._converted(analyse(self._position(state), exact=True))

    def prove(
        self,
        state: GameState,
        *,
        limit: Limit,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> GameSolution:
        """The exact margins' result and line (Row & Column's exact search, stopped after
        ``limit.time`` seconds; it counts no nodes against a limit)."""
        position = self._position(state)
        cancel = threading.Event()
        timer = None if limit.time is None else threading.Timer(limit.time, cancel.set)
        if timer is not None:
            timer.daemon = True
            timer.start()

        def progress(nodes: int, done: int, total: int) -> None:
            if on_progress is not None:
                on_progress(done, total)

        try:
            analysis = analyse(
                position,
                exact=True,
                table=SolveTable(position.size, position.values),
                cancel=cancel,
                progress=progress,
            )
        except SearchCancelled:
            raise OutOfTimeError(f"{self.id}: not solved within {limit_text(limit)}") from None
        finally:
            if timer is not None:
                timer.cancel()
        a, b = analysis.predicted_a, analysis.predicted_b
        return GameSolution(
            _result(a, b, _final_text(a, b)),
            len(analysis.principal_variation),
            analysis.principal_variation,
            True,
            analysis.nodes,
            analysis.elapsed,
            (a, b),
        )

    #: A take's margin on the chance curve: three points ahead is about 73 %.
    chance_scale: ClassVar[float] = 3.0

    def judge(
        self,
        state: GameState,
        before: GameAnalysis,
        move: int,
        after: GameAnalysis | None = None,
        *,
        known_before: Settled | None = None,
        known_after: Settled | None = None,
    ) -> Judgement | None:
        """The coach's own verdict on a take (:func:`~.rowcol.judge_take`: by the points
        given away and the result), by the estimate where the analysis was one."""
        source = before.source
        if not isinstance(source, RowColAnalysis):
            return None
        verdict = judge_take(source, move)
        if verdict is None:
            return None
        return Judgement(verdict, by_estimate=not source.exact)

    def _position(self, state: GameState) -> Position:
        if not isinstance(state, RowColState) or state.spec != self:
            raise GameError(f"{state.position_text()} is not a position of {self.id}")
        return state.position

    def _converted(self, analysis: RowColAnalysis) -> GameAnalysis:
        position = analysis.position
        proven = analysis.exact
        certainty = Certainty.PROVEN if proven else Certainty.ESTIMATED
        moves = tuple(
            MoveValue(
                c.cell,
                position.cell_label(c.cell),
                certainty,
                c.margin,
                position.margin + c.margin if proven else None,
                f"margin {c.margin:+d}",
            )
            for c in analysis.candidates
        )
        a, b = analysis.predicted_a, analysis.predicted_b
        return GameAnalysis(
            certainty,
            moves,
            analysis.best_cells,
            _result(a, b, _final_text(a, b)) if proven else None,
            analysis.prediction_text(),
            analysis.principal_variation,
            analysis.nodes,
            analysis.elapsed,
            analysis,
        )


_TABLES: Final = threading.local()


def _table_for(position: Position) -> SolveTable:
    """The exact search's table for ``position``'s board, kept in each thread for the board
    it searched last: a game's analyses and its players' takes share what they learned
    (entries are facts about positions of that board, so they never go stale)."""
    table: SolveTable | None = getattr(_TABLES, "table", None)
    if table is None or (table.size, table.values) != (position.size, position.values):
        table = _TABLES.table = SolveTable(position.size, position.values)
    return table


def _solving(size: int) -> tuple[Solving, str]:
    if size * size <= _AT_ONCE_CELLS:
        return Solving.EXACT, "every position is solved exactly, at once"
    if size * size <= EXACT_CELLS:
        return Solving.EXACT, (
            "every position is solved exactly; the first analysis of a board takes seconds"
        )
    return Solving.ESTIMATED, (
        f"estimated by a search within a node budget until {EXACT_CELLS} cells are left, "
        "solved exactly from there"
    )


@functools.cache
def spec_of(variant: Variant) -> RowColSpec:
    """The game spec of a Row & Column :class:`~tictactoe_gui.engine.variants.Variant`."""
    if variant.family is not Family.ROWCOL:
        raise UnknownGameError(f"{variant.name} is not Row & Column")
    solving, solving_text = _solving(variant.rows)
    return RowColSpec(
        id=variant.id,
        name=variant.name,
        rows=variant.rows,
        cols=variant.cols,
        size_text=variant.size_text,
        seats=("A", "B"),
        move_space=variant.cells,
        solving=solving,
        solving_text=solving_text,
        value_kind=ValueKind.MARGIN,
        variant=variant,
    )


def state_of_game(played: RowColGame) -> RowColState:
    """A game played by the Row & Column engine (:func:`~.rowcol.play_game`) as a state of
    the game interface: its start and every take."""
    start = played.start
    state = RowColState(spec_of(start.variant), start)
    return state.play_all(take.cell for take in played.takes)


GAME: Final = variant_game(
    key=RowColSpec.game_key,
    name="Row & Column",
    grammar="rowcolN",
    grammar_text=(
        f"an N×N grid of numbers, N from {ROWCOL_MIN} to {ROWCOL_MAX}; such as rowcol5, "
        "and rowcol alone is 4×4"
    ),
    family=Family.ROWCOL,
    pattern=re.compile(r"\s*rowcol\s*\d*\s*", re.IGNORECASE),
    spec_of=spec_of,
    smallest=(rowcol(ROWCOL_MIN),),
    unsized=("rowcol",),
)
