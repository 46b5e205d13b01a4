"""The command line: outputs, batch input and every kind of bad input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tictactoe_gui.cli import main
from tictactoe_gui.engine import SERA, Algorithm, Board, TranspositionTable, analyse


def test_analyse_human_output_shows_board_candidates_and_prediction() -> None:
    code, out, err = run("analyse", "XX.OO....")
    assert code == 0
    assert err == ""
    assert "3   X | X | ." in out
    assert "    a   b   c" in out  # the board notation on the edges
    assert "X to move" in out
    assert " * c3         10  win in 1" in out
    assert "Predicted with best play: X wins in 1 ply." in out
    assert "Expected line: c3" in out


def test_analyse_json_has_every_field_and_agrees_with_the_engine() -> None:
    code, out, _ = run("analyse", "--json", "X...O....", "--algorithm", "alphabeta")
    assert code == 0
    payload = json.loads(out)
    expected = analyse(Board.from_text("X...O...."), Algorithm.ALPHABETA)
    assert set(payload) == {
        "board", "to_move", "exact", "outcome", "plies_to_end", "best_moves", "candidates",
        "principal_variation", "nodes", "max_depth", "algorithm", "elapsed_ms",
    }  # fmt: skip
    assert payload["exact"] is True
    assert payload["board"] == "X...O...."
    assert payload["to_move"] == "X"
    assert payload["outcome"] == "draw"
    assert payload["plies_to_end"] == 7
    assert payload["algorithm"] == "alphabeta"
    assert payload["best_moves"] == [[m.row, m.col] for m in expected.best_moves]
    assert payload["candidates"] == [
        {"row": c.move.row, "col": c.move.col, "score": c.score,
         "outcome": c.outcome.value, "plies_to_end": c.plies_to_end}
        for c in expected.candidates
    ]  # fmt: skip
    assert payload["principal_variation"] == [[m.row, m.col] for m in expected.principal_variation]
    # Alpha-beta without a table searches the same tree every time.
    assert (payload["nodes"], payload["max_depth"]) == (expected.nodes, expected.max_depth)
    assert payload["elapsed_ms"] >= 0


def test_plain_minimax_reports_the_full_tree() -> None:
    _, out, _ = run("analyse", "--json", "--algorithm", "minimax", ".........")
    assert json.loads(out)["nodes"] == 549_946


def test_a_persona_and_seed_add_the_reproducible_chosen_move() -> None:
    _, first, _ = run("analyse", "--json", "X...O....", "--persona", "sera", "--seed", "4")
    _, again, _ = run("analyse", "--json", "X...O....", "--persona", "SERA", "--seed", "4")
    chosen = json.loads(first)["chosen_move"]
    assert chosen == json.loads(again)["chosen_move"]
    import random

    move = SERA.choose_move(
        Board.from_text("X...O...."), random.Random(4), TranspositionTable()
    ).move
    assert chosen == [move.row, move.col]
    assert chosen in json.loads(first)["best_moves"]


def test_a_finished_position_answers_with_its_result_and_no_candidates() -> None:
    _, out, _ = run("analyse", "--json", "XXXOO....", "--persona", "kitty")
    payload = json.loads(out)
    assert payload["outcome"] == "X"
    assert payload["candidates"] == []
    assert payload["best_moves"] == []
    assert payload["plies_to_end"] == 0
    assert payload["chosen_move"] is None
    _, text, _ = run("analyse", "XOXXOOOXX")
    assert "Game over: a draw." in text


def test_dash_reads_one_board_per_line_and_reports_bad_lines_without_losing_good_ones() -> None:
    code, out, err = run("analyse", "--json", "-", stdin="X........\nnope\n\nXXXOO....\n")
    assert code == 2
    boards = [json.loads(line)["board"] for line in out.splitlines()]
    assert boards == ["X........", "XXXOO...."]
    assert err.count("\n") == 1
    assert "standard input line 2" in err
    assert "9 characters" in err


def test_the_same_board_twice_reports_its_first_search_time() -> None:
    _, out, _ = run("analyse", "--json", ".........", ".........")
    first, second = (json.loads(line) for line in out.splitlines())
    assert first == second


def test_end_of_input_ends_the_batch() -> None:
    code, out, _ = run("analyse", "--json", "-", stdin="")
    assert code == 0
    assert out == ""


def test_match_prints_the_tally_and_json_is_reproducible() -> None:
    code, out, _ = run("match", "--x", "sera", "--o", "kitty", "--games", "20", "--seed", "3")
    assert code == 0
    assert out.startswith(
        "Tic-tac-toe, Sera (sera) as X vs Kitty (kitty) as O, 20 games, seed 3: X won "
    )
    _, first, _ = run(
        "match", "--x", "cop", "--o", "kitty", "--games", "25", "--seed", "8", "--json"
    )
    _, again, _ = run(
        "match", "--x", "cop", "--o", "kitty", "--games", "25", "--seed", "8", "--json"
    )
    payload = json.loads(first)
    assert payload == json.loads(again)
    assert set(payload) == {"game", "x", "o", "games", "seed", "x_wins", "o_wins", "draws"}
    assert payload["game"] == "tictactoe"
    assert payload["x"] == "cop"
    assert payload["games"] == 25
    assert payload["seed"] == 8
    assert payload["x_wins"] + payload["o_wins"] + payload["draws"] == 25


@pytest.mark.parametrize("game", ["tictactoe", "4x4k3", "rowcol3", "rowcol"])
def test_match_plays_the_games_strongest_against_its_medium_player_by_default(game: str) -> None:
    from tictactoe_gui.engine.games import find_game

    code, out, err = run("match", "--game", game, "--games", "2", "--seed", "4", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    spec = find_game(game)
    strongest, medium = spec.default_players
    assert (payload["x"], payload["o"]) == (strongest, medium)
    assert spec.player(strongest) == spec.players[-1]
    assert spec.player(medium).level == "medium"
    assert payload["game"] == spec.id
    assert payload["games"] == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyse", "XXX"], "9 characters"),
        (["analyse", "X.Z......"], "bad character 'Z'"),
        (["analyse", "XX......."], "impossible counts"),
        (["analyse", "XXXOOO..."], "both sides have a line"),
        (["analyse"], "give at least one BOARD (- reads them from standard input) or --moves"),
        (["analyse", ".........", "--algorithm", "magic"], "no algorithm 'magic'; choose one of"),
        (
            ["analyse", ".........", "--persona", "bob"],
            "--persona: Tic-tac-toe has no player 'bob'",
        ),
        (["analyse", ".........", "--seed", "4"], "give --persona too"),
        (["analyse", ".........", "--persona", "cop", "--seed", "x"], "a seed is a whole number"),
        (["match", "--x", "sera", "--o", "nobody"], "--o: Tic-tac-toe has no player 'nobody'"),
        (["match", "--x", "sera", "--o", "cop", "--games", "0"], "at least 1"),
        (["match", "--x", "sera", "--o", "cop", "--games", "many"], "whole number"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["--no-such-flag"], "unrecognized arguments: --no-such-flag"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_status_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_the_installed_entry_point_never_prints_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe_gui", "analyse", "-"],
        input="XO\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("tictactoe-gui: standard input line 1: a board is 9 characters")
    assert "Traceback" not in done.stderr


def test_play_in_the_terminal_to_the_end() -> None:
    # Kitty moves at random, so answer every prompt with every cell in turn:
    # taken cells are refused with a message and the next digit is tried.
    moves = "\n".join(["5", "1", "9", "3", "7", "2", "8", "4", "6"] * 3) + "\n"
    code, out, err = run("play", "--persona", "kitty", "--seed", "2", stdin=moves)
    assert code == 0
    assert err == ""
    assert out.startswith("Tic-tac-toe (seed 2). You are X; Kitty (kitty) is O.\n")
    assert "\nKitty: Meow! Let's play! I'm still learning...\n" in out
    assert "Kitty plays " in out
    assert any(end in out for end in ("You win!", "Kitty wins.", "A draw."))


def test_play_reprompts_on_bad_input_and_end_of_input_abandons_cleanly() -> None:
    code, out, _ = run("play", "--persona", "sera", "--seed", "1", stdin="banana\n0\n5\n5\n")
    assert code == 0
    assert "'banana' is not a cell: type a cell from a1 (bottom left) to c3 (top right)" in out
    assert "'0' is not a cell" in out
    assert "cell b2 is already taken by X; you may play a3, b3, a2, c2, a1, b1 or c1." in out
    assert out.rstrip().endswith("Game abandoned; nothing was recorded. Sera waves goodbye.")


def test_play_as_o_lets_the_persona_open() -> None:
    code, out, _ = run("play", "--persona", "cop", "--as", "O", "--seed", "3", stdin="q\n")
    assert code == 0
    assert out.index("Cop plays ") < out.index("Your move")
    assert "Game abandoned" in out


def test_no_command_opens_the_window_with_the_chosen_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import tictactoe_gui.gui.app as app

    calls: list[Path | None] = []

    def fake_run(
        argv: list[str] | None = None,
        *,
        db_path: Path | None = None,
        game: object = None,
        exit_process: bool = False,
    ) -> int:
        calls.append(db_path)
        return 0

    monkeypatch.setattr(app, "run", fake_run)
    assert run()[0] == 0
    assert run("--db", str(tmp_path / "r.sqlite3"))[0] == 0
    assert calls == [None, tmp_path / "r.sqlite3"]


def test_game_opens_the_window_on_that_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import tictactoe_gui.gui.app as app

    calls: list[object] = []

    def fake_run(
        argv: list[str] | None = None,
        *,
        db_path: Path | None = None,
        game: object = None,
        exit_process: bool = False,
    ) -> int:
        calls.append(game)
        return 0

    monkeypatch.setattr(app, "run", fake_run)
    for game in ("four", "6X7K4", "connect4", "6x7k4g", "rowcol5"):
        assert run("--game", game)[0] == 0
    assert run()[0] == 0
    ids = [getattr(game, "id", game) for game in calls]
    assert ids == ["four", "6x7k4", "connect4", "connect4", "rowcol5", None]
    code, out, err = run("--game", "nosuchgame")
    assert (code, out) == (2, "")
    assert "unknown game 'nosuchgame'" in err
    assert err.count("\n") == 1
    code, _, err = run("--game", "21x21k5")
    assert code == 2
    assert "3 to 20 rows and columns" in err
    assert err.count("\n") == 1
    assert len(calls) == 6  # neither bad game opened a window


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["match", "--x", "sera", "--o", "cop", "--games", "1000001"], "at most 1,000,000 games"),
        (["match", "--x", "sera", "--o", "cop", "--games", str(10**30)], "at most 1,000,000 games"),
        (["leaderboard", "--db", ""], "--db: expected the path of a records file"),
        (["--db", "  "], "--db: expected the path of a records file"),
    ],
)
def test_out_of_range_counts_and_empty_paths_are_usage_errors(
    args: list[str], message: str
) -> None:
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    assert message in err
    assert err.count("\n") == 1


def test_a_closed_standard_input_reads_as_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    # With file descriptor 0 closed, Python sets sys.stdin to None.
    monkeypatch.setattr(sys, "stdin", None)
    out, err = io.StringIO(), io.StringIO()
    assert main(["analyse", "--json", "-"], stdout=out, stderr=err) == 0
    assert (out.getvalue(), err.getvalue()) == ("", "")
    assert main(["play", "--persona", "sera", "--seed", "1"], stdout=out, stderr=err) == 0
    assert "Game abandoned; nothing was recorded." in out.getvalue()
    assert err.getvalue() == ""


FULL_DISK_MESSAGE = "tictactoe-gui: cannot read input or write output: No space left on device\n"


class _FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize(
    "args",
    [
        ["analyse", "........."],
        ["match", "--x", "cop", "--o", "kitty", "--games", "2"],
        ["history"],
    ],
)
def test_output_that_cannot_be_written_is_one_line_and_status_1(
    args: list[str], tmp_path: Path
) -> None:
    err = io.StringIO()
    code = main(
        [*args, "--db", str(tmp_path / "r.sqlite3")] if args == ["history"] else args,
        stdin=io.StringIO(),
        stdout=_FullDisk(),
        stderr=err,
    )
    assert code == 1
    assert err.getvalue() == FULL_DISK_MESSAGE


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["analyse", "........."],
        ["--help"],
        ["--version"],
        ["solve", "--help"],
        ["--self-test"],
        ["export", "-"],
    ],
)
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_a_full_disk_is_reported_without_a_traceback(
    args: list[str], buffered: bool, tmp_path: Path
) -> None:
    # Buffered, the text waits for the interpreter's last flush ("Exception ignored",
    # status 120); unbuffered, argparse swallows the error and the help is lost silently.
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    env["TICTACTOE_GUI_DB"] = str(tmp_path / "records.sqlite3")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")  # the self-test's window settings
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "tictactoe_gui", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            env=env,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr == FULL_DISK_MESSAGE


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["solve", "--help"]])
def test_help_and_version_go_to_the_given_output_and_report_a_write_error(
    args: list[str],
) -> None:
    code, out, err = run(*args)
    assert (code, err) == (0, "")
    assert "tictactoe-gui" in out.splitlines()[0]
    err_buffer = io.StringIO()
    assert main(args, stdin=io.StringIO(), stdout=_FullDisk(), stderr=err_buffer) == 1
    assert err_buffer.getvalue() == FULL_DISK_MESSAGE


def test_no_display_is_one_clear_line_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    import tictactoe_gui.gui.app as app

    def must_not_run(*args: object, **kwargs: object) -> int:
        raise AssertionError("the window must not be started without a display")

    monkeypatch.setattr(app, "run", must_not_run)
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    code, out, err = run()
    assert code == 1
    assert out == ""
    assert err.startswith("tictactoe-gui: no display to open the window on")
    assert err.count("\n") == 1
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    with pytest.raises(AssertionError, match="must not be started"):
        run()


def test_every_listed_command_is_in_the_help_and_runs_its_own_module() -> None:
    from tictactoe_gui.cli.commands import COMMANDS
    from tictactoe_gui.cli.entry import build_parser

    parser = build_parser()
    help_text = parser.format_help()
    for command in COMMANDS:
        assert command.name in help_text
        for name in (command.name, *command.aliases):
            required = {
                "analyse": ["X........"],
                "match": ["--x", "cop", "--o", "cop"],
                "export": ["out.json"],
                "import": ["in.json"],
                "review": ["1"],
            }
            args = parser.parse_args([name, *required.get(command.name, [])])
            assert args.run is command.run


def test_game_before_a_command_is_refused_with_where_to_put_it() -> None:
    code, out, err = run("--game", "four", "analyse", ".........")
    assert code == 2
    assert out == ""
    assert "write it after the command: tictactoe-gui analyse --game four" in err
    assert len(err.strip().splitlines()) == 1
