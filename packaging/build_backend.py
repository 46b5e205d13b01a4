"""The build backend: setuptools, plus the top-level ``resources/`` shipped inside the wheel.

The art lives at the top of the checkout, where the bundle build and the
desktop install read it; an installed wheel carries it as
``tictactoe_gui/resources``, which is where ``tictactoe_gui.assets`` looks.
setuptools cannot map a top-level folder into a package from pyproject.toml
alone, so pyproject.toml names this module as an in-tree backend
(``backend-path``) and its ``build_py`` command through
``[tool.setuptools] cmdclass``. Everything else is plain setuptools.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools.build_meta import *  # noqa: F403 - re-export the standard build hooks
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent.parent


class BuildPyWithResources(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads resources/ straight from the checkout
        target = Path(self.build_lib) / "tictactoe_gui" / "resources"
        shutil.copytree(ROOT / "resources", target, dirs_exist_ok=True)
