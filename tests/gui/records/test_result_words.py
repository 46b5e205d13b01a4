"""The History says how each recorded game ended in the words the table said it in at its end
("Game over: Ada (X) wins.", "Game over: a draw.", "Game over: Ann (A) wins, 14 to 9."), for
every kind of game: won on the board, drawn, kept on points and tied; the command line's
``history`` too."""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine.games import GameResult, find_game
from tictactoe_gui.gui.records import HistoryDialog
from tictactoe_gui.gui.records.history import COLUMNS
from tictactoe_gui.session.record_words import result_sentence, result_words
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.session.words import game_over
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode, Result

#: Tic-tac-toe, four in a row on 20×20, Connect Four, and Row & Column (won on points), with
#: how many random games to look through for a game ending each way it can.
SEEDS = {"tictactoe": 100, "four": 20, "connect4": 1000, "rowcol4": 1000}
GAMES = tuple(SEEDS)


def random_moves(game: str, seed: int) -> list[int]:
    """A game of ``game`` from its board of ``seed``, each move drawn at random by ``seed``."""
    state = find_game(game).new_game(seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over:
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    return moves


def endings(game: str) -> dict[Result, TableSession]:
    """Ada (the first seat) against the game's first computer player, a game ending each way
    it ends in the first random games (the first found), each played at the table."""
    spec = find_game(game)
    seats = (Seat.human("Ada"), Seat.for_game(spec, spec.players[0].key))
    found: dict[Result, TableSession] = {}
    for seed in range(SEEDS[game]):
        session = TableSession(TableSetup(spec, GameMode.HUMAN_VS_AI, seats), seed)
        moves = random_moves(game, seed)
        result = result_of(session.state.play_all(moves).result)
        if result not in found:
            for move in moves:
                session.play(move)
            found[result] = session
        if len(found) == len(Result):
            break
    return found


def result_of(result: GameResult | None) -> Result:
    assert result is not None
    return Result.DRAW if result.winner is None else (Result.X_WINS, Result.O_WINS)[result.winner]


def as_said_at_the_end(cell: str) -> str:
    """The cell in the status bar's sentence: a draw's word with its article, mid-sentence."""
    if cell.startswith(("Draw", "Tie")):
        cell = f"a {cell[0].lower()}{cell[1:]}"
    return game_over(cell)


@pytest.mark.parametrize("game", GAMES)
def test_the_history_says_each_end_as_the_table_said_it(
    qtbot: QtBot, repo: Repository, game: str
) -> None:
    sessions = endings(game)
    # Every game here is won by either side in a few random games; drawn or tied too, but
    # on the big board, where a random game ends in a row long before the board is full.
    assert sessions.keys() == set(Result) - ({Result.DRAW} if game == "four" else set())
    for session in sessions.values():
        repo.save_game(session.finished_game())
    dialog = HistoryDialog(repo)
    qtbot.addWidget(dialog)
    model = dialog.model
    assert model.rowCount() == len(sessions)
    said = {
        model.summary(row).result: model.index(row, COLUMNS.index("Result")).data()
        for row in range(model.rowCount())
    }
    for result, session in sessions.items():
        assert as_said_at_the_end(said[result]) == session.end_status()
        # The command line's history says it in a sentence with the game's length.
        words = session.result_words()
        sentence = result_sentence(session.finished_game(), len(session.moves))
        assert sentence.startswith(words), (sentence, words)
        assert sentence.endswith(session.move_word + "s")


@pytest.mark.parametrize("game", GAMES)
def test_a_result_names_its_winner_and_a_game_nobody_won_in_the_games_word(game: str) -> None:
    for result, session in endings(game).items():
        words = result_words(session.finished_game())
        if result is Result.DRAW:  # "Draw", "Tie at 11 each": as the filter offers it
            assert words.split()[0] == session.spec.draw_word.capitalize()
        else:
            winner = 0 if result is Result.X_WINS else 1
            named = f"{session.name_of(winner)} ({session.spec.seats[winner]})"
            assert words.startswith(f"{named} wins")
