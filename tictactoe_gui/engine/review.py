"""A game reviewed move by move, for every registered game.

:func:`review_game` analyses each position of a game through the game
interface (:class:`~tictactoe_gui.engine.games.GameSpec`) and judges each move
against the position before it with the game's own verdicts
(:meth:`GameSpec.judge`): what is proven decides first, else the winning chance
the move gave away by the estimate, and said so. A review grades each move best,
good, inaccuracy (``?!``), mistake (``?``) or blunder (``??``), gives the better
move and its line where the move was not the best, reads the position after
every move for an evaluation graph (the proven result where known, the estimate's
winning chance otherwise), and counts each side's accuracy as the game counts it:
the share of judged moves that kept the best result available.

An inaccuracy is a move the game calls good that still gave something away: by
the estimate, at least :data:`INACCURACY_CHANCE` of winning chance; in a game of
points, a point or more of the margin. It counts as accurate, as the game's
"good" does.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from tictactoe_gui.engine.analysis import (
    Judgement,
    Verdict,
    judge_by_chance,
)
from tictactoe_gui.engine.game_interface import (
    Certainty,
    GameAnalysis,
    GameSpec,
    GameState,
    Limit,
    MoveValue,
    ValueKind,
)

#: By the estimate, a good move that gives away this much winning chance is an inaccuracy.
INACCURACY_CHANCE: Final = 0.05
#: How long each position of a game is analysed by default, in seconds.
REVIEW_SECONDS: Final = 0.5


class Grade(enum.StrEnum):
    """A review's word on a move: the game's verdict, with good split off into inaccuracy."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """``"?!"``, ``"?"`` or ``"??"`` after a move, as annotated games mark them; else ``""``."""
        return _SYMBOLS.get(self, "")

    @property
    def accurate(self) -> bool:
        """Whether the move kept the best result available (best, good or an inaccuracy)."""
        return self in (Grade.BEST, Grade.GOOD, Grade.INACCURACY)


_SYMBOLS: Final = {Grade.INACCURACY: "?!", Grade.MISTAKE: "?", Grade.BLUNDER: "??"}


@dataclass(frozen=True, slots=True)
class Settled:
    """A position's proven result with best play: ``winner`` (a seat) wins; None: a draw."""

    winner: int | None


def settled_by(analysis: GameAnalysis) -> Settled | None:
    """What ``analysis`` proves about its position's result (None when it proves nothing)."""
    if analysis.certainty is not Certainty.PROVEN or analysis.result is None:
        return None
    return Settled(analysis.result.winner)


def _winner_by_value(value: int, mover: int) -> int | None:
    if value > 0:
        return mover
    if value < 0:
        return 1 - mover
    return None


def judge_values(
    state: GameState,
    before: GameAnalysis,
    move: int,
    after: GameAnalysis | None = None,
    *,
    known_before: Settled | None = None,
    known_after: Settled | None = None,
) -> Judgement | None:
    """The game interface's own verdict on ``move`` in ``state`` (see :meth:`GameSpec.judge`),
    read from the moves' values: the same rules as k in a row's coach, for any game.

    Proven values of both the move and the best move: best for the top score, good for the
    same result, a blunder for a result turned into a loss, else a mistake. Then proven
    results of the positions (a move after which a loss is proven is a blunder unless the
    loss was proven before it; a win let go to a draw is a mistake). Else the winning chance
    given away by the estimate: a mistake from 10 %, a blunder from 25 %.
    """
    if not before.moves:
        return None
    mover = state.to_move
    if mover is None:
        return None
    spec = state.spec
    best = before.moves[0]
    played = next((value for value in before.moves if value.move == move), None)
    proven = Certainty.PROVEN
    if (
        played is not None
        and played.value is not None
        and best.value is not None
        and before.certainty is proven
        and played.certainty is proven
        and best.certainty is proven
    ):
        return Judgement(_exact_verdict(played, best))
    if known_before is None:
        known_before = settled_by(before)
    if known_after is None and played is not None and played.value is not None:
        known_after = Settled(_winner_by_value(played.value, mover))
    if known_after is None and after is not None:
        known_after = settled_by(after)
    listed_best = played is not None and played.move in before.best_moves
    kept = Verdict.BEST if listed_best else Verdict.GOOD
    if known_after is not None:
        if known_after.winner == 1 - mover:
            lost_before = known_before is not None and known_before.winner == 1 - mover
            return Judgement(kept if lost_before else Verdict.BLUNDER)
        if known_after.winner is None and known_before is not None and known_before.winner == mover:
            return Judgement(Verdict.MISTAKE)
        return Judgement(kept)
    if known_before is not None and known_before.winner == 1 - mover:
        return Judgement(kept)  # lost already, whatever was played
    if played is not None:
        played_chance = spec.chance_of(state, played)
    elif after is not None and after.moves:
        following = state.play(move)
        played_chance = 1.0 - spec.chance_of(following, after.moves[0])
    else:
        return None
    return judge_by_chance(max(0.0, spec.chance_of(state, best) - played_chance), listed_best)


