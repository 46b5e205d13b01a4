"""What every game keeps alike at the table through the session's one base: k in a row's
and every other game's, the same calls with the same meaning."""

from __future__ import annotations

import pytest

from tictactoe_gui.engine import Verdict
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.session import PlayerKind, PlayerSpec
from tictactoe_gui.session.table import Seat, TableSession, TableSetup, play_computers
from tictactoe_gui.storage.records import GameMode

#: The computer player each game seats against a person: k in a row's, another game's.
COMPUTER = {"tictactoe": "cop", "connect4": "kitty"}
GAMES = sorted(COMPUTER)


def sit(game_id: str, mode: GameMode, x: Seat, o: Seat, seed: int = 1) -> TableSession:
    return TableSession(TableSetup(find_game(game_id), mode, (x, o)), seed)


def ada_vs_computer(game_id: str) -> TableSession:
    spec = find_game(game_id)
    return sit(
        game_id, GameMode.HUMAN_VS_AI, Seat.human("Ada"), Seat.for_game(spec, COMPUTER[game_id])
    )


def moves(session: TableSession, *names: str) -> list[int]:
    return [session.spec.parse_move(name) for name in names]


@pytest.mark.parametrize(
    ("game_id", "names"), [("tictactoe", ("a3", "b2", "c1")), ("connect4", ("d1", "e1", "f1"))]
)
def test_an_analysis_is_found_again_for_the_same_position_reached_otherwise(
    game_id: str, names: tuple[str, ...]
) -> None:
    session = sit(game_id, GameMode.HUMAN_VS_HUMAN, Seat.human("A"), Seat.human("B"))
    first, second, third = moves(session, *names)
    session.set_moves([first, second, third])
    known = session.spec.analyse(session.state)
    session.add_analysis(session.state, known)
    session.set_moves([third, second, first])  # the same cells, the other order
    assert session.analysis_of(session.state) is known
    assert session.analysis_of(session.start) is None
    assert session.unanalysed() == session.states[:3]


def test_one_kind_of_seat_for_every_game_names_its_player_in_that_game() -> None:
    assert Seat is PlayerSpec
    rowcol, connect4 = find_game("rowcol3"), find_game("connect4")
    abacus = Seat.for_game(rowcol, "perfect")
    assert abacus == PlayerSpec(PlayerKind.AI, "perfect")
    assert abacus.is_ai
    assert abacus.persona is None  # Row & Column's players are no personas
    assert abacus.name_in(rowcol) == "Abacus"
    kitty = Seat.for_game(connect4, "kitty")
    assert kitty == PlayerSpec.ai("kitty")  # the same seat as k in a row's
    assert kitty.name_in(connect4) == kitty.display_name == "Kitty"
    assert PlayerSpec.human("Ann").name_in(rowcol) == "Ann"
    engine = PlayerSpec.engine("/opt/pbrain-x --fast")
    assert engine.name_in(connect4) == "pbrain-x"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_computer_player_answers_the_end_in_its_quotes_in_every_game(game_id: str) -> None:
    kitty = PlayerSpec.ai("kitty")
    table = sit(game_id, GameMode.AI_VS_AI, kitty, kitty, seed=5)
    assert table.reaction() == ""  # nothing said before the end
    play_computers(table)
    assert table.is_over
    reaction = table.reaction()
    # One player in both seats: each of its words says which side speaks.
    assert reaction.startswith("Kitty (X): “")
    assert "   Kitty (O): “" in reaction


#: Moves after which X has won, in each game: a row along the top, a column of four discs.
X_WINS = {
    "tictactoe": ("a3", "a2", "b3", "b2", "c3"),
    "connect4": ("d1", "e1", "d2", "e2", "d3", "e3", "d4"),
}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_words_its_result_and_a_resignation_alike(game_id: str) -> None:
    table = ada_vs_computer(game_id)
    assert table.result_words() == ""  # nothing while it goes on
    table.resign()
    computer = table.name_of(1)
    assert computer == COMPUTER[game_id].capitalize()
    assert table.result_words() == f"Ada (X) resigned; {computer} (O) wins"
    table.set_moves([])
    table.set_moves(moves(table, *X_WINS[game_id]))
    assert table.result_words() == "Ada (X) wins"


@pytest.mark.parametrize("game_id", GAMES)
def test_who_is_to_move_is_asked_alike_and_nobody_is_once_the_game_is_over(game_id: str) -> None:
    table = ada_vs_computer(game_id)
    ada, computer = table.setup.seats
    assert table.player_to_move == ada == Seat.human("Ada")
    assert table.is_human_turn()
    assert not table.ai_to_move()
    table.play(table.state.legal_moves()[0])
    assert table.player_to_move == computer == PlayerSpec.ai(COMPUTER[game_id])
    assert table.ai_to_move()
    assert not table.is_human_turn()
    table.set_moves([])
    table.resign()
    assert table.player_to_move is None
    assert not table.is_human_turn()
    assert not table.ai_to_move()


@pytest.mark.parametrize(
    ("game_id", "names"), [("tictactoe", ("b2", "a3")), ("connect4", ("d1", "d2"))]
)
def test_the_coachs_verdict_on_move_1_is_on_the_first_move_in_every_game(
    game_id: str, names: tuple[str, str]
) -> None:
    table = sit(game_id, GameMode.HUMAN_VS_HUMAN, Seat.human("A"), Seat.human("B"))
    table.add_analysis(table.state, table.spec.analyse(table.state))
    for move in moves(table, *names):
        table.play(move)
    table.judge_known_moves()
    judgement = table.judgement_at(1)
    assert judgement is not None
    assert table.verdict_at(1) is judgement.verdict is Verdict.BEST
    assert table.verdict_at(2) is None  # the position before it is not analysed
    assert table.verdict_at(0) is None  # no move 0


@pytest.mark.parametrize(
    ("game_id", "names"), [("tictactoe", ("b2", "a3")), ("connect4", ("d1", "d2"))]
)
def test_every_game_sums_up_each_side_alike_a_resignation_counted_as_a_decision(
    game_id: str, names: tuple[str, str]
) -> None:
    table = ada_vs_computer(game_id)
    for move in moves(table, *names):
        table.play(move)
    table.resign()
    # Her move is not judged (nothing analysed it): the resignation does not hide it.
    ada, computer = table.summaries()
    assert ada.describe() == (
        "Ada (X): 0% accurate — 0 best, 0 good, 1 blunder, 1 not judged, "
        "then resigned a game not proven lost, counted as a blunder"
    )
    assert (ada.side, computer.side) == (0, 1)
    assert computer.describe() == f"{table.name_of(1)} (O): 1 move, none judged"
    rowcol = find_game("rowcol3")
    people = (Seat.human("Ann"), Seat.human("Bob"))
    fresh = TableSession(TableSetup(rowcol, GameMode.HUMAN_VS_HUMAN, people), 3)
    assert fresh.summaries()[0].describe() == "Ann (A): no takes played"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_setup_lists_its_seats_and_each_side_sits_in_its_own(game_id: str) -> None:
    table = ada_vs_computer(game_id)
    assert table.setup.seats == (Seat.human("Ada"), PlayerSpec.ai(COMPUTER[game_id]))
    assert (table.player_of(0), table.player_of(1)) == table.setup.seats
    assert table.seats == table.setup.seats
