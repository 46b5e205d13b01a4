"""Every game saved to a file and read back: one format for every game of the registry
(k in a row, Connect Four, Row & Column), written and read here alone.

A saved game is a small JSON object (UTF-8, one file per game)::

    {"app": "tictactoe-gui", "format": 4, "game": "connect4",
     "start": "7/7/7/7/7/7",
     "tree": [{"children": [1]}, {"move": "d1", "children": [2, 4]},
              {"move": "d2", "children": [3]}, {"move": "c1", "children": []},
              {"move": "e1", "children": []}],
     "ply": 2,
     "players": {"mode": "human-vs-ai",
                 "seats": [{"kind": "human", "name": "Ann"}, {"kind": "ai", "name": "kitty"}],
                 "record": true, "from_position": false},
     "seed": 12345, "hints": [1, 0], "started": "2026-05-01T10:00:00+00:00",
     "result": null, "resigned": null}

``game`` is any id ``--game`` takes, ``start`` the start position as the game writes it
(:meth:`~tictactoe_gui.engine.games.GameState.position_text`). ``tree`` holds every line
played from the start (:meth:`~tictactoe_gui.engine.move_tree.MoveTree.to_json`): node 0
is the start, every other node a move in the game's notation (``a1`` is k in a row's
bottom-left cell, ``d1`` Connect Four's fourth column) with the nodes that follow it, the
line that goes on first; a node's other children are variations, kept when saved again.
The nodes are a flat list that names its children by index, so that a game of 400 moves is
not 800 levels of nested JSON. ``ply`` says how many moves of the main line are played (the
rest were taken back and can be played again); where the board's line is a variation,
``line`` is the number of its last node and ``ply`` counts along it.

``players`` says who sits in each seat and how (``kind`` ``human``, ``ai`` or ``engine``;
a file never starts an engine: such a game opens as a replay), ``seed`` the game's own seed
(so the computer players go on deciding as they would have), ``hints`` the hints each seat
asked for, ``started`` when the game began, ``result`` the result as the window says it
(null while the game goes on), ``resigned`` the seat (0 or 1) that gave the game up where
``ply`` moves were played (null: nobody; such a game opens finished, as one over on the
board does). A game between two computer players adds its series (its length, its seed, the
pause between moves and the score of the games it has finished; ``points`` where the game
keeps a score)::

     "series": {"games": 10, "seed": 11, "move_delay_ms": 700,
                "wins": [2, 1], "draws": 3}

A replay saved as one has no ``players`` but the two names (``"names": ["Ann", "Bob"]``),
and opens as a replay again.

Every file an earlier version saved still opens as it did: k in a row's format 1 (a list of
``moves``, the names as ``x`` and ``o``: a replay) and format 2 (its ``players`` as ``x``
and ``o``, its series' score as ``x_wins``, ``o_wins`` and ``draws``); the other games'
format 2 (a list of ``moves``) and format 3 (``games`` in ``players``). The two formats
numbered 2 are told apart by their fields (``players.seats`` or ``moves``: the table's). A
Piskvork game (``.psq``, see :mod:`~tictactoe_gui.engine.field_formats`) is read too, told
by its content, and opens as a replay; a game is written as one where the file's name ends
in ``.psq``. Reading checks everything against the rules and says in one line what is wrong
with a file that does not hold a game, naming the field.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import tempfile
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Final

from tictactoe_gui.engine.games import GameError, GameSpec, GameState, find_game
from tictactoe_gui.engine.move_tree import ROOT, MoveTree, TreeError
from tictactoe_gui.session.seats import PlayerKind, PlayerSpec
from tictactoe_gui.session.series import Tally, game_seed
from tictactoe_gui.session.setup import DEFAULT_MOVE_DELAY_MS
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode, validate_player_name

APP_TAG: Final = "tictactoe-gui"
FORMAT: Final = 4
#: The formats this version reads.
READABLE_FORMATS: Final = (1, 2, 3, 4)
#: Files bigger than this are not games (a 20×20 game is a few kilobytes).
MAX_BYTES: Final = 1_000_000
#: The most moves a file may hold, counting every line of its tree.
MAX_NODES: Final = 100_000
#: A seed is stored as the app draws it: a non-negative 64-bit number at most.
MAX_SEED: Final = 2**64 - 1
#: The most games a series may have (as New Game offers).
MAX_SERIES_GAMES: Final = 1000
#: The most points a series' score may count for a seat, either way.
MAX_POINTS: Final = 10**12
#: The longest pause between two computer players' moves a file may ask for.
MAX_MOVE_DELAY_MS: Final = 60_000


class TableFileError(ValueError):
    """A file that holds no game this version can open; the message says why, in one line."""


@dataclass(frozen=True)
class SavedTableGame:
    """A game as a file holds it: its setup, the moves played and those taken back, and
    what it takes to play on (its seed, hints, start time, the series' score)."""

    setup: TableSetup
    moves: tuple[int, ...]
    undone: tuple[int, ...]
    seed: int
    #: Every line played from the start, the variations beside the main line; None: the
    #: moves then those undone, one line.
    tree: MoveTree | None = None
    #: The seat that gave the game up after ``moves`` (None: nobody did).
    resigned: int | None = None
    #: The hints each seat asked for.
    hints: tuple[int, int] = (0, 0)
    #: When the game began (ISO 8601), as it goes to the records.
    started: str | None = None
    #: Two computer players: the score of the series' games finished before this one.
    tally: Tally | None = None
    #: The result as the window says it (None while the game goes on).
    result: str | None = None
    #: False where the file names the players but not how they play (a replay): the
    #: setup's seats are then people of those names, and the game is only replayed.
    players_known: bool = True

    def lines(self) -> MoveTree:
        """The game's tree of moves, holding the moves played then those undone."""
        tree = self.tree or MoveTree()
        return tree.follow(ROOT, (*self.moves, *self.undone))[0]

    @property
    def spec(self) -> GameSpec:
        return self.setup.spec

    @property
    def start(self) -> GameState:
        assert self.setup.start is not None
        return self.setup.start

    @property
    def names(self) -> tuple[str, str]:
        """The two players' names, as the game says them."""
        first, second = (seat.name_in(self.spec) for seat in self.setup.seats)
        return first, second

    @property
    def finished(self) -> bool:
        """Whether the game is over: on the board, given up, or said to be by the file."""
        return (
            self.resigned is not None
            or self.result is not None
            or self.start.play_all(self.moves).is_over
        )

    @property
    def playable(self) -> bool:
        """Whether the game can be played on: not finished, and its players known."""
        return self.players_known and not self.finished

    @property
    def worth_resuming(self) -> bool:
        """Whether a start should play on this game: one under way (a move played or taken
        back, or a series' next game on its empty board), or a series left between two of
        its games (:attr:`series_goes_on`)."""
        started = bool(self.moves or self.undone) or bool(self.tally and self.tally.games)
        return (self.playable and started) or self.series_goes_on

    @property
    def series_goes_on(self) -> bool:
        """Whether this finished game of two computer players has more of its series to
        play (its ``tally`` counts it): the series goes on with its next game."""
        tally = self.tally
        return (
            self.players_known
            and self.setup.mode is GameMode.AI_VS_AI
            and tally is not None
            and self.finished
            and tally.games < self.setup.games
        )

    @property
    def has_engine(self) -> bool:
        """Whether an external program plays a seat (a file never runs one by itself)."""
        return any(seat.is_engine for seat in self.setup.seats)

    def started_at(self) -> datetime | None:
        """When the game began, where the file says so in a form the records take."""
        if self.started is None:
            return None
        try:
            when = datetime.fromisoformat(self.started)
        except ValueError:
            return None  # then it started now, as far as the records can tell
        return when if when.tzinfo is not None else None


def saved_game(
    session: TableSession,
    undone: tuple[int, ...] = (),
    *,
    setup: TableSetup | None = None,
    tally: Tally | None = None,
) -> SavedTableGame:
    """``session``'s game as a file holds it, with ``undone`` taken back after its moves
    (``setup``: the setup to keep where it differs from the session's, such as a pace
    changed since; ``tally``: the series' score so far)."""
    setup = replace(setup or session.setup, start=session.start)
    return SavedTableGame(
        setup,
        tuple(session.moves),
        tuple(undone),
        session.seed,
        session.lines(),
        session.resigned,
        (session.hints[0], session.hints[1]),
        session.started_at.isoformat(),
        tally if setup.mode is GameMode.AI_VS_AI else None,
        session.result_words() or None,
    )


def game_json(game: SavedTableGame) -> str:
    """``game`` as a file of format 4 holds it."""
    spec, setup = game.spec, game.setup
    whole, end = game.lines().follow(ROOT, (*game.moves, *game.undone))
    whole, end = whole.renumbered(end)
    data: dict[str, object] = {
        "app": APP_TAG,
        "format": FORMAT,
        "game": spec.id,
        "start": game.start.position_text(),
        "tree": whole.to_json(lambda moves: spec.format_move(moves[-1])),
        "ply": len(game.moves),
    }
    if not whole.is_main_line(end):
        data["line"] = end  # the board's line is a variation: its last node
    if game.players_known:
        data["players"] = {
            "mode": setup.mode.value,
            "seats": [{"kind": seat.kind.value, "name": seat.name} for seat in setup.seats],
            "record": setup.record,
            "from_position": setup.from_position,
        }
    else:
        data["names"] = list(game.names)
    data["seed"] = game.seed
    data["hints"] = list(game.hints)
    data["started"] = game.started
    if game.players_known and setup.mode is GameMode.AI_VS_AI:
        tally = game.tally or Tally()
        series: dict[str, object] = {
            "games": setup.games,
            "seed": setup.seed,
            "move_delay_ms": setup.move_delay_ms,
            "wins": list(tally.wins),
            "draws": tally.level,
        }
        if tally.scored:
            series["points"] = list(tally.points)
        data["series"] = series
    data["result"] = game.result
    data["resigned"] = game.resigned
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def to_json(
    session: TableSession, undone: tuple[int, ...] = (), *, tally: Tally | None = None
) -> str:
    """``session``'s game, every line of it (:meth:`TableSession.lines`), as a file holds it;
    the board's line is the moves played then those taken back after them (``undone``);
    ``tally``, the score of its series so far."""
    return game_json(saved_game(session, undone, tally=tally))


def save(
    path: Path, session: TableSession, undone: tuple[int, ...] = (), *, tally: Tally | None = None
) -> None:
    """Write the game to ``path`` whole (a temporary file renamed over it)."""
    save_game(path, saved_game(session, undone, tally=tally))


def save_game(path: Path, game: SavedTableGame) -> None:
    """Write ``game`` to ``path`` whole or not at all: a temporary file beside it, then
    renamed over it, so a crash mid-write never leaves half a game (OSError when the file
    cannot be written)."""
    _write_whole(path, game_json(game))


def _write_whole(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def psq_text(game: SavedTableGame) -> str:
    """The game as a Piskvork ``.psq`` file (the whole line, moves taken back included);
    :class:`TableFileError` for a game the format cannot hold (from a set-up position)."""
    from tictactoe_gui.engine.field_formats import FieldFormatError, write_psq

    spec = game.spec
    empty = spec.new_game()
    if game.start.position_text() != empty.position_text():
        raise TableFileError("a .psq file holds a game from the empty board, not a set-up one")
    try:
        return write_psq(empty.play_all((*game.moves, *game.undone)))
    except FieldFormatError as error:
        raise TableFileError(str(error)) from None


def save_psq(path: Path, game: SavedTableGame) -> None:
    """Write ``game`` to ``path`` as a ``.psq`` file, whole or not at all."""
    _write_whole(path, psq_text(game))


def load(path: Path) -> SavedTableGame:
    """Read a saved game (or a Piskvork one); :class:`TableFileError` (one line) for
    anything else."""
    from tictactoe_gui.engine.field_formats import FileKind, kind_of

    try:
        if path.stat().st_size > MAX_BYTES:
            raise TableFileError(f"{path.name} is too big to be a saved game")
        raw = path.read_bytes()
    except OSError as error:
        raise TableFileError(f"cannot read {path.name}: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise TableFileError(f"{path.name} is not a saved game (not UTF-8 text)") from None
    kind = kind_of(text)
    psq_named = path.suffix.lower() == ".psq" and not text.lstrip().startswith("{")
    if kind is FileKind.PSQ or (psq_named and kind is not FileKind.DIGITS):
        # A file named .psq that is not one is told where it is not (not "not JSON").
        return from_psq(text, path.name)
    if kind is FileKind.DIGITS:
        raise TableFileError(
            f"{path.name} holds a game of column digits, which the board here cannot show yet "
            "(tictactoe-gui import records it, and review reviews it)"
        )
    return from_json(text, path.name)


def from_psq(text: str, name: str = "the file") -> SavedTableGame:
    """A Piskvork game: a replay of its moves, its programs' names as its players' where
    the file gives them; :class:`TableFileError` naming the line."""
    from tictactoe_gui.engine.field_formats import FieldFormatError, read_psq
    from tictactoe_gui.untrusted import shown

    try:
        read = read_psq(text)
    except FieldFormatError as error:
        raise TableFileError(f"{name}, {error}") from None
    state = read.state
    start = state.spec.new_game()
    names = ("X", "O") if read.names is None else tuple(shown(n, 32) for n in read.names)
    setup = replay_setup(state.spec, start, (names[0], names[1]))
    board = state.marks_board()
    outcome = None if board is None else board.outcome
    return SavedTableGame(
        setup,
        tuple(state.moves),
        (),
        0,
        result=None if outcome is None else str(outcome),
        players_known=False,
    )


def replay_setup(spec: GameSpec, start: GameState, names: tuple[str, str]) -> TableSetup:
    """Two people of ``names`` at ``start``: the setup of a game only replayed."""
    seats = (PlayerSpec(PlayerKind.HUMAN, names[0]), PlayerSpec(PlayerKind.HUMAN, names[1]))
    return TableSetup(spec, GameMode.HUMAN_VS_HUMAN, seats, start=start, record=False)


def from_json(text: str, name: str = "the file") -> SavedTableGame:
    """The game a saved file's text holds, of any format this version reads."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else "nested too deeply"
        raise TableFileError(f"{name} is not a saved game (not JSON: {reason})") from None
    if not isinstance(data, dict) or data.get("app") != APP_TAG:
        raise TableFileError(f"{name} is not a game saved by {APP_TAG}")
    version = data.get("format")
    if type(version) is not int or version not in READABLE_FORMATS:
        raise TableFileError(
            f"{name} is saved in format {version!r}; this version reads format "
            f"{READABLE_FORMATS[0]} to {READABLE_FORMATS[-1]}"
        )
    spec, start = _start(data, name)
    if version == 1 or (version == 2 and "tree" not in data):
        moves, tree = _line_of_moves(data.get("moves"), spec, start, name), None
    else:
        moves, tree = _line_of_tree(data.get("tree"), data.get("line"), spec, start, name)
    ply = data.get("ply", len(moves))
    if type(ply) is not int or not 0 <= ply <= len(moves):
        raise TableFileError(
            f"{name}: ply {ply!r} should be a number of moves from 0 to {len(moves)}"
        )
    players = data.get("players")
    if version == 4 and players is None:
        read = _Read(replay_setup(spec, start, _names(data.get("names"), spec, name)), None, False)
    elif version == 1 or (version == 2 and not _holds_seats(data)):
        read = _k_in_a_row_players(data, spec, start, name)
    else:
        setup = _setup(players, data, spec, start, name, version)
        ai_vs_ai = setup.mode is GameMode.AI_VS_AI
        read = _Read(setup, _tally(data, spec, name) if ai_vs_ai else None)
    setup = read.setup
    result = data.get("result")
    game = SavedTableGame(
        setup,
        moves[:ply],
        moves[ply:],
        _seed(data.get("seed"), setup, read.tally, name),
        tree,
        _resigned(data.get("resigned"), spec, start.play_all(moves[:ply]), name),
        _hints(data.get("hints"), spec, name),
        data.get("started") if isinstance(data.get("started"), str) else None,
        read.tally,
        result if isinstance(result, str) and result else None,
        read.players_known,
    )
    tally = game.tally
    if tally is not None and tally.games >= setup.games and not game.finished:
        # (A finished game's score may count it: the series ended with it.)
        raise TableFileError(f"{name}: the series has no game left to play ({setup.games} played)")
    return game


@dataclass(frozen=True)
class _Read:
    """Who plays a file's game, as read from it."""

    setup: TableSetup
    tally: Tally | None = None
    players_known: bool = True


def _start(data: dict[str, object], name: str) -> tuple[GameSpec, GameState]:
    game, start = data.get("game"), data.get("start")
    if not isinstance(game, str):
        raise TableFileError(f"{name} does not say which game it is")
    try:
        spec = find_game(game)
    except GameError as error:
        raise TableFileError(f"{name}: {error}") from None
    if not isinstance(start, str):
        raise TableFileError(f"{name} lacks the start position")
    try:
        return spec, spec.from_position_text(start)
    except GameError as error:
        raise TableFileError(f"{name}: the start position is wrong: {error}") from None


def _seed(value: object, setup: TableSetup, tally: Tally | None, name: str) -> int:
    """The game's seed; where the file has none (a replay, a file of k in a row that kept
    none), the one the game would have drawn: its series' next, else a fresh one."""
    if value is None:
        if setup.seed is not None:
            return game_seed(setup.seed, 0 if tally is None else tally.games)
        return random.randrange(2**32)
    if type(value) is not int or not 0 <= value <= MAX_SEED:
        raise TableFileError(f"{name}: the seed should be a whole number from 0 to 2^64 - 1")
    return value


def _hints(value: object, spec: GameSpec, name: str) -> tuple[int, int]:
    if value is None:
        return (0, 0)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(type(count) is not int or not 0 <= count <= MAX_NODES for count in value)
    ):
        first, second = spec.seats
        raise TableFileError(f"{name}: hints should be two counts, {first}'s and {second}'s")
    return value[0], value[1]


def _names(value: object, spec: GameSpec, name: str) -> tuple[str, str]:
    if value is None:
        return spec.seats[0], spec.seats[1]
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(who, str) and who.strip() for who in value)
    ):
        raise TableFileError(f"{name}: names should be the two players' names")
    return value[0][:64], value[1][:64]


