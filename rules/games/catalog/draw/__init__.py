"""Draw-poker variants (002): `games.py` the definitions, `rankings.py` their rankings
(three-card, Brag, two-card low, Red and Black) and side payments (Knock Poker, Pokino,
forfeits), `layouts.py` Show Five's `exposed`.

`EXTENSIONS`: the modules here that register what the games name, in the order
`rules.games.catalog.load_extensions` imports them."""

EXTENSIONS: tuple[str, ...] = ("rankings", "layouts")
