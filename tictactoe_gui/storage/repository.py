"""The records' queries: saving games, and reading back history, standings and statistics.

:class:`Repository` takes and returns the plain values of :mod:`records` and is
the only code in the app that speaks SQL about games (the file itself is opened
and upgraded by :mod:`database`; CSV and JSON files are in :mod:`exchange`).
Every write is one short ``BEGIN IMMEDIATE`` transaction, so a second app
instance waits its turn (busy timeout) instead of failing, and a process killed
midway leaves either a whole game or none of it. Standings and statistics are
counted from the games each time they are asked for, one game at a time (a
tic-tac-toe win never counts in gomoku standings); nothing is kept as a counter.
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Self

from tictactoe_gui.storage.database import (
    DATABASE_ENV_VAR,
    DEFAULT_BUSY_TIMEOUT,
    Database,
    default_database_path,
    move_aside,
    one_line,
    resolve_path,
)
from tictactoe_gui.storage.records import (
    DEFAULT_GAME,
    DRAW,
    LOSS,
    PLAYER_RESULTS,
    SQLITE_MAX_INTEGER,
    WIN,
    BusyDatabaseError,
    CorruptDatabaseError,
    DamagedGame,
    DamageReport,
    FinishedGame,
    GameDetail,
    GameFilter,
    GameMode,
    GameNotFoundError,
    GameSummary,
    ImportReport,
    MoveEntry,
    PlayerStats,
    Result,
    Side,
    SideKind,
    Standing,
    UnknownPlayerError,
    UnwritableDatabaseError,
    WinLossDraw,
    check_shape,
    from_text,
    name_key,
    outcome_for,
    to_text,
    validate_game_id,
)

__all__ = ["DATABASE_ENV_VAR", "Repository", "default_database_path", "open_or_recover"]

_PERSONA_KEY: Final = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")

#: How long a finished game waits for another program's writing, when someone is told
#: (seconds): longer than any import or upgrade of a large file holds the file.
SAVE_PATIENCE: Final = 600.0
#: How long a finished game waits before the one who is told hears that it waits (seconds).
QUICK_BUSY_TIMEOUT: Final = 1.0

#: A check of a game's rules, run before it is saved (storage checks only its shape).
RulesCheck = Callable[[FinishedGame], None]


SUMMARY_SELECT: Final = """
    SELECT g.id, g.started_at, g.ended_at, g.mode,
           g.x_kind, coalesce(px.name, g.x_persona), g.o_kind, coalesce(po.name, g.o_persona),
           g.result, g.plies, g.moves_x, g.moves_o, g.hints_x, g.hints_o, g.seed,
           g.x_ai_nodes, g.o_ai_nodes, g.x_ai_max_depth, g.o_ai_max_depth, g.start_board, g.uuid,
           g.game, g.board_rows, g.board_cols, g.extra, g.resigned
    FROM games AS g
    LEFT JOIN players AS px ON px.id = g.x_player_id
    LEFT JOIN players AS po ON po.id = g.o_player_id
