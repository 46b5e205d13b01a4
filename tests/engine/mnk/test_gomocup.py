"""The Gomocup brain as a line handler: every command, its errors, and the time it is given."""

from __future__ import annotations

import pytest

from tictactoe_gui.engine.mnk import Limit, SearchResult
from tictactoe_gui.engine.mnk.gomocup import Brain
from tictactoe_gui.engine.mnk.search import search


def talk(brain: Brain, *lines: str) -> list[str]:
    out: list[str] = []
    for line in lines:
        out.extend(brain.handle(line))
    return out


def moves(lines: list[str]) -> list[tuple[int, int]]:
    """The x,y answers among the lines (MESSAGE lines left out)."""
    found = []
    for line in lines:
        if not line.startswith(("MESSAGE", "DEBUG", "OK", "ERROR", "UNKNOWN")):
            x, y = line.split(",")
            found.append((int(x), int(y)))
    return found


def quick_brain(**kwargs: object) -> Brain:
    brain = Brain(**kwargs)  # type: ignore[arg-type]
    brain.handle("INFO timeout_turn 300")
    return brain


def test_start_begin_plays_the_centre() -> None:
    brain = quick_brain()
    out = talk(brain, "START 15", "BEGIN")
    assert out[0] == "OK"
    assert any(line.startswith("MESSAGE ") for line in out)
    assert moves(out) == [(7, 7)]


def test_rectstart_is_width_then_height() -> None:
    brain = quick_brain()
    assert talk(brain, "RECTSTART 20,15") == ["OK"]
    assert (brain.cols, brain.rows) == (20, 15)
    out = talk(brain, "TURN 19,14")
    ((x, y),) = moves(out)
    assert 0 <= x < 20
    assert 0 <= y < 15
    assert (x, y) != (19, 14)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("START 2", "unsupported size"),
        ("START 40", "unsupported size"),
        ("START x", "board size"),
        ("RECTSTART 20", "width,height"),
    ],
)
def test_bad_start_is_an_error(line: str, reason: str) -> None:
    (answer,) = Brain().handle(line)
    assert answer.startswith("ERROR")
    assert reason in answer


def test_turn_checks_the_cell() -> None:
    brain = quick_brain()
    talk(brain, "START 15")
    assert talk(brain, "TURN 15,0")[0].startswith("ERROR TURN 15,0 is off")
    first = moves(talk(brain, "TURN 7,7"))
    assert first
    x, y = first[0]
    assert talk(brain, f"TURN {x},{y}")[0] == f"ERROR TURN {x},{y} is taken"
    assert talk(brain, "TURN a,b")[0].startswith("ERROR TURN takes x,y")


def test_board_then_done_finds_the_winning_fifth_stone() -> None:
    brain = quick_brain()
    talk(brain, "START 15", "BOARD")
    lines = [f"{x},5,1" for x in range(3, 7)] + [f"{x},9,2" for x in range(2, 5)]
    lines += ["0,0,2"]
    out = talk(brain, *lines, "DONE")
    assert moves(out)[0] in ((2, 5), (7, 5))


def test_board_refuses_bad_entries() -> None:
    brain = quick_brain()
    talk(brain, "START 15", "BOARD")
    assert talk(brain, "1,1,3", "DONE")[0].startswith("ERROR BOARD field 3")
    talk(brain, "BOARD")
    assert talk(brain, "1,1,1", "1,1,2", "DONE")[0] == "ERROR BOARD 1,1 is given twice"
    talk(brain, "BOARD")
    assert talk(brain, "junk")[0].startswith("ERROR BOARD expects")
    talk(brain, "BOARD")
    assert talk(brain, "1,1,1", "2,2,1", "DONE")[0].startswith("ERROR cannot move")


@pytest.mark.parametrize(("rule", "name"), [(1, "exact five"), (4, "renju"), (8, "caro")])
def test_rules_we_do_not_play_are_refused(rule: int, name: str) -> None:
    brain = quick_brain()
    talk(brain, "START 15")
    (answer,) = brain.handle(f"INFO rule {rule}")
    assert answer.startswith("ERROR")
    assert name in answer
    assert talk(brain, "BEGIN")[0].startswith("ERROR")
    assert brain.handle("INFO rule 0") == []
    assert moves(talk(brain, "BEGIN"))


def test_freestyle_and_continuous_rules_are_accepted() -> None:
    brain = Brain()
    assert brain.handle("INFO rule 0") == []
    assert brain.handle("INFO rule 2") == []


def test_the_search_gets_no_more_than_the_time_given() -> None:
    limits: list[Limit] = []

    def spy(rows: int, cols: int, k: int, x: int, o: int, limit: Limit) -> SearchResult:
        limits.append(limit)
        return search(rows, cols, k, x, o, Limit(depth=1))

    brain = Brain(searcher=spy)
    talk(brain, "INFO timeout_turn 1000", "INFO timeout_match 0", "START 15", "BEGIN")
    talk(brain, "INFO timeout_turn 0", "TURN 0,0")
    talk(brain, "INFO timeout_turn 5000", "INFO timeout_match 60000", "INFO time_left 2000")
    talk(brain, "TURN 1,0")
    times = [limit.time for limit in limits]
    assert all(t is not None for t in times)
    turn_limit, fastest, match_share = (t or 0.0 for t in times)
    assert 0 < turn_limit <= 1.0 * 0.8
    assert 0 < fastest <= 0.05
    # 2 s left in the game: a small share of it, far below the 5 s turn limit.
    assert 0 < match_share <= 2.0 / 25


def test_k_comes_from_the_game_or_info() -> None:
    brain = Brain(k=4)
    brain.handle("INFO timeout_turn 300")
    talk(brain, "START 20", "BOARD", "5,5,1", "6,5,1", "7,5,1", "5,9,2", "6,9,2", "0,0,2")
    out = talk(brain, "DONE")
    assert moves(out)[0] in ((4, 5), (8, 5))
    other = Brain()
    assert other.handle("INFO k 4") == []
    assert other.k == 4
    assert other.handle("INFO k 2")[0].startswith("ERROR INFO k 2")


def test_takeback_restart_about_unknown_and_end() -> None:
    brain = quick_brain()
    talk(brain, "START 15")
    ((x, y),) = moves(talk(brain, "TURN 3,3"))
    assert talk(brain, f"TAKEBACK {x},{y}") == ["OK"]
    assert talk(brain, "TAKEBACK 3,3") == ["OK"]
    assert brain.own == brain.theirs == 0
    assert talk(brain, "TAKEBACK 3,3")[0].startswith("ERROR TAKEBACK 3,3 is an empty")
    assert talk(brain, "RESTART") == ["OK"]
    (about,) = talk(brain, "ABOUT")
    assert about.startswith('name="')
    assert talk(brain, "FROBNICATE") == ["UNKNOWN command FROBNICATE"]
    assert not brain.finished
    assert talk(brain, "END") == []
    assert brain.finished
