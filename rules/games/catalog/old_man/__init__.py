"""Old Man (001). `games.py` holds the definition; the engine's built-ins cover it (the wild
spec `center`, a `Dummy`, the pot rules of `rules.games.pots`).

`EXTENSIONS`: the modules here that register what the games name, in the order
`rules.games.catalog.load_extensions` imports them."""

EXTENSIONS: tuple[str, ...] = ()
