"""A game at the table, without Qt: players, turns, undo and redo, hints, verdicts, seeds.

The window, ``play`` and ``match`` all drive these classes, so the rules of a
game session are written once. Nothing here imports Qt or the GUI (an
import-linter contract in ``pyproject.toml`` checks it).
"""
