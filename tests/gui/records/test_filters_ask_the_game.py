"""The records windows' filters take a game's players and results from the game itself
(its spec in the registry), so a game registered later is filtered as the built-in ones are."""

from __future__ import annotations

import pytest

from tests.cli.test_a_game_registered_later import TAKE_AWAY
from tictactoe_gui.engine import games
from tictactoe_gui.gui.records.common import persona_keys_for, result_labels
from tictactoe_gui.storage.records import Result


@pytest.fixture
def take_away(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in games and a take-away game, in a registry of the test's own."""
    monkeypatch.setattr(games, "REGISTRY", games.Registry(games._load_built_in_games))
    games.register_game(TAKE_AWAY)


def test_a_game_registered_later_offers_its_own_players_and_seats(take_away: None) -> None:
    assert persona_keys_for("take7") == tuple(p.key for p in TAKE_AWAY.listed[0].players)
    assert result_labels("take7") == {
        Result.X_WINS: "L wins",
        Result.O_WINS: "R wins",
        Result.DRAW: "Draw",
    }
    # Every game's players, game by game, each once.
    every = persona_keys_for(None)
    for game in games.registered_games():
        assert {p.key for p in game.listed[0].players} <= set(every)
    assert len(every) == len(set(every))


@pytest.mark.parametrize("game", ["tictactoe", "7x7k4", "connect4", "rowcol5"])
def test_each_built_in_game_offers_the_players_and_seats_its_spec_gives(game: str) -> None:
    spec = games.find_game(game)
    assert persona_keys_for(game) == tuple(p.key for p in spec.players)
    labels = result_labels(game)
    assert labels[Result.X_WINS] == f"{spec.seats[0]} wins"
    assert labels[Result.DRAW] == ("Tie" if game.startswith("rowcol") else "Draw")


def test_a_game_this_app_does_not_know_offers_every_games_players() -> None:
    assert persona_keys_for("nosuchgame9") == persona_keys_for(None)
    assert result_labels("nosuchgame9") == result_labels(None) == result_labels("tictactoe")
