"""tictactoe-gui: a desktop tic-tac-toe game and study tool."""

from __future__ import annotations

import sys

# Not ``typing.TYPE_CHECKING``: importing typing here would slow every start.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import TracebackType

APP_NAME = "tictactoe-gui"


# First of all, so that Ctrl-C while the rest of the app loads is one line (see below).
def _interrupted_quietly(
    kind: type[BaseException],
    value: BaseException,
    traceback: TracebackType | None,
) -> None:
    """Ctrl-C that reaches the top level (while the launcher still imports the app, before
    the command line's own guard) is one line, not a traceback; Python then ends the
    process as interrupted (status 130 in a shell). Other errors are reported as before."""
    if issubclass(kind, KeyboardInterrupt):
        print(f"{APP_NAME}: interrupted", file=sys.stderr)
    else:
        sys.__excepthook__(kind, value, traceback)


if sys.excepthook is sys.__excepthook__:  # an IDE's or a test runner's own hook stays
    sys.excepthook = _interrupted_quietly

__version__ = "1.0.0"

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
