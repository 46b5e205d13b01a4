"""The board painters behind their one interface: each look's painter, and Row & Column's
numbers drawn by the same kind of painter in its own widget."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
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
