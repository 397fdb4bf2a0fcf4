"""Random complete deals for every standard, seed-000 and Old Man game: the showdown resolves,
and awards plus carry are exactly the pot (P2); losers' obligations are whole white chips."""

import random

import pytest

from rules.cards import deck
from rules.games.registry import all_games
from rules.games.showdown import resolve

MINE = ("004_", "000_", "001_")
GAMES = sorted(g.id for g in all_games().values() if g.source.startswith(MINE))


def _deal(game, rng):
    rules = game.for_round(len(game.rounds)) if game.rounds else game
    cards = [str(card) for card in deck(rules.deck)]
    rng.shuffle(cards)
    board = {pos.name: [cards.pop() for _ in range(pos.count or 3)] for pos in rules.board}
    players = []
    for index in range(rng.randint(2, 5)):
        down = 5 if rules.down is None else rules.down
        player = {"name": f"P{index}", "down": [cards.pop() for _ in range(down)],
                  "up": [cards.pop() for _ in range(rules.up)], "in": rng.random() < 0.9}
        if rules.split == "declare":
            player["declare"] = rng.choice(rules.declarations)
        if rules.go_stop:
            player["go"] = rng.random() < 0.7
        players.append(player)
    data = {"game": game.id, "pot": "10.05", "board": board, "players": players}
    if game.rounds:
        data["round"] = len(game.rounds)
    if rules.dummy:
        data["dummy"] = {"down": [cards.pop() for _ in range(rules.dummy.cards or rules.down or 5)]}
    return data


def _cents(text):
    return int(text.replace(".", ""))


@pytest.mark.parametrize("game_id", GAMES)
def test_random_deals_resolve_and_keep_every_chip(game_id):
    rng = random.Random(game_id)
    for _ in range(3):
        result = resolve(_deal(all_games()[game_id], rng))
        assert sum(_cents(a["amount"]) for a in result["awards"]) + _cents(result["carry"]) == 1005
        assert all(_cents(o["amount"]) % 5 == 0 for o in result["owes"])
        assert result["explain"]
