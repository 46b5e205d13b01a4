"""Records files in and out: CSV and JSON exports, and importing a JSON export.

Exports are written beside the target and renamed into place, so a failed
export never leaves half a file. CSV text fields that a spreadsheet would run
as a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return) get a leading ``'``; numbers are written as they are, negative ones
included.

An import reads the file as a stream, one game at a time, so memory stays the
same whatever the file's size, and writes every game in one transaction: a
file with any bad game imports nothing, and the message names the game (by
its number in the file) and the field. A game already recorded (same id, same
contents) is skipped without creating anything; the same id with different
contents is reported as a conflict and the recorded game kept.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import tempfile
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Final

from tictactoe_gui.storage.records import (
    DEFAULT_GAME,
    FinishedGame,
    GameDetail,
    GameMode,
    ImportReport,
    InvalidGameError,
    InvalidNameError,
    MoveEntry,
    RecordsError,
    Result,
    Side,
    SideKind,
    name_key,
)
from tictactoe_gui.storage.repository import DamageReport, Repository, to_text

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
            stream.write(",\n" if count else "\n")
            stream.write(json.dumps(game_to_json(detail), ensure_ascii=False))
            count += 1
        stream.write("\n]}\n")
        return count

    return _write_file(repository, Path(path), write, newline="\n")


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
        rows=s.rows, cols=s.cols, extra=s.extra, resigned=s.resigned,
    )  # fmt: skip


def import_json(
    repository: Repository,
    path: str | os.PathLike[str],
    *,
    progress: Progress | None = None,
) -> ImportReport:
    """Merge the games of a JSON export into ``repository``, skipping games it already has.

    Every game is checked as :meth:`Repository.save_game` checks it (its shape,
    and its rules when the repository has a rules check); a file with any bad
    game imports nothing and the error names the game and the problem. A UTF-8
    byte-order mark is accepted. ``progress`` hears how far the reading has got
    and may cancel (:class:`ImportCancelledError`, nothing imported).
    """
    path = Path(path)
    try:
        raw = open(path, "rb")  # noqa: SIM115 (closed below, after the transaction)
    except OSError as exc:
        raise RecordsError(f"cannot read {path}: {exc.strerror or exc}") from exc
    with raw:
        try:
            total = os.fstat(raw.fileno()).st_size
        except OSError:
            total = 0
        text = io.TextIOWrapper(raw, encoding="utf-8-sig")
        try:
            return _import(repository, path, _JsonStream(text), raw, total, progress)
        except UnicodeDecodeError as exc:
            raise RecordsError(
                f"{path.name} is not a JSON records file: it is not UTF-8 text"
                f" (byte {exc.start} of a chunk)"
            ) from None
        except _MalformedError as exc:
            raise RecordsError(f"{path.name} is not a JSON records file: {exc}") from None
        except OSError as exc:
            raise RecordsError(f"cannot read {path}: {exc.strerror or exc}") from exc


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


def _import(
    repository: Repository,
    path: Path,
    stream: _JsonStream,
    raw: IO[bytes],
    total: int,
    progress: Progress | None,
) -> ImportReport:
    header: dict[str, object] = {}
    added = skipped = 0
    conflicts: list[int] = []
    now = to_text(datetime.now(UTC))
    with repository.database.transaction("import the games") as connection:
        games = _read_export(stream, header, path.name)
        for number, entry in games:
            if number == 1:
                problem = _header_problem(path, header, complete=False)
                if problem:
                    raise RecordsError(problem)
            version = header.get("version")
            uid, game = game_from_json(entry, number, version if isinstance(version, int) else 2)
            try:
                repository.check(game)
            except InvalidGameError as exc:
                raise InvalidGameError(f"game {number}: {exc}") from None
            existing = repository.game_id_of(connection, uid)
            if existing is None:
                repository.insert_game(connection, game, uid, now)
                added += 1
            elif _comparable(_recorded(repository.game(existing))) == _comparable(game):
                skipped += 1
            else:
                conflicts.append(number)
            if progress is not None and number % 200 == 0 and not progress(raw.tell(), total):
                raise ImportCancelledError("the import was cancelled; nothing was imported")
        problem = _header_problem(path, header, complete=True)
        if problem:
            raise RecordsError(problem)
        if not isinstance(header.get("games"), list):
            raise RecordsError(f"{path.name} has no list of games")
    if progress is not None:
        progress(total, total)
    return ImportReport(added=added, skipped=skipped, conflicts=tuple(conflicts))
