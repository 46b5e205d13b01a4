"""A game saved to a file and read back, and the text of a position or a move list.

A saved game is a small JSON object (UTF-8, one file per game)::

    {"app": "tictactoe-gui", "format": 2, "game": "four",
     "start": "20/20/.../20",
     "tree": [{"children": [1]}, {"move": "k10", "children": [2]},
              {"move": "l11", "children": []}],
     "ply": 2, "x": "Alice", "o": "Sera", "result": null,
     "players": {"mode": "human-vs-ai", "x": {"kind": "human", "name": "Alice"},
                 "o": {"kind": "ai", "name": "sera"}, "record": true},
     "seed": 12345, "hints": [0, 1], "started": "2026-05-01T10:00:00+00:00"}

A game between two computer players adds its series (its length, its seed, the pause
between moves and the score so far)::

     "series": {"games": 10, "seed": 11, "move_delay_ms": 700,
                "x_wins": 2, "o_wins": 1, "draws": 3}

``game`` is any id ``--game`` takes, ``start`` the start position in the
command line's text form. ``tree`` holds the moves from the start as a tree:
node 0 is the start, every other node a move in the cell notation (``a1`` is
the bottom-left cell) with the nodes that follow it, the main line first. The
nodes are a flat list that names its children by index, so that a game of 400
moves is not 800 levels of nested JSON. ``ply`` says how many moves of the
main line are played; the rest were taken back and can be played again. A
node's other children are variations: other moves played from that position,
kept when saved again. Where the line on the board is a variation, ``line``
is the number of its last node, and ``ply`` counts along that line.
``result`` is the result as the window says it, or null for a game not
finished; ``players`` (who plays each side, and how) with ``seed``, ``hints``
and ``started`` (and ``series``) are what it takes to play on. Reading checks everything
against the rules and says in one line what is wrong with a file that does not
hold a game.

Format 1 (``"moves": ["k10", "l11"]``, the names only) is still read: its
games open as replays.

A Piskvork game file (``.psq``, see :mod:`~tictactoe_gui.engine.field_formats`) is
read too, told by its content, and opens as a replay; a game is written as one
where the file's name ends in ``.psq``.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from tictactoe_gui.engine import Board, BoardError, IllegalMoveError, Move
from tictactoe_gui.engine.move_tree import ROOT, MoveTree, Node
from tictactoe_gui.engine.notation import NotationError, parse_cell, parse_move_list
from tictactoe_gui.engine.variants import Variant, VariantError, get_variant, quote
from tictactoe_gui.session import DEFAULT_MOVE_DELAY_MS, GameSetup, PlayerKind, PlayerSpec, Tally
from tictactoe_gui.storage.records import GameMode, validate_player_name

APP_TAG: Final = "tictactoe-gui"
FORMAT: Final = 2
#: The formats this version reads.
READABLE_FORMATS: Final = (1, 2)
#: Files bigger than this are not games (a 20×20 game is a few kilobytes).
MAX_BYTES: Final = 1_000_000
#: The most moves a file may hold, counting every line of its tree.
MAX_NODES: Final = 100_000
#: A seed is stored as the app draws it: a non-negative 64-bit number.
MAX_SEED: Final = 2**64 - 1


class GameFileError(ValueError):
    """A file or text that holds no game or position; the message says why, in one line."""


#: The most games a series may have (as New Game offers).
MAX_SERIES_GAMES: Final = 1000
#: The longest pause between two computer players' moves a file may ask for.
MAX_MOVE_DELAY_MS: Final = 60_000


@dataclass(frozen=True, slots=True)
class SavedSeries:
    """A series of games between two computer players, as it stood when the game was saved:
    its length, its seed, its pace and the score of the games it has finished."""

    games: int = 1
    seed: int | None = None
    move_delay_ms: int = DEFAULT_MOVE_DELAY_MS
    x_wins: int = 0
    o_wins: int = 0
    draws: int = 0

    @property
    def played(self) -> int:
        return self.x_wins + self.o_wins + self.draws

    def tally(self) -> Tally:
        """The score of the games finished, as the window counts it."""
        return Tally([self.x_wins, self.o_wins], self.draws)


@dataclass(frozen=True, slots=True)
class SavedPlayers:
    """Who plays a saved game, and how: what it takes to play on from the file."""

    mode: GameMode
    x: PlayerSpec
    o: PlayerSpec
    #: False for a study game (nothing goes to the records).
    record: bool = True
    #: The game's own seed, so the personas go on deciding as they would have.
    seed: int | None = None
    #: Hints asked for by X and by O.
    hints: tuple[int, int] = (0, 0)
    #: When the game began (ISO 8601), as it goes to the records.
    started: str | None = None
    #: Two computer players: the series the game belongs to (None: one game at the default
    #: pace, as a file written before series were kept says).
    series: SavedSeries | None = None

    @property
    def has_engine(self) -> bool:
        """Whether an external program plays a side (a file never runs one by itself)."""
        return self.x.is_engine or self.o.is_engine

    def setup(self, start: Board) -> GameSetup:
        series = self.series
        if series is None:
            return GameSetup(self.mode, self.x, self.o, start, record=self.record)
        return GameSetup(
            self.mode,
            self.x,
            self.o,
            start,
            games=series.games,
            move_delay_ms=series.move_delay_ms,
            seed=series.seed,
            record=self.record,
        )


@dataclass(frozen=True, slots=True)
class SavedGame:
    start: Board
    #: The moves played, from the start.
    moves: tuple[Move, ...]
    x: str = "X"
    o: str = "O"
    result: str | None = None
    #: Moves taken back that can be played again (Redo), after ``moves``.
    undone: tuple[Move, ...] = ()
    #: None in a file written before games could be played on (format 1).
    players: SavedPlayers | None = None
    #: Every line played from the start, the variations beside the main line (moves as cell
    #: indices); None: the main line alone. Its main line is ``moves`` then ``undone``.
    tree: MoveTree | None = None

    def move_tree(self) -> MoveTree:
        """The game's tree of moves, holding the moves played then those undone (its main
        line unless the tree has that line as a variation)."""
        line = tuple(self.start.index(move) for move in (*self.moves, *self.undone))
        if self.tree is not None and self.tree.node_of(line) is not None:
            return self.tree.renumbered()[0]
        return with_main_line(self.tree, line)

    @property
    def variant(self) -> Variant:
        return self.start.variant

    @property
    def board(self) -> Board:
        return self.start.play_all(self.moves)

    @property
    def playable(self) -> bool:
        """Whether the game can be played on: not finished, and its players known."""
        return self.result is None and self.players is not None and not self.board.is_over


def moves_text(start: Board, moves: Sequence[Move]) -> str:
    """``"b2, a1, c3"``: moves in the cell notation, as the command line's ``--moves`` takes."""
    return ", ".join(start.cell_name(move) for move in moves)


