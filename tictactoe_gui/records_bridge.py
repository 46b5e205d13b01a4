"""Where the engine's values meet the records' values.

The engine knows nothing of storage and storage nothing of the engine, so the
conversions between them live here, beside the command line and the window
that both need them: a result from a winning mark, a recorded side's display
name, the one way to build the record of a finished game
(:func:`finished_game`), and the engine's check of a record's rules
(:func:`check_rules`), which every repository opened here runs before a game
is saved or imported. Storage itself checks only a record's shape.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from typing import TYPE_CHECKING

from tictactoe_gui.engine import Board, BoardError, IllegalMoveError, Mark, get_persona
from tictactoe_gui.engine.variants import Family, Variant, VariantError, get_variant
from tictactoe_gui.storage.records import (
    FinishedGame,
    GameMode,
    GameSummary,
    InvalidGameError,
    MoveEntry,
    Result,
    Side,
    SideKind,
    check_shape,
)
from tictactoe_gui.storage.repository import Repository, open_or_recover

if TYPE_CHECKING:
    # Row & Column's engine loads with its first record, not for a tic-tac-toe game.
    from tictactoe_gui.engine.games import GameSpec, GameState
    from tictactoe_gui.engine.rowcol import Player, Position, RowColGame
    from tictactoe_gui.session.record import GameRecord  # the session imports this module


def result_of(winner: Mark | None) -> Result:
    """The recorded result of a game that ``winner`` won (None for a draw)."""
    return Result.DRAW if winner is None else Result(winner.value)


def side_name(side: Side) -> str:
    """How a recorded side reads: a person's name as entered, a persona's display name."""
    if side.kind is SideKind.PERSONA:
        try:
            return get_persona(side.name).name
        except ValueError:
            pass
        from tictactoe_gui.engine.rowcol import get_strategy

        try:  # a Row & Column player, recorded by its strategy ("perfect" is Abacus)
            return get_strategy(side.name).name
        except ValueError:  # a persona this version does not know (an imported record)
            return side.name
    return side.name


def variant_of(game: FinishedGame) -> Variant:
    """The game a record is of, or :class:`InvalidGameError` if this app knows no such game."""
    try:
        variant = get_variant(game.game)
    except VariantError as error:
        raise InvalidGameError(str(error)) from None
    if variant.id != game.game:
        raise InvalidGameError(f"the game is recorded as {game.game!r}; its id is {variant.id!r}")
    if (variant.rows, variant.cols) != (game.rows, game.cols):
        raise InvalidGameError(
            f"{variant.name} is played on {variant.rows}×{variant.cols},"
            f" but the record's board is {game.rows}×{game.cols}"
        )
    return variant


def check_rules(game: FinishedGame) -> None:
    """Raise :class:`InvalidGameError` unless the moves are legal from the start position,
    in turn, and end the game with the recorded result: the engine's rules, checked once."""
    variant = variant_of(game)
    if variant.family is Family.ROWCOL:
        _check_rowcol_rules(game, variant)
        return
    if variant.family is not Family.MNK:
        raise InvalidGameError(
            f"records of {variant.name} cannot be checked by this version of the app yet"
        )
    try:
        board = Board.from_text(game.start_board, variant)
    except BoardError as error:
        raise InvalidGameError(f"the start board {game.start_board!r}: {error}") from None
    if board.to_text() != game.start_board:
        raise InvalidGameError(
            f"the start board {game.start_board!r} is not written as the engine writes it"
            f" ({board.to_text()!r})"
        )
    if board.is_over:
        raise InvalidGameError(f"the start board {game.start_board!r} is already over")
    if game.moves and game.moves[0].ply not in (1, board.ply + 1):
        raise InvalidGameError(f"the first move has ply {game.moves[0].ply}; expected 1")
    for number, entry in enumerate(game.moves, start=1):
        where = f"move {number} (ply {entry.ply})"
        if board.is_over:
            raise InvalidGameError(f"{where} comes after the game ended")
        if entry.mark != board.to_move.value:
            raise InvalidGameError(
                f"{where} is played by {entry.mark!r} but {board.to_move} is to move"
            )
        try:
            board = board.play(board.move_at(entry.cell))
        except (IllegalMoveError, ValueError) as error:
            raise InvalidGameError(f"{where} plays cell {entry.cell}: {error}") from None
    if game.resigned is not None:
        if board.is_over:
            raise InvalidGameError(f"{game.resigned} resigned a game that had already ended")
        if game.resigned != board.to_move.value:
            raise InvalidGameError(
                f"{game.resigned} resigned, but it was {board.to_move}'s turn"
                " (a side resigns on its own turn)"
            )
        actual = Result.O_WINS if game.resigned == "X" else Result.X_WINS
    elif board.is_over:
        actual = result_of(board.winner)
    else:
        raise InvalidGameError(
            f"the game has not ended after {len(game.moves)} moves"
            " (abandoned games are not recorded)"
        )
    if actual is not game.result:
        raise InvalidGameError(
            f"the result is recorded as {game.result.value!r} but the moves give {actual.value!r}"
        )


