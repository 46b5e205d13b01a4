"""The big-board search: limits, progress, cancellation, rules-forced moves and honest proofs."""

from __future__ import annotations

import threading

import pytest

from tests.engine.mnk import brute
from tests.engine.mnk.helpers import LONG_VCF
from tests.engine.mnk.positions import parse, positions
from tictactoe_gui.engine.mnk import Limit, Outcome, Progress, TranspositionTable, search
from tictactoe_gui.engine.mnk.limits import Budget
from tictactoe_gui.engine.mnk.search import _AlphaBeta
from tictactoe_gui.engine.mnk.state import State
from tictactoe_gui.engine.mnk.threats import ThreatSearch

#: A quiet middle game for gomoku (X to move, no forced win), placed mid-board by board_at().
QUIET = "......./......./..XO.../...OX../..XOX../....O../......."

#: As QUIET, but O's three in the middle column broken up: neither side has a three.
CALM = "......./......./..XO.../...OX../..X.X../..O.O../......."


def quiet() -> tuple[int, int]:
    return board_at(QUIET, size=15, top=4, left=4)


def board_at(rows_text: str, size: int, top: int, left: int) -> tuple[int, int]:
    _, cols, x, o = parse(rows_text)
    big_x = big_o = 0
    for index in range(len(rows_text.split("/")) * cols):
        row, col = divmod(index, cols)
        bit = 1 << ((row + top) * size + col + left)
        if x >> index & 1:
            big_x |= bit
        if o >> index & 1:
            big_o |= bit
    return big_x, big_o


def board_20(rows_text: str, top: int = 7, left: int = 7) -> tuple[int, int]:
    return board_at(rows_text, 20, top, left)


def test_empty_board_opens_in_the_centre() -> None:
    result = search(20, 20, 4, 0, 0, Limit(depth=3))
    assert result.best == (10, 10)
    assert result.proof is None


def test_takes_a_win_in_one_as_a_proof() -> None:
    x, o = board_20("XXX./OO../O...")
    result = search(20, 20, 4, x, o, Limit(depth=4))
    assert result.best in ((7, 10), (7, 6))
    assert result.proof is not None
    assert (result.proof.outcome, result.proof.plies, result.proof.method) == (
        Outcome.WIN,
        1,
        "rules",
    )


def test_blocks_the_only_threat() -> None:
    x, o = board_20("OOO./XX../...X")
    result = search(20, 20, 4, x, o, Limit(depth=4))
    assert result.best in ((7, 10), (7, 6))


def test_two_threats_are_a_proven_loss_in_two() -> None:
    x, o = board_20(".OOO./XX.../X....")
    result = search(20, 20, 4, x, o, Limit(depth=4))
    assert result.proof is not None
    assert (result.proof.outcome, result.proof.plies) == (Outcome.LOSS, 2)
    assert result.mate == -2


def test_an_open_three_is_a_proven_vcf_win() -> None:
    # X to move on k = 4: .XX. with room both sides: X makes three with both ends open.
    x, o = board_20("......./..XX.../......./O..O...", top=8)
    result = search(20, 20, 4, x, o, Limit(time=5))
    assert result.proof is not None
    assert result.proof.outcome is Outcome.WIN
    assert result.proof.method == "vcf"
    assert result.proof.plies == 3
    assert result.mate == 3


def test_depth_limit_and_progress_after_each_depth() -> None:
    x, o = quiet()
    seen: list[Progress] = []
    result = search(15, 15, 5, x, o, Limit(depth=4), on_progress=seen.append)
    assert result.depth == 4
    assert [p.depth for p in seen] == [1, 2, 3, 4]
    nodes = [p.nodes for p in seen]
    assert nodes == sorted(nodes)
    assert all(p.pv and p.pv[0] == p.best for p in seen)
    assert seen[-1].best == result.best
    assert result.nodes >= seen[-1].nodes


def test_node_limit_stops_the_search() -> None:
    x, o = quiet()
    result = search(15, 15, 5, x, o, Limit(nodes=300))
    assert result.nodes <= 300 + 300  # the proof share is counted within the same limit
    state = State(15, 15, 5, x, o)
    row, col = result.best
    assert state.cells[row * 15 + col] == 0


def test_cancel_returns_a_legal_move_at_once() -> None:
    x, o = quiet()
    cancel = threading.Event()
    cancel.set()
    result = search(15, 15, 5, x, o, Limit(depth=30), cancel=cancel)
    assert result.depth == 0
    row, col = result.best
    assert State(15, 15, 5, x, o).cells[row * 15 + col] == 0


