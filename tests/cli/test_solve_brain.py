"""``solve`` and ``brain`` on the command line."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import threading
import time

import pytest

from tictactoe_gui.cli.entry import run


def call(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("game", "outcome", "plies"),
    [("3x4k3", "X", 7), ("4x4k3", "X", 5), ("tictactoe", "draw", 9), ("4x4k4", "draw", 16)],
)
def test_solve_json_gives_the_published_value(game: str, outcome: str, plies: int) -> None:
    code, out, err = call("solve", "--game", game, "--json")
    assert code == 0, err
    payload = json.loads(out)
    assert payload["exact"] is True
    assert (payload["outcome"], payload["plies_to_end"]) == (outcome, plies)
    assert payload["game"] == game
    assert payload["nodes"] > 0
    assert len(payload["principal_variation"]) == plies


def test_solve_text_names_the_winner_and_the_line() -> None:
    code, out, _ = call("solve", "--game", "4x4k3")
    assert code == 0
    assert "X wins in 5 plies, proven." in out
    assert out.splitlines()[1].startswith("Line: ")


def test_solve_from_a_position_and_from_moves_agree() -> None:
    code, by_moves, _ = call("solve", "--game", "4x4k3", "--moves", "b2,c2", "--json")
    assert code == 0
    board = json.loads(by_moves)["board"]
    code, by_board, _ = call("solve", "--game", "4x4k3", board, "--json")
    assert code == 0
    first, second = json.loads(by_moves), json.loads(by_board)
    assert (first["outcome"], first["plies_to_end"]) == (second["outcome"], second["plies_to_end"])


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("solve", "--game", "4x4k3", "--moves", "b2,b2"), "not legal"),
        (("solve", "--game", "4x4k3", "--moves", "z9"), "off the"),
        (("solve", "--game", "4x4k3", "--time", "soon"), "expected seconds"),
        (("solve", "--game", "4x4k3", "X/", "--moves", "a1"), "not both"),
    ],
)
def test_solve_refuses_bad_input_in_one_line(argv: tuple[str, ...], words: str) -> None:
    code, out, err = call(*argv)
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1
    assert out == ""


def test_solve_that_runs_out_of_time_says_so() -> None:
    code, _, err = call("solve", "--game", "5x5k4", "--time", "0.2")
    assert code == 1
    assert "not solved within 0.2 seconds" in err
    code, _, err = call("solve", "--game", "9x9k5", "--time", "1")
    assert code == 1
    assert err.endswith(": 9x9k5: not solved within 1 second\n")


@pytest.mark.parametrize("game", ["20x20k10", "15x15k9"])
def test_solve_keeps_its_time_limit_when_the_line_is_long_and_says_what_it_did_not_finish(
    game: str,
) -> None:
    # The value of these boards is proven at once (no side can complete a line), but
    # the line to a full board takes far longer to read than the limit allows.
    # Counted in this process's processor time, which a busy machine does not stretch
    # as it does the clock: reading the whole line would take far more.
    started = time.process_time()
    code, out, err = call("solve", "--game", game, "--time", "1")
    assert time.process_time() - started < 6  # the limit plus a generous margin
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert ": a draw (" in lines[0]
    assert lines[0].endswith("), proven.")
    assert re.fullmatch(
        r"Line, its first \d+ pl(y|ies) only \(1 second ran out before the rest\): .+"
        r"|Line: not found within 1 second \(the value was proven in time\)\.",
        lines[1],
    )
    code, out, _ = call("solve", "--game", game, "--time", "1", "--json")
    answer = json.loads(out)
    assert (code, answer["outcome"], answer["line_complete"]) == (0, "draw", False)
    assert len(answer["principal_variation"]) < answer["plies_to_end"]


def test_a_complete_line_says_so() -> None:
    code, out, _ = call("solve", "--game", "4x4k3", "--json")
    answer = json.loads(out)
    assert (code, answer["line_complete"], len(answer["principal_variation"])) == (0, True, 5)


def test_brain_answers_a_short_conversation() -> None:
    lines = "INFO timeout_turn 300\nSTART 15\nBEGIN\nTURN 0,0\nABOUT\nEND\nSTART 99\n"
    code, out, _ = call("brain", stdin=lines)
    assert code == 0
    answers = [line for line in out.splitlines() if not line.startswith("MESSAGE")]
    assert answers[0] == "OK"
    assert answers[1] == "7,7"
    x, y = (int(v) for v in answers[2].split(","))
    assert (x, y) not in ((7, 7), (0, 0))
    assert answers[3].startswith('name="')
    assert len(answers) == 4  # nothing is read after END


class _FailingInput(io.BytesIO):
    def readline(self, size: int | None = -1) -> bytes:
        if self.tell() == 0:
            return super().readline(size)  # the first line reads well
        raise OSError(5, "Input/output error")


def test_brain_reports_an_input_that_fails_to_read_and_does_not_hang() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = run(["brain"], stdin=_FailingInput(b"START 15\nABOUT\n"), stdout=out, stderr=err)
    assert (code, out.getvalue()) == (1, "OK\n")
    assert (
        err.getvalue() == "tictactoe-gui: cannot read input or write output: Input/output error\n"
    )


class _ManagerKeepsThePipeOpen(io.BytesIO):
    """Its lines, then a read that waits until ``released`` (a manager that never closes)."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.released = threading.Event()

    def readline(self, size: int | None = -1) -> bytes:
        line = super().readline(size)
        if not line:
            self.released.wait(timeout=30)
        return line


