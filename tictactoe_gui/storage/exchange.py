"""Records files in and out: CSV and JSON exports, and importing a JSON export.

Exports are written beside the target and renamed into place, so a failed
export never leaves half a file. CSV text fields that a spreadsheet would run
as a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return) get a leading ``'``; numbers are written as they are, negative ones
included.

An import reads the file as a stream, one game at a time, so memory stays the
same whatever the file's size. It reads the file twice: first to check every
game, touching no records (a file with any bad game imports nothing, and the
message names the game by its number in the file and the field), then to
write the games in short batches, one transaction each, so that another copy
of the app recording a game meanwhile waits for a batch, never for the whole
file. A write that fails or is cancelled takes back what it had added. A game
already recorded (same id, same contents) is skipped without creating
anything; the same id with different contents is reported as a conflict and
the recorded game kept.

A JSON export writes a game's variations as its ``tree`` (see :mod:`trees`), which
an import checks with the rest of the game; a file without trees imports as before.
A recorded tree that cannot be read is left out (``on_damaged`` hears of it), its
game exported with its main line. A CSV export holds each game's main line.
"""

from __future__ import annotations

import array
import contextlib
import csv
import io
import json
import os
import re
import sqlite3
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Final, Protocol

from tictactoe_gui.storage.database import Database, one_line
from tictactoe_gui.storage.records import (
    DEFAULT_GAME,
    DamagedGame,
    DamageReport,
    FinishedGame,
    GameDetail,
    GameMode,
    ImportReport,
    InvalidGameError,
    InvalidNameError,
    MoveEntry,
    PartialImportError,
    RecordsError,
    Result,
    Side,
    SideKind,
    name_key,
    to_text,
)
from tictactoe_gui.storage.trees import parse_tree, tree_data, tree_text

EXPORT_FORMAT: Final = "tictactoe-gui records"
#: Version 2 added each game's ``game``, ``rows``, ``cols`` and ``extra``; a version 1
#: file holds tic-tac-toe games only, and imports as such.
EXPORT_VERSION: Final = 2
READABLE_VERSIONS: Final = frozenset({1, 2})
CSV_HEADER: Final = (
    "uuid", "game", "started_at", "ended_at", "mode", "x_kind", "x_name", "o_kind", "o_name",
    "result", "plies", "moves_x", "moves_o", "hints_x", "hints_o", "seed",
    "x_ai_nodes", "o_ai_nodes", "x_ai_max_depth", "o_ai_max_depth", "start_board", "cells",
    "resigned",
)  # fmt: skip
#: Characters that make a spreadsheet read a cell as a formula.
_FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")
#: How much text one game of an import may take; a longer one is refused, not buffered.
MAX_GAME_TEXT: Final = 8 * 1024 * 1024
_CHUNK: Final = 64 * 1024
#: Digits beyond this in a number are refused before Python builds the integer.
_MAX_DIGITS: Final = 24

_LONG_NUMBER_FIELD: Final = re.compile(r'"([^"\\]{1,40})"\s*:\s*-?\d{' + str(_MAX_DIGITS + 1) + "}")


class Repository(Protocol):
    """What exports and imports need of the records (``repository.Repository`` has it all),
    so that the records import this module, not the other way round."""

    @property
    def database(self) -> Database: ...

    @property
    def rules(self) -> Callable[[FinishedGame], None] | None: ...

    def check(self, game: FinishedGame) -> None: ...

    def game(self, game_id: int) -> GameDetail: ...

    def iter_games(
        self, game: str | None = None, *, on_damaged: DamageReport | None = None
    ) -> Iterator[GameDetail]: ...

    def game_id_of(self, connection: sqlite3.Connection, uid: str) -> int | None: ...

    def insert_game(
        self, connection: sqlite3.Connection, game: FinishedGame, uid: str, now: str
    ) -> int | None: ...


#: Called as an import goes: (bytes read, bytes in the file); False cancels it.
Progress = Callable[[int, int], bool]


class ImportCancelledError(RecordsError):
    """The import was cancelled; nothing was imported."""