def _exact_verdict(played: MoveValue, best: MoveValue) -> Verdict:
    assert played.value is not None
    assert best.value is not None
    if played.score == best.score:
        return Verdict.BEST
    if (played.value > 0) - (played.value < 0) == (best.value > 0) - (best.value < 0):
        return Verdict.GOOD
    if played.value < 0:
        return Verdict.BLUNDER
    return Verdict.MISTAKE


@dataclass(frozen=True, slots=True)
class Reading:
    """How a position of the game stands, for the evaluation graph."""

    ply: int
    #: The proven result with best play (the result itself once the game is over), or None.
    settled: Settled | None
    #: The first seat's chance of winning: 1, ½ or 0 where proven, else by the estimate;
    #: None where the position was not analysed.
    chance: float | None
    #: The analysis's words (``"X wins in 3 plies"``, ``"O is better (estimate)"``).
    words: str

    @property
    def proven(self) -> bool:
        return self.settled is not None


@dataclass(frozen=True, slots=True)
class ReviewedMove:
    """One move of the game, as the review judges it."""

    ply: int
    seat: int
    move: int
    #: The move in the game's notation.
    text: str
    #: None when nothing tells how good it was.
    grade: Grade | None
    #: Whether the grade compares estimates (it is then said "by the estimate").
    by_estimate: bool
    #: By the estimate: the winning chance the move gave away, else None.
    chance_lost: float | None
    #: The move's own value in words, where the analysis scored it (``"loss in 4"``).
    played_words: str | None
    #: A better move, where the played one was not the best; with its value and the line
    #: it starts (best play on both sides), proven or by the estimate (``line_proven``).
    better: int | None = None
    better_text: str | None = None
    better_words: str | None = None
    line: tuple[int, ...] = ()
    line_text: tuple[str, ...] = ()
    line_proven: bool = False

    @property
    def symbol(self) -> str:
        return "" if self.grade is None else self.grade.symbol

    @property
    def better_said(self) -> str:
        """``"b3 (draw, proven): b3 c3 c2"``, ``"c2 (+9, estimate): c2"``, or nothing when
        the move was the best: the value and how it is known said once, in one pair of
        brackets, then the line it starts."""
        if self.better_text is None:
            return ""
        how = "proven" if self.line_proven else "estimate"
        value = (self.better_words or "").removesuffix(" (estimate)")
        said = f"{value}, {how}" if value else how
        return f"{self.better_text} ({said}): {' '.join(self.line_text)}"


