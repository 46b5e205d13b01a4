"""The lines of a game, kept at the table: a move that differs from the line's next one is
kept beside it, in k in a row and in every other game of the registry alike, and the record
keeps them all, the line that ended the game its main line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.move_tree import ROOT
from tictactoe_gui.records_bridge import open_to_record, recorded_tree
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode

B2, A1, C3, A3 = (find_game("tictactoe").parse_move(name) for name in ("b2", "a1", "c3", "a3"))


def _people(game_id: str) -> TableSession:
    seats = (Seat.human("A"), Seat.human("B"))
    return TableSession(TableSetup(find_game(game_id), GameMode.HUMAN_VS_HUMAN, seats), 7)


def _k_in_a_row() -> TableSession:
    return _people("tictactoe")


def _connect_four() -> TableSession:
    return _people("connect4")


def test_a_different_move_becomes_a_variation_and_the_old_line_stays() -> None:
    session = _k_in_a_row()
    session.set_moves((B2, A1, C3))
    end = session.line_node
    assert session.moves_to(end) == (B2, A1, C3)
    session.set_moves((B2, A1))
    assert session.line_after(session.line_node) == (C3,)
    session.play(A3)
    variation = session.line_node
    tree = session.lines()
    assert not tree.is_main_line(variation)
    assert session.line_after(ROOT) == (B2, A1, C3)  # the main line is the first one played
    assert len(tree) == 5
    assert tree.moves_to(variation) == (B2, A1, A3)
    # The tree keeps the game interface's integers: the cells of the board the window draws.
    board = session.start.marks_board()
    assert board is not None
    assert [board.cell_name(board.move_at(move)) for move in (B2, A1, A3)] == ["b2", "a1", "a3"]


def test_a_table_game_keeps_its_variations_as_k_in_a_row_does() -> None:
    session = _connect_four()
    d, c, e = (session.spec.parse_move(text) for text in ("d1", "c1", "e1"))
    session.play(d)
    session.play(c)
    session.set_moves((d,))  # taken back
    session.play(e)
    tree = session.lines()
    assert tree.main_line() == (d, c)
    assert session.moves_to(session.line_node) == (d, e)
    assert not tree.is_main_line(session.line_node)
    assert len(tree) == 4
    session.set_moves(())
    assert session.line_node == ROOT
    assert session.lines() == tree  # going back keeps every line


@pytest.mark.parametrize("make", [_k_in_a_row, _connect_four])
def test_lines_given_to_a_session_are_followed_where_they_already_are(
    make: Callable[[], TableSession],
) -> None:
    played = make()
    for _ in range(3):
        played.play(played.state.legal_moves()[0])
    given = played.lines()
    line = played.moves_to(played.line_node)
    session = make()
    session.set_lines(given)
    assert session.moves_to(played.line_node) == line
    assert session.lines() == given
    session.set_moves(played.moves[:1])
    assert session.lines() == given  # nothing new: the tree is followed where it is
    assert session.line_after(session.line_node) == line[1:]


def test_the_record_keeps_every_line_the_one_that_ended_the_game_its_main_line(
    tmp_path: Path,
) -> None:
    # A line played, taken back to its second move, and the game finished along another:
    # a variation of the tree until the record makes it the main line, the first beside it.
    session = _k_in_a_row()
    spec = session.spec
    first = tuple(spec.parse_move(name) for name in ("a3", "a2", "c1", "b2", "b3", "a1"))
    won = tuple(spec.parse_move(name) for name in ("a3", "a2", "b3", "b2", "c3"))
    session.set_moves(first)
    session.set_moves(first[:2])
    for move in won[2:]:
        session.play(move)
    assert session.is_over
    assert not session.lines().is_main_line(session.line_node)
    record = session.finished_game()
    assert [entry.cell for entry in record.moves] == list(won)
    repository, _ = open_to_record(tmp_path / "records.sqlite3")
    with repository:
        read = recorded_tree(repository.game(repository.save_game(record)))
    assert read is not None
    assert read.main_line() == won
    leaves = {read.moves_to(node) for node in range(1, len(read)) if not read.children(node)}
    assert leaves == {won, first}