def _player_json(spec: PlayerSpec) -> dict[str, str]:
    return {"kind": spec.kind.value, "name": spec.name}


def with_main_line(tree: MoveTree | None, line: Sequence[int]) -> MoveTree:
    """``tree`` (None: a tree of no moves) with ``line`` played from the start as its main
    line (the lines it held before stay as variations)."""
    tree = tree or MoveTree()
    node = ROOT
    for move in line:
        tree, node = tree.add(node, move)
    tree, _ = tree.make_main_line(node)
    return tree


def to_json(game: SavedGame) -> str:
    start = game.start
    whole = game.move_tree()
    tree = whole.to_json(lambda moves: start.cell_name(start.move_at(moves[-1])))
    end = whole.node_of([start.index(move) for move in (*game.moves, *game.undone)])
    data: dict[str, object] = {
        "app": APP_TAG,
        "format": FORMAT,
        "game": game.variant.id,
        "start": game.start.to_text(),
        "tree": tree,
        "ply": len(game.moves),
        "x": game.x,
        "o": game.o,
        "result": game.result,
    }
    if end is not None and not whole.is_main_line(end):
        data["line"] = end  # the board's line is a variation: its last node
    players = game.players
    if players is not None:
        data["players"] = {
            "mode": players.mode.value,
            "x": _player_json(players.x),
            "o": _player_json(players.o),
            "record": players.record,
        }
        data["seed"] = players.seed
        data["hints"] = list(players.hints)
        data["started"] = players.started
        series = players.series
        if series is not None:
            data["series"] = {
                "games": series.games,
                "seed": series.seed,
                "move_delay_ms": series.move_delay_ms,
                "x_wins": series.x_wins,
                "o_wins": series.o_wins,
                "draws": series.draws,
            }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def save(path: Path, game: SavedGame) -> None:
    """Write ``game`` to ``path`` whole or not at all: a temporary file beside it, then
    renamed over it, so a crash mid-write never leaves half a game (raises OSError when
    the file cannot be written)."""
    _write_whole(path, to_json(game))


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


