"""One interface for every game the app plays (the registry that finds each by its id is
:mod:`~tictactoe_gui.engine.games`, which also names everything defined here).

A game (k in a row, Row & Column ...) is registered once as a :class:`Game`:
its name, the grammar of its ids (``MxNkK``, ``rowcolN``) and the sizes it
lists by name. :func:`~tictactoe_gui.engine.games.find_game` turns an id as a
person types it (``gomoku``, ``3x4k3``, ``rowcol5``) into a :class:`GameSpec`, one
size of one game, which knows the game's notation, its players, its solver and its
analysis, and makes :class:`GameState` values: immutable positions that remember the moves that
led to them, so they play, undo, report a result and write themselves out.

The shape follows python-chess (one board interface, variants found by name)
and OpenSpiel (``register_game``; a move is an integer, as OpenSpiel's
actions are, from 0 to :attr:`GameSpec.move_space` - 1). The games' own
engines stay in their modules; each game's module here is an adapter over
them (:mod:`~tictactoe_gui.engine.k_in_a_row`,
:mod:`~tictactoe_gui.engine.row_and_column`, :mod:`~tictactoe_gui.engine.connect_four`),
which build on this module alone: the registry loads them on its first use, and they
never import it.
"""

from __future__ import annotations

import abc
import math
import random
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Self

from tictactoe_gui.engine.analysis_words import (
    candidates_heading,
    expected_line,
    game_over_line,
    prediction_line,
)
from tictactoe_gui.engine.game_values import (
    Certainty as Certainty,
    GameAnalysis as GameAnalysis,
    GameError as GameError,
    GameResult as GameResult,
    GameSolution as GameSolution,
    MoveChoice as MoveChoice,
    MoveError as MoveError,
    MoveValue as MoveValue,
    NoSolverError as NoSolverError,
    OutOfTimeError as OutOfTimeError,
    PlayerInfo as PlayerInfo,
    PositionTextError as PositionTextError,
    Solving as Solving,
    UnknownGameError as UnknownGameError,
    ValueKind as ValueKind,
)
from tictactoe_gui.engine.limits import Limit as Limit
from tictactoe_gui.engine.variants import (
    BUILT_IN,
    Family,
    Variant,
    VariantError,
    get_variant,
    quote,
)

if TYPE_CHECKING:
    from tictactoe_gui.engine.analysis import Judgement
    from tictactoe_gui.engine.board import Board
    from tictactoe_gui.engine.personas import Event
    from tictactoe_gui.engine.review import Settled
    from tictactoe_gui.engine.search import SearchProgress

#: Told what a search has found so far (after each completed depth, and now and then its
#: node count), where the game's search says.
Progress = Callable[["SearchProgress"], None]


