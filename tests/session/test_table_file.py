"""Table games (Connect Four, Row & Column) saved to a file and read back, every field
checked against the rules."""

from __future__ import annotations

import json

import pytest

from tictactoe_gui.engine.games import find_game
from tictactoe_gui.session import table_file
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def session_of(game: str, moves: tuple[int, ...], seed: int = 3) -> TableSession:
    spec = find_game(game)
    setup = TableSetup(
        spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.ai(spec, spec.default_players[1]))
    )
    session = TableSession(setup, seed)
    session.set_moves(moves)
    return session


@pytest.mark.parametrize(("game", "moves"), [("connect4", (38, 31, 37)), ("rowcol4", (5, 6, 2))])
def test_a_game_round_trips_with_its_moves_taken_back(game: str, moves: tuple[int, ...]) -> None:
    session = session_of(game, moves[:2])
    text = table_file.to_json(session, moves[2:])
    assert table_file.table_game_of(text) == session.spec
    saved = table_file.from_json(text)
    assert saved.moves == moves[:2]
    assert saved.undone == moves[2:]
    assert saved.seed == 3
    assert saved.start == session.start
    assert saved.setup.seats == session.setup.seats
    assert saved.setup.mode is GameMode.HUMAN_VS_AI
    assert not saved.finished


def test_a_k_in_a_row_file_is_not_a_table_game() -> None:
    assert table_file.table_game_of('{"app": "tictactoe-gui", "game": "four"}') is None
    assert table_file.table_game_of("not json") is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(moves=["d1", "d1"]), r"move 2 \(d1\): d1 is taken"),
        (lambda d: d.update(moves=["d1", "z9"]), r"move 2 \(z9\)"),
        (lambda d: d.update(ply=7), "ply 7"),
        (lambda d: d.update(game="nosuch"), "unknown game"),
        (lambda d: d.update(format=9), "format 9"),
        (lambda d: d["players"].update(seats=[]), "two seats"),
        (lambda d: d["players"]["seats"][1].update(name="hal"), "hal"),
        (lambda d: d.update(seed="x"), "seed"),
    ],
)
def test_a_damaged_file_says_what_is_wrong_in_one_line(change: object, message: str) -> None:
    data = json.loads(table_file.to_json(session_of("connect4", (38, 31))))
    change(data)  # type: ignore[operator]
    with pytest.raises(table_file.TableFileError, match=message) as raised:
        table_file.from_json(json.dumps(data), "c4.json")
    assert "\n" not in str(raised.value)
    assert str(raised.value).startswith("c4.json")
