"""What every game at the table keeps, whatever the game: without Qt, without a game's name.

:class:`SessionBase` is what :class:`~tictactoe_gui.session.table.TableSession` (every
game of the registry, through the game interface) keeps apart from the game's own values:

- **one rule for randomness**: the game's seed gives one ``random.Random``, from which
  each move's own generator is drawn in order (:meth:`SessionBase.ply_seed`), so a seed
  replays a game in the window, in ``play`` and in ``match``, whatever was searched and
  cancelled meanwhile;
- when the game began;
- **the moves and the position after each** (:meth:`SessionBase.play`,
  :meth:`SessionBase.set_moves`: undo, redo and replay set the moves to a list), each
  game saying only how a move is played on its position (``PositionT``: the
  interface's ``GameState``);
- **a resignation** (:meth:`SessionBase.resign`): the side to move gives the game up, the
  game is over, no move is played after it, and setting the moves (an undo) takes it back;
  and **a forfeit** (:meth:`SessionBase.forfeit`): a program that breaks the rules or the
  protocol loses, in any game, for the reason given;
- **the analyses of positions** (:meth:`SessionBase.add_analysis`,
  :meth:`SessionBase.analysis_of`) and **hints counted** once per position and side,
  however often one is asked for there (:meth:`SessionBase.count_hint`), a position told
  from another, however it was reached, by its key (``KeyT``: the
  interface's position text);
- **the words for the result** (:meth:`SessionBase.result_words`: who won, a draw, a
  resignation) and **the computer players' words at the end**
  (:meth:`SessionBase.reaction`), each seat's player given by the game
  (:meth:`SessionBase.player_of`, one kind of seat:
  :class:`~tictactoe_gui.session.seats.PlayerSpec`);
- **what is said at the table** in every game alike: the opening line
  (:meth:`SessionBase.opening_line`: the opponent's greeting, the coach, or who plays
  whom), each person's greeting (:meth:`SessionBase.greetings`), the coach's or a computer
  player's line on each move judged (:meth:`SessionBase.coach_line`) and the headline at
  the end (:meth:`SessionBase.headline`);
- **the coach's verdicts** (:meth:`SessionBase.judge_known_moves`): each move judged by
  the game's coach, told what is proven along the game
  (:meth:`SessionBase.proven_along_the_game`: a position whose mover reaches a position
  proven won for them is won for them too, so a proof found late, or the game's end, tells
  which earlier move lost it; facts about positions, kept after an undo), by what is proven
  alone where the position before a move is not analysed;
- the words for the coach's verdict on a move (:meth:`SessionBase.verdict_words`) and
  how each side played (:meth:`SessionBase.summaries`, one :class:`SideSummary` per
  side: its verdicts counted, a resignation counted as one more decision);
- **every line played** (:meth:`SessionBase.lines`): the game's tree of moves
  (:class:`~tictactoe_gui.engine.move_tree.MoveTree`, moves as the game interface's
  integers), which every change of the moves on the board follows, so that a different
  move from an earlier position becomes a variation and the line it replaced stays. It
  is the tree saved games keep, the one the move list shows and edits, and the one the
  records keep with a game.

A session's moves, sides, positions and analyses are type parameters (``MoveT``,
``SideT``, ``PositionT``, ``AnalysisT``: the game interface's ``int``, seat number,
``GameState`` and ``GameAnalysis`` in :class:`~tictactoe_gui.session.table.TableSession`);
a subclass says how a move becomes the tree's integer and back.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Generic, TypeVar

from tictactoe_gui.engine import Event, Judgement, Persona, Verdict
from tictactoe_gui.engine.move_tree import ROOT, MoveTree
from tictactoe_gui.engine.review import Settled
from tictactoe_gui.session.seats import PlayerSpec
from tictactoe_gui.session.words import (
    ESTIMATE_VERDICT_WORDS,
    VERDICT_WORDS,
    game_over,
    greeting_for,
    plural,
    resigned_ending,
)
from tictactoe_gui.storage.records import GameMode, WinLossDraw

MoveT = TypeVar("MoveT")
PositionT = TypeVar("PositionT")
SideT = TypeVar("SideT")
KeyT = TypeVar("KeyT", bound=Hashable)
AnalysisT = TypeVar("AnalysisT")


class Accuracy:
    """How one side's moves were judged, whatever the game: its verdicts counted, the share
    that kept the best outcome available, and those counts in words (the summaries of both
    sessions are built on it)."""

    __slots__ = ()
    best: int
    good: int
    mistakes: int
    blunders: int

    @property
    def judged(self) -> int:
        return self.best + self.good + self.mistakes + self.blunders

    @property
    def accuracy(self) -> float | None:
        """Share of judged moves that kept the best outcome available (best or good);
        None when no move was judged."""
        return (self.best + self.good) / self.judged if self.judged else None

    def verdict_details(self) -> list[str]:
        """``["3 best", "1 good", "1 mistake"]``: the verdicts counted, in words."""
        details = [f"{self.best} best", f"{self.good} good"]
        if self.mistakes:
            details.append(plural(self.mistakes, "mistake"))
        if self.blunders:
            details.append(plural(self.blunders, "blunder"))
        return details


@dataclass(frozen=True, slots=True)
class SideSummary(Accuracy, Generic[SideT]):
    """How one side played in any game, judged move by move by the game's coach."""

    name: str
    side: SideT
    #: What the game calls the side (``"X"``, ``"A"``).
    label: str
    #: What a move is called (``"move"``, ``"take"``).
    word: str
    moves: int
    best: int
    good: int
    mistakes: int
    blunders: int
    hints: int
    #: How many of the verdicts compare estimates rather than proven results.
    by_estimate: int = 0
    #: Whether this side gave the game up; the resignation counts as one more decision
    #: (good where the loss was proven, else a blunder).
    resigned: bool = False
    #: With ``resigned``: whether the position it gave up was proven lost.
    resigned_lost: bool = False

    def describe(self) -> str:
        head = f"{self.name} ({self.label})"
        if not self.moves:
            return f"{head}: no {self.word}s played"
        if self.accuracy is None:
            return f"{head}: {plural(self.moves, self.word)}, none judged"
        how = " by the estimate" if self.by_estimate else ""
        details = self.verdict_details()
        # The resignation is one of the decisions judged, not one of the moves.
        unjudged = self.moves + self.resigned - self.judged
        if unjudged:
            details.append(f"{unjudged} not judged")
        if self.hints:
            details.append(plural(self.hints, "hint"))
        if self.resigned and self.resigned_lost:
            details.append("then resigned a lost game")
        elif self.resigned:
            details.append("then resigned a game not proven lost, counted as a blunder")
        return f"{head}: {self.accuracy:.0%} accurate{how} — " + ", ".join(details)


