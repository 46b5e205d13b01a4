"""One tally and one seed rule for every series: the window's and ``match``'s."""

from __future__ import annotations

import itertools

from tictactoe_gui import session as session_package
from tictactoe_gui.cli import match as match_command
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.session.match import play_series
from tictactoe_gui.session.series import Tally, game_seed, series_seeds


def test_the_window_and_the_command_line_count_a_series_with_one_tally() -> None:
    assert session_package.Tally is match_command.Tally is Tally
    assert session_package.series_seeds is match_command.series_seeds is series_seeds


def test_a_tally_counts_by_seat_with_the_points_where_the_game_keeps_them() -> None:
    tally = Tally()
    tally.count(0)
    tally.count(None)
    assert (tally.wins, tally.level, tally.games, tally.scored) == ([1, 0], 1, 2, False)
    copy = tally.copy()
    tally.count(1, (3, 9))
    assert copy.wins == [1, 0]  # a copy counts on alone (a resumed series')
    assert copy.games == 2
    assert (tally.wins, tally.points, tally.scored, tally.games) == ([1, 1], [3, 9], True, 3)
    assert tally.average(1) == 3.0


def test_each_game_of_a_series_has_the_seed_the_series_draws_for_it() -> None:
    drawn = list(itertools.islice(series_seeds(42), 6))
    assert [game_seed(42, number) for number in range(6)] == drawn
    assert len(set(drawn)) == 6
    assert all(0 <= seed < 1 << 32 for seed in drawn)


def test_a_series_at_the_command_line_counts_every_game_once() -> None:
    spec = find_game("rowcol")
    tally = play_series(spec, "greedy", "random", 4, seed=3)
    assert tally.games == 4
    assert tally.scored
