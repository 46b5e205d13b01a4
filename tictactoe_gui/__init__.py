"""tictactoe-gui: a desktop tic-tac-toe game and study tool."""

__version__ = "1.0.0"

APP_NAME = "tictactoe-gui"
APP_DISPLAY_NAME = "Tic-Tac-Toe"
ORGANIZATION_NAME = "tictactoe-gui"
ORGANIZATION_DOMAIN = "tictactoe-gui.example.org"
DESKTOP_FILE_NAME = "org.example.tictactoe_gui"

__all__ = [
    "APP_DISPLAY_NAME",
    "APP_NAME",
    "DESKTOP_FILE_NAME",
    "ORGANIZATION_DOMAIN",
    "ORGANIZATION_NAME",
    "__version__",
]
