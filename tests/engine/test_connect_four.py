"""Connect Four and the gravity boards: the exact solver against a brute force, the players,
the notation and the analysis.

The brute force here knows nothing of the solver's bitboards: it drops discs in
lists of columns and tries every move to the end of the game.
"""

from __future__ import annotations

import functools
import random
import threading

import pytest

from tictactoe_gui.engine.connect_four import GravitySpec
from tictactoe_gui.engine.games import (
    Certainty,
    Limit,
    MoveError,
    PositionTextError,
    UnknownGameError,
    find_game,
)
from tictactoe_gui.engine.gravity_search import ExactSolver, GravityBoard, Position
from tictactoe_gui.engine.gravity_state import GravityState

Columns = tuple[str, ...]


def _wins(columns: Columns, col: int, rows: int, k: int) -> bool:
    """Whether the disc on top of ``col`` makes ``k`` in a row."""
    row = len(columns[col]) - 1
    disc = columns[col][row]

    def at(c: int, r: int) -> bool:
        return 0 <= c < len(columns) and 0 <= r < len(columns[c]) and columns[c][r] == disc

    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            step = 1
            while at(col + sign * step * dc, row + sign * step * dr):
                run += 1
                step += 1
        if run >= k:
            return True
    return False


@functools.cache
def brute_force(columns: Columns, rows: int, k: int) -> tuple[int, int]:
    """The mover's result with best play (+1, 0, -1) and the plies to the end: a win as soon
    as possible, a loss as late as possible."""
    mover = "XO"[sum(map(len, columns)) % 2]
    best: tuple[int, int] | None = None
    for col, discs in enumerate(columns):
        if len(discs) == rows:
            continue
        after = (*columns[:col], discs + mover, *columns[col + 1 :])
        if _wins(after, col, rows, k):
            value = (1, 1)
        elif all(len(c) == rows for c in after):
            value = (0, 1)
        else:
            outcome, plies = brute_force(after, rows, k)
            value = (-outcome, plies + 1)
        if best is None or _better(value, best):
            best = value
    assert best is not None
    return best


def _better(value: tuple[int, int], than: tuple[int, int]) -> bool:
    if value[0] != than[0]:
        return value[0] > than[0]
    return value[1] < than[1] if value[0] > 0 else value[1] > than[1]


def _columns(state: GravityState) -> Columns:
    spec = state.spec
    columns = []
    for col in range(spec.cols):
        discs = ""
        for row in range(spec.rows - 1, -1, -1):
            cell = row * spec.cols + col
            if state.x >> cell & 1:
                discs += "X"
            elif state.o >> cell & 1:
                discs += "O"
        columns.append(discs)
    return tuple(columns)


def _spec(game_id: str) -> GravitySpec:
    spec = find_game(game_id)
    assert isinstance(spec, GravitySpec)
    return spec


def _random_position(spec: GravitySpec, discs: int, seed: int) -> GravityState:
    """A position of ``discs`` random discs that is not over (another seed's if need be)."""
    for attempt in range(100):
        rng = random.Random(seed * 1000 + attempt)
        state = spec.new_game()
        while state.to_move is not None and len(state.moves) < discs:
            state = state.play(rng.choice(state.legal_moves()))
        if state.to_move is not None:
            return state
    raise AssertionError("no random position stayed open")


def _check_every_column(spec: GravitySpec, state: GravityState) -> None:
    analysis = spec.solve(state)
    assert analysis.certainty is Certainty.PROVEN
    columns = _columns(state)
    for value in analysis.moves:
        after = _columns(state.play(value.move))
        col = value.move % spec.cols
        if _wins(after, col, spec.rows, spec.k):
            expected = (1, 1)
        elif all(len(c) == spec.rows for c in after):
            expected = (0, 1)
        else:
            outcome, plies = brute_force(after, spec.rows, spec.k)
            expected = (-outcome, plies + 1)
        board = spec.gravity
        assert (value.value, board.plies_to_end(value.score, len(state.moves))) == expected, (
            state.position_text(),
            value,
        )
    outcome, plies = brute_force(columns, spec.rows, spec.k)
    assert analysis.result is not None
    mover = state.to_move
    assert mover is not None
    winner = None if outcome == 0 else mover if outcome > 0 else 1 - mover
    assert analysis.result.winner == winner


