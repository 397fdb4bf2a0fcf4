"""Community games with a ranking, deal or pot twist (003, part): `games.py` the definitions;
`egyptian.py`, `island.py` their rankings, `layouts.py` their layouts, `series.py` KRG's side
payment.

`EXTENSIONS`: the modules here that register what the games name, in the order
`rules.games.catalog.load_extensions` imports them."""

EXTENSIONS: tuple[str, ...] = ("egyptian", "island", "layouts", "series")
