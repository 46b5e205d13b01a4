"""Game records in SQLite.

- :mod:`records`: the plain values in and out, and the shape check of a record;
- :mod:`errors`: what can go wrong with a records file;
- :mod:`database`: opening a file (read-only until the first write), upgrading it;
- :mod:`migrations`: the numbered schema steps;
- :mod:`repository`: the queries (save, history, standings, statistics);
- :mod:`exchange`: CSV and JSON export, JSON import;
- :mod:`reader`: the small interface the records windows read through.

Each name below is loaded from its module on first use (PEP 562), so that
importing one part (the errors, for the command line) does not open SQLite.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tictactoe_gui.lazy_names import lazy_names

if TYPE_CHECKING:
    from tictactoe_gui.storage.database import (
        DATABASE_ENV_VAR,
        default_database_path,
        resolve_path,
    )
    from tictactoe_gui.storage.reader import RecordsReader
    from tictactoe_gui.storage.repository import Repository, open_or_recover

#: The module each public name comes from.
_SOURCES = {
    "DATABASE_ENV_VAR": "database",
    "RecordsReader": "reader",
    "Repository": "repository",
    "default_database_path": "database",
    "open_or_recover": "repository",
    "resolve_path": "database",
}


__getattr__, __dir__ = lazy_names(__name__, _SOURCES)

__all__ = [
    "DATABASE_ENV_VAR",
    "RecordsReader",
    "Repository",
    "default_database_path",
    "open_or_recover",
    "resolve_path",
]
