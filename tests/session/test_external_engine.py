"""External engines over the Gomocup protocol: good brains play games, bad ones lose cleanly."""

from __future__ import annotations

import math
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tictactoe_gui.engine.mnk.personas import persona_player, play_out
from tictactoe_gui.engine.variants import mnk
from tictactoe_gui.session.external_engine import (
    KEEP_LINES,
    MAX_LINE,
    MAX_PENDING,
    STDERR_TAIL,
    EngineError,
    EngineLimits,
    ExternalEngine,
    ExternalEnginePlayer,
    FailureKind,
    LineSplitter,
)

from .helpers import gone, wait_gone, wait_until

BRAIN = Path(__file__).with_name("protocol_brain.py")
FAST = EngineLimits(turn=2.0, start=5.0, grace=0.5)
SHORT = EngineLimits(turn=0.3, start=0.5, grace=0.2)
#: For engines that print a flood first: time enough on a busy machine.
ROOMY = EngineLimits(turn=30.0, start=10.0, grace=0.5)


def brain(mode: str) -> list[str]:
    return [sys.executable, str(BRAIN), mode]


def engine_player(engine: ExternalEngine, cols: int):  # type: ignore[no-untyped-def]
    """A play_out player that asks the engine, telling it the opponent's last move."""
    seen = {"stones": 0}

    def play(x: int, o: int, rng: random.Random) -> tuple[int, int]:
        mine_x = x.bit_count() == o.bit_count()
        own, theirs = (x, o) if mine_x else (o, x)
        new = (x | o) & ~seen["stones"]
        last = new.bit_length() - 1 if new and new & (new - 1) == 0 else None
        row, col = engine.move(own, theirs, last)
        seen["stones"] = x | o | 1 << (row * cols + col)
        return row, col

    return play


def reaped(engine: ExternalEngine) -> subprocess.Popen[str]:
    process = engine._process
    assert process is not None
    return process


def test_a_good_brain_plays_a_whole_game_against_sera() -> None:
    with ExternalEngine(brain("good"), 9, 9, 4, FAST) as engine:
        assert engine.name == "TestBrain-good"
        process = reaped(engine)
        game = play_out(
            9,
            9,
            4,
            persona_player("sera", 9, 9, 4),
            engine_player(engine, 9),
            random.Random(3),
        )
    assert process.returncode is not None
    assert game.winner == 1  # first-empty-cell play loses to Sera
    assert game.ending == "k in a row"


def test_rectangular_boards_and_chatter() -> None:
    with ExternalEngine(brain("chatty"), 6, 8, 4, FAST) as engine:
        row, col = engine.move(0, 0)
        assert (row, col) == (0, 0)
        row, col = engine.move(1, 1 << 9, 9)
        assert (row, col) == (0, 1)
        assert "MESSAGE thinking hard" in engine.messages


def test_board_is_sent_when_the_position_jumps() -> None:
    with ExternalEngine(brain("good"), 7, 7, 4, FAST) as engine:
        # Stones it never saw: it must be told the whole board, and it then avoids them.
        row, col = engine.move(0b1, 0b110)
        assert (row, col) == (0, 3)


@pytest.mark.parametrize(
    ("mode", "kind", "words"),
    [
        ("crash", FailureKind.CRASH, "code 3"),
        ("hang", FailureKind.TIMEOUT, "in time"),
        ("offboard", FailureKind.ILLEGAL, "off the"),
    ],
)
def test_a_bad_move_loses_with_the_reason_and_the_process_is_reaped(
    mode: str, kind: FailureKind, words: str
) -> None:
    engine = ExternalEngine(brain(mode), 9, 9, 4, SHORT)
    engine.start()
    process = reaped(engine)
    try:
        with pytest.raises(EngineError) as caught:
            engine.move(0, 1 << 40, 40)
    finally:
        engine.close()
    assert caught.value.kind is kind
    assert words in caught.value.reason
    assert process.returncode is not None


def test_crash_reason_quotes_what_the_engine_said() -> None:
    with (
        ExternalEngine(brain("crash"), 9, 9, 4, SHORT) as engine,
        pytest.raises(EngineError) as caught,
    ):
        engine.move(0, 0)
    assert "segmentation fault" in caught.value.reason


def test_an_illegal_move_on_a_taken_cell() -> None:
    with ExternalEngine(brain("illegal"), 9, 9, 4, SHORT) as engine:
        with pytest.raises(EngineError) as caught:
            engine.move(0, 1 << 40, 40)
        assert caught.value.kind is FailureKind.ILLEGAL
        assert "taken" in caught.value.reason


@pytest.mark.parametrize(
    ("mode", "kind"), [("refuse-start", FailureKind.REFUSED), ("slow-start", FailureKind.TIMEOUT)]
)
def test_start_failures(mode: str, kind: FailureKind) -> None:
    engine = ExternalEngine(brain(mode), 9, 9, 4, SHORT)
    try:
        with pytest.raises(EngineError) as caught:
            engine.start()
        process = reaped(engine)
    finally:
        engine.close()
    assert caught.value.kind is kind
    assert process.returncode is not None


