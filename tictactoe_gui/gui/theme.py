"""Light and dark palettes on the Fusion style, and following the system's choice.

Fusion draws the same on every platform and takes its colours entirely from
the palette, so one palette per theme gives a consistent look everywhere.
"""

from __future__ import annotations

import enum

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication


class Theme(enum.StrEnum):
    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"

    @property
    def label(self) -> str:
        return {"system": "Follow System", "light": "Light", "dark": "Dark"}[self.value]


def _palette(colours: dict[QPalette.ColorRole, str], disabled_text: str) -> QPalette:
    palette = QPalette()
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled_text))
    return palette


def light_palette() -> QPalette:
    role = QPalette.ColorRole
    return _palette(
        {
            role.Window: "#eef1f5",
            role.WindowText: "#1d232b",
            role.Base: "#ffffff",
            role.AlternateBase: "#f4f6f9",
            role.Text: "#1d232b",
            role.Button: "#e4e8ee",
            role.ButtonText: "#1d232b",
            role.Highlight: "#3d7be0",
            role.HighlightedText: "#ffffff",
            role.ToolTipBase: "#ffffff",
            role.ToolTipText: "#1d232b",
            role.PlaceholderText: "#7a8594",
            role.Link: "#2a64c5",
            role.Mid: "#b7c0cc",
            role.Midlight: "#dde2e9",
            role.Dark: "#8d96a3",
            role.Light: "#ffffff",
            role.Shadow: "#5c6570",
        },
        "#98a1ad",
    )


def dark_palette() -> QPalette:
    role = QPalette.ColorRole
    return _palette(
        {
            role.Window: "#1e2228",
            role.WindowText: "#e3e7ec",
            role.Base: "#2a2f37",
            role.AlternateBase: "#30363f",
            role.Text: "#e3e7ec",
            role.Button: "#2f353e",
            role.ButtonText: "#e3e7ec",
            role.Highlight: "#4f8ef7",
            role.HighlightedText: "#ffffff",
            role.ToolTipBase: "#2a2f37",
            role.ToolTipText: "#e3e7ec",
            role.PlaceholderText: "#8c95a1",
            role.Link: "#7fb2ff",
            role.Mid: "#4a525e",
            role.Midlight: "#3a414b",
            role.Dark: "#15181c",
            role.Light: "#4d5561",
            role.Shadow: "#0b0d10",
        },
        "#6b7480",
    )


def system_prefers_dark() -> bool:
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def apply_palette(app: QApplication, theme: Theme) -> bool:
    """The palette of ``theme``; returns True if the result is dark.

    What the window's first frame needs (it has no check box or radio button yet), on the
    style the application started with: the app starts on Fusion (``gui/app.py``), and
    :func:`apply_theme` adds the style that frames those. The style is not asked for here:
    PySide6 would build its class, and the class's enums, before the first paint.
    """
    return _set_palette(app, theme)


def apply_theme(app: QApplication, theme: Theme) -> bool:
    """Switch the whole application to ``theme``; returns True if the result is dark."""
    from tictactoe_gui.gui.style import ThemeStyle

    if not isinstance(app.style(), ThemeStyle):
        app.setStyle(ThemeStyle())
    return _set_palette(app, theme)


def _set_palette(app: QApplication, theme: Theme) -> bool:
    dark = theme is Theme.DARK or (theme is Theme.SYSTEM and system_prefers_dark())
    app.setPalette(dark_palette() if dark else light_palette())
    return dark
