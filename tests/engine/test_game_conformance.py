"""Every registered game keeps the game interface's promises (:mod:`tictactoe_gui.engine.games`).

The tests run over the registry: each game's sizes offered by name and its
smallest sizes. A game registered later is checked here the day it is
registered, with nothing to add. The exact solvers are compared with a brute
force written here against the interface alone (every move tried to the end,
no pruning, no evaluation), on positions small enough for it.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator

import pytest

from tictactoe_gui.engine.board import Board, BoardError
from tictactoe_gui.engine.game_interface import limit_text
from tictactoe_gui.engine.games import (
    Certainty,
    GameAnalysis,
    GameError,
    GameSolution,
    GameSpec,
    GameState,
    Limit,
    MoveError,
    NoSolverError,
    OutOfTimeError,
    PositionTextError,
    Solving,
    find_game,
    registered_game,
    registered_games,
)
from tictactoe_gui.engine.personas import PERSONAS


def _unique(specs: Iterator[GameSpec]) -> list[GameSpec]:
    seen: dict[str, GameSpec] = {}
    for spec in specs:
        seen.setdefault(spec.id, spec)
    return list(seen.values())


#: Every size a test plays: the listed ones and the smallest.
SPECS = _unique(spec for game in registered_games() for spec in (*game.listed, *game.smallest))
#: The sizes the brute force can check, and whose players answer at once.
SMALLEST = _unique(spec for game in registered_games() for spec in game.smallest)


def _ids(spec: GameSpec) -> str:
    return spec.id


every_game = pytest.mark.parametrize("spec", SPECS, ids=_ids)
smallest_games = pytest.mark.parametrize("spec", SMALLEST, ids=_ids)


def playout(spec: GameSpec, seed: int) -> list[GameState]:
    """A game of random moves from ``seed``: every state from the start to the end."""
    rng = random.Random(seed)
    state = spec.new_game(seed)
    states = [state]
    while state.result is None:
        assert len(states) <= spec.move_space, f"{spec.id}: the game does not end"
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def sampled(spec: GameSpec, seed: int, count: int = 6) -> list[GameState]:
    """``count`` states of one random game, spread from its start to its end."""
    states = playout(spec, seed)
    step = max(1, len(states) // (count - 1))
    return [*states[:-1:step], states[-1]]


def one_line(error: pytest.ExceptionInfo[BaseException]) -> str:
    message = str(error.value)
    assert message, "a refusal must say why"
    assert "\n" not in message
    return message


# -- playing ----------------------------------------------------------------------------


@every_game
def test_random_games_never_raise_and_always_end(spec: GameSpec) -> None:
    for seed in range(5):
        states = playout(spec, seed)
        for number, state in enumerate(states):
            legal = state.legal_moves()
            assert state.moves == states[-1].moves[:number]
            assert list(legal) == sorted(set(legal))
            assert all(0 <= move < spec.move_space for move in legal)
            over = state is states[-1]
            assert (state.result is not None) is over
            assert (state.to_move is None) is over
            assert bool(legal) is not over
            assert state.is_over is over
        result = states[-1].result
        assert result is not None
        assert result.text
        assert sum(result.returns) == 0, "the games are zero-sum"
        first, second = result.returns
        if result.winner is None:
            assert first == second
        else:
            assert result.returns[result.winner] > result.returns[1 - result.winner]


@every_game
def test_every_legal_move_is_accepted_and_every_other_refused(spec: GameSpec) -> None:
    for state in sampled(spec, seed=11):
        legal = set(state.legal_moves())
        for move in range(-2, spec.move_space + 2):
            if move in legal:
                after = state.play(move)
                assert after.moves == (*state.moves, move)
                assert state.is_legal(move)
            else:
                with pytest.raises(MoveError) as refused:
                    state.play(move)
                one_line(refused)
                assert not state.is_legal(move)


@every_game
def test_a_move_played_already_is_refused_with_the_reason(spec: GameSpec) -> None:
    states = playout(spec, seed=3)
    state = states[len(states) // 2]
    for move in state.moves:
        if move not in state.legal_moves():
            with pytest.raises(MoveError) as refused:
                state.play(move)
            assert spec.format_move(move) in one_line(refused)


@every_game
def test_the_game_over_refuses_every_move(spec: GameSpec) -> None:
    final = playout(spec, seed=5)[-1]
    with pytest.raises(MoveError) as refused:
        final.play(final.moves[0])
    one_line(refused)
    with pytest.raises(GameError):
        spec.choose_move(final, spec.players[0].key, random.Random(0))


# -- notation ---------------------------------------------------------------------------


@every_game
def test_every_move_reads_back_as_written(spec: GameSpec) -> None:
    for move in range(spec.move_space):
        text = spec.format_move(move)
        assert spec.parse_move(text) == move
        assert spec.parse_move(f" {text.upper()} ") == move
    for move in (-1, spec.move_space):
        with pytest.raises(MoveError):
            spec.format_move(move)


@every_game
def test_text_that_names_no_move_is_refused_with_a_message(spec: GameSpec) -> None:
    bad = ["", "   ", "b", "2", "2b", "a0", "a01", "b2b2", "ä1", "a-1", "a1.5", "x" * 5000]
    bad += [f"a{spec.rows + 1}", f"{'abcdefghijklmnopqrstuvwxyz'[spec.cols]}1"]
    for text in bad:
        with pytest.raises(MoveError) as refused:
            spec.parse_move(text)
        assert len(one_line(refused)) < 300


@every_game
def test_move_lists_read_back_and_replay_the_game(spec: GameSpec) -> None:
    for seed in range(3):
        final = playout(spec, seed)[-1]
        text = final.move_list_text()
        moves = spec.parse_move_list(text)
        assert moves == final.moves
        assert final.start.play_all(moves) == final
    assert spec.parse_move_list("  ") == ()
    first = spec.format_move(0)
    with pytest.raises(MoveError, match="move 2"):
        spec.parse_move_list(f"{first}, zz")


@every_game
def test_position_text_reads_back_as_the_same_position(spec: GameSpec) -> None:
    for seed in range(3):
        for state in sampled(spec, seed):
            text = state.position_text()
            read = spec.from_position_text(text)
            assert read.position_text() == text
            assert read.moves == ()
            assert read.legal_moves() == state.legal_moves()
            assert read.to_move == state.to_move
            assert read.result == state.result
            assert read.scores == state.scores
            some = state.legal_moves()[:12]
            assert [read.play(m).position_text() for m in some] == [
                state.play(m).position_text() for m in some
            ]


@every_game
def test_text_that_describes_no_position_is_refused_with_a_message(spec: GameSpec) -> None:
    good = spec.new_game().position_text()
    for text in ("", "nonsense", good + "/" + good, good[:-1] + "?", "/".join(["1"] * 30)):
        with pytest.raises(PositionTextError) as refused:
            spec.from_position_text(text)
        one_line(refused)


# -- undo and seeds ---------------------------------------------------------------------


@every_game
def test_undo_restores_the_exact_state_before_the_move(spec: GameSpec) -> None:
    states = playout(spec, seed=7)
    for before, after in itertools.pairwise(states):
        undone = after.undo()
        assert undone == before
        assert undone == after.start.play_all(after.moves[:-1])
        assert undone.position_text() == before.position_text()
        assert undone.legal_moves() == before.legal_moves()
        assert undone.scores == before.scores
    with pytest.raises(GameError) as refused:
        states[0].undo()
    assert f"no {spec.move_word} to take back" in one_line(refused)
    read = spec.from_position_text(states[-1].position_text())
    with pytest.raises(GameError):
        read.undo()


@every_game
def test_a_seed_makes_the_same_game_again(spec: GameSpec) -> None:
    assert spec.new_game(42) == spec.new_game(42)
    assert [s.position_text() for s in playout(spec, 42)] == [
        s.position_text() for s in playout(spec, 42)
    ]


def _persona_game(spec: GameSpec, first: str, second: str, seed: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    state = spec.new_game(seed)
    players = (first, second)
    while state.to_move is not None:
        move = spec.choose_move(state, players[state.to_move], rng)
        assert move in state.legal_moves()
        state = state.play(move)
    return state.moves


@smallest_games
def test_seeded_games_between_the_players_repeat(spec: GameSpec) -> None:
    keys = [player.key for player in spec.players]
    for first, second in zip(keys, reversed(keys), strict=True):
        for seed in (1, 2):
            assert _persona_game(spec, first, second, seed) == _persona_game(
                spec, first, second, seed
            )


@every_game
def test_players_have_names_and_unknown_ones_are_refused(spec: GameSpec) -> None:
    players = spec.players
    assert players
    assert len({player.key for player in players}) == len(players)
    for player in players:
        assert player.name
        # A player's card reads as a sentence wherever it is shown (the dock, New Game).
        assert player.description[0].isupper(), player.description
        assert player.description.endswith("."), player.description
        assert spec.player(player.name.upper()) == player
    with pytest.raises(GameError) as refused:
        spec.player("nobody")
    assert players[0].key in one_line(refused)


# -- the engine against a brute force ---------------------------------------------------


def brute_force(state: GameState, memo: dict[str, tuple[int, int]]) -> tuple[int, int]:
    """What each seat gets with best play: every move tried, to the end of the game.

    Each player picks the move best for itself; ``memo`` keeps positions already
    worked out, by their text (which says everything that matters for the rest).
    """
    key = state.position_text()
    if key not in memo:
        result = state.result
        if result is not None:
            memo[key] = result.returns
        else:
            mover = state.to_move
            assert mover is not None
            outcomes = [brute_force(state.play(move), memo) for move in state.legal_moves()]
            memo[key] = max(outcomes, key=lambda returns: returns[mover])
    return memo[key]


def small_positions(spec: GameSpec) -> Iterator[GameState]:
    """Positions of ``spec`` the brute force finishes in a moment: at most eight moves left."""
    for seed in range(4):
        state = spec.new_game(seed)
        rng = random.Random(seed)
        while state.result is None and len(state.legal_moves()) > 8:
            state = state.play(rng.choice(state.legal_moves()))
        yield state
        if state.result is None:
            yield state.play(rng.choice(state.legal_moves()))


def agrees_with_brute_force(state: GameState, analysis: GameAnalysis) -> None:
    memo: dict[str, tuple[int, int]] = {}
    assert analysis.certainty is Certainty.PROVEN
    assert analysis.result is not None
    assert analysis.result.returns == brute_force(state, memo)
    mover = state.to_move
    if mover is None:
        assert analysis.moves == ()
        return
    assert sorted(value.move for value in analysis.moves) == list(state.legal_moves())
    for value in analysis.moves:
        assert value.certainty is Certainty.PROVEN
        assert value.value == brute_force(state.play(value.move), memo)[mover], value
    best = max(value.value for value in analysis.moves if value.value is not None)
    assert analysis.best_moves
    assert {v.move for v in analysis.moves if v.value == best} >= set(analysis.best_moves)
    assert analysis.line[0] in analysis.best_moves


@smallest_games
def test_the_exact_solver_agrees_with_a_brute_force(spec: GameSpec) -> None:
    for state in small_positions(spec):
        agrees_with_brute_force(state, spec.solve(state))


@smallest_games
def test_an_analysis_that_says_proven_agrees_with_a_brute_force(spec: GameSpec) -> None:
    for state in small_positions(spec):
        analysis = spec.analyse(state)
        if analysis.certainty is Certainty.PROVEN:
            agrees_with_brute_force(state, analysis)


def test_the_empty_tic_tac_toe_board_is_a_draw_by_brute_force_and_solver() -> None:
    (spec,) = (s for s in SMALLEST if s.id == "tictactoe")
    start = spec.new_game()
    memo: dict[str, tuple[int, int]] = {}
    assert brute_force(start, memo) == (0, 0)
    assert len(memo) == 5478, "every legal position, reached through the interface"
    agrees_with_brute_force(start, spec.solve(start))


@smallest_games
def test_the_strongest_player_plays_only_best_moves_where_the_game_is_solved(
    spec: GameSpec,
) -> None:
    assert spec.solving is Solving.EXACT
    strongest = spec.players[-1].key
    memo: dict[str, tuple[int, int]] = {}
    for game in range(6):
        for state in playout(spec, game):
            mover = state.to_move
            if mover is None or len(state.legal_moves()) > 9:
                continue
            values = {m: brute_force(state.play(m), memo)[mover] for m in state.legal_moves()}
            for seed in range(2):
                move = spec.choose_move(state, strongest, random.Random(seed))
                assert values[move] == max(values.values()), (state.position_text(), move)


@every_game
def test_every_analysis_says_what_is_proven_and_what_is_estimated(spec: GameSpec) -> None:
    state = spec.new_game(1)
    rng = random.Random(1)
    for _ in range(2):
        state = state.play(rng.choice(state.legal_moves()))
    analysis = spec.analyse(state, limit=Limit(time=0.2))
    assert analysis.moves
    assert {value.move for value in analysis.moves} <= set(state.legal_moves())
    assert set(analysis.best_moves) <= {value.move for value in analysis.moves}
    assert analysis.prediction
    for value in analysis.moves:
        assert value.words
        assert (value.value is None) is (value.certainty is Certainty.ESTIMATED)
    assert (analysis.result is None) is (analysis.certainty is Certainty.ESTIMATED)
    if analysis.line:
        assert state.play_all(analysis.line[:1]).moves[-1] == analysis.line[0]


# -- what the commands use ----------------------------------------------------------------


@smallest_games
def test_the_exact_solver_proves_the_brute_forces_result_and_a_line_that_reaches_it(
    spec: GameSpec,
) -> None:
    if not spec.has_solver:
        with pytest.raises(NoSolverError) as refused:
            spec.prove(spec.new_game(), limit=Limit(time=1))
        assert spec.name in one_line(refused)
        return
    for state in small_positions(spec):
        solution = spec.prove(state, limit=Limit(time=60))
        assert solution.result.returns == brute_force(state, {})
        assert solution.line_complete
        end = state.play_all(solution.line)
        assert end.result is not None
        assert end.result.returns == solution.result.returns
        if solution.plies is not None:
            assert solution.plies >= len(solution.line) or not solution.line
        if solution.scores is not None:
            assert solution.scores == end.scores


@every_game
def test_a_proof_stops_at_the_nodes_its_limit_gives_and_says_so(spec: GameSpec) -> None:
    if not spec.has_solver:
        return
    rng = random.Random(2)
    state = spec.new_game(2)
    for _ in range(2):
        state = state.play(rng.choice(state.legal_moves()))
    outcome: GameSolution | OutOfTimeError
    try:
        outcome = spec.prove(state, limit=Limit(nodes=1))
    except OutOfTimeError as stopped:
        outcome = stopped
    if isinstance(outcome, OutOfTimeError):
        assert str(outcome) == f"{spec.id}: not solved within 1 node"
        return
    # A solver that counts no nodes (Row & Column's, whose limit is its time) proves it.
    solution = outcome
    assert solution.line_complete
    assert state.play_all(solution.line).result == solution.result


def test_a_limit_says_what_it_stops_at() -> None:
    assert limit_text(Limit(time=0.5)) == "0.5 seconds"
    assert limit_text(Limit(time=1)) == "1 second"
    assert limit_text(Limit(time=2, depth=1, nodes=10_000)) == (
        "2 seconds or 1 ply or 10,000 nodes"
    )
    assert limit_text(Limit()) == "no limit"


@every_game
def test_who_moves_first_and_a_boards_values_are_chosen_or_refused_in_one_line(
    spec: GameSpec,
) -> None:
    assert spec.new_game(3, first=0).to_move == 0
    if spec.chooses_first:
        assert spec.new_game(3, first=1).to_move == 1
    else:
        with pytest.raises(GameError) as refused:
            spec.new_game(3, first=1)
        one_line(refused)
    if spec.draws_values:
        assert spec.new_game(3, values=(1, 1)) != spec.new_game(3, values=(2, 2))
        assert (
            spec.new_game(3, values=(-2, 5)).position_text()
            == spec.new_game(3, values=(-2, 5)).position_text()
        )
        with pytest.raises(GameError) as refused:
            spec.new_game(3, values=(5, 1))
        one_line(refused)
    else:
        with pytest.raises(GameError) as refused:
            spec.new_game(3, values=(1, 9))
        one_line(refused)


@every_game
def test_seats_are_named_by_their_letters_and_others_refused(spec: GameSpec) -> None:
    for index, name in enumerate(spec.seats):
        assert spec.seat(name.lower()) == index
    with pytest.raises(GameError) as refused:
        spec.seat("Z")
    assert spec.seats[0] in one_line(refused)


@every_game
def test_the_default_players_are_the_strongest_against_a_medium_one(spec: GameSpec) -> None:
    strongest, medium = spec.default_players
    keys = [player.key for player in spec.players]
    assert strongest == keys[-1]
    assert spec.player(medium).level == "medium"


@every_game
def test_players_speak_and_positions_draw_themselves(spec: GameSpec) -> None:
    from tictactoe_gui.engine.personas import Event

    for player in spec.players:
        for event in Event:
            assert isinstance(spec.say(player.key, event, random.Random(1)), str)
    for state in sampled(spec, 4):
        picture = state.picture()
        assert picture.strip()
        assert picture == spec.from_position_text(state.position_text()).picture()


@every_game
def test_a_position_read_with_its_last_move_apart_is_the_position(spec: GameSpec) -> None:
    state = sampled(spec, 2)[2]
    assert spec.position(state.position_text()).position_text() == state.position_text()
    assert spec.sized_for(state.position_text()) == spec


@every_game
def test_an_analysis_reads_as_json_and_as_text_in_the_games_words_and_the_interfaces(
    spec: GameSpec,
) -> None:
    import json

    for state in sampled(spec, 5, count=3):
        analysis = spec.analyse(state, limit=Limit(time=0.5))
        for report in (spec.analysis_json, functools.partial(GameSpec.analysis_json, spec)):
            payload = report(state, analysis)
            assert json.loads(json.dumps(payload)) == payload
            assert "board" in payload
        for text in (spec.analysis_text, functools.partial(GameSpec.analysis_text, spec)):
            written = text(state, analysis)
            assert written.startswith(state.picture())
            assert "\n" in written


@every_game
def test_an_algorithm_is_one_the_game_offers_or_refused_in_one_line(spec: GameSpec) -> None:
    state = spec.new_game(1)
    for algorithm in spec.algorithms:
        spec.check_algorithm(algorithm)
    with pytest.raises(GameError) as refused:
        spec.analyse(state, algorithm="no such search")
    assert spec.name in one_line(refused)


@every_game
def test_each_algorithm_has_a_name_to_read_and_no_other(spec: GameSpec) -> None:
    names = [spec.algorithm_name(algorithm) for algorithm in spec.algorithms]
    assert all(names)
    assert len(set(names)) == len(names)
    with pytest.raises(GameError) as refused:
        spec.algorithm_name("no such search")
    assert spec.name in one_line(refused)


@smallest_games
def test_the_searches_are_compared_exactly_where_the_game_says_they_are(
    spec: GameSpec,
) -> None:
    # Near the end of a game, where every search settles the position in a moment.
    for state in sampled(spec, 2)[-3:]:
        compared = spec.compare_algorithms(state)
        assert spec.compares(state) is bool(compared), state.position_text()
        if compared:
            assert {name for name, _ in compared} == set(spec.algorithms)
            # Every search proves the same result.
            assert len({found.result for _, found in compared}) == 1
            assert all(found.certainty is Certainty.PROVEN for _, found in compared)


@every_game
def test_what_an_estimates_score_counts_is_a_sentence_or_nothing(spec: GameSpec) -> None:
    units = spec.evaluation_units
    assert units == "" or (units[0].isupper() and units.endswith(".") and "\n" not in units)


@every_game
def test_an_analysis_says_how_deep_it_looked_where_the_game_says_it_does(
    spec: GameSpec,
) -> None:
    state = spec.new_game(1)
    rng = random.Random(3)
    for _ in range(2):
        state = state.play(rng.choice(state.legal_moves()))
    analysis = spec.analyse(state, limit=Limit(time=0.2))
    if not spec.reports_depth:
        assert (analysis.depth, analysis.max_depth) == (0, 0)
    elif analysis.certainty is Certainty.ESTIMATED:
        assert 0 < analysis.depth <= analysis.max_depth
    if analysis.certainty is Certainty.PROVEN:
        assert analysis.unsettled_since is None


# -- what the window and the command line ask of a game ---------------------------------


@every_game
def test_the_game_is_found_by_its_key_and_finds_the_size(spec: GameSpec) -> None:
    game = registered_game(spec.game_key)
    assert game is not None, f"{spec.id}: no game has the key {spec.game_key!r}"
    assert game.key == spec.game_key
    assert game.find(spec.id) == spec
    assert all(listed.game_key == game.key for listed in (*game.listed, *game.smallest))


@every_game
def test_a_game_on_k_in_a_rows_board_is_a_board_of_that_game(spec: GameSpec) -> None:
    # k in a row's board and controller hold it, with the personas, or they refuse it.
    if spec.k_in_a_row_board:
        assert Board.empty(spec.variant).variant == spec.variant
        assert {player.key for player in spec.players} == set(PERSONAS)
        assert not spec.discs_fall
        assert not spec.own_new_game_options
    else:
        with pytest.raises(BoardError):
            Board.empty(spec.variant)


@every_game
def test_the_board_of_x_and_o_holds_every_move_played(spec: GameSpec) -> None:
    states = playout(spec, seed=7)
    if states[0].marks_board() is None:
        assert all(state.marks_board() is None for state in states)
        assert not spec.k_in_a_row_board
        assert not spec.discs_fall
        return
    assert spec.moves_fill_cells
    for state in states:
        board = state.marks_board()
        assert board is not None
        assert (board.variant.rows, board.variant.cols) == (spec.rows, spec.cols)
        taken = board.x | board.o
        start = state.start.marks_board()
        assert start is not None
        assert taken == (start.x | start.o) | sum(1 << move for move in state.moves)
        assert board.x & board.o == 0
        if spec.k_in_a_row_board:
            assert board.to_text() == state.position_text()


@every_game
def test_discs_fall_exactly_where_the_game_says_they_do(spec: GameSpec) -> None:
    start = spec.new_game()
    board = start.marks_board()
    if board is None:
        assert not spec.discs_fall
        return
    cols = spec.cols

    def lands(state: GameState, move: int) -> bool:
        """Whether ``move``'s cell is on the bottom row or on a taken cell."""
        cells = state.marks_board()
        assert cells is not None
        below = move + cols
        return below >= spec.move_space or bool((cells.x | cells.o) >> below & 1)

    # On an empty board of more than one row, only falling discs miss the top rows.
    assert spec.rows > 1
    assert all(lands(start, move) for move in start.legal_moves()) is spec.discs_fall
    if spec.discs_fall:
        assert spec.column_digits
        for state in sampled(spec, seed=9):
            assert all(lands(state, move) for move in state.legal_moves())
            assert len(state.legal_moves()) <= cols


