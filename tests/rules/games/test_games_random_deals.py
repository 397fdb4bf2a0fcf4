"""Random complete deals for every standard, seed-000 and Old Man game: the showdown resolves,
and awards plus carry are exactly the pot (P2); losers' obligations are whole white chips."""

import random

import pytest
from showdown_helpers import random_deal

from rules.games.registry import all_games
from rules.games.showdown import resolve

MINE = ("004_", "000_", "001_")
GAMES = sorted(g.id for g in all_games().values() if g.source.startswith(MINE))


def _cents(text):
    return int(text.replace(".", ""))


@pytest.mark.parametrize("game_id", GAMES)
def test_random_deals_resolve_and_keep_every_chip(game_id):
    rng = random.Random(game_id)
    for _ in range(3):
        result = resolve(random_deal(all_games()[game_id], rng))
        assert sum(_cents(a["amount"]) for a in result["awards"]) + _cents(result["carry"]) == 1005
        assert all(_cents(o["amount"]) % 5 == 0 for o in result["owes"])
        assert result["explain"]
