"""Practice your mistakes: the positions of a reviewed game where a side erred, as exercises.

Each exercise is the position before a move the review graded an inaccuracy,
a mistake or a blunder; a move tried there is judged with the game's own
verdicts against the same analysis (:meth:`GameSpec.judge`), and it is a better
move when the review would have called it best or good. A move the analysis did
not score (a big board's estimate scores the moves near the stones) needs the
analysis of the position after it, as the game's coach does: :func:`try_move`
then says so, and the caller asks the engine and tries again with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tictactoe_gui.engine.game_interface import Certainty, GameAnalysis, GameState
from tictactoe_gui.engine.review import GameReview, Grade, Settled, grade_of


@dataclass(frozen=True, slots=True)
class Exercise:
    """A position where a side erred: find a better move than the one played."""

    #: The erring move's number in the game (1 the first move).
    ply: int
    #: The position before it, and its analysis.
    state: GameState
    analysis: GameAnalysis = field(repr=False)
    played: int
    grade: Grade
    #: The better move the review gave, and the line it starts.
    better: int | None
    line: tuple[int, ...]
    line_proven: bool
    #: The position's proven result, where the game proved it.
    known_before: Settled | None = None

    @property
    def seat(self) -> int:
        seat = self.state.to_move
        assert seat is not None
        return seat

    def prompt(self) -> str:
        """``"Move 7: X played c3 (?? blunder). Find a better move for X."``"""
        spec = self.state.spec
        mover = spec.seats[self.seat]
        played = spec.format_move(self.played)
        symbol = f"{self.grade.symbol} " if self.grade.symbol else ""
        return (
            f"Move {self.ply}: {mover} played {played} ({symbol}{self.grade.value}). "
            f"Find a better {spec.move_word} for {mover}."
        )

    def answer(self) -> str:
        """``"b3, then c3 c2 (proven)"``: the better move and its line."""
        spec = self.state.spec
        if self.better is None:
            return "no better move is known"
        rest = " ".join(spec.format_move(move) for move in self.line[1:])
        how = "proven" if self.line_proven else "by the estimate"
        then = f", then {rest}" if rest else ""
        return f"{spec.format_move(self.better)}{then} ({how})"


@dataclass(frozen=True, slots=True)
class Attempt:
    """A move tried in an exercise, and what the game's verdicts make of it."""

    move: int
    grade: Grade | None
    by_estimate: bool

    @property
    def better(self) -> bool:
        """Whether the move is a better one: best or good, by the game's verdicts."""
        return self.grade in (Grade.BEST, Grade.GOOD)

    def words(self, exercise: Exercise) -> str:
        """``"Yes: b3 is the best move."``, ``"No: a3 is a blunder too."`` (as the move played
        was), ``"No: a3 is an inaccuracy."``"""
        spec = exercise.state.spec
        move = spec.format_move(self.move)
        how = " by the estimate" if self.by_estimate else ""
        if self.grade is None:
            return f"{move} cannot be judged: nothing is known about it."
        if self.move == exercise.played:
            return f"No: {move} is the move played, {self.grade.value}{how}."
        if self.better:
            kind = "the best move" if self.grade is Grade.BEST else "a good move"
            return f"Yes: {move} is {kind}{how}."
        article = "an" if self.grade is Grade.INACCURACY else "a"
        too = " too" if self.grade is exercise.grade else ""  # as bad as the move played
        return f"No: {move} is {article} {self.grade.value}{how}{too}."


def exercises(review: GameReview, seat: int | None = None) -> tuple[Exercise, ...]:
    """The exercises of a reviewed game, in the game's order (``seat``: one side's only)."""
    found = []
    for move in review.mistakes:
        if seat is not None and move.seat != seat:
            continue
        analysis = review.analyses[move.ply - 1] if review.analyses else None
        if analysis is None or move.grade is None:
            continue
        found.append(
            Exercise(
                move.ply,
                review.states[move.ply - 1],
                analysis,
                move.move,
                move.grade,
                move.better,
                move.line,
                move.line_proven,
                review.readings[move.ply - 1].settled,
            )
        )
    return tuple(found)


def try_move(exercise: Exercise, move: int, after: GameAnalysis | None = None) -> Attempt | None:
    """The verdict on ``move`` in the exercise's position (:class:`~.games.MoveError` if the
    rules refuse it); None when the analysis did not score it and ``after`` (the analysis
    of the position after it) is needed to judge it."""
    state = exercise.state
    following = state.play(move)  # refuses an illegal move with its reason
    spec = state.spec
    known_after = None
    result = following.result
    if result is not None:
        known_after = Settled(result.winner)
    elif after is not None and after.certainty is Certainty.PROVEN and after.result is not None:
        known_after = Settled(after.result.winner)
    judgement = spec.judge(
        state,
        exercise.analysis,
        move,
        after,
        known_before=exercise.known_before,
        known_after=known_after,
    )
    if judgement is None:
        return None
    played = next((value for value in exercise.analysis.moves if value.move == move), None)
    grade = grade_of(spec, judgement, played, exercise.analysis)
    return Attempt(move, grade, judgement.by_estimate)


@dataclass(frozen=True, slots=True)
class PracticeSummary:
    """How a practice went: per exercise, solved or not and at which try."""

    #: For each exercise: the number of tries it took (None: not solved).
    tries: tuple[int | None, ...]

    @property
    def solved(self) -> int:
        return sum(tried is not None for tried in self.tries)

    @property
    def first_try(self) -> int:
        return sum(tried == 1 for tried in self.tries)

    def words(self) -> str:
        """``"You found a better move in 3 of 5 positions, 2 at the first try."``"""
        total = len(self.tries)
        noun = "position" if total == 1 else "positions"
        return (
            f"You found a better move in {self.solved} of {total} {noun}, "
            f"{self.first_try} at the first try."
        )
