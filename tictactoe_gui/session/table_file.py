"""A game of the table (Connect Four, Row & Column, any game of the registry that is not
k in a row) saved to a file and read back.

A saved table game is a small JSON object (UTF-8, one file per game)::

    {"app": "tictactoe-gui", "format": 3, "game": "connect4",
     "start": "7/7/7/7/7/7",
     "tree": [{"children": [1]}, {"move": "d1", "children": [2, 4]},
              {"move": "d2", "children": [3]}, {"move": "c1", "children": []},
              {"move": "e1", "children": []}],
     "ply": 2,
     "players": {"mode": "human-vs-ai",
                 "seats": [{"kind": "human", "name": "Ann"}, {"kind": "ai", "name": "kitty"}],
                 "record": true, "from_position": false, "games": 1},
     "seed": 12345, "result": null, "resigned": null}

``game`` is any id ``--game`` takes, ``start`` the start position as the game writes it
(:meth:`~tictactoe_gui.engine.games.GameState.position_text`). ``tree`` holds every line
played from the start in the shape k in a row's saved games keep (``gui/game_file.py``,
:meth:`~tictactoe_gui.engine.move_tree.MoveTree.to_json`): node 0 is the start, every
other node a move in the game's notation with the nodes that follow it, the line that goes
on first; a node's other children are variations. ``ply`` says how many moves of the main
line are played (the rest were taken back and can be played again); where the board's line
is a variation, ``line`` is the number of its last node and ``ply`` counts along it.
``resigned`` is the seat (0 or 1) that gave the game up where ``ply`` moves were played
(null, or missing in older files: nobody); such a game opens finished, as one over on
the board does. ``games`` is how many games two computer players' series plays (missing in
older files: 1).
Format 2 (``"moves": ["d1", "d2", "c1"]``, one line and no variation) is still read.
Reading checks everything against the rules and says in one line what is wrong with a file
that does not hold a game. The k-in-a-row games keep their own file (``gui/game_file.py``),
which has the same ``app``, ``format`` and ``game``.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from tictactoe_gui.engine.games import GameError, GameSpec, GameState, find_game
from tictactoe_gui.engine.move_tree import ROOT, MoveTree, TreeError
from tictactoe_gui.session.seats import PlayerKind
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode, validate_player_name

APP_TAG: Final = "tictactoe-gui"
FORMAT: Final = 3
#: The formats this version reads.
READABLE_FORMATS: Final = (2, 3)
#: Files bigger than this are not games.
MAX_BYTES: Final = 1_000_000
#: The most moves a file may hold, counting every line of its tree.
MAX_NODES: Final = 100_000


class TableFileError(ValueError):
    """A file that holds no table game this version can play; the message says why."""


@dataclass(frozen=True)
class SavedTableGame:
    """A table game as a file holds it: its setup, the moves played and those taken back."""

    setup: TableSetup
    moves: tuple[int, ...]
    undone: tuple[int, ...]
    seed: int
    #: Every line played from the start, the variations beside the main line; None: the
    #: moves then those undone, one line.
    tree: MoveTree | None = None
    #: The seat that gave the game up after ``moves`` (None: nobody did).
    resigned: int | None = None

    def lines(self) -> MoveTree:
        """The game's tree of moves, holding the moves played then those undone."""
        tree = self.tree or MoveTree()
        return tree.follow(ROOT, (*self.moves, *self.undone))[0]

    @property
    def start(self) -> GameState:
        assert self.setup.start is not None
        return self.setup.start

    @property
    def finished(self) -> bool:
        """Whether the game is over: on the board, or given up."""
        return self.resigned is not None or self.start.play_all(self.moves).is_over


def to_json(session: TableSession, undone: tuple[int, ...] = ()) -> str:
    """``session``'s game, every line of it (:meth:`TableSession.lines`), as a file holds it;
    the board's line is the moves played then those taken back after them (``undone``)."""
    spec = session.spec
    setup = session.setup
    words = session.result_words()
    whole, end = session.lines().follow(ROOT, (*session.moves, *undone))
    whole, end = whole.renumbered(end)
    data: dict[str, object] = {
        "app": APP_TAG,
        "format": FORMAT,
        "game": spec.id,
        "start": session.start.position_text(),
        "tree": whole.to_json(lambda moves: spec.format_move(moves[-1])),
        "ply": len(session.moves),
        "players": {
            "mode": setup.mode.value,
            "seats": [{"kind": seat.kind.value, "name": seat.name} for seat in setup.seats],
            "record": setup.record,
            "from_position": setup.from_position,
            "games": setup.games,
        },
        "seed": session.seed,
        "result": words or None,
        "resigned": session.resigned,
    }
    if not whole.is_main_line(end):
        data["line"] = end  # the board's line is a variation: its last node
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def save(path: Path, session: TableSession, undone: tuple[int, ...] = ()) -> None:
    """Write the game to ``path`` whole (a temporary file renamed over it)."""
    text = to_json(session, undone)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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


