"""External engines over the Gomocup protocol: good brains play games, bad ones lose cleanly."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe_gui.engine.mnk.personas import persona_player, play_out
from tictactoe_gui.engine.variants import mnk
from tictactoe_gui.session.external_engine import (
    EngineError,
    EngineLimits,
    ExternalEngine,
    ExternalEnginePlayer,
    FailureKind,
)

BRAIN = Path(__file__).with_name("protocol_brain.py")
FAST = EngineLimits(turn=2.0, start=5.0, grace=0.5)
SHORT = EngineLimits(turn=0.3, start=0.5, grace=0.2)


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
        ("garbage", FailureKind.GARBAGE, "hello there"),
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


def test_the_session_player_plays_through_play_game() -> None:
    from tictactoe_gui.engine import KITTY
    from tictactoe_gui.session.match import PersonaPlayer, play_game

    player = ExternalEnginePlayer(brain("good"), FAST)
    try:
        record = play_game(player, PersonaPlayer(KITTY), seed=7, variant=mnk(7, 7, 4))
    finally:
        process = player.engine._process if player.engine is not None else None
        player.close()
    assert record.moves
    assert process is None or process.returncode is not None


def test_a_failed_start_in_a_with_block_still_reaps_the_process() -> None:
    engine = ExternalEngine(brain("refuse-start"), 9, 9, 4, SHORT)
    with pytest.raises(EngineError), engine:
        pytest.fail("the block is not entered when START is refused")
    assert engine.exit_code is not None
