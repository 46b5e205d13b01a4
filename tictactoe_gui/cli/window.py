"""No command: open the window (or say in one line why it cannot), or run ``--self-test``.

Qt is imported only here, and only when the window is really opened, so the
other commands never load it.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, TextIO

from tictactoe_gui import APP_NAME as PROG

if TYPE_CHECKING:
    import argparse
    from collections.abc import Mapping
    from pathlib import Path

    from tictactoe_gui.cli.common import Streams
    from tictactoe_gui.engine.games import GameSpec


def no_display_reason(environ: Mapping[str, str]) -> str | None:
    """Why a window cannot open here, on a Linux machine with no display; None if it can.

    Qt would abort the process with a core dump instead of an error; say it plainly first.
    """
    if not sys.platform.startswith("linux") or environ.get("QT_QPA_PLATFORM"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set); "
        f"the commands still work without one: see '{PROG} --help'"
    )


def open_window(args: argparse.Namespace, streams: Streams) -> int:
    """The window, as the parsed options (``--db``, ``--game``) ask."""
    from tictactoe_gui.cli.common import EXIT_FAILURE

    reason = no_display_reason(os.environ)
    if reason is not None:
        streams.report(reason)
        return EXIT_FAILURE
    return _run_window(args.db, args.window_game)


def open_default_window(stderr: TextIO | None) -> int:
    """The window with no arguments at all, as the desktop launches it: nothing to parse,
    so the parser and the commands' helpers are not even loaded before it shows."""
    reason = no_display_reason(os.environ)
    if reason is not None:
        from tictactoe_gui.cli.common import EXIT_FAILURE, error_line

        if stderr is not None:
            print(error_line(reason), file=stderr)
        return EXIT_FAILURE
    return _run_window(None, None)


def _run_window(db: Path | None, game: GameSpec | None) -> int:
    from tictactoe_gui.gui.app import run

    return run([sys.argv[0] if sys.argv else PROG], db_path=db, game=game, exit_process=True)


def self_test(streams: Streams) -> int:
    from tictactoe_gui.selftest import run_self_test

    return run_self_test(stdout=streams.stdout, stderr=streams.stderr)