def spreadsheet_safe(text: str) -> str:
    """A text field as a spreadsheet will show it, never run it: ``=1+1`` becomes ``'=1+1``."""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


# -- export ----------------------------------------------------------------------------


def _write_file(
    repository: Repository, path: Path, write: Callable[[IO[str]], int], *, newline: str
) -> int:
    # Write beside the target and rename, so a failed export never leaves half a file.
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as exc:
        raise RecordsError(f"cannot write {path}: {exc.strerror or exc}") from exc
    try:
        with (
            open(handle, "w", encoding="utf-8", newline=newline) as stream,
            repository.database.errors("read the games to export"),
        ):
            count = write(stream)
        os.replace(temporary, path)
    except OSError as exc:
        raise RecordsError(f"cannot write {path}: {exc.strerror or exc}") from exc
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
    return count


def export_csv(
    repository: Repository,
    path: str | os.PathLike[str],
    game: str | None = None,
    *,
    on_damaged: DamageReport | None = None,
) -> int:
    """Write every game (of one game, if named), one per row, to a CSV file; returns how many."""

    def write(stream: IO[str]) -> int:
        writer = csv.writer(stream)
        writer.writerow(CSV_HEADER)
        count = 0
        for detail in repository.iter_games(game, on_damaged=on_damaged):
            s = detail.summary
            text = spreadsheet_safe
            writer.writerow(
                [
                    text(s.uid), text(s.game), text(to_text(s.started_at)),
                    text(to_text(s.ended_at)), s.mode.value,
                    s.x.kind.value, text(s.x.name), s.o.kind.value, text(s.o.name),
                    s.result.value, s.plies, s.moves_x, s.moves_o, s.hints_x, s.hints_o,
                    "" if s.seed is None else s.seed,
                    s.x_ai_nodes, s.o_ai_nodes, s.x_ai_max_depth, s.o_ai_max_depth,
                    text(s.start_board), " ".join(str(move.cell) for move in detail.moves),
                    s.resigned or "",
                ]
            )  # fmt: skip
            count += 1
        return count

    return _write_file(repository, Path(path), write, newline="")


def game_to_json(detail: GameDetail) -> dict[str, Any]:
    """One game as it appears in a JSON export."""
    s = detail.summary
    return {
        "uuid": s.uid,
        "game": s.game,
        "rows": s.rows,
        "cols": s.cols,
        "started_at": to_text(s.started_at),
        "ended_at": to_text(s.ended_at),
        "mode": s.mode.value,
        "x": {"kind": s.x.kind.value, "name": s.x.name},
        "o": {"kind": s.o.kind.value, "name": s.o.name},
        "result": s.result.value,
        "start_board": s.start_board,
        "extra": s.extra,
        "resigned": s.resigned,
        "hints_x": s.hints_x,
        "hints_o": s.hints_o,
        "seed": s.seed,
        "x_ai_nodes": s.x_ai_nodes,
        "o_ai_nodes": s.o_ai_nodes,
        "x_ai_max_depth": s.x_ai_max_depth,
        "o_ai_max_depth": s.o_ai_max_depth,
        "moves": [
            {"ply": m.ply, "cell": m.cell, "mark": m.mark, "score": m.score, "verdict": m.verdict}
            for m in detail.moves
        ],
    }


def export_json(
    repository: Repository,
    path: str | os.PathLike[str],
    game: str | None = None,
    *,
    on_damaged: DamageReport | None = None,
) -> int:
    """Write every game (of one game, if named) with its moves to a JSON file that
    :func:`import_json` reads back; returns how many."""

    def write(stream: IO[str]) -> int:
        stream.write(
            f'{{"format": {json.dumps(EXPORT_FORMAT)}, "version": {EXPORT_VERSION},'
            f' "exported_at": {json.dumps(to_text(datetime.now(UTC)))}, "games": ['
        )
        count = 0
        for detail in repository.iter_games(game, on_damaged=on_damaged):
            entry = game_to_json(detail)
            try:
                tree = exported_tree(detail, repository.rules)
            except InvalidGameError as error:
                tree = None
                if on_damaged is not None:
                    on_damaged(
                        DamagedGame(
                            detail.summary.id,
                            f"its variations cannot be read ({error});"
                            " it is exported with its main line only",
                            main_line_kept=True,
                        )
                    )
            if tree is not None:
                entry["tree"] = tree
            stream.write(",\n" if count else "\n")
            stream.write(json.dumps(entry, ensure_ascii=False))
            count += 1
        stream.write("\n]}\n")
        return count

    return _write_file(repository, Path(path), write, newline="\n")


