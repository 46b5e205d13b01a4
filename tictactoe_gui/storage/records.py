"""Plain values that go into and come out of the records database.

These dataclasses are the whole contract between the game (GUI or command
line) and storage: the game hands a :class:`FinishedGame` to
:meth:`Repository.save_game`, and reads back summaries, standings and
statistics. Nothing here knows about Qt or about the engine's types: a game
is named by its id (``"tictactoe"``, ``"four"``, ``"4x4k3"`` ...), marks are the
strings ``"X"`` and ``"O"`` and cells are indices ``row * cols + col``.

Storage checks only the shape of a record (:func:`check_shape`); whether the
moves obey the game's rules is the engine's to say, before a game is saved
(see :mod:`tictactoe_gui.records_bridge`).
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Final

# Re-exported (``X as X``): raised and caught under this module's name too.
from tictactoe_gui.storage.errors import (
    BusyDatabaseError as BusyDatabaseError,
    CorruptDatabaseError as CorruptDatabaseError,
    ForeignDatabaseError as ForeignDatabaseError,
    GameNotFoundError as GameNotFoundError,
    InvalidGameError as InvalidGameError,
    InvalidNameError as InvalidNameError,
    NewerDatabaseError as NewerDatabaseError,
    PartialImportError as PartialImportError,
    RecordsError as RecordsError,
    UnknownPlayerError as UnknownPlayerError,
    UnwritableDatabaseError as UnwritableDatabaseError,
)
from tictactoe_gui.storage.trees import parse_tree

NAME_MAX_LENGTH: Final = 32
#: SQLite stores integers in 64 bits.
SQLITE_MAX_INTEGER: Final = 2**63 - 1
SQLITE_MIN_INTEGER: Final = -(2**63)
#: The game every record made before games had ids is, and the default everywhere.
DEFAULT_GAME: Final = "tictactoe"
#: The largest board a record may hold (rows and columns); cells run up to rows * cols - 1.
MAX_BOARD_SIDE: Final = 20
#: Game-specific data (``extra``) and start positions are short texts; this bounds them.
MAX_TEXT_LENGTH: Final = 100_000
# Control, surrogate, private-use, unassigned and line/paragraph separators.
# Other format characters stay allowed: emoji need the zero-width joiner.
_FORBIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# What draws nothing on its own: spaces, format characters (zero-width space and joiner,
# byte-order mark), combining marks, and the letters and symbols fonts leave blank.
_INVISIBLE_CATEGORIES: Final = frozenset({"Zs", "Cf", "Mn", "Me", "Mc"})
_BLANK_CHARACTERS: Final = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u180b\u180c\u180d\u180e\u180f"
)
_GAME_ID: Final = re.compile(r"[a-z0-9]{1,32}")
_PERSONA_KEY: Final = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


def _is_visible(ch: str) -> bool:
    return unicodedata.category(ch) not in _INVISIBLE_CATEGORIES and ch not in _BLANK_CHARACTERS


def validate_player_name(name: str) -> str:
    """The name as it will be stored (trimmed, in NFC), or :class:`InvalidNameError` saying why not.

    Names may hold spaces, quotes, punctuation and emoji; they are compared
    without regard to case ("alice" and "Alice" are one player). The length is
    counted after composing (NFC), so "é" typed as one character or as "e" and
    an accent is the same length; a name needs at least one character that
    shows (not only spaces, zero-width characters, fillers or accents).
    """
    trimmed = unicodedata.normalize("NFC", name.strip())
    if not trimmed:
        raise InvalidNameError("a player name cannot be empty")
    if len(trimmed) > NAME_MAX_LENGTH:
        raise InvalidNameError(
            f"a player name has at most {NAME_MAX_LENGTH} characters; this one has {len(trimmed)}"
        )
    for ch in trimmed:
        if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES or ch in _BIDI_CONTROLS:
            raise InvalidNameError(
                f"a player name cannot contain control characters (found U+{ord(ch):04X})"
            )
    if not any(_is_visible(ch) for ch in trimmed):
        raise InvalidNameError("a player name needs at least one visible character")
    return trimmed


def validate_persona_key(key: str) -> str:
    """A persona's key as stored (lower case), or :class:`InvalidNameError` saying why not.

    Keys are short ids (``kitty``, ``cop``, ``sera``; an imported file may name
    others): letters, digits, ``-`` and ``_``, at most 32.
    """
    folded = key.strip().casefold()
    if not _PERSONA_KEY.fullmatch(folded):
        raise InvalidNameError(
            f"a persona is named by a key of 1-32 letters, digits, '-' or '_', got {quote(key)}"
        )
    return folded


def validate_game_id(game: str) -> str:
    """A game id as stored, or :class:`InvalidGameError`: 1-32 lower-case letters and digits."""
    if not isinstance(game, str) or not _GAME_ID.fullmatch(game):
        raise InvalidGameError(
            f"a game id is 1-32 lower-case letters and digits, got {quote(str(game))}"
        )
    return game


def quote(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut to about ``limit`` characters, for quoting input in a message."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + f"… ({len(text)} characters)"


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: control and bidi characters shown as ``\\uXXXX``.

    Names are validated when recorded, but a file written by another program
    may hold anything; nothing read from it should drive the terminal.
    """
    if all(
        unicodedata.category(ch) not in _FORBIDDEN_CATEGORIES and ch not in _BIDI_CONTROLS
        for ch in text
    ):
        return text
    return "".join(
        f"\\u{ord(ch):04x}"
        if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES or ch in _BIDI_CONTROLS
        else ch
        for ch in text
    )


