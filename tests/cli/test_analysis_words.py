"""analyse says its analysis in one wording whatever the game: the moves under "Candidates,
best first:" (after "Not solved: estimated …" for an estimate), a proven result
"Predicted with best play: …" with its "Expected line", an estimate "Estimate, not
proven: …" with its "Likely line (estimate)", a game over "Game over: …"."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run

PROVEN = [
    (("--moves", "b2,a1"), "Predicted with best play: draw."),
    (("--game", "4x4k4", "--moves", "a1,b2"), "Predicted with best play: draw."),
    # Three discs in a row on the bottom with the fourth's column open: a win in one.
    (
        ("--game", "connect4", "--moves", "1,1,2,2,3,3"),
        "Predicted with best play: X wins in 1 ply.",
    ),
    (
        ("--game", "rowcol", "3,-1,4/.,5,-9/2,6,5", "--last", "1,0"),
        "Predicted with best play: A wins, 10 to 5.",
    ),
]

ESTIMATED = [
    ("--game", "gomoku", "--moves", "h8,h9", "--time", "0.3"),
    ("--game", "9x9k5g", "--moves", "e1", "--time", "0.3"),
    ("--game", "rowcol8", "--moves", "a1", "--time", "0.3"),
]

OVER = [
    (("XXXOO....",), "Game over: X wins."),
    (("XOXXOOOXX",), "Game over: a draw."),
    (("--game", "connect4", "--moves", "1,2,1,2,1,2,1"), "Game over: X wins."),
    (("--game", "rowcol3", "--moves", "a1,a2,b2,b1,c1,c2,c3,b3,a3"), "Game over: A wins, 11 to 9."),
]


def heading(out: str) -> str:
    [line] = [line for line in out.splitlines() if " to move. " in line]
    return line


def verdict_lines(out: str) -> list[str]:
    starts = ("Predicted", "Estimate", "Expected", "Likely", "Game over")
    return [line for line in out.splitlines() if line.startswith(starts)]


@pytest.mark.parametrize(("args", "said"), PROVEN)
def test_a_proven_result_is_predicted_with_best_play_in_every_game(
    args: tuple[str, ...], said: str
) -> None:
    code, out, err = run("analyse", *args)
    assert (code, err) == (0, "")
    prediction, line = verdict_lines(out)
    assert prediction == said
    assert line.startswith("Expected line: ")
    assert heading(out).endswith(" to move. Candidates, best first:")


@pytest.mark.parametrize("args", ESTIMATED)
def test_an_estimate_says_it_is_one_in_the_same_words_in_every_game(args: tuple[str, ...]) -> None:
    code, out, err = run("analyse", *args)
    assert (code, err) == (0, "")
    prediction, line = verdict_lines(out)
    assert prediction.startswith("Estimate, not proven: ")
    assert prediction.endswith(".")
    assert "with best play" not in prediction
    assert line.startswith("Likely line (estimate): ")
    assert " to move. Not solved: estimated" in heading(out)
    assert heading(out).endswith(". Candidates, best first:")


@pytest.mark.parametrize(("args", "said"), OVER)
def test_a_game_over_reads_as_the_status_bar_says_it_in_every_game(
    args: tuple[str, ...], said: str
) -> None:
    code, out, err = run("analyse", *args)
    assert (code, err) == (0, "")
    assert verdict_lines(out) == [said]