# -- Row & Column ---------------------------------------------------------------------------
#
# A Row & Column record keeps A as side X and B as side O (marks "X" and "O" on the
# moves), the start board in the engine's text form (the values; "." for a cell taken
# before the game began) and, in ``extra``, who took first, the last take before the
# game began (if any) and the final scores: {"first", "last", "score_a", "score_b"}.

#: Keyed by the players' values, which are the players themselves (a string enum).
_MARKS: dict[str, str] = {"A": "X", "B": "O"}


def _rowcol_result(winner: Player | None) -> Result:
    return Result.DRAW if winner is None else Result(_MARKS[winner])


def rowcol_finished_game(
    played: RowColGame,
    a: Side,
    b: Side,
    mode: GameMode,
    started_at: datetime,
    ended_at: datetime,
    *,
    seed: int | None = None,
) -> FinishedGame:
    """The record of a finished Row & Column game, checked against the rules."""
    start = played.start
    variant = start.variant
    last = None if start.last is None else list(start.row_col(start.last))
    extra = {
        "first": start.to_move.value,
        "last": last,
        "score_a": played.score_a,
        "score_b": played.score_b,
    }
    game = FinishedGame(
        started_at=started_at,
        ended_at=ended_at,
        mode=mode,
        x=a,
        o=b,
        result=_rowcol_result(played.winner),
        moves=tuple(
            MoveEntry(ply=number, cell=take.cell, mark=_MARKS[take.player])
            for number, take in enumerate(played.takes, start=1)
        ),
        start_board=start.to_text(),
        seed=seed if seed is not None else played.board_seed,
        game=variant.id,
        rows=variant.rows,
        cols=variant.cols,
        extra=json.dumps(extra),
    )
    check_record(game)
    return game


def keeps_records_of(spec: GameSpec) -> bool:
    """Whether the records can hold games of ``spec``: its rules are checked before a save
    and the records' views can show it (a game the records do not know is refused before
    it is played, not after)."""
    try:
        return get_variant(spec.id).id == spec.id
    except VariantError:
        return False


def state_finished_game(
    state: GameState,
    first: Side,
    second: Side,
    mode: GameMode,
    started_at: datetime,
    ended_at: datetime,
    *,
    seed: int | None = None,
) -> FinishedGame:
    """The record of a game played to its end through the game interface, checked against
    the rules: the first seat sits in ``x`` and the second in ``o``."""
    from tictactoe_gui.engine.row_and_column import RowColState
    from tictactoe_gui.engine.rowcol import Mode, RowColGame, Take

    if isinstance(state, RowColState):
        takes = []
        position = state.start.position
        for move in state.moves:
            takes.append(Take(position.to_move, move, position.values[move]))
            position = position.play(move)
        played = RowColGame(
            state.start.position, tuple(takes), state.position, Mode.COMPUTER_COMPUTER, seed
        )
        return rowcol_finished_game(played, first, second, mode, started_at, ended_at, seed=seed)
    result = state.result
    if result is None:
        raise InvalidGameError("the game has not ended (abandoned games are not recorded)")
    entries = []
    before = state.start
    for number, move in enumerate(state.moves, start=1):
        seat = before.to_move
        assert seat is not None
        entries.append(MoveEntry(ply=number, cell=move, mark="XO"[seat]))
        before = before.play(move)
    spec = state.spec
    game = FinishedGame(
        started_at=started_at,
        ended_at=ended_at,
        mode=mode,
        x=first,
        o=second,
        result=Result.DRAW
        if result.winner is None
        else (Result.X_WINS, Result.O_WINS)[result.winner],
        moves=tuple(entries),
        start_board=state.start.position_text(),
        seed=seed,
        game=spec.id,
        rows=spec.rows,
        cols=spec.cols,
    )
    check_record(game)
    return game


