"""The Gomocup brain as a line handler: every command, its errors, and the time it is given."""

from __future__ import annotations

import threading

import pytest

from tictactoe_gui.engine.mnk import Limit, SearchResult
from tictactoe_gui.engine.mnk.gomocup import MAX_MOVE_SECONDS, Brain
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
    assert talk(brain, "1,1,4", "DONE")[0] == (
        "ERROR BOARD 1,1,4: the field is 1 (mine), 2 or 3 (a won line)"
    )
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


# -- continuous games: field 3 ----------------------------------------------------------


def board(*lines: str) -> list[str]:
    return ["BOARD", *lines, "DONE"]


def test_a_won_line_blocks_a_four_it_ends() -> None:
    # Our open four on row 5, but its right end is a stone of a line already won.
    brain = quick_brain()
    four = [f"{x},5,1" for x in range(3, 7)]
    out = talk(brain, "START 15", *board(*four, "7,5,3", "0,0,2", "14,14,2", "0,14,2"))
    assert moves(out) == [(2, 5)]


def test_a_won_line_is_no_one_s_and_the_other_end_must_be_blocked() -> None:
    # The opponent's four on row 9 with its left end blocked: only 7,9 stops it.
    brain = quick_brain()
    four = [f"{x},9,2" for x in range(3, 7)]
    out = talk(brain, "START 15", *board(*four, "2,9,3", "0,0,1", "14,14,1", "0,14,1"))
    assert moves(out) == [(7, 9)]


def test_a_line_through_a_won_stone_wins_nothing() -> None:
    # Without the won stone at 4,5 we would win there; with it, the opponent's four on
    # row 9 (its left end won before) must be blocked instead.
    brain = quick_brain()
    ours = ["2,5,1", "3,5,1", "5,5,1", "6,5,1"]
    theirs = [f"{x},9,2" for x in range(3, 7)]
    out = talk(brain, "START 15", *board(*ours, "4,5,3", *theirs, "2,9,3"))
    assert moves(out) == [(7, 9)]


def test_field_3_after_the_counts_stop_alternating_still_moves() -> None:
    # After X's five is marked won (field 3), O has more stones than X: still our move.
    brain = quick_brain()
    won = [f"{x},0,3" for x in range(5)]
    ours = ["7,7,1", "8,8,1"]
    theirs = ["7,8,2", "8,7,2", "9,9,2", "3,12,2"]
    out = talk(brain, "START 15", *board(*won, *ours, *theirs))
    ((x, y),) = moves(out)
    assert (x, y) not in {(x, 0) for x in range(5)}
    assert talk(brain, "TURN 2,0") == ["ERROR TURN 2,0 is taken"]
    assert talk(brain, "TAKEBACK 2,0")[0].startswith("ERROR TAKEBACK 2,0 is a stone of a line")
    assert talk(brain, "RESTART") == ["OK"]
    assert brain.blocked == 0


# -- hostile input ----------------------------------------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("lines", "start"),
    [
        (["START \u00b2"], "ERROR START takes the board size, got '\\xb2'"),
        (["START \u0663"], "ERROR START takes the board size"),  # an Arabic-Indic 3
        ([f"START {HUGE}"], "ERROR unsupported size '9999"),
        ([f"RECTSTART {HUGE},20"], "ERROR unsupported size '9999"),
        (["START 15", f"TURN {HUGE},1"], "ERROR TURN '9999"),
        (["START 15", f"TURN -{HUGE},1"], "ERROR TURN '-999"),
        (["START 15", f"TAKEBACK 1,{HUGE}"], "ERROR TAKEBACK '1,999"),
        (["START 15", "BOARD", f"{HUGE},1,1", "DONE"], "ERROR BOARD '9999"),
        (["START 15", "BOARD", f"1,1,{HUGE}", "DONE"], "ERROR BOARD '1,1,999"),
        (["INFO k \u00b2"], "ERROR INFO k takes a number, got '\\xb2'"),
        ([f"INFO k {HUGE}"], "ERROR INFO k '9999"),
        ([f"INFO rule {HUGE}"], "ERROR INFO rule '9999"),
        (["INFO timeout_turn \u00b2"], "ERROR INFO timeout_turn takes a number"),
        (["X" * 10_000_000], "UNKNOWN command 'XXXX"),
        (["\x1b[2J\x1b]0;pwned\x07\u202eevil"], "UNKNOWN command '\\x1b[2J"),
    ],
)
def test_hostile_input_is_one_short_escaped_error(lines: list[str], start: str) -> None:
    brain = quick_brain()
    answers = talk(brain, *lines)
    assert answers[-1].startswith(start)
    assert len(answers[-1]) < 200
    assert answers[-1].isprintable()  # no control or bidi codes echoed back


def test_every_answer_is_ascii_as_managers_read_it() -> None:
    brain = quick_brain()
    answers = talk(brain, "START 15", "BEGIN", "TURN 0,0", "UNKNOWN\u00c9", "START \u00e9")
    assert all(answer.isascii() for answer in answers)
    assert answers[-2:] == [
        "UNKNOWN command UNKNOWN\\xc9",
        "ERROR START takes the board size, got '\\xe9'",
    ]
    assert any(answer.startswith("MESSAGE ") for answer in answers)