@dataclass(frozen=True, slots=True)
class SideAccuracy:
    """How one side played over the game."""

    seat: int
    #: The seat's name (``"X"``).
    mark: str
    moves: int
    best: int = 0
    good: int = 0
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0
    #: How many of the grades compare estimates rather than proven results.
    by_estimate: int = 0
    #: Whether this side gave the game up; counted as one more decision, good where the
    #: position given up was proven lost, else a blunder (as the game counts it).
    resigned: bool = False
    resigned_lost: bool = False

    @property
    def judged(self) -> int:
        return self.best + self.good + self.inaccuracies + self.mistakes + self.blunders

    @property
    def accuracy(self) -> float | None:
        """The share of judged moves that kept the best result available (best, good and
        inaccuracies); None when no move was judged."""
        if not self.judged:
            return None
        return (self.best + self.good + self.inaccuracies) / self.judged

    def describe(self) -> str:
        """``"X: 80% accurate by the estimate — 3 best, 1 good, 1 mistake"``."""
        head = self.mark
        if not self.moves and not self.resigned:
            return f"{head}: no moves played"
        accuracy = self.accuracy
        if accuracy is None:
            return f"{head}: {self.moves} moves, none judged"
        how = " by the estimate" if self.by_estimate else ""
        details = [f"{self.best} best", f"{self.good} good"]
        for count, one, many in (
            (self.inaccuracies, "inaccuracy", "inaccuracies"),
            (self.mistakes, "mistake", "mistakes"),
            (self.blunders, "blunder", "blunders"),
        ):
            if count:
                details.append(f"{count} {one if count == 1 else many}")
        unjudged = self.moves + self.resigned - self.judged
        if unjudged:
            details.append(f"{unjudged} not judged")
        if self.resigned:
            details.append(
                "then resigned a lost game"
                if self.resigned_lost
                else "then resigned a game not proven lost, counted as a blunder"
            )
        return f"{head}: {accuracy:.0%} accurate{how} — " + ", ".join(details)


def side_line(name: str, side: SideAccuracy) -> str:
    """``"Alice (X): 75% accurate — 3 best, 0 good, 1 blunder"``: a side's accuracy, named."""
    return f"{name} ({side.mark}): {side.describe().split(': ', 1)[1]}"


@dataclass(frozen=True, slots=True)
class GameReview:
    """A whole game reviewed: each move, each position's reading and each side's accuracy."""

    spec: GameSpec
    #: The states of the game, its start first and the last position last.
    states: tuple[GameState, ...]
    moves: tuple[ReviewedMove, ...]
    #: One per state: the start, then the position after each move.
    readings: tuple[Reading, ...]
    sides: tuple[SideAccuracy, SideAccuracy]
    #: The seat that resigned at the end, if the game ended so.
    resigned: int | None = None
    #: Each state's analysis (None where it was not analysed), for a study of the game.
    analyses: tuple[GameAnalysis | None, ...] = field(default=(), compare=False, repr=False)

    @property
    def mistakes(self) -> tuple[ReviewedMove, ...]:
        """The moves a better move would have improved on: inaccuracies, mistakes, blunders."""
        return tuple(
            move
            for move in self.moves
            if move.grade is not None and move.grade not in (Grade.BEST, Grade.GOOD)
        )

    def side(self, seat: int) -> SideAccuracy:
        return self.sides[seat]

    def to_json(self) -> dict[str, object]:
        """The review as one JSON object (``review --json``)."""
        spec = self.spec
        seats = spec.seats

        def settled_text(settled: Settled | None) -> str | None:
            if settled is None:
                return None
            return "draw" if settled.winner is None else seats[settled.winner]

        moves = []
        for move, reading in zip(self.moves, self.readings[1:], strict=True):
            entry: dict[str, object] = {
                "ply": move.ply,
                "seat": seats[move.seat],
                "move": move.text,
                "verdict": None if move.grade is None else move.grade.value,
                "symbol": move.symbol,
                "by_estimate": move.by_estimate,
                "chance_lost": None if move.chance_lost is None else round(move.chance_lost, 4),
                "value": move.played_words,
                "better": move.better_text,
                "better_value": move.better_words,
                "line": list(move.line_text),
                "line_proven": move.line_proven if move.better is not None else None,
                "after": _reading_json(reading, settled_text),
            }
            moves.append(entry)
        accuracy = {}
        for side in self.sides:
            value = side.accuracy
            accuracy[side.mark] = {
                "accuracy": None if value is None else round(value, 4),
                "by_estimate": side.by_estimate > 0,
                "moves": side.moves,
                "judged": side.judged,
                "best": side.best,
                "good": side.good,
                "inaccuracies": side.inaccuracies,
                "mistakes": side.mistakes,
                "blunders": side.blunders,
                "estimated_verdicts": side.by_estimate,
                "resigned": side.resigned,
            }
        return {
            "game": spec.id,
            "start": self.states[0].position_text(),
            "result": self._result_text(),
            "resigned": None if self.resigned is None else seats[self.resigned],
            "start_reading": _reading_json(self.readings[0], settled_text),
            "moves": moves,
            "accuracy": accuracy,
        }

    def _result_text(self) -> str | None:
        if self.resigned is not None:
            seats = self.spec.seats
            return f"{seats[1 - self.resigned]} wins: {seats[self.resigned]} resigned"
        result = self.states[-1].result
        return None if result is None else result.text


