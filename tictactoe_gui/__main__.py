"""``python -m tictactoe_gui``: the same entry point as the ``tictactoe-gui`` command."""

import sys

from tictactoe_gui.cli import main

if __name__ == "__main__":
    sys.exit(main())
