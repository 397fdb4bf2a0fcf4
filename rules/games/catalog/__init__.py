"""The game catalog, one package per family of games: `<family>/games.py` exposes `GAMES`, a
list of `GameDef` (see `rules.games.definition`), and the family's other modules (named in its
`EXTENSIONS`) register the rankings, layouts, side payments and adjustments only its games name.
What several families share is in `common.py` (definition pieces) and `rules.rankings` (the
five-card classifier, wild cards by substitution).

`rules.games.registry` reads the families named in `MODULES`, in this order: the order of
`python -m rules games`. Each game's `source` names the seed document it comes from.
"""

from __future__ import annotations

import importlib

MODULES = (
    "standard",         # the dealer's-choice staples: draw, stud, hold'em, Omaha (004)
    "match_and_burn",   # losers match the pot or burn: 3-5-7, guts, the deadlies (000)
    "old_man",          # Old Man (001)
    "draw",             # draw-poker variants: three-card, Brag, Knock Poker, Pokino (002)
    "holdem_family",    # hold'em/Omaha shapes with special wilds and rankings (003, part)
    "community_games",  # community games with a ranking, deal or pot twist (003, part)
    "board_layouts",    # games with a board of their own shape (003, part)
    "popular",          # the games nearly every home game calls (POPULAR_GAMES.md, H1-H14)
)


def load_extensions() -> None:
    """Import every family's extension modules, registering their schemes, layouts, side
    payments and adjustments (a module already imported is not imported again); the one place
    that does."""
    for family in MODULES:
        package = importlib.import_module(f"{__name__}.{family}")
        for name in package.EXTENSIONS:
            importlib.import_module(f"{package.__name__}.{name}")