def judged_by_proof(
    mover: int | None, known_before: Settled | None, known_after: Settled | None
) -> Judgement | None:
    """A verdict from proven results alone, where no analysis lists the move (None: none):
    a move after which a loss is proven is a blunder unless it was lost already, a win let
    go to a draw a mistake, else the outcome is kept."""
    if mover is None:
        return None
    if known_after is not None:
        if known_after.winner == 1 - mover:
            lost_before = known_before is not None and known_before.winner == 1 - mover
            return Judgement(Verdict.GOOD if lost_before else Verdict.BLUNDER)
        if known_after.winner is None and known_before is not None and known_before.winner == mover:
            return Judgement(Verdict.MISTAKE)
        return Judgement(Verdict.GOOD)
    if known_before is not None and known_before.winner == 1 - mover:
        return Judgement(Verdict.GOOD)
    return None


class SessionBase(ABC, Generic[MoveT, PositionT, SideT, KeyT, AnalysisT]):
    """A game's moves from its start and the position after each, a resignation, the
    analyses of positions and the hints asked for, its seed and per-move generators, its
    start time and its tree of lines, and the words for the coach's verdict on each move."""

    def __init__(
        self,
        start: PositionT,
        seed: int,
        started_at: datetime | None = None,
        lines: MoveTree | None = None,
    ) -> None:
        self.start = start
        self._moves: list[MoveT] = []
        #: The start, then the position after each move.
        self._positions: list[PositionT] = [start]
        #: The key of each position by its index, as far as asked for (a big board's key
        #: is its text: made once, not at every look).
        self._keys: dict[int, KeyT] = {}
        #: Counts the changes that can change what is proven (moves, analyses, an end).
        self._version = 0
        self._proven_memo: tuple[int, list[Settled | None]] | None = None
        self.seed = seed
        self.started_at = started_at or datetime.now(UTC)
        self._master = random.Random(seed)
        self._ply_seeds: list[int] = []
        self._tree = lines or MoveTree()
        self._node = ROOT
        #: The side that gave the game up (None: nobody has).
        self.resigned: SideT | None = None
        #: Why a program lost by breaking the rules or the protocol, when that ended the game.
        self.forfeit_reason = ""
        #: The hints each side asked for, one per position (see :meth:`count_hint`).
        self.hints: dict[SideT, int] = dict.fromkeys(self._sides(), 0)
        self._hinted: set[KeyT] = set()
        #: The analyses of positions, by position (see :meth:`add_analysis`).
        self.analyses: dict[KeyT, AnalysisT] = {}
        #: Positions' proven results (by position), from the analyses and from how the game
        #: went on: facts about positions, kept for the rest of the game (an undo aside).
        self.proven: dict[KeyT, Settled] = {}
        #: The coach's judgements as :meth:`judge_known_moves` last found them, by position
        #: and move (the tree's integer).
        self.judgements: dict[tuple[KeyT, int], Judgement] = {}

    # -- what a game says about its moves -------------------------------------------------

    @abstractmethod
    def _after(self, position: PositionT, move: MoveT) -> PositionT:
        """The position after ``move`` in ``position`` (the game's error for an illegal one)."""

    @abstractmethod
    def _to_move(self, position: PositionT) -> SideT | None:
        """The side to move in ``position``; None once the game has ended on the board."""

    @abstractmethod
    def _sides(self) -> tuple[SideT, SideT]:
        """The game's two sides, the first to sit first."""

    @abstractmethod
    def _position_key(self, position: PositionT) -> KeyT:
        """What tells ``position`` from another (how it was reached aside): analyses are
        kept by it, hints counted once per key."""

    @abstractmethod
    def _tree_move(self, move: MoveT) -> int:
        """``move`` as the tree keeps it (the game interface's integer)."""

    @abstractmethod
    def _game_move(self, move: int) -> MoveT:
        """The tree's ``move`` as the game plays it."""

    # -- the moves -----------------------------------------------------------------------

    @property
    def moves(self) -> tuple[MoveT, ...]:
        """The moves played from the start to the position on the board."""
        return tuple(self._moves)

    def position_at(self, ply: int) -> PositionT:
        """The position after ``ply`` moves (0: the start)."""
        return self._positions[ply]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, on the board or by a resignation."""
        return self.side_to_move is None

    def play(self, move: MoveT) -> PositionT:
        """Play ``move`` for the side to move (the game's error for an illegal one; a
        ValueError once a side has resigned); the tree of lines follows."""
        if self.resigned is not None:
            raise ValueError("the game is over: a side has resigned")
        after = self._after(self._positions[-1], move)
        self._moves.append(move)
        self._positions.append(after)
        self._keys.pop(len(self._positions) - 1, None)
        self._version += 1
        self._follow_moves()
        return after

    def set_moves(self, moves: Sequence[MoveT]) -> None:
        """Undo, redo and replay: the game becomes the start followed by ``moves`` (each one
        checked), a resignation taken back; the tree of lines follows."""
        # The moves they share with the line on the board keep their positions (and keys).
        same, shared = 0, min(len(moves), len(self._moves))
        while same < shared and moves[same] == self._moves[same]:
            same += 1
        positions = self._positions[: same + 1]
        for move in moves[same:]:
            positions.append(self._after(positions[-1], move))
        self._moves = list(moves)
        self._positions = positions
        self._keys = {index: key for index, key in self._keys.items() if index <= same}
        self._version += 1
        self.resigned = None
        self.forfeit_reason = ""
        self._follow_moves()

    def resign(self) -> SideT:
        """The side to move gives the game up: the game ends as a loss for it (a ValueError
        when it is over already). That side."""
        side = self.side_to_move
        if side is None:
            raise ValueError("the game is already over")
        self.resigned = side
        self._version += 1
        return side

    def forfeit(self, reason: str) -> SideT:
        """The program to move broke the rules or the protocol: it loses, for ``reason``, in
        any game (one never given up too; a ValueError once the game is over). Its side."""
        side = SessionBase.resign(self)
        self.forfeit_reason = reason
        return side

    # -- the players ------------------------------------------------------------------------

    @property
    @abstractmethod
    def seats(self) -> tuple[PlayerSpec, PlayerSpec]:
        """Who sits at the table, in the order of the game's sides (its setup's seats)."""

    def player_of(self, side: SideT) -> PlayerSpec:
        """Who sits on ``side``."""
        return self.seats[self._sides().index(side)]

    @abstractmethod
    def _name_of(self, side: SideT) -> str:
        """The name of ``side``'s player in the game."""

    @abstractmethod
    def _side_label(self, side: SideT) -> str:
        """What the game calls ``side`` ("X", "A")."""

    @abstractmethod
    def _other(self, side: SideT) -> SideT:
        """The side that is not ``side``."""

    @abstractmethod
    def _winner_on(self, position: PositionT) -> SideT | None:
        """The side that won ``position`` on the board (None: nobody has, or not over)."""

    @property
    def winner(self) -> SideT | None:
        """The side that won, once the game is over (None: a draw, a tie, or not over)."""
        if self.resigned is not None:
            return self._other(self.resigned)
        return self._winner_on(self._positions[-1])

    @property
    def side_to_move(self) -> SideT | None:
        """The side to move; None once the game is over (on the board or by a resignation)."""
        return None if self.resigned is not None else self._to_move(self._positions[-1])

    @property
    def player_to_move(self) -> PlayerSpec | None:
        """Who is to move; None once the game is over (on the board or by a resignation)."""
        side = self.side_to_move
        return None if side is None else self.player_of(side)

    def is_human_turn(self) -> bool:
        player = self.player_to_move
        return player is not None and not player.is_ai

    def ai_to_move(self) -> bool:
        player = self.player_to_move
        return player is not None and player.is_ai

    @abstractmethod
    def _say(self, player: PlayerSpec, event: Event, rng: random.Random) -> str:
        """What the computer player ``player`` says on ``event`` (nothing: ``""``)."""

    def _draw_words(self) -> str:
        """A result nobody won, in words (a game kept on points: a tie and the score)."""
        return "a draw"

    def _score_words(self, winner: SideT) -> str:
        """What follows the winner's name in a game kept on points (", 14 to 9")."""
        return ""

    def _resignation_words(self) -> str:
        """A game given up, as its replay and the History say it too: ``"Ann (X)
        resigned; Cop (O) wins"``."""
        loser = self.resigned
        assert loser is not None
        winner = self._other(loser)
        return resigned_ending(
            self._name_of(loser),
            self._side_label(loser),
            self._name_of(winner),
            self._side_label(winner),
        )

    def result_words(self) -> str:
        """``"Sera (X) wins"``, ``"a draw"``, ``"Ann (X) resigned; Cop (O) wins"``, ``"Cop
        (O) wins: <a program's forfeit>"``, with the score where the game keeps one (``"Ann
        (A) wins, 14 to 9"``, ``"a tie at 7 each"``), or ``""`` while the game goes on."""
        if not self.is_over:
            return ""
        winner = self.winner
        if winner is None:
            return self._draw_words()
        words = f"{self._name_of(winner)} ({self._side_label(winner)}) wins"
        if self.forfeit_reason:
            return f"{words}: {self.forfeit_reason}"
        if self.resigned is not None:
            return self._resignation_words()
        return words + self._score_words(winner)

    def end_status(self) -> str:
        """The status bar's sentence at the end, the same in every game: ``"Game over: Cop
        (O) wins."``, ``"Game over: a draw."``, ``"Game over: Ann (A) wins, 14 to 9."``."""
        return game_over(self.result_words())

    @property
    def move_word(self) -> str:
        """What a move of the game is called in its summaries (``"move"``, ``"take"``)."""
        return "move"

    def _resigned_a_lost_game(self) -> bool:
        """Whether the position given up was proven lost for the side that resigned."""
        return False

    def summaries(self) -> tuple[SideSummary[SideT], SideSummary[SideT]]:
        """How each side played: its moves, the coach's verdicts on them, its hints, and a
        resignation counted as one more decision (it kept the outcome only where the loss
        was proven; else it threw the game away: a side that lost is never "100 %")."""

        def summary(side: SideT) -> SideSummary[SideT]:
            counts = dict.fromkeys(Verdict, 0)
            moves = estimated = 0
            for ply in range(1, len(self._moves) + 1):
                if self._to_move(self._positions[ply - 1]) != side:
                    continue
                moves += 1
                judgement = self.judgement_at(ply)
                if judgement is not None:
                    counts[judgement.verdict] += 1
                    estimated += judgement.by_estimate
            resigned = self.resigned == side
            resigned_lost = resigned and self._resigned_a_lost_game()
            if resigned:
                counts[Verdict.GOOD if resigned_lost else Verdict.BLUNDER] += 1
            return SideSummary(
                self._name_of(side),
                side,
                self._side_label(side),
                self.move_word,
                moves,
                counts[Verdict.BEST],
                counts[Verdict.GOOD],
                counts[Verdict.MISTAKE],
                counts[Verdict.BLUNDER],
                self.hints[side],
                estimated,
                resigned,
                resigned_lost,
            )

        first, second = self._sides()
        return summary(first), summary(second)

    def _answers_resignation(self) -> bool:
        """Whether a side's giving up is what the winner speaks of (not a win on the board,
        nor a program's forfeit: its opponent won on the board's terms)."""
        return self.resigned is not None and not self.forfeit_reason

    def reaction(self) -> str:
        """Each computer player's word on the result, the first seated first
        (``Cop: “…”``); a player in both seats says which side speaks, and after a
        resignation the winner speaks of that. Nothing while the game goes on."""
        if not self.is_over:
            return ""
        winner = self.winner
        players = [(side, self.player_of(side)) for side in self._sides()]
        computers = [(side, player) for side, player in players if player.is_ai]
        same = len({player for _, player in computers}) < len(computers)
        rng = self.move_rng(len(self._moves))
        lines = []
        for side, player in computers:
            event = Event.DRAW if winner is None else Event.WIN if winner == side else Event.LOSS
            if event is Event.WIN and self._answers_resignation():
                event = Event.RESIGNATION  # it won because the other side gave up
            words = self._say(player, event, rng)
            if words:
                name = self._name_of(side)
                speaker = f"{name} ({self._side_label(side)})" if same else name
                lines.append(f"{speaker}: “{words}”")
        return "   ".join(lines)

    # -- analyses and hints -----------------------------------------------------------------

    def position_key(self, position: PositionT) -> KeyT:
        """What the session keeps ``position``'s analysis and hints by (how it was reached
        aside)."""
        return self._position_key(position)

    def _key_at(self, index: int) -> KeyT:
        """The key of the position after ``index`` moves (0: the start)."""
        key = self._keys.get(index)
        if key is None:
            key = self._keys[index] = self._position_key(self._positions[index])
        return key

    def add_analysis(self, position: PositionT, analysis: AnalysisT) -> None:
        """``analysis`` of ``position``, kept for that position however it is reached."""
        self.analyses[self._position_key(position)] = analysis
        self._version += 1

    def add_analyses(self, analyses: Mapping[KeyT, AnalysisT]) -> None:
        """Analyses by position key (:meth:`position_key`), as :meth:`add_analysis` keeps
        them: what is known of positions before this game began, say."""
        self.analyses.update(analyses)
        self._version += 1

    def analysis_of(self, position: PositionT) -> AnalysisT | None:
        """The analysis of ``position`` (reached any way), None while there is none."""
        return self.analyses.get(self._position_key(position))

    def unanalysed(self) -> tuple[PositionT, ...]:
        """The positions before each move that no analysis covers yet (the coach needs
        them), each once."""
        missing: dict[KeyT, PositionT] = {}
        for index, position in enumerate(self._positions[:-1]):
            key = self._key_at(index)
            if key not in self.analyses:
                missing.setdefault(key, position)
        return tuple(missing.values())

    def count_hint(self) -> None:
        """A hint was asked for in the position on the board: counted for the side to move,
        once per position however often it is asked (nothing once the game is over)."""
        side = self.side_to_move
        key = self._key_at(len(self._positions) - 1)
        if side is not None and key not in self._hinted:
            self._hinted.add(key)
            self.hints[side] += 1

    # -- randomness ------------------------------------------------------------------------

    def ply_seed(self, ply: int | None = None) -> int:
        """The seed of the decision at ``ply`` (0-based, counted from the start; default: now)."""
        ply = len(self.moves) if ply is None else ply
        while len(self._ply_seeds) <= ply:
            self._ply_seeds.append(self._master.getrandbits(63))
        return self._ply_seeds[ply]

    def move_rng(self, ply: int | None = None) -> random.Random:
        """The generator a computer player decides with at ``ply`` (see :meth:`ply_seed`)."""
        return random.Random(self.ply_seed(ply))

    # -- every line played -----------------------------------------------------------------

    def lines(self) -> MoveTree:
        """Every line played in the game, its variations too: the tree of moves from the
        start (moves as the game interface's integers, the main line first; see
        :mod:`tictactoe_gui.engine.move_tree`). The one way the tree is read from a session."""
        return self._tree

    @property
    def line_node(self) -> int:
        """The node of :meth:`lines` on the board (the position after :attr:`moves`)."""
        return self._node

    def set_lines(self, tree: MoveTree, node: int = ROOT) -> None:
        """``tree`` as the game's lines (its variations promoted, deleted or made the main
        line; a saved game's), at ``node`` until the moves on the board are next set."""
        self._tree, self._node = tree, node

    def add_line(self, moves: Sequence[MoveT]) -> int:
        """``moves`` from the start kept in the tree (added where new) without playing them;
        their node."""
        self._tree, node = self._tree.follow(ROOT, [self._tree_move(move) for move in moves])
        return node

    def moves_to(self, node: int) -> tuple[MoveT, ...]:
        """The moves from the start to ``node`` of :meth:`lines`."""
        return tuple(self._game_move(move) for move in self._tree.moves_to(node))

    def line_after(self, node: int) -> tuple[MoveT, ...]:
        """The moves that go on from ``node`` along its line (first moves), to its end."""
        tree = self._tree
        return tuple(self._game_move(tree.move(step) or 0) for step in tree.line_from(node))

    # -- the coach's verdicts ----------------------------------------------------------------

    @abstractmethod
    def _settled_on(self, position: PositionT, key: KeyT) -> Settled | None:
        """What is proven of ``position`` (whose key is ``key``) alone: its result once the
        game is over on it, else what its analysis proves (None: nothing)."""

    @abstractmethod
    def _seat(self, side: SideT) -> int:
        """``side`` as a seat number (0 moves first), as proven results name winners."""

    @abstractmethod
    def _judge_with(
        self,
        ply: int,
        before: AnalysisT,
        after: AnalysisT | None,
        known_before: Settled | None,
        known_after: Settled | None,
    ) -> Judgement | None:
        """The game's coach on move ``ply`` (1-based), the position before it analysed
        (``before``; ``after``: the position after it, where analysed), told what is proven
        of both positions along the game."""

    def judge_known_moves(self) -> list[tuple[int, Verdict]]:
        """Judge every move that can be judged now; the verdicts new or changed since the
        last call (by ply, 1-based).

        A verdict can change as more becomes known (a proof found later in the game, the
        analysis of the position after the move, the game's end): each change is returned
        again, with the verdict it now has.
        """
        known = self.proven_along_the_game()
        found = []
        for ply in range(1, len(self._moves) + 1):
            judgement = self.judged(ply, known)
            key = self._judgement_key(ply)
            if judgement is None or self.judgements.get(key) == judgement:
                continue
            self.judgements[key] = judgement
            found.append((ply, judgement.verdict))
        return found

    def _judgement_key(self, ply: int) -> tuple[KeyT, int]:
        """Where :attr:`judgements` keeps move ``ply``'s: its position and the move."""
        return self._key_at(ply - 1), self._tree_move(self._moves[ply - 1])

    def proven_along_the_game(self) -> list[Settled | None]:
        """The proven result of each position of the game (the start first), from the
        analyses and the end.

        A position whose mover reaches a position proven won for them is won for them too:
        so a win proven late in the game (or the game's own end) tells which earlier
        positions were already lost, and which move lost them. These are facts about
        positions and are kept for the rest of the game (:attr:`proven`)."""
        memo = self._proven_memo
        if memo is not None and memo[0] == self._version:
            return list(memo[1])
        facts = self.proven
        keys = [self._key_at(index) for index in range(len(self._positions))]
        for position, key in zip(self._positions, keys, strict=True):
            if key not in facts and (settled := self._settled_on(position, key)) is not None:
                facts[key] = settled
        for ply in range(len(self._moves) - 1, -1, -1):
            key, after = keys[ply], facts.get(keys[ply + 1])
            mover = self._to_move(self._positions[ply])
            if key in facts or after is None or mover is None:
                continue
            if after.winner == self._seat(mover):
                facts[key] = after
        found = [facts.get(key) for key in keys]
        self._proven_memo = (self._version, found)
        return list(found)

    def judged(self, ply: int, known: Sequence[Settled | None]) -> Judgement | None:
        """Move ``ply``'s judgement by the game's coach now, told what is proven along the
        game (``known``: :meth:`proven_along_the_game`); by what is proven alone where the
        position before it is not analysed (a game that ended before its review)."""
        before = self.analyses.get(self._key_at(ply - 1))
        if before is None:
            mover = self._to_move(self._positions[ply - 1])
            seat = None if mover is None else self._seat(mover)
            return judged_by_proof(seat, known[ply - 1], known[ply])
        after = self.analyses.get(self._key_at(ply))
        return self._judge_with(ply, before, after, known[ply - 1], known[ply])

    def _judgement_of(self, ply: int) -> Judgement | None:
        """The coach's judgement of move ``ply`` from what is known now (the analyses kept,
        the results proven along the game)."""
        return self.judged(ply, self.proven_along_the_game())

    def judgement_at(self, ply: int) -> Judgement | None:
        """The coach's judgement of move ``ply`` (1-based: move 1 is the first), its verdict
        and whether it is by the estimate; None while it is not judged."""
        if not 1 <= ply <= len(self._moves):
            return None
        return self._judgement_of(ply)

    def verdict_at(self, ply: int) -> Verdict | None:
        """The coach's verdict on move ``ply`` (1-based), once judged."""
        judgement = self.judgement_at(ply)
        return None if judgement is None else judgement.verdict

    def verdict_words(self, ply: int) -> str | None:
        """The coach's word on move ``ply`` (1-based), saying when it is by the estimate
        (the move list's tooltip); None while the move is not judged."""
        judgement = self.judgement_at(ply)
        if judgement is None:
            return None
        return self._coach_words(by_estimate=judgement.by_estimate)[judgement.verdict]

    # -- what is said at the table -----------------------------------------------------------

    @property
    @abstractmethod
    def mode(self) -> GameMode:
        """Who plays whom: a person and a computer player, two people, two computer players."""

    @abstractmethod
    def _move_text(self, move: MoveT) -> str:
        """``move`` in the game's notation (``"b2"``)."""

    @property
    def opponent_persona(self) -> Persona | None:
        """The persona a person plays against (a person against a computer player only;
        None where that player is no persona, such as an external engine)."""
        if self.mode is not GameMode.HUMAN_VS_AI:
            return None
        return next((seat.persona for seat in self.seats if seat.is_ai), None)

    def opening_line(self) -> str:
        """The first thing said: the opponent's greeting, the coach, or who plays whom."""
        persona = self.opponent_persona
        if persona is not None:
            return f"{persona.name}: “{persona.say(Event.GREETING)}”"
        if self.mode is GameMode.HUMAN_VS_HUMAN:
            return "Coach: I'll judge every move. Play well!"
        first, second = self._sides()
        return (
            f"{self._name_of(first)} ({self._side_label(first)}) against "
            f"{self._name_of(second)} ({self._side_label(second)})."
        )

    def greetings(self, record_of: Callable[[str], WinLossDraw | None], game: str) -> list[str]:
        """A greeting for each person at the table, from ``record_of(name)`` (their record
        in ``game``, which the greeting names)."""
        return [
            greeting_for(seat.name, record_of(seat.name), game)
            for seat in self.seats
            if not seat.is_ai
        ]

    def coach_line(self, ply: int, verdict: Verdict) -> str | None:
        """What is said about move ``ply``: the coach between two people, else a computer
        player's voice (the coach's words where the one who would speak has no voice)."""
        mover = self._to_move(self._positions[ply - 1])
        assert mover is not None
        player = self.player_of(mover)
        move = self._move_text(self._moves[ply - 1])
        judgement = self.judgement_at(ply)
        by_estimate = judgement is not None and judgement.by_estimate
        speaker = player.persona if player.is_ai else self.opponent_persona
        if self.mode is GameMode.HUMAN_VS_HUMAN or speaker is None:
            # Between two people, or where the one who would speak has no voice of its own
            # (Row & Column's players, an external engine): the coach says it.
            words = self._coach_words(by_estimate=by_estimate)
            return (
                f"Coach: {self._name_of(mover)}'s {self._side_label(mover)} at {move} — "
                f"{words[verdict]}."
            )
        line = speaker.comment(verdict, own=player.is_ai)
        name = speaker.name
        if self.seats[0] == self.seats[1]:
            name = f"{name} ({self._side_label(mover)})"  # playing itself: say which side
        said = f"{name}: “{line}”"
        if by_estimate:
            said += f" ({move}: {self._coach_words(by_estimate=True)[verdict]})"
        return said

    def _coach_words(self, *, by_estimate: bool) -> Mapping[Verdict, str]:
        """What the coach calls each verdict ("a mistake: a win slipped away"), or each
        verdict against an estimate."""
        return ESTIMATE_VERDICT_WORDS if by_estimate else VERDICT_WORDS

    def headline(self) -> str:
        """The end in a line, said to the person who played ("You win!") or of the players,
        with the score where the game keeps one ("You win, 14 to 9!", "It's a tie at 7
        each."), or ``""`` while the game goes on, as :meth:`result_words` (no draw yet)."""
        if not self.is_over:
            return ""
        winner = self.winner
        if winner is None:
            return f"It's {self._draw_words()}."
        player = self.player_of(winner)
        name, label = self._name_of(winner), self._side_label(winner)
        resigned = self.resigned
        score = self._score_words(winner)
        if self.mode is GameMode.HUMAN_VS_AI:
            if resigned is not None and not player.is_ai:
                return f"You win: {self._name_of(resigned)} resigned."
            if resigned is not None:
                return f"You resigned. {name} wins."
            return f"{name} wins{score}." if player.is_ai else f"You win{score}!"
        if self.forfeit_reason:
            return f"{name} ({label}) wins: {self.forfeit_reason}."
        if resigned is not None:
            return f"{self._resignation_words()}."
        return f"{name} ({label}) wins{score}!"

    def _follow_moves(self) -> None:
        """The tree follows the moves now on the board (a move new there is a variation)."""
        self._node = self.add_line(self.moves)
