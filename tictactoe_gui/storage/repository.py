"""The records database: the only code in the app that speaks SQL.

:class:`Repository` owns one ``sqlite3`` connection to a file whose path it is
given, takes and returns the plain values of :mod:`records`, and keeps every
write to one short ``BEGIN IMMEDIATE`` transaction, so a second app instance
waits its turn (busy timeout) instead of failing, and a process killed midway
leaves either a whole game or none of it. Standings and statistics are counted
from the games each time they are asked for; nothing is kept as a counter.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import sqlite3
import tempfile
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Final, Self

import platformdirs

from tictactoe_gui.storage import migrations
from tictactoe_gui.storage.records import (
    DRAW,
    LOSS,
    NAME_MAX_LENGTH,
    PLAYER_RESULTS,
    SQLITE_MAX_INTEGER,
    WIN,
    CorruptDatabaseError,
    FinishedGame,
    GameDetail,
    GameFilter,
    GameMode,
    GameNotFoundError,
    GameSummary,
    ImportReport,
    InvalidGameError,
    MoveEntry,
    PlayerStats,
    RecordsError,
    Result,
    Side,
    SideKind,
    Standing,
    UnknownPlayerError,
    UnwritableDatabaseError,
    WinLossDraw,
    name_key,
    outcome_for,
    validate_game,
)

DATABASE_ENV_VAR: Final = "TICTACTOE_GUI_DB"
DATABASE_FILE_NAME: Final = "records.sqlite3"
#: How long a write waits for another app instance to finish its own (seconds).
DEFAULT_BUSY_TIMEOUT: Final = 10.0
EXPORT_FORMAT: Final = "tictactoe-gui records"
EXPORT_VERSION: Final = 1


def default_database_path() -> Path:
    """``$TICTACTOE_GUI_DB`` if set, else ``records.sqlite3`` in the user's data directory."""
    override = os.environ.get(DATABASE_ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("tictactoe-gui", appauthor=False)) / DATABASE_FILE_NAME


def _to_text(moment: datetime) -> str:
    # One fixed-width UTC form, so text order is time order and indexes sort by time.
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _from_text(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


_PRIMARY_CODE_MASK: Final = 0xFF
_CORRUPT_CODES: Final = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_UNWRITABLE_CODES: Final = frozenset(
    {
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
    }
)
_BUSY_CODES: Final = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})


def _translate(exc: sqlite3.Error, path: Path, doing: str) -> RecordsError:
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & _PRIMARY_CODE_MASK if isinstance(code, int) else None
    where = f"the records file {path}"
    if primary in _CORRUPT_CODES:
        return CorruptDatabaseError(f"{where} is damaged or not a records database ({exc})")
    if primary in _UNWRITABLE_CODES:
        return UnwritableDatabaseError(f"could not {doing}: {where} cannot be written ({exc})")
    if primary in _BUSY_CODES:
        return RecordsError(f"could not {doing}: another program kept {where} locked ({exc})")
    return RecordsError(f"could not {doing} in {where}: {exc}")


_SUMMARY_SELECT: Final = """
    SELECT g.id, g.started_at, g.ended_at, g.mode,
           g.x_kind, coalesce(px.name, g.x_persona), g.o_kind, coalesce(po.name, g.o_persona),
           g.result, g.plies, g.moves_x, g.moves_o, g.hints_x, g.hints_o, g.seed,
           g.x_ai_nodes, g.o_ai_nodes, g.x_ai_max_depth, g.o_ai_max_depth, g.start_board, g.uuid
    FROM games AS g
    LEFT JOIN players AS px ON px.id = g.x_player_id
    LEFT JOIN players AS po ON po.id = g.o_player_id
"""


def _summary(row: Sequence[Any]) -> GameSummary:
    return GameSummary(
        id=row[0],
        started_at=_from_text(row[1]),
        ended_at=_from_text(row[2]),
        mode=GameMode(row[3]),
        x=Side(SideKind(row[4]), row[5]),
        o=Side(SideKind(row[6]), row[7]),
        result=Result(row[8]),
        plies=row[9],
        moves_x=row[10],
        moves_o=row[11],
        hints_x=row[12],
        hints_o=row[13],
        seed=row[14],
        x_ai_nodes=row[15],
        o_ai_nodes=row[16],
        x_ai_max_depth=row[17],
        o_ai_max_depth=row[18],
        start_board=row[19],
        uid=row[20],
    )


