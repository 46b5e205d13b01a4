"""``export`` writes a game's variations and ``import`` reads them back; a bad tree in a file
imports nothing and says which game, and a tree damaged in the records is named while its
game is exported with its main line."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.storage.games import human
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.move_tree import ROOT, MoveTree
from tictactoe_gui.records_bridge import open_to_record, recorded_tree, state_finished_game
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode

BEGAN = datetime(2026, 4, 2, 20, 0, tzinfo=UTC)
#: X takes the top row; c2 was played at the fourth move, taken back, and b1 played.
MAIN = (0, 3, 1, 7, 2)
TAKEN_BACK = (0, 3, 1, 5)


def lines_of(tree: MoveTree) -> set[tuple[int, ...]]:
    return {tree.moves_to(node) for node in range(1, len(tree)) if not tree.children(node)}


def record_game(db: Path, minute: int = 0, *, tree: MoveTree | None = None) -> int:
    """A game of ``MAIN`` recorded in ``db`` with the lines of ``tree``; its id."""
    state = find_game("tictactoe").new_game().play_all(MAIN)
    began = BEGAN.replace(minute=minute)
    game = state_finished_game(
        state, human("Ann"), human("Bob"), GameMode.HUMAN_VS_HUMAN, began, began, tree=tree
    )
    repository, _ = open_to_record(db)
    with repository:
        return repository.save_game(game)


def study_tree() -> MoveTree:
    return MoveTree.of_line(MAIN).follow(ROOT, TAKEN_BACK)[0]


def test_export_writes_the_tree_and_import_reads_it_back(db: Path, tmp_path: Path) -> None:
    record_game(db, tree=study_tree())
    record_game(db, minute=5)  # a game of one line
    exported = tmp_path / "games.json"
    code, _, err = run("export", str(exported), "--db", str(db))
    assert (code, err) == (0, "")
    games = json.loads(exported.read_text(encoding="utf-8"))["games"]
    assert "tree" not in games[1]
    tree = games[0]["tree"]
    assert tree[0] == {"children": [1]}
    assert [node["move"] for node in tree[1:6]] == ["a3", "a2", "b3", "b1", "c3"]
    assert {"move": "c2", "children": []} in tree

    elsewhere = tmp_path / "elsewhere.sqlite3"
    code, out, err = run("import", str(exported), "--db", str(elsewhere))
    assert (code, err) == (0, "")
    assert "Imported 2 games" in out
    with Repository.open(elsewhere) as repository:
        first, second = sorted(repository.list_games(), key=lambda summary: summary.ended_at)
        read = recorded_tree(repository.game(first.id))
        assert repository.game(second.id).tree is None
    assert read is not None
    assert read.main_line() == MAIN
    assert lines_of(read) == {MAIN, TAKEN_BACK}

    # The same file again: every game already recorded, variations and all.
    code, out, _ = run("import", str(exported), "--db", str(elsewhere))
    assert code == 0
    assert "2 were already recorded" in out


def test_a_file_without_trees_still_imports(db: Path, tmp_path: Path) -> None:
    record_game(db, tree=study_tree())
    exported = tmp_path / "games.json"
    assert run("export", str(exported), "--db", str(db))[0] == 0
    data = json.loads(exported.read_text(encoding="utf-8"))
    del data["games"][0]["tree"]
    exported.write_text(json.dumps(data), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere.sqlite3"
    code, out, _ = run("import", str(exported), "--db", str(elsewhere))
    assert code == 0
    assert "Imported 1 game" in out
    with Repository.open(elsewhere) as repository:
        (summary,) = repository.list_games()
        assert repository.game(summary.id).tree is None
    # Into the records that keep the game with its tree, it is the same game.
    code, out, _ = run("import", str(exported), "--db", str(db))
    assert code == 0
    assert "1 was already recorded" in out


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda tree: tree[6].update(move="a3"), "node 6 ('a3'): cell a3 is already taken"),
        (lambda tree: tree[0].update(children=[9]), "node 0 should list the later nodes"),
        (lambda tree: tree.append({"move": "a1"}), "node 7 follows no move"),
        (lambda tree: tree[5].update(move="c1"), "main line of the tree of moves is not"),
    ],
)
def test_a_malformed_tree_imports_nothing_and_names_the_game(
    db: Path, tmp_path: Path, change: object, reason: str
) -> None:
    record_game(db, minute=1)
    record_game(db, tree=study_tree(), minute=2)
    exported = tmp_path / "games.json"
    assert run("export", str(exported), "--db", str(db))[0] == 0
    data = json.loads(exported.read_text(encoding="utf-8"))
    tree = data["games"][1]["tree"]
    change(tree)  # type: ignore[operator]
    exported.write_text(json.dumps(data), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere.sqlite3"
    code, out, err = run("import", str(exported), "--db", str(elsewhere))
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("tictactoe-gui: game 2: ")
    assert "the tree of moves" in err
    assert reason in err
    assert not elsewhere.exists()  # nothing half-imported: not even a file


def test_a_tree_damaged_in_the_records_is_named_and_its_game_exported_with_its_main_line(
    db: Path, tmp_path: Path
) -> None:
    game_id = record_game(db, tree=study_tree())
    connection = sqlite3.connect(db)
    with connection:
        connection.execute(
            "UPDATE games SET tree = '[{\"children\": [1]}]' WHERE id = ?", (game_id,)
        )
    connection.close()
    exported = tmp_path / "games.json"
    code, out, err = run("export", str(exported), "--db", str(db))
    assert code == 1
    assert "Exported 1 game" in out
    assert err.count("\n") == 1
    assert f"game {game_id}: its variations cannot be read" in err
    assert "exported with its main line only" in err
    (game,) = json.loads(exported.read_text(encoding="utf-8"))["games"]
    assert "tree" not in game
    assert [move["cell"] for move in game["moves"]] == list(MAIN)
    # A tree of the right shape whose moves the rules deny is told apart the same way.
    connection = sqlite3.connect(db)
    bad = json.dumps(
        [{"children": [1, 6]}]
        + [{"move": name, "children": [i + 2] if i < 4 else []} for i, name in enumerate(
            ["a3", "a2", "b3", "b1", "c3"])]
        + [{"move": "z9", "children": []}]
    )  # fmt: skip
    with connection:
        connection.execute("UPDATE games SET tree = ? WHERE id = ?", (bad, game_id))
    connection.close()
    code, _, err = run("export", str(exported), "--db", str(db))
    assert code == 1
    assert "node 6 ('z9')" in err