def exported_tree(
    detail: GameDetail, rules: Callable[[FinishedGame], None] | None
) -> list[dict[str, object]] | None:
    """The tree of moves an export writes for a recorded game (None for a game of one line),
    or :class:`InvalidGameError` when the recorded tree cannot be read: its shape, and with
    ``rules``, its moves (unless the game breaks the rules without it too)."""
    if detail.tree is None:
        return None
    nodes = parse_tree(detail.tree, len(detail.moves))
    if rules is not None:
        game = _recorded(detail)
        try:
            rules(game)
        except InvalidGameError as error:
            try:
                rules(replace(game, tree=None))
            except InvalidGameError:
                return tree_data(nodes)  # the game itself breaks the rules, not its tree
            raise error from None
    return tree_data(nodes)


# -- reading a JSON export as a stream ------------------------------------------------


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ValueError(f"a number with {len(text)} digits")
    return int(text)


def _no_constant(text: str) -> object:
    raise ValueError(f"{text} is not a number a records file holds")


_DECODER: Final = json.JSONDecoder(parse_int=_bounded_int, parse_constant=_no_constant)


class _MalformedError(RecordsError):
    """Text that is not JSON, at a place the message names."""


class _JsonStream:
    """The top level of a JSON export, read a value at a time from a text stream."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self._buffer = ""
        self._pos = 0
        self._eof = False

    def _fill(self) -> bool:
        if self._eof:
            return False
        chunk = self._stream.read(_CHUNK)
        if not chunk:
            self._eof = True
            return False
        self._buffer = self._buffer[self._pos :] + chunk
        self._pos = 0
        return True

    def peek(self) -> str:
        """The next character that is not white space ("" at the end of the file)."""
        while True:
            while self._pos < len(self._buffer) and self._buffer[self._pos] in " \t\r\n":
                self._pos += 1
            if self._pos < len(self._buffer):
                return self._buffer[self._pos]
            if not self._fill():
                return ""

    def expect(self, character: str, what: str) -> None:
        found = self.peek()
        if found != character:
            shown = repr(found) if found else "the end of the file"
            raise _MalformedError(f"expected {what}, found {shown}")
        self._pos += 1

    def value(self, what: str) -> object:
        """The next JSON value whole; ``what`` names it in a message."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self._buffer, self._pos)
            except RecursionError:
                raise _MalformedError(f"{what} is nested too deeply") from None
            except json.JSONDecodeError as exc:
                if self._more(what):
                    continue
                raise _MalformedError(f"{what} is not valid JSON ({exc.msg})") from None
            except ValueError as exc:
                raise _MalformedError(f"{what}{self._field_of_long_number()} holds {exc}") from None
            # A number or a name cut by the end of the buffer may read as a shorter one.
            if end == len(self._buffer) and self._more(what):
                continue
            self._pos = end
            return value

    def _field_of_long_number(self) -> str:
        """``": 'key'"`` naming the field that holds the over-long number, if it can be seen."""
        match = _LONG_NUMBER_FIELD.search(self._buffer, self._pos)
        return f": {match.group(1)!r}" if match else ""

    def _more(self, what: str) -> bool:
        if len(self._buffer) - self._pos > MAX_GAME_TEXT:
            raise _MalformedError(f"{what} is larger than {MAX_GAME_TEXT // (1024 * 1024)} MB")
        return self._fill()