class GameState(abc.ABC):
    """A position of one game and the moves that led to it. Immutable: :meth:`play` and
    :meth:`undo` return other states, so states cross threads freely."""

    __slots__ = ()

    #: The game and size this is a position of.
    spec: GameSpec
    #: The moves played from :attr:`start` to here.
    moves: tuple[int, ...]

    @property
    @abc.abstractmethod
    def start(self) -> Self:
        """The state the moves were played from (a new game, or a position read from text)."""

    @property
    @abc.abstractmethod
    def to_move(self) -> int | None:
        """The seat to move (0 or 1, see :attr:`GameSpec.seats`); None once the game is over."""

    @abc.abstractmethod
    def legal_moves(self) -> tuple[int, ...]:
        """Every move allowed now, in increasing order; none once the game is over."""

    @abc.abstractmethod
    def play(self, move: int) -> Self:
        """The state after ``move``; :class:`MoveError` with the reason if it is not allowed."""

    @abc.abstractmethod
    def undo(self) -> Self:
        """The state before the last move; :class:`GameError` when no move was played."""

    @property
    @abc.abstractmethod
    def result(self) -> GameResult | None:
        """The result once the game is over, else None."""

    @property
    @abc.abstractmethod
    def scores(self) -> tuple[int, int] | None:
        """Each seat's points so far, in games that keep a score (Row & Column); else None."""

    @abc.abstractmethod
    def position_text(self) -> str:
        """The position in the game's text form (:meth:`GameSpec.from_position_text` reads it)."""

    def is_legal(self, move: int) -> bool:
        return move in self.legal_moves()

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def read_move(self, text: str) -> int:
        """The move written ``text`` here: the game's notation (:meth:`GameSpec.parse_move`),
        or a short form only a position can read, where the game has one (a column's letter
        in a game where discs fall); :class:`MoveError` for text naming no move."""
        return self.spec.parse_move(text)

    def read_moves(self, text: str) -> tuple[int, ...]:
        """Moves written ``text``, to be played from here: :meth:`GameSpec.parse_move_list`,
        or the game's own short forms (a string of column digits where discs fall)."""
        return self.spec.parse_move_list(text)

    def play_text(self, text: str) -> Self:
        """The state after the move written ``text`` (``"b2"``)."""
        return self.play(self.spec.parse_move(text))

    def play_all(self, moves: Iterable[int]) -> Self:
        state = self
        for move in moves:
            state = state.play(move)
        return state

    def move_list_text(self) -> str:
        """The moves from :attr:`start`, as :meth:`GameSpec.format_move_list` writes them."""
        return self.spec.format_move_list(self.moves)

    def picture(self) -> str:
        """The position drawn in lines of text for a terminal, with the cells' names around it
        (the command line's ``play`` and ``analyse`` print it). By default its text form."""
        return self.position_text()

    def start_parts(self) -> tuple[str, int | None, int | None]:
        """This position as a record keeps the start of a game: the board's text, and apart
        from it what the board alone does not say (the last move the rules still depend on,
        and the seat to move where either may begin); :meth:`GameSpec.position` reads the
        three back. By default the position's text, with nothing apart."""
        return self.position_text(), None, None

    def marks_board(self) -> Board | None:
        """The position as k in a row's :class:`~tictactoe_gui.engine.board.Board` of X and
        O (where discs fall, the cells they have landed on), which the window draws and
        reads out; None (the default) in a game whose board is no grid of X and O."""
        return None


class LinkedState(GameState):
    """A state that keeps the one it was played from (``previous``; None where its moves
    began): :attr:`start` and :meth:`undo` follow that link, as every built-in game's do."""

    __slots__ = ()

    #: The state before the last move; None at :attr:`start`.
    previous: Self | None

    @property
    def start(self) -> Self:
        state = self
        while state.previous is not None:
            state = state.previous
        return state

    def undo(self) -> Self:
        if self.previous is None:
            word = self.spec.move_word
            raise GameError(f"no {word} to take back: this is where the game started")
        return self.previous