def test_an_engine_that_ignores_end_is_killed() -> None:
    engine = ExternalEngine(brain("ignore-end"), 9, 9, 4, SHORT)
    engine.start()
    process = reaped(engine)
    engine.close()
    assert process.returncode is not None


def test_a_missing_program_is_a_clear_error() -> None:
    with pytest.raises(EngineError) as caught:
        ExternalEngine(["/nonexistent/brain"], 9, 9).start()
    assert caught.value.kind is FailureKind.NOT_STARTED
    with pytest.raises(ValueError, match="needs a command"):
        ExternalEngine("", 9, 9)


def test_the_match_time_is_enforced() -> None:
    limits = EngineLimits(turn=5.0, match=0.3, start=5.0, grace=0.1)
    with (
        ExternalEngine(brain("hang"), 9, 9, 4, limits) as engine,
        pytest.raises(EngineError) as caught,
    ):
        engine.move(0, 0)
    assert caught.value.kind is FailureKind.TIMEOUT


def test_the_session_player_plays_a_whole_game_at_the_table() -> None:
    from tictactoe_gui.engine.games import find_game
    from tictactoe_gui.session.match import board_mover, play_table
    from tictactoe_gui.session.table import Seat, TableSession, TableSetup
    from tictactoe_gui.storage.records import GameMode

    spec = find_game(mnk(7, 7, 4).id)
    player = ExternalEnginePlayer(brain("good"), FAST)
    seats = (player.spec(), Seat.for_game(spec, "kitty"))
    session = TableSession(TableSetup(spec, GameMode.AI_VS_AI, seats), 7)
    try:
        game = play_table(session, {0: board_mover(player.decide)})
    finally:
        process = player.engine._process if player.engine is not None else None
        player.close()
    assert game.state.is_over
    assert game.state.moves
    assert game.forfeit == ""
    assert process is None or process.returncode is not None


def test_a_failed_start_in_a_with_block_still_reaps_the_process() -> None:
    engine = ExternalEngine(brain("refuse-start"), 9, 9, 4, SHORT)
    with pytest.raises(EngineError), engine:
        pytest.fail("the block is not entered when START is refused")
    assert engine.exit_code is not None


# -- what an engine says is untrusted -------------------------------------------------------

HOSTILE_SHOWN = "\\x1b[2J\\x1b]0;pwned\\x07\\u202eevil\\u200b"


def test_an_engines_name_and_messages_are_escaped() -> None:
    with ExternalEngine(brain("hostile"), 7, 7, 4, FAST) as engine:
        assert engine.name == engine.about_name == HOSTILE_SHOWN
        engine.move(0, 0)
        assert f"MESSAGE {HOSTILE_SHOWN}" in engine.messages


def test_what_a_crashing_engine_wrote_on_stderr_is_escaped_in_the_reason() -> None:
    with (
        ExternalEngine(brain("hostile-crash"), 9, 9, 4, SHORT) as engine,
        pytest.raises(EngineError) as caught,
    ):
        engine.move(0, 0)
    assert caught.value.kind is FailureKind.CRASH
    assert caught.value.reason.endswith(f"it said: boom {HOSTILE_SHOWN}")
    assert caught.value.reason.isprintable()


def test_lines_garbled_by_raw_bytes_are_skipped_and_kept_escaped() -> None:
    with ExternalEngine(brain("noise"), 7, 7, 4, FAST) as engine:
        assert engine.move(0, 0) == (0, 0)
        assert engine.move(1, 1 << 9, 9) == (0, 1)
    assert engine.skipped_count == 6
    assert list(engine.skipped)[:3] == ["depth \\x0c eval 35", "\\xff\\xfe depth 9", "eval 12"]
    # A carriage return in the middle of a line does not end it.
    assert "MESSAGE depth \\x0d nodes 1234" in engine.messages


def test_a_garbled_move_loses() -> None:
    with (
        ExternalEngine(brain("garbled-move"), 9, 9, 4, SHORT) as engine,
        pytest.raises(EngineError) as caught,
    ):
        engine.move(0, 0)
    assert caught.value.kind is FailureKind.GARBAGE
    assert caught.value.reason == "answered a move with '5,\\x05'"


def test_a_line_that_is_not_a_move_then_silence_is_a_timeout_that_says_what_it_printed() -> None:
    with (
        ExternalEngine(brain("garbage"), 9, 9, 4, SHORT) as engine,
        pytest.raises(EngineError) as caught,
    ):
        engine.move(0, 0)
    assert caught.value.kind is FailureKind.TIMEOUT
    assert caught.value.reason == "no answer to a move in time; it printed 'hello there' instead"


