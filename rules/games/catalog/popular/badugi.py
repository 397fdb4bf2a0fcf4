"""Badugi hands (H5) as a hand type beside the poker rankings: scheme `badugi`, a four-card low.

A hand is the largest set of its cards with no two of one suit and no two of one rank; a set
of four (a badugi) beats any set of three, which beats any set of two. Between sets of the same
size the lower wins, compared from the highest card down; aces are low (A-2-3-4 of four suits
is the best hand). The key is (size, then each rank from the highest down, negated): larger is
better, as for every scheme.
"""

from __future__ import annotations

from itertools import combinations

from rules.cards import Card
from rules.errors import CardError
from rules.evaluator import HandValue, register_scheme

SCHEME = "badugi"
CATEGORIES = ("badugi", "three_card", "two_card", "one_card")      # best first
SIZE_NAMES = {4: "badugi", 3: "three_card", 2: "two_card", 1: "one_card"}


def _low(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def badugi_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    if any(card.is_joker for card in cards) or wild & set(cards):
        raise CardError("badugi: no wild cards or jokers in a badugi hand")
    best: tuple[tuple[int, ...], tuple[Card, ...]] | None = None
    for size in range(len(cards), 0, -1):
        for chosen in combinations(cards, size):
            if len({c.suit for c in chosen}) < size or len({c.rank for c in chosen}) < size:
                continue
            ordered = tuple(sorted(chosen, key=_low, reverse=True))
            key = (size, *(-_low(card) for card in ordered))
            if best is None or key > best[0]:
                best = (key, ordered)
        if best is not None:
            break
    assert best is not None      # any one card is a set of one
    key, used = best
    ranks = "-".join("A" if c.rank == 14 else str(c)[:-1] for c in used)
    left = [str(c) for c in cards if c not in used]
    text = ("Badugi, " if len(used) == 4 else f"{_SIZE_WORD[len(used)]}-card hand, ") + ranks
    if left:
        text += f" (the {' and the '.join(left)} do{'es' if len(left) == 1 else ''} not play)"
    return HandValue(scheme=SCHEME, category=SIZE_NAMES[len(used)], key=key, cards=used,
                     describe=text)


_SIZE_WORD = {3: "Three", 2: "Two", 1: "One"}

register_scheme(SCHEME, 4, "low", badugi_value, categories=CATEGORIES)