"""
#: A summary's columns and then the game's tree of moves: for games read whole, never for
#: the history's pages (a long tree is read only where it is wanted).
DETAIL_SELECT: Final = SUMMARY_SELECT.replace("g.resigned\n", "g.resigned, g.tree\n", 1)
_TREE_COLUMN: Final = 26


def _integer(value: object, label: str) -> int:
    if not isinstance(value, int):
        raise ValueError(f"{label} is {value!r}, not a whole number")
    return value


def _text(value: object, label: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{label} is {value!r}, not text")
    return value


def _field(label: str, convert: Callable[[Any], Any], value: object) -> Any:
    try:
        return convert(value)
    except (ValueError, TypeError, OverflowError):
        raise ValueError(f"{label} is {one_line(repr(value))[:60]}") from None


def summary_of(row: Sequence[Any]) -> GameSummary | DamagedGame:
    """A history row, or what makes it unreadable (a row edited by hand or damaged)."""
    try:
        return GameSummary(
            id=row[0],
            started_at=_field("started_at", from_text, row[1]),
            ended_at=_field("ended_at", from_text, row[2]),
            mode=_field("mode", GameMode, row[3]),
            x=Side(_field("x_kind", SideKind, row[4]), _text(row[5], "side X")),
            o=Side(_field("o_kind", SideKind, row[6]), _text(row[7], "side O")),
            result=_field("result", Result, row[8]),
            plies=_integer(row[9], "plies"),
            moves_x=_integer(row[10], "moves_x"),
            moves_o=_integer(row[11], "moves_o"),
            hints_x=_integer(row[12], "hints_x"),
            hints_o=_integer(row[13], "hints_o"),
            seed=None if row[14] is None else _integer(row[14], "seed"),
            x_ai_nodes=_integer(row[15], "x_ai_nodes"),
            o_ai_nodes=_integer(row[16], "o_ai_nodes"),
            x_ai_max_depth=_integer(row[17], "x_ai_max_depth"),
            o_ai_max_depth=_integer(row[18], "o_ai_max_depth"),
            start_board=_text(row[19], "start_board"),
            uid=_text(row[20] or "", "uuid"),
            game=_text(row[21], "game"),
            rows=_integer(row[22], "board_rows"),
            cols=_integer(row[23], "board_cols"),
            extra=None if row[24] is None else _text(row[24], "extra"),
            resigned=None if row[25] is None else _text(row[25], "resigned"),
        )
    except ValueError as error:
        return DamagedGame(int(row[0]), str(error))


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
    """Recorded games in one SQLite file. Use from one thread; close when done.

    Opening reads only; the file is created, upgraded or switched to WAL by
    the first write (see :mod:`database`).
    """

    def __init__(self, database: Database, rules: RulesCheck | None = None) -> None:
        """Wrap an open :class:`Database`; :meth:`open` is the usual way in."""
        self.database = database
        self.path = database.path
        #: The engine's check of a game's rules, run by :meth:`save_games` after the shape.
        self.rules = rules
        #: Told once, in one line, when a finished game must wait for another program
        #: writing to the file; with it set, :meth:`save_games` waits as long as that takes
        #: instead of giving up after the busy timeout.
        self.on_busy: Callable[[str], None] | None = None

    # -- opening and closing ----------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
        rules: RulesCheck | None = None,
    ) -> Self:
        """Open the records file at ``path`` for reading and check it is sound.

        Nothing is created or changed until the first write. Raises
        :class:`CorruptDatabaseError` if the file is damaged or not a records
        database, :class:`NewerDatabaseError` if a newer app wrote it, and
        :class:`UnwritableDatabaseError` if ``path`` could never hold a file.
        """
        database = Database.open(path, busy_timeout=busy_timeout)
        try:
            database.check_integrity()
        except BaseException:
            database.close()
            raise
        return cls(database, rules)

    def close(self) -> None:
        self.database.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def _connection(self) -> sqlite3.Connection:
        return self.database.reader()

    def _errors(self, doing: str) -> Any:
        return self.database.errors(doing)

    @property
    def migration_backup(self) -> Path | None:
        """The backup copy made when the first write upgraded an older file, if it did."""
        return self.database.migration_backup

    @property
    def schema_version(self) -> int:
        return self.database.schema_version

    def check_integrity(self) -> None:
        """Raise :class:`CorruptDatabaseError` unless SQLite's quick check finds the file sound."""
        self.database.check_integrity()

    def write_problem(self) -> str | None:
        """Why saving a game would fail for want of permission, or None if it should not."""
        return self.database.write_problem()

    # -- files -----------------------------------------------------------------------

    def export_records(
        self,
        path: Path,
        file_format: str,
        game: str | None = None,
        *,
        on_damaged: DamageReport | None = None,
    ) -> int:
        """Write the games (of one game, if named) to ``path`` as ``"csv"`` or ``"json"``;
        a game that cannot be read goes to ``on_damaged`` (without one, it stops the export)."""
        from tictactoe_gui.storage import exchange  # loaded with the first export, not at start

        if file_format not in ("csv", "json"):
            raise ValueError(f"an export is csv or json, not {file_format!r}")
        write = exchange.export_csv if file_format == "csv" else exchange.export_json
        return write(self, path, game, on_damaged=on_damaged)

    def import_records(
        self, path: Path, progress: Callable[[int, int], bool] | None = None
    ) -> ImportReport:
        """Merge the games of a JSON export (see :func:`exchange.import_json`)."""
        from tictactoe_gui.storage import exchange

        return exchange.import_json(self, path, progress=progress)

    # -- writing games ---------------------------------------------------------------

    def check(self, game: FinishedGame) -> None:
        """The checks every saved game passes: its shape, then its rules when known."""
        check_shape(game)
        if self.rules is not None:
            self.rules(game)

    def save_game(self, game: FinishedGame) -> int:
        """Record a finished game in one transaction and return its id.

        Players are created on first sight; a name matches an existing player
        regardless of case and keeps the spelling it was first entered with.
        Raises :class:`InvalidGameError` (nothing written) for an impossible game.
        """
        return self.save_games([game])[0]

    def save_games(self, games: Iterable[FinishedGame]) -> list[int]:
        """Record several finished games in one transaction (all or none); their ids in order.

        Another program writing to the file is waited for (the busy timeout); with
        :attr:`on_busy` set, it is told after a second and the game waits as long as that
        program writes (up to :data:`SAVE_PATIENCE`).
        """
        batch = list(games)
        for game in batch:
            self.check(game)
        if self.on_busy is None:
            return self._insert_games(batch)
        # Someone to tell: say so after a short wait, then wait as long as it takes.
        database = self.database
        patience = database.busy_timeout
        database.busy_timeout = min(patience, QUICK_BUSY_TIMEOUT)
        deadline = time.monotonic() + SAVE_PATIENCE
        told = False
        try:
            while True:
                try:
                    return self._insert_games(batch)
                except BusyDatabaseError:
                    if time.monotonic() >= deadline:
                        raise
                    if not told:
                        told = True
                        self.on_busy(
                            f"the records file {self.path} is busy (another program is"
                            " writing to it); waiting to record the game…"
                        )
                        database.busy_timeout = patience
        finally:
            database.busy_timeout = patience

    def _insert_games(self, batch: list[FinishedGame]) -> list[int]:
        import uuid  # loaded with the first game saved, not at start-up

        now = to_text(datetime.now(UTC))
        with self.database.transaction("save the game") as connection:
            ids = []
            for game in batch:
                game_id = self.insert_game(connection, game, str(uuid.uuid4()), now)
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

    def game_id_of(self, connection: sqlite3.Connection, uid: str) -> int | None:
        """The id of the game recorded with the permanent identity ``uid``, if any."""
        row = connection.execute("SELECT id FROM games WHERE uuid = ?", (uid,)).fetchone()
        return None if row is None else int(row[0])

    def insert_game(
        self, connection: sqlite3.Connection, game: FinishedGame, uid: str, now: str
    ) -> int | None:
        """Insert one checked game inside an open transaction; None if ``uid`` is recorded.

        A game already recorded creates nothing, not even its players.
        """
        if self.game_id_of(connection, uid) is not None:
            return None
        x_player, x_persona = self._side_columns(connection, game.x, now)
        o_player, o_persona = self._side_columns(connection, game.o, now)
        cursor = connection.execute(
            """
            INSERT INTO games (
                uuid, started_at, ended_at, mode,
                x_kind, x_player_id, x_persona, o_kind, o_player_id, o_persona,
                result, plies, moves_x, moves_o, hints_x, hints_o, seed,
                x_ai_nodes, o_ai_nodes, x_ai_max_depth, o_ai_max_depth, start_board,
                game, board_rows, board_cols, extra, resigned, tree
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                      ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            (
                uid,
                to_text(game.started_at),
                to_text(game.ended_at),
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
                game.game,
                game.rows,
                game.cols,
                game.extra,
                game.resigned,
                game.tree,
            ),
        )
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
        if game_filter.game is not None:
            clauses.append("g.game = ?")
            params.append(validate_game_id(game_filter.game))
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
            if persona is not None and not _PERSONA_KEY.fullmatch(persona):
                persona = None  # no persona has that name: look for a person only
            # Only the tests that can match, so each side's lookup uses its index.
            tests = [("g.{side}_player_id = ?", player_id), ("g.{side}_persona = ?", persona)]
            tests = [(test, value) for test, value in tests if value is not None] or [("0", None)]
            who = [value for _, value in tests if value is not None]
            on_x = "(" + " OR ".join(test.format(side="x") for test, _ in tests) + ")"
            on_o = "(" + " OR ".join(test.format(side="o") for test, _ in tests) + ")"
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
        on_damaged: DamageReport | None = None,
    ) -> list[GameSummary]:
        """One page of the games that match, newest first.

        ``after`` continues from a game already shown (the last row of the
        previous page): unlike an offset, it neither repeats rows when new games
        arrive meanwhile nor slows down deep into a long history. A game whose
        row cannot be read is left out and handed to ``on_damaged``; without
        one, it is a :class:`CorruptDatabaseError` naming the game.
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
                params += [to_text(after.ended_at), after.id]
            rows = self._connection.execute(
                f"{SUMMARY_SELECT}{where} ORDER BY g.ended_at DESC, g.id DESC LIMIT ? OFFSET ?",
                [*params, limit, offset],
            ).fetchall()
        return self._readable([summary_of(row) for row in rows], on_damaged)

    @staticmethod
    def _readable(
        rows: Iterable[GameSummary | DamagedGame], on_damaged: DamageReport | None
    ) -> list[GameSummary]:
        games = []
        for row in rows:
            if isinstance(row, DamagedGame):
                if on_damaged is None:
                    raise CorruptDatabaseError(f"the records file is damaged: {row.message()}")
                on_damaged(row)
            else:
                games.append(row)
        return games

    def _moves(self, game_id: int) -> tuple[MoveEntry, ...]:
        rows = self._connection.execute(
            "SELECT ply, cell, mark, score, verdict FROM moves WHERE game_id = ? ORDER BY ply",
            (game_id,),
        ).fetchall()
        return tuple(MoveEntry(*row) for row in rows)

    def _detail(self, summary: GameSummary, tree: object) -> GameDetail:
        """A game's summary with its moves and its tree of moves, as they lie in the file."""
        return GameDetail(summary, self._moves(summary.id), None if tree is None else str(tree))

    def game(self, game_id: int) -> GameDetail:
        """A recorded game with all its moves; :class:`GameNotFoundError` if there is none."""
        with self._errors("read the game"):
            row = self._connection.execute(f"{DETAIL_SELECT} WHERE g.id = ?", (game_id,)).fetchone()
            if row is None:
                raise GameNotFoundError(f"no recorded game has id {game_id}")
            (summary,) = self._readable([summary_of(row)], None)
            return self._detail(summary, row[_TREE_COLUMN])

    def iter_games(
        self, game: str | None = None, *, on_damaged: DamageReport | None = None
    ) -> Iterator[GameDetail]:
        """Every game (of one game, if named), oldest first, read in pages so a large
        file never sits in memory."""
        where, params = self._where(GameFilter(game=game))
        where += " AND " if where else " WHERE "
        last_end, last_id = "", 0
        while True:
            with self._errors("read the games"):
                rows = self._connection.execute(
                    f"{DETAIL_SELECT}{where}(g.ended_at, g.id) > (?, ?)"
                    " ORDER BY g.ended_at, g.id LIMIT 500",
                    [*params, last_end, last_id],
                ).fetchall()
                if not rows:
                    return
                trees = {row[0]: row[_TREE_COLUMN] for row in rows}
                details = [
                    self._detail(summary, trees[summary.id])
                    for summary in self._readable(map(summary_of, rows), on_damaged)
                ]
            yield from details
            last_end, last_id = rows[-1][2], rows[-1][0]

    def players(self, game: str | None = None) -> list[str]:
        """Every person who has played a recorded game (of one game, if named), by name as
        first entered."""
        with self._errors("list the players"):
            if game is None:
                rows = self._connection.execute(
                    "SELECT name FROM players ORDER BY name_key"
                ).fetchall()
            else:
                rows = self._connection.execute(
                    "SELECT name FROM players AS p WHERE EXISTS (SELECT 1 FROM games AS g"
                    " WHERE g.game = ?1 AND (g.x_player_id = p.id OR g.o_player_id = p.id))"
                    " ORDER BY name_key",
                    (validate_game_id(game),),
                ).fetchall()
        return [row[0] for row in rows]

    def games_recorded(self) -> dict[str, int]:
        """How many games are recorded of each game id, most played first."""
        with self._errors("list the games"):
            rows = self._connection.execute(
                "SELECT game, count(*) FROM games GROUP BY game ORDER BY count(*) DESC, game"
            ).fetchall()
        return {str(game): int(count) for game, count in rows}

    def stored_name(self, name: str) -> str | None:
        """The spelling a person's name was first recorded with ("alice" -> "Alice"), if any."""
        with self._errors("look up the player"):
            player_id = self._player_id(name)
            if player_id is None:
                return None
            row = self._connection.execute(
                "SELECT name FROM players WHERE id = ?", (player_id,)
            ).fetchone()
        return str(row[0])

    # -- standings and statistics ----------------------------------------------------

    def record_of(self, name: str, game: str = DEFAULT_GAME) -> WinLossDraw | None:
        """A person's wins, losses and draws in one game, or None for a name never recorded."""
        game = validate_game_id(game)
        with self._errors("read the player's record"):
            player_id = self._player_id(name)
            if player_id is None:
                return None
            counts = {WIN: 0, LOSS: 0, DRAW: 0}
            for column, mark in (("x_player_id", "X"), ("o_player_id", "O")):
                rows = self._connection.execute(
                    # column is one of two fixed names above, never input.
                    f"SELECT result, count(*) FROM games WHERE game = ? AND {column} = ?"
                    " GROUP BY result",
                    (game, player_id),
                ).fetchall()
                for result, count in rows:
                    counts[outcome_for(Result(result), mark)] += count
        return WinLossDraw(counts[WIN], counts[LOSS], counts[DRAW])

    def standings(
        self, opponent_persona: str | None = None, game: str = DEFAULT_GAME
    ) -> list[Standing]:
        """Every person and persona with their record in one game, best first.

        With ``opponent_persona``, only games against that persona count.
        Standings never mix games: each game has its own.
        """
        params: tuple[str, ...] = (validate_game_id(game),)
        if opponent_persona is None:
            x_filter = o_filter = ""
        else:
            x_filter, o_filter = " AND o_persona = ?", " AND x_persona = ?"
            params += (opponent_persona.strip().casefold(),)
        # One grouped query per side, each walking its covering index in order, merged
        # here: a GROUP BY over a UNION of both sides would sort every game twice over.
        queries = (
            "SELECT x_player_id, x_persona, sum(result = 'X'), sum(result = 'O'),"
            f" sum(result = 'draw') FROM games WHERE game = ?{x_filter}"
            " GROUP BY x_player_id, x_persona",
            "SELECT o_player_id, o_persona, sum(result = 'O'), sum(result = 'X'),"
            f" sum(result = 'draw') FROM games WHERE game = ?{o_filter}"
            " GROUP BY o_player_id, o_persona",
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

    def player_stats(self, name: str, game: str = DEFAULT_GAME) -> PlayerStats:
        """Totals, record per opponent, streaks and timeline of one person in one game."""
        game = validate_game_id(game)
        with self._errors("compute the statistics"):
            player_id = self._player_id(name)
            if player_id is None:
                raise UnknownPlayerError(f"no recorded game involves a player named {name!r}")
            stored_name = self._connection.execute(
                "SELECT name FROM players WHERE id = ?", (player_id,)
            ).fetchone()[0]
            # "+game": find the person's games by their player indexes, then keep one
            # game's; the game's own index would walk every game of it.
            rows = self._connection.execute(
                """
                SELECT id, ended_at, result, x_player_id, o_player_id, x_persona, o_persona
                FROM games WHERE +game = ?1 AND (x_player_id = ?2 OR o_player_id = ?2)
                ORDER BY ended_at, id
                """,
                (game, player_id),
            ).fetchall()
        timeline: list[tuple[datetime, str]] = []
        by_persona: dict[str, list[str]] = {}
        against_people: list[str] = []
        for game_id, ended_at, result_text, x_player, o_player, x_persona, o_persona in rows:
            try:
                result = Result(result_text)
                moment = from_text(ended_at)
            except (ValueError, TypeError):
                raise CorruptDatabaseError(
                    f"the records file is damaged: game {game_id} cannot be read"
                    f" (result {one_line(repr(result_text))[:40]},"
                    f" ended_at {one_line(repr(ended_at))[:40]})"
                ) from None
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


def open_or_recover(
    path: str | os.PathLike[str],
    *,
    busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    rules: RulesCheck | None = None,
) -> tuple[Repository, str | None]:
    """Open the records at ``path`` to record games; a damaged file is kept aside for a new one.

    Returns the repository and, when something had to be done, a notice for
    the user (one paragraph) saying what and where the old file went. An
    unwritable location (:class:`UnwritableDatabaseError`) and a file from a
    newer app (:class:`NewerDatabaseError`) are raised: nothing is moved in
    either case, and nothing is written until the first game is saved.
    """
    path = resolve_path(path)
    try:
        repository = Repository.open(path, busy_timeout=busy_timeout, rules=rules)
    except CorruptDatabaseError as exc:
        problem = Database(path, busy_timeout).write_problem()
        if problem is not None:
            raise UnwritableDatabaseError(
                f"{one_line(str(exc))}; it could not be moved aside: {problem}"
            ) from exc
        aside = move_aside(path)
        repository = Repository.open(path, busy_timeout=busy_timeout, rules=rules)
        reason = one_line(str(exc))
        return repository, (
            f"The game records could not be read: {reason}. The old file was kept as "
            f"{aside.name} in {aside.parent}, and a new, empty record was started."
        )
    problem = repository.write_problem()
    if problem is not None:
        repository.close()
        raise UnwritableDatabaseError(problem)
    return repository, None