def test_brain_reads_nothing_after_end() -> None:
    source = _ManagerKeepsThePipeOpen(b"START 15\nEND\n")
    try:
        out, err = io.StringIO(), io.StringIO()
        assert run(["brain"], stdin=source, stdout=out, stderr=err) == 0
        assert out.getvalue() == "OK\n"
        for reader in [t for t in threading.enumerate() if t.name == "brain input"]:
            reader.join(timeout=5)
            assert not reader.is_alive()  # it stopped at END instead of waiting for more
    finally:
        source.released.set()


def test_brain_takes_k_from_the_game() -> None:
    board = "BOARD\n5,5,1\n6,5,1\n7,5,1\n5,9,2\n6,9,2\n0,0,2\nDONE\n"
    code, out, _ = call(
        "brain", "--game", "four", stdin=f"INFO timeout_turn 300\nSTART 20\n{board}"
    )
    assert code == 0
    move = [line for line in out.splitlines() if "," in line and not line.startswith("MESSAGE")]
    assert move[0] in ("4,5", "8,5")


def test_brain_as_a_process_speaks_line_by_line() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe_gui", "brain"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write("INFO timeout_turn 400\nSTART 15\n")
        process.stdin.flush()
        assert process.stdout.readline().strip() == "OK"
        process.stdin.write("BEGIN\n")
        process.stdin.flush()
        line = process.stdout.readline().strip()
        while line.startswith("MESSAGE"):
            line = process.stdout.readline().strip()
        assert line == "7,7"
        process.stdin.write("END\n")
        process.stdin.flush()
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def test_solve_a_big_position_by_proof_search() -> None:
    # 21 empty cells: proof-number search. X's b3 c3 with the row open wins in 3 (d3 makes
    # two fours).
    code, out, err = call("solve", "--game", "5x5k4", "--moves", "b3,a1,c3,a5")
    assert code == 0, err
    assert "X wins in 3 plies, proven." in out
    code, out, err = call("solve", "--game", "5x5k4", "--moves", "b3,a1,c3,a5", "--json")
    payload = json.loads(out)
    assert (payload["outcome"], payload["plies_to_end"], payload["exact"]) == ("X", 3, True)
    assert len(payload["principal_variation"]) == 3


