"""Hold'em and Omaha shapes with special wilds and rankings (003, part): `games.py` the
definitions; `wraparound.py`, `tickets.py` (Rails, Depot), `odds_and_ends.py`, `breaker.py`,
`doogie.py` their rankings and layouts; `layouts.py` the layouts of Double Trouble and Circle Jerk.

`EXTENSIONS`: the modules here that register what the games name, in the order
`rules.games.catalog.load_extensions` imports them."""

EXTENSIONS: tuple[str, ...] = (
    "wraparound", "tickets", "odds_and_ends", "breaker", "doogie", "layouts",
)
