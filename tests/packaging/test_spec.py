"""The bundle spec and the code agree on which parts of Qt the app uses.

The spec excludes every PySide6 module it does not list, so an import of any
other one would work from source and fail only in the frozen app; this test
catches that in the default run, without building.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "tictactoe-gui.spec"


def modules_the_spec_keeps() -> set[str]:
    found = re.search(r"^QT_MODULES_USED = (\{.*?\})$", SPEC.read_text(), re.MULTILINE)
    assert found, "QT_MODULES_USED not found in the spec"
    kept = ast.literal_eval(found[1])
    assert isinstance(kept, set)
    return {str(name) for name in kept}


def qt_modules_imported_by_the_app() -> dict[str, set[str]]:
    """Every ``PySide6.X`` module imported anywhere in the package, with where."""
    imported: dict[str, set[str]] = {}
    for path in (ROOT / "tictactoe_gui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                parts = name.split(".")
                if parts[0] == "PySide6" and len(parts) > 1:
                    imported.setdefault(parts[1], set()).add(str(path.relative_to(ROOT)))
    return imported


def test_the_app_imports_only_the_qt_modules_the_bundle_keeps() -> None:
    imported = qt_modules_imported_by_the_app()
    assert {"QtCore", "QtGui", "QtWidgets"} <= imported.keys()
    outside = {
        name: where for name, where in imported.items() if name not in modules_the_spec_keeps()
    }
    assert outside == {}, "add these to QT_MODULES_USED in the spec, or drop the imports"


def test_the_spec_keeps_no_module_that_pulls_in_a_heavy_qt_part() -> None:
    kept = modules_the_spec_keeps()
    for heavy in ("QtNetwork", "QtQml", "QtQuick", "QtPdf", "QtWebEngineCore", "QtMultimedia"):
        assert heavy not in kept