def load(path: Path) -> SavedGame:
    """Read a saved game; raises :class:`GameFileError` (one line) for anything else."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise GameFileError(f"{path.name} is too big to be a saved game")
        raw = path.read_bytes()
    except OSError as error:
        raise GameFileError(f"cannot read {path.name}: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GameFileError(f"{path.name} is not a saved game (not UTF-8 text)") from None
    from tictactoe_gui.engine.field_formats import FileKind, kind_of

    kind = kind_of(text)
    psq_named = path.suffix.lower() == ".psq" and not text.lstrip().startswith("{")
    if kind is FileKind.PSQ or (psq_named and kind is not FileKind.DIGITS):
        # A file named .psq that is not one is told where it is not (not "not JSON").
        return from_psq(text, path.name)
    if kind is FileKind.DIGITS:
        raise GameFileError(
            f"{path.name} holds a game of column digits, which the board here cannot show yet "
            "(tictactoe-gui import records it, and review reviews it)"
        )
    return from_json(text, path.name)


def from_psq(text: str, name: str = "the file") -> SavedGame:
    """A Piskvork game as a saved game: a replay of its moves, its programs' names as its
    players' where the file gives them; :class:`GameFileError` naming the line."""
    from tictactoe_gui.engine.field_formats import FieldFormatError, read_psq
    from tictactoe_gui.engine.k_in_a_row import KInARowState
    from tictactoe_gui.untrusted import shown

    try:
        read = read_psq(text)
    except FieldFormatError as error:
        raise GameFileError(f"{name}, {error}") from None
    state = read.state
    assert isinstance(state, KInARowState)
    start = state.start.board
    cols = state.spec.cols
    moves = tuple(Move(*divmod(move, cols)) for move in state.moves)
    outcome = state.board.outcome
    x, o = ("X", "O") if read.names is None else (shown(n, 32) for n in read.names)
    return SavedGame(start, moves, x, o, None if outcome is None else str(outcome))


def psq_text(game: SavedGame) -> str:
    """The game as a Piskvork ``.psq`` file (the whole line, moves taken back included);
    :class:`GameFileError` for a game from a set-up position, which the format cannot hold."""
    from tictactoe_gui.engine.field_formats import FieldFormatError, write_psq
    from tictactoe_gui.engine.games import find_game

    spec = find_game(game.variant.id)
    start = game.start
    if start.ply:
        raise GameFileError("a .psq file holds a game from the empty board, not a set-up one")
    state = spec.new_game().play_all(start.index(move) for move in (*game.moves, *game.undone))
    try:
        return write_psq(state)
    except FieldFormatError as error:
        raise GameFileError(str(error)) from None


def save_as_psq(path: Path, game: SavedGame) -> None:
    """Write ``game`` to ``path`` as a ``.psq`` file, whole or not at all."""
    _write_whole(path, psq_text(game))


def from_json(text: str, name: str = "the file") -> SavedGame:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else "nested too deeply"
        raise GameFileError(f"{name} is not a saved game (not JSON: {reason})") from None
    if not isinstance(data, dict) or data.get("app") != APP_TAG:
        raise GameFileError(f"{name} is not a game saved by {APP_TAG}")
    version = data.get("format")
    if type(version) is not int or version not in READABLE_FORMATS:
        raise GameFileError(
            f"{name} is saved in format {quote(str(version))}; "
            f"this version reads format {' and '.join(map(str, READABLE_FORMATS))}"
        )
    variant = _variant(data.get("game"), name)
    start_text = data.get("start")
    if not isinstance(start_text, str):
        raise GameFileError(f"{name} lacks the start position")
    try:
        start = Board.from_text(start_text, variant)
    except BoardError as error:
        raise GameFileError(f"{name}: the start position is wrong: {error}") from None
    tree = None
    if version == 1:
        line, ply = _moves_of_format_1(data.get("moves"), start, name), None
    else:
        line, tree = _main_line(data.get("tree"), start, name, data.get("line"))
        ply = data.get("ply", len(line))
    if ply is None:
        ply = len(line)
    if type(ply) is not int or not 0 <= ply <= len(line):
        raise GameFileError(f"{name}: ply should be a number of moves from 0 to {len(line)}")
    x, o, result = data.get("x", "X"), data.get("o", "O"), data.get("result")
    players = _players(data, name) if version >= 2 and "players" in data else None
    return SavedGame(
        start,
        line[:ply],
        x if isinstance(x, str) and x.strip() else "X",
        o if isinstance(o, str) and o.strip() else "O",
        result if isinstance(result, str) else None,
        line[ply:],
        players,
        tree,
    )


