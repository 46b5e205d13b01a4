"""Find files under ``resources/`` wherever the app runs from.

One helper for every case, so nothing depends on the working directory:
a source checkout (or editable install), an installed wheel, and the frozen
PyInstaller bundle (which unpacks data under ``sys._MEIPASS``).
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def resources_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen is not None:
        return Path(frozen) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def asset_path(relative: str) -> Path:
    """The path of ``resources/<relative>``; raises FileNotFoundError naming it if missing."""
    path = resources_root() / relative
    if not path.exists():
        raise FileNotFoundError(f"resource {relative!r} is missing (looked in {resources_root()})")
    return path