def name_key(name: str) -> str:
    """The form two names are compared in: "Alice", "alice" and "ALICE" are one player."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


class GameMode(enum.StrEnum):
    HUMAN_VS_AI = "human-vs-ai"
    HUMAN_VS_HUMAN = "human-vs-human"
    AI_VS_AI = "ai-vs-ai"


class SideKind(enum.StrEnum):
    HUMAN = "human"
    PERSONA = "persona"


class Result(enum.StrEnum):
    """How a recorded game ended. Abandoned games are not recorded at all."""

    X_WINS = "X"
    O_WINS = "O"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Side:
    """Who played one side: a person (by name) or a persona (by key: kitty, cop, sera)."""

    kind: SideKind
    name: str

    @classmethod
    def human(cls, name: str) -> Side:
        return cls(SideKind.HUMAN, validate_player_name(name))

    @classmethod
    def persona(cls, key: str) -> Side:
        return cls(SideKind.PERSONA, validate_persona_key(key))


@dataclass(frozen=True, slots=True)
class MoveEntry:
    ply: int  # 1 for the first move after the start position
    cell: int  # row * cols + col: 0-8 on the 3x3 board
    mark: str  # "X" or "O"
    #: The move's exact engine score for its mover, when known.
    score: int | None = None
    #: The coach's verdict ("best", "good", "mistake", "blunder"), when judged.
    verdict: str | None = None


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """Everything recorded about a game that reached its end."""

    started_at: datetime  # timezone-aware, UTC
    ended_at: datetime
    mode: GameMode
    x: Side
    o: Side
    result: Result
    moves: tuple[MoveEntry, ...]
    #: The position the game started from, in the engine's text form: for tic-tac-toe
    #: 9 characters, "." for empty; for other boards the rows joined by "/".
    start_board: str = "........."
    hints_x: int = 0
    hints_o: int = 0
    seed: int | None = None
    x_ai_nodes: int = 0
    o_ai_nodes: int = 0
    x_ai_max_depth: int = 0
    o_ai_max_depth: int = 0
    #: Which game: a variant id such as "tictactoe", "four", "gomoku", "4x4k3", "rowcol5".
    game: str = DEFAULT_GAME
    #: The board's size, so that storage can check every cell lies on it.
    rows: int = 3
    cols: int = 3
    #: Game-specific data as JSON text (a Row & Column grid's values and scores), if any.
    extra: str | None = None
    #: The mark that resigned ("X" or "O"), when the game ended so rather than on the board.
    resigned: str | None = None
    #: Every line played, where the game has variations: the tree saved games keep, as JSON
    #: text (see :mod:`~tictactoe_gui.storage.trees`), its main line the moves; else None.
    tree: str | None = None

    @property
    def plies(self) -> int:
        return len(self.moves)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One row of the history: a recorded game without its moves."""

    id: int
    started_at: datetime
    ended_at: datetime
    mode: GameMode
    x: Side
    o: Side
    result: Result
    plies: int
    moves_x: int
    moves_o: int
    hints_x: int
    hints_o: int
    seed: int | None
    x_ai_nodes: int
    o_ai_nodes: int
    x_ai_max_depth: int
    o_ai_max_depth: int
    start_board: str
    #: The game's permanent identity, kept across export and import (a UUID).
    uid: str = ""
    game: str = DEFAULT_GAME
    rows: int = 3
    cols: int = 3
    extra: str | None = None
    resigned: str | None = None


