"""What a person sees and does on an X display, for benchmarks that time a window from
outside: the pixels on the screen, the windows shown, and a click (XTest).

Plain ctypes over libX11 and libXtst (no Python package to install); the display is
usually an Xvfb the benchmark starts with a black root window (``-br``), so a window
that is mapped but not yet painted shows black where it will be.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from dataclasses import dataclass

_ALL_PLANES = 0xFFFFFFFFFFFFFFFF
_Z_PIXMAP = 2
_IS_VIEWABLE = 2


class _XImage(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.POINTER(ctypes.c_char)),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
    ]


class _XWindowAttributes(ctypes.Structure):
    _fields_ = [
        ("x", ctypes.c_int),
        ("y", ctypes.c_int),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("border_width", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("visual", ctypes.c_void_p),
        ("root", ctypes.c_ulong),
        ("c_class", ctypes.c_int),
        ("bit_gravity", ctypes.c_int),
        ("win_gravity", ctypes.c_int),
        ("backing_store", ctypes.c_int),
        ("backing_planes", ctypes.c_ulong),
        ("backing_pixel", ctypes.c_ulong),
        ("save_under", ctypes.c_int),
        ("colormap", ctypes.c_ulong),
        ("map_installed", ctypes.c_int),
        ("map_state", ctypes.c_int),
        ("all_event_masks", ctypes.c_long),
        ("your_event_mask", ctypes.c_long),
        ("do_not_propagate_mask", ctypes.c_long),
        ("override_redirect", ctypes.c_int),
        ("screen", ctypes.c_void_p),
    ]


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    width: int
    height: int

    @property
    def centre(self) -> tuple[int, int]:
        return self.x + self.width // 2, self.y + self.height // 2


class XScreen:
    """One connection to the X display ``name`` (":99")."""

    def __init__(self, name: str) -> None:
        x11_path = ctypes.util.find_library("X11")
        xtst_path = ctypes.util.find_library("Xtst")
        if x11_path is None or xtst_path is None:
            raise RuntimeError("libX11 and libXtst are needed to click from outside")
        x11 = self._x11 = ctypes.CDLL(x11_path)
        xtst = self._xtst = ctypes.CDLL(xtst_path)
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XGetImage.restype = ctypes.POINTER(_XImage)
        x11.XGetImage.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_uint,
            ctypes.c_uint,
            ctypes.c_ulong,
            ctypes.c_int,
        ]
        x11.XDestroyImage.argtypes = [ctypes.POINTER(_XImage)]
        x11.XQueryTree.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
            ctypes.POINTER(ctypes.c_uint),
        ]
        x11.XGetWindowAttributes.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.POINTER(_XWindowAttributes),
        ]
        x11.XFree.argtypes = [ctypes.c_void_p]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        xtst.XTestFakeMotionEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        xtst.XTestFakeButtonEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        self._display = x11.XOpenDisplay(name.encode())
        if not self._display:
            raise RuntimeError(f"cannot open the X display {name}")
        self._root = x11.XDefaultRootWindow(self._display)

    def close(self) -> None:
        self._x11.XCloseDisplay(self._display)

    def pixels(self, rect: Rect) -> bytes:
        """The screen's pixels in ``rect``, 4 bytes each (blue, green, red, unused)."""
        image = self._x11.XGetImage(
            self._display,
            self._root,
            rect.x,
            rect.y,
            rect.width,
            rect.height,
            _ALL_PLANES,
            _Z_PIXMAP,
        )
        if not image:
            raise RuntimeError(f"cannot read the screen at {rect}")
        try:
            contents = image.contents
            if contents.bits_per_pixel != 32:
                raise RuntimeError("a 24-bit display with 32 bits a pixel is expected")
            size = contents.bytes_per_line * contents.height
            return ctypes.string_at(contents.data, size)
        finally:
            self._x11.XDestroyImage(image)

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        blue, green, red, _ = self.pixels(Rect(x, y, 1, 1))[:4]
        return red, green, blue

    def shown_windows(self) -> list[Rect]:
        """The top-level windows on the screen (mapped children of the root)."""
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        children = ctypes.POINTER(ctypes.c_ulong)()
        count = ctypes.c_uint()
        if not self._x11.XQueryTree(
            self._display,
            self._root,
            ctypes.byref(root),
            ctypes.byref(parent),
            ctypes.byref(children),
            ctypes.byref(count),
        ):
            return []
        shown = []
        try:
            for index in range(count.value):
                attributes = _XWindowAttributes()
                if not self._x11.XGetWindowAttributes(
                    self._display, children[index], ctypes.byref(attributes)
                ):
                    continue
                if attributes.map_state == _IS_VIEWABLE and attributes.width > 50:
                    shown.append(
                        Rect(attributes.x, attributes.y, attributes.width, attributes.height)
                    )
        finally:
            if children:
                self._x11.XFree(children)
        return shown

    def click(self, x: int, y: int) -> None:
        """Move the pointer to (x, y) and press and release the left button there."""
        self._xtst.XTestFakeMotionEvent(self._display, -1, x, y, 0)
        self._xtst.XTestFakeButtonEvent(self._display, 1, 1, 0)
        self._xtst.XTestFakeButtonEvent(self._display, 1, 0, 0)
        self._x11.XFlush(self._display)

    def move_pointer(self, x: int, y: int) -> None:
        self._xtst.XTestFakeMotionEvent(self._display, -1, x, y, 0)
        self._x11.XSync(self._display, 0)