@pytest.mark.parametrize(
    ("mode", "kind", "words"),
    [
        # Longer than a line is kept: the move is cut, so it is garbled.
        ("huge-coordinate", FailureKind.GARBAGE, "answered a move with '99999"),
        ("long-coordinate", FailureKind.ILLEGAL, "played 123456789012,0, off the 9x9 board"),
    ],
)
def test_a_coordinate_with_thousands_of_digits_loses_in_one_line(
    mode: str, kind: FailureKind, words: str
) -> None:
    with (
        ExternalEngine(brain(mode), 9, 9, 4, SHORT) as engine,
        pytest.raises(EngineError) as caught,
    ):
        engine.move(0, 0)
    assert caught.value.kind is kind
    assert caught.value.reason.startswith(words)
    assert len(caught.value.reason) < 150


# -- every buffer is bounded ------------------------------------------------------------------


def test_an_endless_line_keeps_at_most_one_lines_worth() -> None:
    with ExternalEngine(brain("endless-line"), 9, 9, 4, SHORT) as engine:
        with pytest.raises(EngineError) as caught:
            engine.move(0, 0)
        assert caught.value.kind is FailureKind.TIMEOUT
        wait_until(lambda: engine.pending_bytes == MAX_LINE)


def test_a_huge_stderr_line_keeps_only_its_end() -> None:
    with (
        ExternalEngine(brain("stderr-flood"), 9, 9, 4, ROOMY) as engine,
        pytest.raises(EngineError) as caught,
    ):
        engine.move(0, 0)
    assert caught.value.kind is FailureKind.CRASH
    assert len(engine.stderr_tail) == STDERR_TAIL
    assert engine.stderr_tail.endswith(b" the end\n")
    assert len(caught.value.reason) < 300


def test_a_flood_of_messages_keeps_the_latest_few() -> None:
    with ExternalEngine(brain("message-flood"), 7, 7, 4, ROOMY) as engine:
        assert engine.move(0, 0) == (0, 0)
        assert len(engine.messages) == KEEP_LINES
        assert engine.pending_lines == 0


def test_a_flood_of_lines_between_moves_keeps_at_most_the_pending_limit() -> None:
    with ExternalEngine(brain("line-flood"), 7, 7, 4, ROOMY) as engine:
        assert engine.move(0, 0) == (0, 0)
        wait_until(lambda: "MESSAGE flooded" in engine.messages)
        # At most the limit waits; one fewer where the answer was still queued when the
        # flood behind it reached the limit (it was read after, leaving a place unfilled).
        kept = engine.pending_lines
        assert MAX_PENDING - 1 <= kept <= MAX_PENDING
        assert engine.dropped_count == 10_000 - kept
        # The next answer is still found behind what was kept of the flood.
        assert engine.move(1, 1 << 9, 9) == (0, 1)
        assert engine.skipped_count == kept


def test_the_splitter_holds_no_more_than_a_line() -> None:
    splitter = LineSplitter(10)
    assert splitter.feed(b"12,3\r\nMESS") == ["12,3"]
    assert splitter.feed(b"AGE " + b"x" * 1000) == []
    assert splitter.pending == 10
    assert splitter.feed(b"yy\n4,5\n") == ["MESSAGE xx…", "4,5"]
    assert splitter.feed(b"no newline") == []
    assert splitter.finish() == ["no newline"]


# -- the engine's processes end with the game ----------------------------------------------


posix_only = pytest.mark.skipif(os.name != "posix", reason="fork and process groups")


@posix_only
def test_a_detached_grandchild_is_killed_with_the_engine(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    with ExternalEngine([*brain("fork-child"), str(pid_file)], 7, 7, 4, FAST) as engine:
        assert engine.move(0, 0) == (0, 0)
        wait_until(pid_file.exists)
        grandchild = int(pid_file.read_text())
        assert not gone(grandchild)
    wait_gone(grandchild)


@posix_only
def test_closing_never_waits_for_a_process_that_keeps_the_pipes_open(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    engine = ExternalEngine([*brain("pipe-holder"), str(pid_file)], 7, 7, 4, FAST)
    grandchild = None
    try:
        engine.start()
        wait_until(pid_file.exists)
        grandchild = int(pid_file.read_text())
        started = time.monotonic()
        engine.close()
        assert time.monotonic() - started < 5.0  # the process lives for an hour
        assert engine.exit_code is not None
    finally:
        engine.close()
        if grandchild is not None:
            os.kill(grandchild, signal.SIGKILL)


def test_time_limits_are_finite_seconds_above_zero() -> None:
    for value in (0.0, -1.0, math.nan, math.inf):
        with pytest.raises(ValueError, match="seconds above 0"):
            EngineLimits(turn=value)
    with pytest.raises(ValueError, match="seconds above 0"):
        EngineLimits(match=math.nan)


def test_a_command_that_cannot_be_read_or_run_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no closing quotation"):
        ExternalEngine("'./pbrain", 9, 9)
    with pytest.raises(EngineError) as caught:
        ExternalEngine(["pbrain\0"], 9, 9).start()
    assert caught.value.kind is FailureKind.NOT_STARTED
