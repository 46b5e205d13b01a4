"""Any registered game's analysis in words: what the dock shows of a
:class:`~tictactoe_gui.engine.games.GameAnalysis` (Connect Four, Row & Column ...).

Plain functions and frozen values of a position and its analysis, read through the
game interface alone (the game's notation, its seats, what its values measure), so
the dock's sections and their tests read the same words. A win, a draw or a loss
names the side it falls to; a margin in points names the side ahead; nothing proven
is said without "estimate".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tictactoe_gui.engine import MoveOutcome
from tictactoe_gui.engine.games import (
    Certainty,
    GameAnalysis,
    GameResult,
    GameState,
    MoveValue,
    Solving,
    ValueKind,
)
from tictactoe_gui.gui.analysis.words import (
    ESTIMATE_BAR_LIMIT,
    OUTCOME_TIP,
    SCORE_TIP,
    WIN_SEEN,
    evaluation_number,
    score_text,
    spoken_score,
)
from tictactoe_gui.session.words import game_over

#: The headers of a table game's candidate table, by what its values measure (the first is
#: the game's word for a move: "Move", "Take").
OUTCOME_COLUMNS = ("Score", "Outcome")
MARGIN_COLUMNS = ("Points", "Margin")

_PLIES = re.compile(r"\bin (\d+)\b")


@dataclass(frozen=True, slots=True)
class GameRow:
    """One candidate move as the table shows it: its cells, what each says to a screen
    reader (after its header), its tooltip, and whether it is a best move."""

    move: int
    shown: tuple[str, str, str]
    spoken: tuple[str, str, str]
    tip: str
    best: bool
    #: For the outcome's colour: the mover's proven result after the move; None for an estimate.
    outcome: MoveOutcome | None


@dataclass(frozen=True, slots=True)
class GameOutlook:
    """What the outcome section says of a table game's position."""

    #: The banner: ``"X wins in 13 (proven)"``, ``"B ahead by 3, estimated"``,
    #: ``"Game over: Ann (X) wins."``.
    banner: str
    #: The banner's frame: the mover's proven result; None for an estimate or a finished game.
    outcome: MoveOutcome | None
    #: The evaluation's number, from the first seat's side, and its reading.
    number: str
    reading: str
    #: The bar, from -1 (the second seat winning) to +1 (the first); an estimate never
    #: reaches either end.
    bar: float
    #: ``"Proven"`` or ``"Estimate"``, and why.
    badge: str
    badge_tip: str
    final: bool


def side(state: GameState, seat: int, names: tuple[str, str]) -> str:
    """A seat as the dock names it: ``"X"``, or ``"Ann (X)"`` when a player's name is known."""
    mark = state.spec.seats[seat]
    name = names[seat]
    return f"{name} ({mark})" if name and name != mark else mark


def plies_of(value: MoveValue) -> int | None:
    """The plies to the end a proven win or loss's words give (``"win in 3"``), else None."""
    found = _PLIES.search(value.words)
    return int(found.group(1)) if found is not None else None


def move_outcome(value: MoveValue) -> MoveOutcome | None:
    """The mover's proven result after ``value``'s move; None for an estimate."""
    if value.value is None:
        return None
    if value.value > 0:
        return MoveOutcome.WIN
    return MoveOutcome.LOSS if value.value < 0 else MoveOutcome.DRAW


def columns(state: GameState) -> tuple[str, str, str]:
    """The candidate table's headers for ``state``'s game."""
    word = state.spec.move_word.capitalize()
    if state.spec.value_kind is ValueKind.MARGIN:
        return (word, *MARGIN_COLUMNS)
    return (word, *OUTCOME_COLUMNS)


def column_tips(state: GameState) -> tuple[str, str, str]:
    """What each of the candidate table's headers means for ``state``'s game."""
    move = f"The {state.spec.move_word}, in the game's notation"
    if state.spec.value_kind is ValueKind.MARGIN:
        return (
            move,
            "The points this take scores at once",
            "The mover's points minus the other side's from this take to the end, with "
            "best play (proven), or as far as the search looked (estimated)",
        )
    return (move, SCORE_TIP, OUTCOME_TIP)