def load(path: Path) -> SavedTableGame:
    try:
        if path.stat().st_size > MAX_BYTES:
            raise TableFileError(f"{path.name} is too big to be a saved game")
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise TableFileError(f"{path.name} could not be read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise TableFileError(f"{path.name} is not a text file") from None
    return from_json(text, path.name)


def from_json(text: str, name: str = "the file") -> SavedTableGame:
    try:
        data = json.loads(text)
    except ValueError:
        raise TableFileError(f"{name} is not a saved game (not JSON)") from None
    if not isinstance(data, dict) or data.get("app") != APP_TAG:
        raise TableFileError(f"{name} is not a game saved by {APP_TAG}")
    version = data.get("format")
    if type(version) is not int or version not in READABLE_FORMATS:
        readable = " and ".join(map(str, READABLE_FORMATS))
        raise TableFileError(f"{name} is in format {version!r}; this version reads {readable}")
    try:
        spec = find_game(str(data.get("game")))
        start = spec.from_position_text(str(data.get("start")))
    except GameError as error:
        raise TableFileError(f"{name}: {error}") from None
    if version == 2:
        moves, tree = _line_of_format_2(data.get("moves"), spec, start, name), None
    else:
        moves, tree = _line_of_tree(data.get("tree"), data.get("line"), spec, start, name)
    ply = data.get("ply")
    if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= len(moves):
        raise TableFileError(f"{name}: ply {ply!r} is not a number of moves played")
    setup = _setup(data.get("players"), spec, start, name)
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TableFileError(f"{name}: the seed {seed!r} is not a number")
    resigned = _resigned(data.get("resigned"), spec, start.play_all(moves[:ply]), name)
    return SavedTableGame(setup, moves[:ply], moves[ply:], seed, tree, resigned)


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


def _line_of_format_2(
    moves_data: object, spec: GameSpec, start: GameState, name: str
) -> tuple[int, ...]:
    if not isinstance(moves_data, list) or not all(isinstance(m, str) for m in moves_data):
        raise TableFileError(f"{name}: the moves are not a list of moves")
    moves: list[int] = []
    state = start
    for number, written in enumerate(moves_data, 1):
        try:
            move = spec.parse_move(written)
            state = state.play(move)
        except GameError as error:
            raise TableFileError(f"{name}: move {number} ({written}): {error}") from None
        moves.append(move)
    return tuple(moves)


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
    if type(end) is not int or not 0 <= end < len(tree):
        raise TableFileError(f"{name}: line should be the number of a node of the tree")
    tree, end = tree.renumbered(end)
    line = tree.moves_to(end)
    if all(len(node.children) <= 1 for node in tree.nodes):
        return line, None
    return line, tree


def _setup(players: object, spec: GameSpec, start: GameState, name: str) -> TableSetup:
    if not isinstance(players, dict):
        raise TableFileError(f"{name}: no players")
    seats_data = players.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != 2:
        raise TableFileError(f"{name}: two seats are needed")
    try:
        mode = GameMode(str(players.get("mode")))
        seats = tuple(_seat(seat, spec) for seat in seats_data)
        return TableSetup(
            spec,
            mode,
            (seats[0], seats[1]),
            start=start,
            from_position=bool(players.get("from_position", False)),
            record=bool(players.get("record", True)),
            games=players.get("games", 1),  # TableSetup checks it
        )
    except (ValueError, GameError) as error:
        raise TableFileError(f"{name}: {error}") from None


def _seat(data: object, spec: GameSpec) -> Seat:
    if not isinstance(data, dict):
        raise TableFileError("a seat is not an object")
    kind, seat_name = str(data.get("kind")), str(data.get("name"))
    if kind == PlayerKind.HUMAN.value:
        return Seat.human(validate_player_name(seat_name))
    if kind == PlayerKind.AI.value:
        return Seat.for_game(spec, seat_name)
    raise TableFileError(f"a seat's kind {kind!r} is neither human nor ai")
