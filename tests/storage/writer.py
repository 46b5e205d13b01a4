"""A separate process that records games, for the concurrency and crash tests.

    python -m tests.storage.writer DB_PATH NAME COUNT

Opens the database, prints "ready" and waits for a line on standard input
(so two writers can be started together), then saves COUNT games for NAME
(0 means until killed), printing "saved N" after each so a test can act
once writing is under way.
"""

from __future__ import annotations

import sys

from tests.storage.games import human, make_game, persona
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import Result

RESULTS = (Result.X_WINS, Result.O_WINS, Result.DRAW)


def main() -> None:
    path, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with Repository.open(path) as repository:
        print("ready", flush=True)
        sys.stdin.readline()
        saved = 0
        while count == 0 or saved < count:
            game = make_game(human(name), persona("sera"), RESULTS[saved % 3], minute=saved)
            repository.save_game(game)
            saved += 1
            print(f"saved {saved}", flush=True)


if __name__ == "__main__":
    main()
