"""Build hook: ship the top-level ``resources/`` inside the wheel.

Everything else about the project is declared in pyproject.toml. The art lives
at the top of the checkout (where the bundle build and the desktop install
find it too); a wheel carries it as ``tictactoe_gui/resources``, which is where
``tictactoe_gui.assets`` looks in an installed copy.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildPyWithResources(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads resources/ straight from the checkout
        target = Path(self.build_lib) / "tictactoe_gui" / "resources"
        shutil.copytree(HERE / "resources", target, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildPyWithResources})
