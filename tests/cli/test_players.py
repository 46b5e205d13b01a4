"""``match`` with players given a strength (cop:3, sera:0.2s) or as an external engine."""

from __future__ import annotations

import io
import json
import os
import shlex
import signal
import sys
import time
from pathlib import Path

import pytest

from tictactoe_gui.cli.entry import run
from tictactoe_gui.cli.players import PlayerChoice, parse_player
from tictactoe_gui.records_bridge import open_for_reading
from tictactoe_gui.storage.records import Result, Side

from ..session.helpers import wait_gone, wait_until

BRAIN = Path(__file__).parents[1] / "session" / "protocol_brain.py"


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def engine(mode: str) -> str:
    return f"engine:{sys.executable} {BRAIN} {mode}"


def test_strengths_parse() -> None:
    cop = parse_player("cop:3")
    assert (cop.key, cop.limit and cop.limit.depth) == ("cop", 3)
    sera = parse_player("sera:0.2s")
    assert (sera.key, sera.limit and sera.limit.time) == ("sera", 0.2)
    assert parse_player("SERA:2").limit == parse_player("sera:2s").limit
    brain = parse_player("engine:./pbrain --fast 'a b'")
    assert brain == PlayerChoice(
        "engine", "engine:./pbrain --fast 'a b'", None, ("./pbrain", "--fast", "a b")
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("cop:9", "from 1 to 6"),
        ("cop:x", "whole number"),
        ("sera:fast", "seconds per move"),
        ("sera:0", "seconds per move"),
        ("engine:", "needs the command"),
        ("engine:'./pbrain --fast", "cannot read the engine's command: no closing quotation"),
        ("kitty:3", "no strength"),
        ("bob:1", "unknown player"),
    ],
)
def test_bad_players_are_one_line_usage_errors(text: str, words: str) -> None:
    code, out, err = call("match", "--x", text, "--o", "kitty", "--game", "four")
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1
    assert out == ""


def test_sera_with_a_budget_beats_cop_at_depth_two_on_four() -> None:
    code, out, err = call(
        "match", "--x", "sera:0.15s", "--o", "cop:2", "--game", "four", "--seed", "4", "--json"
    )
    assert code == 0, err
    payload = json.loads(out)
    assert payload["x"] == "sera:0.15s"
    assert payload["o"] == "cop:2"
    assert (payload["x_wins"], payload["games"]) == (1, 1)


def test_the_tally_names_an_engine_by_the_name_it_gives() -> None:
    code, out, err = call("match", "--x", engine("good"), "--o", "kitty", "--game", "7x7k4")
    assert code == 0, err
    assert out.startswith(
        "7×7, 4 in a row, TestBrain-good (engine) as X vs Kitty (kitty) as O, 1 game"
    )


def test_a_good_engine_plays_whole_games() -> None:
    code, out, err = call(
        "match",
        "--x",
        engine("good"),
        "--o",
        "sera:0.1s",
        "--game",
        "7x7k4",
        "--games",
        "2",
        "--json",
    )
    assert code == 0, err
    payload = json.loads(out)
    assert payload["games"] == 2
    assert payload["o_wins"] == 2  # first-empty-cell play loses to Sera
    assert err == ""


@pytest.mark.parametrize(("mode", "kind"), [("garbled-move", "garbage"), ("crash", "crash")])
def test_a_failing_engine_loses_with_the_reason(mode: str, kind: str) -> None:
    code, out, err = call(
        "match", "--x", "kitty", "--o", engine(mode), "--game", "gomoku", "--games", "2"
    )
    assert code == 0
    assert "X won 2, O won 0" in out
    lines = err.strip().splitlines()
    assert len(lines) == 2
    assert all(f"(O) loses: {kind}" in line for line in lines)


