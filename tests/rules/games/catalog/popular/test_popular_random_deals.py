"""Every popular game (H1-H14) resolves random complete deals and keeps the pot whole: what
the winners take plus what stays is the pot; and a payout from winners answers for each."""

import random

import pytest
from showdown_helpers import random_deal

from rules.games.payout import payout
from rules.games.registry import all_games
from rules.games.showdown import resolve

POPULAR = sorted(game.id for game in all_games().values() if game.source.startswith("popular"))


def _cents(text):
    return int(text.replace(".", ""))


def test_the_popular_family_holds_the_games_built_so_far():
    assert POPULAR == sorted([
        "follow-the-queen", "chicago", "baseball", "night-baseball", "short-deck-holdem",
        "seven-twenty-seven", "badugi", "anaconda", "kings-and-little-ones", "dr-pepper",
        "razz", "deuce-to-seven-single-draw", "deuce-to-seven-triple-draw", "crazy-pineapple",
        "big-o", "double-board-holdem", "double-board-omaha"])


@pytest.mark.parametrize("game_id", POPULAR)
def test_random_deals_keep_the_pot_whole(game_id):
    rng = random.Random(game_id)
    for _ in range(30):
        data = random_deal(all_games()[game_id], rng)
        result = resolve(data)
        taken = sum(_cents(award["amount"]) for award in result["awards"])
        assert taken + _cents(result["carry"]) == _cents(data["pot"]), result["explain"]


@pytest.mark.parametrize("game_id", POPULAR)
def test_a_payout_from_winners_answers(game_id):
    game = all_games()[game_id]
    side = "low" if game.split == "low" else "high"
    if game.boards:
        side = game.boards[0]        # H7: a board's half
    first = {"name": "Ann", "won": [side]}
    second = {"name": "Bob"}
    if game.split == "declare":
        first["declare"], second["declare"] = side, side
    result = payout({"game": game_id, "pot": "2.00", "players": [first, second]})
    if game.boards:       # nobody won the second board: its half stays
        assert result["awards"] == [{"name": "Ann", "amount": "1.00", "side": side}]
        return
    assert result["awards"] == [{"name": "Ann", "amount": "2.00", "side": side}]
