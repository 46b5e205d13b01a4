"""What both sessions keep alike through their one base, k in a row's and any table game's."""

from __future__ import annotations

from tictactoe_gui.engine import Board, Mark, Move, Verdict, analyse
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.session import GameSession, GameSetup, PlayerKind, PlayerSpec
from tictactoe_gui.session.table import Seat, TableSession, TableSetup, play_computers
from tictactoe_gui.storage.records import GameMode


def test_a_k_in_a_row_analysis_is_found_again_for_the_same_position_reached_otherwise() -> None:
    setup = GameSetup(GameMode.HUMAN_VS_HUMAN, PlayerSpec.human("A"), PlayerSpec.human("B"))
    session = GameSession(setup, seed=1)
    for move in (Move(0, 0), Move(1, 1), Move(2, 2)):
        session.play(move)
    known = analyse(session.board)
    session.add_analysis(session.board, known)
    session.set_moves([Move(2, 2), Move(1, 1), Move(0, 0)])  # the same cells, other order
    assert session.analysis_of(session.board) is known
    assert session.analysis_of(Board.empty()) is None
    assert session.unanalysed() == (Board.empty(), session.board_at(1), session.board_at(2))


def test_a_table_games_analysis_is_found_again_for_the_same_position_reached_otherwise() -> None:
    spec = find_game("connect4")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("A"), Seat.human("B")))
    session = TableSession(setup, 1)
    d1, e1, f1 = (spec.parse_move(name) for name in ("d1", "e1", "f1"))
    session.set_moves([d1, e1, f1])
    known = spec.analyse(session.state)
    session.add_analysis(session.state, known)
    session.set_moves([f1, e1, d1])
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


def test_every_computer_player_answers_the_end_in_its_quotes_in_every_game() -> None:
    spec = find_game("connect4")
    kitty = Seat.for_game(spec, "kitty")
    table = TableSession(TableSetup(spec, GameMode.AI_VS_AI, (kitty, kitty)), 5)
    assert table.reaction() == ""  # nothing said before the end
    play_computers(table)
    reaction = table.reaction()
    # One player in both seats: each of its words says which side speaks.
    assert reaction.startswith("Kitty (X): “")
    assert "   Kitty (O): “" in reaction
    setup = GameSetup(GameMode.AI_VS_AI, PlayerSpec.ai("kitty"), PlayerSpec.ai("kitty"))
    game = GameSession(setup, seed=5)
    for move in (Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)):
        game.play(move)
    said = game.reaction()
    assert said.startswith("Kitty (X): “")
    assert "   Kitty (O): “" in said


def test_every_game_words_its_result_and_a_resignation_alike() -> None:
    spec = find_game("connect4")
    seats = (Seat.human("Ada"), Seat.for_game(spec, "kitty"))
    table = TableSession(TableSetup(spec, GameMode.HUMAN_VS_AI, seats), 1)
    setup = GameSetup(GameMode.HUMAN_VS_AI, PlayerSpec.human("Ada"), PlayerSpec.ai("cop"))
    game = GameSession(setup, seed=1)
    assert table.result_words() == game.result_words() == ""  # nothing while it goes on
    table.resign()
    game.resign()
    assert table.result_words() == "Kitty (O) wins: Ada resigned"
    assert game.result_words() == "Cop (O) wins: Ada resigned"
    table.set_moves([])
    table.set_moves([spec.parse_move(name) for name in ["d1", "e1", "d2", "e2", "d3", "e3", "d4"]])
    game.set_moves([Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)])
    assert table.result_words() == "Ada (X) wins"
    assert game.result_words() == "Ada (X) wins"


