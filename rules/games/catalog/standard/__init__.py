"""The dealer's-choice staples (004): five-card draw and stud, seven-card stud, Texas hold'em,
Omaha. `games.py` holds the definitions; the engine's built-in rankings and layouts cover them.

`EXTENSIONS`: the modules here that register what the games name, in the order
`rules.games.catalog.load_extensions` imports them."""

EXTENSIONS: tuple[str, ...] = ()
