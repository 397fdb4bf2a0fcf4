"""The search's fast lane (no wild card in play) must pick exactly what the general search picks:
same key, same cards shown, same sentence, for Omaha, hold'em and stud deals (S1, S2, S7, S8)."""

from __future__ import annotations

import random

import pytest

from rules.cards import Card, deck, parse_cards
from rules.evaluator import Source, best_hand, combos, evaluate, search

DECK = deck("standard")
DEUCES = frozenset(Card(2, suit) for suit in "shdc")
SCHEMES = (("high", None), ("low-8", None), ("low", None), ("low-a5", 8), ("low-27", None),
           ("low-a6", None), ("low-a5", None), ("three", None), ("low-8", 7))


def _shapes(rng):
    """(name, sources) for one random deal of each shape."""
    omaha = rng.sample(DECK, 9)
    holdem = rng.sample(DECK, 7)
    stud = rng.sample(DECK, 7)
    loose = rng.sample(DECK, 8)
    return [
        ("omaha", [Source(tuple(omaha[:4]), 2, 2), Source(tuple(omaha[4:]), 3, 3)]),
        ("holdem", [Source(tuple(holdem))]),
        ("stud", [Source(tuple(stud[:3]), 0, 3), Source(tuple(stud[3:]), 2, 4)]),
        ("three-way", [Source(tuple(loose[:3]), 1, 2), Source(tuple(loose[3:6]), 1, 3),
                       Source(tuple(loose[6:]), 0, 2)]),
    ]


def _slow(monkeypatch, *args, **kwargs):
    with monkeypatch.context() as patch:
        patch.setattr(search, "_fast_ranker", lambda *_: None)
        return best_hand(*args, **kwargs)


@pytest.mark.parametrize("seed", range(4))
def test_fast_lane_matches_the_general_search_on_random_deals_S1(monkeypatch, seed):
    rng = random.Random(seed)
    used = []
    real = combos.ranker

    def counted(*args):
        search = real(*args)
        used.extend([1] if search is not None else [])
        return search

    monkeypatch.setattr(combos, "ranker", counted)
    for deal in range(130):
        for shape, sources in _shapes(rng):
            scheme, qualifier = SCHEMES[(deal + len(shape)) % len(SCHEMES)]
            wild = DEUCES if deal % 5 == 0 else frozenset()
            fast = best_hand(sources, scheme, wild, qualifier=qualifier)
            slow = _slow(monkeypatch, sources, scheme, wild, qualifier=qualifier)
            assert fast == slow, (shape, scheme, [str(c) for s in sources for c in s.cards])
    assert len(used) > 400  # the fast lane ran (most of the 520 deals)


def test_fast_lane_steps_aside_when_a_wild_card_is_in_play_S10():
    sources = [Source((Card(2, "s"), Card(9, "h"), Card(5, "d"), Card(13, "c")), 2, 2),
               Source((Card(14, "s"), Card(3, "h"), Card(4, "d"), Card(12, "c"), Card(7, "h")),
                      3, 3)]
    assert search._fast_ranker(search.get_scheme("high"), (Card(2, "s"),), DEUCES, None) is None
    value = best_hand(sources, "low-8", DEUCES)
    assert value.wilds and value.wilds[0][0] == Card(2, "s")


def test_fast_lane_skips_schemes_it_cannot_rank_exactly_S3():
    assert combos.ranker(search.get_scheme("doogie"), None) is None
    assert combos.ranker(search.get_scheme("high"), None) is not None
    assert combos.ranker(search.get_scheme("low-8"), None) is not None


def test_a_flush_shows_the_flush_suit_when_its_ranks_are_also_dealt_off_suit_S2():
    value = evaluate(parse_cards("As Ks Ah Kh 9h 5h 2h"))
    assert value.category == "flush"
    assert [str(card) for card in value.cards] == ["Ah", "Kh", "9h", "5h", "2h"]
