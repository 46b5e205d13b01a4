"""Guard against the PySide6 6.12.0 bug that drops a reference to True on every Signal.emit.

With the bug, 10,000 emits would lower the count by 10,000 (the interpreter
aborts long before); a healthy binding leaves it where it was.
"""

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    fired = Signal(bool)


def test_emitting_many_signals_keeps_the_refcount_of_true(qapp: object) -> None:
    emitter = _Emitter()
    calls = 0

    def receive(value: bool) -> None:
        nonlocal calls
        calls += value

    emitter.fired.connect(receive)
    emitter.fired.emit(True)  # let any one-off caching happen before measuring
    before = sys.getrefcount(True)
    for _ in range(10_000):
        emitter.fired.emit(True)
    after = sys.getrefcount(True)
    assert calls == 10_001
    assert after == before