def _streaks(outcomes: Sequence[str]) -> tuple[int, int, int]:
    """(current, longest win, longest loss); current is +wins or -losses up to the last game."""
    longest_win = longest_loss = run = 0
    for outcome in outcomes:
        if outcome == WIN:
            run = run + 1 if run > 0 else 1
            longest_win = max(longest_win, run)
        elif outcome == LOSS:
            run = run - 1 if run < 0 else -1
            longest_loss = max(longest_loss, -run)
        else:
            run = 0
    return run, longest_win, longest_loss


def _tally(outcomes: Iterable[str]) -> WinLossDraw:
    counts = {WIN: 0, LOSS: 0, DRAW: 0}
    for outcome in outcomes:
        counts[outcome] += 1
    return WinLossDraw(counts[WIN], counts[LOSS], counts[DRAW])


class Repository:
    """Recorded games in one SQLite file. Use from one thread; close when done."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        """Wrap an open autocommit connection; :meth:`open` is the usual way in."""
        self._connection = connection
        self.path = path
        #: The backup copy made when :meth:`open` upgraded an older file, if it did.
        self.migration_backup: Path | None = None

    # -- opening and closing ----------------------------------------------------------

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT
    ) -> Self:
        """Open (creating if needed) the records file at ``path`` and bring its schema up to date.

        Raises :class:`UnwritableDatabaseError` if the file or its folder cannot
        be written, :class:`CorruptDatabaseError` if it is not a records
        database, and :class:`NewerDatabaseError` if a newer app wrote it.
        """
        path = Path(path).expanduser()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UnwritableDatabaseError(
                f"cannot create the folder {path.parent} for the records file: "
                f"{exc.strerror or exc}"
            ) from exc
        if path.exists() and not path.is_file():
            raise UnwritableDatabaseError(f"the records path {path} exists but is not a file")
        # SQLite would quietly open a read-only file read-only; say so up front instead.
        # The folder must be writable too: WAL keeps its -wal and -shm files beside the file.
        for needed in (path, path.parent) if path.exists() else (path.parent,):
            if not os.access(needed, os.W_OK):
                raise UnwritableDatabaseError(f"the records location {needed} is not writable")
        try:
            connection = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise _translate(exc, path, "open the records") from exc
        repository = cls(connection, path)
        try:
            with repository._errors("open the records"):
                connection.execute("PRAGMA foreign_keys = ON")
                connection.execute("PRAGMA journal_mode = WAL")
                # WAL with NORMAL survives a killed process; only a power cut can lose the
                # last commits, and never leaves a half-written game.
                connection.execute("PRAGMA synchronous = NORMAL")
                repository.migration_backup = migrations.migrate(connection, path)
        except BaseException:
            connection.close()
            raise
        return repository

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._connection.execute("PRAGMA optimize")
        self._connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    @contextlib.contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise _translate(exc, self.path, doing) from exc

    @contextlib.contextmanager
    def _transaction(self, doing: str) -> Iterator[sqlite3.Connection]:
        """One short write transaction; IMMEDIATE takes the write lock up front so two
        writers queue on the busy timeout instead of failing on a lock upgrade."""
        with self._errors(doing):
            self._connection.execute("BEGIN IMMEDIATE")
            try:
                yield self._connection
                self._connection.execute("COMMIT")
            except BaseException:
                self._connection.execute("ROLLBACK")
                raise

    def check_integrity(self) -> None:
        """Raise :class:`CorruptDatabaseError` unless SQLite's quick check finds the file sound."""
        with self._errors("check the records"):
            problems = [row[0] for row in self._connection.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise CorruptDatabaseError(
                f"the records file {self.path} is damaged: {'; '.join(problems[:3])}"
            )

    @property
    def schema_version(self) -> int:
        with self._errors("read the schema version"):
            return migrations.user_version(self._connection)

    # -- writing games ---------------------------------------------------------------

    def save_game(self, game: FinishedGame) -> int:
        """Record a finished game in one transaction and return its id.

        Players are created on first sight; a name matches an existing player
        regardless of case and keeps the spelling it was first entered with.
        Raises :class:`InvalidGameError` (nothing written) for an impossible game.
        """
        return self.save_games([game])[0]

    def save_games(self, games: Iterable[FinishedGame]) -> list[int]:
        """Record several finished games in one transaction (all or none); their ids in order."""
        batch = list(games)
        for game in batch:
            validate_game(game)
        now = _to_text(datetime.now(UTC))
        with self._transaction("save the game") as connection:
            ids = []
            for game in batch:
                game_id = self._insert_game(connection, game, str(uuid.uuid4()), now)
                assert game_id is not None  # a fresh UUID cannot collide
                ids.append(game_id)
        return ids

    def _side_columns(
        self, connection: sqlite3.Connection, side: Side, now: str
    ) -> tuple[int | None, str | None]:
        """(player id, persona key) for one side, creating the player on first sight."""
        if side.kind is SideKind.PERSONA:
            return None, side.name.strip().casefold()
        name = side.name.strip()
        key = name_key(name)
        connection.execute(
            "INSERT INTO players (name, name_key, created_at) VALUES (?, ?, ?)"
            " ON CONFLICT (name_key) DO NOTHING",
            (name, key, now),
        )
        row = connection.execute("SELECT id FROM players WHERE name_key = ?", (key,)).fetchone()
        return int(row[0]), None

    def _insert_game(
        self, connection: sqlite3.Connection, game: FinishedGame, uid: str, now: str
    ) -> int | None:
        """Insert one validated game; None if a game with ``uid`` is already recorded."""
        x_player, x_persona = self._side_columns(connection, game.x, now)
        o_player, o_persona = self._side_columns(connection, game.o, now)
        cursor = connection.execute(
            """
            INSERT INTO games (
                uuid, started_at, ended_at, mode,
                x_kind, x_player_id, x_persona, o_kind, o_player_id, o_persona,
                result, plies, moves_x, moves_o, hints_x, hints_o, seed,
                x_ai_nodes, o_ai_nodes, x_ai_max_depth, o_ai_max_depth, start_board
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (uuid) DO NOTHING
            """,
            (
                uid,
                _to_text(game.started_at),
                _to_text(game.ended_at),
                game.mode.value,
                game.x.kind.value,
                x_player,
                x_persona,
                game.o.kind.value,
                o_player,
                o_persona,
                game.result.value,
                game.plies,
                sum(1 for move in game.moves if move.mark == "X"),
                sum(1 for move in game.moves if move.mark == "O"),
                game.hints_x,
                game.hints_o,
                game.seed,
                game.x_ai_nodes,
                game.o_ai_nodes,
                game.x_ai_max_depth,
                game.o_ai_max_depth,
                game.start_board,
            ),
        )
        if cursor.rowcount == 0:
            return None
        game_id = cursor.lastrowid
        assert game_id is not None
        # Stored plies count from 1 after the start position, whatever numbering came in.
        connection.executemany(
            "INSERT INTO moves (game_id, ply, cell, mark, score, verdict)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (
                (game_id, number, move.cell, move.mark, move.score, move.verdict)
                for number, move in enumerate(game.moves, start=1)
            ),
        )
        return game_id

    # -- reading games -----------------------------------------------------------------

    def _player_id(self, name: str) -> int | None:
        row = self._connection.execute(
            "SELECT id FROM players WHERE name_key = ?", (name_key(name),)
        ).fetchone()
        return None if row is None else int(row[0])

    def _where(self, game_filter: GameFilter) -> tuple[str, list[object]]:
        """The WHERE clause for a filter. Only fixed SQL text is joined; values are parameters."""
        clauses: list[str] = []
        params: list[object] = []
        if game_filter.mode is not None:
            clauses.append("g.mode = ?")
            params.append(GameMode(game_filter.mode).value)
        result = game_filter.result
        if game_filter.player is not None:
            kind = game_filter.player_kind
            player_id = (
                self._player_id(game_filter.player) if kind is not SideKind.PERSONA else None
            )
            persona = game_filter.player.strip().casefold() if kind is not SideKind.HUMAN else None
            on_x = "(g.x_player_id = ? OR g.x_persona = ?)"
            on_o = "(g.o_player_id = ? OR g.o_persona = ?)"
            who = [player_id, persona]
            if result is None or result == DRAW:
                clauses.append(f"({on_x} OR {on_o})")
                params += who + who
                if result == DRAW:
                    clauses.append("g.result = 'draw'")
            elif result in (WIN, LOSS):
                x_result, o_result = ("X", "O") if result == WIN else ("O", "X")
                clauses.append(f"(({on_x} AND g.result = ?) OR ({on_o} AND g.result = ?))")
                params += [*who, x_result, *who, o_result]
            else:
                raise ValueError(
                    f"a result filter for a player is one of {', '.join(PLAYER_RESULTS)};"
                    f" got {result!r}"
                )
        elif result is not None:
            if result not in {r.value for r in Result}:
                raise ValueError(f"a result filter is one of X, O, draw; got {result!r}")
            clauses.append("g.result = ?")
            params.append(result)
        return (" WHERE " + " AND ".join(clauses) if clauses else ""), params

    def count_games(self, game_filter: GameFilter | None = None) -> int:
        with self._errors("count the games"):
            where, params = self._where(game_filter or GameFilter())
            row = self._connection.execute(
                f"SELECT count(*) FROM games AS g{where}", params
            ).fetchone()
        return int(row[0])

    def list_games(
        self,
        game_filter: GameFilter | None = None,
        offset: int = 0,
        limit: int = 100,
        *,
        after: GameSummary | None = None,
    ) -> list[GameSummary]:
        """One page of the games that match, newest first.

        ``after`` continues from a game already shown (the last row of the
        previous page): unlike an offset, it neither repeats rows when new games
        arrive meanwhile nor slows down deep into a long history.
        """
        if offset < 0 or limit < 0:
            raise ValueError(f"offset and limit cannot be negative (got {offset}, {limit})")
        # SQLite integers stop at 2**63 - 1; a larger limit or offset means "all" or "none".
        offset, limit = min(offset, SQLITE_MAX_INTEGER), min(limit, SQLITE_MAX_INTEGER)
        with self._errors("list the games"):
            where, params = self._where(game_filter or GameFilter())
            if after is not None:
                where += " AND " if where else " WHERE "
                where += "(g.ended_at, g.id) < (?, ?)"
                params += [_to_text(after.ended_at), after.id]
            rows = self._connection.execute(
                f"{_SUMMARY_SELECT}{where} ORDER BY g.ended_at DESC, g.id DESC LIMIT ? OFFSET ?",
                [*params, limit, offset],
            ).fetchall()
        return [_summary(row) for row in rows]

    def _moves(self, game_id: int) -> tuple[MoveEntry, ...]:
        rows = self._connection.execute(
            "SELECT ply, cell, mark, score, verdict FROM moves WHERE game_id = ? ORDER BY ply",
            (game_id,),
        ).fetchall()
        return tuple(MoveEntry(*row) for row in rows)

    def game(self, game_id: int) -> GameDetail:
        """A recorded game with all its moves; :class:`GameNotFoundError` if there is none."""
        with self._errors("read the game"):
            row = self._connection.execute(
                f"{_SUMMARY_SELECT} WHERE g.id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise GameNotFoundError(f"no recorded game has id {game_id}")
            return GameDetail(_summary(row), self._moves(game_id))

    def players(self) -> list[str]:
        """Every person who has played a recorded game, by name as first entered."""
        with self._errors("list the players"):
            rows = self._connection.execute("SELECT name FROM players ORDER BY name_key").fetchall()
        return [row[0] for row in rows]

    # -- standings and statistics ----------------------------------------------------

    def record_of(self, name: str) -> WinLossDraw | None:
        """A person's wins, losses and draws, or None for a name never recorded."""
        with self._errors("read the player's record"):
            player_id = self._player_id(name)
            if player_id is None:
                return None
            counts = {WIN: 0, LOSS: 0, DRAW: 0}
            for column, mark in (("x_player_id", "X"), ("o_player_id", "O")):
                rows = self._connection.execute(
                    # column is one of two fixed names above, never input.
                    f"SELECT result, count(*) FROM games WHERE {column} = ? GROUP BY result",
                    (player_id,),
                ).fetchall()
                for result, count in rows:
                    counts[outcome_for(Result(result), mark)] += count
        return WinLossDraw(counts[WIN], counts[LOSS], counts[DRAW])

    def standings(self, opponent_persona: str | None = None) -> list[Standing]:
        """Every person and persona with their record, best first.

        With ``opponent_persona``, only games against that persona count.
        """
        if opponent_persona is None:
            x_filter = o_filter = ""
            params: tuple[str, ...] = ()
        else:
            x_filter, o_filter = " WHERE o_persona = ?", " WHERE x_persona = ?"
            params = (opponent_persona.strip().casefold(),)
        # One grouped query per side, each walking its covering index in order, merged
        # here: a GROUP BY over a UNION of both sides would sort every game twice over.
        queries = (
            "SELECT x_player_id, x_persona, sum(result = 'X'), sum(result = 'O'),"
            f" sum(result = 'draw') FROM games{x_filter} GROUP BY x_player_id, x_persona",
            "SELECT o_player_id, o_persona, sum(result = 'O'), sum(result = 'X'),"
            f" sum(result = 'draw') FROM games{o_filter} GROUP BY o_player_id, o_persona",
        )
        totals: dict[tuple[int | None, str | None], tuple[int, int, int]] = {}
        with self._errors("compute the standings"):
            for query in queries:
                for player_id, persona, wins, losses, draws in self._connection.execute(
                    query, params
                ):
                    had_wins, had_losses, had_draws = totals.get((player_id, persona), (0, 0, 0))
                    totals[player_id, persona] = (
                        had_wins + wins,
                        had_losses + losses,
                        had_draws + draws,
                    )
            names = dict(self._connection.execute("SELECT id, name FROM players").fetchall())
        standings = [
            Standing(
                Side(SideKind.HUMAN, names[player_id])
                if player_id is not None
                else Side(SideKind.PERSONA, str(persona)),
                WinLossDraw(wins, losses, draws),
            )
            for (player_id, persona), (wins, losses, draws) in totals.items()
        ]
        standings.sort(
            key=lambda s: (
                -s.record.wins,
                -s.record.win_rate,
                s.record.losses,
                name_key(s.side.name),
            )
        )
        return standings

    def player_stats(self, name: str) -> PlayerStats:
        """Totals, record per opponent, streaks and timeline of one person."""
        with self._errors("compute the statistics"):
            player_id = self._player_id(name)
            if player_id is None:
                raise UnknownPlayerError(f"no recorded game involves a player named {name!r}")
            stored_name = self._connection.execute(
                "SELECT name FROM players WHERE id = ?", (player_id,)
            ).fetchone()[0]
            rows = self._connection.execute(
                """
                SELECT ended_at, result, x_player_id, o_player_id, x_persona, o_persona
                FROM games WHERE x_player_id = ?1 OR o_player_id = ?1
                ORDER BY ended_at, id
                """,
                (player_id,),
            ).fetchall()
        timeline: list[tuple[datetime, str]] = []
        by_persona: dict[str, list[str]] = {}
        against_people: list[str] = []
        for ended_at, result_text, x_player, o_player, x_persona, o_persona in rows:
            result = Result(result_text)
            moment = _from_text(ended_at)
            # A person playing both sides (hot seat) counts once from each side.
            for mark, mine, opponent_persona in (
                ("X", x_player, o_persona),
                ("O", o_player, x_persona),
            ):
                if mine != player_id:
                    continue
                outcome = outcome_for(result, mark)
                timeline.append((moment, outcome))
                if opponent_persona is not None:
                    by_persona.setdefault(opponent_persona, []).append(outcome)
                else:
                    against_people.append(outcome)
        outcomes = [outcome for _, outcome in timeline]
        current, longest_win, longest_loss = _streaks(outcomes)
        return PlayerStats(
            name=stored_name,
            totals=_tally(outcomes),
            against_persona={key: _tally(values) for key, values in sorted(by_persona.items())},
            against_people=_tally(against_people),
            current_streak=current,
            longest_win_streak=longest_win,
            longest_loss_streak=longest_loss,
            timeline=tuple(timeline),
        )

    # -- export and import -----------------------------------------------------------

    def _all_games(self) -> Iterator[GameDetail]:
        """Every game, oldest first, read in pages so a large file never sits in memory."""
        last_end, last_id = "", 0
        while True:
            rows = self._connection.execute(
                f"{_SUMMARY_SELECT} WHERE (g.ended_at, g.id) > (?, ?)"
                " ORDER BY g.ended_at, g.id LIMIT 500",
                (last_end, last_id),
            ).fetchall()
            if not rows:
                return
            for row in rows:
                summary = _summary(row)
                yield GameDetail(summary, self._moves(summary.id))
            last_end, last_id = rows[-1][2], rows[-1][0]

    def export_csv(self, path: str | os.PathLike[str]) -> int:
        """Write every game, one per row, to a CSV file; returns how many."""
        header = [
            "uuid", "started_at", "ended_at", "mode", "x_kind", "x_name", "o_kind", "o_name",
            "result", "plies", "moves_x", "moves_o", "hints_x", "hints_o", "seed",
            "x_ai_nodes", "o_ai_nodes", "x_ai_max_depth", "o_ai_max_depth", "start_board", "cells",
        ]  # fmt: skip

        def write(stream: IO[str]) -> int:
            writer = csv.writer(stream)
            writer.writerow(header)
            count = 0
            for detail in self._all_games():
                s = detail.summary
                writer.writerow(
                    [
                        s.uid, _to_text(s.started_at), _to_text(s.ended_at), s.mode.value,
                        s.x.kind.value, s.x.name, s.o.kind.value, s.o.name, s.result.value,
                        s.plies, s.moves_x, s.moves_o, s.hints_x, s.hints_o,
                        "" if s.seed is None else s.seed,
                        s.x_ai_nodes, s.o_ai_nodes, s.x_ai_max_depth, s.o_ai_max_depth,
                        s.start_board, " ".join(str(move.cell) for move in detail.moves),
                    ]
                )  # fmt: skip
                count += 1
            return count

        return self._write_file(Path(path), write, newline="")

    def export_json(self, path: str | os.PathLike[str]) -> int:
        """Write every game with its moves to a JSON file :meth:`import_json` reads back."""

        def write(stream: IO[str]) -> int:
            stream.write(
                f'{{"format": {json.dumps(EXPORT_FORMAT)}, "version": {EXPORT_VERSION},'
                f' "exported_at": {json.dumps(_to_text(datetime.now(UTC)))}, "games": ['
            )
            count = 0
            for detail in self._all_games():
                stream.write(",\n" if count else "\n")
                stream.write(json.dumps(_game_to_json(detail), ensure_ascii=False))
                count += 1
            stream.write("\n]}\n")
            return count

        return self._write_file(Path(path), write, newline="\n")

    def _write_file(self, path: Path, write: Callable[[IO[str]], int], *, newline: str) -> int:
        # Write beside the target and rename, so a failed export never leaves half a file.
        try:
            handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        except OSError as exc:
            raise RecordsError(f"cannot write {path}: {exc.strerror or exc}") from exc
        try:
            with (
                open(handle, "w", encoding="utf-8", newline=newline) as stream,
                self._errors("read the games to export"),
            ):
                count = write(stream)
            os.replace(temporary, path)
        except OSError as exc:
            raise RecordsError(f"cannot write {path}: {exc.strerror or exc}") from exc
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
        return count

    def import_json(self, path: str | os.PathLike[str]) -> ImportReport:
        """Merge the games of a JSON export into this database, skipping games it already has.

        The whole file is checked before anything is written: a file with any
        bad game imports nothing and the error names the game and the problem.
        """
        path = Path(path)
        try:
            with open(path, encoding="utf-8") as stream:
                document = json.load(stream)
        except OSError as exc:
            raise RecordsError(f"cannot read {path}: {exc.strerror or exc}") from exc
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RecordsError(f"{path.name} is not a JSON records file: {exc}") from exc
        if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
            raise RecordsError(f"{path.name} is not a tictactoe-gui records export")
        if document.get("version") != EXPORT_VERSION:
            raise RecordsError(
                f"{path.name} is records format version {document.get('version')!r};"
                f" this app reads version {EXPORT_VERSION}"
            )
        entries = document.get("games")
        if not isinstance(entries, list):
            raise RecordsError(f"{path.name} has no list of games")
        games = [_game_from_json(entry, number) for number, entry in enumerate(entries, start=1)]
        now = _to_text(datetime.now(UTC))
        added = 0
        with self._transaction("import the games") as connection:
            for uid, game in games:
                if self._insert_game(connection, game, uid, now) is not None:
                    added += 1
        return ImportReport(added=added, skipped=len(games) - added)


def _side_to_json(side: Side) -> dict[str, str]:
    return {"kind": side.kind.value, "name": side.name}


def _game_to_json(detail: GameDetail) -> dict[str, Any]:
    s = detail.summary
    return {
        "uuid": s.uid,
        "started_at": _to_text(s.started_at),
        "ended_at": _to_text(s.ended_at),
        "mode": s.mode.value,
        "x": _side_to_json(s.x),
        "o": _side_to_json(s.o),
        "result": s.result.value,
        "start_board": s.start_board,
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


class _Reader:
    """Typed access to one game object of an import file, with messages naming the game."""

    def __init__(self, entry: object, where: str) -> None:
        if not isinstance(entry, dict):
            raise InvalidGameError(f"{where} is not an object")
        self.entry: dict[str, object] = entry
        self.where = where

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
            raise InvalidGameError(f"{self.where}: {key!r} cannot be {text!r}") from None

    def moment(self, key: str) -> datetime:
        text = self.value(key, str)
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise InvalidGameError(f"{self.where}: {key!r} is not a date and time") from None
        if moment.tzinfo is None:
            raise InvalidGameError(f"{self.where}: {key!r} has no time zone")
        return moment

    def side(self, key: str) -> Side:
        side = _Reader(self.entry.get(key), f"{self.where}, side {key!r}")
        kind = side.choice("kind", SideKind)
        name = side.value("name", str)
        if len(name.strip()) > NAME_MAX_LENGTH:
            raise InvalidGameError(f"{side.where}: the name is longer than {NAME_MAX_LENGTH}")
        return Side.human(name) if kind is SideKind.HUMAN else Side.persona(name)


def _game_from_json(entry: object, number: int) -> tuple[str, FinishedGame]:
    reader = _Reader(entry, f"game {number}")
    uid_text = reader.value("uuid", str)
    try:
        uid = str(uuid.UUID(uid_text))
    except ValueError:
        raise InvalidGameError(f"game {number}: 'uuid' is not a UUID") from None
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
    )
    try:
        validate_game(game)
    except InvalidGameError as exc:
        raise InvalidGameError(f"game {number}: {exc}") from None
    return uid, game


def _move_aside(path: Path) -> Path:
    """Rename a bad records file (and its WAL sidecars) out of the way, keeping it."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    serial = 1
    while aside.exists():
        serial += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{serial}")
    try:
        path.rename(aside)
        for suffix in ("-wal", "-shm"):
            sidecar = path.with_name(path.name + suffix)
            if sidecar.exists():
                sidecar.rename(aside.with_name(aside.name + suffix))
    except OSError as exc:
        raise UnwritableDatabaseError(
            f"the records file {path} is damaged and could not be moved aside: "
            f"{exc.strerror or exc}"
        ) from exc
    return aside


def open_or_recover(
    path: str | os.PathLike[str], *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT
) -> tuple[Repository, str | None]:
    """Open the records at ``path``; if the file is damaged, keep it aside and start afresh.

    Returns the repository and, when something had to be done, a notice for
    the user saying what and where the old file went. An unwritable location
    (:class:`UnwritableDatabaseError`) and a file from a newer app
    (:class:`NewerDatabaseError`) are raised: nothing is moved in either case.
    """
    path = Path(path).expanduser()
    try:
        repository = Repository.open(path, busy_timeout=busy_timeout)
        try:
            repository.check_integrity()
        except BaseException:
            repository.close()
            raise
    except CorruptDatabaseError as exc:
        aside = _move_aside(path)
        repository = Repository.open(path, busy_timeout=busy_timeout)
        return repository, (
            f"The game records could not be read: {exc}. The old file was kept as "
            f"{aside.name} in {aside.parent}, and a new, empty record was started."
        )
    return repository, None
