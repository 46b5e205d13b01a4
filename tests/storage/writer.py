"""A separate process that records games, for the concurrency and crash tests.

    python -m tests.storage.writer DB_PATH NAME COUNT [BUSY_TIMEOUT [PAUSE]]

Opens the database, prints "ready" and waits for a line on standard input
(so two writers can be started together), then saves COUNT games for NAME
(0 means until killed), printing "saved N" after each so a test can act
once writing is under way. BUSY_TIMEOUT is how long a save waits for another
writer (seconds, the app's default if not given); PAUSE, how long it rests
between two saves (as a game takes time to play).
"""

from __future__ import annotations

import sys
import time

from tests.storage.games import human, make_game, persona
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.database import DEFAULT_BUSY_TIMEOUT
from tictactoe_gui.storage.records import Result

RESULTS = (Result.X_WINS, Result.O_WINS, Result.DRAW)


def main() -> None:
    path, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    busy_timeout = float(sys.argv[4]) if len(sys.argv) > 4 else DEFAULT_BUSY_TIMEOUT
    pause = float(sys.argv[5]) if len(sys.argv) > 5 else 0.0
    with Repository.open(path, busy_timeout=busy_timeout) as repository:
        print("ready", flush=True)
        sys.stdin.readline()
        saved = 0
        while count == 0 or saved < count:
            game = make_game(human(name), persona("sera"), RESULTS[saved % 3], minute=saved)
            repository.save_game(game)
            saved += 1
            print(f"saved {saved}", flush=True)
            if pause:
                time.sleep(pause)


if __name__ == "__main__":
    main()
