"""The words a game at the table is said in, whatever the game and whichever window part says
them: counts, greetings, a game's end, a resignation in a replay, the coach's verdicts.

Apart from the session class, so that the window's words (the analysis dock, the replay's
status) need no session to say them; nothing here imports Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tictactoe_gui.engine.analysis import Verdict
from tictactoe_gui.storage.records import WinLossDraw

if TYPE_CHECKING:
    from tictactoe_gui.engine.game_interface import GameSpec


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``"1 game"``, ``"2 games"``: a count with its noun, singular for one."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def greeting_for(name: str, record: WinLossDraw | None, game: str) -> str:
    """A person's record in ``game`` (the records count each game apart): "Welcome back,
    Alice — Connect Four: 5 wins, 3 losses, 2 draws", or a first-time welcome that names
    the game."""
    if record is None or record.games == 0:
        return f"Welcome, {name}! This is your first game of {game} here — good luck."
    return f"Welcome back, {name} — {game}: {record.summary()}"


def game_over(words: str) -> str:
    """How a game's end reads in one sentence, in the status bar and the analysis dock alike:
    ``"Game over: Cop (O) wins."``, ``"Game over: a draw."``; ``""``: ``"Game over."``."""
    return f"Game over: {words}." if words else "Game over."


def resigned_ending(loser: str, loser_seat: str, winner: str, winner_seat: str) -> str:
    """A replay's last move of a game given up, one clause its caller ends: ``"Ada (X)
    resigned; Cop (O) wins"`` (the status bar's "move 9 of 9: …", the board's note "….")."""
    return f"{loser} ({loser_seat}) resigned; {winner} ({winner_seat}) wins"


def sentence(words: str) -> str:
    """``words`` as a sentence: capitalised, unless they begin with a move's name, which
    keeps its case ("Cell b2 is already taken by X.", "e5 is not in the row or column …")."""
    first = words.split(" ", 1)[0]
    if not any(character.isdigit() for character in first):
        words = words[:1].upper() + words[1:]
    return words if words.endswith(".") else f"{words}."


def series_resumed(game: int, games: int) -> str:
    """Said when a series left between two of its games goes on at the next start."""
    return (
        f"The series goes on with game {game} of {games}, paused: Resume (Ctrl+P) plays on, "
        "Step (Ctrl+.) plays one move."
    )


def tie_words(each: int) -> str:
    """A game kept on points that nobody won, without its article: ``"tie at 7 each"``."""
    return f"tie at {each} each"


def score_words(winning: int, losing: int) -> str:
    """What follows the winner of a game kept on points: ``", 14 to 9"``."""
    return f", {winning} to {losing}"


def replay_status(title: str, position: int, total: int, ending: str | None) -> str:
    """Where a replay stands, in every game: ``"Replay: Ada vs Cop, 2 May — move 5 of 9"``,
    and at a recorded end how the game ended (``ending``: ``"Cop (O) wins"``, or who
    resigned), which the sentence then closes."""
    text = f"Replay: {title} — move {position} of {total}"
    return f"{text}: {ending}." if ending else text


#: The coach's words on a move, proven.
VERDICT_WORDS = {
    Verdict.BEST: "best move",
    Verdict.GOOD: "good: the outcome is unchanged",
    Verdict.MISTAKE: "a mistake: a win slipped away",
    Verdict.BLUNDER: "a blunder: this now loses",
}
#: The same verdicts against an estimate, which proves nothing.
ESTIMATE_VERDICT_WORDS = {
    Verdict.BEST: "best move by the estimate",
    Verdict.GOOD: "good by the estimate",
    Verdict.MISTAKE: "a mistake by the estimate",
    Verdict.BLUNDER: "a blunder by the estimate",
}


def game_title(names: tuple[str, str], spec: GameSpec) -> str:
    """A game's title (the window's): its players by seat, and the game unless it is
    tic-tac-toe, the app's own ("Ann (X) vs Cop (O) · Connect Four")."""
    seats = spec.seats
    game = "" if spec.variant.is_tictactoe else f" · {spec.name}"
    return f"{names[0]} ({seats[0]}) vs {names[1]} ({seats[1]}){game}"
