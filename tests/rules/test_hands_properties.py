"""Properties (hypothesis, modest example counts): wild cards never hurt a high hand,
order of cards never matters, compare is a total preorder; the fast tables agree with the
table-free reading of every hand."""

import argparse
import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import JOKER, SUITS, Card
from rules.commands.hands import run_compare
from rules.evaluator import SCHEMES, evaluate, tables

DECK = [Card(rank, suit) for rank in range(2, 15) for suit in SUITS]
SCHEME_NAMES = ["high", "three", "four", "two", "low", "low-a5", "low-27", "low-a6", "low-8",
                "doogie"]
hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True)
wild_ranks = st.sets(st.integers(2, 14), max_size=2)


def wild_of(ranks):
    return frozenset(Card(rank, suit) for rank in ranks for suit in SUITS)


@settings(max_examples=60, deadline=None)
@given(hands, wild_ranks)
def test_adding_a_wild_card_never_makes_a_high_hand_worse_S11(cards, ranks):
    wild = wild_of(ranks)
    before = evaluate(cards, "high", wild)
    after = evaluate(cards + [JOKER], "high", wild | {JOKER})
    assert after.key >= before.key


@settings(max_examples=60, deadline=None)
@given(hands, wild_ranks, st.integers(0, 6))
def test_making_a_held_card_wild_never_makes_a_high_hand_worse_S11(cards, ranks, index):
    card = cards[index % len(cards)]
    wild = wild_of(ranks)
    assert evaluate(cards, "high", wild | {card}).key >= evaluate(cards, "high", wild).key


@settings(max_examples=40, deadline=None)
@given(hands, wild_ranks, st.sampled_from(SCHEME_NAMES), st.randoms(use_true_random=False))
def test_permuting_the_cards_never_changes_the_result_S1(cards, ranks, scheme, rng):
    wild = wild_of(ranks)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    first, second = evaluate(cards, scheme, wild), evaluate(shuffled, scheme, wild)
    assert (first.key, first.category) == (second.key, second.category)
    assert sorted(card.rank for card in first.cards) == sorted(card.rank for card in second.cards)


@settings(max_examples=40, deadline=None)
@given(st.lists(hands, min_size=2, max_size=6), st.sampled_from(["high", "low", "low-8"]))
def test_compare_is_a_total_preorder(hand_list, scheme):
    texts = [" ".join(str(card) for card in hand) for hand in hand_list]
    result = run_compare(argparse.Namespace(scheme=scheme, wild="", qualifier=None,
                                            hands=texts))
    assert sorted(index for group in result["order"] for index in group) == \
        list(range(len(texts)))
    keys = [evaluate(hand, scheme).key for hand in hand_list]
    place = {index: rank for rank, group in enumerate(result["order"]) for index in group}
    for a in range(len(keys)):
        for b in range(len(keys)):
            assert (keys[a] > keys[b]) == (place[a] < place[b])
            assert (keys[a] == keys[b]) == (place[a] == place[b])


def test_fast_tables_agree_with_the_table_free_reading():
    """5- to 7-card hands with 0-4 wild cards: tables.score vs the scorer-based reading."""
    reference = SCHEMES["high"].fn.reference_key
    rng = random.Random(3)
    for _ in range(300):
        wild_count = rng.randrange(5)
        naturals = rng.sample(DECK, rng.randrange(max(5 - wild_count, 1), 8 - wild_count))
        cards = tuple(naturals) + (JOKER,) * wild_count
        expected = max(reference(five, frozenset({JOKER})) for five in combinations(cards, 5))
        codes = [tables.CODE[card] for card in naturals]
        assert tables.unpack(tables.score(codes, wild_count))[2] == expected, cards
        if wild_count == 0 and len(codes) == 5:
            assert tables.score5(*codes) == tables.score(codes)
        if wild_count == 0 and len(codes) == 7:
            assert tables.score7(*codes) == tables.score(codes)


def test_unpaired_wilds_shortcut_for_lows_matches_trying_every_rank_S10():
    from itertools import combinations_with_replacement

    from rules.evaluator import scorers, wildfill

    rng = random.Random(5)
    for scorer in (scorers.score_low_house, scorers.score_low_a5, scorers.score_low_a6,
                   scorers.score_low_27):
        for _ in range(60):
            wild_count = rng.randrange(1, 4)
            ranks = tuple(sorted((rng.randrange(2, 15) for _ in range(5 - wild_count)),
                                 reverse=True))
            single_suit = rng.random() < 0.5
            for qualifier in (None, 8):
                everything = wildfill._best_of_readings(
                    scorer, ranks, combinations_with_replacement(range(14, 1, -1), wild_count),
                    wild_count, single_suit, qualifier)
                quick = wildfill.best_reading(scorer, ranks, wild_count, single_suit, qualifier)
                assert quick[1] == everything[1], (scorer.__name__, ranks, wild_count)
