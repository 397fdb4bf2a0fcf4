"""Every game of every catalog module, by id (`python -m rules games`)."""

from __future__ import annotations

import importlib
from functools import cache

from ..errors import RulesError
from .catalog import MODULES, load_extensions
from .definition import GameDef


@cache
def all_games() -> dict[str, GameDef]:
    """Game id -> definition, in catalog order; a repeated id is a catalog bug. The catalog's
    extensions (the rankings, layouts ... its games name) are loaded first."""
    load_extensions()
    games: dict[str, GameDef] = {}
    for module_name in MODULES:
        module = importlib.import_module(f"rules.games.catalog.{module_name}.games")
        for game in module.GAMES:
            if game.id in games:
                raise RulesError(f"catalog: game id {game.id!r} is defined twice ({module_name})")
            games[game.id] = game
    return games


def get_game(game_id: str) -> GameDef:
    """The definition for an id; the error names the field and suggests how to list ids."""
    games = all_games()
    if game_id not in games:
        raise RulesError(
            f"game: unknown game {game_id!r}; expected an id from `python -m rules games` "
            "or an inline definition object"
        )
    return games[game_id]
