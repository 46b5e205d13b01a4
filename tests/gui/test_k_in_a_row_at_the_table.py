"""k in a row played by the table controller, the one that plays every other game: the
study's requests (Compare, Prove, Stop, Analyse Again, the search), the player's depth in
its thinking line, a proof said as news, and an external engine that loses by the rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tests.gui.conftest import InMemoryRecords
from tests.gui.test_session_glue import brain
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode

GAME_MS = 60_000


def at_table(game: str, mode: GameMode, x: Seat, o: Seat, **options: object) -> TableSetup:
    return TableSetup(find_game(game), mode, (x, o), **options)  # type: ignore[arg-type]


def analysed(qtbot: QtBot, window: MainWindow) -> None:
    table = window.controller
    qtbot.waitUntil(
        lambda: (
            table.session is not None
            and table.session.analysis_of(table.session.state) is not None
            and not table.engine.busy
        ),
        timeout=GAME_MS,
    )


def test_the_three_searches_are_compared_from_the_empty_board(
    qtbot: QtBot, window: MainWindow
) -> None:
    people = (Seat.human("Ann"), Seat.human("Bob"))
    table = window.start_table_game(at_table("tictactoe", GameMode.HUMAN_VS_HUMAN, *people))
    analysed(qtbot, window)
    assert table.answer is not None
    assert not table.answer.comparison
    window.analysis_dock.compare_requested.emit()
    qtbot.waitUntil(
        lambda: table.answer is not None and bool(table.answer.comparison), timeout=GAME_MS
    )
    assert table.answer is not None
    nodes = {name: analysis.nodes for name, analysis in table.answer.comparison}
    assert nodes == {"table": 410, "alphabeta": 4_372, "minimax": 549_946}
    assert table.session is not None
    assert table.session.moves == ()


def test_the_docks_search_is_the_one_the_analysis_uses(qtbot: QtBot, window: MainWindow) -> None:
    people = (Seat.human("Ann"), Seat.human("Bob"))
    table = window.start_table_game(at_table("tictactoe", GameMode.HUMAN_VS_HUMAN, *people))
    analysed(qtbot, window)
    assert table.answer is not None
    table_nodes = table.answer.analysis.nodes
    window.analysis_dock.algorithm_changed.emit("minimax")
    assert table.algorithm == "minimax"
    qtbot.waitUntil(
        lambda: table.answer is not None and table.answer.analysis.nodes != table_nodes,
        timeout=GAME_MS,
    )
    assert table.answer is not None
    # Plain minimax from the empty board searches every line: 549,946 positions.
    assert table.answer.analysis.nodes == 549_946


def test_stop_ends_the_analysis_and_analyse_again_starts_it_anew(
    qtbot: QtBot, window: MainWindow
) -> None:
    people = (Seat.human("Ann"), Seat.human("Bob"))
    table = window.start_table_game(at_table("gomoku", GameMode.HUMAN_VS_HUMAN, *people))
    table.set_time_limit(30.0)
    table.restart_analysis()
    assert table.engine.busy
    with qtbot.waitSignal(window.announcer.announced, timeout=1000) as said:
        window.analysis_dock.stop_requested.emit()
    assert said.args[0] == "Analysis stopped. Analyse Again to start it anew."
    assert not table.engine.busy
    table.set_time_limit(0.2)
    window.analysis_dock.restart_requested.emit()
    assert table.engine.busy
    analysed(qtbot, window)
    assert table.answer is not None
    assert table.answer.state == table.state


def test_prove_waits_while_a_computer_player_chooses(qtbot: QtBot, window: MainWindow) -> None:
    computers = (Seat.ai("cop"), Seat.ai("kitty"))
    setup = at_table("4x5k4", GameMode.AI_VS_AI, *computers, move_delay_ms=60_000)
    table = window.start_table_game(setup)
    assert table.session is not None
    assert table.session.ai_to_move()
    with qtbot.waitSignal(window.announcer.announced, timeout=1000) as said:
        assert not table.prove_result()
    assert said.args[0] == "Cop is choosing a move."


def test_a_small_board_estimated_in_its_time_is_proven_on_request(
    qtbot: QtBot, window: MainWindow
) -> None:
    people = (Seat.human("Ann"), Seat.human("Bob"))
    table = window.start_table_game(at_table("5x5k4", GameMode.HUMAN_VS_HUMAN, *people))
    table.set_time_limit(0.05)
    table.restart_analysis()
    analysed(qtbot, window)
    assert table.answer is not None
    assert table.answer.analysis.certainty.value != "proven"
    assert table.prove_result()
    assert window.analysis_dock.thinking_text() == "Proving the result (up to two minutes)…"
    qtbot.waitUntil(
        lambda: table.answer is not None and table.answer.analysis.certainty.value == "proven",
        timeout=120_000,
    )
    assert table.answer is not None
    # The empty 5×5 board, four in a row: a draw.
    assert table.answer.analysis.prediction == "draw"
    assert table.session is not None
    assert table.session.moves == ()


def test_the_player_choosing_says_how_deep_it_has_looked(qtbot: QtBot, window: MainWindow) -> None:
    setup = at_table("gomoku", GameMode.HUMAN_VS_AI, Seat.human("Ann"), Seat.ai("sera"))
    table = window.start_table_game(setup)
    table.cell_activated(7, 7)
    dock = window.analysis_dock
    assert dock.thinking_text().startswith("Sera is thinking… “")
    qtbot.waitUntil(lambda: "(depth " in dock.thinking_text(), timeout=GAME_MS)
    assert dock.thinking_text().endswith("…)")


@pytest.mark.parametrize("game", ["7x7k4"])
def test_an_external_engine_that_breaks_the_rules_loses_with_the_reason(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords, game: str
) -> None:
    setup = at_table(
        game,
        GameMode.AI_VS_AI,
        Seat.ai("kitty"),
        Seat.engine(brain("garbled-move")),
        move_delay_ms=0,
    )
    table = window.start_table_game(setup, seed=6)
    qtbot.waitUntil(lambda: table.session is not None and table.session.is_over, timeout=GAME_MS)
    session = table.session
    assert session is not None
    assert session.winner == 0  # Kitty (X) wins: the engine answered garbage
    assert session.forfeit_reason
    assert any(text.startswith("The engine loses: ") for text in window.announcer.spoken)
    assert records.games[-1].resigned == "O"


def test_lines_an_engine_garbles_are_said_and_the_game_goes_on(
    qtbot: QtBot, window: MainWindow
) -> None:
    setup = at_table(
        "7x7k4", GameMode.AI_VS_AI, Seat.engine(brain("noise")), Seat.ai("kitty"), move_delay_ms=0
    )
    table = window.start_table_game(setup, seed=6)
    qtbot.waitUntil(lambda: table.session is not None and table.session.is_over, timeout=GAME_MS)
    assert table.session is not None
    assert not table.session.forfeit_reason
    assert any("neither an answer nor a move" in text for text in window.announcer.spoken)


def test_a_hint_where_every_move_draws_outlines_no_cell(qtbot: QtBot, window: MainWindow) -> None:
    """On the empty 3×3 board every move keeps the draw: the hint says so and marks none."""
    people = (Seat.human("Ann"), Seat.human("Bob"))
    table = window.start_table_game(at_table("3x3k3", GameMode.HUMAN_VS_HUMAN, *people))
    analysed(qtbot, window)
    with qtbot.waitSignal(window.announcer.announced, timeout=1000) as said:
        table.hint()
    assert said.args[0] == "Hint: every move keeps the draw."
    assert window.board_view.hints == ()
    assert window.controller.state.spec.id == "tictactoe"


def test_moves_played_before_their_analysis_are_judged_before_the_game_is_recorded(
    qtbot: QtBot, window: MainWindow, records: InMemoryRecords
) -> None:
    """Two people click faster than the engine answers: the positions left unanalysed are
    analysed with the next request, and the game is recorded (and its banner shown) once
    every move has its verdict, as the records and the review read them."""
    people = (Seat.human("Ann"), Seat.human("Bob"))
    table = window.start_table_game(at_table("tictactoe", GameMode.HUMAN_VS_HUMAN, *people))
    # Eight clicks, the last completing O's row.
    for row, col in ((1, 1), (0, 0), (2, 2), (2, 0), (1, 0), (0, 2), (2, 1), (0, 1)):
        table.cell_activated(row, col)  # without waiting for any analysis
    session = table.session
    assert session is not None
    assert session.is_over
    qtbot.waitUntil(lambda: table.game_over_info is not None, timeout=GAME_MS)
    assert not session.unanalysed()
    game = records.games[-1]
    assert len(game.moves) == len(session.moves)
    assert all(move.verdict is not None for move in game.moves)


def test_after_an_undo_the_answer_is_the_analysis_known_of_the_position(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Undo back to a position analysed before: the dock and the controller's answer are
    its analysis at once, without a new search."""
    people = (Seat.human("Ann"), Seat.human("Bob"))
    table = window.start_table_game(at_table("tictactoe", GameMode.HUMAN_VS_HUMAN, *people))
    analysed(qtbot, window)
    first = table.answer
    assert first is not None
    table.cell_activated(1, 1)
    analysed(qtbot, window)
    table.undo()
    answer = table.answer
    assert answer is not None
    assert answer.state == table.state
    assert answer.analysis == first.analysis


