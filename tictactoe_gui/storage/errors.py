"""What can go wrong with the records: one base class, :class:`RecordsError`, whose message
says what happened in words a person can act on.

Kept apart from the records' values so that code which only catches these errors
(the command line's entry point, before it knows what it will run) loads nothing more.
"""

from __future__ import annotations


class RecordsError(Exception):
    """Something went wrong reading or writing the records; the message says what."""


class InvalidNameError(RecordsError, ValueError):
    """A player name outside the rules (1-32 characters after trimming, no control characters)."""


class InvalidGameError(RecordsError, ValueError):
    """A game record that cannot be true (bad cells, marks out of turn, a result the moves deny)."""


class GameNotFoundError(RecordsError, LookupError):
    """No recorded game has the id asked for."""


class UnknownPlayerError(RecordsError, LookupError):
    """No recorded game involves the person asked for."""


class CorruptDatabaseError(RecordsError):
    """The records file is not an SQLite database, or not one this app can read."""


class ForeignDatabaseError(CorruptDatabaseError):
    """The file is an SQLite database of another program: it is never changed."""


class UnwritableDatabaseError(RecordsError):
    """The records file or its folder cannot be written; games can still be played, unrecorded."""


class BusyDatabaseError(RecordsError):
    """Another program kept the records file locked for longer than a write would wait."""


class NewerDatabaseError(RecordsError):
    """The records file was written by a newer version of the app; it is left untouched."""


class PartialImportError(RecordsError):
    """An import failed after writing some of its games and could not take them back; the
    message says how many are recorded and that importing the file again adds the rest."""
