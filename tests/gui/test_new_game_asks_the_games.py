"""New Game lists the games of the registry and offers each game's own players, in its
own words, as its spec gives them: a game registered later is listed with nothing added."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QRadioButton
from pytestqt.qtbot import QtBot

from tests.cli.test_a_game_registered_later import TAKE_AWAY
from tests.gui.test_dialogs import make_dialog
from tictactoe_gui.engine import games
from tictactoe_gui.engine.games import find_game, registered_games
from tictactoe_gui.gui.dialogs.new_game import game_items
from tictactoe_gui.storage.records import GameMode


def items(dialog: object) -> list[tuple[str, str]]:
    combo = dialog.game_combo  # type: ignore[attr-defined]
    return [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]


def mode_words(dialog: object) -> dict[GameMode, str]:
    return {
        mode: dialog.findChild(QRadioButton, f"mode-{mode.value}").text()  # type: ignore[attr-defined]
        for mode in GameMode
    }


def test_a_game_registered_later_is_offered_by_the_names_of_its_sizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(games, "REGISTRY", games.Registry(games._load_built_in_games))
    games.register_game(TAKE_AWAY)
    offered = game_items()
    assert ("Take-away from 7", "take7") in offered
    # Every size any game lists by name is there, named by its spec where its board is no
    # k-in-a-row board; the custom board comes after them.
    ids = [data for _text, data in offered]
    for game in registered_games():
        if not game.listed[0].own_new_game_options:
            listed = [spec.id for spec in game.listed]
            assert listed == [i for i in ids if i in listed]
    assert ids.index("custom") > ids.index("take7")


def test_the_dialog_offers_the_games_listed(qtbot: QtBot, settings: QSettings) -> None:
    assert items(make_dialog(qtbot, settings)) == list(game_items())


def test_each_game_offers_its_own_players_and_names_them_in_the_modes(
    qtbot: QtBot, settings: QSettings
) -> None:
    dialog = make_dialog(qtbot, settings)
    for game_id in ("tictactoe", "connect4"):
        dialog.game_combo.setCurrentIndex(dialog.game_combo.findData(game_id))
        spec = find_game(game_id)
        keys = [dialog.opponent_combo.itemData(i) for i in range(dialog.opponent_combo.count())]
        assert keys[:-1] == [player.key for player in spec.players]
        words = mode_words(dialog)
        assert all(player.name in words[GameMode.HUMAN_VS_AI] for player in spec.players)
    # A game with options of its own: its part of the dialog, its players in the modes.
    rowcol = find_game("rowcol")
    dialog.choose_game(rowcol)
    own = dialog.own_options_game()
    assert own is not None
    assert own.game_key == rowcol.game_key
    options = dialog.own_options()
    assert options.isVisible()
    words = mode_words(dialog)
    assert words[GameMode.HUMAN_VS_AI].endswith("Play against Dice, Magpie, Hedge or Abacus.")
    assert words[GameMode.AI_VS_AI].endswith("one take at a time.")
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("tictactoe"))
    assert dialog.own_options_game() is None
    assert not options.isVisible()
