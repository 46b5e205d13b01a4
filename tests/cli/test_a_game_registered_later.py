"""A game registered after the built-in ones is played by every command with nothing added.

The game here is a small take-away game written against the game interface
alone: a pile of stones, each move takes one, two or three, and whoever takes
the last stone wins (the first player wins unless the pile is a multiple of
four). The commands find it through the registry, play it with its own
players, analyse it with its own engine and its interface's reports, and
refuse in one line what it lacks (an exact solver).
"""

from __future__ import annotations

import json
import random
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import pytest

from tests.cli.helpers import run
from tictactoe_gui.engine import games
from tictactoe_gui.engine.games import (
    Certainty,
    Game,
    GameAnalysis,
    GameError,
    GameResult,
    GameSpec,
    GameState,
    Limit,
    MoveError,
    MoveValue,
    PlayerInfo,
    PositionTextError,
    Progress,
    Solving,
    ValueKind,
)
from tictactoe_gui.engine.variants import Variant

_ID = re.compile(r"take(\d+)")
_TEXT = re.compile(r"(\d+)/([LR])")


@dataclass(frozen=True, slots=True)
class PileState(GameState):
    spec: PileSpec
    stones: int
    mover: int = 0
    moves: tuple[int, ...] = ()
    previous: PileState | None = field(default=None, compare=False, repr=False)

    @property
    def start(self) -> PileState:
        return self if self.previous is None else self.previous.start

    @property
    def to_move(self) -> int | None:
        return None if self.stones == 0 else self.mover

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(range(min(3, self.stones)))

    def play(self, move: int) -> PileState:
        self.spec.check_move(move)
        if move not in self.legal_moves():
            raise MoveError(f"only {self.stones} stones are left")
        return PileState(
            self.spec, self.stones - move - 1, 1 - self.mover, (*self.moves, move), self
        )

    def undo(self) -> PileState:
        if self.previous is None:
            raise GameError("no move to take back")
        return self.previous

    @property
    def result(self) -> GameResult | None:
        if self.stones:
            return None
        winner = 1 - self.mover  # whoever took the last stone
        return GameResult(winner, (1, -1) if winner == 0 else (-1, 1), f"{'LR'[winner]} wins")

    @property
    def scores(self) -> None:
        return None

    def position_text(self) -> str:
        return f"{self.stones}/{'LR'[self.mover]}"


_PLAYERS = (
    PlayerInfo("random", "Pebble", "easy", "takes at random"),
    PlayerInfo("steady", "Steady", "medium", "always takes one stone"),
    PlayerInfo("perfect", "Quartz", "hard", "leaves a multiple of four when it can"),
)


@dataclass(frozen=True, slots=True)
class PileSpec(GameSpec):
    def new_game(
        self, seed: int = 0, *, first: int = 0, values: tuple[int, int] | None = None
    ) -> PileState:
        if first or values is not None:
            raise GameError("take-away always starts with L and a plain pile")
        return PileState(self, self.cols)

    def from_position_text(self, text: str) -> PileState:
        match = _TEXT.fullmatch(text.strip())
        if match is None or int(match.group(1)) > self.cols:
            raise PositionTextError(f"a position is STONES/L or STONES/R, got {text!r}")
        return PileState(self, int(match.group(1)), "LR".index(match.group(2)))

    def parse_move(self, text: str) -> int:
        if text.strip() not in ("1", "2", "3"):
            raise MoveError(f"{text.strip()!r} is not a move: take 1, 2 or 3 stones")
        return int(text) - 1

    def format_move(self, move: int) -> str:
        self.check_move(move)
        return str(move + 1)

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return _PLAYERS

    def choose_move(
        self,
        state: GameState,
        player: str,
        rng: random.Random,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
    ) -> int:
        pile = cast(PileState, state)
        key = self.player(player).key
        if key == "random":
            return rng.choice(pile.legal_moves())
        if key == "perfect" and pile.stones % 4:
            return pile.stones % 4 - 1
        return 0

    def analyse(
        self,
        state: GameState,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
        algorithm: str | None = None,
        progress: Progress | None = None,
    ) -> GameAnalysis:
        self.check_algorithm(algorithm)
        pile = cast(PileState, state)
        values = {
            move: 1 if (pile.stones - move - 1) % 4 == 0 else -1 for move in pile.legal_moves()
        }
        order = sorted(values, key=lambda move: -values[move])
        best = tuple(move for move in order if values[move] == values[order[0]])
        mover = pile.to_move
        result = pile.result
        if mover is not None:
            winner = mover if values[order[0]] == 1 else 1 - mover
            result = GameResult(winner, (1, -1) if winner == 0 else (-1, 1), f"{'LR'[winner]} wins")
        return GameAnalysis(
            Certainty.PROVEN,
            tuple(
                MoveValue(
                    m,
                    self.format_move(m),
                    Certainty.PROVEN,
                    values[m],
                    values[m],
                    "win" if values[m] == 1 else "loss",
                )
                for m in order
            ),
            best,
            result,
            "proven" if result is None else result.text,
            best[:1],
            len(values),
            0.0,
        )

    def solve(self, state: GameState, *, node_limit: int | None = None) -> GameAnalysis:
        return self.analyse(state)


