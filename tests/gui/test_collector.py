"""Python's cycle collections happen on the GUI thread only, so that no Qt object left in a
cycle is destroyed on the engine thread (Qt objects must die on the thread they live on)."""

from __future__ import annotations

import gc
import sys
import threading
import types
import weakref

import pytest
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tictactoe_gui.gui.collector import GuiThreadCollector, collect_on_gui_thread, settle_loaded


class Cyclic(QObject):
    """A Qt object kept alive only by a cycle through itself."""

    def __init__(self) -> None:
        super().__init__()
        self.me = self
        self.timer = QTimer(self)
        self.destroyed_on: list[threading.Thread] = []

    def __del__(self) -> None:
        self.destroyed_on.append(threading.current_thread())


def test_the_app_has_one_collector_and_automatic_collection_is_off(qapp: QApplication) -> None:
    collector = collect_on_gui_thread(qapp)
    assert collect_on_gui_thread(qapp) is collector
    assert qapp.findChildren(GuiThreadCollector) == [collector]
    assert not gc.isenabled()


def test_a_cycle_made_garbage_while_another_thread_allocates_dies_on_the_gui_thread(
    qtbot: QtBot, qapp: QApplication
) -> None:
    collect_on_gui_thread(qapp)
    gc.collect()
    where: list[threading.Thread] = []
    cyclic = Cyclic()
    cyclic.destroyed_on = where
    gone = weakref.ref(cyclic)
    del cyclic
    assert gone() is not None  # only a collection frees a cycle

    def allocate() -> None:  # far past every threshold: Python would have collected here
        junk = [[index] for index in range(200_000)]
        del junk
        for _ in range(50_000):
            pair: list[object] = []
            pair.append(pair)

    worker = threading.Thread(target=allocate)
    worker.start()
    worker.join()
    assert gone() is not None  # the other thread collected nothing
    qtbot.waitUntil(lambda: gone() is None, timeout=10_000)
    assert where == [threading.main_thread()]


def test_check_collects_the_oldest_full_generation_only(qapp: QApplication) -> None:
    collector = collect_on_gui_thread(qapp)
    gc.collect()
    assert collector.check() == -1  # nothing is full after a full collection
    young = [[index] for index in range(gc.get_threshold()[0] + 10)]
    assert collector.check() == 0
    assert gc.get_count()[0] < len(young)


def test_what_is_settled_after_loading_is_collected_first_on_the_gui_thread(
    qtbot: QtBot, qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A freeze keeps whatever it finds from every later collection: garbage then present
    # (a closed window in a cycle) stayed in memory for good, so it is collected first.
    collect_on_gui_thread(qapp)
    gc.collect()
    where: list[threading.Thread] = []
    cyclic = Cyclic()
    cyclic.destroyed_on = where
    gone = weakref.ref(cyclic)
    del cyclic
    loaded = types.ModuleType("tictactoe_gui_loaded_for_the_collector")
    loaded.table = [[cell] for cell in range(100)]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, loaded.__name__, loaded)
    frozen = gc.get_freeze_count()
    asked = threading.Thread(target=settle_loaded)  # as the engine thread asks
    asked.start()
    asked.join()
    qtbot.waitUntil(lambda: gc.get_freeze_count() >= frozen + 100, timeout=10_000)
    assert gone() is None
    assert where == [threading.main_thread()]
    # What was loaded is out of every generation a collection walks.
    assert not any(tracked is loaded.table for tracked in gc.get_objects())