def rowcol_start(game: FinishedGame | GameSummary) -> Position:
    """The start position of a Row & Column record; InvalidGameError if it cannot be one."""
    from tictactoe_gui.engine.rowcol import Player, Position, RowColError

    try:
        extra = json.loads(game.extra or "{}")
    except ValueError:
        raise InvalidGameError("the record's extra data is not JSON") from None
    if not isinstance(extra, dict):
        raise InvalidGameError("the record's extra data is not a JSON object")
    try:
        first = Player(extra.get("first", "A"))
    except ValueError:
        raise InvalidGameError(f"the first player is {extra.get('first')!r}, not A or B") from None
    last = extra.get("last")
    if last is not None and not (
        isinstance(last, list) and len(last) == 2 and all(isinstance(i, int) for i in last)
    ):
        raise InvalidGameError(f"the last take before the game is {last!r}, not [row, col]")
    try:
        return Position.from_text(
            game.start_board,
            None if last is None else (last[0], last[1]),
            first=first,
            size=game.rows,
        )
    except RowColError as error:
        raise InvalidGameError(f"the start board {game.start_board!r}: {error}") from None


def is_rowcol(game: FinishedGame | GameSummary) -> bool:
    return game.game.startswith(Family.ROWCOL.value)


def seat_letters(game: FinishedGame | GameSummary) -> tuple[str, str]:
    """What the two seats are called: X and O, or A and B in Row & Column."""
    return ("A", "B") if is_rowcol(game) else ("X", "O")


def rowcol_scores(game: FinishedGame | GameSummary) -> tuple[int, int] | None:
    """A Row & Column record's final scores of A and B, when the record keeps them."""
    try:
        extra = json.loads(game.extra or "{}")
    except ValueError:
        return None
    if not isinstance(extra, dict):
        return None
    a, b = extra.get("score_a"), extra.get("score_b")
    if type(a) is int and type(b) is int:
        return a, b
    return None


def final_scores(game: FinishedGame | GameSummary) -> tuple[int, int] | None:
    """Each seat's final score, in a record of a game that keeps a score; else None."""
    return rowcol_scores(game) if is_rowcol(game) else None


def outcome_text(game: FinishedGame | GameSummary) -> str:
    """The result in a few words: "X wins", "Draw", "A wins, 7 to -2" or "Tie, 3 each"."""
    first, second = seat_letters(game)
    scores = rowcol_scores(game) if is_rowcol(game) else None
    if game.result is Result.DRAW:
        if is_rowcol(game):
            return "Tie" if scores is None else f"Tie, {scores[0]} each"
        return "Draw"
    winner = first if game.result is Result.X_WINS else second
    if scores is None:
        return f"{winner} wins"
    high, low = (scores[0], scores[1]) if winner == first else (scores[1], scores[0])
    return f"{winner} wins, {high} to {low}"


def result_sentence(game: FinishedGame | GameSummary, plies: int) -> str:
    """``"X wins in 5 moves"``, ``"draw in 9 moves"``, ``"A wins, 7 to -2, after 8 takes"``."""
    if is_rowcol(game):
        takes = f"{plies} take{'s' * (plies != 1)}"
        outcome = outcome_text(game)
        if game.result is Result.DRAW:
            outcome = outcome[0].lower() + outcome[1:]
        return f"{outcome}, after {takes}"
    moves = f"{plies} move{'s' * (plies != 1)}"
    outcome = "draw" if game.result is Result.DRAW else f"{game.result.value} wins"
    return f"{outcome} in {moves}"


