"""Save Game and Open Game start in the user's documents (or home) folder, then in the
folder of the last game saved or opened, wherever the app was started from."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.gui.records.common import documents_folder


def test_the_file_dialogs_start_where_the_last_game_was_saved(
    qtbot: QtBot,
    window: MainWindow,
    settings: QSettings,
    records: InMemoryRecords,
    tmp_path: Path,
) -> None:
    saving = window.show_save_game_dialog()
    assert Path(saving.directory().absolutePath()) == documents_folder()
    folder = tmp_path / "games"
    folder.mkdir()
    with qtbot.waitSignal(saving.finished):
        saving.selectFile(str(folder / "mine.json"))
        saving.accept()
    assert (folder / "mine.json").is_file()
    opening = window.show_open_game_dialog()
    assert Path(opening.directory().absolutePath()) == folder
    opening.reject()
    # Kept for the next run; a folder since removed falls back to the documents.
    again = MainWindow(settings, records)
    qtbot.addWidget(again)
    dialog = again.show_open_game_dialog()
    assert Path(dialog.directory().absolutePath()) == folder
    dialog.reject()
    (folder / "mine.json").unlink()
    folder.rmdir()
    dialog = again.show_save_game_dialog()
    assert Path(dialog.directory().absolutePath()) == documents_folder()
    dialog.reject()
    again.shutdown()
    again.close()