def _find(text: str) -> PileSpec | None:
    match = _ID.fullmatch(text.strip().lower())
    if match is None:
        return None
    stones = int(match.group(1))
    return PileSpec(
        id=f"take{stones}",
        name=f"Take-away from {stones}",
        rows=1,
        cols=stones,
        size_text=f"a pile of {stones}",
        seats=("L", "R"),
        move_space=3,
        solving=Solving.EXACT,
        solving_text="solved at once",
        value_kind=ValueKind.OUTCOME,
        variant=cast(Variant, None),  # a game new to the app has no older Variant
    )


TAKE_AWAY = Game(
    key="take",
    name="Take-away",
    grammar="takeN",
    grammar_text="a pile of N stones; such as take7",
    listed=(cast(PileSpec, _find("take7")),),
    smallest=(cast(PileSpec, _find("take5")),),
    find=_find,
)


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in games and the take-away game, in a registry of this test's own."""
    monkeypatch.setattr(games, "REGISTRY", games.Registry(games._load_built_in_games))
    games.register_game(TAKE_AWAY)


def test_games_lists_it_with_its_grammar() -> None:
    code, out, err = run("games", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert "take7" in [game["id"] for game in payload["games"]]
    assert "takeN" in [grammar["grammar"] for grammar in payload["grammars"]]


def test_every_commands_game_option_names_it_with_its_grammar() -> None:
    for command in ("play", "match", "analyse"):
        code, out, err = run(command, "--help")
        assert (code, err) == (0, "")
        help_text = " ".join(out.split())
        for name in ("take7", "takeN", "connect4", "MxNkKg"):
            assert name in help_text, (command, name)


def test_match_plays_its_strongest_against_its_medium_player() -> None:
    code, out, err = run("match", "--game", "take7", "--games", "3", "--seed", "1", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert (payload["x"], payload["o"]) == ("perfect", "steady")
    # 7 is not a multiple of four: the first player, playing perfectly, wins every game.
    assert (payload["l_wins"], payload["r_wins"], payload["draws"]) == (3, 0, 0)
    code, out, err = run("match", "--game", "take7", "--x", "Steady", "--o", "Quartz")
    assert (code, err) == (0, "")
    assert out.startswith("Take-away from 7, Steady (steady) as L vs Quartz (perfect) as R")
    assert ": L won 0, R won 1, 0 drawn." in out


def test_play_takes_the_persons_moves_and_refuses_the_rest() -> None:
    # Against Steady (one stone each time): 3 leaves 4, then 3 leaves 0 after its 1.
    code, out, err = run("play", "--game", "take7", "--seed", "2", stdin="4\n3\n3\n")
    assert (code, err) == (0, "")
    assert "You are L; Steady (steady) is R." in out
    assert "'4' is not a move: take 1, 2 or 3 stones." in out
    assert "You play 3." in out
    assert "Steady plays 1." in out
    assert "The game is over: L wins." in out
    assert "You win!" in out


def test_analyse_reports_through_the_interface() -> None:
    code, out, err = run("analyse", "--game", "take7", "--json", "7/L", "--persona", "perfect")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert payload["best_moves"] == ["3"]
    assert payload["result"] == "L wins"
    assert payload["exact"] is True
    code, out, err = run("analyse", "--game", "take7", "6/R")
    assert (code, err) == (0, "")
    assert "R to move. Candidates, best first:" in out
    assert " * 2     win" in out
    code, _, err = run("analyse", "--game", "take7", "9/L")
    assert code == 2
    assert "a position is STONES/L or STONES/R" in err


def test_solve_and_the_start_options_are_refused_in_one_line() -> None:
    code, out, err = run("solve", "--game", "take7")
    assert (code, out) == (2, "")
    assert err == (
        "tictactoe-gui: Take-away from 7 has no exact solver; analyse gives its engine's estimate\n"
    )
    code, out, err = run("match", "--game", "take7", "--first", "R")
    assert (code, out) == (2, "")
    assert err == "tictactoe-gui: take-away always starts with L and a plain pile\n"


def test_recording_a_game_whose_moves_fill_no_cells_is_refused_before_it_is_played(
    tmp_path: Path,
) -> None:
    database = str(tmp_path / "records.db")
    for command in (("match", "--game", "take7"), ("play", "--game", "take7")):
        code, out, err = run(*command, "--record", "--db", database, stdin="1\n" * 7)
        assert (code, out) == (2, "")
        assert err == (
            "tictactoe-gui: --record: the records do not keep games of Take-away from 7; "
            "play without it\n"
        )
    assert not (tmp_path / "records.db").exists()
