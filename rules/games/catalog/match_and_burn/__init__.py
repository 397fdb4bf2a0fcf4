"""Losers match the pot or burn (000): 3-5-7, 6-7-8, the deadlies, guts, Indian poker, Omaha
burns ... `games.py` holds the definitions; the engine's built-ins cover them (the wimp rule's side
payment is in `rules.games.pots`).

`EXTENSIONS`: the modules here that register what the games name, in the order
`rules.games.catalog.load_extensions` imports them."""

EXTENSIONS: tuple[str, ...] = ()
