"""Command line: the window by default, subcommands for analysis, matches and records.

    tictactoe-gui                      open the window
    tictactoe-gui analyse BOARD...     score every move of one or more positions
    tictactoe-gui match --x P --o P    play personas against each other
    tictactoe-gui play --persona P     play a persona in the terminal
    tictactoe-gui leaderboard          standings from the recorded games
    tictactoe-gui history              recorded games, newest first

Bad input of any kind prints one line on stderr naming the problem and exits
with status 2; nothing here prints a traceback for a user's mistake.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn, TextIO

from tictactoe_gui import __version__
from tictactoe_gui.engine import (
    PERSONAS,
    Algorithm,
    Analysis,
    Board,
    BoardError,
    CallbackPlayer,
    Decision,
    Event,
    GameRecord,
    Mark,
    Move,
    PersonaPlayer,
    TranspositionTable,
    analyse,
    get_persona,
    play_game,
    play_series,
)
from tictactoe_gui.records_bridge import finished_game, side_name
from tictactoe_gui.storage import Repository, default_database_path, open_or_recover
from tictactoe_gui.storage.records import (
    GameFilter,
    GameMode,
    RecordsError,
    Result,
    Side,
    SideKind,
    validate_player_name,
)

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
PROG = "tictactoe-gui"
#: The longest series ``match`` plays: about a quarter of an hour of Sera against Cop.
MAX_GAMES = 1_000_000


class UsageError(Exception):
    """A user's mistake: reported as one line on stderr with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors are one line (no usage dump) and raise instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def _game_count(text: str) -> int:
    games = _positive_int(text)
    if games > MAX_GAMES:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_GAMES:,} games in one series, got {games:,}"
        )
    return games