def test_cancel_from_another_thread_ends_a_long_search() -> None:
    x, o = quiet()
    cancel = threading.Event()
    depths: list[int] = []

    def progress(info: Progress) -> None:
        depths.append(info.depth)
        if info.depth == 2:
            threading.Thread(target=cancel.set).start()

    result = search(15, 15, 5, x, o, Limit(depth=40), cancel=cancel, on_progress=progress)
    assert 2 <= result.depth < 40


def test_the_table_has_a_fixed_size() -> None:
    table = TranspositionTable(size_log2=10)
    x, o = quiet()
    search(15, 15, 5, x, o, Limit(depth=4), table=table)
    assert len(table) == 1024
    assert 0 < table.used() <= 1024


def test_game_over_is_refused() -> None:
    x, o = board_20("XXXX/OOO.")
    with pytest.raises(ValueError, match="over"):
        search(20, 20, 4, x, o, Limit(depth=2))


def test_never_walks_into_a_proven_loss_it_could_avoid() -> None:
    rows, cols, k = 5, 5, 4
    checked = 0
    for x, o in positions(77, rows, cols, k, 12, 40):
        state = State(rows, cols, k, x, o)
        if state.wins[1] or state.wins[2]:
            continue
        result = search(rows, cols, k, x, o, Limit(depth=3))
        row, col = result.best
        state.make(row * cols + col)
        if state.winner:
            continue
        lost = ThreatSearch(Budget(Limit(time=30))).vcf(state) is not None
        if lost:
            # Only allowed when every move loses.
            outcome, _ = brute.solve(rows, cols, k, x, o)
            assert outcome == "loss", (x, o, result.best)
        checked += 1
    assert checked > 10


def test_proofs_agree_with_brute_force() -> None:
    rows, cols, k = 4, 5, 4
    proven = 0
    for x, o in positions(5, rows, cols, k, 11, 40):
        state = State(rows, cols, k, x, o)
        if state.is_over:
            continue
        result = search(rows, cols, k, x, o, Limit(depth=2))
        if result.proof is not None:
            proven += 1
            outcome, plies = brute.solve(rows, cols, k, x, o)
            assert result.proof.outcome.value == outcome
            assert result.proof.plies >= plies
    assert proven > 0


@pytest.mark.parametrize("compiled", [False, True])
def test_a_leaf_plays_its_fours_so_one_ply_sees_an_eleven_ply_vcf(compiled: bool) -> None:
    # X's shortest VCF here is 11 plies (the threat search's own test proves it); the
    # alpha-beta search alone, one ply deep, finds it by playing fours past its depth,
    # and its first move is a four after whose only block the threat search proves the
    # remaining 9 plies.
    rows, cols, x, o = parse("/".join(LONG_VCF))
    result = search(rows, cols, 5, x, o, Limit(depth=1), proofs=False, compiled=compiled)
    assert result.depth == 1
    assert result.mate == 11
    assert result.proof is None  # seen, not proven: the search reports it as an estimate
    state = State(rows, cols, 5, x, o)
    state.make(result.best[0] * cols + result.best[1])
    assert len(state.wins[1]) == 1
    assert not state.wins[2]
    state.make(next(iter(state.wins[1])))
    line = ThreatSearch(Budget(Limit(time=30))).vcf(state)
    assert line is not None
    assert len(line) == 9


def test_the_moves_that_last_cut_off_at_a_ply_are_tried_first_there() -> None:
    # no side threatens two wins at once here, so every node keeps its full width
    x, o = board_at(CALM, size=15, top=4, left=4)
    state = State(15, 15, 5, x, o)
    searcher = _AlphaBeta(state, TranspositionTable(), Budget(Limit(depth=4)))
    plain = searcher.ordered(-1, 14, 3)
    searcher.killers[3] = [plain[5], plain[9]]
    assert searcher.ordered(-1, 14, 3)[:2] == [plain[5], plain[9]]
    # the table's move still comes first, and other plies (and the root) are unchanged
    assert searcher.ordered(plain[7], 14, 3)[:3] == [plain[7], plain[5], plain[9]]
    assert searcher.ordered(-1, 14, 2) == plain
    assert searcher.ordered(-1, 14, -1) == plain
    # a killer that is no longer a candidate (the cell was taken) is skipped
    state.make(plain[5])
    assert plain[5] not in searcher.ordered(-1, 14, 3)