@dataclass(frozen=True, slots=True)
class DamagedGame:
    """A recorded game whose row cannot be read (edited by hand, or damaged): what is wrong."""

    id: int
    problem: str
    #: Whether the game itself is still read, its main line without the variations that
    #: cannot be (then ``problem`` says what became of it).
    main_line_kept: bool = False

    def message(self) -> str:
        if self.main_line_kept:
            return f"game {self.id}: {self.problem}"
        return f"game {self.id} cannot be read: {self.problem}"


@dataclass(frozen=True, slots=True)
class GameDetail:
    summary: GameSummary
    moves: tuple[MoveEntry, ...]
    #: The game's tree of moves as recorded (JSON text), where it has variations; read as it
    #: lies in the file, so it may not be one (:func:`records_bridge.recorded_tree` says).
    tree: str | None = None


@dataclass(frozen=True, slots=True)
class GameFilter:
    """What the history shows; None means "any"."""

    player: str | None = None  # a person's name or a persona key, either side
    mode: GameMode | None = None
    #: Result from the named player's view when ``player`` is set ("win", "loss",
    #: "draw"); otherwise "X", "O" or "draw".
    result: str | None = None
    #: Whether ``player`` names a person or a persona; None matches either.
    player_kind: SideKind | None = None
    #: One game's records (a variant id such as "tictactoe"); None lists every game.
    game: str | None = None


@dataclass(frozen=True, slots=True)
class WinLossDraw:
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def summary(self) -> str:
        """ "5 wins, 1 loss, 2 draws": each count with its noun, singular for one."""

        def count(n: int, one: str, many: str) -> str:
            return f"{n} {one if n == 1 else many}"

        return (
            f"{count(self.wins, 'win', 'wins')}, {count(self.losses, 'loss', 'losses')}, "
            f"{count(self.draws, 'draw', 'draws')}"
        )


@dataclass(frozen=True, slots=True)
class Standing:
    """One leaderboard row, computed from recorded games."""

    side: Side
    record: WinLossDraw


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    totals: WinLossDraw
    #: Record against each persona, by persona key.
    against_persona: dict[str, WinLossDraw] = field(default_factory=dict)
    #: Record against people (human-vs-human games).
    against_people: WinLossDraw = field(default_factory=WinLossDraw)
    #: +N for N wins in a row up to the latest game, -N for losses, 0 after a draw.
    current_streak: int = 0
    longest_win_streak: int = 0
    longest_loss_streak: int = 0
    #: Every game in time order: (ended_at, "win" | "loss" | "draw").
    timeline: tuple[tuple[datetime, str], ...] = ()


WIN: Final = "win"
LOSS: Final = "loss"
DRAW: Final = "draw"
PLAYER_RESULTS: Final = (WIN, LOSS, DRAW)


