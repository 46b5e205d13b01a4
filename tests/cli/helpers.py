"""Running the command line in the tests' own process."""

from __future__ import annotations

import io

from tictactoe_gui.cli import main


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """The exit status, standard output and standard error of ``tictactoe-gui ARGS``."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()
