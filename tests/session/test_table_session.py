"""A game of any registered game at the table: seats, turns, undo, chance, coach, record."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tictactoe_gui.engine import Verdict
from tictactoe_gui.engine.games import GameError, find_game, listed_games, registered_games
from tictactoe_gui.engine.row_and_column import RowColState
from tictactoe_gui.engine.rowcol import analyse, judge_take
from tictactoe_gui.records_bridge import check_record, state_finished_game
from tictactoe_gui.session.table import Seat, TableSession, TableSetup, play_computers
from tictactoe_gui.storage.records import GameMode, Result

#: Every registered game's smallest size and the sizes it lists, kept quick.
SPECS = sorted(
    {spec.id: spec for game in registered_games() for spec in game.smallest}.values(),
    key=lambda spec: spec.id,
)


def computers(game_id: str, seed: int, **options: object) -> TableSession:
    spec = find_game(game_id)
    first, second = spec.players[0].key, spec.players[0].key
    seats = (Seat.for_game(spec, first), Seat.for_game(spec, second))
    setup = TableSetup(spec, GameMode.AI_VS_AI, seats, **options)  # type: ignore[arg-type]
    return TableSession(setup, seed)


@pytest.mark.parametrize("spec_id", [spec.id for spec in SPECS])
def test_every_game_plays_to_its_end_the_same_way_from_the_same_seed(spec_id: str) -> None:
    ends = [play_computers(computers(spec_id, seed)) for seed in (4, 4, 5)]
    assert all(end.is_over for end in ends)
    assert ends[0].moves == ends[1].moves
    assert ends[0].position_text() == ends[1].position_text()


@pytest.mark.parametrize("spec_id", [spec.id for spec in SPECS])
def test_undo_and_redo_set_the_moves_and_the_record_is_checked(spec_id: str) -> None:
    session = computers(spec_id, 8)
    end = play_computers(session)
    moves = session.moves
    session.set_moves(moves[:2])
    assert session.moves == moves[:2]
    assert not session.is_over
    assert session.state.position_text() == session.start.play_all(moves[:2]).position_text()
    session.set_moves(moves)
    assert session.state.position_text() == end.position_text()
    game = state_finished_game(
        session.state, *session.sides(), GameMode.AI_VS_AI, session.started_at,
        datetime.now(UTC), seed=session.seed,
    )  # fmt: skip
    check_record(game)
    winner = session.winner
    assert game.result is (
        Result.DRAW if winner is None else (Result.X_WINS, Result.O_WINS)[winner]
    )


def test_a_person_is_told_why_a_move_is_refused_and_whose_turn_it_is() -> None:
    spec = find_game("connect4")
    setup = TableSetup(
        spec, GameMode.HUMAN_VS_AI, (Seat.human("Ada"), Seat.for_game(spec, "kitty"))
    )
    session = TableSession(setup, 1)
    assert session.is_human_turn()
    floating = spec.parse_move("d2")
    assert (session.why_not_playable(floating) or "").startswith("A disc cannot rest on d2")
    session.play(spec.parse_move("d1"))
    assert session.why_not_playable(spec.parse_move("d2")) == (
        "It is Kitty's turn: wait for the reply."
    )
    assert session.ai_to_move()
    play_computers(session)
    assert session.is_human_turn()
    assert len(session.moves) == 2
    with pytest.raises(GameError):
        Seat.for_game(spec, "abacus")


def test_a_refusal_is_a_sentence_that_keeps_a_moves_name_as_it_is_written() -> None:
    """Every game refuses in a sentence; one that begins with a move names it as the game
    writes it (a Row & Column cell stays "e5", not "E5")."""
    rowcol = find_game("rowcol3")
    people = (Seat.human("Ann"), Seat.human("Bob"))
    session = TableSession(TableSetup(rowcol, GameMode.HUMAN_VS_HUMAN, people), 3)
    session.play(rowcol.parse_move("b2"))
    assert session.why_not_playable(rowcol.parse_move("a3")) == (
        "a3 is not in the row or column of the last take (b2)."
    )
    tictactoe = find_game("tictactoe")
    session = TableSession(TableSetup(tictactoe, GameMode.HUMAN_VS_HUMAN, people), 3)
    session.play(tictactoe.parse_move("b2"))
    assert session.why_not_playable(tictactoe.parse_move("b2")) == (
        "Cell b2 is already taken by X."
    )


def test_row_and_column_keeps_its_coach_its_hints_and_its_words() -> None:
    spec = find_game("rowcol3")
    setup = TableSetup(
        spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")), first=1
    )
    session = TableSession(setup, 3)
    start = session.state
    assert isinstance(start, RowColState)
    assert session.state.to_move == 1  # B takes first, as chosen
    analysis = spec.analyse(start)
    session.add_analysis(start, analysis)
    session.count_hint()
    source = analyse(start.position)
    assert session.hint_text(analysis).startswith("Hint: take ")
    hint = session.hint_text(analysis)
    assert hint.endswith(")."), hint
    assert "by the estimate" not in hint  # a 3×3 grid is solved exactly
    # Every take judged as Row & Column's own coach judges it.
    for cell in start.legal_moves():
        session.set_moves([cell])
        assert session.verdict_at(1) == judge_take(source, cell)
    worst = min(source.candidates, key=lambda candidate: candidate.margin).cell
    session.set_moves([worst])
    assert session.verdict_at(1) in (Verdict.MISTAKE, Verdict.BLUNDER)
    summaries = session.summaries()
    assert (summaries[1].moves, summaries[1].hints) == (1, 1)
    assert summaries[1].describe().startswith("Bob (B): 0% accurate — 0 best, 0 good")
    while (mover := session.state.to_move) is not None:
        session.play(session.state.legal_moves()[0])
        assert mover in (0, 1)
    words = session.result_words()
    scores = session.state.scores
    assert scores is not None
    assert words == (
        f"a tie at {scores[0]} each"
        if scores[0] == scores[1]
        else f"{'Ann' if scores[0] > scores[1] else 'Bob'} ("
        f"{'A' if scores[0] > scores[1] else 'B'}) wins, {max(scores)} to {min(scores)}"
    )


def test_every_listed_game_names_its_players_by_key() -> None:
    for spec in listed_games():
        strongest, medium = spec.default_players
        seat = Seat.for_game(spec, strongest)
        assert seat.name_in(spec) == spec.player(strongest).name
        assert Seat.for_game(spec, medium).is_ai


def test_a_seat_gives_the_game_up_in_the_session_and_setting_the_moves_takes_it_back() -> None:
    spec = find_game("connect4")
    setup = TableSetup(
        spec, GameMode.HUMAN_VS_AI, (Seat.human("Ada"), Seat.for_game(spec, "kitty"))
    )
    session = TableSession(setup, 1)
    session.play(spec.parse_move("d1"))
    session.play(spec.parse_move("d2"))
    assert session.resign() == 0
    assert (session.resigned, session.is_over, session.winner) == (0, True, 1)
    assert session.player_to_move is None
    assert not session.is_human_turn()
    assert not session.ai_to_move()
    assert session.result_words() == "Ada (X) resigned; Kitty (O) wins"
    assert session.why_not_playable(spec.parse_move("d3")) == (
        "The game is over: Ada (X) resigned; Kitty (O) wins. Play Again (Ctrl+R) or start a "
        "New Game (Ctrl+N)."
    )
    with pytest.raises(ValueError, match="already over"):
        session.resign()
    with pytest.raises(ValueError, match="resigned"):
        session.play(spec.parse_move("d3"))
    session.set_moves(session.moves[:1])  # an undo takes the resignation back
    assert (session.resigned, session.is_over, session.winner) == (None, False, None)
    assert session.ai_to_move()


def test_a_game_decided_by_points_is_not_given_up() -> None:
    spec = find_game("rowcol3")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    session = TableSession(setup, 3)
    with pytest.raises(GameError, match="is not given up: it ends on the board"):
        session.resign()
    assert session.resigned is None
    assert not session.is_over


def test_hints_count_once_per_position_and_seat_however_often_asked() -> None:
    spec = find_game("connect4")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    session = TableSession(setup, 1)
    session.count_hint()
    session.count_hint()  # asked again on the same position
    assert session.hints == {0: 1, 1: 0}
    session.play(spec.parse_move("d1"))
    session.count_hint()
    session.play(spec.parse_move("d2"))
    session.count_hint()  # a new position of Ann's
    session.set_moves([])
    session.count_hint()  # the first position again: counted already
    assert session.hints == {0: 2, 1: 1}
    assert [summary.hints for summary in session.summaries()] == [2, 1]


@pytest.mark.parametrize("game", ["tictactoe", "four", "connect4", "rowcol4"])
def test_the_card_shows_the_same_player_in_the_same_role_in_every_game(game: str) -> None:
    spec = find_game(game)
    strongest, medium = spec.default_players
    ann, bo = Seat.human("Ann"), Seat.human("Bo")
    against = TableSession(
        TableSetup(spec, GameMode.HUMAN_VS_AI, (ann, Seat.for_game(spec, medium))), 1
    )
    assert against.card() == (spec.player(medium), "Opponent")
    people = TableSession(TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (ann, bo)), 1)
    assert people.card() == (spec.player(strongest), "Coach")
    assert people.card(replaying=True) == (spec.player(strongest), "Analysis")
    kitty = spec.players[0].key
    seats = (Seat.for_game(spec, kitty), Seat.for_game(spec, medium))
    computers = TableSession(TableSetup(spec, GameMode.AI_VS_AI, seats), 2)
    assert computers.card() == (spec.player(kitty), "To move")
    computers.play(computers.state.legal_moves()[0])
    assert computers.card() == (spec.player(medium), "To move")
    play_computers(computers)
    winner = computers.winner
    if winner is None:
        last = computers.mover_of(len(computers.moves) - 1)
        assert computers.card() == (spec.player(seats[last].name), "Last move")
    else:
        assert computers.card() == (spec.player(seats[winner].name), "Winner")


def test_an_external_engine_on_the_card_is_the_engine_not_a_player() -> None:
    spec = find_game("four")
    engine = Seat.engine("pbrain-example")
    session = TableSession(TableSetup(spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), engine)), 1)
    assert session.card() == (None, "Opponent")