def _read_export(
    stream: _JsonStream, header: dict[str, object], name: str
) -> Iterator[tuple[int, object]]:
    """(number, game object) for each game, filling ``header`` with the other top-level keys."""
    if stream.peek() != "{":
        stream.value("the file")  # says what is wrong if it is not JSON at all
        raise RecordsError(f"{name} is not a tictactoe-gui records export")
    stream.expect("{", "'{'")
    seen_games = False
    while stream.peek() != "}":
        if header or seen_games:
            stream.expect(",", "',' between the file's keys")
        key = stream.value("a key of the file")
        if not isinstance(key, str):
            raise _MalformedError("the file's keys must be text")
        stream.expect(":", f"':' after {key!r}")
        if key != "games":
            header[key] = stream.value(f"{key!r}")
            continue
        seen_games = True
        if stream.peek() != "[":
            header["games"] = stream.value("'games'")  # not a list: said after the loop
            continue
        header["games"] = []
        stream.expect("[", "'['")
        number = 0
        while stream.peek() != "]":
            if number:
                stream.expect(",", f"',' after game {number}")
            number += 1
            yield number, stream.value(f"game {number}")
        stream.expect("]", "']'")
    stream.expect("}", "'}'")
    if stream.peek():
        raise _MalformedError("there is more text after the end of the records")


class _Reader:
    """Typed access to one game object of an import file, with messages naming the game."""

    def __init__(self, entry: object, where: str) -> None:
        if not isinstance(entry, dict):
            raise InvalidGameError(f"{where} is not an object")
        self.entry: dict[str, object] = entry
        self.where = where

    def has(self, key: str) -> bool:
        return self.entry.get(key) is not None

    def value(self, key: str, kinds: type | tuple[type, ...], *, optional: bool = False) -> Any:
        value = self.entry.get(key)
        if value is None and optional:
            return None
        # bool is an int in Python; a count of True is still a mistake in the file.
        if not isinstance(value, kinds) or isinstance(value, bool):
            raise InvalidGameError(f"{self.where}: {key!r} is missing or has the wrong type")
        return value

    def choice(self, key: str, enum_type: Any) -> Any:
        text = self.value(key, str)
        try:
            return enum_type(text)
        except ValueError:
            raise InvalidGameError(f"{self.where}: {key!r} cannot be {text[:40]!r}") from None

    def moment(self, key: str) -> datetime:
        text = self.value(key, str)
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise InvalidGameError(f"{self.where}: {key!r} is not a date and time") from None
        if moment.tzinfo is None:
            raise InvalidGameError(f"{self.where}: {key!r} has no time zone")
        try:
            return moment.astimezone(UTC)
        except (OverflowError, ValueError):
            raise InvalidGameError(
                f"{self.where}: {key!r} is outside the calendar in UTC ({text[:40]!r})"
            ) from None

    def side(self, key: str) -> Side:
        side = _Reader(self.entry.get(key), f"{self.where}, side {key!r}")
        kind = side.choice("kind", SideKind)
        name = side.value("name", str)
        try:
            return Side.human(name) if kind is SideKind.HUMAN else Side.persona(name)
        except InvalidNameError as error:
            raise InvalidGameError(f"{side.where}: {error}") from None