def _margin_so_far(state: GameState, seat: int) -> int:
    scores = state.scores
    return 0 if scores is None else scores[seat] - scores[1 - seat]


def _points(state: GameState, move: int, seat: int) -> str:
    """What ``move`` scores at once, in a game that keeps a score (a cell's number)."""
    before = state.scores
    if before is None or not state.is_legal(move):
        return "—"
    after = state.play(move).scores
    return "—" if after is None else str(after[seat] - before[seat])


def outcome_words(state: GameState, value: MoveValue, mover: int) -> str:
    """A move's proven result naming the side it falls to (``"X wins in 3"``, ``"draw"``),
    or "estimate": heard row by row, "loss in 2" says not whose."""
    outcome = move_outcome(value)
    if outcome is None:
        return "estimate"
    if outcome is MoveOutcome.DRAW:
        return "draw"
    winner = mover if outcome is MoveOutcome.WIN else 1 - mover
    plies = plies_of(value)
    return f"{state.spec.seats[winner]} wins" + ("" if plies is None else f" in {plies}")


def rows(state: GameState, analysis: GameAnalysis) -> tuple[GameRow, ...]:
    """Every move the analysis scored, best first, as the candidate table shows it."""
    mover = state.to_move
    if mover is None:
        return ()
    spec = state.spec
    seat = spec.seats[mover]
    headers = columns(state)
    best_moves = set(analysis.best_moves)
    made = []
    for value in analysis.moves:
        proven = value.certainty is Certainty.PROVEN
        best = value.move in best_moves
        name = f"{value.text}, best" if best else value.text
        if spec.value_kind is ValueKind.MARGIN:
            margin = f"{value.score:+d}"
            points = _points(state, value.move, mover)
            # An estimated margin is marked as one, as an estimated score is.
            shown = (value.text, points, margin if proven else f"{margin} est.")
            spoken_margin = f"{margin} for {seat}" + ("" if proven else ", estimated")
            spoken = (name, points, spoken_margin)
            tip = (
                f"{value.text}: {seat} ends {margin} from here on with best play (proven)"
                if proven
                else f"{value.text}: {seat} ends about {margin} from here on "
                "(an estimate, not proven)"
            )
        else:
            outcome = move_outcome(value) if proven else None
            score = score_text(value.score, outcome)
            side_words = outcome_words(state, value, mover)
            shown = (value.text, score, side_words)
            spoken = (name, spoken_score(score), side_words)
            tip = (
                f"{value.text}: {value.words} for {seat} with best play (proven)"
                if proven
                else f"{value.text}: evaluation {value.score:+d} for {seat} "
                "(an estimate, not proven)"
            )
        made.append(
            GameRow(
                value.move,
                shown,
                (
                    f"{headers[0]} {spoken[0]}",
                    f"{headers[1]} {spoken[1]}",
                    f"{headers[2]} {spoken[2]}",
                ),
                tip,
                best,
                move_outcome(value) if proven else None,
            )
        )
    return tuple(made)


def line_text(state: GameState, line: tuple[int, ...]) -> str:
    """``X d3 → O d4 → …``: a line of play from ``state`` with the seat making each move."""
    words = []
    current = state
    for move in line:
        mover = current.to_move
        if mover is None or not current.is_legal(move):
            break
        words.append(f"{current.spec.seats[mover]} {current.spec.format_move(move)}")
        current = current.play(move)
    return " → ".join(words) if words else "—"


def preview_line(analysis: GameAnalysis, move: int) -> tuple[int, ...]:
    """The line previewed for a candidate ``move``: the move and the play expected after it.

    Where the analysis read every move's line (a small board solved whole), each move has
    its own; otherwise the expected line is the one after the best move, which previews it
    whole, and any other move is previewed alone.
    """
    for value in analysis.moves:
        if value.move == move and value.line:
            return (move, *value.line)
    if analysis.line and analysis.line[0] == move:
        return analysis.line
    return (move,)


