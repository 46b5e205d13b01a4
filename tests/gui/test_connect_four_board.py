"""Connect Four on the board widget: discs drop in the column clicked or keyed, fall with an
animation (none with reduced motion), show where they would land, and are read aloud."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine import Board, Mark, Move, MoveOutcome
from tictactoe_gui.engine.connect_four import gravity_spec
from tictactoe_gui.engine.games import (
    Certainty,
    GameAnalysis,
    GameState,
    MoveValue,
    find_game,
)
from tictactoe_gui.engine.gravity_state import GravityState
from tictactoe_gui.gui.board_reading import (
    drop_words,
    landing_cell,
    read_drop_column,
    read_threats,
)
from tictactoe_gui.gui.board_view import BoardStyle, BoardView
from tictactoe_gui.gui.painters.colours import mark_colour, outcome_colour
from tictactoe_gui.gui.painters.heat import HeatCell, heat_of
from tictactoe_gui.gui.theme import dark_palette, light_palette


def played(digits: str, game: str = "connect4") -> GameState:
    """A position after discs dropped in the columns ``digits`` (1 the left column)."""
    state = find_game(game).new_game()
    return state.play_all(state.read_moves(digits)) if digits else state


def make_view(qtbot: QtBot, state: GameState, *, animate: bool = False) -> BoardView:
    view = BoardView()
    qtbot.addWidget(view)
    view.set_animations_enabled(animate)
    view.resize(460, 420)
    view.set_state(state)
    view.show()
    qtbot.waitExposed(view)
    return view


def column_point(view: BoardView, col: int, y: float) -> QPoint:
    return QPoint(round(view.cell_rect(Move(0, col)).center().x()), round(y))


def test_a_gravity_position_is_drawn_with_discs_and_its_cells_named(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("4453"))
    assert view.board_style is BoardStyle.DISCS
    assert view.gravity
    assert (view.rows, view.cols) == (6, 7)
    assert view.cell_widget(5, 3).accessibleName() == "d1, X"
    assert view.cell_widget(4, 3).accessibleName() == "d2, O"
    assert view.cell_widget(5, 2).accessibleName() == "c1, O"
    assert view.cell_widget(0, 6).accessibleName() == "g6, empty"
    assert view.last_move == Move(5, 2)
    assert view.move_order == (Move(5, 3), Move(4, 3), Move(5, 4), Move(5, 2))
    # The same cells without gravity are a free-placement board, drawn with marks.
    free = BoardView()
    qtbot.addWidget(free)
    free.set_board(Board.empty(gravity_spec(6, 7, 4).cell_variant))
    assert free.board_style is BoardStyle.MARKS
    assert not free.gravity


@pytest.mark.parametrize("where", ["top cell", "above the board", "below the board", "landing"])
def test_a_click_anywhere_in_a_column_drops_a_disc_where_it_lands(qtbot: QtBot, where: str) -> None:
    view = make_view(qtbot, played("4453"))
    area = view.board_rect()
    y = {
        "top cell": view.cell_rect(Move(0, 3)).center().y(),
        "above the board": area.top() - 4,
        "below the board": area.bottom() + 4,
        "landing": view.cell_rect(Move(3, 3)).center().y(),
    }[where]
    with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=column_point(view, 3, y))
    assert blocker.args == [3, 3]  # d3: on the two discs in d
    assert view.focus_cell == Move(3, 3)


def test_pressing_in_one_column_and_releasing_in_another_drops_nothing(qtbot: QtBot) -> None:
    view = make_view(qtbot, played(""))
    activated: list[tuple[int, int]] = []
    view.cell_activated.connect(lambda row, col: activated.append((row, col)))
    top = view.cell_rect(Move(0, 0)).center().y()
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=column_point(view, 1, top))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=column_point(view, 2, top))
    assert activated == []


def test_a_full_column_says_so_and_drops_nothing(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("111111"))
    activated: list[tuple[int, int]] = []
    view.cell_activated.connect(lambda row, col: activated.append((row, col)))
    with qtbot.waitSignal(view.reading, timeout=1000) as blocker:
        qtbot.mouseClick(
            view, Qt.MouseButton.LeftButton, pos=column_point(view, 0, view.board_rect().top() + 3)
        )
    assert blocker.args == ["Column a is full."]
    with qtbot.waitSignal(view.reading, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_1)
    assert blocker.args == ["Column a is full."]
    assert activated == []


def hover(view: BoardView, point: QPointF) -> None:
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        point,
        view.mapToGlobal(point),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view, event)


def test_hovering_a_column_shows_where_the_disc_would_land(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("4453"))
    hover(view, QPointF(view.cell_rect(Move(0, 3)).center()))
    assert view.hover_target() == Move(3, 3)
    hover(view, QPointF(view.cell_rect(Move(0, 0)).center().x(), view.board_rect().top() - 2))
    assert view.hover_target() == Move(5, 0)
    # The ghost disc is drawn in the landing hole, in X's colour (X drops next).
    image = view.grab().toImage()
    centre = view.cell_rect(Move(5, 0)).center()
    ghost = image.pixelColor(round(centre.x()) + 8, round(centre.y()) + 8)
    assert ghost.blue() > ghost.red()  # X is blue; an empty hole is white
    assert ghost != QColor(view.palette().base().color())
    view.set_interactive(False)
    assert view.hover_target() is None


def test_digit_keys_drop_in_their_column_up_to_the_boards_width(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("4453"))
    view.setFocus()
    for key, expected in ((Qt.Key.Key_4, [3, 3]), (Qt.Key.Key_7, [5, 6]), (Qt.Key.Key_1, [5, 0])):
        with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
            qtbot.keyClick(view, key)
        assert blocker.args == expected
    with qtbot.assertNotEmitted(view.cell_activated), qtbot.waitSignal(view.reading) as said:
        qtbot.keyClick(view, Qt.Key.Key_8)  # no eighth column
    assert said.args == ["No column 8: 1 to 7."]
    small = make_view(qtbot, played("", "4x5k3g"))
    with qtbot.assertNotEmitted(small.cell_activated):
        qtbot.keyClick(small, Qt.Key.Key_6)
    with qtbot.waitSignal(small.cell_activated, timeout=1000) as blocker:
        qtbot.keyClick(small, Qt.Key.Key_5)
    assert blocker.args == [3, 4]


def test_left_and_right_go_to_where_a_disc_would_land_and_enter_drops_it(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("4453"))
    view.setFocus()
    assert view.focus_cell == Move(3, 3)  # the middle column, where a disc would land
    qtbot.keyClick(view, Qt.Key.Key_Right)  # to e, one disc in it
    assert view.focus_cell == Move(4, 4)
    qtbot.waitUntil(lambda: "e: lands on e2" in view.accessibleDescription(), timeout=1000)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.focus_cell == Move(4, 2)  # c2, on c1's disc
    qtbot.keyClick(view, Qt.Key.Key_Up)  # up and down still read the column's cells
    assert view.focus_cell == Move(3, 2)
    with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert blocker.args == [4, 2]  # the disc falls to c2 wherever the cursor is in c
    full = make_view(qtbot, played("1111112"))
    full.setFocus()
    qtbot.keyClick(full, Qt.Key.Key_Home)
    assert full.focus_cell.col == 0
    qtbot.keyClick(full, Qt.Key.Key_Right)
    qtbot.keyClick(full, Qt.Key.Key_Left)
    assert full.focus_cell == Move(0, 0)  # a full column's top cell


def test_the_column_key_reads_the_column_and_where_a_disc_would_land(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("4453"))
    view.setFocus()
    with qtbot.waitSignal(view.reading, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_C)
    assert blocker.args == [
        "Column d: d1 X, d2 O, d3 to d6 empty; a disc dropped in d lands on d3."
    ]


def test_column_reads_and_drop_words() -> None:
    state = played("4453")
    assert isinstance(state, GravityState)
    board = Board(state.x, state.o, state.spec.cell_variant)
    assert landing_cell(board, 3) == Move(3, 3)
    assert landing_cell(board, 6) == Move(5, 6)
    assert read_drop_column(board, 6) == (
        "Column g: g1 to g6 empty; a disc dropped in g lands on g1."
    )
    full = played("111111")
    assert isinstance(full, GravityState)
    full_board = Board(full.x, full.o, full.spec.cell_variant)
    assert landing_cell(full_board, 0) is None
    assert read_drop_column(full_board, 0) == (
        "Column a: a1 X, a2 O, a3 X, a4 O, a5 X, a6 O; column a is full."
    )
    assert drop_words(board, Move(3, 3)) == "X drops in d, lands on d3."
    assert drop_words(board.play(Move(3, 3)), Move(5, 6)) == "O drops in g, lands on g1."


def test_a_dropped_disc_falls_and_lands_when_the_animation_finishes(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("44"), animate=True)
    assert not view.is_animating()
    with qtbot.waitSignal(view.appear_animation.finished, timeout=3000):
        view.set_state(played("443"))
        assert view.is_animating()
        assert view.appearing == Move(5, 2)
        assert view.mark_progress < 1.0
    assert not view.is_animating()
    assert view.mark_progress == 1.0
    image = view.grab().toImage()
    centre = view.cell_rect(Move(5, 2)).center()
    disc = image.pixelColor(round(centre.x()) + 9, round(centre.y()) + 9)
    expected = mark_colour(Mark.X, view.palette())
    assert disc.blue() > disc.red()  # X's blue disc, not O's vermilion nor the white hole
    assert abs(disc.hue() - expected.hue()) < 25


def test_a_longer_fall_takes_longer(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("111"), animate=True)
    view.set_state(played("1112"))  # b1: from above the board to the bottom row
    bottom = view.appear_animation.duration()
    view.set_state(played("11121"))  # a4: three rows less
    assert view.appear_animation.duration() < bottom


def test_with_reduced_motion_the_disc_is_in_place_at_once(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("44"), animate=False)
    view.set_state(played("443"))
    assert not view.is_animating()
    assert view.appearing is None
    assert view.cell_widget(5, 2).accessibleName() == "c1, X"


def test_a_win_draws_its_line_after_the_last_disc_lands(qtbot: QtBot) -> None:
    view = make_view(qtbot, played("121212"), animate=True)
    with qtbot.waitSignal(view.appear_animation.finished, timeout=3000):
        view.set_state(played("1212121"))
    assert view.line_progress < 1.0
    qtbot.waitUntil(lambda: not view.is_animating(), timeout=3000)
    assert view.line_progress == 1.0
    assert "Game over, X wins" in view.accessibleDescription()


def test_the_heat_map_tints_each_columns_landing_cell_by_its_exact_value(qtbot: QtBot) -> None:
    state = played("12", "4x4k3g")
    analysis = state.spec.analyse(state)
    view = make_view(qtbot, state)
    board = view.board
    view.set_heat_map(heat_of(board, analysis))
    landings = {landing_cell(board, col) for col in range(4)}
    assert set(view.heat_cells()) == landings
    assert view.heat_map is not None
    words = {board.cell_name(c.move): c.describe for c in view.heat_map.candidates}
    assert words == {value.text: value.words for value in analysis.moves}
    assert all(value.value is not None for value in analysis.moves)  # 4×4: proven at once
    best = analysis.moves[0]
    centre = view.cell_rect(board.move_at(best.move)).center()
    tint = view.grab().toImage().pixelColor(round(centre.x()) - 12, round(centre.y()) - 12)
    outcome = {1: MoveOutcome.WIN, 0: MoveOutcome.DRAW, -1: MoveOutcome.LOSS}[best.value or 0]
    expected = outcome_colour(outcome, view.palette())
    assert tint != QColor(view.palette().base().color())
    assert abs(tint.hue() - expected.hue()) < 30
    view.set_state(state.play(best.move))
    assert view.heat_map is None  # an analysis of another position is never shown


def test_an_estimate_on_the_heat_map_is_labelled_short_and_left_unproven() -> None:
    spec = gravity_spec(5, 6, 4)
    board = Board.empty(spec.cell_variant)
    estimate = MoveValue(26, "c1", Certainty.ESTIMATED, 13, None, "+13 (estimate)")
    proof = MoveValue(27, "d1", Certainty.PROVEN, 90, 1, "win in 7")
    analysis = GameAnalysis(Certainty.ESTIMATED, (proof, estimate), (27,), None, "", (), 1, 0.0)
    heat = heat_of(board, analysis)
    assert heat.candidates[0] == HeatCell(Move(4, 3), MoveOutcome.WIN, "win in 7")
    assert heat.candidates[1] == HeatCell(Move(4, 2), None, "+13")


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("game", ["tictactoe", "5x5k4", "gomoku", "connect4", "4x5k3g"])
def test_every_look_paints_a_position_with_all_its_overlays(
    qtbot: QtBot, dark: bool, game: str
) -> None:
    spec = find_game(game)
    state = spec.new_game()
    for _ in range(3):
        state = state.play(state.legal_moves()[len(state.legal_moves()) // 2])
    view = make_view(qtbot, state)
    view.setPalette(dark_palette() if dark else light_palette())
    view.set_move_numbers(True)
    board = view.board
    legal = [board.move_at(move) for move in state.legal_moves()]
    view.set_hints(legal[:1])
    view.set_preview(board, legal[1:2])
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    image = view.grab().toImage()
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 5) for y in range(0, image.height(), 5)
    }
    assert len(colours) > 20  # a board, not a blank
    assert view.painter.style is view.board_style


def test_threats_on_a_gravity_board_say_which_cells_must_fill_first(qtbot: QtBot) -> None:
    # X has b1, c1, d1: a1 and e1 both complete it, and both can be played now.
    view = make_view(qtbot, played("27374"))
    view.setFocus()
    with qtbot.waitSignal(view.reading, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_T)
    assert blocker.args == ["X threatens four: b1, c1, d1; blocks at a1 or e1."]
    # X's c1, d2, e3 needs f4, over three empty cells: the reading says so.
    later = make_view(qtbot, played("34457551"))
    later.setFocus()
    with qtbot.waitSignal(later.reading, timeout=1000) as blocker:
        qtbot.keyClick(later, Qt.Key.Key_T)
    assert blocker.args == ["X can make four: c1, d2, e3; at f4 once f1 to f3 are filled."]
    one_below = played("3445755")
    assert isinstance(one_below, GravityState)
    board = Board(one_below.x, one_below.o, one_below.spec.cell_variant)
    board = board.play(Move(5, 5)).play(Move(4, 5))  # f1 and f2 filled: f4 waits on f3
    assert read_threats(board, gravity=True).endswith("at f4 once f3 is filled.")
    assert read_threats(board).endswith("at f4.")  # free placement: playable at once
