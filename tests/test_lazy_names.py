"""The engine and the records hand out each name from its module on first use."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import tictactoe_gui.engine
import tictactoe_gui.storage

CHECK = textwrap.dedent(
    """
    import sys
    import tictactoe_gui.engine as engine
    import tictactoe_gui.storage as storage

    def loaded(name):
        return name in sys.modules

    assert not loaded("tictactoe_gui.engine.search") and not loaded("sqlite3")
    from tictactoe_gui.engine import Board
    assert loaded("tictactoe_gui.engine.board") and not loaded("tictactoe_gui.engine.search")
    from tictactoe_gui.storage.errors import RecordsError
    assert not loaded("tictactoe_gui.storage.database") and not loaded("sqlite3")
    from tictactoe_gui.engine import Algorithm
    assert loaded("tictactoe_gui.engine.search")
    assert storage.Repository.__module__ == "tictactoe_gui.storage.repository"
    assert loaded("sqlite3")
    print("ok")
    """
)


def test_a_name_loads_its_own_module_and_no_other() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60, check=False
    )
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr


@pytest.mark.parametrize("package", [tictactoe_gui.engine, tictactoe_gui.storage])
def test_every_public_name_is_there_and_nothing_else(package: object) -> None:
    names = package.__all__  # type: ignore[attr-defined]
    for name in names:
        value = getattr(package, name)
        # The very object its module defines, kept in the package once loaded.
        assert vars(package)[name] is value
        assert name in dir(package)
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        package.Nope  # type: ignore[attr-defined]  # noqa: B018


LAZY_MODULE = textwrap.dedent(
    """
    import sys
    from tictactoe_gui.lazy_names import lazy_module

    later = lazy_module("tictactoe_gui.engine.search")
    assert "tictactoe_gui.engine.board" not in sys.modules  # nothing of it has run
    assert lazy_module("tictactoe_gui.engine.search") is later  # one module object
    assert later.Searcher.__name__ == "Searcher"  # its first use runs it
    assert "tictactoe_gui.engine.board" in sys.modules
    import tictactoe_gui.engine.search as search
    assert search is later
    print("ok")
    """
)


def test_a_lazy_module_runs_only_when_one_of_its_names_is_first_used() -> None:
    result = subprocess.run(
        [sys.executable, "-c", LAZY_MODULE], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