def _play(board: Board, cell: object, where: str, name: str) -> tuple[Move, Board]:
    if not isinstance(cell, str):
        raise GameFileError(f"{name}: {where} is not a cell such as a1")
    variant = board.variant
    try:
        move = Move(*parse_cell(cell, variant.rows, variant.cols))
        return move, board.play(move)
    except (NotationError, IllegalMoveError) as error:
        raise GameFileError(f"{name}: {where} ({cell[:20]}): {error}") from None


def _moves_of_format_1(moves: object, start: Board, name: str) -> tuple[Move, ...]:
    if not isinstance(moves, list):
        raise GameFileError(f"{name} lacks the list of moves")
    played: list[Move] = []
    board = start
    for number, cell in enumerate(moves, start=1):
        move, board = _play(board, cell, f"move {number}", name)
        played.append(move)
    return tuple(played)


def _main_line(
    tree: object, start: Board, name: str, end: object = None
) -> tuple[tuple[Move, ...], MoveTree | None]:
    """The tree's main line (each node's first child, from the start) and, where it holds
    variations, the whole tree; every line of the tree is checked against the rules, so a
    file with variations is read whole or refused."""
    if not isinstance(tree, list) or not tree or len(tree) > MAX_NODES:
        raise GameFileError(f"{name} lacks the tree of moves")
    cells: list[object] = []
    children: list[list[int]] = []
    for index, node in enumerate(tree):
        following = node.get("children", []) if isinstance(node, dict) else None
        if not isinstance(following, list) or any(
            type(child) is not int or not index < child < len(tree) for child in following
        ):
            raise GameFileError(
                f"{name}: node {index} of the tree should list the later nodes that follow it"
            )
        cells.append(node.get("move"))
        children.append(following)
    boards: dict[int, Board] = {0: start}
    moves: dict[int, Move] = {}
    for index, following in enumerate(children):
        board = boards.get(index)
        if board is None:
            raise GameFileError(f"{name}: node {index} of the tree follows no move")
        for child in following:
            if child in boards:
                raise GameFileError(f"{name}: node {child} of the tree follows two moves")
            where = f"move {board.ply - start.ply + 1}"
            moves[child], boards[child] = _play(board, cells[child], where, name)
    line: list[Move] = []
    index = 0
    while children[index]:
        index = children[index][0]
        line.append(moves[index])
    if all(len(following) <= 1 for following in children):
        return tuple(line), None
    parents = {child: index for index, following in enumerate(children) for child in following}
    if end is not None:
        if type(end) is not int or not 0 < end < len(children):
            raise GameFileError(f"{name}: line should be the number of a node of the tree")
        line = []
        while end:
            line.append(moves[end])
            end = parents[end]
        line.reverse()
    nodes = tuple(
        Node(
            None if index == 0 else start.index(moves[index]),
            parents.get(index),
            tuple(following),
        )
        for index, following in enumerate(children)
    )
    whole, _ = MoveTree(nodes).renumbered()
    return tuple(line), whole


def _player(value: object, mark: str, name: str) -> PlayerSpec:
    if not isinstance(value, dict):
        raise GameFileError(f"{name} does not say who plays {mark}")
    kind, who = value.get("kind"), value.get("name")
    try:
        if not isinstance(who, str):
            raise ValueError("no name")
        if kind == PlayerKind.HUMAN:
            return PlayerSpec.human(validate_player_name(who))
        if kind == PlayerKind.AI:
            return PlayerSpec.ai(who)
        if kind == PlayerKind.ENGINE:
            return PlayerSpec.engine(who)
        raise ValueError(f"unknown kind of player {quote(str(kind))}")
    except (ValueError, LookupError) as error:
        raise GameFileError(f"{name}: the player of {mark} is wrong: {error}") from None


