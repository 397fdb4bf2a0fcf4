"""The games nearly every home game calls beyond the seeds (POPULAR_GAMES.md, H1-H14): Follow
the Queen, Chicago, Baseball, ... `games.py` holds the definitions; the mechanics they need
are general and in the engine, usable by any game and by the dealer's own game: the follow
card (`GameDef.follow`, `rules.games.up_cards`), extra down cards for an up card
(`GameDef.extra_down`), a side of the pot won by a card (`GameDef.card_side`,
`rules.games.pots`). `prices.py`: the price a face-up card costs (H2's 3s), a side payment.
`short_deck.py`: short-deck hold'em's order of hands (H6), the schemes `high-short` and
`high-short-straights`. `badugi.py`: badugi hands (H5), the scheme `badugi`. `counts.py`: counting
hands (H4), the schemes `count-7`, `count-27` and their `-bust` forms.

`EXTENSIONS`: the modules here that register what the games name, in the order
`rules.games.catalog.load_extensions` imports them."""

EXTENSIONS: tuple[str, ...] = ("prices", "short_deck", "badugi", "counts")
