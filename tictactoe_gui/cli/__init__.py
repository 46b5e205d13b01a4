"""Command line: the window by default, subcommands for analysis, matches and records.

    tictactoe-gui                      open the window
    tictactoe-gui analyse BOARD...     score every move of one or more positions
    tictactoe-gui match [--x P --o P]  play a game's players against each other
    tictactoe-gui play --persona P     play one of a game's players in the terminal
    tictactoe-gui solve [BOARD]        solve a position exactly
    tictactoe-gui leaderboard          standings from the recorded games
    tictactoe-gui history              recorded games, newest first

Every command takes ``--game ID``: any game of the registry
(:func:`~tictactoe_gui.engine.games.find_game`), which ``games`` lists.

Bad input of any kind prints one line on stderr naming the problem and exits
with status 2; nothing here prints a traceback for a user's mistake.

One module per command (``analyse.py``, ``match.py`` ...), listed in
``commands.py``; what they share is in ``common.py``; ``entry.py`` builds the
parser and turns errors into one line; ``window.py`` opens the window. This
module imports none of them until :func:`main` runs.
"""

from __future__ import annotations

import sys  # always loaded already: importing it costs nothing

# Not ``typing.TYPE_CHECKING``: importing typing would take milliseconds before main's guard.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import BinaryIO, TextIO


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | BinaryIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the command line (``argv`` defaults to ``sys.argv[1:]``) and return the exit status.

    Everything is imported from here on, inside the guard: Ctrl-C while the
    app is still loading (the engine, the records, Qt) is one line and status
    130 like Ctrl-C at any later moment, never a traceback.
    """
    try:
        if not (sys.argv[1:] if argv is None else argv):
            # The window, as the desktop launches it: no command line to parse.
            from tictactoe_gui.cli.window import open_default_window

            return open_default_window(stderr if stderr is not None else sys.stderr)
        from tictactoe_gui.cli.entry import run

        # Inside the guard too: run catches Ctrl-C once its own guard begins, not before.
        return run(argv, stdin=stdin, stdout=stdout, stderr=stderr)
    except KeyboardInterrupt:
        stream = stderr if stderr is not None else sys.stderr
        if stream is not None:
            print("tictactoe-gui: interrupted", file=stream)
        return 130


__all__ = ["main"]
