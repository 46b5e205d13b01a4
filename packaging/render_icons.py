"""Render the app icon's SVG source into the PNG, ICO and ICNS files the platforms want.

Run ``python packaging/render_icons.py`` after editing
``resources/icons/tictactoe-gui.svg``; the outputs are committed so a checkout
(and the bundle build) never needs to render anything. Qt's own SVG renderer
draws them, offscreen, so no other image library is needed; the ICO and ICNS
containers are simple enough to write with the standard library (both hold
PNG data directly).
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
SOURCE = ICONS / "tictactoe-gui.svg"
NAME = "tictactoe-gui"

#: The freedesktop hicolor sizes; the desktop install copies each into ~/.local/share/icons.
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: Windows picks from these for title bars, the taskbar and Explorer views.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types holding PNG data, by the pixel size they contain.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),  # 512x512@2x
    (b"ic11", 32),  # 16x16@2x
    (b"ic12", 64),  # 32x32@2x
    (b"ic13", 256),  # 128x128@2x
    (b"ic14", 512),  # 256x256@2x
)


def png_path(size: int) -> Path:
    return ICONS / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png"


def render_png(svg: Path, size: int) -> bytes:
    """The SVG drawn into a transparent ``size``x``size`` square, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg} is not a valid SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # Converting first keeps the stored PNG straight (non-premultiplied) RGBA.
    image.convertToFormat(QImage.Format.Format_ARGB32).save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows ICO holding one PNG image per size (supported since Windows Vista)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        # A width or height of 256 is written as 0, as the format requires.
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS ICNS holding PNG elements, the form macOS has read since 10.7."""
    body = b""
    for kind, size in ICNS_TYPES:
        data = pngs[size]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    # Rendering needs a QGuiApplication for fonts and paint engines, never a display.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    wanted = set(PNG_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES}
    pngs = {size: render_png(SOURCE, size) for size in sorted(wanted)}
    for size in PNG_SIZES:
        path = png_path(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pngs[size])
    (ICONS / f"{NAME}.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (ICONS / f"{NAME}.icns").write_bytes(icns_bytes(pngs))
    del app
    print(f"rendered {SOURCE.relative_to(ROOT)} into {len(PNG_SIZES)} PNGs, an ICO and an ICNS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
