"""Catalog modules: each exposes `GAMES`, a list of `GameDef` (see `rules.games.definition`).

`rules.games.registry` imports every module named in `MODULES`.
"""

MODULES = ("standard", "seed000", "seed001", "seed002", "seed003a", "seed003b")