@pytest.mark.parametrize(("game_id", "expected"), [("4x4k4g", (0, 16)), ("4x4k3g", (1, 9))])
def test_the_empty_small_boards_value_matches_the_brute_force(
    game_id: str, expected: tuple[int, int]
) -> None:
    spec = _spec(game_id)
    assert brute_force(("",) * spec.cols, spec.rows, spec.k) == expected
    _check_every_column(spec, spec.new_game())


@pytest.mark.parametrize(
    ("game_id", "discs", "seeds"),
    [("4x4k4g", 3, range(6)), ("5x4k4g", 6, range(4)), ("4x5k4g", 7, range(3))],
)
def test_every_column_of_sampled_small_positions_matches_the_brute_force(
    game_id: str, discs: int, seeds: range
) -> None:
    spec = _spec(game_id)
    for seed in seeds:
        _check_every_column(spec, _random_position(spec, discs, seed))


def test_sampled_five_by_five_positions_match_the_brute_force() -> None:
    spec = _spec("5x5k4g")
    for seed in range(3):
        _check_every_column(spec, _random_position(spec, 11, seed))


def test_connect_four_positions_near_the_end_match_the_brute_force() -> None:
    spec = _spec("connect4")
    for seed in range(3):
        _check_every_column(spec, _random_position(spec, 30, seed))


def test_the_solver_with_and_without_symmetry_and_its_table_agree() -> None:
    board = GravityBoard(4, 4, 4)
    with_mirror = ExactSolver(board).score(Position(0, 0, 0))
    without = ExactSolver(board, symmetric=False).score(Position(0, 0, 0))
    assert with_mirror == without == 0


def test_scores_give_plies_to_the_end_with_the_winners_parity() -> None:
    board = GravityBoard(6, 7, 4)
    # The first player's win with the 21st disc, ply 41 (the published value of the empty
    # board), scores 1 from the start.
    assert board.win_score(40) == 1
    assert board.plies_to_end(1, 0) == 41
    assert board.plies_to_end(0, 0) == 42
    # The mover's immediate win, and a loss to the opponent's next disc.
    assert board.plies_to_end(board.win_score(10), 10) == 1
    assert board.plies_to_end(-board.win_score(11), 10) == 2


def test_a_search_past_its_budget_stops_and_an_analysis_says_estimate() -> None:
    spec = _spec("connect4")
    state = spec.new_game().play_all([spec.parse_move("d1")])
    analysis = spec.analyse(state, limit=Limit(time=0.1))
    assert analysis.certainty is Certainty.ESTIMATED
    assert analysis.result is None
    # Said an estimate as k in a row's and Row & Column's predictions say it.
    assert "(estimate, " in analysis.prediction
    assert "\nEstimate, not proven: " in spec.analysis_text(state, analysis)
    assert all(value.value is None for value in analysis.moves)
    payload = spec.analysis_json(state, analysis)
    assert payload["exact"] is False
    assert payload["outcome"] is None


def test_an_exact_analysis_reports_the_landing_cells_and_outcomes_as_json() -> None:
    spec = _spec("5x4k4g")
    state = spec.new_game().play_all(spec.new_game().read_moves("22"))  # b1, b2
    analysis = spec.analyse(state)
    payload = spec.analysis_json(state, analysis)
    assert payload["exact"] is True
    assert payload["outcome"] == "draw"
    assert payload["plies_to_end"] == 18
    candidates = payload["candidates"]
    assert isinstance(candidates, list)
    assert {(c["move"], c["row"], c["col"]) for c in candidates} == {
        ("a1", 4, 0),
        ("b3", 2, 1),
        ("c1", 4, 2),
        ("d1", 4, 3),
    }
    for candidate in candidates:
        assert candidate["outcome"] in ("win", "draw", "loss")
        assert isinstance(candidate["plies_to_end"], int)


# -- rules and notation -----------------------------------------------------------------