@pytest.mark.parametrize("compiled", [False, True])
def test_a_win_by_quiet_threats_is_a_proven_vct_win(compiled: bool) -> None:
    """Where the mover has no VCF but a quiet threat wins by force, the search says so
    exactly, as a VCT, and the exact solver agrees on the win and its length."""
    from tictactoe_gui.engine.mnk.solve import solve

    rows, cols, k = 4, 5, 4
    found = 0
    for x, o in positions(5, rows, cols, k, 6, 120):
        state = State(rows, cols, k, x, o)
        threats = ThreatSearch(Budget(Limit(time=30)))
        if threats.vcf(state) is not None or threats.prove_win(state, 1) is None:
            continue
        result = search(rows, cols, k, x, o, Limit(depth=2), compiled=compiled)
        assert result.proof is not None, (x, o)
        assert result.proof.method == "vct"
        assert result.proof.outcome is Outcome.WIN
        solution = solve(rows, cols, k, x, o)
        assert solution.outcome is Outcome.WIN
        assert result.proof.plies >= solution.plies
        assert result.mate == result.proof.plies
        found += 1
    assert found >= 2


def test_a_search_with_a_target_time_stops_deepening_by_it() -> None:
    """A target spent at once stops the search after its first depth (the depth limit
    alone goes on), and a best move that has stayed, with nothing threatening, gets a
    smaller share of the target than one that has just changed or a threatened one."""
    from tictactoe_gui.engine.mnk.search import STABLE_SHARE, _time_share

    x, o = quiet()
    assert search(15, 15, 5, x, o, Limit(depth=3)).depth == 3
    assert search(15, 15, 5, x, o, Limit(depth=3), target=0.0).depth == 1
    assert _time_share(3, threatened=False) == STABLE_SHARE
    assert STABLE_SHARE < _time_share(1, threatened=False) < _time_share(0, threatened=False)
    assert _time_share(3, threatened=True) == _time_share(0, threatened=False) == 1.0


def test_against_a_double_threat_a_node_searches_only_the_cells_that_make_a_four() -> None:
    """QUIET's O has an open three in the middle column: X searches only the cells that make
    a four for either side, and every cell left out loses to a move that makes two wins."""
    x, o = quiet()
    state = State(15, 15, 5, x, o)
    assert state.to_move == 1
    assert state.double_threat(2)
    assert not state.double_threat(1)
    searcher = _AlphaBeta(state, TranspositionTable(), Budget(Limit(depth=4)))
    moves = searcher.ordered(-1, 14, 3)
    relevant = {c for c in state.candidates if c in state.fours[1] or c in state.fours[2]}
    assert set(moves) == relevant
    assert len(moves) == len(relevant)
    assert {5 * 15 + 7, 9 * 15 + 7} <= relevant  # the open three's two ends
    assert len(moves) < 14
    for cell in sorted(state.candidates - relevant):
        state.make(cell)
        assert not state.wins[1]  # X threatens no win of its own
        assert any(_makes_two_wins(state, reply) for reply in sorted(state.candidates))
        state.unmake()
    # the table's move and a killer outside those cells are not searched there
    outside = min(state.candidates - relevant)
    searcher.killers[3] = [outside, -1]
    assert outside not in searcher.ordered(outside, 14, 3)


def _makes_two_wins(state: State, cell: int) -> bool:
    state.make(cell)
    try:
        return len(state.wins[3 - state.to_move]) >= 2
    finally:
        state.unmake()


@pytest.mark.parametrize("compiled", [False, True])
def test_an_open_three_the_opponent_cannot_answer_with_a_four_wins_past_the_depth(
    compiled: bool,
) -> None:
    """O to move in QUIET: X has no four to play, so O's open three wins in three plies,
    which even a depth-0 search (its quiet leaf) scores as such a mate."""
    from tictactoe_gui.engine.mnk import native
    from tictactoe_gui.engine.mnk.search import MATE

    if compiled and native.UNAVAILABLE is not None:
        pytest.skip(native.UNAVAILABLE)
    x, o = quiet()
    state = State(15, 15, 5, x, o, to_move=2)
    assert not state.fours[1]
    assert not state.wins[2]
    # an independent check: some O move leaves two wins X cannot both block
    assert any(_makes_two_wins(state, c) for c in sorted(state.candidates))
    budget = Budget(Limit(depth=1))
    engine = (
        native.NativeAlphaBeta(state, TranspositionTable().native(), 1, 14, budget)
        if compiled
        else _AlphaBeta(state, TranspositionTable(), budget)
    )
    assert engine.negamax(0, -MATE - 1, MATE + 1, 2) == MATE - 5
    # X to move, the same three is only a threat: the leaf keeps its evaluation
    calm = State(15, 15, 5, x, o)
    assert abs(_AlphaBeta(calm, TranspositionTable(), budget).negamax(0, -MATE, MATE, 2)) < 10**6
