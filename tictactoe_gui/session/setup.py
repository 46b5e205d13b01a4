"""k in a row's game as the window sets it up: the two players, the board and its start.

:class:`GameSetup` is what New Game, a saved game and a replay decide about a game of k in
a row, in its own values (the start a :class:`~tictactoe_gui.engine.board.Board`, each
side by its :class:`~tictactoe_gui.engine.board.Mark`); :meth:`GameSetup.table_setup`
gives the same game as the one session class that plays every game
(:class:`~tictactoe_gui.session.table.TableSession`) sets it up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tictactoe_gui.engine import Board, Mark, Persona
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.engine.variants import Variant
from tictactoe_gui.session.seats import PlayerSpec
from tictactoe_gui.session.table import TableSetup
from tictactoe_gui.storage.records import GameMode

#: The pause between moves of an AI vs AI game, by default.
DEFAULT_MOVE_DELAY_MS = 700


def _empty_tictactoe() -> Board:
    return Board.empty()


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything the New Game dialog (or a command) decides about a game."""

    mode: GameMode
    x: PlayerSpec
    o: PlayerSpec
    #: The start position; its variant is the game's. Not empty: a set-up position.
    start: Board = field(default_factory=_empty_tictactoe)
    #: AI vs AI: how many games in the series, and the pause between moves.
    games: int = 1
    move_delay_ms: int = DEFAULT_MOVE_DELAY_MS
    #: None picks a fresh seed for every game.
    seed: int | None = None
    #: False for study sessions (analysing a set-up position): nothing goes to the records.
    record: bool = True

    def player(self, mark: Mark) -> PlayerSpec:
        return self.x if mark is Mark.X else self.o

    @property
    def seats(self) -> tuple[PlayerSpec, PlayerSpec]:
        """X's player, then O's: the seats in order, as every game's setup lists them."""
        return self.x, self.o

    @property
    def variant(self) -> Variant:
        return self.start.variant

    @property
    def from_position(self) -> bool:
        """Whether the game starts from a set-up position rather than the empty board."""
        return self.start.ply > 0

    @property
    def recorded(self) -> bool:
        """Whether the game goes to the records when it ends (never from a set-up position)."""
        return self.record and not self.from_position

    @classmethod
    def default(cls) -> GameSetup:
        return cls(GameMode.HUMAN_VS_AI, PlayerSpec.human("Player"), PlayerSpec.ai("cop"))

    def table_setup(self) -> TableSetup:
        """The same game as the game interface's sessions set it up (the one session class
        that plays every game, k in a row's included)."""
        spec = find_game(self.variant.id)
        return TableSetup(
            spec,
            self.mode,
            self.seats,
            start=spec.from_position_text(self.start.to_text()),
            from_position=self.from_position,
            seed=self.seed,
            record=self.record,
            move_delay_ms=self.move_delay_ms,
            games=max(1, self.games),
        )

    @classmethod
    def from_table_setup(cls, setup: TableSetup) -> GameSetup:
        """The game of k in a row that ``setup`` sets up (a saved game's, read back): its
        seats, mode, series and start board (ValueError for a game with no board of marks)."""
        start = setup.start if setup.start is not None else setup.spec.new_game()
        board = start.marks_board()
        if board is None:
            raise ValueError(f"{setup.spec.name} is not played on a board of X and O")
        x, o = setup.seats
        return cls(
            setup.mode,
            x,
            o,
            board,
            games=setup.games,
            move_delay_ms=setup.move_delay_ms,
            seed=setup.seed,
            record=setup.record,
        )

    @property
    def opponent_persona(self) -> Persona | None:
        """The persona a person plays against (Human vs AI only)."""
        for spec in (self.x, self.o):
            if spec.is_ai and self.mode is GameMode.HUMAN_VS_AI:
                return spec.persona
        return None