def depth_text(analysis: GameAnalysis) -> str:
    """How deep the search looked (where the game says: ``spec.reports_depth``): an
    estimate's depth, with its deepest line where forcing lines went further; a proven
    analysis's deepest line."""
    if analysis.certainty is Certainty.ESTIMATED:
        # An estimate searched every line this deep; forcing lines may have gone deeper.
        if analysis.max_depth > analysis.depth:
            return f"{analysis.depth} (deepest line {analysis.max_depth})"
        return str(analysis.depth)
    if analysis.max_depth == 0:
        # Every reply was solved by an earlier search: a bare "0" reads like a fault.
        return "0 (all known from the table)"
    return str(analysis.max_depth)


def number_tip(state: GameState) -> str:
    """What the evaluation's number means in ``state``'s game: from the first seat's side,
    in the units the game gives (``spec.evaluation_units``)."""
    spec = state.spec
    first = spec.seats[0]
    tip = f"The evaluation from {first}'s side: positive when {first} stands better."
    return f"{tip} {spec.evaluation_units}" if spec.evaluation_units else tip


def best_move_text(state: GameState, analysis: GameAnalysis) -> str:
    """``"X d3 (win in 13)"``, ``"A b4 (margin +4)"``; a dash when there is none."""
    mover = state.to_move
    if mover is None or not analysis.moves:
        return "—"
    best = analysis.moves[0]
    for value in analysis.moves:
        if value.move in analysis.best_moves:
            best = value
            break
    spec = state.spec
    if spec.value_kind is ValueKind.MARGIN:
        words = f"margin {best.score:+d}"
    elif best.certainty is Certainty.PROVEN:
        words = (
            outcome_words(state, best, mover)
            if move_outcome(best) is MoveOutcome.LOSS
            else best.words
        )
    else:
        words = evaluation_number(best.score)
    return f"{spec.seats[mover]} {best.text} ({words})"


def _estimate_lean(state: GameState, analysis: GameAnalysis, mover: int) -> float:
    """An estimate's place on the bar, from the first seat's side: by the game's own
    winning chance of the best move, never at an end."""
    chance = state.spec.chance_of(state, analysis.moves[0]) if analysis.moves else 0.5
    lean = 2 * chance - 1
    if mover == 1:
        lean = -lean
    return max(-ESTIMATE_BAR_LIMIT, min(ESTIMATE_BAR_LIMIT, lean))


def outlook(state: GameState, analysis: GameAnalysis, names: tuple[str, str]) -> GameOutlook:
    """The banner, evaluation and badge for ``analysis`` of ``state``."""
    over = state.result
    if over is not None:
        text = over.text
        if over.winner is None and state.scores is None:
            # As the status bar says it ("Game over: a draw."); a tie keeps its score.
            text = "a draw"
        elif over.winner is not None:
            # The winner named as the status bar names it: "Ann (X) wins".
            mark = state.spec.seats[over.winner]
            named = side(state, over.winner, names)
            if named != mark and text.startswith(f"{mark} "):
                text = f"{named}{text[len(mark) :]}"
            elif named != mark:
                text += f" ({names[over.winner]})"
        elif text == "draw":  # as the status bar says it: "Game over: a draw."
            text = "a draw"
        banner = game_over(text)
        return GameOutlook(banner, None, "—", over.text, 0.0, "", "", True)
    mover = state.to_move
    assert mover is not None
    if analysis.certainty is Certainty.PROVEN and analysis.result is not None:
        return _proven(state, analysis, analysis.result, mover, names)
    return _estimated(state, analysis, mover, names)


def _capital(text: str) -> str:
    return f"{text[0].upper()}{text[1:]}" if text else text


