"""``review GAME_ID``: the review of a recorded game, in words and as JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tictactoe_gui.cli import main
from tictactoe_gui.storage import Repository


def test_the_review_of_a_recorded_game_says_what_the_game_said(db: Path) -> None:
    code, _, err = run("match", "--x", "cop", "--o", "kitty", "--games", "4", "--seed", "5",
                       "--record", "--db", str(db))  # fmt: skip
    assert (code, err) == (0, "")
    with Repository.open(db) as repository:
        details = [repository.game(game.id) for game in repository.list_games(limit=10)]
    blunders = 0
    for detail in details:
        code, out, err = run("review", str(detail.summary.id), "--json", "--db", str(db))
        assert (code, err) == (0, "")
        review = json.loads(out)
        assert review["id"] == detail.summary.id
        assert review["game"] == "tictactoe"
        assert review["players"] == {"X": "Cop", "O": "Kitty"}
        assert len(review["moves"]) == len(detail.moves)
        for entry, recorded in zip(review["moves"], detail.moves, strict=True):
            assert entry["ply"] == recorded.ply
            assert entry["seat"] == recorded.mark
            # The verdict the coach gave while it was played, proven on this board.
            assert entry["verdict"] == recorded.verdict
            assert entry["by_estimate"] is False
            if entry["verdict"] == "best":
                assert entry["better"] is None
                assert entry["line"] == []
            else:
                assert entry["better"] == entry["line"][0]
                assert entry["line_proven"] is True
            blunders += entry["verdict"] == "blunder"
            assert entry["symbol"] == {"blunder": "??", "mistake": "?"}.get(entry["verdict"], "")
        for seat in ("X", "O"):
            mine = [m for m in review["moves"] if m["seat"] == seat]
            kept = sum(m["verdict"] in ("best", "good") for m in mine)
            side = review["accuracy"][seat]
            assert side["accuracy"] == round(kept / len(mine), 4)
            assert (side["moves"], side["judged"]) == (len(mine), len(mine))
            assert side["by_estimate"] is False
    assert blunders  # Kitty blunders against Cop: the review has something to say


def test_the_review_in_words_marks_the_moves_and_the_accuracy(db: Path) -> None:
    run("match", "--x", "cop", "--o", "kitty", "--games", "1", "--seed", "5", "--record",
        "--db", str(db))  # fmt: skip
    code, out, err = run("review", "1", "--db", str(db))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Review of game 1: Cop (X) vs Kitty (O), Tic-tac-toe")
    blunder = next(line for line in lines if "??" in line)
    assert "blunder — better" in blunder
    assert ", proven): " in blunder  # the better move's value and how it is known
    assert any(line.startswith("Cop (X): ") and "accurate" in line for line in lines)
    assert any(line.startswith("Kitty (O): ") and "1 blunder" in line for line in lines)


def test_a_row_and_column_game_is_reviewed_by_its_takes(db: Path) -> None:
    run("match", "--game", "rowcol4", "--x", "greedy", "--o", "random", "--games", "1",
        "--seed", "2", "--record", "--db", str(db))  # fmt: skip
    # Proving 4×4's opening takes some 0.8 s of processor time (426,000 nodes): within
    # review's default half second of the clock a take there is judged by an estimate.
    code, out, err = run("review", "1", "--json", "--time", "30", "--db", str(db))
    assert (code, err) == (0, "")
    review = json.loads(out)
    assert review["game"] == "rowcol4"
    assert set(review["accuracy"]) == {"A", "B"}
    assert {m["seat"] for m in review["moves"]} == {"A", "B"}
    assert all(m["verdict"] is not None and not m["by_estimate"] for m in review["moves"])


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("review", "7"), 1, "no recorded game has id 7"),
        (("review", "0"), 2, "expected a number of at least 1"),
        (("review", "x1"), 2, "expected a whole number"),
        (("review", "1", "--time", "0"), 2, "the time runs from 0 to 86400"),
    ],
)
def test_a_bad_game_id_is_one_line(
    db: Path, args: tuple[str, ...], code: int, message: str
) -> None:
    run("match", "--x", "cop", "--o", "kitty", "--games", "1", "--record", "--db", str(db))
    status, out, err = run(*args, "--db", str(db))
    assert status == code
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_review_says_how_far_it_got(db: Path) -> None:
    run("match", "--x", "cop", "--o", "kitty", "--games", "1", "--seed", "5", "--record",
        "--db", str(db))  # fmt: skip
    out, err = io.StringIO(), Terminal()
    code = main(["review", "1", "--json", "--db", str(db)], stdin=io.StringIO(""), stdout=out,
                stderr=err)  # fmt: skip
    assert code == 0
    plies = len(json.loads(out.getvalue())["moves"])
    said = err.getvalue()
    assert said.startswith("Analysing position 1 of")
    assert f"Analysing position {plies + 1} of {plies + 1}…\r\033[K" in said
    assert said.endswith("\033[K")
