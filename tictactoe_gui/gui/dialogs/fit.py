"""A window that changes what it shows takes the room its contents need.

Qt's ``adjustSize`` keeps a window within two thirds of the screen and reads the size
hints as they were before a change had passed up the layouts (a posted event a layout),
so New Game on Row & Column (a taller set of fields) came out shorter than its contents
and squeezed or clipped the players' descriptions. :func:`fit_to_contents` sizes a window
to its contents as they are now, word-wrapped labels included, within the screen's room;
:func:`grow_to_contents` lets it grow when a later change (a longer description) asks for
more room. Either moves a window that its new size pushed past the screen's edge back onto
it, wholly, as a window manager does only when a window is first placed.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, QSize
from PySide6.QtWidgets import QWidget

#: How many layouts deep a change may have to pass up (a label in a form in a page in a
#: group in the window): one round of layout requests each.
_LAYOUT_DEPTH: Final = 8


def _needed(window: QWidget, width: int) -> QSize:
    """The size ``window``'s contents need at ``width`` (its layout's height for that width
    where word-wrapped labels make one depend on the other), within the screen's room."""
    height = window.sizeHint().height()
    layout = window.layout()
    if layout is not None:
        layout.activate()
        if layout.hasHeightForWidth():
            height = max(height, layout.totalHeightForWidth(width))
    screen = window.screen()
    if screen is not None:
        room = screen.availableGeometry()
        title_bar = max(0, window.frameGeometry().height() - window.height())
        width, height = min(width, room.width()), min(height, room.height() - title_bar)
    return QSize(width, height)


def _resize_on_screen(window: QWidget, size: QSize) -> None:
    """Resize ``window`` to ``size`` and, where that takes its frame past the screen's edge
    (a window low on the screen that grows taller), move it back wholly onto the screen."""
    window.resize(size)
    screen = window.screen()
    if screen is None or not window.isWindow():
        return
    room = screen.availableGeometry()
    frame = window.frameGeometry()
    # The frame as the new size makes it (a window manager may apply the resize later).
    frame.setSize(size + (frame.size() - window.geometry().size()).expandedTo(QSize(0, 0)))
    left = max(room.left(), min(frame.left(), room.right() + 1 - frame.width()))
    top = max(room.top(), min(frame.top(), room.bottom() + 1 - frame.height()))
    if (left, top) != (frame.left(), frame.top()):
        window.move(left, top)


def fit_to_contents(window: QWidget) -> None:
    """Resize ``window`` to what its contents need now, at its hint's width (after a change
    of what it shows: the layouts first pass the change up, as they would a moment later)."""
    for _ in range(_LAYOUT_DEPTH):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    size = _needed(window, window.sizeHint().width())
    if size != window.size():
        _resize_on_screen(window, size)


def grow_to_contents(window: QWidget) -> None:
    """Make ``window`` larger where its contents need more room than it has (for a layout's
    request: it never makes the window smaller)."""
    size = _needed(window, max(window.width(), window.sizeHint().width()))
    size = size.expandedTo(window.size())
    if size != window.size():
        _resize_on_screen(window, size)
