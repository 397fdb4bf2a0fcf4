"""Every game of the catalog answers an odds question from its first street: two players with
their first hole cards (and a first up card where the game deals them), nothing else seen. A
position of no fixed count (a board the dealer rules) is taken as entered, so the question
gives it the cards its game's `describe` asks for."""

import pytest

from rules.cards import deck
from rules.errors import RulesError
from rules.games.registry import all_games
from rules.odds import odds

# positions of no fixed count: how many cards the question lays there
ENTERED = {"egyptian-holdem": {"row1": 1, "row2": 2, "row3": 3},
           "indian-chief": {"community": 4}, "el-dorado": {"center": 1, "community": 3},
           "skyscraper-elevator": {f"C{floor}": 1 for floor in range(1, 6)}}
NO_RULES = {"chowaha", "loco-poker"}   # named in their seeds without rules


def first_street(game):
    cards = [str(card) for card in deck(game.deck) if not card.is_joker]
    players = []
    for name in ("Ann", "Bob"):
        player = {"name": name}
        if game.down is None:
            player["up"] = [cards.pop()]
        else:
            player["down"] = [cards.pop() for _ in range(min(game.down, 2))]
            if game.up:
                player["up"] = [cards.pop()]
        players.append(player)
    sizes = ENTERED.get(game.id, {})
    board = {position.name: [cards.pop() for _ in range(sizes.get(position.name, 3))]
             for position in game.board
             if position.count is None and (position.name in sizes or not sizes)}
    data = {"game": game.id, "players": players, "board": board, "trials": 8, "exact": False}
    if game.rounds:
        data["round"] = 1
    return data


@pytest.mark.parametrize("game_id", list(all_games()))
def test_every_game_answers_from_its_first_street(game_id):
    game = all_games()[game_id]
    if game_id in NO_RULES:
        with pytest.raises(RulesError, match="without rules"):
            odds(first_street(game))
        return
    result = odds(first_street(game))
    assert result["trials"] >= 1
    assert [pl["name"] for pl in result["players"]] == ["Ann", "Bob"]
    total = sum(float(pl["share"]) for pl in result["players"])
    assert 0 <= total <= 1.0002
    assert result["explain"]


def test_the_catalog_is_the_whole_house():
    """The 107 games of the seeds, and the popular family (POPULAR_GAMES.md, H ids) beside
    them."""
    seeds = [game for game in all_games().values() if not game.source.startswith("popular")]
    assert len(seeds) == 107