@every_game
def test_a_game_with_new_game_options_of_its_own_draws_its_numbers(spec: GameSpec) -> None:
    # New Game's options of its own are the size, the range of the numbers drawn and who
    # begins; its kind names its default size.
    if spec.own_new_game_options:
        assert spec.draws_values
        assert spec.chooses_first
        game = registered_game(spec.game_key)
        assert game is not None
        assert find_game(game.key) == game.listed[0]


@smallest_games
def test_a_decision_is_the_players_move_with_what_it_knows_of_the_position(
    spec: GameSpec,
) -> None:
    """``decide`` plays what ``choose_move`` plays from the same generator; the analysis it
    brings is of the position (every move it scores legal there), and where the game solves
    the position at once, proven and agreeing with the exact solver."""
    for player in (info.key for info in spec.players):
        for state in playout(spec, 5)[:-1]:
            choice = spec.decide(state, player, random.Random(9))
            assert choice.move == spec.choose_move(state, player, random.Random(9))
            assert choice.nodes >= 0
            assert choice.depth >= 0
            analysis = choice.analysis
            if analysis is not None:
                assert {value.move for value in analysis.moves} <= set(state.legal_moves())
            if spec.analysed_at_once(state):
                assert analysis is not None
                assert analysis.certainty is Certainty.PROVEN
                assert set(analysis.best_moves) == set(spec.solve(state).best_moves)


def test_three_by_three_reads_a_keypad_digit_as_its_cell_and_no_other_board_does() -> None:
    tictactoe, four = find_game("tictactoe"), find_game("4x4k3")
    state = tictactoe.new_game()
    keypad = "789456123"  # the top row first, as the cells are numbered
    assert [state.read_move(digit) for digit in keypad] == list(range(9))
    with pytest.raises(MoveError, match="or a keypad digit from 1 to 9"):
        state.read_move("0")
    with pytest.raises(MoveError):
        four.new_game().read_move("5")