def game_from_json(
    entry: object, number: int, version: int = EXPORT_VERSION
) -> tuple[str, FinishedGame]:
    """(uuid, game) from one game object of an export; :class:`InvalidGameError` naming
    game ``number`` and the field when it cannot be one."""
    reader = _Reader(entry, f"game {number}")
    uid_text = reader.value("uuid", str)
    try:
        uid = str(uuid.UUID(uid_text))
    except ValueError:
        raise InvalidGameError(f"game {number}: 'uuid' is not a UUID") from None
    game_id = reader.value("game", str) if version >= 2 and reader.has("game") else DEFAULT_GAME
    if game_id == DEFAULT_GAME and not (reader.has("rows") or reader.has("cols")):
        rows, cols = 3, 3
    else:
        rows, cols = reader.value("rows", int), reader.value("cols", int)
    tree = reader.value("tree", list, optional=True)
    raw_moves = reader.value("moves", list)
    moves = []
    for index, raw in enumerate(raw_moves, start=1):
        move = _Reader(raw, f"game {number}, move {index}")
        moves.append(
            MoveEntry(
                ply=move.value("ply", int),
                cell=move.value("cell", int),
                mark=move.value("mark", str),
                score=move.value("score", int, optional=True),
                verdict=move.value("verdict", str, optional=True),
            )
        )
    game = FinishedGame(
        started_at=reader.moment("started_at"),
        ended_at=reader.moment("ended_at"),
        mode=reader.choice("mode", GameMode),
        x=reader.side("x"),
        o=reader.side("o"),
        result=reader.choice("result", Result),
        moves=tuple(moves),
        start_board=reader.value("start_board", str),
        hints_x=reader.value("hints_x", int),
        hints_o=reader.value("hints_o", int),
        seed=reader.value("seed", int, optional=True),
        x_ai_nodes=reader.value("x_ai_nodes", int),
        o_ai_nodes=reader.value("o_ai_nodes", int),
        x_ai_max_depth=reader.value("x_ai_max_depth", int),
        o_ai_max_depth=reader.value("o_ai_max_depth", int),
        game=game_id,
        rows=rows,
        cols=cols,
        extra=reader.value("extra", str, optional=True),
        resigned=reader.value("resigned", str, optional=True),
        tree=None if tree is None else tree_text(tree),
    )
    return uid, game


def _comparable(game: FinishedGame) -> tuple[object, ...]:
    """What two records of one game must share to be the same game."""
    return (
        game.game, game.rows, game.cols, to_text(game.started_at), to_text(game.ended_at),
        game.mode, game.x.kind, name_key(game.x.name), game.o.kind, name_key(game.o.name),
        game.result, game.start_board, game.extra, game.resigned,
        game.hints_x, game.hints_o, game.seed,
        game.x_ai_nodes, game.o_ai_nodes, game.x_ai_max_depth, game.o_ai_max_depth,
        tuple((m.cell, m.mark, m.score, m.verdict) for m in game.moves),
    )  # fmt: skip


def _recorded(detail: GameDetail) -> FinishedGame:
    s = detail.summary
    return FinishedGame(
        started_at=s.started_at, ended_at=s.ended_at, mode=s.mode, x=s.x, o=s.o,
        result=s.result, moves=detail.moves, start_board=s.start_board, hints_x=s.hints_x,
        hints_o=s.hints_o, seed=s.seed, x_ai_nodes=s.x_ai_nodes, o_ai_nodes=s.o_ai_nodes,
        x_ai_max_depth=s.x_ai_max_depth, o_ai_max_depth=s.o_ai_max_depth, game=s.game,
        rows=s.rows, cols=s.cols, extra=s.extra, resigned=s.resigned, tree=detail.tree,
    )  # fmt: skip


def _tree_value(text: str | None) -> object:
    try:
        return None if text is None else json.loads(text)
    except ValueError:
        return text


def _same_game(recorded: FinishedGame, imported: FinishedGame) -> bool:
    """Whether a recorded game and one of an import are the same game: the same contents,
    and the same tree where both keep one (a file from before trees were kept, or a game
    recorded then, is the same game without its variations)."""
    if _comparable(recorded) != _comparable(imported):
        return False
    if recorded.tree is None or imported.tree is None:
        return True
    return _tree_value(recorded.tree) == _tree_value(imported.tree)


def import_json(
    repository: Repository,
    path: str | os.PathLike[str],
    *,
    progress: Progress | None = None,
) -> ImportReport:
    """Merge the games of a JSON export into ``repository``, skipping games it already has.

    The whole file is checked first, every game as :meth:`Repository.save_game`
    checks it (its shape, and its rules when the repository has a rules check),
    before the records are opened for writing: a file with any bad game imports
    nothing, changes nothing on disk, and the error names the game and the
    problem. A UTF-8 byte-order mark is accepted. ``progress`` hears how far the
    import has got over both readings of the file and may cancel
    (:class:`ImportCancelledError`, nothing imported).
    """
    with JsonImport(path, repository.check, progress) as job:
        job.check()
        return job.write(repository)


