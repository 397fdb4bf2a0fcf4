"""Games with a board of their own shape (003, part): `games.py` the definitions; `ruby_run.py`
and `low_ranks.py` (Piles' variation) their rankings, `layouts.py` their layouts.

`EXTENSIONS`: the modules here that register what the games name, in the order
`rules.games.catalog.load_extensions` imports them."""

EXTENSIONS: tuple[str, ...] = ("ruby_run", "low_ranks", "layouts")
