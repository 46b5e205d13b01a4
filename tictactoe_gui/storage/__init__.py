"""Game records in SQLite: the repository is the only code that speaks SQL."""