def _resigned(data: object, spec: GameSpec, state: GameState, name: str) -> int | None:
    """The seat that gave the game up, checked: on its own turn, in a game one may give up."""
    if data is None:
        return None
    if type(data) is not int or data not in (0, 1):
        raise TableFileError(f"{name}: resigned {data!r} is no seat (0 or 1)")
    if not spec.can_resign:
        raise TableFileError(f"{name}: a game of {spec.name} ends on the board; no one resigns")
    if state.to_move != data:
        turn = "nobody's turn" if state.to_move is None else f"{spec.seats[state.to_move]}'s turn"
        raise TableFileError(f"{name}: {spec.seats[data]} resigned, but it was {turn}")
    return data


def _line_of_tree(
    data: object, end: object, spec: GameSpec, start: GameState, name: str
) -> tuple[tuple[int, ...], MoveTree | None]:
    """The board's line (the main line, or the one to node ``end``) and, where the tree
    holds variations, the whole tree; every line is checked against the rules."""

    def read(state: GameState, written: object) -> tuple[int, GameState]:
        if not isinstance(written, str):
            raise GameError("not a move")
        move = spec.parse_move(written)
        return move, state.play(move)

    try:
        tree = MoveTree.from_json(data, start, read, max_nodes=MAX_NODES)
    except TreeError as error:
        raise TableFileError(f"{name}: {error}") from None
    if end is None:
        end = tree.line_from(ROOT)[-1] if tree.children(ROOT) else ROOT
    elif type(end) is not int or not 0 < end < len(tree):
        raise TableFileError(f"{name}: line should be the number of a node of the tree")
    tree, end = tree.renumbered(end)
    line = tree.moves_to(end)
    if all(len(node.children) <= 1 for node in tree.nodes):
        return line, None
    return line, tree


