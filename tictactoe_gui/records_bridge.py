"""Where the engine's values meet the records' values, for every registered game.

The engine knows nothing of storage and storage nothing of the engine, so the
conversions between them live here, beside the command line and the window
that both need them: a result from a winning mark, a recorded side's display
name, the one way to build the record of a finished game
(:func:`state_finished_game`, for every game of the registry, with its coach's
verdicts, hints and search costs), the start of a recorded
game (:func:`start_of`) and the engine's check of a record's rules
(:func:`check_rules`), which every repository opened here runs before a game is
saved or imported. Storage itself checks only a record's shape. Nothing here
names a game: each is read and checked through the game interface.

A game played with variations keeps its tree of moves in its record
(:func:`record_tree` writes it, with the recorded moves as its main line;
:func:`recorded_tree` reads it back), in the form saved games keep; the rules
check plays every line of it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from datetime import datetime

from tictactoe_gui.engine import Mark, get_persona
from tictactoe_gui.engine.games import (
    GameError,
    GameSpec,
    GameState,
    ValueKind,
    find_game,
    registered_games,
)
from tictactoe_gui.engine.move_tree import ROOT, MoveTree, Node
from tictactoe_gui.storage.records import (
    MAX_BOARD_SIDE,
    FinishedGame,
    GameDetail,
    GameMode,
    GameSummary,
    InvalidGameError,
    MoveEntry,
    Result,
    Side,
    SideKind,
    check_shape,
    quote,
    validate_game_id,
)
from tictactoe_gui.storage.repository import Repository, open_or_recover
from tictactoe_gui.storage.trees import TREE, main_line, parse_tree, tree_text


def result_of(winner: Mark | None) -> Result:
    """The recorded result of a game that ``winner`` won (None for a draw)."""
    return Result.DRAW if winner is None else Result(winner.value)


def side_name(side: Side) -> str:
    """How a recorded side reads: a person's name as entered, a computer player's name."""
    if side.kind is SideKind.PERSONA:
        try:
            return get_persona(side.name).name
        except ValueError:
            pass
        for game in registered_games():  # a player of another game ("perfect" is Abacus)
            for spec in game.listed[:1]:
                try:
                    return spec.player(side.name).name
                except GameError:
                    continue
        return side.name  # a player this version does not know (an imported record)
    return side.name


def spec_of(game: FinishedGame | GameSummary) -> GameSpec:
    """The game a record is of, or :class:`InvalidGameError` if this app knows no such game."""
    try:
        spec = find_game(game.game)
    except GameError as error:
        raise InvalidGameError(str(error)) from None
    if spec.id != game.game:
        raise InvalidGameError(f"the game is recorded as {game.game!r}; its id is {spec.id!r}")
    if (spec.rows, spec.cols) != (game.rows, game.cols):
        raise InvalidGameError(
            f"{spec.name} is played on {spec.rows}×{spec.cols},"
            f" but the record's board is {game.rows}×{game.cols}"
        )
    return spec


def _known_spec(game: FinishedGame | GameSummary) -> GameSpec | None:
    """The game a record is of, or None for one this version does not know (an imported
    record of a newer version's game is shown as it is)."""
    try:
        return spec_of(game)
    except InvalidGameError:
        return None


# What a record keeps apart from the start board, in ``extra`` (a JSON object), where the
# game's start needs it: who moved first (``"first"``: a seat's letter) and the last move
# before the game began (``"last"``: [row, col]); and where the game keeps a score, each
# seat's final score (``"score_a"``, ``"score_b"``: "score_" and the seat's letter).


def _extra(game: FinishedGame | GameSummary, *, required: bool) -> dict[str, object]:
    """The record's extra data as a JSON object; a record that must say who began (a game
    where either seat may) is refused without one, others read as having none."""
    try:
        extra = json.loads(game.extra or "{}")
    except ValueError:
        if required:
            raise InvalidGameError("the record's extra data is not JSON") from None
        return {}
    if not isinstance(extra, dict):
        if required:
            raise InvalidGameError("the record's extra data is not a JSON object")
        return {}
    return extra


def _score_key(seat: str) -> str:
    return f"score_{seat.lower()}"


def start_of(game: FinishedGame | GameSummary) -> GameState:
    """The position a record's game started from; InvalidGameError if it cannot be one."""
    spec = spec_of(game)
    extra = _extra(game, required=spec.chooses_first)
    first, last = extra.get("first"), extra.get("last")
    to_move = None
    if first is not None:
        try:
            if not isinstance(first, str):
                raise GameError
            to_move = spec.seat(first)
        except GameError:
            raise InvalidGameError(
                f"the first player is {first!r}, not {spec.seats[0]} or {spec.seats[1]}"
            ) from None
    last_move = None
    if last is not None:
        if not (isinstance(last, list) and len(last) == 2 and all(type(i) is int for i in last)):
            raise InvalidGameError(f"the last move before the game is {last!r}, not [row, col]")
        last_move = last[0] * spec.cols + last[1]
    try:
        return spec.position(game.start_board, last=last_move, to_move=to_move)
    except GameError as error:
        raise InvalidGameError(f"the start board {game.start_board!r}: {error}") from None


def check_rules(game: FinishedGame) -> None:
    """Raise :class:`InvalidGameError` unless the moves are legal from the start position,
    in turn, and end the game with the recorded result: the engine's rules, checked once,
    for every registered game alike."""
    spec = spec_of(game)
    if not spec.moves_fill_cells:
        raise InvalidGameError(f"the records do not keep games of {spec.name}")
    state = start_of(game)
    board, _, _ = state.start_parts()
    if board != game.start_board:
        raise InvalidGameError(
            f"the start board {game.start_board!r} is not written as the engine writes it"
            f" ({board!r})"
        )
    if state.is_over:
        raise InvalidGameError(f"the start board {game.start_board!r} is already over")
    word = spec.move_word
    for number, entry in enumerate(game.moves, start=1):
        where = f"{word} {number} (ply {entry.ply})"
        seat = state.to_move
        if seat is None:
            raise InvalidGameError(f"{where} comes after the game ended")
        if entry.mark != "XO"[seat]:
            raise InvalidGameError(
                f"{where} is played by {entry.mark!r} but {spec.seats[seat]} is to move"
            )
        try:
            state = state.play(entry.cell)
        except GameError as error:
            raise InvalidGameError(f"{where} on cell {entry.cell}: {error}") from None
    seat = state.to_move
    if game.resigned is not None:
        if not spec.can_resign:
            raise InvalidGameError(f"a game of {spec.name} ends on the board; no one resigns")
        if seat is None:
            raise InvalidGameError(f"{game.resigned} resigned a game that had already ended")
        if game.resigned != "XO"[seat]:
            raise InvalidGameError(
                f"{game.resigned} resigned, but it was {spec.seats[seat]}'s turn"
                " (a side resigns on its own turn)"
            )
        winner: int | None = 1 - seat
    elif state.result is not None:
        winner = state.result.winner
    else:
        raise InvalidGameError(
            f"the game has not ended after {len(game.moves)} {word}s"
            " (abandoned games are not recorded)"
        )
    if game.tree is not None:
        _checked_tree(start_of(game), game.tree, [entry.cell for entry in game.moves])
    actual = _result(winner)
    if actual is not game.result:
        raise InvalidGameError(
            f"the result is recorded as {game.result.value!r} but the {word}s give {actual.value!r}"
        )
    scores = state.scores
    if scores is not None and game.resigned is None:
        extra = _extra(game, required=False)
        for seat_name, score in zip(spec.seats, scores, strict=True):
            key = _score_key(seat_name)
            if key in extra and extra[key] != score:
                raise InvalidGameError(
                    f"{key} is recorded as {extra[key]!r} but the {word}s give {score}"
                )


def _result(winner: int | None) -> Result:
    return Result.DRAW if winner is None else (Result.X_WINS, Result.O_WINS)[winner]


def record_tree(spec: GameSpec, moves: Sequence[int], tree: MoveTree | None) -> str | None:
    """What a record keeps of a game's tree of moves: the tree with the recorded ``moves`` as
    its main line (the lines played beside them as variations), as JSON text in the form
    saved games keep; None where the game has no other line."""
    if tree is None:
        return None
    node = tree.node_of(moves)
    if node is None:
        tree, node = tree.follow(ROOT, moves)
    # A line gone on from where a side resigned is no part of the game that ended there.
    while tree.children(node):
        tree, node = tree.delete(tree.children(node)[0])
    tree, _ = tree.make_main_line(node)
    if all(len(each.children) <= 1 for each in tree.nodes):
        return None
    return tree_text(tree.to_json(lambda line: spec.format_move(line[-1])))


def _checked_tree(start: GameState, text: str, moves: Sequence[int]) -> MoveTree:
    """The tree of moves ``text`` holds, every line of it played by the rules from ``start``
    and its main line ``moves``; :class:`InvalidGameError` naming the first thing wrong."""
    nodes = parse_tree(text, len(moves))
    states = {ROOT: start}
    played: list[int | None] = [None] * len(nodes)
    parents: dict[int, int] = {}
    for index, node in enumerate(nodes):
        state = states.pop(index)  # every child comes later in the list than its node
        for child in node.children:
            name = nodes[child].move
            assert name is not None  # parse_tree saw to it
            where = f"{TREE}: node {child} ({quote(name, 16)})"
            if state.is_over:
                raise InvalidGameError(f"{where} comes after the game ended")
            try:
                move = state.read_move(name)
                states[child] = state.play(move)
            except GameError as error:
                raise InvalidGameError(f"{where}: {error}") from None
            if move in (played[sibling] for sibling in node.children if sibling < child):
                raise InvalidGameError(f"{where} is played twice from one position")
            played[child], parents[child] = move, index
    if [played[index] for index in main_line(nodes)] != list(moves):
        raise InvalidGameError(f"the main line of {TREE} is not the game's moves")
    whole = MoveTree(
        tuple(
            Node(played[index], parents.get(index), node.children)
            for index, node in enumerate(nodes)
        )
    )
    return whole.renumbered()[0]


def recorded_tree(detail: GameDetail) -> MoveTree | None:
    """The tree of moves of a recorded game played with variations, its main line the game's
    moves; None for a game of one line. :class:`InvalidGameError` says in one line why the
    tree recorded cannot be read (a file edited by hand): the game is then its main line."""
    if detail.tree is None:
        return None
    start = start_of(detail.summary)
    return _checked_tree(start, detail.tree, [entry.cell for entry in detail.moves])


def keeps_records_of(spec: GameSpec) -> bool:
    """Whether the records can hold games of ``spec``: its rules are checked before a save
    and the records' views can show it (a game the records do not know is refused before
    it is played, not after)."""
    if not spec.moves_fill_cells or not 1 <= max(spec.rows, spec.cols) <= MAX_BOARD_SIDE:
        return False
    try:
        validate_game_id(spec.id)
        return find_game(spec.id).id == spec.id
    except (GameError, InvalidGameError):
        return False


def start_extra(start: GameState, final: GameState | None = None) -> dict[str, object]:
    """What a record keeps of a game beside its start board: who began and the last move
    before the game, where the start needs them, and the final scores where kept."""
    spec = start.spec
    _, last, first = start.start_parts()
    extra: dict[str, object] = {}
    if first is not None:
        extra["first"] = spec.seats[first]
        extra["last"] = None if last is None else list(divmod(last, spec.cols))
    scores = None if final is None else final.scores
    if scores is not None:
        for seat_name, score in zip(spec.seats, scores, strict=True):
            extra[_score_key(seat_name)] = score
    return extra


def state_finished_game(
    state: GameState,
    first: Side,
    second: Side,
    mode: GameMode,
    started_at: datetime,
    ended_at: datetime,
    *,
    seed: int | None = None,
    resigned: int | None = None,
    tree: MoveTree | None = None,
    scores: Sequence[int | None] = (),
    verdicts: Sequence[str | None] = (),
    hints: tuple[int, int] = (0, 0),
    nodes: tuple[int, int] = (0, 0),
    depths: tuple[int, int] = (0, 0),
    forfeit: str = "",
) -> FinishedGame:
    """The record of a game played through the game interface to its end (or until the seat
    ``resigned`` gave up), checked against the rules: the first seat sits in ``x`` and the
    second in ``o``; ``tree``: every line played, where the game has variations (the moves
    of ``state`` are one of its lines).

    What the engine made of the game goes with it where known: each move's score for its
    mover and the coach's verdict (``scores`` and ``verdicts``, one a move, None where
    unknown), each seat's hints, its computer player's nodes searched and deepest search;
    ``forfeit``, why the seat that ``resigned`` lost (a program that broke the rules)."""
    if resigned is not None:
        winner: int | None = 1 - resigned
    elif state.result is not None:
        winner = state.result.winner
    else:
        raise InvalidGameError("the game has not ended (abandoned games are not recorded)")
    entries = []
    before = state.start
    for number, move in enumerate(state.moves, start=1):
        seat = before.to_move
        assert seat is not None
        score = scores[number - 1] if number <= len(scores) else None
        verdict = verdicts[number - 1] if number <= len(verdicts) else None
        entries.append(MoveEntry(number, move, "XO"[seat], score, verdict))
        before = before.play(move)
    spec = state.spec
    extra = start_extra(state.start, state)
    if forfeit:
        extra["forfeit"] = forfeit[:200]  # why a program lost without finishing
    game = FinishedGame(
        started_at=started_at,
        ended_at=ended_at,
        mode=mode,
        x=first,
        o=second,
        result=_result(winner),
        moves=tuple(entries),
        start_board=state.start.start_parts()[0],
        hints_x=hints[0],
        hints_o=hints[1],
        seed=seed,
        x_ai_nodes=nodes[0],
        o_ai_nodes=nodes[1],
        x_ai_max_depth=depths[0],
        o_ai_max_depth=depths[1],
        game=spec.id,
        rows=spec.rows,
        cols=spec.cols,
        extra=json.dumps(extra) if extra else None,
        resigned=None if resigned is None else "XO"[resigned],
        tree=record_tree(spec, state.moves, tree),
    )
    check_record(game)
    return game


def seat_letters(game: FinishedGame | GameSummary) -> tuple[str, str]:
    """What the two seats are called: X and O, or A and B in Row & Column."""
    spec = _known_spec(game)
    return ("X", "O") if spec is None else spec.seats


def final_scores(game: FinishedGame | GameSummary) -> tuple[int, int] | None:
    """Each seat's final score, in a record of a game that keeps a score; else None."""
    spec = _known_spec(game)
    if spec is None or spec.value_kind is not ValueKind.MARGIN:
        return None
    extra = _extra(game, required=False)
    first, second = (extra.get(_score_key(seat)) for seat in spec.seats)
    if type(first) is int and type(second) is int:
        return first, second
    return None


def keeps_score(game: FinishedGame | GameSummary) -> bool:
    """Whether the record's game is won on points (a game nobody wins is then a tie)."""
    spec = _known_spec(game)
    return spec is not None and spec.value_kind is ValueKind.MARGIN


def forfeit_reason(game: FinishedGame | GameSummary) -> str:
    """Why a program lost without finishing, where the record says so; else ``""``."""
    reason = _extra(game, required=False).get("forfeit")
    return reason if isinstance(reason, str) and game.resigned is not None else ""


def check_record(game: FinishedGame) -> None:
    """Everything a record must pass before it is saved: its shape, then its rules."""
    check_shape(game)
    check_rules(game)


def open_to_record(path: str | os.PathLike[str]) -> tuple[Repository, str | None]:
    """The records at ``path``, to record games in, checking each game's rules before it is
    saved or imported; a damaged file is kept aside (the notice says where)."""
    return open_or_recover(path, rules=check_rules)


def open_for_reading(path: str | os.PathLike[str]) -> Repository:
    """The records at ``path`` for reading (nothing on disk changes until a write)."""
    return Repository.open(path, rules=check_rules)
