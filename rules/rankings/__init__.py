"""The game catalog's extensions: special rankings, and the layouts, side payments and showdown
adjustments that single games need. Each module registers what it defines, by name, in the
registries of `rules.evaluator` (schemes), `rules.games.layouts`, `rules.games.pots` and
`rules.games.adjustments`; `load_extensions` imports them all, and is the one place that does.
"""

from __future__ import annotations

import importlib

MODULES = (
    "draw", "wraparound", "tickets", "odds_and_ends", "breaker", "doogie", "egyptian", "island",
    "ruby_run", "low_ranks", "game_layouts", "series",
)


def load_extensions() -> None:
    """Import every extension module, registering its schemes, layouts, side payments and
    adjustments (a module already imported is not imported again)."""
    for name in MODULES:
        importlib.import_module(f"{__name__}.{name}")
