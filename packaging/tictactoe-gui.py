"""Entry point of the frozen app: the same command line as the ``tictactoe-gui`` script."""

import sys

from tictactoe_gui.cli import main

if __name__ == "__main__":
    sys.exit(main())