def test_ids_name_gravity_boards_and_refuse_other_sizes() -> None:
    assert find_game("connect4").id == "connect4"
    assert find_game("6x7k4g") is find_game("Connect4")
    assert find_game("6x7k4").id == "6x7k4"  # free placement stays its own game
    assert find_game("5x4k4g").name == "5×4, 4 in a row, with gravity"
    for text in ("3x7k3g", "6x11k4g", "6x7k8g", "6x7k2g"):
        with pytest.raises(UnknownGameError) as refused:
            find_game(text)
        assert "\n" not in str(refused.value)


def test_a_disc_falls_to_the_lowest_empty_cell() -> None:
    spec = _spec("connect4")
    state = spec.new_game()
    assert [spec.format_move(m) for m in state.legal_moves()] == [
        "a1", "b1", "c1", "d1", "e1", "f1", "g1"
    ]  # fmt: skip
    state = state.play(state.read_move("d"))
    state = state.play(state.read_move("D "))
    assert state.move_list_text() == "d1, d2"
    with pytest.raises(MoveError, match="lands on d3"):
        state.play(spec.parse_move("d5"))
    with pytest.raises(MoveError, match="d1 is taken"):
        state.play(spec.parse_move("d1"))


def test_column_digits_and_letters_read_as_moves() -> None:
    spec = _spec("connect4")
    start = spec.new_game()
    moves = start.read_moves("4453")
    assert spec.format_move_list(moves) == "d1, d2, e1, c1"
    assert start.read_moves(" d, D, e , c1") == moves
    assert start.read_moves("") == ()
    with pytest.raises(MoveError, match="columns run 1 to 7"):
        start.read_moves("48")
    with pytest.raises(MoveError, match="move 7: column d is full"):
        start.read_moves("4444444")
    with pytest.raises(MoveError, match="move 2: 'zz' is not a move"):
        start.read_moves("d, zz")
    # A column's digit alone, as the board's keys and the digits' string take it.
    assert start.read_moves("4, 4,5 , 3") == moves
    assert start.read_move("4") == moves[0]
    with pytest.raises(MoveError, match="'8' is not a move: give a column letter from a to g, "):
        start.read_move("8")


def test_a_floating_disc_is_refused_in_one_line() -> None:
    spec = _spec("4x4k4g")
    with pytest.raises(PositionTextError, match="the disc on b2 floats"):
        spec.from_position_text("4/4/.X2/X.O.")
    assert spec.from_position_text("4/4/.X2/.O2").to_move == 0
    assert spec.from_position_text("4/4/.X2/XO2").to_move == 1


def test_a_win_ends_the_game() -> None:
    spec = _spec("connect4")
    state = spec.new_game().play_all(spec.new_game().read_moves("4545454"))
    assert state.result is not None
    assert state.result.text == "X wins"
    assert state.legal_moves() == ()


# -- players ------------------------------------------------------------------------------


def test_kitty_takes_a_win_in_one_and_cop_blocks_and_starts_in_the_centre() -> None:
    spec = _spec("connect4")
    start = spec.new_game()
    threat = start.play_all(start.read_moves("454545"))  # X has d1-d3: d4 wins
    for seed in range(5):
        assert spec.format_move(spec.choose_move(threat, "kitty", random.Random(seed))) == "d4"
    must_block = start.play_all(start.read_moves("45454"))  # O to move; X threatens d4
    assert spec.format_move(spec.choose_move(must_block, "cop", random.Random(0))) == "d4"
    assert spec.format_move(spec.choose_move(start, "cop", random.Random(0))) == "d1"


def test_sera_plays_a_best_move_on_a_board_the_solver_finishes() -> None:
    spec = _spec("5x4k4g")
    for seed in range(3):
        state = _random_position(spec, 6, seed)
        move = spec.choose_move(state, "sera", random.Random(seed))
        best = spec.solve(state)
        assert best.moves
        assert move in best.best_moves or any(
            v.move == move and v.value == best.moves[0].value for v in best.moves
        )


