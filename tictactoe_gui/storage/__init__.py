"""Game records in SQLite: the repository is the only code that speaks SQL."""

from tictactoe_gui.storage.repository import (
    DATABASE_ENV_VAR,
    Repository,
    default_database_path,
    open_or_recover,
)

__all__ = ["DATABASE_ENV_VAR", "Repository", "default_database_path", "open_or_recover"]
