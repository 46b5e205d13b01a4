"""Table games (Connect Four, Row & Column) saved to a file and read back, every field
checked against the rules."""

from __future__ import annotations

import json

import pytest

from tictactoe_gui.engine.games import GameError, find_game
from tictactoe_gui.session import table_file
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def session_of(game: str, moves: tuple[int, ...], seed: int = 3) -> TableSession:
    spec = find_game(game)
    setup = TableSetup(
        spec,
        GameMode.HUMAN_VS_AI,
        (Seat.human("Ann"), Seat.for_game(spec, spec.default_players[1])),
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
        (lambda d: d.update(format=2, moves=["d1", "d1"]), r"move 2 \(d1\): d1 is taken"),
        (lambda d: d.update(format=2, moves=["d1", "z9"]), r"move 2 \(z9\)"),
        (lambda d: d["tree"][2].update(move="d1"), r"move 2 \(d1\): d1 is taken"),
        (lambda d: d["tree"][2].update(move=7), r"move 2 \(7\)"),
        (lambda d: d["tree"][1].update(children=[1]), "node 1 of the tree"),
        (lambda d: d["tree"][0].update(children=[]), "node 1 of the tree follows no move"),
        (lambda d: d.update(tree={}), "no tree of moves"),
        (lambda d: d.update(line=9), "line should be"),
        (lambda d: d.update(ply=7), "ply 7"),
        (lambda d: d.update(game="nosuch"), "unknown game"),
        (lambda d: d.update(format=9), "format 9"),
        (lambda d: d["players"].update(seats=[]), "two seats"),
        (lambda d: d["players"]["seats"][1].update(name="hal"), "hal"),
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d.update(resigned=1), "O resigned, but it was X's turn"),
        (lambda d: d.update(resigned="X"), "resigned 'X' is no seat"),
        (lambda d: d["players"].update(games=0), "a series needs at least 1 game, got 0"),
        (lambda d: d["players"].update(games="3"), "a series needs at least 1 game, got '3'"),
    ],
)
def test_a_damaged_file_says_what_is_wrong_in_one_line(change: object, message: str) -> None:
    data = json.loads(table_file.to_json(session_of("connect4", (38, 31))))
    change(data)  # type: ignore[operator]
    with pytest.raises(table_file.TableFileError, match=message) as raised:
        table_file.from_json(json.dumps(data), "c4.json")
    assert "\n" not in str(raised.value)
    assert str(raised.value).startswith("c4.json")


def _connect_four_with_a_variation() -> tuple[TableSession, tuple[int, ...]]:
    """d1 d2 c1 played, c1 taken back and e1 played instead: e1 is a variation."""
    session = session_of("connect4", ())
    d1, d2, c1, e1 = (session.spec.parse_move(m) for m in ("d1", "d2", "c1", "e1"))
    session.set_moves((d1, d2, c1))
    session.set_moves((d1, d2))
    session.play(e1)
    return session, (d1, d2, c1, e1)


def test_a_saved_game_keeps_every_line_in_the_tree_k_in_a_row_files_use() -> None:
    session, (d1, d2, c1, e1) = _connect_four_with_a_variation()
    data = json.loads(table_file.to_json(session))
    assert data["format"] == 3
    assert [node.get("move") for node in data["tree"]] == [None, "d1", "d2", "c1", "e1"]
    assert data["tree"][2]["children"] == [3, 4]
    assert data["line"] == 4  # the board is on the variation
    assert data["ply"] == 3
    saved = table_file.from_json(json.dumps(data))
    assert saved.moves == (d1, d2, e1)
    assert saved.undone == ()
    assert saved.tree is not None
    assert saved.lines() == session.lines()
    assert saved.lines().main_line() == (d1, d2, c1)


def test_the_main_line_with_a_variation_taken_back_opens_on_the_main_line() -> None:
    session, (d1, d2, c1, _e1) = _connect_four_with_a_variation()
    session.set_moves((d1,))
    saved = table_file.from_json(table_file.to_json(session, (d2, c1)))
    assert (saved.moves, saved.undone) == ((d1,), (d2, c1))
    assert "line" not in json.loads(table_file.to_json(session, (d2, c1)))
    assert saved.lines() == session.lines()


def test_a_file_of_format_2_still_opens_as_one_line() -> None:
    data = json.loads(table_file.to_json(session_of("connect4", (38, 31))))
    del data["tree"]
    data.update(format=2, moves=["d1", "d2", "c1"], ply=2)
    saved = table_file.from_json(json.dumps(data))
    spec = find_game("connect4")
    assert saved.moves == (spec.parse_move("d1"), spec.parse_move("d2"))
    assert saved.undone == (spec.parse_move("c1"),)
    assert saved.tree is None
    assert saved.lines().main_line() == (*saved.moves, *saved.undone)


def test_a_game_given_up_is_saved_as_given_up_and_opens_finished() -> None:
    session = session_of("connect4", (38, 31))
    assert session.resign() == 0
    text = table_file.to_json(session)
    assert json.loads(text)["resigned"] == 0
    saved = table_file.from_json(text)
    assert saved.resigned == 0
    assert saved.finished  # it opens as a replay, not a game to play on
    session.set_moves(session.moves)  # the resignation taken back
    again = table_file.from_json(table_file.to_json(session))
    assert again.resigned is None
    assert not again.finished


def test_a_series_between_two_computer_players_keeps_its_number_of_games() -> None:
    spec = find_game("connect4")
    seats = (Seat.for_game(spec, "cop"), Seat.for_game(spec, "kitty"))
    session = TableSession(TableSetup(spec, GameMode.AI_VS_AI, seats, games=5), 3)
    assert table_file.from_json(table_file.to_json(session)).setup.games == 5
    # A file written before series were kept plays one game.
    data = json.loads(table_file.to_json(session))
    del data["players"]["games"]
    assert table_file.from_json(json.dumps(data)).setup.games == 1
    with pytest.raises(GameError, match="at least 1 game"):
        TableSetup(spec, GameMode.AI_VS_AI, seats, games=0)
