"""Game records in SQLite.

- :mod:`records`: the plain values in and out, and the shape check of a record;
- :mod:`database`: opening a file (read-only until the first write), upgrading it;
- :mod:`migrations`: the numbered schema steps;
- :mod:`repository`: the queries (save, history, standings, statistics);
- :mod:`exchange`: CSV and JSON export, JSON import;
- :mod:`reader`: the small interface the records windows read through.
"""

from tictactoe_gui.storage.database import DATABASE_ENV_VAR, default_database_path, resolve_path
from tictactoe_gui.storage.reader import RecordsReader
from tictactoe_gui.storage.repository import Repository, open_or_recover

__all__ = [
    "DATABASE_ENV_VAR",
    "RecordsReader",
    "Repository",
    "default_database_path",
    "open_or_recover",
    "resolve_path",
]
