"""Find files under ``resources/`` wherever the app runs from.

One helper for every case, so nothing depends on the working directory:

- the frozen PyInstaller bundle unpacks its data under ``sys._MEIPASS``;
- an installed wheel carries the art inside the package, as
  ``tictactoe_gui/resources`` (``packaging/build_backend.py`` copies it there);
- a source checkout (or an editable install) has it at the top of the tree.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _candidates() -> list[Path]:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen is not None:
        return [Path(frozen) / "resources"]
    # The package's own copy first: beside an installed wheel, the directory
    # above the package is site-packages, where a stray "resources" may exist.
    return [_PACKAGE_DIR / "resources", _PACKAGE_DIR.parent / "resources"]


@cache
def resources_root() -> Path:
    """The ``resources/`` directory in use (the first candidate when none exists)."""
    candidates = _candidates()
    return next((path for path in candidates if path.is_dir()), candidates[0])


def asset_path(relative: str) -> Path:
    """The path of ``resources/<relative>``; raises FileNotFoundError naming it if missing."""
    path = resources_root() / relative
    if not path.exists():
        raise FileNotFoundError(f"resource {relative!r} is missing (looked in {resources_root()})")
    return path
