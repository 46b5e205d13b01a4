"""A package's public names, each loaded from its module the first time it is used (PEP 562).

    __getattr__, __dir__ = lazy_names(__name__, {"Board": "board", ...})

in a package's ``__init__`` makes ``from package import Board`` import
``package.board`` then, and only then; the package lists the same names under
``if TYPE_CHECKING:`` so that type checkers and readers see where each comes
from. The engine and the records use it so that what the window's first frame
needs (the board alone) does not bring the searches or SQLite with it.
Standard library only, so any layer may use it.

:func:`lazy_module` does the same for a whole module: the window's parts name what
the complete window needs through one such module (``gui/window/later.py``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping
from types import ModuleType


def lazy_names(
    package: str, sources: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The module-level ``__getattr__`` and ``__dir__`` of ``package``, whose public names
    live in its submodules as ``sources`` says (name -> submodule)."""

    def load(name: str) -> object:
        source = sources.get(name)
        if source is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{source}"), name)
        setattr(sys.modules[package], name, value)  # later lookups skip this function
        return value

    def names() -> list[str]:
        return sorted({*vars(sys.modules[package]), *sources})

    return load, names


def lazy_module(name: str) -> ModuleType:
    """The module ``name``, loaded the first time one of its names is used (the module
    itself if it is loaded already)."""
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
