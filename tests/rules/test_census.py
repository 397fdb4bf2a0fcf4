"""Census (`python -m rules census`): exact tables, checked against published numbers and an
independent brute force over smaller decks."""

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from rules.cards import JOKER, SUITS, Card
from rules.errors import RulesError
from rules.evaluator import SCHEMES, parse_wild
from rules.evaluator.census import _Census, census

FIVE_CARD = {"straight_flush": 40, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
             "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552, "pair": 1098240,
             "high_card": 1302540}
# Wikipedia, "Poker probability", 7-card hands (best five of seven).
SEVEN_CARD = {"straight_flush": 41584, "four_of_a_kind": 224848, "full_house": 3473184,
              "flush": 4047644, "straight": 6180020, "three_of_a_kind": 6461620,
              "two_pair": 31433400, "pair": 58627800, "high_card": 23294460}
# Wikipedia, 53-card deck with a fully wild joker.
JOKER_DECK = {"five_of_a_kind": 13, "straight_flush": 204, "four_of_a_kind": 3120,
              "full_house": 6552, "flush": 7804, "straight": 20532, "three_of_a_kind": 137280,
              "two_pair": 123552, "pair": 1268088, "high_card": 1302540}
DEUCES_WILD = {"five_of_a_kind": 672, "straight_flush": 2552, "four_of_a_kind": 31552,
               "full_house": 12672, "flush": 14472, "straight": 62232,
               "three_of_a_kind": 355080, "two_pair": 95040, "pair": 1225008,
               "high_card": 799680}


def test_all_five_card_hands_match_the_published_table():
    total, counts = census(5)
    assert total == 2598960
    assert dict(counts) == FIVE_CARD


@pytest.mark.slow
def test_all_seven_card_hands_match_wikipedia():
    total, counts = census(7)
    assert total == 133784560
    assert dict(counts) == SEVEN_CARD


def test_joker_deck_matches_the_published_table_S11():
    total, counts = census(5, "joker")
    assert total == comb(53, 5) and dict(counts) == JOKER_DECK


def test_deuces_wild_matches_the_published_table_S11():
    assert dict(census(5, wild=parse_wild("2"))[1]) == DEUCES_WILD


def reference_counts(ranks, jokers, size, scheme, wild_spec="", qualifier=None):
    """Visit every hand, evaluating each with the scheme's own (slow, table-free) function."""
    spec = SCHEMES[scheme]
    cards = [Card(rank, suit) for rank in ranks for suit in SUITS] + [JOKER] * jokers
    rule = parse_wild(wild_spec)
    static = None if rule.lowest else rule.resolve(()) | {JOKER}
    key, category = spec.fn.reference_key, spec.fn.category_only
    counts = Counter()
    for hand in combinations(cards, size):
        wild = static or rule.resolve(hand) | {JOKER}
        best = max(combinations(hand, spec.size),
                   key=lambda five: key(five, wild, qualifier))  # noqa: B023
        counts[category(best, wild, qualifier)] += 1
    return counts


def counted(ranks, jokers, size, scheme, wild_spec="", qualifier=None):
    return _Census(SCHEMES[scheme], size, tuple(ranks), jokers, parse_wild(wild_spec),
                   qualifier).run()


@pytest.mark.parametrize("ranks, jokers, size, scheme, wild", [
    (range(10, 15), 1, 5, "high", ""),           # royal deck + a joker
    (range(10, 15), 2, 5, "high", "K"),          # two jokers and kings wild
    ((2, 3, 4, 5, 14), 0, 5, "high", "Kh,2"),    # wheels, a wild rank
    ((3, 4, 5, 14), 0, 6, "high", "lowest"),     # six cards, lowest wild (S13)
    ((2, 3, 4, 14), 0, 7, "high", "3"),          # seven cards, several wilds
    ((2, 3, 4, 5, 6, 14), 0, 5, "low", ""),      # house low: straights and flushes count
    ((2, 3, 4, 5, 6, 14), 0, 5, "low-8", "2"),   # 8-or-better with a wild deuce
    ((2, 7, 8, 14), 1, 6, "low-27", ""),
    ((2, 3, 4, 14), 0, 7, "low", "3"),           # seven cards, house low, wilds
    ((2, 3, 4, 14), 0, 6, "three", ""),          # best three of six
    ((2, 3, 4, 13, 14), 1, 4, "four", ""),
    ((2, 3, 4, 13, 14), 0, 3, "three", "4"),
])
def test_census_equals_brute_force_on_small_decks(ranks, jokers, size, scheme, wild):
    assert counted(ranks, jokers, size, scheme, wild) == \
        reference_counts(ranks, jokers, size, scheme, wild)


def _three_card_category(hand):
    """An independent reading of the three-card house ranking (S3)."""
    ranks = sorted(card.rank for card in hand)
    flush = len({card.suit for card in hand}) == 1
    straight = (ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3) or ranks == [2, 3, 14]
    if len(set(ranks)) == 1:
        return "three_of_a_kind"
    if straight:
        return "straight_flush" if flush else "straight"
    if flush:
        return "flush"
    return "pair" if len(set(ranks)) == 2 else "high_card"


def test_three_card_census_equals_an_independent_count_S3():
    cards = [Card(rank, suit) for rank in range(2, 15) for suit in SUITS]
    expected = Counter(_three_card_category(hand) for hand in combinations(cards, 3))
    assert census(3, scheme="three")[1] == expected


def test_eight_or_better_five_card_count_is_the_formula_S8():
    total, counts = census(5, scheme="low-8")
    assert total - counts[None] == comb(8, 5) * 4 ** 5


def test_census_refuses_bad_requests():
    with pytest.raises(RulesError, match="'pinochle'"):
        census(5, "pinochle")
    with pytest.raises(RulesError, match="size"):
        census(2)
    with pytest.raises(RulesError, match="center"):
        census(5, wild=parse_wild("center"))
    with pytest.raises(RulesError, match="up to 5 cards"):
        census(7, scheme="three")


def test_doogie_census_counts_every_suit_arrangement_S9():
    counts = _Census(SCHEMES["doogie"], 4, tuple(range(2, 10)), 0, parse_wild(""), None,
                     exact=True).run()
    assert sum(counts.values()) == comb(32, 4)
    assert counts["high_card"] == comb(6, 4) * 24  # four ranks 2-7, one card of each suit


def test_a_catalog_scheme_that_weighs_suits_is_counted_hand_by_hand():
    from rules.evaluator import HandValue, register_scheme

    def reds(cards, wild):
        count = sum(card.suit in "hd" for card in cards)
        return HandValue("reds-test", "red" if count == 2 else "other", (count,), tuple(cards))

    register_scheme("reds-test", 2, "high", reds, categories=("red", "other"))
    try:
        total, counts = census(2, "royal", scheme="reds-test")
        assert (total, counts["red"]) == (190, comb(10, 2))
    finally:
        SCHEMES.remove("reds-test")
