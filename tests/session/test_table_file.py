"""Every game saved to a file and read back (session/table_file.py), every field checked
against the rules; and the files earlier versions wrote, kept here as they are on disk,
opening as they did."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tictactoe_gui.engine import Board
from tictactoe_gui.engine.games import GameError, GameSpec, find_game, registered_games
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.session import table_file
from tictactoe_gui.session.series import Tally
from tictactoe_gui.session.setup import GameSetup
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode


def _unique(specs: list[GameSpec]) -> list[GameSpec]:
    return list({spec.id: spec for spec in specs}.values())


#: Every game of the registry, at its listed sizes and its smallest.
EVERY_GAME = _unique(
    [spec for game in registered_games() for spec in (*game.listed, *game.smallest)]
)


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
    assert saved.playable


def test_a_k_in_a_row_file_is_not_a_table_game() -> None:
    assert table_file.table_game_of('{"app": "tictactoe-gui", "game": "four"}') is None
    assert table_file.table_game_of("not json") is None


def _plays(spec: GameSpec, seed: int) -> tuple[TableSession, tuple[int, ...], tuple[int, ...]]:
    """Two computer players of a series of 5 in ``spec``: three moves played, the third
    taken back and another played instead (a variation), then the last move taken back."""
    seats = (
        Seat.for_game(spec, spec.default_players[0]),
        Seat.for_game(spec, spec.default_players[1]),
    )
    setup = TableSetup(spec, GameMode.AI_VS_AI, seats, seed=11, move_delay_ms=250, games=5)
    session = TableSession(setup, seed)
    state = session.start
    line: list[int] = []
    for _ in range(3):
        move = state.legal_moves()[0]
        line.append(move)
        state = state.play(move)
    session.set_moves(tuple(line))
    before = session.start.play_all(line[:2])
    other = before.legal_moves()[-1]
    assert other != line[2]
    session.set_moves((*line[:2], other))
    session.set_moves(tuple(line[:2]))
    return session, tuple(line[:2]), (other,)


@pytest.mark.parametrize("spec", EVERY_GAME, ids=lambda spec: spec.id)
def test_every_game_round_trips_with_its_variations_hints_and_series(spec: GameSpec) -> None:
    session, moves, undone = _plays(spec, 99)
    session.hints = {0: 2, 1: 1}
    scored = session.start.scores is not None
    tally = Tally([1, 2], 1, [31, -4] if scored else [0, 0], scored)
    text = table_file.game_json(table_file.saved_game(session, undone, tally=tally))
    assert json.loads(text)["format"] == 4
    read = table_file.from_json(text)
    assert (read.moves, read.undone) == (moves, undone)
    assert read.tree is not None  # the line taken back is kept beside the main line
    assert read.lines() == session.lines()
    assert read.start.position_text() == session.start.position_text()
    assert read.seed == 99
    assert read.hints == (2, 1)
    assert read.started_at() == session.started_at
    assert read.tally == tally
    setup = read.setup
    assert (setup.mode, setup.seats) == (GameMode.AI_VS_AI, session.setup.seats)
    assert (setup.games, setup.seed, setup.move_delay_ms) == (5, 11, 250)
    assert read.playable
    assert table_file.game_json(read) == text  # written again, the same file


@pytest.mark.parametrize(
    "spec", [spec for spec in EVERY_GAME if spec.can_resign], ids=lambda s: s.id
)
def test_every_game_given_up_round_trips_finished(spec: GameSpec) -> None:
    session, moves, _undone = _plays(spec, 5)
    seat = session.resign()
    read = table_file.from_json(table_file.to_json(session))
    assert read.resigned == seat
    assert read.moves == moves
    assert read.result == session.result_words()
    assert read.finished
    assert not read.playable


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["tree"][2].update(move="d1"), r"move 2 \(d1\): d1 is taken"),
        (lambda d: d["tree"][2].update(move=7), r"move 2 \(7\): not a move"),
        (lambda d: d["tree"][1].update(children=[1]), "node 1 of the tree"),
        (lambda d: d["tree"][0].update(children=[]), "node 1 of the tree follows no move"),
        (lambda d: d.update(tree={}), "no tree of moves"),
        (lambda d: d.update(line=9), "line should be"),
        (lambda d: d.update(ply=7), "ply 7"),
        (lambda d: d.update(game="nosuch"), "unknown game"),
        (lambda d: d.update(format=9), "format 9"),
        (lambda d: d["players"].update(seats=[]), "two seats"),
        (lambda d: d["players"]["seats"][1].update(name="hal"), "the player of O is wrong: .*hal"),
        (lambda d: d["players"].update(mode="chess"), "unknown mode 'chess'"),
        (lambda d: d["players"].update(mode="ai-vs-ai"), "do not fit the mode ai-vs-ai"),
        (lambda d: d.update(seed="x"), "the seed should be a whole number"),
        (lambda d: d.update(hints=[1]), "hints should be two counts, X's and O's"),
        (lambda d: d.update(resigned=1), "O resigned, but it was X's turn"),
        (lambda d: d.update(resigned="X"), "resigned 'X' is no seat"),
        (lambda d: d.update(players=None, names=[""]), "names should be"),
    ],
)
def test_a_damaged_file_says_what_is_wrong_in_one_line(change: object, message: str) -> None:
    data = json.loads(table_file.to_json(session_of("connect4", (38, 31))))
    change(data)  # type: ignore[operator]
    with pytest.raises(table_file.TableFileError, match=message) as raised:
        table_file.from_json(json.dumps(data), "c4.json")
    assert "\n" not in str(raised.value)
    assert str(raised.value).startswith("c4.json")


def _series_file(series: dict[str, object]) -> str:
    spec = find_game("connect4")
    seats = (Seat.for_game(spec, "cop"), Seat.for_game(spec, "kitty"))
    session = TableSession(TableSetup(spec, GameMode.AI_VS_AI, seats, games=3), 3)
    data = json.loads(table_file.to_json(session))
    data["series"].update(series)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("series", "message"),
    [
        ({"games": 0}, "the series' games should be a number from 1 to 1000"),
        ({"draws": "2"}, "the series' draws should be a number from 0 to 3"),
        ({"move_delay_ms": -1}, "the series' move_delay_ms should be a number"),
        ({"seed": -1}, "the series' seed should be a whole number"),
        ({"wins": [9, 0]}, "the series' wins should be two numbers from 0 to 3, X's and O's"),
        ({"wins": [1, 1], "draws": 1}, "the series has no game left to play"),
    ],
)
def test_a_series_that_cannot_go_on_names_its_field(
    series: dict[str, object], message: str
) -> None:
    with pytest.raises(table_file.TableFileError, match=message) as raised:
        table_file.from_json(_series_file(series))
    assert "\n" not in str(raised.value)


def test_a_series_between_two_computer_players_keeps_its_number_of_games() -> None:
    spec = find_game("connect4")
    seats = (Seat.for_game(spec, "cop"), Seat.for_game(spec, "kitty"))
    session = TableSession(TableSetup(spec, GameMode.AI_VS_AI, seats, games=5), 3)
    assert table_file.from_json(table_file.to_json(session)).setup.games == 5
    with pytest.raises(GameError, match="at least 1 game"):
        TableSetup(spec, GameMode.AI_VS_AI, seats, games=0)


def _connect_four_with_a_variation() -> tuple[TableSession, tuple[int, ...]]:
    """d1 d2 c1 played, c1 taken back and e1 played instead: e1 is a variation."""
    session = session_of("connect4", ())
    d1, d2, c1, e1 = (session.spec.parse_move(m) for m in ("d1", "d2", "c1", "e1"))
    session.set_moves((d1, d2, c1))
    session.set_moves((d1, d2))
    session.play(e1)
    return session, (d1, d2, c1, e1)


def test_a_saved_game_keeps_every_line_in_its_tree() -> None:
    session, (d1, d2, c1, e1) = _connect_four_with_a_variation()
    data = json.loads(table_file.to_json(session))
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


def test_a_replay_is_saved_with_its_names_and_opens_as_a_replay() -> None:
    session = session_of("connect4", (38, 31))
    game = table_file.saved_game(session)
    spec = session.spec
    names = TableSetup(
        spec,
        GameMode.HUMAN_VS_HUMAN,
        (Seat.human("Ann"), Seat.human("Bob")),
        start=session.start,
    )
    replay = replace(game, setup=names, players_known=False)
    data = json.loads(table_file.game_json(replay))
    assert "players" not in data
    assert data["names"] == ["Ann", "Bob"]
    read = table_file.from_json(json.dumps(data))
    assert read.names == ("Ann", "Bob")
    assert read.moves == (38, 31)
    assert not read.playable


# -- the files of earlier versions, as they are on disk ---------------------------------

#: Connect Four as the table saved it in format 3 (its board on the variation e1).
TABLE_FORMAT_3 = """{
 "app": "tictactoe-gui", "format": 3, "game": "connect4", "start": "7/7/7/7/7/7",
 "tree": [{"children": [1]}, {"move": "d1", "children": [2]},
          {"move": "d2", "children": [3, 4]}, {"move": "c1", "children": []},
          {"move": "e1", "children": []}],
 "ply": 3, "line": 4,
 "players": {"mode": "ai-vs-ai",
             "seats": [{"kind": "ai", "name": "cop"}, {"kind": "ai", "name": "kitty"}],
             "record": true, "from_position": false, "games": 4},
 "seed": 3, "result": null, "resigned": null
}"""

#: Connect Four as the table saved it in format 2: one line, the last move taken back.
TABLE_FORMAT_2 = """{
 "app": "tictactoe-gui", "format": 2, "game": "connect4", "start": "7/7/7/7/7/7",
 "moves": ["d1", "d2", "c1"], "ply": 2,
 "players": {"mode": "human-vs-ai",
             "seats": [{"kind": "human", "name": "Ann"}, {"kind": "ai", "name": "kitty"}],
             "record": true, "from_position": false},
 "seed": 8, "result": null
}"""

#: Tic-tac-toe as k in a row saved it in format 2: b2 a1 played, a3 to redo, c3 a
#: variation; a hint asked for by X.
K_IN_A_ROW_FORMAT_2 = """{
 "app": "tictactoe-gui", "format": 2, "game": "tictactoe", "start": ".........",
 "tree": [{"children": [1]}, {"move": "b2", "children": [2]},
          {"move": "a1", "children": [3, 4]}, {"move": "a3", "children": []},
          {"move": "c3", "children": []}],
 "ply": 2, "x": "Alice", "o": "Cop", "result": null,
 "players": {"mode": "human-vs-ai", "x": {"kind": "human", "name": "Alice"},
             "o": {"kind": "ai", "name": "cop"}, "record": true},
 "seed": 12345, "hints": [1, 0], "started": "2026-05-01T10:00:00+00:00"
}"""

#: Four in a Row between two personas, in a series of 10 (2 won by X, 1 by O, 3 drawn).
K_IN_A_ROW_SERIES = """{
 "app": "tictactoe-gui", "format": 2, "game": "four",
 "start": "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20",
 "tree": [{"children": [1]}, {"move": "j11", "children": [2]},
          {"move": "k11", "children": []}],
 "ply": 2, "x": "Kitty", "o": "Sera", "result": null,
 "players": {"mode": "ai-vs-ai", "x": {"kind": "ai", "name": "kitty"},
             "o": {"kind": "ai", "name": "sera"}, "record": true},
 "seed": 7, "hints": [0, 0], "started": null,
 "series": {"games": 10, "seed": 11, "move_delay_ms": 250,
            "x_wins": 2, "o_wins": 1, "draws": 3}
}"""

#: A game of k in a row resigned, saved in format 2: its result says so, and it replays.
K_IN_A_ROW_RESIGNED = """{
 "app": "tictactoe-gui", "format": 2, "game": "tictactoe", "start": ".........",
 "tree": [{"children": [1]}, {"move": "b2", "children": []}],
 "ply": 1, "x": "Alice", "o": "Bob", "result": "Alice (X) wins: Bob resigned",
 "players": {"mode": "human-vs-human", "x": {"kind": "human", "name": "Alice"},
             "o": {"kind": "human", "name": "Bob"}, "record": true},
 "seed": null, "hints": [0, 0], "started": null
}"""

#: k in a row's first format: the moves and the names only.
K_IN_A_ROW_FORMAT_1 = """{
 "app": "tictactoe-gui", "format": 1, "game": "four",
 "start": "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20",
 "moves": ["j11", "k11", "j10"], "x": "Alice", "o": "Bob", "result": null
}"""


def _moves(game: str, *names: str) -> tuple[int, ...]:
    spec = find_game(game)
    return tuple(spec.parse_move(name) for name in names)


def test_a_table_game_of_format_3_opens_as_before() -> None:
    saved = table_file.from_json(TABLE_FORMAT_3)
    assert saved.moves == _moves("connect4", "d1", "d2", "e1")
    assert saved.undone == ()
    assert saved.lines().main_line() == _moves("connect4", "d1", "d2", "c1")
    assert (saved.setup.mode, saved.setup.games, saved.seed) == (GameMode.AI_VS_AI, 4, 3)
    assert saved.playable


def test_a_table_game_of_format_2_opens_as_one_line() -> None:
    saved = table_file.from_json(TABLE_FORMAT_2)
    assert saved.moves == _moves("connect4", "d1", "d2")
    assert saved.undone == _moves("connect4", "c1")
    assert saved.tree is None
    assert saved.setup.seats == (Seat.human("Ann"), Seat.for_game(find_game("connect4"), "kitty"))
    assert saved.seed == 8


def test_a_k_in_a_row_game_of_format_2_opens_with_its_players_hints_and_lines() -> None:
    saved = table_file.from_json(K_IN_A_ROW_FORMAT_2)
    b2, a1, a3, c3 = _moves("tictactoe", "b2", "a1", "a3", "c3")
    assert (saved.moves, saved.undone) == ((b2, a1), (a3,))
    assert saved.lines().main_line() == (b2, a1, a3)
    assert saved.lines().node_of((b2, a1, c3)) is not None  # the variation is kept
    setup = saved.setup
    assert setup.spec.id == "tictactoe"
    assert (setup.mode, setup.seats) == (
        GameMode.HUMAN_VS_AI,
        (Seat.human("Alice"), Seat.ai("cop")),
    )
    assert (setup.record, setup.from_position, setup.games) == (True, False, 1)
    assert setup.move_delay_ms == 700  # k in a row's pace
    assert (saved.seed, saved.hints) == (12345, (1, 0))
    assert saved.started_at() == datetime(2026, 5, 1, 10, tzinfo=UTC)
    assert saved.tally is None
    assert saved.playable


def test_a_k_in_a_row_series_of_format_2_goes_on_with_its_score() -> None:
    saved = table_file.from_json(K_IN_A_ROW_SERIES)
    setup = saved.setup
    assert (setup.games, setup.seed, setup.move_delay_ms) == (10, 11, 250)
    assert saved.tally == Tally([2, 1], 3)
    assert saved.seed == 7
    assert saved.moves == _moves("four", "j11", "k11")


def test_a_k_in_a_row_game_resigned_in_format_2_opens_finished() -> None:
    saved = table_file.from_json(K_IN_A_ROW_RESIGNED)
    assert saved.result == "Alice (X) wins: Bob resigned"
    assert saved.finished
    assert not saved.playable


def test_a_k_in_a_row_game_of_format_1_opens_as_a_replay_of_its_names() -> None:
    saved = table_file.from_json(K_IN_A_ROW_FORMAT_1)
    assert saved.moves == _moves("four", "j11", "k11", "j10")
    assert saved.names == ("Alice", "Bob")
    assert not saved.players_known
    assert not saved.playable


@pytest.mark.parametrize(
    "text", [TABLE_FORMAT_3, TABLE_FORMAT_2, K_IN_A_ROW_FORMAT_2, K_IN_A_ROW_SERIES]
)
def test_an_older_file_saved_again_is_format_4_and_the_same_game(text: str) -> None:
    old = table_file.from_json(text)
    new = table_file.from_json(table_file.game_json(old))
    assert json.loads(table_file.game_json(old))["format"] == 4
    assert (new.moves, new.undone, new.lines()) == (old.moves, old.undone, old.lines())
    assert (new.seed, new.hints, new.started) == (old.seed, old.hints, old.started)
    if old.setup.mode is GameMode.AI_VS_AI:
        assert new.setup == old.setup
        assert new.tally == (old.tally or Tally())  # a series' score, none yet
    else:
        # The pause between two computer players' moves is a series', kept with it.
        assert new.setup == replace(old.setup, move_delay_ms=new.setup.move_delay_ms)
        assert new.tally is None


@pytest.mark.parametrize(
    ("tree", "reason"),
    [
        ([], "no tree of moves"),
        ([{"children": [0]}], "node 0 of the tree should list the later nodes"),
        ([{"children": [1]}, {"move": "b2", "children": [1]}], "node 1 of the tree should"),
        ([{"children": [1, 1]}, {"move": "b2"}], "node 1 of the tree follows two moves"),
        ([{"children": []}, {"move": "b2"}], "node 1 of the tree follows no move"),
        (
            [{"children": [1, 2]}, {"move": "b2"}, {"move": "b2", "children": [3]}, {"move": "b2"}],
            "move 2 (b2): cell b2 is already taken by X",
        ),
        ([{"children": [1]}, {"move": 7}], "move 1 (7): not a move"),
    ],
)
@pytest.mark.parametrize("version", [2, 4])
def test_a_tree_that_holds_no_game_is_one_line(
    tree: list[object], reason: str, version: int
) -> None:
    header = {"app": "tictactoe-gui", "format": version, "game": "tictactoe", "start": "........."}
    with pytest.raises(table_file.TableFileError) as caught:
        table_file.from_json(json.dumps({**header, "tree": tree}))
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        ({"mode": "chess"}, "unknown mode 'chess'"),
        (
            {
                "mode": "human-vs-ai",
                "x": {"kind": "human", "name": "A"},
                "o": {"kind": "ai", "name": "x"},
            },
            "the player of O is wrong",
        ),
        (
            {
                "mode": "human-vs-ai",
                "x": {"kind": "human", "name": ""},
                "o": {"kind": "ai", "name": "cop"},
            },
            "the player of X is wrong",
        ),
        (
            {
                "mode": "ai-vs-ai",
                "x": {"kind": "human", "name": "A"},
                "o": {"kind": "ai", "name": "cop"},
            },
            "do not fit the mode",
        ),
    ],
)
def test_k_in_a_row_players_that_cannot_play_are_one_line(
    players: dict[str, object], reason: str
) -> None:
    data = {**json.loads(K_IN_A_ROW_FORMAT_2), "players": players}
    with pytest.raises(table_file.TableFileError) as caught:
        table_file.from_json(json.dumps(data))
    assert reason in str(caught.value)


@pytest.mark.parametrize(
    ("series", "reason"),
    [
        ([3], "the series should say its games"),
        ({"games": 0}, "the series' games should be a number from 1 to 1000"),
        ({"games": 3, "draws": "2"}, "the series' draws should be a number from 0 to 3"),
        ({"games": 3, "move_delay_ms": -1}, "the series' move_delay_ms should be a number"),
        ({"games": 3, "seed": -1}, "the series' seed should be a whole number"),
        ({"games": 2, "x_wins": 1, "o_wins": 1}, "the series has no game left to play"),
    ],
)
def test_a_k_in_a_row_series_that_cannot_go_on_is_one_line(series: object, reason: str) -> None:
    data = {**json.loads(K_IN_A_ROW_SERIES), "series": series}
    with pytest.raises(table_file.TableFileError) as caught:
        table_file.from_json(json.dumps(data))
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"\xff\xfe not text", "not UTF-8 text"),
        (b"{not json", "not JSON"),
        (b'{"app": "something else"}', "is not a game saved by tictactoe-gui"),
        (
            b'{"app": "tictactoe-gui", "format": 1, "game": "nonsense", "start": "", "moves": []}',
            "unknown game 'nonsense'",
        ),
        (
            b'{"app": "tictactoe-gui", "format": 1, "game": "tictactoe", "start": ".........",'
            b' "moves": ["b2", "b2"]}',
            "move 2 (b2): cell b2 is already taken by X",
        ),
        (b'{"app": "tictactoe-gui", "format": 9}', "this version reads format 1 to 4"),
    ],
)
def test_a_file_that_holds_no_game_is_one_line(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(table_file.TableFileError) as caught:
        table_file.load(path)
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)


#: x, y from 1 (column from the left, row from the top): h8 is the centre of 15×15.
PSQ = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,120\n9,8,0\n-1\npbrain-a\npbrain-b\n-1\n"


def test_a_psq_file_opens_as_a_replay_and_is_written_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "gomocup.psq"
    path.write_text(PSQ)
    saved = table_file.load(path)
    assert saved.spec.id == "gomoku"
    assert saved.moves == _moves("gomoku", "h8", "i7", "i8")
    assert saved.names == ("pbrain-a", "pbrain-b")
    assert not saved.playable
    again = tmp_path / "again.psq"
    table_file.save_psq(again, saved)
    assert table_file.load(again).moves == saved.moves


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", "bad.psq, line 3: cell h8 is already taken"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n0,0,0\n", "bad.psq, line 3: 0,0 is off the board"),
        ("4453\n", "holds a game of column digits"),
        # Named .psq, it is said not to be a Piskvork game, not "not JSON".
        ("garbage\nnot a game\n", "bad.psq, line 1: not a Piskvork game"),
    ],
)
def test_a_bad_psq_file_is_one_line(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "bad.psq"
    path.write_text(text)
    with pytest.raises(table_file.TableFileError) as caught:
        table_file.load(path)
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            K_IN_A_ROW_FORMAT_2,
            GameSetup(GameMode.HUMAN_VS_AI, Seat.human("Alice"), Seat.ai("cop"), Board.empty()),
        ),
        (
            K_IN_A_ROW_SERIES,
            GameSetup(
                GameMode.AI_VS_AI,
                Seat.ai("kitty"),
                Seat.ai("sera"),
                Board.empty(get_variant("four")),
                games=10,
                move_delay_ms=250,
                seed=11,
            ),
        ),
    ],
)
def test_a_k_in_a_row_file_sets_up_the_game_it_did(text: str, expected: GameSetup) -> None:
    """The window's k in a row is set up from a file as the older reader set it up."""
    setup = table_file.from_json(text).setup
    assert GameSetup.from_table_setup(setup) == expected
    assert GameSetup.from_table_setup(expected.table_setup()) == expected


def test_a_finished_game_keeps_the_score_that_counts_it() -> None:
    """The last game of a series, saved once over, has a score of every game, itself too."""
    spec = find_game("connect4")
    seats = (Seat.for_game(spec, "cop"), Seat.for_game(spec, "kitty"))
    session = TableSession(TableSetup(spec, GameMode.AI_VS_AI, seats, games=2), 3)
    session.set_moves((38, 31))
    session.resign()
    text = table_file.to_json(session, tally=Tally([1, 1]))
    assert table_file.from_json(text).tally == Tally([1, 1])
    session.set_moves(session.moves)  # not over: then the series has no game left
    with pytest.raises(table_file.TableFileError, match="no game left to play"):
        table_file.from_json(table_file.to_json(session, tally=Tally([1, 1])))
    with pytest.raises(table_file.TableFileError, match="counts more than its 2 games"):
        table_file.from_json(table_file.to_json(session, tally=Tally([2, 1])))
