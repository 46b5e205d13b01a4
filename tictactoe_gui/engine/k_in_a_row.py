"""k in a row on any board from 3×3 to 20×20, registered as a game (:mod:`.games`).

An adapter: the rules are :class:`~tictactoe_gui.engine.board.Board`'s, the
analysis :func:`~tictactoe_gui.engine.analysis.analyse`'s, the players the
three personas. A move is the cell's index, ``row * cols + col`` with row 0 at
the top, as the board numbers its bits; it is written ``b2``
(:mod:`~tictactoe_gui.engine.notation`). The ids are the built-in ones
(``tictactoe``, ``four``, ``gomoku``, ``4x4k3`` ...) and any ``MxNkK``.
"""

from __future__ import annotations

import functools
import random
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final

from tictactoe_gui.engine.analysis import (
    EXACT_CELLS,
    EXACT_EMPTIES,
    PROOF_CELLS,
    TRY_EXACT_CELLS,
    Analysis,
    Candidate,
    Judgement,
    MoveOutcome,
    Proven,
    analyse,
    exact_analysis,
    judge,
    principal_variation,
    solvable,
    winning_chance,
    with_proof,
)
from tictactoe_gui.engine.analysis_words import (
    candidates_heading,
    expected_line,
    game_over_line,
    prediction_line,
)
from tictactoe_gui.engine.board import Board, BoardError, IllegalMoveError, Mark, Move
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
from tictactoe_gui.engine.personas import PERSONAS, Decision, Event, get_persona
from tictactoe_gui.engine.search import Algorithm, NodeLimitReached, TranspositionTable
from tictactoe_gui.engine.variants import (
    MAX_SIDE,
    MIN_K,
    MIN_SIDE,
    Family,
    Variant,
    mnk,
    quote,
)

if TYPE_CHECKING:
    from tictactoe_gui.engine.review import Settled

_SEATS: Final = (Mark.X, Mark.O)


def _seat(mark: Mark) -> int:
    return _SEATS.index(mark)


def _result(winner: Mark | None, text: str) -> GameResult:
    return GameResult.of_winner(None if winner is None else _seat(winner), text)


def _solving(variant: Variant) -> tuple[Solving, str]:
    cells = variant.cells
    if cells <= EXACT_CELLS:
        return Solving.EXACT, "every position is solved exactly, at once"
    if cells <= TRY_EXACT_CELLS:
        return Solving.PROVEN_IN_TIME, (
            "solved exactly within a node budget, else estimated and then proven (win, draw "
            f"or loss) by proof-number search when time allows; exact once at most "
            f"{EXACT_EMPTIES} cells are empty"
        )
    if cells <= PROOF_CELLS:
        return Solving.PROVEN_IN_TIME, (
            "estimated, then proven (win, draw or loss) by proof-number search when time "
            f"allows; exact once at most {EXACT_EMPTIES} cells are empty"
        )
    return Solving.ESTIMATED, (
        "estimated by a depth-limited search; a forced win is proven when the threat-space "
        f"search finds one; positions with at most {EXACT_EMPTIES} empty cells are solved exactly"
    )


#: On 3×3, a numeric keypad's digit -> the cell it stands for: 7 8 9 is the top row.
KEYPAD: Final = {str(d): i for d, i in zip((7, 8, 9, 4, 5, 6, 1, 2, 3), range(9), strict=True)}