def test_who_is_to_move_is_asked_alike_and_nobody_is_once_the_game_is_over() -> None:
    spec = find_game("connect4")
    ada, kitty = Seat.human("Ada"), Seat.for_game(spec, "kitty")
    table = TableSession(TableSetup(spec, GameMode.HUMAN_VS_AI, (ada, kitty)), 1)
    cop = PlayerSpec.ai("cop")
    game = GameSession(GameSetup(GameMode.HUMAN_VS_AI, ada, cop), seed=1)
    assert table.player_to_move == game.player_to_move == ada
    assert table.is_human_turn()
    assert game.is_human_turn()
    table.play(spec.parse_move("d1"))
    game.play(Move(1, 1))
    assert (table.player_to_move, game.player_to_move) == (kitty, cop)
    assert table.ai_to_move()
    assert game.ai_to_move()
    table.set_moves([])
    game.set_moves([])
    table.resign()
    game.resign()
    assert table.player_to_move is None
    assert game.player_to_move is None
    assert not game.is_human_turn()
    assert not game.ai_to_move()


def test_the_coachs_verdict_on_move_1_is_on_the_first_move_in_every_game() -> None:
    spec = find_game("connect4")
    seats = (Seat.human("A"), Seat.human("B"))
    table = TableSession(TableSetup(spec, GameMode.HUMAN_VS_HUMAN, seats), 1)
    table.add_analysis(table.state, spec.analyse(table.state))
    table.play(spec.parse_move("d1"))
    table.play(spec.parse_move("d2"))
    setup = GameSetup(GameMode.HUMAN_VS_HUMAN, PlayerSpec.human("A"), PlayerSpec.human("B"))
    game = GameSession(setup, seed=1)
    game.add_analysis(game.board, analyse(game.board))
    game.play(Move(1, 1))
    game.play(Move(0, 0))
    game.judge_known_moves()
    for session in (table, game):
        judgement = session.judgement_at(1)
        assert judgement is not None
        assert session.verdict_at(1) is judgement.verdict is Verdict.BEST
        assert session.verdict_at(2) is None  # the position before it is not analysed
        assert session.verdict_at(0) is None  # no move 0


def test_every_game_sums_up_each_side_alike_a_resignation_counted_as_a_decision() -> None:
    spec = find_game("connect4")
    seats = (Seat.human("Ada"), Seat.for_game(spec, "kitty"))
    table = TableSession(TableSetup(spec, GameMode.HUMAN_VS_AI, seats), 1)
    setup = GameSetup(GameMode.HUMAN_VS_AI, PlayerSpec.human("Ada"), PlayerSpec.ai("cop"))
    game = GameSession(setup, seed=1)
    table.play(spec.parse_move("d1"))
    table.play(spec.parse_move("d2"))
    game.play(Move(1, 1))
    game.play(Move(0, 0))
    table.resign()
    game.resign()
    # Her move is not judged (nothing analysed it): the resignation does not hide it.
    given_up = (
        "0% accurate — 0 best, 0 good, 1 blunder, 1 not judged, "
        "then resigned a game not proven lost"
    )
    (ada, kitty), (ada_k, cop) = table.summaries(), game.summaries()
    assert ada.describe() == f"Ada (X): {given_up}, counted as a blunder"
    assert ada_k.describe() == ada.describe()
    assert (ada.side, ada_k.side, kitty.side) == (0, Mark.X, 1)
    assert kitty.describe() == "Kitty (O): 1 move, none judged"
    assert cop.describe() == "Cop (O): 1 move, none judged"
    rowcol = find_game("rowcol3")
    people = (Seat.human("Ann"), Seat.human("Bob"))
    fresh = TableSession(TableSetup(rowcol, GameMode.HUMAN_VS_HUMAN, people), 3)
    assert fresh.summaries()[0].describe() == "Ann (A): no takes played"


def test_both_setups_list_their_seats_and_each_side_sits_in_its_own() -> None:
    spec = find_game("connect4")
    ada, kitty = Seat.human("Ada"), Seat.for_game(spec, "kitty")
    table = TableSession(TableSetup(spec, GameMode.HUMAN_VS_AI, (ada, kitty)), 1)
    game = GameSession(GameSetup(GameMode.HUMAN_VS_AI, ada, PlayerSpec.ai("cop")), seed=1)
    assert game.setup.seats == (ada, PlayerSpec.ai("cop"))
    assert (table.player_of(0), table.player_of(1)) == table.setup.seats
    assert (game.player_of(Mark.X), game.player_of(Mark.O)) == game.setup.seats