def outcome_for(result: Result, mark: str) -> str:
    """``"win"``, ``"loss"`` or ``"draw"`` for whoever played ``mark`` in a game with ``result``."""
    if result is Result.DRAW:
        return DRAW
    return WIN if result.value == mark else LOSS


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What importing a records file did.

    ``added`` games were new here; ``skipped`` were already recorded exactly so;
    ``conflicts`` names the games of the file (by number) whose id is already
    recorded here with different contents: the recorded game is kept.
    """

    added: int
    skipped: int
    conflicts: tuple[int, ...] = ()

    def summary(self) -> str:
        """ "Imported 3 games; 1 was already recorded." and any conflicts, in one line."""
        text = f"Imported {self.added} game{'s' * (self.added != 1)}"
        if self.skipped:
            text += f"; {self.skipped} {'was' if self.skipped == 1 else 'were'} already recorded"
        if self.conflicts:
            shown = ", ".join(str(n) for n in self.conflicts[:10])
            more = f" and {len(self.conflicts) - 10} more" if len(self.conflicts) > 10 else ""
            text += (
                f"; {len(self.conflicts)} conflict{'s' * (len(self.conflicts) != 1)}"
                f" (game {shown}{more} of the file: same id as a recorded game with"
                " different contents; the recorded game was kept)"
            )
        return text + "."


def _check_count(label: str, value: int, *, signed: bool = False) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidGameError(f"{label} must be a whole number, got {quote(repr(value))}")
    if not signed and value < 0:
        raise InvalidGameError(f"{label} cannot be negative, got {value}")
    if not SQLITE_MIN_INTEGER <= value <= SQLITE_MAX_INTEGER:
        raise InvalidGameError(f"{label} is too large to record (over 64 bits)")


def _check_text(label: str, text: str) -> None:
    if len(text) > MAX_TEXT_LENGTH:
        raise InvalidGameError(f"{label} is longer than {MAX_TEXT_LENGTH:,} characters")
    for ch in text:
        if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES or ch in _BIDI_CONTROLS:
            raise InvalidGameError(f"{label} holds a control character (U+{ord(ch):04X})")


def check_shape(game: FinishedGame) -> None:
    """Raise :class:`InvalidGameError` naming the first thing wrong with the record's shape.

    The shape is what storage can judge without the rules of the game: times
    with a zone and in order, valid names, counts that fit in 64 bits, every
    cell on the board, plies numbered in order and the two marks taking turns.
    Whether the moves are legal and the result follows from them is for the
    engine to say (:func:`tictactoe_gui.records_bridge.check_rules`).
    """
    validate_game_id(game.game)
    for label, moment in (("start time", game.started_at), ("end time", game.ended_at)):
        if moment.tzinfo is None or moment.utcoffset() is None:
            raise InvalidGameError(f"the {label} must carry a time zone (UTC), got {moment}")
    if game.ended_at < game.started_at:
        raise InvalidGameError(
            f"the game ends ({game.ended_at}) before it starts ({game.started_at})"
        )
    for letter, side in (("X", game.x), ("O", game.o)):
        try:
            if side.kind is SideKind.HUMAN:
                validate_player_name(side.name)
            else:
                validate_persona_key(side.name)
        except InvalidNameError as error:
            raise InvalidGameError(f"side {letter}: {error}") from None
    for label, count in (
        ("hints_x", game.hints_x),
        ("hints_o", game.hints_o),
        ("x_ai_nodes", game.x_ai_nodes),
        ("o_ai_nodes", game.o_ai_nodes),
        ("x_ai_max_depth", game.x_ai_max_depth),
        ("o_ai_max_depth", game.o_ai_max_depth),
    ):
        _check_count(label, count)
    if game.seed is not None:
        _check_count("the seed", game.seed, signed=True)
    for label, length in (("rows", game.rows), ("cols", game.cols)):
        _check_count(label, length)
        if not 1 <= length <= MAX_BOARD_SIDE:
            raise InvalidGameError(f"{label} must be 1 to {MAX_BOARD_SIDE}, got {length}")
    if not game.start_board:
        raise InvalidGameError("the start board is empty")
    _check_text("the start board", game.start_board)
    if game.extra is not None:
        _check_text("extra", game.extra)
    if game.resigned is not None:
        if game.resigned not in ("X", "O"):
            raise InvalidGameError(f"resigned is {quote(str(game.resigned))}; marks are X and O")
        if game.result.value != ("O" if game.resigned == "X" else "X"):
            raise InvalidGameError(
                f"{game.resigned} resigned, but the result is recorded as {game.result.value!r}"
            )
    if game.tree is not None:
        parse_tree(game.tree, len(game.moves))
    cells = game.rows * game.cols
    if len(game.moves) > cells:
        raise InvalidGameError(f"{len(game.moves)} moves cannot fit on a board of {cells} cells")
    played: set[int] = set()
    for index, move in enumerate(game.moves):
        where = f"move {index + 1}"
        _check_count(f"{where}: ply", move.ply)
        _check_count(f"{where}: cell", move.cell)
        if move.score is not None:
            _check_count(f"{where}: score", move.score, signed=True)
        if move.verdict is not None:
            _check_text(f"{where}: verdict", move.verdict)
            if len(move.verdict) > NAME_MAX_LENGTH:
                raise InvalidGameError(f"{where}: the verdict is longer than {NAME_MAX_LENGTH}")
        if index == 0 and move.ply < 1:
            raise InvalidGameError(f"{where} has ply {move.ply}; plies count from 1")
        if index and move.ply != game.moves[index - 1].ply + 1:
            raise InvalidGameError(
                f"{where} has ply {move.ply}; it does not follow ply {game.moves[index - 1].ply}"
            )
        if move.cell >= cells:
            raise InvalidGameError(
                f"{where} plays cell {move.cell}; a {game.rows}×{game.cols} board has cells"
                f" 0-{cells - 1}"
            )
        if move.cell in played:
            raise InvalidGameError(f"{where} plays cell {move.cell} a second time")
        played.add(move.cell)
        if move.mark not in ("X", "O"):
            raise InvalidGameError(f"{where} is played by {quote(move.mark)}; marks are X and O")
        if index and move.mark == game.moves[index - 1].mark:
            raise InvalidGameError(f"{where} is played by {move.mark} twice in a row")


#: Told about each recorded game that cannot be read, while the others are listed.
DamageReport = Callable[[DamagedGame], None]


def to_text(moment: datetime) -> str:
    """One fixed-width UTC form, so text order is time order and indexes sort by time."""
    # isoformat always writes four digits of year (strftime's %Y may not, before 1000).
    return moment.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def from_text(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)