def _proven(
    state: GameState,
    analysis: GameAnalysis,
    result: GameResult,
    mover: int,
    names: tuple[str, str],
) -> GameOutlook:
    """A proven result: the winner named (by how much, in a game of points; how soon, where
    the engine says), the bar at the winner's end."""
    spec = state.spec
    winner = result.winner
    if spec.value_kind is ValueKind.MARGIN:
        first = result.returns[0]
        number = f"{first:+d}" if first else "0"
        # "A wins, 24 to 20, with best play": the result in the words of the game's end.
        reading = result.with_best_play()
        headline = (
            reading
            if winner is None
            else f"{side(state, winner, names)} wins by {result.returns[winner]} with best play"
        )
    elif winner is None:
        headline = "draw with best play"
        number, reading = "0", "a draw with best play: proven"
    else:
        # In plies, as k in a row's dock and analyse say it ("X wins in 3 plies").
        plies = plies_of(analysis.moves[0]) if analysis.moves else None
        in_plies = "" if plies is None else f" in {plies} {'ply' if plies == 1 else 'plies'}"
        headline = f"{side(state, winner, names)} wins{in_plies} with best play"
        number, reading = "proven", f"{spec.seats[winner]} wins{in_plies}: forced"
    tip = (
        "The game was solved from here: this is certain."
        if all(value.certainty is Certainty.PROVEN for value in analysis.moves)
        else "The result and the best move are proven: this is certain. Moves marked "
        "\u201cestimate\u201d were not needed for the proof and keep the estimate."
    )
    outcome = (
        MoveOutcome.DRAW
        if winner is None
        else MoveOutcome.WIN
        if winner == mover
        else MoveOutcome.LOSS
    )
    bar = 0.0 if winner is None else 1.0 if winner == 0 else -1.0
    return GameOutlook(
        f"{_capital(headline)} (proven)", outcome, number, reading, bar, "Proven", tip, False
    )


def _estimate_tip(state: GameState) -> str:
    """Why an estimate is one, and whether more time may prove it."""
    spec = state.spec
    if spec.solving is Solving.ESTIMATED:
        return (
            "Not proven: the board is too big to solve here. The engine searched as far as "
            "its time allowed and estimates who stands better; it proves nothing "
            f"({spec.name}: {spec.solving_text})."
        )
    return (
        "Not proven in the time given: the engine searched as far as its time allowed and "
        "estimates who stands better; it proves nothing. On a board this small more time "
        "(a longer engine time per move, or Prove the Result) may prove the result "
        f"({spec.name}: {spec.solving_text})."
    )


def _estimated(
    state: GameState, analysis: GameAnalysis, mover: int, names: tuple[str, str]
) -> GameOutlook:
    """An estimate: the side ahead and by how much in a game of points, else the engine's
    own words, which say they are an estimate; the bar never at an end."""
    spec = state.spec
    lean = _estimate_lean(state, analysis, mover)
    tip = _estimate_tip(state)
    # How deep it looked, where the game says: an estimate is only as good as its depth.
    badge = f"Estimate · depth {analysis.depth}" if analysis.depth else "Estimate"
    best = analysis.moves[0] if analysis.moves else None
    prediction = analysis.prediction
    if spec.value_kind is ValueKind.MARGIN and best is not None:
        final = _margin_so_far(state, mover) + best.score
        first = final if mover == 0 else -final
        if final == 0:
            headline = "level"
        else:
            ahead = mover if final > 0 else 1 - mover
            headline = f"{side(state, ahead, names)} ahead by {abs(final)}"
        # The engine's own words keep what the banner leaves out: how far it looked
        # ("A ahead by 9 (estimate, 7 takes ahead)").
        return GameOutlook(
            f"{_capital(headline)}, estimated",
            None,
            f"{first:+d}" if first else "0",
            prediction,
            lean,
            badge,
            tip,
            False,
        )
    first_score = 0 if best is None else best.score if mover == 0 else -best.score
    banner = prediction if "estimate" in prediction else f"{prediction}, estimated"
    # The badge beside it says "Estimate"; the reading need not say it twice.
    reading = prediction.split(" (")[0]
    if abs(first_score) >= WIN_SEEN:
        winner = spec.seats[0 if first_score > 0 else 1]
        reading = f"{winner} wins, as far as the search sees"
    unsettled = analysis.unsettled_since
    if unsettled is not None and abs(first_score) < WIN_SEEN:
        # A reading that a deeper search changed may change again: say so, with the old one.
        depth, before = unsettled
        before_first = before if mover == 0 else -before
        reading += f" (was {evaluation_number(before_first)} at depth {depth}: not settled)"
    return GameOutlook(
        _capital(banner) or "Estimated",
        None,
        evaluation_number(first_score),
        reading,
        lean,
        badge,
        tip,
        False,
    )
