"""The registry of games: every game the app plays, found by its id.

A game registers once (:func:`register_game`); :func:`find_game` turns an id as a
person types it (``gomoku``, ``3x4k3``, ``rowcol5``) into a
:class:`~tictactoe_gui.engine.game_interface.GameSpec`. The games built in are the
adapters :mod:`~tictactoe_gui.engine.k_in_a_row`,
:mod:`~tictactoe_gui.engine.row_and_column` and
:mod:`~tictactoe_gui.engine.connect_four`, each loaded when a look-up first reaches it
(so its engine loads only then: finding a k-in-a-row game loads no other game's). They
build on the game interface (:mod:`~tictactoe_gui.engine.game_interface`, whose names
this module gives too) and never import the registry, so the engine has no import circle
through it (an import-linter contract in pyproject.toml keeps it so).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from tictactoe_gui.engine.game_interface import (
    Certainty as Certainty,
    Game as Game,
    GameAnalysis as GameAnalysis,
    GameError as GameError,
    GameResult as GameResult,
    GameSolution as GameSolution,
    GameSpec as GameSpec,
    GameState as GameState,
    Limit as Limit,
    MoveChoice as MoveChoice,
    MoveError as MoveError,
    MoveValue as MoveValue,
    NoSolverError as NoSolverError,
    OutOfTimeError as OutOfTimeError,
    PlayerInfo as PlayerInfo,
    PositionTextError as PositionTextError,
    Progress as Progress,
    Solving as Solving,
    UnknownGameError as UnknownGameError,
    ValueKind as ValueKind,
    limit_text as limit_text,
    score_chance as score_chance,
)
from tictactoe_gui.engine.variants import quote


@dataclass(frozen=True, slots=True)
class Listing:
    """What a menu of games shows of one game (New Game's list), known before the game
    loads: a game built in gives it beside its loader, so listing every game loads no
    game's engine (the conformance tests hold it equal to the loaded game's own)."""

    #: :attr:`Game.key`.
    key: str
    #: :attr:`Game.name`.
    name: str
    #: :attr:`Game.grammar`: how an id names any size (``MxNkK``, ``rowcolN``).
    grammar: str
    #: The sizes the game lists by name (:attr:`Game.listed`), as (id, name), in order.
    sizes: tuple[tuple[str, str], ...]
    #: :attr:`GameSpec.own_new_game_options` of its sizes.
    own_new_game_options: bool
    #: :attr:`GameSpec.k_in_a_row_board` of its sizes.
    k_in_a_row_board: bool

    @classmethod
    def of(cls, game: Game) -> Listing:
        first = game.listed[0]
        return cls(
            game.key,
            game.name,
            game.grammar,
            tuple((spec.id, spec.name) for spec in game.listed),
            first.own_new_game_options,
            first.k_in_a_row_board,
        )


class Registry:
    """Games by key, in the order they were registered.

    ``load`` registers games on first use, before any other; ``built_in`` names games by
    key with what loads each, in order, ahead of every game registered later: each loads
    (and its engine with it) only when a look-up reaches it, so finding a k-in-a-row game
    loads no other game's engine.
    """

    def __init__(
        self,
        load: Callable[[], None] | None = None,
        *,
        built_in: Sequence[tuple[str, Callable[[], Game]]] = (),
        listings: Mapping[str, Listing] | None = None,
    ) -> None:
        # Every game by key, in order; None for a built-in game not loaded yet.
        self._games: dict[str, Game | None] = dict.fromkeys(key for key, _ in built_in)
        self._loaders = dict(built_in)
        #: What a built-in game not loaded yet lists (:meth:`listings`).
        self._listings = dict(listings or {})
        # Registers the games built in, on first use.
        self._load_games = load
        self._loaded = load is None
        self._loading = False
        self._lock = threading.RLock()

    def register(self, game: Game) -> None:
        self._load()  # the games built in come first
        with self._lock:
            if game.key in self._games:
                raise GameError(f"a game {quote(game.key)} is registered already")
            self._games[game.key] = game

    def games(self) -> tuple[Game, ...]:
        self._load()
        return tuple(self._game(key) for key in tuple(self._games))

    def listings(self) -> tuple[Listing, ...]:
        """Every game as a menu lists it, in order, loading none that gave its listing."""
        self._load()
        return tuple(self._listing(key) for key in tuple(self._games))

    def _listing(self, key: str) -> Listing:
        if self._games[key] is None and key in self._listings:
            return self._listings[key]
        return Listing.of(self._game(key))

    def game(self, key: str) -> Game | None:
        """The game registered as ``key`` (``mnk``, ``rowcol``), loading it alone; None
        when no game has that key."""
        self._load()
        return self._game(key) if key in self._games else None

    def find(self, text: str) -> GameSpec:
        self._load()
        for key in tuple(self._games):
            spec = self._game(key).find(text)
            if spec is not None:
                return spec
        listed = ", ".join(spec.id for game in self.games() for spec in game.listed)
        grammars = " or ".join(
            f"{game.grammar} ({game.name}: {game.grammar_text})" for game in self.games()
        )
        raise UnknownGameError(f"unknown game {quote(text)}; choose one of {listed}, {grammars}")

    def _game(self, key: str) -> Game:
        game = self._games[key]
        if game is not None:
            return game
        with self._lock:
            # Another thread may have loaded it meanwhile.
            game = self._games[key]
            if game is None:
                game = self._loaders[key]()
                if game.key != key:
                    raise GameError(f"the game loaded as {quote(key)} is {quote(game.key)}")
                self._games[key] = game
            return game

    def _load(self) -> None:
        if self._loaded:
            return
        with self._lock:
            # Another thread may have loaded them meanwhile; the loader's own registrations
            # come back here in this thread while it runs.
            if self._loaded or self._loading or self._load_games is None:
                return
            self._loading = True
            try:
                self._load_games()
            finally:
                self._loading = False
            self._loaded = True


def _k_in_a_row() -> Game:
    from tictactoe_gui.engine import k_in_a_row

    return k_in_a_row.GAME


def _row_and_column() -> Game:
    from tictactoe_gui.engine import row_and_column

    return row_and_column.GAME


def _connect_four() -> Game:
    from tictactoe_gui.engine import connect_four

    return connect_four.GAME


#: The games built in, by key, in menu order: each module (and its engine) loads only when
#: a look-up reaches it.
BUILT_IN_GAMES: Final = (
    ("mnk", _k_in_a_row),
    ("rowcol", _row_and_column),
    ("gravity", _connect_four),
)


def _load_built_in_games() -> None:
    """Register the games built in, in menu order, all at once (a registry of a test's own)."""
    for _key, load in BUILT_IN_GAMES:
        REGISTRY.register(load())


#: What New Game lists of the games built in that load on first use, before they load
#: (k in a row loads with the default game; the conformance tests check these).
BUILT_IN_LISTINGS: Final = {
    "rowcol": Listing(
        "rowcol", "Row & Column", "rowcolN", (("rowcol4", "Row & Column 4×4"),), True, False
    ),
    "gravity": Listing(
        "gravity", "Connect Four", "MxNkKg", (("connect4", "Connect Four"),), False, False
    ),
}

REGISTRY: Final = Registry(built_in=BUILT_IN_GAMES, listings=BUILT_IN_LISTINGS)


def register_game(game: Game) -> None:
    """Add ``game`` to the registry: :func:`find_game` finds it and every test runs over it."""
    REGISTRY.register(game)


def registered_games() -> tuple[Game, ...]:
    return REGISTRY.games()


def game_listings() -> tuple[Listing, ...]:
    """Every registered game as a menu lists it, in order, without loading a game built
    in that has not loaded yet."""
    return REGISTRY.listings()


def registered_game(key: str) -> Game | None:
    """The game registered as ``key`` (:attr:`GameSpec.game_key`), loading no other; None
    when no game has that key."""
    return REGISTRY.game(key)


def find_game(text: str) -> GameSpec:
    """The game ``text`` names: an id, an alias or a grammar (case-insensitive)."""
    return REGISTRY.find(text)


def names_a_size(text: str) -> bool:
    """Whether the id ``text`` names a size of its game (``rowcol5``, ``tictactoe``) rather
    than only the game (``rowcol``; see :attr:`Game.unsized`)."""
    wanted = text.strip().lower()
    return not any(wanted in game.unsized for game in registered_games())


def listed_games() -> tuple[GameSpec, ...]:
    """Every registered game's sizes offered by name, in menu order."""
    return tuple(spec for game in registered_games() for spec in game.listed)
