"""Who sits at the table, in every game: a person by name, a computer player by its key, or
an external program speaking the Gomocup protocol.

:class:`PlayerSpec` is the one kind of seat every session seats (``Seat`` is the same
class, under the name the game interface's sessions use): k in a row's players are its
personas (:meth:`PlayerSpec.ai`), any game's are the players it lists
(:meth:`PlayerSpec.for_game`), and a seat's name in a game is the one that game gives it
(:meth:`PlayerSpec.name_in`).
"""

from __future__ import annotations

import enum
import shlex
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tictactoe_gui.engine import PERSONAS, Persona, get_persona
from tictactoe_gui.storage.records import Side
from tictactoe_gui.untrusted import shown

if TYPE_CHECKING:
    from tictactoe_gui.engine.games import GameSpec


class PlayerKind(enum.StrEnum):
    HUMAN = "human"
    AI = "ai"
    #: An external program speaking the Gomocup protocol (``name`` is its command).
    ENGINE = "engine"


#: How a player choice names an external engine: ``engine:COMMAND``.
ENGINE_PREFIX = "engine:"


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One side of the table: a person (by name), a computer player (by its key: a persona
    in k in a row, any game's own player in its game) or an external engine (by command)."""

    kind: PlayerKind
    name: str

    @classmethod
    def human(cls, name: str) -> PlayerSpec:
        return cls(PlayerKind.HUMAN, name)

    @classmethod
    def ai(cls, persona_key: str) -> PlayerSpec:
        """The persona ``persona_key`` (a ValueError naming the personas for another)."""
        return cls(PlayerKind.AI, get_persona(persona_key).key)

    @classmethod
    def for_game(cls, spec: GameSpec, player: str) -> PlayerSpec:
        """The game's player named ``player`` (GameError for one it lacks)."""
        return cls(PlayerKind.AI, spec.player(player).key)

    @classmethod
    def engine(cls, command: str) -> PlayerSpec:
        """An external Gomocup engine, run as ``command`` (a program and its arguments)."""
        if not command.strip():
            raise ValueError("an external engine needs a command to run")
        return cls(PlayerKind.ENGINE, command.strip())

    @classmethod
    def from_choice(cls, choice: str) -> PlayerSpec:
        """A computer player named as a choice: a persona key, or ``engine:COMMAND``."""
        if choice.startswith(ENGINE_PREFIX):
            return cls.engine(choice.removeprefix(ENGINE_PREFIX))
        return cls.ai(choice)

    @property
    def is_ai(self) -> bool:
        """Whether a program plays this side (a computer player or an external engine)."""
        return self.kind is not PlayerKind.HUMAN

    @property
    def is_engine(self) -> bool:
        return self.kind is PlayerKind.ENGINE

    @property
    def persona(self) -> Persona | None:
        """The persona in this seat; None for a person, an engine, or a game's own player
        that is no persona (Row & Column's)."""
        return PERSONAS.get(self.name) if self.kind is PlayerKind.AI else None

    @property
    def display_name(self) -> str:
        """The seat's name where the game needs none to say it (a persona's, an engine's
        program, a person's); :meth:`name_in` for any game's own players."""
        persona = self.persona
        if persona is not None:
            return persona.name
        if self.is_engine:
            return engine_name(self.name)
        return self.name

    def name_in(self, spec: GameSpec) -> str:
        """The seat's name in the game ``spec``: its player's name there for a computer
        player, else :attr:`display_name`."""
        if self.kind is PlayerKind.AI:
            return spec.player(self.name).name
        return self.display_name

    def side(self) -> Side:
        if self.kind is PlayerKind.AI:
            return Side.persona(self.name)
        if self.is_engine:
            # The records know people and personas; an engine is kept under its name.
            return Side.human(f"{ENGINE_PREFIX}{engine_name(self.name)}"[:32])
        return Side.human(self.name)


#: The seats of a game played through the game interface: the same class.
Seat = PlayerSpec


def engine_name(command: str) -> str:
    """How an external engine is called: its program's file name ("pbrain-foo"), escaped
    (a file name may hold control characters; it is shown and recorded as text)."""
    try:
        words = shlex.split(command)
    except ValueError:  # an unclosed quote: the command will fail to start, and say so
        words = command.split()
    program = words[0] if words else command
    return shown(program.replace("\\", "/").rsplit("/", 1)[-1] or command, None)
