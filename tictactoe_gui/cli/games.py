"""``games``: every game by the id ``--game`` takes, its size, and what the engine can do on it.

Read from the registry of games (:mod:`tictactoe_gui.engine.games`), so a
game registered there is listed here with nothing to add.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from typing import Any

from tictactoe_gui.cli.common import EXIT_OK, Command, Streams
from tictactoe_gui.engine.games import GameSpec, Solving, registered_games

#: What each level of :class:`~tictactoe_gui.engine.games.Solving` means, for the legend.
_MEANINGS = {
    Solving.EXACT: "every position is solved, each move's result proven",
    Solving.PROVEN_IN_TIME: "a position is proven (win, draw or loss) when the time given "
    "allows, else estimated and labelled so",
    Solving.ESTIMATED: "estimated by a depth-limited search; proven only where a proof is "
    "found, or near the end",
}


_WIDTH = 88


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="the list as one JSON object")


def _spec_payload(game_key: str, spec: GameSpec) -> dict[str, Any]:
    return {
        "id": spec.id,
        "name": spec.name,
        "game": game_key,
        "rows": spec.rows,
        "cols": spec.cols,
        "size": spec.size_text,
        "seats": list(spec.seats),
        "engine": spec.solving.value,
        "engine_detail": spec.solving_text,
        "values": spec.value_kind.value,
        "players": [
            {"key": player.key, "name": player.name, "level": player.level}
            for player in spec.players
        ],
    }


def run(args: argparse.Namespace, streams: Streams) -> int:
    games = registered_games()
    out = streams.stdout
    if args.json:
        payload = {
            "games": [_spec_payload(game.key, spec) for game in games for spec in game.listed],
            "grammars": [
                {
                    "grammar": game.grammar,
                    "game": game.key,
                    "name": game.name,
                    "description": game.grammar_text,
                }
                for game in games
            ],
        }
        print(json.dumps(payload, ensure_ascii=False), file=out)
        return EXIT_OK
    specs = [spec for game in games for spec in game.listed]
    id_width = max(len(spec.id) for spec in specs)
    name_width = max(len(spec.name) for spec in specs)
    size_width = max(len(spec.size_text) for spec in specs)
    print("Games, by the id --game takes:", file=out)
    for spec in specs:
        print(
            f"  {spec.id:<{id_width}}  {spec.name:<{name_width}}  "
            f"{spec.size_text:<{size_width}}  {spec.solving}",
            file=out,
        )
    print("\nAny size, by its grammar (case-insensitive):", file=out)
    grammar_width = max(len(game.grammar) for game in games)
    for game in games:
        line = f"  {game.grammar:<{grammar_width}}  {game.name}: {game.grammar_text}"
        print(_wrapped(line, grammar_width + 4), file=out)
    print("\nWhat the engine can do:", file=out)
    for level, meaning in _MEANINGS.items():
        print(_wrapped(f"  {level}: {meaning}", 4), file=out)
    return EXIT_OK


def _wrapped(line: str, indent: int) -> str:
    return textwrap.fill(line, _WIDTH, subsequent_indent=" " * indent)


COMMAND = Command(
    name="games",
    help="the games, by the id --game takes, and what the engine can do on each",
    description=(
        "List the games by the ids --game takes, each with its name, its size and what the "
        "engine can do on it (solved exactly, proven when time allows, or estimated), and "
        "the grammars that name any other size (MxNkK, rowcolN)."
    ),
    configure=configure,
    run=run,
)
