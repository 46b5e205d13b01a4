"""Whose turn it is reads alike in every game: a person facing a computer player is spoken
to, anyone else is named with the game's own verb."""

from __future__ import annotations

from tictactoe_gui.engine.games import find_game
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def session(game: str, mode: GameMode, first: Seat, second: Seat) -> TableSession:
    return TableSession(TableSetup(find_game(game), mode, (first, second)), 1)


def test_a_person_against_a_computer_player_is_spoken_to_in_every_game() -> None:
    tictactoe = session(
        "tictactoe",
        GameMode.HUMAN_VS_AI,
        Seat.human("Ann"),
        Seat.for_game(find_game("tictactoe"), "cop"),
    )
    assert tictactoe.turn_words() == "Your move (X)."
    tictactoe.play(tictactoe.spec.parse_move("b2"))
    assert tictactoe.turn_words() == "Cop (O) to play."
    connect_four = find_game("connect4")
    c4 = session(
        "connect4", GameMode.HUMAN_VS_AI, Seat.for_game(connect_four, "kitty"), Seat.human("Bo")
    )
    assert c4.turn_words() == "Kitty (X) to drop."
    c4.play(c4.spec.parse_move("d1"))
    assert c4.turn_words() == "Your move (O)."
    rowcol = find_game("rowcol4")
    numbers = session(
        "rowcol4", GameMode.HUMAN_VS_AI, Seat.human("Ann"), Seat.for_game(rowcol, "greedy")
    )
    assert numbers.turn_words() == "Your take (A)."


def test_two_people_are_named_and_the_end_is_said_once_the_game_is_over() -> None:
    people = session("connect4", GameMode.HUMAN_VS_HUMAN, Seat.human("Ann"), Seat.human("Bea"))
    assert people.turn_words() == "Ann (X) to drop."
    people.resign()
    assert people.turn_words() == people.end_status()
    assert people.turn_words().startswith("Game over: ")