@dataclass(frozen=True, slots=True)
class GameSpec(abc.ABC):
    """One game of one size, as :func:`find_game` names it: everything but the position."""

    #: The id every layer uses (``--game``, the records): ``tictactoe``, ``3x4k3``, ``rowcol5``.
    id: str
    name: str
    rows: int
    cols: int
    #: The board in words: ``"3×3, three in a row"``.
    size_text: str
    #: What each seat is called: ``("X", "O")``, ``("A", "B")``.
    seats: tuple[str, str]
    #: Moves are the integers 0 to ``move_space - 1`` (not all legal at once).
    move_space: int
    solving: Solving
    #: :attr:`solving` for this size in a sentence.
    solving_text: str
    value_kind: ValueKind
    #: The same game as the older :class:`~tictactoe_gui.engine.variants.Variant` value.
    variant: Variant

    # -- states ---------------------------------------------------------------------------

    @abc.abstractmethod
    def new_game(
        self, seed: int = 0, *, first: int = 0, values: tuple[int, int] | None = None
    ) -> GameState:
        """The start of a game (a game with a drawn board draws it from ``seed``).

        ``first`` is the seat that moves first and ``values`` the range a drawn board's
        numbers come from, where the game lets them be chosen (:attr:`chooses_first`,
        :attr:`draws_values`); :class:`GameError` says so in a game that does not.
        """

    @abc.abstractmethod
    def from_position_text(self, text: str) -> GameState:
        """The position ``text`` describes (:class:`PositionTextError` if none), no moves played."""

    #: What a move is called in sentences: ``"move"``, ``"take"``.
    move_word: ClassVar[str] = "move"
    #: What making one is called: ``"play"`` (``"Sera plays b2"``), ``"take"``.
    move_verb: ClassVar[str] = "play"
    #: How a person names a move, in a prompt: ``"a cell such as {example}"``, where the
    #: example is a legal move in the game's notation.
    move_prompt: ClassVar[str] = "a cell such as {example}"
    #: Whether :meth:`new_game` lets either seat move first.
    chooses_first: ClassVar[bool] = False
    #: What a game that no seat wins is called: ``"draw"``, ``"tie"`` (a game of points).
    draw_word: ClassVar[str] = "draw"
    #: Whether a new game draws a board of numbers, whose range :meth:`new_game` takes.
    draws_values: ClassVar[bool] = False
    #: The range a drawn board's numbers come from when none is given (games that draw one).
    default_values: ClassVar[tuple[int, int] | None] = None
    #: Whether the side to move may give the game up (a game decided by points ends on the
    #: board instead).
    can_resign: ClassVar[bool] = True
    #: Whether each move fills one empty cell of the board, the move being the cell's index
    #: (``row * cols + col``, row 0 the top): the records keep the games where it does.
    moves_fill_cells: ClassVar[bool] = False

    #: Whether Piskvork's ``.psq`` files can hold this game: stones put on any free cell,
    #: a move being the cell ``row * cols + col`` (see :mod:`~.field_formats`).
    psq_files: ClassVar[bool] = False
    #: Whether programs speaking the Gomocup protocol, and k in a row's engine at a chosen
    #: strength, play it (``match``'s ``engine:``, ``cop:N`` and ``sera:T`` players): stones
    #: put on any free cell of a board where k in a row wins.
    gomocup_players: ClassVar[bool] = False
    #: Whether a game is written as the columns its discs fall in (``4453``).
    column_digits: ClassVar[bool] = False
    #: The page of the help (``resources/help/``) that gives this game's rules.
    rules_page: ClassVar[str] = "README.md"

    # -- what the window and the command line ask of a game --------------------------------

    #: The key of the game this is a size of (:attr:`Game.key`: ``"mnk"``, ``"rowcol"``):
    #: :func:`~tictactoe_gui.engine.games.registered_game` finds the game by it, and the
    #: window keeps it as the kind of game last played.
    game_key: ClassVar[str] = ""
    #: Whether it is k in a row: a board of X and O where a mark goes on any free cell, with
    #: its own Set Up Position dialog, Piskvork's .psq files and the ``brain`` command.
    k_in_a_row_board: ClassVar[bool] = False
    #: Whether a move drops a disc into a column, where it falls to the lowest empty cell
    #: (the board says where it lands; :meth:`GameState.marks_board` holds the cells).
    discs_fall: ClassVar[bool] = False
    #: Whether New Game gives the game options of its own (Row & Column's size, players
    #: and numbers) in place of the games combo and the personas; its size is kept with
    #: them, not as the combo's last game.
    own_new_game_options: ClassVar[bool] = False

    def board_paragraph(self) -> str:
        """One paragraph (Markdown) about the board being played: its size and what wins.
        The help puts it above the game's rules page."""
        return f"# How to play {self.name}\n\n{self.size_text}.\n"

    def position(
        self, text: str, *, last: int | None = None, to_move: int | None = None
    ) -> GameState:
        """The position ``text`` describes, with the last move and the seat to move given
        apart from the text, where the game's positions need them (Row & Column's last take);
        :class:`PositionTextError` in a game whose text says all."""
        if last is not None or to_move is not None:
            raise PositionTextError(
                f"a position of {self.name} is its text alone; it takes no last move or "
                "player to move beside it"
            )
        return self.from_position_text(text)

    def sized_for(self, text: str) -> GameSpec:
        """This game on the board the position ``text`` is drawn on, for an id that names no
        size (see :attr:`Game.unsized`); this spec itself by default. PositionTextError
        when the text describes no board of the game."""
        return self

    def seat(self, text: str) -> int:
        """The seat named ``text`` (``"a"`` is seat 0 in Row & Column); GameError otherwise."""
        wanted = text.strip().upper()
        for index, name in enumerate(self.seats):
            if wanted == name.upper():
                return index
        raise GameError(
            f"the first player is {self.seats[0]} or {self.seats[1]}, got {quote(text.strip())}"
        )

    # -- notation -------------------------------------------------------------------------

    @abc.abstractmethod
    def parse_move(self, text: str) -> int:
        """The move written ``text`` (``"b2"``); :class:`MoveError` for text naming no move."""

    @abc.abstractmethod
    def format_move(self, move: int) -> str: ...

    def format_move_list(self, moves: Iterable[int]) -> str:
        """``"b2, a1, c3"``."""
        return ", ".join(self.format_move(move) for move in moves)

    def parse_move_list(self, text: str) -> tuple[int, ...]:
        """Moves separated by commas (spaces allowed); empty text is no moves."""
        if not text.strip():
            return ()
        moves = []
        for number, part in enumerate(text.split(","), start=1):
            try:
                moves.append(self.parse_move(part))
            except MoveError as error:
                raise MoveError(f"move {number}: {error}") from None
        return tuple(moves)

    def check_move(self, move: int) -> None:
        """:class:`MoveError` unless ``move`` is one of this game's moves."""
        if not 0 <= move < self.move_space:
            raise MoveError(
                f"move {move} is not a move of {self.id}: moves run 0 to {self.move_space - 1}"
            )

    # -- players and engines --------------------------------------------------------------

    @property
    @abc.abstractmethod
    def players(self) -> tuple[PlayerInfo, ...]:
        """The computer players, weakest first."""

    def player(self, key: str) -> PlayerInfo:
        """The player named ``key`` or by its name (case-insensitive)."""
        wanted = key.strip().lower()
        for player in self.players:
            if wanted in (player.key, player.name.lower()):
                return player
        known = ", ".join(player.key for player in self.players)
        raise GameError(f"{self.name} has no player {quote(key)}; choose one of: {known}")

    @property
    def default_players(self) -> tuple[str, str]:
        """Who plays when no one is named: the strongest player against the medium one."""
        players = self.players
        medium = next((p for p in players if p.level == "medium"), players[0])
        return players[-1].key, medium.key

    def say(self, player: str, event: Event, rng: random.Random | None = None) -> str:
        """What ``player`` says on ``event`` (a greeting, a win ...); nothing by default."""
        return ""

    @abc.abstractmethod
    def choose_move(
        self,
        state: GameState,
        player: str,
        rng: random.Random,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
    ) -> int:
        """The move ``player`` plays in ``state``; all chance comes from ``rng``.

        ``limit`` is the engine's one :class:`~tictactoe_gui.engine.limits.Limit` (time,
        depth, nodes) for the player's search, where the player searches within one (None:
        the player's own measure).

        ``cancel`` goes to the player's search where it takes one (Row & Column's, and
        k in a row's on boards too big to solve): setting it stops that search with
        :class:`~tictactoe_gui.engine.search.SearchCancelled`.
        """

    def decide(
        self,
        state: GameState,
        player: str,
        rng: random.Random,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> MoveChoice:
        """:meth:`choose_move`, with what the choice cost where the game's players say it (the
        records keep each side's nodes and depth) and the analysis of ``state`` where the
        game has one at hand (see :class:`MoveChoice`). ``progress`` hears the player's own
        search as it goes, where the game's players report one (its numbers are the
        player's, not the analysis's)."""
        return MoveChoice(self.choose_move(state, player, rng, limit=limit, cancel=cancel))

    def merge_choice(self, analysis: GameAnalysis, choice: MoveChoice) -> GameAnalysis:
        """``analysis`` of the position where ``choice`` was made, saying too what the
        player's search found that the analysis did not (a proof: the dock then says what the
        player knows). As it is by default."""
        return analysis

    def analysed_at_once(self, state: GameState) -> bool:
        """Whether :meth:`analyse` settles ``state`` exactly in a moment, whatever its limit:
        a game played to its end without a window then keeps every such move's score and the
        coach's verdict on it, as the window does. None by default."""
        return False

    #: The search algorithms :meth:`analyse` offers by name, the default first (none: one).
    algorithms: ClassVar[tuple[str, ...]] = ()

    @abc.abstractmethod
    def analyse(
        self,
        state: GameState,
        *,
        limit: Limit | None = None,
        cancel: threading.Event | None = None,
        algorithm: str | None = None,
        progress: Progress | None = None,
    ) -> GameAnalysis:
        """Every legal move scored: proven where the engine can, an estimate otherwise.

        ``limit`` bounds the search (the engine's one
        :class:`~tictactoe_gui.engine.limits.Limit`: time, depth, nodes; None: the game's
        own default), where the game's search takes one; its ``proof_time`` is how long a
        proof search may try to settle the result, where the game has one (the command line
        gives it minutes; the window a moment).

        Setting ``cancel`` stops the search with
        :class:`~tictactoe_gui.engine.search.SearchCancelled` (a short one may finish first).
        ``algorithm`` is one of :attr:`algorithms` (GameError for another). ``progress``
        hears the search as it goes, where the game's search reports (an estimate after each
        completed depth).
        """

    def compare_algorithms(
        self,
        state: GameState,
        *,
        cancel: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> tuple[tuple[str, GameAnalysis], ...]:
        """``state`` analysed by each of :attr:`algorithms` from a cold start, fastest first,
        so that what each search costs (its nodes) can be compared, where the position is
        small enough for every one of them to settle; none by default."""
        return ()

    def algorithm_name(self, algorithm: str) -> str:
        """One of :attr:`algorithms` as a person reads it (``"Alpha-beta"``); by default its
        name as given."""
        self.check_algorithm(algorithm)
        return algorithm

    def compares(self, state: GameState) -> bool:
        """Whether :meth:`compare_algorithms` compares the searches on ``state``: a position
        small enough for each of them to settle. Never by default."""
        return False

    #: Whether :meth:`analyse` says how deep its search looked (:attr:`GameAnalysis.depth`
    #: and :attr:`GameAnalysis.max_depth`): a game whose search goes depth by depth.
    reports_depth: ClassVar[bool] = False

    def check_algorithm(self, algorithm: str | None) -> None:
        """:class:`GameError` unless ``algorithm`` is None or one of :attr:`algorithms`."""
        if algorithm is None or algorithm in self.algorithms:
            return
        if not self.algorithms:
            raise GameError(f"{self.name} has one search; there is no algorithm to choose")
        raise GameError(
            f"{self.name} has no algorithm {quote(algorithm)}; choose one of: "
            f"{', '.join(self.algorithms)}"
        )

    def analysis_json(self, state: GameState, analysis: GameAnalysis) -> dict[str, object]:
        """The analysis as a JSON object (``analyse --json``): its fields stay, new ones are
        added. By default the interface's own values, moves in the game's notation."""
        mover = state.to_move
        return {
            "game": self.id,
            "board": state.position_text(),
            "to_move": None if mover is None else self.seats[mover],
            "exact": analysis.certainty is Certainty.PROVEN,
            "result": None if analysis.result is None else analysis.result.text,
            "prediction": analysis.prediction,
            "best_moves": [self.format_move(move) for move in analysis.best_moves],
            "candidates": [
                {
                    "move": value.text,
                    "certainty": value.certainty.value,
                    "score": value.score,
                    "value": value.value,
                    "words": value.words,
                }
                for value in analysis.moves
            ],
            "principal_variation": [self.format_move(move) for move in analysis.line],
            "nodes": analysis.nodes,
            "elapsed_ms": round(analysis.elapsed * 1000, 3),
        }

    def analysis_text(self, state: GameState, analysis: GameAnalysis) -> str:
        """The analysis for a person to read (``analyse``): the position, every move best
        first, the prediction. By default from the interface's own values."""
        lines = [state.picture(), ""]
        result = state.result
        if result is not None:
            lines.append(game_over_line(result.text))
            return "\n".join(lines)
        mover = state.to_move
        assert mover is not None
        proven = analysis.certainty is Certainty.PROVEN
        lines.append(f"{self.seats[mover]} to move. {candidates_heading(proven)}")
        best = set(analysis.best_moves)
        for value in analysis.moves:
            lines.append(f" {'*' if value.move in best else ' '} {value.text:<5} {value.words}")
        lines.append("")
        lines.append(prediction_line(proven, analysis.prediction))
        lines.append(expected_line(proven, self.format_move_list(analysis.line)))
        lines.append(f"Searched {analysis.nodes:,} nodes in {analysis.elapsed * 1000:.2f} ms.")
        return "\n".join(lines)

    # -- verdicts -------------------------------------------------------------------------

    #: An estimate's score that reads as one step of winning chance (see :meth:`chance_of`).
    chance_scale: ClassVar[float] = 1.0
    #: What an estimate's score counts, in a sentence for a person (the dock's evaluation
    #: says it); empty where the game says nothing more than "positive: better".
    evaluation_units: ClassVar[str] = ""

    def chance_of(self, state: GameState, value: MoveValue) -> float:
        """The mover's chance of winning after ``value``'s move in ``state``, from 0 to 1:
        1, ½ or 0 where its value is proven, else its estimate on a logistic curve (level is
        ½; :attr:`chance_scale` ahead is about 73 %). In a game of points the margin already
        made counts with the margin still to come."""
        return score_chance(value, _margin_so_far(state), self.chance_scale)

    def judge(
        self,
        state: GameState,
        before: GameAnalysis,
        move: int,
        after: GameAnalysis | None = None,
        *,
        known_before: Settled | None = None,
        known_after: Settled | None = None,
    ) -> Judgement | None:
        """How good ``move`` was in ``state``, whose analysis is ``before`` (``after``: the
        analysis of the position after it, where there is one); None when nothing tells.

        What is proven decides first (``known_before``/``known_after``: results the game
        proved later), then the winning chance the move gave away by the estimate
        (:meth:`chance_of`), said so. Games whose coach judges in its own way override it,
        so a review means what the game's verdicts mean."""
        from tictactoe_gui.engine.review import judge_values

        return judge_values(
            state, before, move, after, known_before=known_before, known_after=known_after
        )

    @abc.abstractmethod
    def solve(self, state: GameState, *, node_limit: int | None = None) -> GameAnalysis:
        """The exact analysis of ``state``, every move proven, however long it takes (or
        :class:`GameError` past ``node_limit`` nodes). Only small sizes finish."""

    #: Whether :meth:`prove` solves this game's positions (exactly, given the time).
    has_solver: ClassVar[bool] = False

    def prove(
        self,
        state: GameState,
        *,
        limit: Limit,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> GameSolution:
        """The result of ``state`` with best play and its line, proven by the game's exact
        solver; :class:`OutOfTimeError` once ``limit`` is reached (its time, or its nodes
        where the solver counts them), :class:`NoSolverError` in a game without one.
        ``on_progress(done, total)`` reports the moves searched."""
        raise NoSolverError(f"{self.name} has no exact solver; analyse gives its engine's estimate")

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, slots=True)
class Game:
    """A registered game: every size it is played on, found through its grammar."""

    #: A short key: ``"mnk"``, ``"rowcol"``.
    key: str
    name: str
    #: The grammar of its ids: ``"MxNkK"``, ``"rowcolN"``.
    grammar: str
    #: The grammar in words, the sizes it allows and an example.
    grammar_text: str
    #: The sizes offered by name, in menu order.
    listed: tuple[GameSpec, ...]
    #: The smallest sizes, which a test can solve by brute force.
    smallest: tuple[GameSpec, ...]
    #: The spec ``text`` names (an id, an alias or the grammar); None when the text is not
    #: this game's; :class:`UnknownGameError` for this game's grammar at a size it lacks.
    find: Callable[[str], GameSpec | None] = field(repr=False)
    #: Ids that name the game but not its size (``rowcol``): a position read under one of
    #: them takes its size from its text (:meth:`GameSpec.sized_for`).
    unsized: tuple[str, ...] = ()


def variant_game(
    *,
    key: str,
    name: str,
    grammar: str,
    grammar_text: str,
    family: Family,
    pattern: re.Pattern[str],
    spec_of: Callable[[Variant], GameSpec],
    smallest: Iterable[Variant],
    unsized: tuple[str, ...] = (),
) -> Game:
    """A game whose sizes are the :class:`~.variants.Variant` values of one ``family`` (k in
    a row, Row & Column): it lists the family's built-in variants, and finds an id as
    :func:`~.variants.get_variant` reads it; text of the family's ``pattern`` naming no
    size of it is an :class:`UnknownGameError` that says why."""

    def find(text: str) -> GameSpec | None:
        try:
            variant = get_variant(text)
        except VariantError as error:
            if pattern.fullmatch(text):
                raise UnknownGameError(str(error)) from None
            return None
        return spec_of(variant) if variant.family is family else None

    return Game(
        key=key,
        name=name,
        grammar=grammar,
        grammar_text=grammar_text,
        listed=tuple(spec_of(v) for v in BUILT_IN if v.family is family),
        smallest=tuple(spec_of(v) for v in smallest),
        find=find,
        unsized=unsized,
    )


def limit_text(limit: Limit) -> str:
    """A limit as a message says it: ``"1 second"``, ``"2 seconds or 10,000 nodes"``."""
    parts = []
    if limit.time is not None:
        parts.append(f"{limit.time:g} {'second' if limit.time == 1 else 'seconds'}")
    if limit.depth is not None:
        parts.append(f"{limit.depth} {'ply' if limit.depth == 1 else 'plies'}")
    if limit.nodes is not None:
        parts.append(f"{limit.nodes:,} {'node' if limit.nodes == 1 else 'nodes'}")
    return " or ".join(parts) or "no limit"


def score_chance(value: MoveValue, margin: int, scale: float) -> float:
    """A move's value as the mover's chance of winning (see :meth:`GameSpec.chance_of`)."""
    if value.value is not None:
        return 1.0 if value.value > 0 else 0.0 if value.value < 0 else 0.5
    exponent = -(value.score + margin) / scale
    if exponent > 700:  # exp() would overflow: the chance is nil
        return 0.0
    return 1.0 / (1.0 + math.exp(exponent))


def _margin_so_far(state: GameState) -> int:
    """The mover's points less the other seat's, in a game that keeps a score; else 0."""
    scores, mover = state.scores, state.to_move
    if scores is None or mover is None:
        return 0
    return scores[mover] - scores[1 - mover]
