"""How a recorded game's end reads, in the words the table says a game's end in.

The History's Result column and the command line's ``history`` name the winner as the
status bar does at the end of a game ("Ada (X) wins", "Ann (A) wins, 14 to 9", "a tie at 7
each", a program's forfeit "Cop (O) wins: crash: …") and a game given up as its replay's end
says it (:func:`~tictactoe_gui.session.words.resigned_ending`: "Ada (X) resigned; Cop (O)
wins"), for every game, from the record alone: its seats, its result, its final scores and
who gave it up. Nothing recorded changes: only the words it is shown in.
"""

from __future__ import annotations

from tictactoe_gui.records_bridge import (
    final_scores,
    forfeit_reason,
    keeps_score,
    seat_letters,
    side_name,
    spec_of,
)
from tictactoe_gui.session.words import plural, resigned_ending, score_words, tie_words
from tictactoe_gui.storage.records import FinishedGame, GameSummary, InvalidGameError, Result

Recorded = FinishedGame | GameSummary


def _named(game: Recorded, seat: int) -> str:
    """A seat's player as the table names it: ``"Ada (X)"``, ``"Magpie (A)"``."""
    return f"{side_name((game.x, game.o)[seat])} ({seat_letters(game)[seat]})"


def _no_winner(game: Recorded) -> str:
    """A game nobody won, without its article: ``"draw"``, ``"tie at 7 each"``, ``"tie"``."""
    if not keeps_score(game):
        return "draw"
    scores = final_scores(game)
    return "tie" if scores is None else tie_words(scores[0])


def _won(game: Recorded) -> str:
    """A game somebody won, as the status bar ends it: ``"Ada (X) wins"``, ``"Ann (A) wins,
    14 to 9"``, ``"Ada (X) resigned; Cop (O) wins"``, ``"Cop (O) wins: crash: …"``."""
    winner = 0 if game.result is Result.X_WINS else 1
    if game.resigned is not None:
        reason = forfeit_reason(game)
        if reason:
            return f"{_named(game, winner)} wins: {reason}"
        loser = 1 - winner
        seats = seat_letters(game)
        return resigned_ending(
            side_name((game.x, game.o)[loser]),
            seats[loser],
            side_name((game.x, game.o)[winner]),
            seats[winner],
        )
    words = f"{_named(game, winner)} wins"
    scores = final_scores(game)
    if scores is None:
        return words
    return words + score_words(scores[winner], scores[1 - winner])


def result_words(game: Recorded) -> str:
    """A recorded game's result, short enough for a table's cell: ``"Ada (X) wins"``,
    ``"Ann (A) wins, 14 to 9"``, ``"Draw"``, ``"Tie at 7 each"``, ``"Ada (X) resigned; Cop
    (O) wins"``."""
    if game.result is Result.DRAW:
        return _no_winner(game).capitalize()
    return _won(game)


def result_sentence(game: Recorded, plies: int) -> str:
    """A recorded game's result with its length: ``"Ada (X) wins in 5 moves"``, ``"a draw in
    9 moves"``, ``"Ann (A) wins, 7 to -2, after 8 takes"``, ``"a tie at 3 each, after 8
    takes"``, ``"Ada (X) resigned; Cop (O) wins, after 4 moves"``."""
    try:
        word = spec_of(game).move_word
    except InvalidGameError:  # a game this version does not know
        word = "move"
    counted = plural(plies, word)
    words = f"a {_no_winner(game)}" if game.result is Result.DRAW else _won(game)
    if game.resigned is not None or keeps_score(game):
        return f"{words}, after {counted}"
    return f"{words} in {counted}"
