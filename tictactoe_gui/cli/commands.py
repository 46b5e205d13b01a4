"""Every subcommand, in the order ``--help`` lists them.

To add a command, write a module with a :class:`~tictactoe_gui.cli.common.Command`
value (see ``history.py`` for a short one) and add it here; the parser, the
help and the dispatch all come from this list.
"""

from __future__ import annotations

from typing import Final

from tictactoe_gui.cli import (
    analyse,
    brain,
    export,
    games,
    history,
    import_records,
    leaderboard,
    match,
    play,
    review,
    solve,
)
from tictactoe_gui.cli.common import Command

COMMANDS: Final[tuple[Command, ...]] = (
    analyse.COMMAND,
    match.COMMAND,
    play.COMMAND,
    leaderboard.COMMAND,
    history.COMMAND,
    review.COMMAND,
    solve.COMMAND,
    brain.COMMAND,
    export.COMMAND,
    import_records.COMMAND,
    games.COMMAND,
)