def _reading_json(
    reading: Reading, settled_text: Callable[[Settled | None], str | None]
) -> dict[str, object]:
    return {
        "proven": settled_text(reading.settled),
        "chance": None if reading.chance is None else round(reading.chance, 4),
        "words": reading.words,
    }


#: What a review reports as it goes: (positions analysed, positions in all).
ReviewProgress = Callable[[int, int], None]


def states_of(start: GameState, moves: Sequence[int]) -> tuple[GameState, ...]:
    """``start`` and the state after each of ``moves``; :class:`~.games.MoveError` names
    the first move the rules refuse."""
    states = [start]
    for move in moves:
        states.append(states[-1].play(move))
    return tuple(states)


def analyse_game(
    states: Sequence[GameState],
    *,
    time_per_position: float = REVIEW_SECONDS,
    cancel: threading.Event | None = None,
    progress: ReviewProgress | None = None,
) -> tuple[GameAnalysis, ...]:
    """Every state's analysis, in order (``cancel`` stops it with the search's own
    :class:`~tictactoe_gui.engine.search.SearchCancelled`)."""
    analyses = []
    for done, state in enumerate(states):
        limit = Limit(time=time_per_position)
        analyses.append(state.spec.analyse(state, limit=limit, cancel=cancel))
        if progress is not None:
            progress(done + 1, len(states))
    return tuple(analyses)


def review_game(
    start: GameState,
    moves: Sequence[int],
    *,
    resigned: int | None = None,
    time_per_position: float = REVIEW_SECONDS,
    cancel: threading.Event | None = None,
    progress: ReviewProgress | None = None,
) -> GameReview:
    """Review the game of ``moves`` played from ``start`` (``resigned``: the seat that gave
    the game up at the end), each position analysed for ``time_per_position`` seconds."""
    states = states_of(start, moves)
    analyses = analyse_game(
        states, time_per_position=time_per_position, cancel=cancel, progress=progress
    )
    return review_of(states, analyses, resigned=resigned)


def review_of(
    states: Sequence[GameState],
    analyses: Sequence[GameAnalysis | None],
    *,
    resigned: int | None = None,
) -> GameReview:
    """The review of a game whose states have been analysed (an analysis may be None)."""
    states = tuple(states)
    analyses = tuple(analyses)
    if len(analyses) != len(states):
        raise ValueError(f"{len(states)} positions but {len(analyses)} analyses")
    spec = states[0].spec
    known = _settled_along(states, analyses)
    reviewed = []
    for ply in range(1, len(states)):
        state, before = states[ply - 1], analyses[ply - 1]
        move = states[ply].moves[-1]
        reviewed.append(_reviewed_move(ply, state, move, before, analyses[ply], known))
    readings = tuple(
        _reading(ply, state, analysis, known[ply])
        for ply, (state, analysis) in enumerate(zip(states, analyses, strict=True))
    )
    resigned_lost = False
    if resigned is not None:
        settled = known[-1]
        resigned_lost = settled is not None and settled.winner == 1 - resigned
    sides = tuple(_side(spec, seat, reviewed, resigned == seat, resigned_lost) for seat in (0, 1))
    return GameReview(
        spec,
        states,
        tuple(reviewed),
        readings,
        (sides[0], sides[1]),
        resigned,
        analyses,
    )


def _settled_along(
    states: tuple[GameState, ...], analyses: tuple[GameAnalysis | None, ...]
) -> list[Settled | None]:
    """Each state's proven result, from its analysis, the game's end and how it went on:
    a position whose mover reaches a position proven won for them is won for them too."""
    known: list[Settled | None] = []
    for state, analysis in zip(states, analyses, strict=True):
        result = state.result
        if result is not None:
            known.append(Settled(result.winner))
        else:
            known.append(None if analysis is None else settled_by(analysis))
    for ply in range(len(states) - 2, -1, -1):
        after, mover = known[ply + 1], states[ply].to_move
        if known[ply] is None and after is not None and mover is not None and after.winner == mover:
            known[ply] = after
    return known


