"""Games from other programs' files (Piskvork's ``.psq``, Connect Four's column digits), read
for the records and written from them.

The formats themselves are the engine's (:mod:`~tictactoe_gui.engine.field_formats`);
here a file becomes a record (:func:`finished_game_of`) and a record a file
(:func:`record_text`). A file is read whole and checked before anything is
recorded: a file that is wrong anywhere records nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from tictactoe_gui.engine.field_formats import (
    MAX_CHARACTERS,
    FieldFormatError,
    FileKind,
    ReadGame,
    kind_of,
    read_digits,
    read_psq,
    write_digits,
    write_psq,
)
from tictactoe_gui.engine.games import GameSpec, GameState
from tictactoe_gui.records_bridge import state_finished_game
from tictactoe_gui.session.seats import ENGINE_PREFIX, engine_name
from tictactoe_gui.storage.records import (
    FinishedGame,
    GameMode,
    InvalidNameError,
    Side,
)

#: Who played a game whose file does not say.
UNNAMED: Final = ("Player 1", "Player 2")
#: How much of a file is read to tell its format.
_SNIFF_BYTES: Final = 4096


def file_kind(path: Path) -> FileKind | None:
    """The format of the file at ``path``, by its first bytes (OSError if unreadable)."""
    with path.open("rb") as stream:
        head = stream.read(_SNIFF_BYTES)
    return kind_of(head.decode("utf-8", errors="replace"))


def read_game_file(path: Path, spec: GameSpec | None = None) -> ReadGame:
    """The game in a ``.psq`` or column-digits file (``spec``: the game to read it as);
    :class:`FieldFormatError` in one line naming the file and the line."""
    try:
        if path.stat().st_size > MAX_CHARACTERS:
            raise FieldFormatError(f"{path.name} is too big to be a game")
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise FieldFormatError(f"{path.name} is not a game file (not UTF-8 text)") from None
    kind = kind_of(text)
    try:
        if kind is FileKind.PSQ:
            return read_psq(text, spec)
        if kind is FileKind.DIGITS:
            return read_digits(text, spec)
    except FieldFormatError as error:
        raise FieldFormatError(f"{path.name}, {error}") from None
    raise FieldFormatError(
        f"{path.name} is neither a Piskvork game (.psq) nor a game of column digits"
    )


def _side(name: str | None, fallback: str) -> Side:
    if name is not None:
        try:  # recorded as the app records an engine it hosted
            return Side.human(f"{ENGINE_PREFIX}{engine_name(name)}"[:32])
        except InvalidNameError:
            pass
    return Side.human(fallback)


def finished_game_of(read: ReadGame, when: datetime | None = None) -> FinishedGame:
    """The record of a game read from a file, checked against the rules; InvalidGameError
    (one line) for a game that has not ended, which the records do not keep."""
    state = read.state
    if state.result is None:
        from tictactoe_gui.storage.records import InvalidGameError

        moves = len(state.moves)
        raise InvalidGameError(
            f"the game has not ended after {moves} {state.spec.move_word}{'s' * (moves != 1)};"
            " the records keep finished games (open it in the window to study it)"
        )
    names = read.names
    first = _side(None if names is None else names[0], UNNAMED[0])
    second = _side(None if names is None else names[1], UNNAMED[1])
    mode = GameMode.AI_VS_AI if names is not None else GameMode.HUMAN_VS_HUMAN
    moment = when or datetime.now(UTC)
    return state_finished_game(state, first, second, mode, moment, moment)


def record_text(state: GameState, kind: FileKind) -> str:
    """A recorded game (its last state) as a ``.psq`` file or a line of column digits."""
    if kind is FileKind.PSQ:
        return write_psq(state)
    if kind is FileKind.DIGITS:
        return write_digits(state) + "\n"
    raise FieldFormatError(f"no game file of kind {kind}")