def _database_option(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected the path of a records file, got an empty one")
    return Path(text)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, got {text!r}") from None


def _player_name(text: str) -> str:
    try:
        return validate_player_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _persona_key(text: str) -> str:
    try:
        return get_persona(text).key
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_db_option(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    parser.add_argument(
        "--db",
        type=_database_option,
        metavar="PATH",
        # A subcommand's unset --db must not overwrite one given before the subcommand.
        default=None if top_level else argparse.SUPPRESS,
        help="the records database (default: $TICTACTOE_GUI_DB or the user data directory)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="A tic-tac-toe game and study tool. With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="start the window offscreen, play and record one game, check it, and exit",
    )
    _add_db_option(parser, top_level=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    personas = ", ".join(PERSONAS)
    analyse_parser = commands.add_parser(
        "analyse",
        aliases=["analyze"],
        help="score every move of one or more positions",
        description=(
            "Analyse positions given as 9 characters, row-major: X, O and . for empty "
            "(- or a space also mean empty; / or | between rows are ignored), e.g. "
            "'X.O.X....'. Use - to read one board per line from standard input."
        ),
    )
    analyse_parser.add_argument("boards", nargs="+", metavar="BOARD")
    analyse_parser.add_argument("--json", action="store_true", help="one JSON object per line")
    analyse_parser.add_argument(
        "--algorithm",
        choices=[a.value for a in Algorithm],
        default=Algorithm.TABLE.value,
        help="search algorithm (default: table)",
    )
    analyse_parser.add_argument(
        "--persona", type=_persona_key, help=f"also show the move this persona plays ({personas})"
    )
    analyse_parser.add_argument(
        "--seed", type=_seed, help="seed for the persona's choice (with --persona)"
    )

    match_parser = commands.add_parser(
        "match",
        help="play personas against each other and print the tally",
        description=f"Play a series of games between two personas ({personas}).",
    )
    match_parser.add_argument(
        "--x", required=True, type=_persona_key, metavar="PERSONA", help="the persona playing X"
    )
    match_parser.add_argument(
        "--o", required=True, type=_persona_key, metavar="PERSONA", help="the persona playing O"
    )
    match_parser.add_argument(
        "--games", type=_game_count, default=1, metavar="N", help="how many games (default 1)"
    )
    match_parser.add_argument("--seed", type=_seed, help="seed for a reproducible series")
    match_parser.add_argument("--json", action="store_true", help="print the tally as JSON")
    match_parser.add_argument(
        "--record", action="store_true", help="store every game in the records database"
    )
    _add_db_option(match_parser)

    play_parser = commands.add_parser(
        "play",
        help="play a persona in the terminal",
        description=(
            "Play against a persona at the terminal. Type a digit 1-9 for a cell in "
            "numeric-keypad layout (7 8 9 is the top row), or 'q' to stop."
        ),
    )
    play_parser.add_argument(
        "--persona",
        type=_persona_key,
        default="cop",
        help=f"your opponent ({personas}; default: cop)",
    )
    play_parser.add_argument(
        "--as",
        dest="mark",
        choices=["X", "O", "x", "o"],
        default="X",
        help="the mark you play (default: X, who moves first)",
    )
    play_parser.add_argument("--seed", type=_seed, help="seed for the persona's choices")
    play_parser.add_argument(
        "--name", type=_player_name, default="Player", help="your name (default: Player)"
    )
    play_parser.add_argument(
        "--record", action="store_true", help="store the finished game in the records database"
    )
    _add_db_option(play_parser)

    leaderboard_parser = commands.add_parser(
        "leaderboard",
        help="standings from the recorded games",
        description="People and personas ranked by their recorded wins.",
    )
    leaderboard_parser.add_argument(
        "--against", type=_persona_key, metavar="PERSONA", help="count only games against it"
    )
    leaderboard_parser.add_argument("--json", action="store_true", help="one JSON object per line")
    _add_db_option(leaderboard_parser)

    history_parser = commands.add_parser(
        "history",
        help="recorded games, newest first",
        description="Recorded games, newest first.",
    )
    history_parser.add_argument(
        "--player", metavar="NAME", help="only games of this person or persona"
    )
    history_parser.add_argument(
        "--limit", type=_positive_int, default=20, metavar="N", help="at most N games (default 20)"
    )
    history_parser.add_argument("--json", action="store_true", help="one JSON object per line")
    _add_db_option(history_parser)
    return parser


# -- analyse ----------------------------------------------------------------------------


def _read_boards(arguments: Sequence[str], stdin: TextIO) -> Iterator[tuple[str, str]]:
    """(label, text) for every board: command-line arguments, and stdin lines for ``-``."""
    for index, argument in enumerate(arguments, start=1):
        if argument == "-":
            for number, line in enumerate(stdin, start=1):
                text = line.rstrip("\r\n")
                if text.strip():
                    yield f"standard input line {number}", text
        else:
            yield f"argument {index}", argument


def _cell(move: Move) -> list[int]:
    return [move.row, move.col]


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    finished = analysis.board.is_over
    return {
        "board": analysis.board.to_text(),
        "to_move": None if finished else analysis.to_move.value,
        "outcome": analysis.prediction.code,
        "plies_to_end": analysis.prediction.plies_to_end,
        "best_moves": [_cell(m) for m in analysis.best_moves],
        "candidates": [
            {
                "row": c.move.row,
                "col": c.move.col,
                "score": c.score,
                "outcome": c.outcome.value,
                "plies_to_end": c.plies_to_end,
            }
            for c in analysis.candidates
        ],
        "principal_variation": [_cell(m) for m in analysis.principal_variation],
        "nodes": analysis.nodes,
        "max_depth": analysis.max_depth,
        "algorithm": analysis.algorithm.value,
        "elapsed_ms": round(analysis.elapsed * 1000, 3),
    }


def analysis_text(analysis: Analysis, chosen: Move | None, persona_name: str | None) -> str:
    lines = [analysis.board.pretty(), ""]
    if analysis.board.is_over:
        lines.append(f"Game over: {analysis.prediction}.")
        return "\n".join(lines)
    lines.append(f"{analysis.to_move} to move. Candidates, best first:")
    lines.append("   cell     score  outcome")
    best = set(analysis.best_moves)
    for candidate in analysis.candidates:
        marker = "*" if candidate.move in best else " "
        cell = f"({candidate.move.row}, {candidate.move.col})"
        lines.append(f" {marker} {cell:<8} {candidate.score:>5}  {candidate.describe}")
    line = " ".join(f"{m.row}{m.col}" for m in analysis.principal_variation)
    lines.append("")
    lines.append(f"Predicted with best play: {analysis.prediction}.")
    lines.append(f"Expected line (row col): {line}")
    lines.append(
        f"Searched {analysis.nodes:,} nodes to depth {analysis.max_depth} "
        f"with {analysis.algorithm.label} in {analysis.elapsed * 1000:.2f} ms."
    )
    if chosen is not None and persona_name is not None:
        lines.append(f"{persona_name} plays ({chosen.row}, {chosen.col}).")
    return "\n".join(lines)


def run_analyse(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if args.seed is not None and args.persona is None:
        raise UsageError("--seed chooses a persona's move; give --persona too")
    algorithm = Algorithm(args.algorithm)
    persona = get_persona(args.persona) if args.persona else None
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    table = TranspositionTable()
    first_search: dict[Board, Analysis] = {}
    failures = 0
    first = True
    for label, text in _read_boards(args.boards, stdin):
        try:
            board = Board.from_text(text)
        except BoardError as error:
            print(f"{PROG}: {label}: {error}", file=stderr)
            failures += 1
            continue
        analysis = first_search.get(board)
        if analysis is None:
            analysis = first_search[board] = analyse(board, algorithm, table=table)
        chosen = None
        if persona is not None and not board.is_over:
            chosen = persona.choose_move(board, random.Random(seed), table).move
        if args.json:
            payload = analysis_json(analysis)
            if persona is not None:
                payload["chosen_move"] = _cell(chosen) if chosen else None
            print(json.dumps(payload), file=stdout, flush=True)
        else:
            if not first:
                print(file=stdout)
            print(analysis_text(analysis, chosen, persona.name if persona else None), file=stdout)
        first = False
    return EXIT_USAGE if failures else EXIT_OK


# -- match -------------------------------------------------------------------------------


def run_match(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    x, o = get_persona(args.x), get_persona(args.o)
    on_game = None
    recorder = None
    if args.record:
        recorder = _GameRecorder(_database_path(args), x.key, o.key, stderr)
        on_game = recorder.save
    try:
        tally = play_series(x, o, args.games, args.seed, on_game=on_game)
    finally:
        if recorder is not None:
            recorder.close()
    if args.json:
        payload = {
            "x": tally.x,
            "o": tally.o,
            "games": tally.games,
            "seed": tally.seed,
            "x_wins": tally.x_wins,
            "o_wins": tally.o_wins,
            "draws": tally.draws,
        }
        print(json.dumps(payload), file=stdout)
    else:
        print(
            f"{x.name} (X) vs {o.name} (O), {tally.games} game{'s' * (tally.games != 1)}: "
            f"X won {tally.x_wins}, O won {tally.o_wins}, {tally.draws} drawn.",
            file=stdout,
        )
        if recorder is not None:
            saved = recorder.saved
            print(f"Recorded {saved} game{'s' * (saved != 1)} in {recorder.path}.", file=stdout)
    return EXIT_OK


def _database_path(args: argparse.Namespace) -> Path:
    path: Path | None = getattr(args, "db", None)
    return path if path is not None else default_database_path()


class _GameRecorder:
    """Saves each game of a series as it ends, one transaction each: a series stopped
    midway keeps every game it finished."""

    def __init__(self, path: Path, x_key: str, o_key: str, stderr: TextIO) -> None:
        self.repository, notice = open_or_recover(path)
        if notice is not None:
            print(f"{PROG}: {notice}", file=stderr)
        self.path = path
        self.x, self.o = Side.persona(x_key), Side.persona(o_key)
        self.saved = 0
        self._game_started = datetime.now(UTC)

    def save(self, record: GameRecord) -> None:
        ended = datetime.now(UTC)
        self.repository.save_game(
            finished_game(record, self.x, self.o, GameMode.AI_VS_AI, self._game_started, ended)
        )
        self.saved += 1
        self._game_started = ended

    def close(self) -> None:
        self.repository.close()


# -- records -------------------------------------------------------------------------------


def _records_exist(path: Path) -> bool:
    """Whether the read-only commands should open ``path``.

    Reading creates nothing: a records file that is not there yet simply holds
    no games. A path that could never hold one (a file where a folder should
    be) is still opened, so that the error says why.
    """
    try:
        if path.exists():
            return True
    except OSError:  # not even allowed to look: opening it says so clearly
        return True
    folder = path.parent
    while not folder.exists():
        folder = folder.parent
    return not folder.is_dir()


def run_leaderboard(args: argparse.Namespace, stdout: TextIO) -> int:
    standings = []
    path = _database_path(args)
    if _records_exist(path):
        with Repository.open(path) as repository:
            standings = repository.standings(args.against)
    if args.json:
        for standing in standings:
            record = standing.record
            payload = {
                "name": standing.side.name,
                "kind": standing.side.kind.value,
                "games": record.games,
                "wins": record.wins,
                "losses": record.losses,
                "draws": record.draws,
                "win_rate": round(record.win_rate, 4),
            }
            print(json.dumps(payload, ensure_ascii=False), file=stdout)
        return EXIT_OK
    if not standings:
        print("No games recorded yet.", file=stdout)
        return EXIT_OK
    print(
        f"{'#':>3}  {'player':<34} {'games':>6} {'wins':>6} {'losses':>6} {'draws':>6} {'rate':>5}",
        file=stdout,
    )
    for rank, standing in enumerate(standings, start=1):
        record = standing.record
        name = side_name(standing.side)
        if standing.side.kind is SideKind.PERSONA:
            name += " (AI)"
        print(
            f"{rank:>3}  {name:<34} {record.games:>6} {record.wins:>6} {record.losses:>6}"
            f" {record.draws:>6} {record.win_rate:>5.0%}",
            file=stdout,
        )
    return EXIT_OK


def run_history(args: argparse.Namespace, stdout: TextIO) -> int:
    player = args.player
    if player is not None:
        try:
            player = validate_player_name(player)
        except ValueError as error:
            raise UsageError(f"--player: {error}") from None
    games = []
    path = _database_path(args)
    if _records_exist(path):
        with Repository.open(path) as repository:
            games = repository.list_games(GameFilter(player=player), 0, args.limit)
    for game in games:
        if args.json:
            payload = {
                "id": game.id,
                "uuid": game.uid,
                "started_at": game.started_at.isoformat(),
                "ended_at": game.ended_at.isoformat(),
                "mode": game.mode.value,
                "x": {"kind": game.x.kind.value, "name": game.x.name},
                "o": {"kind": game.o.kind.value, "name": game.o.name},
                "result": game.result.value,
                "plies": game.plies,
                "seed": game.seed,
            }
            print(json.dumps(payload, ensure_ascii=False), file=stdout)
        else:
            result = "draw" if game.result is Result.DRAW else f"{game.result.value} wins"
            print(
                f"{game.ended_at.astimezone().strftime('%Y-%m-%d %H:%M')}  "
                f"{side_name(game.x)} (X) vs {side_name(game.o)} (O): {result}"
                f" in {game.plies} moves  [game {game.id}]",
                file=stdout,
            )
    if not games and not args.json:
        print("No games recorded yet." if player is None else f"No games of {player}.", file=stdout)
    return EXIT_OK


# -- play --------------------------------------------------------------------------------

#: Keypad digit -> cell index: 7 8 9 is the top row, 1 2 3 the bottom one.
KEYPAD = {str(d): i for d, i in zip((7, 8, 9, 4, 5, 6, 1, 2, 3), range(9), strict=True)}


class _InputEnded(Exception):  # noqa: N818 - an event, not an error: the player left
    """The player quit, or standard input ended."""


class _Announced:
    """A persona player that says which cell it took, in the same keypad digits."""

    def __init__(self, player: PersonaPlayer, stdout: TextIO) -> None:
        self.player = player
        self.stdout = stdout
        self.name = player.name
        self.is_ai = True

    def decide(self, board: Board) -> Decision:
        decision = self.player.decide(board)
        digit = next(d for d, i in KEYPAD.items() if i == decision.move.index)
        print(f"{self.name} plays {digit}.", file=self.stdout)
        return decision


def run_play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    persona = get_persona(args.persona)
    human_mark = Mark(args.mark.upper())
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    table = TranspositionTable()
    repository = _open_play_records(args, stdout, stderr) if args.record else None
    print(f"{persona.name}: {persona.say(Event.GREETING)}", file=stdout)

    def ask(board: Board) -> Move:
        print(f"\n{board.pretty()}\n", file=stdout)
        while True:
            print("Your move (1-9, keypad layout; q to quit): ", end="", file=stdout, flush=True)
            line = stdin.readline()
            if not line:
                raise _InputEnded
            answer = line.strip().lower()
            if answer in {"q", "quit", "exit"}:
                raise _InputEnded
            if answer not in KEYPAD:
                print(f"'{line.strip()}' is not a cell: type a digit from 1 to 9.", file=stdout)
                continue
            move = Move.from_index(KEYPAD[answer])
            if not board.is_legal(move):
                print(f"That cell is taken by {board[move]}; choose an empty one.", file=stdout)
                continue
            return move

    human = CallbackPlayer(args.name, ask)
    ai = _Announced(PersonaPlayer(persona, rng, table), stdout)
    x, o = (human, ai) if human_mark is Mark.X else (ai, human)
    started = datetime.now(UTC)
    try:
        record = play_game(x, o, seed=seed, table=table)
    except _InputEnded:
        print(f"\nGame abandoned; nothing was recorded. {persona.name} waves goodbye.", file=stdout)
        if repository is not None:
            repository.close()
        return EXIT_OK
    print(f"\n{record.final.pretty()}\n", file=stdout)
    if record.winner is None:
        event, result = Event.DRAW, "A draw."
    elif record.winner is human_mark:
        event, result = Event.LOSS, "You win!"
    else:
        event, result = Event.WIN, f"{persona.name} wins."
    print(f"{result} {persona.name}: {persona.say(event, rng)}", file=stdout)
    if repository is not None:
        with repository:
            you, them = Side.human(args.name), Side.persona(persona.key)
            sides = (you, them) if human_mark is Mark.X else (them, you)
            game = finished_game(record, *sides, GameMode.HUMAN_VS_AI, started, datetime.now(UTC))
            repository.save_game(game)
            print(f"Recorded in {repository.path}.", file=stdout)
    return EXIT_OK


def _open_play_records(
    args: argparse.Namespace, stdout: TextIO, stderr: TextIO
) -> Repository | None:
    """The records for a terminal game, with a greeting; None (and why) if they cannot be used."""
    path = _database_path(args)
    try:
        repository, notice = open_or_recover(path)
    except RecordsError as error:
        print(f"{PROG}: recording is off: {error}", file=stderr)
        return None
    if notice is not None:
        print(f"{PROG}: {notice}", file=stderr)
    known = repository.record_of(args.name)
    if known is None:
        print(f"Welcome, {args.name}! Your first recorded game.", file=stdout)
    else:
        print(f"Welcome back, {args.name} — {known.summary()}.", file=stdout)
    return repository


# -- entry point ---------------------------------------------------------------------------


def _no_display_reason(environ: dict[str, str] | os._Environ[str]) -> str | None:
    """Why a window cannot open here, on a Linux machine with no display; None if it can.

    Qt would abort the process with a core dump instead of an error; say it plainly first.
    """
    if not sys.platform.startswith("linux") or environ.get("QT_QPA_PLATFORM"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set); "
        f"the commands still work without one: see '{PROG} --help'"
    )


def _open_window(args: argparse.Namespace, stderr: TextIO) -> int:
    reason = _no_display_reason(os.environ)
    if reason is not None:
        print(f"{PROG}: {reason}", file=stderr)
        return EXIT_FAILURE
    # Imported here so that the other commands never load Qt.
    from tictactoe_gui.gui.app import run

    return run([sys.argv[0] if sys.argv else PROG], db_path=args.db)


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    # A closed standard input reads as an empty one (sys.stdin is then None).
    stdin = stdin if stdin is not None else sys.stdin or io.StringIO()
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(arguments)
        if args.self_test:
            # Imported here so the other commands never load Qt.
            from tictactoe_gui.selftest import run_self_test

            return run_self_test(stdout=stdout, stderr=stderr)
        if args.command is None:
            return _open_window(args, stderr)
        code = _run_command(args, stdin, stdout, stderr)
        # Inside the try, so that output the system refused (a full disk) is reported here.
        if stdout is not None:
            stdout.flush()
        return code
    except UsageError as error:
        print(f"{PROG}: {error}", file=stderr)
        return EXIT_USAGE
    except RecordsError as error:
        print(f"{PROG}: {error}", file=stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=stderr)
        return 130
    except BrokenPipeError:
        # Output piped into something like `head` that stopped reading: not an error.
        _discard_pending_output()
        return EXIT_OK
    except OSError as error:
        # The system refused the output (a full disk) or the input (an I/O error).
        _discard_pending_output()
        print(f"{PROG}: cannot read input or write output: {error.strerror or error}", file=stderr)
        return EXIT_FAILURE


def _run_command(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if args.command in ("analyse", "analyze"):
        return run_analyse(args, stdin, stdout, stderr)
    if args.command == "match":
        return run_match(args, stdout, stderr)
    if args.command == "leaderboard":
        return run_leaderboard(args, stdout)
    if args.command == "history":
        return run_history(args, stdout)
    return run_play(args, stdin, stdout, stderr)


def _discard_pending_output() -> None:
    """Point the process's standard output at the null device, so that the interpreter's
    final flush of text it could not write raises nothing more at exit."""
    if sys.stdout is None:
        return
    try:
        fileno = sys.stdout.fileno()
    except (OSError, ValueError):  # not a real file (a test's buffer): nothing is pending
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)