def test_games_with_such_players_are_recorded_with_who_lost_and_why(tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    code, out, err = call(
        "match", "--x", "cop:2", "--o", "sera:0.1s", "--game", "7x7k4", "--seed", "3",
        "--record", "--db", str(db),
    )  # fmt: skip
    assert code == 0, err
    assert f"Recorded 1 game in {db}." in out
    tally = {"X won 1": Result.X_WINS, "O won 1": Result.O_WINS, "1 drawn": Result.DRAW}
    (first_result,) = [result for words, result in tally.items() if words in out]
    code, out, err = call(
        "match", "--x", "kitty", "--o", engine("crash"), "--game", "gomoku", "--games", "2",
        "--record", "--db", str(db),
    )  # fmt: skip
    assert code == 0
    assert "(O) loses: crash" in err
    assert f"Recorded 2 games in {db}." in out
    with open_for_reading(db) as repository:
        games = repository.list_games()
        details = [repository.game(game.id) for game in games]
    assert len(games) == 3
    sera_game = games[-1]
    assert (sera_game.x, sera_game.o) == (Side.persona("cop"), Side.persona("sera"))
    assert sera_game.result is first_result
    for game, detail in zip(games[:2], details[:2], strict=True):
        assert game.game == "gomoku"
        assert game.o.name == f"engine:{Path(sys.executable).name}"
        assert game.result is Result.X_WINS
        assert game.resigned == "O"
        assert json.loads(game.extra or "{}")["forfeit"].startswith("crash: ")
        assert detail.summary == game
    code, out, _ = call("history", "--db", str(db))
    assert code == 0
    assert out.count("Kitty (X) vs engine:") == 2


HOSTILE_SHOWN = "\\x1b[2J\\x1b]0;pwned\\x07\\u202eevil\\u200b"


def test_what_an_engine_says_reaches_the_terminal_and_the_records_escaped(tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    code, out, err = call(
        "match", "--x", "kitty", "--o", engine("hostile-crash"), "--game", "7x7k4",
        "--record", "--db", str(db),
    )  # fmt: skip
    assert code == 0, err
    assert out.startswith(
        f"7×7, 4 in a row, Kitty (kitty) as X vs {HOSTILE_SHOWN} (engine) as O, 1 game"
    )
    assert err == (
        f"tictactoe-gui: game 1: {HOSTILE_SHOWN} (engine) (O) loses: crash: "
        f"the engine exited (code 3); it said: boom {HOSTILE_SHOWN}\n"
    )
    assert not any(ch in out + err for ch in "\x1b\x07\u202e\u200b")
    with open_for_reading(db) as repository:
        (game,) = repository.list_games()
    forfeit = json.loads(game.extra or "{}")["forfeit"]
    assert forfeit.endswith(f"it said: boom {HOSTILE_SHOWN}")


@pytest.mark.parametrize("mode", ["huge-coordinate", "long-coordinate"])
def test_a_coordinate_with_many_digits_loses_the_game_and_the_series_is_recorded(
    mode: str, tmp_path: Path
) -> None:
    db = tmp_path / "records.sqlite3"
    code, out, err = call(
        "match", "--x", engine(mode), "--o", "kitty", "--game", "7x7k4", "--games", "2",
        "--record", "--db", str(db),
    )  # fmt: skip
    assert code == 0, err
    assert "X won 0, O won 2" in out
    assert f"Recorded 2 games in {db}." in out
    assert len(err.splitlines()) == 2
    assert all(len(line) < 300 for line in err.splitlines())


def test_lines_garbled_by_raw_bytes_are_reported_and_the_game_goes_on() -> None:
    code, out, err = call("match", "--x", engine("noise"), "--o", "sera:0.1s", "--game", "7x7k4")
    assert code == 0, err
    assert "1 game" in out
    (line,) = err.splitlines()
    assert line.startswith("tictactoe-gui: game 1: TestBrain-noise (engine) (X) printed ")
    assert line.endswith("that were neither an answer nor a move, skipped; the last: 'eval 12'")


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "1e9", "fast", "9" * 5000])
def test_engine_time_is_checked_in_one_line(value: str) -> None:
    code, out, err = call(
        "match", "--x", engine("good"), "--o", "kitty", "--game", "7x7k4", "--engine-time", value
    )
    assert code == 2
    assert "--engine-time: seconds a move run from 0.01 to 600" in err
    assert len(err.strip().splitlines()) == 1
    assert len(err) < 300
    assert out == ""


def test_engine_time_is_the_time_the_engine_gets() -> None:
    code, _, err = call(
        "match", "--x", "kitty", "--o", engine("hang"), "--game", "7x7k4", "--engine-time", "0.2"
    )
    assert code == 0
    assert "loses: timeout: no answer to a move in time" in err


@pytest.mark.skipif(os.name != "posix", reason="an executable script")
def test_a_program_whose_file_name_holds_control_characters_is_recorded(tmp_path: Path) -> None:
    program = tmp_path / "pbrain\x1b[2J\u202e"
    program.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} {BRAIN} crash\n")
    program.chmod(0o755)
    db = tmp_path / "records.sqlite3"
    code, out, err = call(
        "match", "--x", "kitty", "--o", f"engine:{shlex.quote(str(program))}",
        "--game", "7x7k4", "--record", "--db", str(db),
    )  # fmt: skip
    assert code == 0, err
    assert f"Recorded 1 game in {db}." in out
    with open_for_reading(db) as repository:
        (game,) = repository.list_games()
    assert game.o.name == "engine:pbrain\\x1b[2J\\u202e"


@pytest.mark.skipif(os.name != "posix", reason="fork and process groups")
def test_nothing_an_engine_started_outlives_the_match(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    code, _, err = call(
        "match", "--x", f"{engine('fork-child')} {pid_file}", "--o", "kitty", "--game", "7x7k4"
    )
    assert code == 0, err
    grandchild = int(pid_file.read_text())
    wait_gone(grandchild)


@pytest.mark.skipif(os.name != "posix", reason="fork and sessions")
def test_the_match_ends_without_waiting_for_a_process_that_keeps_the_pipes_open(
    tmp_path: Path,
) -> None:
    pid_file = tmp_path / "pid"
    started = time.monotonic()
    try:
        code, _, err = call(
            "match", "--x", f"{engine('pipe-holder')} {pid_file}", "--o", "kitty",
            "--game", "7x7k4",
        )  # fmt: skip
        assert code == 0, err
        assert time.monotonic() - started < 10
    finally:
        wait_until(pid_file.exists)
        os.kill(int(pid_file.read_text()), signal.SIGKILL)


@pytest.mark.skipif(os.name != "posix", reason="signals and process groups")
@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_a_match_told_to_end_ends_its_engine_too(tmp_path: Path, ending: signal.Signals) -> None:
    """kill (SIGTERM) or a closed terminal (SIGHUP) ends match as Ctrl-C does: one line,
    128 + the signal's number, and the engine it was waiting for is ended with it."""
    import subprocess

    pid_file = tmp_path / "pid"
    match = subprocess.Popen(
        [
            sys.executable, "-m", "tictactoe_gui", "match", "--game", "7x7k4",
            "--x", f"{engine('hang')} {pid_file}", "--o", "kitty", "--engine-time", "600",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        wait_until(pid_file.exists, timeout=60)  # the engine is thinking on its first move
        engine_pid = int(pid_file.read_text())
        match.send_signal(ending)
        _, err = match.communicate(timeout=60)
    finally:
        if match.poll() is None:
            match.kill()
    assert match.returncode == 128 + ending
    assert err.strip().endswith(f"stopped by {ending.name}"), err
    wait_gone(engine_pid)