def _players(data: dict[str, object], name: str) -> SavedPlayers:
    players = data.get("players")
    if not isinstance(players, dict):
        raise GameFileError(f"{name} does not say who plays")
    try:
        mode = GameMode(str(players.get("mode")))
    except ValueError:
        raise GameFileError(f"{name}: unknown mode {quote(str(players.get('mode')))}") from None
    x = _player(players.get("x"), "X", name)
    o = _player(players.get("o"), "O", name)
    people = (not x.is_ai) + (not o.is_ai)
    expected = {GameMode.HUMAN_VS_HUMAN: 2, GameMode.HUMAN_VS_AI: 1, GameMode.AI_VS_AI: 0}
    if people != expected[mode]:
        raise GameFileError(f"{name}: the players do not fit the mode {mode.value}")
    record = players.get("record", True)
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise GameFileError(f"{name}: the seed should be a whole number from 0 to 2^64 - 1")
    hints = data.get("hints", [0, 0])
    if (
        not isinstance(hints, list)
        or len(hints) != 2
        or any(type(count) is not int or not 0 <= count <= MAX_NODES for count in hints)
    ):
        raise GameFileError(f"{name}: hints should be two counts, X's and O's")
    started = data.get("started")
    return SavedPlayers(
        mode,
        x,
        o,
        record is not False,
        seed,
        (hints[0], hints[1]),
        started if isinstance(started, str) else None,
        _series(data.get("series"), name) if mode is GameMode.AI_VS_AI else None,
    )


def _series(value: object, name: str) -> SavedSeries | None:
    """The series of a game between two computer players (None where the file has none)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise GameFileError(f"{name}: the series should say its games, seed, pace and score")

    def count(key: str, low: int, high: int, default: int) -> int:
        number = value.get(key, default)
        if type(number) is not int or not low <= number <= high:
            raise GameFileError(
                f"{name}: the series' {key} should be a number from {low} to {high}"
            )
        return number

    games = count("games", 1, MAX_SERIES_GAMES, 1)
    seed = value.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise GameFileError(f"{name}: the series' seed should be a whole number from 0 to 2^64 - 1")
    series = SavedSeries(
        games,
        seed,
        count("move_delay_ms", 0, MAX_MOVE_DELAY_MS, DEFAULT_MOVE_DELAY_MS),
        count("x_wins", 0, games, 0),
        count("o_wins", 0, games, 0),
        count("draws", 0, games, 0),
    )
    if series.played >= games:
        raise GameFileError(f"{name}: the series has no game left to play ({games} played)")
    return series


def _variant(value: object, name: str) -> Variant:
    if not isinstance(value, str):
        raise GameFileError(f"{name} does not say which game it is")
    try:
        variant = get_variant(value)
    except VariantError as error:
        raise GameFileError(f"{name}: {error}") from None
    from tictactoe_gui.engine.games import find_game

    if not find_game(variant.id).k_in_a_row_board:
        raise GameFileError(f"{name} holds {variant.name}, which the board here cannot show")
    return variant


def parse_pasted(text: str, variant: Variant) -> tuple[Board, tuple[Move, ...]]:
    """A pasted position or move list of ``variant``: (start, moves).

    A move list (``"b2, a1"``, from the empty board) gives the empty board and
    its moves; a position gives that position and no moves. Raises
    :class:`GameFileError` with a one-line reason when it is neither.
    """
    text = text.strip()
    if not text:
        raise GameFileError("the clipboard holds no text")
    if len(text) > MAX_BYTES:
        raise GameFileError("the clipboard holds too much text to be a position")
    empty = Board.empty(variant)
    looks_like_moves = "," in text or (text[0].isalpha() and text[0].upper() not in "XO.")
    if looks_like_moves:
        try:
            cells = parse_move_list(text, variant.rows, variant.cols)
            moves = tuple(Move(row, col) for row, col in cells)
            empty.play_all(moves)
        except (NotationError, IllegalMoveError) as error:
            raise GameFileError(f"not a move list of {variant.name}: {error}") from None
        return empty, moves
    try:
        return Board.from_text(text, variant), ()
    except BoardError as error:
        raise GameFileError(f"not a position of {variant.name}: {error}") from None
