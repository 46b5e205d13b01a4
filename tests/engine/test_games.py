"""The registry of games: each id `--game` takes finds its game, anything else a clear refusal."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
from dataclasses import replace
from typing import Any

import pytest

from tictactoe_gui.engine.games import (
    BUILT_IN_GAMES,
    Certainty,
    Game,
    GameError,
    GameSpec,
    Limit,
    Listing,
    Registry,
    Solving,
    UnknownGameError,
    ValueKind,
    find_game,
    listed_games,
    registered_games,
)
from tictactoe_gui.engine.rowcol import RowColAnalysis
from tictactoe_gui.engine.search import SearchCancelled
from tictactoe_gui.engine.variants import BUILT_IN, VariantError, get_variant


def test_the_built_in_games_are_registered_in_menu_order() -> None:
    assert [game.key for game in registered_games()] == ["mnk", "rowcol", "gravity"]
    assert [spec.id for spec in listed_games()] == [v.id for v in BUILT_IN] + ["connect4"]
    assert [game.grammar for game in registered_games()] == ["MxNkK", "rowcolN", "MxNkKg"]


@pytest.mark.parametrize("variant", BUILT_IN, ids=str)
def test_each_listed_id_finds_its_game_whatever_the_case(variant: object) -> None:
    spec = find_game(str(variant))
    assert spec.variant == variant
    assert find_game(f"  {str(variant).upper()} ") is spec


@pytest.mark.parametrize(
    ("text", "game_id", "size"),
    [
        ("Tic-Tac-Toe", "tictactoe", (3, 3)),
        ("3x3", "tictactoe", (3, 3)),
        ("3x3k3", "tictactoe", (3, 3)),
        ("20x20k4", "four", (20, 20)),
        ("3X4K3", "3x4k3", (3, 4)),
        ("7x5k4", "7x5k4", (7, 5)),
        ("rowcol", "rowcol4", (4, 4)),
        ("rowcol10", "rowcol10", (10, 10)),
    ],
)
def test_aliases_and_grammars_find_their_game(
    text: str, game_id: str, size: tuple[int, int]
) -> None:
    spec = find_game(text)
    assert (spec.id, (spec.rows, spec.cols)) == (game_id, size)
    assert spec.variant == get_variant(text)
    assert spec.move_space == spec.rows * spec.cols


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("chess", "unknown game 'chess'; choose one of tictactoe, four, gomoku"),
        ("", "MxNkK (k in a row: M rows by N columns, K in a row;"),
        ("rowcol12", "3×3 to 10×10 grids, got 12×12"),
        ("2x9k3", "3 to 20 rows and columns, got 2×9"),
        ("5x5k6", "from 3 to the longer side (5)"),
        ("x" * 10_000, "(10000 characters)"),
    ],
)
def test_text_that_names_no_game_is_refused_with_what_would(text: str, says: str) -> None:
    with pytest.raises(UnknownGameError, match=None) as refused:
        find_game(text)
    message = str(refused.value)
    assert says in message
    assert "\n" not in message
    assert len(message) < 450
    # Whoever caught the older errors still catches these.
    assert isinstance(refused.value, VariantError)
    assert isinstance(refused.value, ValueError)


def test_the_unknown_game_message_names_every_registered_grammar() -> None:
    with pytest.raises(UnknownGameError) as refused:
        find_game("go")
    for game in registered_games():
        assert game.grammar in str(refused.value)
        for spec in game.listed:
            assert spec.id in str(refused.value)


@pytest.mark.parametrize(
    ("game_id", "solving"),
    [
        ("tictactoe", Solving.EXACT),
        ("4x4k3", Solving.EXACT),
        ("4x4k4", Solving.EXACT),
        ("5x5k4", Solving.PROVEN_IN_TIME),
        ("6x6k4", Solving.PROVEN_IN_TIME),
        ("gomoku", Solving.ESTIMATED),
        ("four", Solving.ESTIMATED),
        ("rowcol4", Solving.EXACT),
        ("rowcol5", Solving.EXACT),
        ("rowcol6", Solving.ESTIMATED),
    ],
)
def test_each_size_says_what_the_engine_can_do_on_it(game_id: str, solving: Solving) -> None:
    spec = find_game(game_id)
    assert spec.solving is solving
    assert spec.solving_text


def test_the_two_games_value_moves_in_their_own_terms() -> None:
    assert find_game("tictactoe").value_kind is ValueKind.OUTCOME
    assert find_game("tictactoe").seats == ("X", "O")
    assert find_game("rowcol3").value_kind is ValueKind.MARGIN
    assert find_game("rowcol3").seats == ("A", "B")


def test_only_a_row_and_column_state_has_scores() -> None:
    rowcol = find_game("rowcol3").new_game(1)
    taken = rowcol.legal_moves()[0]
    value = rowcol.play(taken)
    assert value.scores is not None
    assert value.scores[0] == int(rowcol.position_text().split("/")[0].split(",")[taken])
    assert find_game("tictactoe").new_game().scores is None


def test_a_new_registry_finds_the_games_registered_in_it() -> None:
    tictactoe = find_game("tictactoe")

    def find(text: str) -> GameSpec | None:
        return tictactoe if text.strip().lower() == "noughts" else None

    toy = Game("toy", "Toy", "noughts", "only the word noughts", (tictactoe,), (), find)
    registry = Registry()
    assert registry.games() == ()
    registry.register(toy)
    assert registry.games() == (toy,)
    assert registry.find("Noughts") is tictactoe
    with pytest.raises(UnknownGameError, match=r"choose one of tictactoe, noughts \(Toy: only"):
        registry.find("tictactoe")
    with pytest.raises(GameError, match="registered already"):
        registry.register(toy)


def test_a_position_of_one_game_is_refused_by_another() -> None:
    tictactoe, four = find_game("tictactoe"), find_game("four")
    with pytest.raises(GameError, match="not a position of four"):
        four.analyse(tictactoe.new_game())
    with pytest.raises(GameError, match="not a position of rowcol3"):
        find_game("rowcol3").solve(find_game("rowcol4").new_game())


def test_row_and_column_position_text_keeps_the_last_take_the_mover_and_the_scores() -> None:
    spec = find_game("rowcol3")
    state = spec.from_position_text("3,-1,4/.,5,-9/2,6,5; last a2; B to move; A 0, B -1")
    assert state.to_move == 1
    assert state.scores == (0, -1)
    assert [spec.format_move(move) for move in state.legal_moves()] == ["a3", "b2", "c2", "a1"]
    assert state.position_text() == "3,-1,4/.,5,-9/2,6,5; last a2; B to move; A 0, B -1"
    assert spec.from_position_text("3,-1,4/0,5,-9/2,6,5").position_text() == "3,-1,4/0,5,-9/2,6,5"
    for text, says in [
        ("3,-1,4/.,5,-9/2,6,5", "no last take: add '; last'"),
        ("3,-1,4/.,5,-9/2,6,5; last b2", "must be a taken cell"),
        ("3,-1,4/.,5,-9/2,6,5; last a2; C to move", "'C to move' says nothing"),
        ("3,-1,4/.,5,-9/2,6,5; last z9", "is off the 3×3 board"),
        ("3,-1/5,-9", "a 3×3 board has 3 rows, got 2"),
    ]:
        with pytest.raises(GameError, match=None) as refused:
            spec.from_position_text(text)
        assert says in str(refused.value)


def test_games_registered_before_first_use_come_after_the_built_in_ones() -> None:
    tictactoe = find_game("tictactoe")
    first = Game("first", "First", "first", "", (tictactoe,), (), lambda text: None)
    later = Game("later", "Later", "later", "", (tictactoe,), (), lambda text: None)
    registry = Registry(lambda: registry.register(first))
    registry.register(later)
    assert [game.key for game in registry.games()] == ["first", "later"]


def test_importing_the_registry_loads_no_engine_until_a_game_is_looked_up() -> None:
    code = (
        "import sys\n"
        "from tictactoe_gui.engine.games import find_game, registered_games\n"
        "def loaded():\n"
        "    return sorted(m for m in sys.modules if m.startswith('tictactoe_gui.engine.'))\n"
        "before = loaded()\n"
        "find_game('four')\n"
        "games = ('row_and_column', 'connect_four', 'rowcol', 'gravity_state')\n"
        "after_four = [g for g in games if 'tictactoe_gui.engine.' + g in loaded()]\n"
        "find_game('rowcol5')\n"
        "after_rowcol = [g for g in games if 'tictactoe_gui.engine.' + g in loaded()]\n"
        "registered_games()\n"
        "everything = [g for g in games if 'tictactoe_gui.engine.' + g in loaded()]\n"
        "print(before, after_four, after_rowcol, everything)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    # The registry, the interface it names (with its values, the one Limit and the words
    # every game's analysis is said in) and the variants: no game's engine. A k-in-a-row
    # game loads no other game; Row & Column loads its own, not Connect Four's.
    assert out.strip() == (
        "['tictactoe_gui.engine.analysis_words', "
        "'tictactoe_gui.engine.game_interface', 'tictactoe_gui.engine.game_values', "
        "'tictactoe_gui.engine.games', "
        "'tictactoe_gui.engine.limits', 'tictactoe_gui.engine.variants'] [] "
        "['row_and_column', 'rowcol'] "
        "['row_and_column', 'connect_four', 'rowcol', 'gravity_state']"
    )


def test_a_game_is_found_by_its_key_loading_no_other() -> None:
    registry = Registry(built_in=BUILT_IN_GAMES)
    rowcol = registry.game("rowcol")
    assert rowcol is not None
    assert rowcol.name == "Row & Column"
    assert registry.game("nonesuch") is None
    assert [game.key for game in registry.games()] == ["mnk", "rowcol", "gravity"]


def test_threads_looking_up_games_at_once_all_see_every_game() -> None:
    tictactoe = find_game("tictactoe")
    games = [Game(key, key, key, "", (tictactoe,), (), lambda text: None) for key in ("one", "two")]
    halfway, go_on = threading.Event(), threading.Event()

    def load() -> None:
        registry.register(games[0])
        halfway.set()
        go_on.wait(timeout=10)  # a slow import: other threads must wait for all of it
        registry.register(games[1])

    registry = Registry(load)
    seen: list[tuple[str, ...]] = []

    def look() -> None:
        seen.append(tuple(game.key for game in registry.games()))

    first = threading.Thread(target=look)
    first.start()
    assert halfway.wait(timeout=10)
    others = [threading.Thread(target=look) for _ in range(3)]
    for thread in others:
        thread.start()
    go_on.set()
    for thread in (first, *others):
        thread.join()
    assert seen == [("one", "two")] * 4


@pytest.mark.parametrize("game_id", ["4x4k4", "rowcol5"])
def test_an_analysis_stops_when_cancelled(game_id: str) -> None:
    spec = find_game(game_id)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchCancelled):
        spec.analyse(spec.new_game(), cancel=cancel)


def test_row_and_column_searches_to_the_depth_and_within_the_nodes_its_limit_gives() -> None:
    spec = find_game("rowcol6")
    start = spec.new_game(3)
    shallow = spec.analyse(start, limit=Limit(depth=2))
    assert shallow.certainty is Certainty.ESTIMATED
    assert isinstance(shallow.source, RowColAnalysis)
    assert shallow.source.depth == 2
    budgeted = spec.analyse(start, limit=Limit(nodes=5_000))
    # The search checks its budget between passes of a few thousand nodes at most.
    assert budgeted.nodes < 5_000 + 2_048 + 36
    assert budgeted.nodes < spec.analyse(start).nodes


def test_listing_the_games_loads_no_game_not_loaded_yet_and_says_what_each_loaded_says() -> None:
    code = (
        "import sys\n"
        "from tictactoe_gui.engine.games import Listing, game_listings, registered_games\n"
        "listed = game_listings()\n"
        "engines = ('row_and_column', 'connect_four', 'rowcol', 'gravity_state')\n"
        "print([g for g in engines if 'tictactoe_gui.engine.' + g in sys.modules])\n"
        "print(listed == tuple(Listing.of(game) for game in registered_games()))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.split("\n")[:2] == ["[]", "True"]


def test_a_game_registered_later_is_listed_as_it_says() -> None:
    game = registered_games()[0]
    later = replace(game, key="later", name="Later")
    registry = Registry()
    registry.register(later)
    (listing,) = registry.listings()
    assert listing == Listing.of(later)
    assert (listing.key, listing.name) == ("later", "Later")
    assert listing.sizes == tuple((spec.id, spec.name) for spec in game.listed)


def test_a_players_move_alone_costs_no_analysis_a_decision_brings_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Kitty searches nothing: choose_move asks for no analysis, while decide brings the
    exact one of a position solved at once, for the coach's verdict and the record."""
    from tictactoe_gui.engine import k_in_a_row

    analysed: list[object] = []
    real = k_in_a_row.analyse

    def counting(*args: Any, **kwargs: Any) -> Any:
        analysed.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(k_in_a_row, "analyse", counting)
    spec = find_game("4x4k4")
    state = spec.new_game()
    spec.choose_move(state, "kitty", random.Random(1))
    assert analysed == []
    choice = spec.decide(state, "kitty", random.Random(1))
    assert len(analysed) == 1
    assert choice.analysis is not None
    assert choice.analysis.certainty is Certainty.PROVEN