@dataclass(frozen=True, slots=True)
class KInARowState(LinkedState):
    spec: KInARowSpec
    board: Board
    moves: tuple[int, ...] = ()
    previous: KInARowState | None = field(default=None, compare=False, repr=False)

    @property
    def to_move(self) -> int | None:
        return None if self.board.is_over else _seat(self.board.to_move)

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(self.board.index(move) for move in self.board.legal_moves())

    def play(self, move: int) -> KInARowState:
        self.spec.check_move(move)
        try:
            board = self.board.play(self.board.move_at(move))
        except IllegalMoveError as error:
            raise MoveError(str(error)) from None
        return KInARowState(self.spec, board, (*self.moves, move), self)

    @property
    def result(self) -> GameResult | None:
        outcome = self.board.outcome
        return None if outcome is None else _result(outcome.winner, str(outcome))

    @property
    def scores(self) -> None:
        return None

    def position_text(self) -> str:
        return self.board.to_text()

    def picture(self) -> str:
        return self.board.pretty()

    def read_move(self, text: str) -> int:
        """A cell (``b2``), or on 3×3 a digit 1-9 in numeric-keypad layout (7 8 9 the top row)."""
        if not self.spec.variant.is_tictactoe:
            return self.spec.parse_move(text)
        answer = text.strip().lower()
        if answer in KEYPAD:
            return KEYPAD[answer]
        try:
            return self.spec.parse_move(answer)
        except MoveError:
            raise MoveError(
                f"{quote(text.strip())} is not a cell: type a cell from a1 (bottom left) "
                "to c3 (top right), or a keypad digit from 1 to 9"
            ) from None

    def marks_board(self) -> Board:
        return self.board


