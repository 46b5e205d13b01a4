"""Command line: the window by default, subcommands for analysis and matches."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("The tictactoe-gui window is not available in this version yet.")
        return 0
    print(f"tictactoe-gui: unknown command {args[0]!r}", file=sys.stderr)
    return 2