def test_solve_says_when_the_distance_of_a_win_is_not_known(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The solver reports a proven win without its distance when its limit stops the
    # distance pass; the command says so rather than inventing a number.
    from tictactoe_gui.engine.mnk import solve as command
    from tictactoe_gui.engine.mnk.search import Outcome
    from tictactoe_gui.engine.mnk.solve import Solution

    def solved(*args: object, **kwargs: object) -> Solution:
        return Solution(Outcome.WIN, None, ((2, 3), (2, 0), (2, 4)), (), 10, 0.5)

    monkeypatch.setattr(command, "solve", solved)
    code, out, err = call("solve", "--game", "5x5k4", "--moves", "b3,a1,c3,a5")
    assert code == 0, err
    assert "X wins (in how many plies is not computed), proven." in out
    code, out, err = call("solve", "--game", "5x5k4", "--moves", "b3,a1,c3,a5", "--json")
    assert json.loads(out)["plies_to_end"] is None


def _empty(game: str) -> str:
    rows, cols = (int(n) for n in game.split("k")[0].split("x"))
    return "/".join([str(cols)] * rows)


@pytest.mark.parametrize(
    ("game", "outcome", "plies"),
    # The hard published values: 5x5 four in a row is a draw, 6 wide a first-player win.
    [("5x5k4", "draw", 25), ("5x6k4", "X", 11)],
)
def test_analyse_of_an_empty_small_board_gives_the_proven_value(
    game: str, outcome: str, plies: int
) -> None:
    code, out, err = call("analyse", "--game", game, "--json", "--time", "900", _empty(game))
    assert code == 0, err
    payload = json.loads(out)
    assert payload["exact"] is True
    assert (payload["outcome"], payload["plies_to_end"]) == (outcome, plies)
    assert len(payload["principal_variation"]) == plies
    best = payload["candidates"][0]
    assert [best["row"], best["col"]] == payload["best_moves"][0]
    assert best["outcome"] == ("draw" if outcome == "draw" else "win")
    assert best["plies_to_end"] == plies


def test_analyse_of_an_empty_small_board_matches_solve() -> None:
    _, solved, _ = call("solve", "--game", "4x5k4", "--json")
    code, analysed, err = call("analyse", "--game", "4x5k4", "--json", _empty("4x5k4"))
    assert code == 0, err
    fields = ("exact", "outcome", "plies_to_end", "best_moves", "principal_variation")
    expected, got = json.loads(solved), json.loads(analysed)
    assert {f: got[f] for f in fields} == {f: expected[f] for f in fields}


def test_analyse_says_estimate_when_a_small_board_is_not_proven_in_time() -> None:
    code, out, err = call("analyse", "--game", "5x5k4", "--json", "--time", "0.05", "5/5/5/5/5")
    assert code == 0, err
    payload = json.loads(out)
    assert (payload["exact"], payload["outcome"], payload["plies_to_end"]) == (False, None, None)
    assert payload["evaluation"] is not None


def test_analyse_text_marks_the_moves_a_proof_left_as_estimates() -> None:
    # X makes an open three at d4 and wins in 3; the other moves keep their estimates.
    code, out, err = call("analyse", "--game", "5x5k4", "5/1XX2/1OO2/5/5")
    assert code == 0, err
    rows = [line for line in out.splitlines() if re.match(r" [* ] [a-e][1-5] ", line)]
    assert rows[0].split() == ["*", "d4", "24", "win", "in", "3"]
    assert len(rows) == 21  # every empty cell
    assert all(line.endswith("estimate") and not line.startswith(" * ") for line in rows[1:])
    assert "Predicted with best play: X wins in 3 plies." in out


def test_solve_answers_for_row_and_column_with_the_exact_margins() -> None:
    from tictactoe_gui.engine.games import find_game

    code, out, err = call("solve", "--game", "rowcol3", "--seed", "4", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    spec = find_game("rowcol3")
    start = spec.new_game(4)
    exact = spec.solve(start)
    assert exact.result is not None
    assert payload["game"] == "rowcol3"
    assert payload["result"] == exact.result.text
    end = start.play_all(r * 3 + c for r, c in payload["principal_variation"])
    assert end.result == exact.result
    assert payload["predicted_scores"] == dict(zip(("A", "B"), end.scores or (), strict=True))
    code, out, err = call("solve", "--game", "rowcol3", "--seed", "4")
    assert (code, err) == (0, "")
    # The score with best play as analyse and the window say it, then how many takes are
    # left ("A wins, 16 to 12 in 8 moves" read as a score reached in 8 moves).
    takes = payload["plies_to_end"]
    assert takes == len(payload["principal_variation"]) > 1
    assert exact.result.winner is not None
    assert out.splitlines()[0] == (
        f"Row & Column 3×3: {exact.result.text}, with best play ({takes} takes to the end), proven."
    )


def test_solve_refuses_a_game_without_an_exact_solver_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tictactoe_gui.engine.row_and_column import RowColSpec

    monkeypatch.setattr(RowColSpec, "has_solver", False)
    code, out, err = call("solve", "--game", "rowcol5")
    assert (code, out) == (2, "")
    assert err == (
        "tictactoe-gui: Row & Column 5×5 has no exact solver; analyse gives its engine's estimate\n"
    )