def _check_rowcol_rules(game: FinishedGame, variant: Variant) -> None:
    from tictactoe_gui.engine.rowcol import RowColError

    position = rowcol_start(game)
    if position.is_over:
        raise InvalidGameError(f"the start board {game.start_board!r} is already over")
    for number, entry in enumerate(game.moves, start=1):
        where = f"take {number}"
        if position.is_over:
            raise InvalidGameError(f"{where} comes after the game ended")
        if entry.mark != _MARKS[position.to_move]:
            raise InvalidGameError(
                f"{where} is recorded for {entry.mark!r} but {position.to_move} is to take"
            )
        try:
            position = position.play(entry.cell)
        except RowColError as error:
            raise InvalidGameError(f"{where} takes cell {entry.cell}: {error}") from None
    if game.resigned is not None:
        raise InvalidGameError("a Row & Column game ends on the board; no one resigns")
    if not position.is_over:
        raise InvalidGameError(
            f"the game has not ended after {len(game.moves)} takes"
            " (abandoned games are not recorded)"
        )
    actual = _rowcol_result(position.winner)
    if actual is not game.result:
        raise InvalidGameError(
            f"the result is recorded as {game.result.value!r} but the takes give {actual.value!r}"
        )
    extra = json.loads(game.extra or "{}")
    for key, score in (("score_a", position.score_a), ("score_b", position.score_b)):
        if key in extra and extra[key] != score:
            raise InvalidGameError(
                f"{key} is recorded as {extra[key]!r} but the takes give {score}"
            )


def check_record(game: FinishedGame) -> None:
    """Everything a record must pass before it is saved: its shape, then its rules."""
    check_shape(game)
    check_rules(game)


def finished_game(
    record: GameRecord,
    x: Side,
    o: Side,
    mode: GameMode,
    started_at: datetime,
    ended_at: datetime,
    *,
    extra: str | None = None,
) -> FinishedGame:
    """The record of a finished game (the window, ``play`` and ``match`` alike), checked
    against the rules: the one way to build one.

    The game (its variant) is the one ``record`` was played on. Raises
    :class:`InvalidGameError` if the game is not one the rules allow.
    """
    variant = record.start.variant
    if record.forfeit_reason and extra is None:
        # Why a program lost without finishing, kept with the game.
        extra = json.dumps({"forfeit": record.forfeit_reason[:200]})
    game = FinishedGame(
        started_at=started_at,
        ended_at=ended_at,
        mode=mode,
        x=x,
        o=o,
        result=result_of(record.winner),
        moves=tuple(
            MoveEntry(
                ply=number,
                cell=record.start.index(move.move),
                mark=move.mark.value,
                score=move.score,
                verdict=None if move.verdict is None else move.verdict.value,
            )
            for number, move in enumerate(record.moves, start=1)
        ),
        start_board=record.start.to_text(),
        hints_x=record.hints_x,
        hints_o=record.hints_o,
        seed=record.seed,
        x_ai_nodes=record.x_nodes,
        o_ai_nodes=record.o_nodes,
        x_ai_max_depth=record.x_max_depth,
        o_ai_max_depth=record.o_max_depth,
        game=variant.id,
        rows=variant.rows,
        cols=variant.cols,
        extra=extra,
        resigned=None if record.resigned is None else record.resigned.value,
    )
    check_record(game)
    return game


def open_to_record(path: str | os.PathLike[str]) -> tuple[Repository, str | None]:
    """The records at ``path``, to record games in, checking each game's rules before it is
    saved or imported; a damaged file is kept aside (the notice says where)."""
    return open_or_recover(path, rules=check_rules)


def open_for_reading(path: str | os.PathLike[str]) -> Repository:
    """The records at ``path`` for reading (nothing on disk changes until a write)."""
    return Repository.open(path, rules=check_rules)