@pytest.mark.parametrize(
    ("game_id", "discs", "seeds"),
    [("5x4k4g", 6, range(4)), ("4x5k4g", 7, range(4)), ("connect4", 28, range(4))],
)
def test_seras_exact_answer_says_how_deep_it_looked(game_id: str, discs: int, seeds: range) -> None:
    # What the records and the window show of Sera's search: it was 0 for every exact answer.
    spec = _spec(game_id)
    searched = 0
    for seed in seeds:
        state = _random_position(spec, discs, seed)
        _, plies = brute_force(_columns(state), spec.rows, spec.k)
        if plies == 1:
            continue  # a winning drop is played without a search
        searched += 1
        choice = spec.decide(state, "sera", random.Random(seed), limit=Limit(time=60))
        # At least to the end of the line best play follows, never past a full board.
        assert plies <= choice.depth <= spec.gravity.cells - len(state.moves), (
            state.position_text(),
            plies,
            choice,
        )
    assert searched


def test_a_cancelled_analysis_stops() -> None:
    from tictactoe_gui.engine.search import SearchCancelled

    spec = _spec("connect4")
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchCancelled):
        spec.analyse(spec.new_game(), limit=Limit(time=5), cancel=cancel)


@pytest.mark.parametrize(("rows", "cols"), [(6, 7), (4, 4), (10, 10), (5, 9)])
def test_the_unrolled_four_in_a_row_threats_match_the_general_ones(rows: int, cols: int) -> None:
    board = GravityBoard(rows, cols, 4)
    rng = random.Random(rows * cols)
    for _ in range(500):
        mask = 0
        for col in range(cols):
            mask |= ((1 << rng.randint(0, rows)) - 1) << (col * (rows + 1))
        discs = mask & rng.getrandbits(cols * (rows + 1))
        assert board.winning_cells(discs, mask) == board.winning_cells_any_k(discs, mask)


def test_a_full_table_starts_afresh_and_the_values_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    from tictactoe_gui.engine import gravity_search

    monkeypatch.setattr(gravity_search, "TABLE_LIMIT", 50)
    solver = ExactSolver(GravityBoard(4, 4, 4))
    assert solver.score(Position(0, 0, 0)) == 0
    assert len(solver.table) <= 50


def test_prove_searches_for_the_value_and_one_move_that_keeps_it_not_every_column() -> None:
    spec = _spec("connect4")
    state = spec.new_game().play_all(spec.new_game().read_moves("444444333333"))
    # X's e1 makes c1-d1-e1 with b1 and f1 both open: a win in 3. Every column's exact value
    # takes seconds here; the value and one move that keeps it take a moment.
    solution = spec.prove(state, limit=Limit(time=1.0))
    assert solution.result.text == "X wins"
    assert solution.plies == 3
    assert spec.format_move(solution.line[0]) == "e1"
    assert solution.line_complete


def test_an_analysis_the_solver_cannot_finish_keeps_time_for_a_deeper_estimate() -> None:
    import re

    from tictactoe_gui.engine import connect_four

    # A position off the opening book whose columns take the solver seconds, with a
    # fresh table (another test's search could have left it solved).
    connect_four._solver.cache_clear()
    spec = _spec("connect4")
    state = spec.new_game().play_all(spec.new_game().read_moves("76666151"))
    analysis = spec.analyse(state, limit=Limit(time=2.0))
    assert analysis.certainty is Certainty.ESTIMATED
    depth = re.search(r"(\d+) plies deep", analysis.prediction)
    assert depth is not None
    # Two plies when the solver took the whole time; six or more on a quiet machine, and
    # a busy one (the clock runs while others have the processor) still gives four.
    assert int(depth.group(1)) >= 4, analysis.prediction


def test_an_even_estimate_is_said_as_k_in_a_row_says_it() -> None:
    # One disc in the centre: rarely a side clearly ahead. k in a row's estimate says an
    # even game "roughly equal (estimate)"; Connect Four says the same, with how deep it
    # looked, whatever depth its time reaches.
    from tictactoe_gui.engine.connect_four import _CLEAR_EDGE

    spec = _spec("connect4")
    state = spec.new_game().play_all([spec.parse_move("d1")])
    analysis = spec.analyse(state, limit=Limit(time=0.2))
    assert analysis.certainty is Certainty.ESTIMATED
    best = analysis.moves[0].score
    if abs(best) < _CLEAR_EDGE:
        assert analysis.prediction.startswith("roughly equal (estimate, ")
    else:
        ahead = "O" if best > 0 else "X"  # O is to move
        assert analysis.prediction.startswith(f"{ahead} is better (estimate, ")
