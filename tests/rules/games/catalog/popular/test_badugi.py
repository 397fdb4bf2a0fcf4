"""H5 Badugi: the largest set with no two of one suit or rank; more cards beat fewer; the lower
set wins, from the highest card down; aces low. Hands worked by hand from H5's text, and every
four-card hand of a 4-suit, 6-rank deck against the rule stated directly."""

from itertools import combinations

import pytest
from showdown_helpers import awards, p, play

from rules.cards import Card
from rules.errors import RulesError
from rules.evaluator import evaluate
from rules.games.catalog import load_extensions
from rules.odds import odds

GAME = "badugi"


def low(result, name):
    return next(pl for pl in result["players"] if pl["name"] == name)["low"]


def test_a_badugi_beats_any_three_card_hand_H5():
    # Ann K♠ 3♦ 2♣ A♥: four suits, four ranks. Bob A♠ 2♠ 3♥ 4♣: two spades: 4-3-A at best.
    result = play(GAME, [p("Ann", "Ah 2c 3d Ks"), p("Bob", "As 2s 3h 4c")])
    assert low(result, "Ann")["category"] == "badugi"
    assert low(result, "Bob")["describe"] == "Three-card hand, 4-3-A (the 2s does not play)"
    assert awards(result) == {"Ann": "1.00"}


def test_between_badugis_the_lower_wins_from_the_highest_card_down_H5():
    # 8-5-3-2 against 8-6-2-A: the eights tie, then the 5 is lower than the 6.
    result = play(GAME, [p("Ann", "8s 5h 3d 2c"), p("Bob", "8h 6s 2d Ac")])
    assert awards(result) == {"Ann": "1.00"}


def test_a_pair_counts_once_and_the_best_hand_is_a_2_3_4_H5():
    # Ann 4♠ 4♥ 2♦ A♣: the fours are one rank: 4-2-A three-card. Bob A♠ 2♥ 3♦ 4♣: the best.
    result = play(GAME, [p("Ann", "4s 4h 2d Ac"), p("Bob", "As 2h 3d 4c")])
    assert low(result, "Ann")["category"] == "three_card"
    assert low(result, "Bob")["describe"] == "Badugi, 4-3-2-A"
    assert awards(result) == {"Bob": "1.00"}


def test_equal_hands_split_the_pot_H5():
    result = play(GAME, [p("Ann", "7s 5h 3d 2c"), p("Bob", "7h 5s 3c 2d")], pot="2.00")
    assert awards(result) == {"Ann": "1.00", "Bob": "1.00"}


def test_more_than_four_cards_is_refused_naming_the_player_H5():
    with pytest.raises(RulesError, match=r"players\[0\]: 5 cards, but badugi deals 4"):
        play(GAME, [p("Ann", "7s 5h 3d 2c Ah"), p("Bob", "7h 5s 3c 2d")])


def test_odds_count_every_last_card_H5():
    # Ann holds A♠ 2♥ 3♦ and gets one more card; Bob's 8♠ 7♥ 6♦ 5♣ is a badugi. Only a club
    # makes Ann a badugi, and not the A♣ 2♣ 3♣ (her own ranks): the 4♣, 6♣ and 7♣ beat 8-high,
    # the 8♣ gives 8-3-2-A (the eights tie, then 3 beats 7); the 9♣ and higher lose.
    # 4 of the 45 unseen cards.
    result = odds({"game": GAME, "players": [{"name": "Ann", "down": ["As", "2h", "3d"]},
                                             {"name": "Bob", "down": ["8s", "7h", "6d", "5c"]}]})
    assert result["exact"] is True and result["trials"] == 45
    assert result["players"][0]["share"] == f"{4 / 45:.4f}"


# -- every badugi of a 4-suit, 6-rank deck against the rule stated directly --------------------

SMALL = [Card(rank, suit) for rank in (14, 2, 3, 4, 5, 6) for suit in "shdc"]


def _direct(hand):
    """H5 stated directly: every subset with distinct suits and ranks; the largest; among
    those the lower from the highest card down (aces as 1). Larger tuples are better."""
    best = None
    for mask in range(1, 16):
        chosen = [hand[i] for i in range(4) if mask >> i & 1]
        if len({c.suit for c in chosen}) != len(chosen):
            continue
        if len({c.rank for c in chosen}) != len(chosen):
            continue
        values = sorted((1 if c.rank == 14 else c.rank for c in chosen), reverse=True)
        candidate = (len(chosen), [-v for v in values])
        if best is None or candidate > best:
            best = candidate
    return best


def test_every_four_card_hand_of_a_small_deck_orders_as_the_direct_rule_H5():
    load_extensions()
    hands = list(combinations(SMALL, 4))
    assert len(hands) == 10626
    ranked = sorted(hands, key=_direct)
    keys = [evaluate(hand, "badugi").key for hand in ranked]
    for before, after, a, b in zip(ranked, ranked[1:], keys, keys[1:], strict=False):
        if _direct(before) == _direct(after):
            assert a == b, (before, after)
        else:
            assert a < b, (before, after)