@dataclass(frozen=True, slots=True)
class KInARowSpec(GameSpec):
    k: int = MIN_K

    game_key: ClassVar[str] = "mnk"
    k_in_a_row_board: ClassVar[bool] = True
    has_solver: ClassVar[bool] = True
    psq_files: ClassVar[bool] = True
    gomocup_players: ClassVar[bool] = True
    moves_fill_cells: ClassVar[bool] = True
    rules_page: ClassVar[str] = "k-in-a-row.md"

    def board_paragraph(self) -> str:
        keys = (
            "1 to 9 in keypad layout, or the arrows and Enter"
            if self.variant.is_tictactoe
            else "the arrows (Home, End, Page Up and Page Down jump) and Enter"
        )
        return (
            f"# How to play {self.name}\n\n"
            f"{self.rows} rows by {self.cols} columns. Take turns placing marks; X always "
            f"moves first. {self.k} or more in a row — across, down or diagonally — wins. A "
            "full board with no line is a draw. Click a cell to play it, or use the keys: "
            f"{keys} (see [Playing and the keyboard](playing.md)). Cells are named by column "
            "letter and row number, **a1** being the bottom-left cell.\n"
        )

    def new_game(
        self, seed: int = 0, *, first: int = 0, values: tuple[int, int] | None = None
    ) -> KInARowState:
        if first != 0:
            raise GameError("X always moves first in k in a row; to move second, play O")
        if values is not None:
            raise GameError("k in a row's board holds no numbers: there are no values to draw")
        return KInARowState(self, Board.empty(self.variant))

    def from_position_text(self, text: str) -> KInARowState:
        try:
            return KInARowState(self, Board.from_text(text, self.variant))
        except BoardError as error:
            raise PositionTextError(str(error)) from None

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
            PlayerInfo(p.key, p.name, p.level.value, p.describe(self.rows, self.cols))
            for p in PERSONAS.values()
        )

    def say(self, player: str, event: Event, rng: random.Random | None = None) -> str:
        try:
            return get_persona(player).say(event, rng)
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
        board, decision = self._decision(state, player, rng, limit, cancel)
        return board.index(decision.move)

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
        """As :meth:`choose_move`, with the persona's nodes and depth, and the analysis of
        the position: the persona's own, or where the position is solved at once
        (:meth:`analysed_at_once`) the exact one. What the exact search learns is kept for
        the next moves and games on the board (in each thread: see :func:`_table_for`).
        A proof the persona's search found is its news (:attr:`MoveChoice.news`)."""
        board, decision = self._decision(state, player, rng, limit, cancel, progress)
        analysis = decision.analysis
        if analysis is None and solvable(board):
            analysis = analyse(board, table=_table_for(), cancel=cancel)
        return MoveChoice(
            board.index(decision.move),
            decision.nodes,
            decision.max_depth,
            None if analysis is None else self._with_lines(analysis),
            decision.thinking if decision.proven else "",
            decision,
        )

    def merge_choice(self, analysis: GameAnalysis, choice: MoveChoice) -> GameAnalysis:
        """A proof the persona found of what ``analysis`` only estimated: the analysis made
        exact along the proof, so that the dock says what the persona knows."""
        decision, source = choice.source, analysis.source
        if (
            not isinstance(decision, Decision)
            or not isinstance(source, Analysis)
            or source.exact
            or not decision.proof_line
            or decision.proof_line[0] != decision.move
        ):
            return analysis
        return game_analysis(with_proof(source, decision.proof_wins, decision.proof_line))

    def _decision(
        self,
        state: GameState,
        player: str,
        rng: random.Random,
        limit: Limit | None,
        cancel: threading.Event | None,
        progress: Progress | None = None,
    ) -> tuple[Board, Decision]:
        board = self._board(state)
        if board.is_over:
            raise GameError(f"no move to choose: the game is over in {board}")
        try:
            persona = get_persona(player)
        except ValueError as error:
            raise GameError(str(error)) from None
        decision = persona.choose_move(
            board, rng, _table_for(), limit=limit, cancel=cancel, progress=progress
        )
        return board, decision

    def analysed_at_once(self, state: GameState) -> bool:
        """Boards of up to 16 cells, and positions with at most 12 cells left."""
        return solvable(self._board(state))

    @property
    def move_prompt(self) -> str:  # type: ignore[override]
        if self.variant.is_tictactoe:
            return "a cell such as {example}, or a keypad digit 1-9"
        return GameSpec.move_prompt

    #: The default first, then by how much each prunes (as :meth:`compare_algorithms`).
    algorithms: ClassVar[tuple[str, ...]] = (
        Algorithm.TABLE.value,
        Algorithm.ALPHABETA.value,
        Algorithm.MINIMAX.value,
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
        """As :meth:`GameSpec.analyse`; ``limit.proof_time`` goes to the proof-number search
        of boards of up to 36 cells (bigger ones prove only short forced wins). What the
        search learns is kept for the next positions (in each thread: see
        :func:`_table_for`), and on a board solved whole each move's line is read."""
        board = self._board(state)
        self.check_algorithm(algorithm)
        analysis = analyse(
            board,
            Algorithm(algorithm or Algorithm.TABLE.value),
            table=_table_for(),
            limit=limit
            if limit is None or board.cells <= PROOF_CELLS
            else replace(limit, proof_time=None),
            cancel=cancel,
            progress=progress,
        )
        return self._with_lines(analysis)

    @staticmethod
    def _with_lines(analysis: Analysis) -> GameAnalysis:
        """``analysis`` with each move's expected line, where every move is proven on a board
        the exact search settles whole (its table then holds every line). A proof that settles
        a bigger board gives its own line; reading one after every move there took seconds."""
        converted = game_analysis(analysis)
        board = analysis.board
        if not (analysis.exact and all(c.exact for c in analysis.candidates) and solvable(board)):
            return converted
        table = _table_for()
        moves = tuple(
            replace(
                value,
                line=tuple(
                    board.index(move)
                    for move in principal_variation(board.play(board.move_at(value.move)), table)
                ),
            )
            for value in converted.moves
        )
        return replace(converted, moves=moves)

    reports_depth: ClassVar[bool] = True

    def algorithm_name(self, algorithm: str) -> str:
        self.check_algorithm(algorithm)
        return Algorithm(algorithm).label

    def compares(self, state: GameState) -> bool:
        """Boards the exact search settles whole (see :meth:`analysed_at_once`)."""
        return solvable(self._board(state))

    def compare_algorithms(
        self,
        state: GameState,
        *,
        cancel: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> tuple[tuple[str, GameAnalysis], ...]:
        """The table search, alpha-beta and plain minimax, each from a cold start (a fresh
        table for the first), on a board the exact search settles whole."""
        board = self._board(state)
        if not solvable(board):
            return ()
        cold = analyse(board, Algorithm.TABLE, table=TranspositionTable(), cancel=cancel)
        searches = [(Algorithm.TABLE, cold)]
        for algorithm in (Algorithm.ALPHABETA, Algorithm.MINIMAX):
            searches.append(
                (algorithm, analyse(board, algorithm, cancel=cancel, progress=progress))
            )
        return tuple((algorithm.value, game_analysis(found)) for algorithm, found in searches)

    def analysis_json(self, state: GameState, analysis: GameAnalysis) -> dict[str, object]:
        source = analysis.source
        assert isinstance(source, Analysis)
        return analysis_json(source)

    def analysis_text(self, state: GameState, analysis: GameAnalysis) -> str:
        source = analysis.source
        assert isinstance(source, Analysis)
        return analysis_text(source)

    def solve(self, state: GameState, *, node_limit: int | None = None) -> GameAnalysis:
        board = self._board(state)
        try:
            return game_analysis(exact_analysis(board, node_limit=node_limit))
        except NodeLimitReached:
            raise GameError(f"{board} is not solved within {node_limit} nodes") from None

    def prove(
        self,
        state: GameState,
        *,
        limit: Limit,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> GameSolution:
        """The exact value by the k-in-a-row solver (:func:`~.mnk.solve.solve`): alpha-beta
        near the end, proof-number search before; the line as far as the time allows."""
        from tictactoe_gui.engine.mnk.limits import SearchStopped
        from tictactoe_gui.engine.mnk.search import Outcome
        from tictactoe_gui.engine.mnk.solve import solve

        board = self._board(state)
        try:
            solution = solve(
                self.rows,
                self.cols,
                self.k,
                board.x,
                board.o,
                limit=limit,
                on_move=on_progress,
            )
        except SearchStopped:
            raise OutOfTimeError(f"{self.id}: not solved within {limit_text(limit)}") from None
        if board.is_over:
            result = self._result_of(board)
        elif solution.outcome is Outcome.DRAW:
            result = _result(None, "draw")
        else:
            mover = board.to_move
            winner = mover if solution.outcome is Outcome.WIN else mover.other
            result = _result(winner, f"{winner} wins")
        return GameSolution(
            result,
            solution.plies,
            tuple(row * self.cols + col for row, col in solution.line),
            solution.line_complete,
            solution.nodes,
            solution.elapsed,
        )

    @staticmethod
    def _result_of(board: Board) -> GameResult:
        outcome = board.outcome
        assert outcome is not None
        return _result(outcome.winner, str(outcome))

    evaluation_units: ClassVar[str] = (
        "Units: a line of k cells one mark short of k in a row, which the other side must "
        "block, counts 100 on four in a row and 1000 on gomoku; each mark fewer counts about "
        "an eighth."
    )

    def chance_of(self, state: GameState, value: MoveValue) -> float:
        """As :meth:`GameSpec.chance_of`, an estimate read as the coach reads it
        (:func:`~.analysis.winning_chance`: one threat ahead is 66 %)."""
        if value.value is not None:
            return GameSpec.chance_of(self, state, value)
        return winning_chance(value.score, self.k)

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
        """The coach's own verdict (:func:`~.analysis.judge`), so a review of a game says
        what was said while it was played."""
        source = before.source
        if not isinstance(source, Analysis):
            return GameSpec.judge(
                self, state, before, move, after, known_before=known_before, known_after=known_after
            )
        following = None if after is None else after.source
        return judge(
            source,
            Move(*divmod(move, self.cols)),
            following if isinstance(following, Analysis) else None,
            known_before=_proven(known_before),
            known_after=_proven(known_after),
        )

    def _board(self, state: GameState) -> Board:
        if not isinstance(state, KInARowState) or state.spec != self:
            raise GameError(f"{state.position_text()} is not a position of {self.id}")
        return state.board


def game_analysis(analysis: Analysis) -> GameAnalysis:
    """k in a row's own analysis as the game interface gives it (what
    :meth:`KInARowSpec.analyse` returns): each candidate's cell index, its score and
    proven outcome where known, the result where proven, the expected line; the analysis
    itself kept as its ``source``. A session or window holding an engine ``Analysis`` (the
    k-in-a-row window's engine thread makes them) hands it on with this."""
    board = analysis.board
    moves = tuple(
        MoveValue(
            board.index(c.move),
            board.cell_name(c.move),
            Certainty.ESTIMATED if c.outcome is None else Certainty.PROVEN,
            c.score,
            None if c.outcome is None else _OUTCOME_VALUES[c.outcome],
            c.describe,
        )
        for c in analysis.candidates
    )
    prediction = analysis.prediction
    proven = prediction.exact
    return GameAnalysis(
        Certainty.PROVEN if proven else Certainty.ESTIMATED,
        moves,
        tuple(board.index(move) for move in analysis.best_moves),
        _result(prediction.winner, str(prediction)) if proven else None,
        str(prediction),
        tuple(board.index(move) for move in analysis.principal_variation),
        analysis.nodes,
        analysis.elapsed,
        analysis,
        analysis.depth,
        analysis.max_depth,
        analysis.unsettled_since,
    )


def _proven(settled: Settled | None) -> Proven | None:
    if settled is None:
        return None
    return Proven(None if settled.winner is None else (Mark.X, Mark.O)[settled.winner])


_OUTCOME_VALUES: Final = {MoveOutcome.WIN: 1, MoveOutcome.DRAW: 0, MoveOutcome.LOSS: -1}


# -- how an analysis reads (``analyse``) -----------------------------------------------------


def _cell(move: Move) -> list[int]:
    return [move.row, move.col]


def proven_score(outcome: MoveOutcome, plies_to_end: int, cells: int) -> int:
    """The score of a proven result: a win in p plies scores cells + 2 - p (11 - p on 3x3),
    a loss the negative of that, a draw 0."""
    if outcome is MoveOutcome.DRAW:
        return 0
    value = cells + 2 - plies_to_end
    return value if outcome is MoveOutcome.WIN else -value


def _candidate_json(candidate: Candidate, cells: int) -> dict[str, Any]:
    payload: dict[str, Any] = {"row": candidate.move.row, "col": candidate.move.col}
    if candidate.outcome is not None and candidate.plies_to_end is not None:
        payload["score"] = proven_score(candidate.outcome, candidate.plies_to_end, cells)
        payload["outcome"] = candidate.outcome.value
        payload["plies_to_end"] = candidate.plies_to_end
    elif candidate.outcome is not None:
        # Proven, but not how soon: no score, which counts the plies.
        payload |= {"score": None, "outcome": candidate.outcome.value, "plies_to_end": None}
    else:
        payload |= {"score": None, "outcome": None, "plies_to_end": None}
        payload["evaluation"] = candidate.score
    return payload


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The JSON form: today's fields for a solved position plus ``"exact": true``; for one that
    was not solved, ``"exact": false`` with the evaluation and depth, and nothing claimed."""
    board = analysis.board
    finished = board.is_over
    payload: dict[str, Any] = {
        "board": board.to_text(),
        "to_move": None if finished else analysis.to_move.value,
        "exact": analysis.exact,
        "outcome": analysis.prediction.code if analysis.exact else None,
        "plies_to_end": analysis.prediction.plies_to_end if analysis.exact else None,
    }
    if not analysis.exact:
        payload["evaluation"] = analysis.evaluation
        payload["depth"] = analysis.depth
        # The best evaluation after each completed depth, depth 1 first: where the last two
        # read differently, a deeper search may change the estimate again.
        payload["depth_evaluations"] = list(analysis.depth_scores)
    payload |= {
        "best_moves": [_cell(m) for m in analysis.best_moves],
        "candidates": [_candidate_json(c, board.cells) for c in analysis.candidates],
        "principal_variation": [_cell(m) for m in analysis.principal_variation],
        "nodes": analysis.nodes,
        "max_depth": analysis.max_depth,
        "algorithm": analysis.algorithm.value,
        "elapsed_ms": round(analysis.elapsed * 1000, 3),
    }
    return payload


def analysis_text(analysis: Analysis) -> str:
    board = analysis.board
    lines = [board.pretty(), ""]
    if board.is_over:
        ended = board.outcome
        assert ended is not None
        lines.append(game_over_line(str(ended)))
        return "\n".join(lines)
    how = f" by a {analysis.depth}-ply search (positive is good for the mover)"
    lines.append(f"{analysis.to_move} to move. {candidates_heading(analysis.exact, how)}")
    width = max(4, *(len(board.cell_name(c.move)) for c in analysis.candidates))
    number = 8 if analysis.exact else 10
    heading = f"{'score':>{number}}  outcome" if analysis.exact else f"{'evaluation':>{number}}"
    lines.append(f"   {'cell':<{width}} {heading}")
    best = set(analysis.best_moves)
    for candidate in analysis.candidates:
        marker = "*" if candidate.move in best else " "
        cell = board.cell_name(candidate.move)
        if candidate.outcome is not None and candidate.plies_to_end is not None:
            score = str(proven_score(candidate.outcome, candidate.plies_to_end, board.cells))
            outcome = candidate.describe
        elif candidate.outcome is not None:
            score, outcome = "", candidate.describe
        else:
            # In an exact analysis, a move the proof did not need keeps its estimate.
            score, outcome = f"{candidate.score:+d}", "estimate" if analysis.exact else ""
        lines.append(f" {marker} {cell:<{width}} {score:>{number}}  {outcome}".rstrip())
    line = " ".join(board.cell_name(m) for m in analysis.principal_variation)
    lines.append("")
    lines.append(prediction_line(analysis.exact, str(analysis.prediction)))
    if not analysis.exact:
        unsettled = analysis.unsettled_since
        if unsettled is not None:
            depth, before = unsettled
            lines.append(
                f"Not settled: at depth {depth} the evaluation was {before:+d}; "
                "a deeper search may change it again."
            )
    lines.append(expected_line(analysis.exact, line))
    lines.append(
        f"Searched {analysis.nodes:,} nodes to depth {analysis.max_depth} "
        f"with {analysis.algorithm.label} in {analysis.elapsed * 1000:.2f} ms."
    )
    return "\n".join(lines)


_TABLES: Final = threading.local()


def _table_for() -> TranspositionTable:
    """The personas' exact search's table, kept in each thread: a series' moves and games
    share what they learned (its entries are facts about positions, which never go stale;
    it starts afresh when a board of another size is searched)."""
    table: TranspositionTable | None = getattr(_TABLES, "table", None)
    if table is None:
        table = _TABLES.table = TranspositionTable()
    return table


@functools.cache
def spec_of(variant: Variant) -> KInARowSpec:
    """The game spec of a k-in-a-row :class:`~tictactoe_gui.engine.variants.Variant`."""
    if variant.family is not Family.MNK:
        raise UnknownGameError(f"{variant.name} is not a k-in-a-row game")
    solving, solving_text = _solving(variant)
    return KInARowSpec(
        id=variant.id,
        name=variant.name,
        rows=variant.rows,
        cols=variant.cols,
        size_text=variant.size_text,
        seats=("X", "O"),
        move_space=variant.cells,
        solving=solving,
        solving_text=solving_text,
        value_kind=ValueKind.OUTCOME,
        variant=variant,
        k=variant.k,
    )


GAME: Final = variant_game(
    key=KInARowSpec.game_key,
    name="k in a row",
    grammar="MxNkK",
    grammar_text=(
        f"M rows by N columns, K in a row; M and N from {MIN_SIDE} to {MAX_SIDE}, K from "
        f"{MIN_K} to the longer side; such as 3x4k3"
    ),
    family=Family.MNK,
    pattern=re.compile(r"\s*\d+\s*x\s*\d+\s*k\s*\d+\s*", re.IGNORECASE),
    spec_of=spec_of,
    smallest=(mnk(3, 3, 3), mnk(3, 4, 3)),
)