def check_mode(mode: GameMode, seats: tuple[Seat, Seat], name: str) -> None:
    """Refuse seats that do not fit ``mode`` (a person where two programs play...)."""
    people = sum(not seat.is_ai for seat in seats)
    expected = {GameMode.HUMAN_VS_HUMAN: 2, GameMode.HUMAN_VS_AI: 1, GameMode.AI_VS_AI: 0}
    if people != expected[mode]:
        raise TableFileError(f"{name}: the players do not fit the mode {mode.value}")


def mode_of(value: object, name: str) -> GameMode:
    try:
        return GameMode(str(value))
    except ValueError:
        raise TableFileError(f"{name}: unknown mode {str(value)[:40]!r}") from None


def seat_of(value: object, label: str, spec: GameSpec, name: str) -> Seat:
    """The player of a seat (``label``: the seat's name, X or O), checked."""
    if not isinstance(value, dict):
        raise TableFileError(f"{name} does not say who plays {label}")
    kind, who = value.get("kind"), value.get("name")
    try:
        if not isinstance(who, str):
            raise ValueError("no name")
        if kind == PlayerKind.HUMAN:
            return Seat.human(validate_player_name(who))
        if kind == PlayerKind.AI:
            return Seat.for_game(spec, who)
        if kind == PlayerKind.ENGINE:
            return Seat.engine(who)
        raise ValueError(f"unknown kind of player {str(kind)[:40]!r}")
    except (ValueError, LookupError) as error:
        raise TableFileError(f"{name}: the player of {label} is wrong: {error}") from None


