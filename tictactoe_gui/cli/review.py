"""``review GAME_ID``: a recorded game judged move by move (reads only).

``GAME_ID`` is the ``id`` that ``history`` shows. Each position is analysed
(``--time`` seconds each) and each move graded best, good, inaccuracy (?!),
mistake (?) or blunder (??), with the better move and its line where there is
one, proven or by the estimate; then each side's accuracy, which means what the
game's own verdicts mean. ``--json`` prints the same as one JSON object.
"""

from __future__ import annotations

import argparse
import json

from tictactoe_gui.cli.common import (
    EXIT_OK,
    Command,
    Streams,
    add_db_option,
    database_path,
    positive_int,
    records_exist,
    seconds,
)
from tictactoe_gui.engine.review import REVIEW_SECONDS, GameReview, ReviewedMove, side_line
from tictactoe_gui.session.review import RecordedGame, review_record
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameNotFoundError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game_id", type=positive_int, metavar="GAME_ID", help="the game's id, as history shows it"
    )
    parser.add_argument(
        "--time",
        type=seconds,
        default=REVIEW_SECONDS,
        metavar="SECONDS",
        help=f"how long each position is analysed (default {REVIEW_SECONDS:g}; 3×3 is "
        "exact at once; a move judged by the estimate says so, and more time proves more)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object")
    add_db_option(parser)


def run(args: argparse.Namespace, streams: Streams) -> int:
    path = database_path(args)
    if not records_exist(path):
        raise GameNotFoundError(f"no recorded game has id {args.game_id} (no records file yet)")
    with Repository.open(path) as repository:
        detail = repository.game(args.game_id)
    progress = None
    stderr = streams.stderr
    if stderr.isatty():  # a long game takes a while: say how far it got, on one line

        def progress(done: int, total: int) -> None:
            end = "\r" if done < total else "\r\033[K"
            print(f"Analysing position {done} of {total}…", end=end, file=stderr, flush=True)

    game, review = review_record(detail, time_per_position=args.time, progress=progress)
    if args.json:
        payload = {"id": game.id, "players": dict(zip(game.spec.seats, game.names, strict=True))}
        payload |= review.to_json()
        print(json.dumps(payload, ensure_ascii=False), file=streams.stdout)
    else:
        print(review_text(game, review), file=streams.stdout)
    return EXIT_OK


def move_line(move: ReviewedMove, seats: tuple[str, str]) -> str:
    """``"7. X c3 ?? blunder — better b3 (draw, proven): b3 c3 c2"``, one move of the
    review."""
    head = f"{move.ply:>3}. {seats[move.seat]} {move.text}{move.symbol}"
    if move.grade is None:
        return f"{head:<16} not judged"
    words = move.grade.value + (" by the estimate" if move.by_estimate else "")
    if move.better_text is None:
        return f"{head:<16} {words}"
    return f"{head:<16} {words} — better {move.better_said}"


def review_text(game: RecordedGame, review: GameReview) -> str:
    spec = game.spec
    seats = spec.seats
    result = review.to_json()["result"] or "not over"
    lines = [
        f"Review of game {game.id}: {game.names[0]} ({seats[0]}) vs {game.names[1]} "
        f"({seats[1]}), {spec.name} — {result}",
        f"Start: {review.readings[0].words}.",
        "",
    ]
    lines.extend(move_line(move, seats) for move in review.moves)
    if review.resigned is not None:
        lines.append(f"     {seats[review.resigned]} resigned")
    lines.append("")
    for side, name in zip(review.sides, game.names, strict=True):
        lines.append(side_line(name, side))
    return "\n".join(lines)


COMMAND = Command(
    name="review",
    help="a recorded game judged move by move",
    description=(
        "Review a recorded game (GAME_ID as history shows it): every move graded best, good,"
        " inaccuracy (?!), mistake (?) or blunder (??), with the better move and its line,"
        " proven where the engine proves it and by the estimate otherwise, and each side's"
        " accuracy."
    ),
    configure=configure,
    run=run,
)
