"""The analysis dock on its own: persona header and portrait, candidates model, banner."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine import SERA, Algorithm, Board, TranspositionTable, analyse
from tictactoe_gui.gui import analysis_dock
from tictactoe_gui.gui.analysis_dock import AnalysisDock
from tictactoe_gui.gui.engine_worker import EngineResult

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">'
    '<circle cx="32" cy="32" r="30" fill="#7b5ea7"/></svg>'
)


def make_dock(qtbot: QtBot) -> AnalysisDock:
    dock = AnalysisDock()
    qtbot.addWidget(dock)
    dock.show()
    return dock


def test_portrait_shows_when_the_art_exists(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    art = tmp_path / "sera.svg"
    art.write_text(SVG)
    monkeypatch.setattr(analysis_dock, "asset_path", lambda relative: art)
    dock = make_dock(qtbot)
    dock.set_persona(SERA, "Opponent")
    portrait = dock._portrait
    assert not portrait.isHidden()
    image = portrait.pixmap().toImage()
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    assert (centre.red(), centre.green(), centre.blue()) == (0x7B, 0x5E, 0xA7)


def test_missing_art_hides_the_portrait(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(relative: str) -> Path:
        raise FileNotFoundError(relative)

    monkeypatch.setattr(analysis_dock, "asset_path", missing)
    dock = make_dock(qtbot)
    dock.set_persona(SERA, "Opponent")
    assert dock._portrait.isHidden()
    assert "Sera" in dock.prediction_text()


def test_result_fills_table_banner_and_line(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    dock.set_persona(SERA, "Coach")
    board = Board.from_text("XX.OO....")
    analysis = analyse(board)
    dock.show_result(EngineResult(1, analysis, tuple(() for _ in analysis.candidates)))
    assert dock.prediction_text() == "Sera predicts: X wins in 1 ply with best play"
    assert dock.model.rowCount() == 3
    top = dock.model.candidate_at(0)
    assert top is not None
    assert top.describe == "win in 1"
    assert dock.model.data(dock.model.index(0, 0)) == "c3"
    assert dock.model.data(dock.model.index(0, 2)) == "win in 1"
    centred = int(Qt.AlignmentFlag.AlignCenter)
    assert dock.model.data(dock.model.index(0, 1), Qt.ItemDataRole.TextAlignmentRole) == centred
    assert dock.line_text() == "X c3"
    dock.set_top_n(9)
    assert dock.model.rowCount() == 5


def test_a_comparison_scrolls_into_view_in_a_short_dock(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    dock.set_persona(SERA, "Coach")
    dock.resize(340, 360)  # far shorter than the dock's content
    board = Board.from_text("X...O....")
    analysis = analyse(board)
    continuations = tuple(() for _ in analysis.candidates)
    dock.show_result(EngineResult(1, analysis, continuations))
    comparison = tuple(analyse(board, algorithm) for algorithm in Algorithm)
    dock.show_result(EngineResult(2, analysis, continuations, comparison=comparison))
    assert len(dock.comparison_rows()) == 3
    qtbot.waitUntil(dock.comparison_in_view, timeout=2000)


def test_a_search_answered_by_the_table_says_so(qtbot: QtBot) -> None:
    dock = make_dock(qtbot)
    board = Board.empty()
    table = TranspositionTable()
    cold = analyse(board, Algorithm.TABLE, table=table)
    continuations = tuple(() for _ in cold.candidates)
    dock.show_result(EngineResult(1, cold, continuations))
    assert dock.depth_text() == str(cold.max_depth)
    warm = analyse(board, Algorithm.TABLE, table=table)
    assert warm.max_depth == 0
    dock.show_result(EngineResult(2, warm, continuations))
    assert dock.depth_text() == "0 (all known from the table)"