def _setup(
    players: object,
    data: dict[str, object],
    spec: GameSpec,
    start: GameState,
    name: str,
    version: int,
) -> TableSetup:
    if not isinstance(players, dict):
        raise TableFileError(f"{name}: no players")
    seats_data = players.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != 2:
        raise TableFileError(f"{name}: two seats are needed")
    mode = mode_of(players.get("mode"), name)
    first, second = (
        seat_of(seat, spec.seats[index], spec, name) for index, seat in enumerate(seats_data)
    )
    check_mode(mode, (first, second), name)
    games, seed, delay = _series(data.get("series"), name) if version >= 4 else _NO_SERIES
    if version < 4:  # a table game's series kept its length among the players
        games = players.get("games", 1)  # TableSetup checks it
    try:
        setup = TableSetup(
            spec,
            mode,
            (first, second),
            start=start,
            from_position=bool(players.get("from_position", False)),
            seed=seed,
            record=players.get("record", True) is not False,
            games=games,
        )
        return setup if delay is None else replace(setup, move_delay_ms=delay)
    except (ValueError, GameError) as error:
        raise TableFileError(f"{name}: {error}") from None


#: A series' length, seed and pace where a file keeps none: one game at the table's pace.
_NO_SERIES: Final[tuple[int, int | None, int | None]] = (1, None, None)


