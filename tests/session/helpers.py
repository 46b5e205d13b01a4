"""What the session tests share: the tables they sit games at (k in a row through the one
table session every game plays through) and the waits on processes of hosted engines."""

from __future__ import annotations

import os
import select
import time
from collections.abc import Callable
from pathlib import Path

from tictactoe_gui.engine import Board
from tictactoe_gui.engine.games import GameSpec, GameState, Limit, find_game
from tictactoe_gui.session.match import TableGame, play_table
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def human_vs_cop(game_id: str = "tictactoe", seed: int = 1, start: str = "") -> TableSession:
    """Alice (X) against Cop (O) in ``game_id``, from the position ``start`` where one is
    given (a set-up position: never recorded)."""
    spec = find_game(game_id)
    setup = TableSetup(
        spec,
        GameMode.HUMAN_VS_AI,
        (Seat.human("Alice"), Seat.for_game(spec, "cop")),
        start=spec.from_position_text(start) if start else None,
        from_position=bool(start),
    )
    return TableSession(setup, seed)


def board_of(session: TableSession) -> Board:
    """The k-in-a-row board of the position now, as the window draws it."""
    board = session.state.marks_board()
    assert board is not None
    return board


def play(
    session: TableSession, *names: str, analysed: bool = False, limit: Limit | None = None
) -> None:
    """Play the moves ``names`` in the game's notation, each position before one analysed
    (within ``limit``) where ``analysed``."""
    for name in names:
        if analysed:
            session.add_analysis(session.state, session.spec.analyse(session.state, limit=limit))
        session.play(session.spec.parse_move(name))


def session_of(
    spec: GameSpec, x: Seat, o: Seat, seed: int, start: GameState | None = None
) -> TableSession:
    """``x`` against ``o`` in ``spec``, from ``start`` where one is given."""
    mode = GameMode.AI_VS_AI if x.is_ai and o.is_ai else GameMode.HUMAN_VS_AI
    return TableSession(TableSetup(spec, mode, (x, o), start=start), seed)


def computers(
    spec: GameSpec, x: str, o: str, seed: int, start: GameState | None = None
) -> TableGame:
    """A game between two of ``spec``'s computer players (by key) played to its end as
    ``play`` and ``match`` play it: analysed where the game settles a position at once,
    every move judged."""
    return play_table(session_of(spec, Seat.for_game(spec, x), Seat.for_game(spec, o), seed, start))


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def wait_gone(pid: int, timeout: float = 10.0) -> None:
    """Wait until the process has ended (:func:`gone`): on Linux, on the process itself."""
    if not hasattr(os, "pidfd_open"):
        wait_until(lambda: gone(pid), timeout)
        return
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    try:
        # Readable once the process has ended, whether or not it has been reaped.
        ended, _, _ = select.select([handle], [], [], timeout)
    finally:
        os.close(handle)
    assert ended, f"process {pid} still running after {timeout} s"


def gone(pid: int) -> bool:
    """Whether the process has ended (a zombie its new parent has not reaped yet has)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    if not stat.parent.parent.is_dir():
        return False  # no /proc to tell a zombie from a live process
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True