def test_a_game_kept_by_an_older_version_waits_while_another_is_kept(
    qtbot: QtBot, settings: QSettings, tmp_path: Path
) -> None:
    """An older version kept Connect Four beside the game in progress: neither is lost.
    The newer file is played on; once it is over, the older one is played on next."""
    from tictactoe_gui.session import table_file

    kept = tmp_path / "game-in-progress.json"
    older = tmp_path / "table-game-in-progress.json"
    spec = find_game("connect4")
    connect_four = TableSession(
        TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob"))), 3
    )
    connect_four.set_moves((38, 31))
    table_file.save(older, connect_four, ())
    tictactoe = find_game("tictactoe")
    game = TableSession(
        TableSetup(tictactoe, GameMode.HUMAN_VS_HUMAN, (Seat.human("Cy"), Seat.human("Di"))), 4
    )
    game.set_moves((4,))
    table_file.save(kept, game, ())

    first = MainWindow(settings, InMemoryRecords(), game_in_progress=kept)
    qtbot.addWidget(first)
    assert first.controller.state.spec.id == "tictactoe"
    assert older.exists()  # waiting, not lost
    first.controller.resign()  # the game in progress is over: its file goes
    assert not kept.exists()
    first.close()

    second = MainWindow(settings, InMemoryRecords(), game_in_progress=kept)
    qtbot.addWidget(second)
    session = second.controller.session
    assert session is not None
    assert session.spec.id == "connect4"
    assert session.moves == (38, 31)
    assert not older.exists()
    second.close()