def _series(value: object, name: str) -> tuple[int, int | None, int | None]:
    """A series' length, seed and pace (None: the table's pace)."""
    if value is None:
        return _NO_SERIES
    if not isinstance(value, dict):
        raise TableFileError(f"{name}: the series should say its games, seed, pace and score")
    games = series_count(value, "games", 1, MAX_SERIES_GAMES, 1, name)
    seed = value.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise TableFileError(
            f"{name}: the series' seed should be a whole number from 0 to 2^64 - 1"
        )
    delay = series_count(value, "move_delay_ms", 0, MAX_MOVE_DELAY_MS, DEFAULT_MOVE_DELAY_MS, name)
    return games, seed, delay


def series_count(
    value: dict[str, object], key: str, low: int, high: int, default: int, name: str
) -> int:
    number = value.get(key, default)
    if type(number) is not int or not low <= number <= high:
        raise TableFileError(f"{name}: the series' {key} should be a number from {low} to {high}")
    return number


def _tally(data: dict[str, object], spec: GameSpec, name: str) -> Tally | None:
    """The score of a format-4 series' games finished (None where it has no series)."""
    value = data.get("series")
    if not isinstance(value, dict):
        return None
    games = series_count(value, "games", 1, MAX_SERIES_GAMES, 1, name)

    def pair(key: str, low: int, high: int) -> list[int] | None:
        pair = value.get(key)
        if pair is None:
            return None
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or any(type(n) is not int or not low <= n <= high for n in pair)
        ):
            raise TableFileError(
                f"{name}: the series' {key} should be two numbers from {low} to {high}, "
                f"{spec.seats[0]}'s and {spec.seats[1]}'s"
            )
        return [pair[0], pair[1]]

    wins = pair("wins", 0, games) or [0, 0]
    # (Points may be below zero: a grid of numbers has some.)
    points = pair("points", -MAX_POINTS, MAX_POINTS)
    tally = Tally(wins, series_count(value, "draws", 0, games, 0, name))
    if points is not None:
        tally.points, tally.scored = points, True
    return checked_tally(tally, games, name)


