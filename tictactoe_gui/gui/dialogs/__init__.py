"""Dialogs of the desktop window: new game and set-up position."""
