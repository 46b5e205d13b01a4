"""The board painters behind their one interface: each look's painter, and Row & Column's
numbers drawn by the same kind of painter in its own widget."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine.rowcol import Player, Position
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.painters import BoardStyle, make_painter
from tictactoe_gui.gui.painters.numbers import PLAYER_COLOURS, NumbersPainter
from tictactoe_gui.gui.rowcol_view import RowColBoardView


def test_each_look_of_x_and_o_has_its_painter(qtbot: QtBot) -> None:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(300, 300)
    for style in (BoardStyle.MARKS, BoardStyle.STONES, BoardStyle.DISCS):
        painter = make_painter(style, view)
        assert painter.style is style
        image = QImage(300, 300, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        canvas = QPainter(image)
        painter.paint(canvas, view.palette(), view.board_rect())
        canvas.end()
        assert len({image.pixel(x, y) for x in range(0, 300, 6) for y in range(0, 300, 6)}) > 3


def test_the_numbers_painter_draws_row_and_column_with_each_sides_takes(qtbot: QtBot) -> None:
    position = Position.from_seed(5, 3)
    owners: dict[int, Player] = {}
    for _ in range(3):
        cell = position.allowed_cells()[0]
        owners[cell] = position.to_move
        position = position.play(cell)
    view = RowColBoardView(position)
    qtbot.addWidget(view)
    view.resize(360, 400)
    view.set_animations_enabled(False)
    view.set_position(position, owners)
    assert isinstance(view.painter, NumbersPainter)
    assert view.painter.style is BoardStyle.NUMBERS
    image = view.grab().toImage()
    for cell, owner in owners.items():
        rect: QRectF = view.cell_rect(*position.row_col(cell))
        tint = image.pixelColor(round(rect.left()) + 6, round(rect.top()) + 6)
        # A's takes blue, B's red, over the grid's white.
        assert (tint.blue() > tint.red()) == (owner is Player.A), (cell, owner, tint.name())
    assert PLAYER_COLOURS[Player.A].blue() > PLAYER_COLOURS[Player.A].red()


def test_connect_four_s_coordinates_stand_clear_of_its_frame(qtbot: QtBot) -> None:
    from tictactoe_gui.engine.games import find_game
    from tictactoe_gui.gui.painters.discs import frame_colour

    view = BoardView()
    qtbot.addWidget(view)
    view.set_state(find_game("connect4").new_game())
    grey = frame_colour(view.palette()).rgb()
    for width, height in ((760, 700), (420, 380), (1200, 640)):
        view.resize(width, height)
        image = view.grab().toImage()
        ratio = image.devicePixelRatio()
        labels = view.coordinate_labels()
        assert sorted(text for _rect, _flags, text in labels) == [*"123456", *"abcdefg"]
        # Where the frame's grey begins, as painted: left of the board, and under it.
        middle = int(view.board_rect().center().y() * ratio)
        left = next(x for x in range(image.width()) if image.pixel(x, middle) == grey) / ratio
        centre = int(view.board_rect().center().x() * ratio)
        bottom = (
            next(y for y in range(image.height() - 1, 0, -1) if image.pixel(centre, y) == grey)
            / ratio
        )
        metrics = QFontMetricsF(view.coordinates_font())
        for rect, _flags, text in labels:
            # Each label is in the view, whole: none cut off at its edge (numbers are set
            # to the right of their box, letters in its middle).
            assert rect.right() - metrics.horizontalAdvance(text) >= 0, (width, height, text)
            assert rect.center().y() + metrics.height() / 2 <= view.height(), (width, height, text)
            # Each label's box lies wholly outside the frame: none is half hidden by it.
            if text.isdigit():
                assert rect.right() <= left, (width, height, text)
            else:
                assert rect.top() >= bottom, (width, height, text)
