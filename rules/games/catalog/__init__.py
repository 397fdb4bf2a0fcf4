"""Catalog modules: each exposes `GAMES`, a list of `GameDef` (see `rules.games.definition`).

`rules.games.registry` imports every module named in `MODULES`, in this order: the order of
`python -m rules games`. Each game's `source` names the seed document it comes from.
"""

MODULES = (
    "standard",         # the dealer's-choice staples: draw, stud, hold'em, Omaha (004)
    "match_and_burn",   # losers match the pot or burn: 3-5-7, guts, the deadlies (000)
    "old_man",          # Old Man (001)
    "draw",             # draw-poker variants: three-card, Brag, Knock Poker, Pokino (002)
    "holdem_family",    # hold'em/Omaha shapes with special wilds and rankings (003, part)
    "community_games",  # community games with a ranking, deal or pot twist (003, part)
    "board_layouts",    # games with a board of their own shape (003, part)
)