def checked_tally(tally: Tally, games: int, name: str) -> Tally:
    if tally.games > games:
        raise TableFileError(f"{name}: the series' score counts more than its {games} games")
    return tally


# -- the formats of earlier versions ------------------------------------------------------


def _holds_seats(data: dict[str, object]) -> bool:
    """Whether a file of format 2 is a table game's (its players by ``seats``, or its line
    a list of ``moves``) rather than k in a row's (its players as ``x`` and ``o``)."""
    players = data.get("players")
    return "moves" in data or (isinstance(players, dict) and "seats" in players)


def _line_of_moves(
    moves_data: object, spec: GameSpec, start: GameState, name: str
) -> tuple[int, ...]:
    """The one line of a file of format 1 (k in a row's) or 2 (the table's)."""
    if not isinstance(moves_data, list):
        raise TableFileError(f"{name}: the moves are not a list of moves")
    moves: list[int] = []
    state = start
    for number, written in enumerate(moves_data, 1):
        try:
            if not isinstance(written, str):
                raise GameError("not a move")
            move = spec.parse_move(written)
            state = state.play(move)
        except GameError as error:
            raise TableFileError(f"{name}: move {number} ({str(written)[:20]}): {error}") from None
        moves.append(move)
    return tuple(moves)


def _k_in_a_row_players(
    data: dict[str, object], spec: GameSpec, start: GameState, name: str
) -> _Read:
    """Who plays a game of k in a row saved in format 1 or 2: its players as ``x`` and
    ``o``, its series' score as ``x_wins``, ``o_wins`` and ``draws``; a replay of the two
    names where the file says no more."""
    board = start.marks_board()
    if board is None:
        raise TableFileError(f"{name} holds {spec.name}, which its format cannot hold")
    players = data.get("players")
    if data.get("format") == 1 or players is None:
        x, o = data.get("x"), data.get("o")
        names = (
            x[:64] if isinstance(x, str) and x.strip() else "X",
            o[:64] if isinstance(o, str) and o.strip() else "O",
        )
        return _Read(replay_setup(spec, start, names), None, False)
    if not isinstance(players, dict):
        raise TableFileError(f"{name} does not say who plays")
    mode = mode_of(players.get("mode"), name)
    seats = (seat_of(players.get("x"), "X", spec, name), seat_of(players.get("o"), "O", spec, name))
    check_mode(mode, seats, name)
    series = data.get("series") if mode is GameMode.AI_VS_AI else None
    games, seed, delay = _series(series, name)
    tally = None
    if isinstance(series, dict):
        wins = [series_count(series, key, 0, games, 0, name) for key in ("x_wins", "o_wins")]
        tally = checked_tally(
            Tally(wins, series_count(series, "draws", 0, games, 0, name)), games, name
        )
    setup = TableSetup(
        spec,
        mode,
        seats,
        start=start,
        from_position=board.ply > 0,
        seed=seed,
        record=players.get("record", True) is not False,
        # k in a row's own pace, where no series was kept
        move_delay_ms=DEFAULT_MOVE_DELAY_MS if delay is None else delay,
        games=games,
    )
    return _Read(setup, tally)


def table_game_of(text: str) -> GameSpec | None:
    """The table game a saved file's text holds (None: not one; k in a row or no game)."""
    try:
        data = json.loads(text)
        spec = find_game(str(data["game"])) if isinstance(data, dict) else None
    except (ValueError, KeyError, TypeError):
        return None
    if spec is None or spec.k_in_a_row_board:
        return None
    return spec