def _reviewed_move(
    ply: int,
    state: GameState,
    move: int,
    before: GameAnalysis | None,
    after: GameAnalysis | None,
    known: list[Settled | None],
) -> ReviewedMove:
    spec = state.spec
    seat = state.to_move
    assert seat is not None
    text = spec.format_move(move)
    if before is None:
        return ReviewedMove(ply, seat, move, text, None, False, None, None)
    judgement = spec.judge(
        state, before, move, after, known_before=known[ply - 1], known_after=known[ply]
    )
    played = next((value for value in before.moves if value.move == move), None)
    grade = None if judgement is None else grade_of(spec, judgement, played, before)
    reviewed = ReviewedMove(
        ply,
        seat,
        move,
        text,
        grade,
        judgement is not None and judgement.by_estimate,
        None if judgement is None else judgement.chance_lost,
        None if played is None else played.words,
    )
    if grade is None or grade is Grade.BEST or not before.moves:
        return reviewed
    better = before.moves[0]
    if better.move == move:
        return reviewed
    line = before.line if before.line and before.line[0] == better.move else (better.move,)
    return _with_better(reviewed, spec, better, line, before.certainty is Certainty.PROVEN)


def _with_better(
    reviewed: ReviewedMove,
    spec: GameSpec,
    better: MoveValue,
    line: tuple[int, ...],
    proven: bool,
) -> ReviewedMove:
    return replace(
        reviewed,
        better=better.move,
        better_text=better.text,
        better_words=better.words,
        line=line,
        line_text=tuple(spec.format_move(move) for move in line),
        line_proven=proven and better.certainty is Certainty.PROVEN,
    )


def grade_of(
    spec: GameSpec, judgement: Judgement, played: MoveValue | None, before: GameAnalysis
) -> Grade:
    """The review's grade of a verdict: the game's own, with good that still gave something
    away (by the estimate, or in points) called an inaccuracy."""
    verdict = judgement.verdict
    if verdict is not Verdict.GOOD:
        return Grade(verdict.value)
    lost = judgement.chance_lost
    if lost is not None and lost >= INACCURACY_CHANCE:
        return Grade.INACCURACY
    if (
        spec.value_kind is ValueKind.MARGIN
        and played is not None
        and before.moves
        and played.score < before.moves[0].score
    ):
        return Grade.INACCURACY  # points given away, the result kept
    return Grade.GOOD


def _reading(
    ply: int, state: GameState, analysis: GameAnalysis | None, settled: Settled | None
) -> Reading:
    if settled is not None:
        chance = 0.5 if settled.winner is None else 1.0 - settled.winner
        words = analysis.prediction if analysis is not None else _result_words(state)
        return Reading(ply, settled, chance, words)
    if analysis is None or not analysis.moves:
        return Reading(ply, None, None, "not analysed" if analysis is None else "")
    mover = state.to_move
    assert mover is not None
    mover_chance = state.spec.chance_of(state, analysis.moves[0])
    chance = mover_chance if mover == 0 else 1.0 - mover_chance
    return Reading(ply, None, chance, analysis.prediction)


def _result_words(state: GameState) -> str:
    result = state.result
    return "" if result is None else result.text


def _side(
    spec: GameSpec,
    seat: int,
    moves: Sequence[ReviewedMove],
    resigned: bool,
    resigned_lost: bool,
) -> SideAccuracy:
    counts = dict.fromkeys(Grade, 0)
    played = estimated = 0
    for move in moves:
        if move.seat != seat:
            continue
        played += 1
        if move.grade is not None:
            counts[move.grade] += 1
            estimated += move.by_estimate
    if resigned:
        counts[Grade.GOOD if resigned_lost else Grade.BLUNDER] += 1
    return SideAccuracy(
        seat,
        spec.seats[seat],
        played,
        best=counts[Grade.BEST],
        good=counts[Grade.GOOD],
        inaccuracies=counts[Grade.INACCURACY],
        mistakes=counts[Grade.MISTAKE],
        blunders=counts[Grade.BLUNDER],
        by_estimate=estimated,
        resigned=resigned,
        resigned_lost=resigned_lost,
    )
