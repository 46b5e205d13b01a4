"""Nothing outside the engine names a particular game: the window, the sessions, the
records and the command line ask the game interface (a spec's properties, its players,
the registry's listings) what they would otherwise branch on by a game's name.

The test reads the source as Python tokens: a string that is a registered game's key,
an id that names only a game (``rowcol``), an id of a size a game lists (``connect4``),
or an f-string building one (``f"rowcol{size}"``), and the names the engine used to tell
games apart by (``Family``, ``is_rowcol``), are refused outside ``engine/`` but for the
places listed below, each with its reason.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from tictactoe_gui.engine.games import registered_games

PACKAGE = Path(__file__).resolve().parent.parent / "tictactoe_gui"

#: Names that told one game from another; the spec answers instead.
NAMES = frozenset({"Family", "is_rowcol", "is_rowcol_game", "ROWCOL_KEYS", "TABLE_GAMES"})

#: Words that are a game's id and a plain word too (``"four"`` counts marks in a row).
WORDS = frozenset({"four"})

#: The places that may name a game, by file (under tictactoe_gui/) and the text named.
ALLOWED = {
    # The table of each game's own New Game options, by the game's key.
    ("gui/dialogs/game_options.py", '"rowcol"'),
    # Row & Column's own options widget builds its game of the size chosen.
    ("gui/dialogs/rowcol_options.py", 'f"rowcol{size}"'),
    # A setting an older version left (Row & Column's window open): it names the game.
    ("gui/window/new_games.py", '"rowcol"'),
    # The records' default game, which the storage layer keeps without the engine.
    ("storage/records.py", '"tictactoe"'),
}


def game_names() -> frozenset[str]:
    names: set[str] = set()
    for game in registered_games():
        names.add(game.key)
        names.update(game.unsized)
        names.update(spec.id for spec in game.listed)
    return frozenset(names - WORDS)


def named_games(source: str, names: frozenset[str]) -> list[tuple[int, str]]:
    """Each token of ``source`` that names a game, with its line."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING:
            quoted = re.fullmatch(r"[A-Za-z]*('''|\"\"\"|'|\")(.*)\1", token.string, re.S)
            text = quoted.group(2) if quoted else ""
            if text in names or any(text.startswith(name + "{") for name in names):
                found.append((token.start[0], token.string))
        elif token.type == tokenize.NAME and token.string in NAMES:
            found.append((token.start[0], token.string))
    return found


def test_the_scan_finds_a_branch_on_a_games_name() -> None:
    names = game_names()
    source = (
        'if spec.id == "connect4":\n'
        "    pass\n"
        'size = f"rowcol{n}"\n'
        "if game.startswith('rowcol'):\n"
        "    kind = Family.GRAVITY\n"
        '"""A docstring that speaks of "connect4" in passing."""\n'
        'words = ("three", "four")\n'
    )
    assert named_games(source, names) == [
        (1, '"connect4"'),
        (3, 'f"rowcol{n}"'),
        (4, "'rowcol'"),
        (5, "Family"),
    ]


def test_nothing_outside_the_engine_names_a_game() -> None:
    names = game_names()
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith("engine/"):
            continue
        for line, text in named_games(path.read_text(encoding="utf-8"), names):
            if (relative, text) not in ALLOWED:
                found.append(f"{relative}:{line}: {text}")
    assert found == [], "ask the game's spec instead of naming the game:\n" + "\n".join(found)


def test_every_place_allowed_still_names_its_game() -> None:
    """An allowance no longer needed is taken out, so the list stays the truth."""
    names = game_names()
    for relative, text in ALLOWED:
        source = (PACKAGE / relative).read_text(encoding="utf-8")
        assert text in [found for _line, found in named_games(source, names)], relative