@pytest.mark.parametrize("key", ["timeout_turn", "timeout_match", "time_left"])
def test_huge_times_are_clamped_and_a_move_still_has_an_end(key: str) -> None:
    brain = Brain()
    assert talk(brain, "START 15", f"INFO {key} {'9' * 401}") == ["OK"]
    assert 0 < brain.move_budget() <= MAX_MOVE_SECONDS
    assert talk(brain, "INFO timeout_turn 99999999999999999999") == []
    assert 0 < brain.move_budget() <= MAX_MOVE_SECONDS


def test_a_board_block_without_done_holds_no_more_lines_than_cells() -> None:
    brain = quick_brain(k=3)
    assert talk(brain, "START 3", "BOARD") == ["OK"]
    answers = talk(brain, *(["0,0,1"] * 9))
    assert answers == []
    (answer,) = talk(brain, "0,0,1")
    assert answer == "ERROR BOARD has more lines than the board has cells (9)"
    assert talk(brain, "DONE") == ["UNKNOWN command DONE"]  # the block is over


# -- stopping a search ------------------------------------------------------------------


def searching_brain() -> tuple[Brain, threading.Event]:
    """A brain whose searches wait until they are cancelled (or 30 s), then answer at once."""
    started = threading.Event()
    brain = Brain()

    def until_cancelled(rows: int, cols: int, k: int, x: int, o: int, limit: Limit) -> SearchResult:
        started.set()
        assert brain.cancel.wait(timeout=30), "the search was never stopped"
        return search(rows, cols, k, x, o, Limit(depth=1))

    brain.searcher = until_cancelled
    talk(brain, "START 15")
    return brain, started


def turn_in_a_thread(brain: Brain) -> tuple[threading.Thread, list[str]]:
    answers: list[str] = []
    thread = threading.Thread(target=lambda: answers.extend(brain.handle("TURN 7,7")))
    thread.start()
    return thread, answers


@pytest.mark.parametrize("command", ["STOP", "YXSTOP", "END"])
def test_stop_during_a_search_plays_the_best_move_so_far(command: str) -> None:
    brain, started = searching_brain()
    thread, answers = turn_in_a_thread(brain)
    assert started.wait(timeout=30)
    brain.interrupt(command)
    thread.join(timeout=30)
    assert not thread.is_alive()
    assert len(moves(answers)) == 1
    assert talk(brain, command) == []
    assert brain.finished is (command == "END")
    assert not brain.cancel.is_set()  # the next search runs its time


def test_restart_during_a_search_plays_nothing_and_answers_ok() -> None:
    brain, started = searching_brain()
    thread, answers = turn_in_a_thread(brain)
    assert started.wait(timeout=30)
    brain.interrupt("RESTART")
    thread.join(timeout=30)
    assert answers == []
    assert talk(brain, "RESTART") == ["OK"]
    assert brain.own == brain.theirs == 0


def test_an_urgent_command_waiting_behind_a_turn_stops_its_search_before_it_starts() -> None:
    brain, _ = searching_brain()
    brain.interrupt("YXSTOP")  # read while TURN waited to be handled
    assert len(moves(talk(brain, "TURN 7,7"))) == 1
    assert talk(brain, "YXSTOP") == []
    assert not brain.cancel.is_set()


def test_end_inside_a_board_block_ends_the_conversation() -> None:
    brain = quick_brain()
    assert talk(brain, "START 15", "BOARD", "1,1,1", "END") == ["OK"]
    assert brain.finished


def test_with_the_game_time_limiting_a_move_aims_at_its_share_and_may_take_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The share of the time left is the search's target; a critical move may go past it,
    up to CRITICAL_FACTOR times, within the turn's limit; with the turn's limit alone
    there is no target."""
    from tictactoe_gui.engine.mnk import gomocup

    asked: list[tuple[float | None, float | None]] = []

    def spy(*args: object, target: float | None = None, **kwargs: object) -> SearchResult:
        limit = args[5]
        assert isinstance(limit, Limit)
        asked.append((limit.time, target))
        return search(15, 15, 5, 0, 0, Limit(depth=1))

    monkeypatch.setattr(gomocup, "search", spy)
    brain = Brain()
    talk(brain, "INFO timeout_turn 5000", "INFO timeout_match 100000", "START 15")
    talk(brain, "INFO time_left 100000", "BEGIN")
    talk(brain, "INFO timeout_match 0", "TURN 0,0")
    (ceiling, target), (turn_only, no_target) = asked
    # 100 s left over at least 25 moves (an empty board's 225 cells count as 56).
    share = 100 / 56 * gomocup.TURN_SHARE - gomocup.MARGIN
    assert target == pytest.approx(share)
    assert ceiling == pytest.approx(share * gomocup.CRITICAL_FACTOR)
    assert ceiling is not None
    assert ceiling <= 5.0 * gomocup.TURN_SHARE
    assert turn_only == pytest.approx(5.0 * gomocup.TURN_SHARE - gomocup.MARGIN)
    assert no_target is None