#: An import reads a batch for at most this long (seconds), then writes it in one
#: transaction. The write lock is free while the next batch is read, so a game another
#: copy of the app saves during an import waits for a batch or two, never for the file.
BATCH_SECONDS: Final = 0.2
#: At most this many games in one batch (one transaction), however quickly they are read.
BATCH_GAMES: Final = 200


class JsonImport:
    """A JSON export merged into the records in two readings of the file.

    :meth:`check` reads the whole file and checks every game with ``check_game``
    without touching any records; :meth:`write` reads it again and writes the
    games in short batches, one transaction each, so other programs can record
    games meanwhile. A write that fails or is cancelled takes back the games it
    had added, so the records end with the whole file or none of it; only a
    process killed midway leaves part of it, and importing the file again adds
    the rest (games already recorded are skipped).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        check_game: Callable[[FinishedGame], None],
        progress: Progress | None = None,
    ) -> None:
        self.path = Path(path)
        self._check_game = check_game
        self._progress = progress
        self._raw: IO[bytes] | None = None
        self._size = 0
        self._stamp: tuple[int, int] | None = None
        self._version = EXPORT_VERSION
        self._checked = False

    def __enter__(self) -> JsonImport:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if self._raw is not None:
            self._raw.close()
            self._raw = None

    # -- reading -----------------------------------------------------------------------

    def _open(self) -> IO[bytes]:
        if self._raw is None:
            try:
                self._raw = open(self.path, "rb")  # noqa: SIM115 (closed by close())
                self._stamp = self._file_stamp(self._raw)
            except OSError as exc:
                raise RecordsError(f"cannot read {self.path}: {exc.strerror or exc}") from exc
            self._size = self._stamp[0]
        return self._raw

    @staticmethod
    def _file_stamp(raw: IO[bytes]) -> tuple[int, int]:
        status = os.fstat(raw.fileno())
        return status.st_size, status.st_mtime_ns

    @contextlib.contextmanager
    def _games(self, header: dict[str, object]) -> Iterator[Iterator[tuple[int, object]]]:
        """The file's games from its start, with its reading errors in the app's words."""
        raw = self._open()
        name = self.path.name
        try:
            raw.seek(0)
            text = io.TextIOWrapper(raw, encoding="utf-8-sig")
            try:
                yield _read_export(_JsonStream(text), header, name)
            finally:
                text.detach()  # the file stays open for the second reading
        except UnicodeDecodeError as exc:
            raise RecordsError(
                f"{name} is not a JSON records file: it is not UTF-8 text"
                f" (byte {exc.start} of a chunk)"
            ) from None
        except _MalformedError as exc:
            raise RecordsError(f"{name} is not a JSON records file: {exc}") from None
        except OSError as exc:
            raise RecordsError(f"cannot read {self.path}: {exc.strerror or exc}") from exc

    def _report(self, reading: int) -> None:
        """Tell ``progress`` how far the ``reading`` (0 or 1) has got; cancel if it says so."""
        if self._progress is None or self._raw is None:
            return
        done = reading * self._size + min(self._raw.tell(), self._size)
        if not self._progress(done, 2 * self._size):
            raise ImportCancelledError("the import was cancelled; nothing was imported")

    def check(self) -> int:
        """Read the whole file and check every game, writing nothing; how many games."""
        header: dict[str, object] = {}
        number = 0
        with self._games(header) as games:
            for number, entry in games:
                if number == 1:
                    problem = _header_problem(self.path, header, complete=False)
                    if problem:
                        raise RecordsError(problem)
                    version = header.get("version")
                    self._version = version if isinstance(version, int) else EXPORT_VERSION
                _, game = game_from_json(entry, number, self._version)
                try:
                    self._check_game(game)
                except InvalidGameError as exc:
                    raise InvalidGameError(f"game {number}: {exc}") from None
                if number % 200 == 0:
                    self._report(0)
        problem = _header_problem(self.path, header, complete=True)
        if problem:
            raise RecordsError(problem)
        if not isinstance(header.get("games"), list):
            raise RecordsError(f"{self.path.name} has no list of games")
        self._checked = True
        return number

    # -- writing -----------------------------------------------------------------------

    def write(self, repository: Repository) -> ImportReport:
        """Merge the checked file's games into ``repository``, a short batch at a time."""
        if not self._checked:
            raise RuntimeError("an import is checked before it is written")
        raw = self._open()
        try:
            changed = self._file_stamp(raw) != self._stamp
        except OSError as exc:
            raise RecordsError(f"cannot read {self.path}: {exc.strerror or exc}") from exc
        if changed:
            raise RecordsError(
                f"{self.path.name} changed while it was being imported; nothing was imported"
            )
        now = to_text(datetime.now(UTC))
        added = array.array("q")  # the ids of the games added, 8 bytes each
        skipped = 0
        conflicts: list[int] = []
        try:
            with self._games({}) as games:
                while batch := self._next_batch(games):
                    with repository.database.transaction("import the games") as connection:
                        for number, uid, game in batch:
                            existing = repository.game_id_of(connection, uid)
                            if existing is None:
                                game_id = repository.insert_game(connection, game, uid, now)
                                assert game_id is not None  # not recorded, checked just above
                                added.append(game_id)
                            elif _same_game(_recorded(repository.game(existing)), game):
                                skipped += 1
                            else:
                                conflicts.append(number)
                    self._report(1)
        except BaseException as exc:
            self._take_back(repository, added, now, exc)
            raise
        if self._progress is not None:
            self._progress(2 * self._size, 2 * self._size)
        return ImportReport(added=len(added), skipped=skipped, conflicts=tuple(conflicts))

    def _next_batch(
        self, games: Iterator[tuple[int, object]]
    ) -> list[tuple[int, str, FinishedGame]]:
        """The next games of the file, read for up to :data:`BATCH_SECONDS`."""
        batch = []
        deadline = time.monotonic() + BATCH_SECONDS
        for number, entry in games:
            uid, game = game_from_json(entry, number, self._version)
            batch.append((number, uid, game))
            if len(batch) >= BATCH_GAMES or time.monotonic() >= deadline:
                break
        return batch

    def _take_back(
        self, repository: Repository, added: array.array[int], now: str, cause: BaseException
    ) -> None:
        """Delete the games this import added, and the players it brought that have no
        other game; if even that fails, say what is left and how to finish it."""
        if not added:
            return
        left = len(added)
        try:
            for start in range(0, len(added), BATCH_GAMES):
                chunk = added[start : start + BATCH_GAMES].tolist()
                with repository.database.transaction("take back the imported games") as db:
                    marks = ", ".join("?" * len(chunk))
                    db.execute(f"DELETE FROM games WHERE id IN ({marks})", chunk)
                left -= len(chunk)
            with repository.database.transaction("take back the imported games") as db:
                db.execute(
                    "DELETE FROM players AS p WHERE created_at = ? AND NOT EXISTS"
                    " (SELECT 1 FROM games AS g WHERE g.x_player_id = p.id"
                    " OR g.o_player_id = p.id)",
                    (now,),
                )
        except RecordsError as exc:
            if isinstance(cause, ImportCancelledError):
                reason = "the import was cancelled"
            else:
                reason = one_line(str(cause)) or "the import was interrupted"
            raise PartialImportError(
                f"{reason}; {left} of the file's games were already"
                f" recorded and could not be taken back ({exc}): importing {self.path.name}"
                " again adds the rest, without duplicates"
            ) from cause


def _header_problem(path: Path, header: dict[str, object], *, complete: bool) -> str | None:
    if ("format" in header or complete) and header.get("format") != EXPORT_FORMAT:
        return f"{path.name} is not a tictactoe-gui records export"
    if "version" in header or complete:
        version = header.get("version")
        if type(version) is not int or version not in READABLE_VERSIONS:
            shown = repr(version)[:20]
            return (
                f"{path.name} is records format version {shown};"
                f" this app reads versions {', '.join(map(str, sorted(READABLE_VERSIONS)))}"
            )
    return None
