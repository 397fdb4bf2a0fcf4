"""Short-deck hold'em's order of hands (H6): the 36-card deck (6s to aces), where A-6-7-8-9
is a straight (the ace below the six), a flush beats a full house, and three of a kind beats a
straight. Schemes `high-short` and, for option `trips_beat_straight: false`,
`high-short-straights` (a straight beats three of a kind, the flush still above the full
house)."""

from __future__ import annotations

from rules.cards import Card
from rules.evaluator import HandValue, register_scheme
from rules.evaluator.values import Key, WildPairs
from rules.rankings.common import refuse_jokers, substitutions, wild_note
from rules.rankings.five_card import STANDARD_STRAIGHTS, Shape, Straights, classify, describe_shape

SHORT = "high-short"
SHORT_STRAIGHTS_OVER_TRIPS = "high-short-straights"

# weakest first
ORDER = ("high_card", "pair", "two_pair", "straight", "three_of_a_kind", "full_house", "flush",
         "four_of_a_kind", "straight_flush", "five_of_a_kind")
ORDER_STRAIGHTS = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "full_house",
                   "flush", "four_of_a_kind", "straight_flush", "five_of_a_kind")


def _short_straights() -> Straights:
    """6-7-8-9-T up to T-J-Q-K-A, and A-6-7-8-9 (nine high: the ace below the six)."""
    runs = {ranks: run for ranks, run in STANDARD_STRAIGHTS.items() if min(ranks) >= 6}
    runs[frozenset((14, 6, 7, 8, 9))] = (9, (9, 8, 7, 6, 14))
    return runs


SHORT_STRAIGHTS = _short_straights()


def _value(scheme: str, order: tuple[str, ...], cards: tuple[Card, ...],
           wild: frozenset[Card]) -> HandValue:
    refuse_jokers(cards, wild, scheme)
    best: tuple[Key, Shape, WildPairs] | None = None
    for hand, pairs in substitutions(cards, wild, scheme):
        shape = classify(hand, straights=SHORT_STRAIGHTS)
        key = (order.index(shape.category),) + shape.values
        if best is None or key > best[0]:
            best = (key, shape, pairs)
    assert best is not None  # a hand has at least one reading
    key, shape, pairs = best
    text = describe_shape(shape)
    if shape.category in ("straight", "straight_flush") and shape.values[0] == 9 and \
            any(card.rank == 14 for card in shape.cards):
        text += " (the ace below the six)"
    return HandValue(scheme=scheme, category=shape.category, key=key, cards=shape.cards,
                     wilds=pairs, describe=text + wild_note(pairs))


def short_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    return _value(SHORT, ORDER, cards, wild)


def short_straights_value(cards: tuple[Card, ...],
                          wild: frozenset[Card] = frozenset()) -> HandValue:
    return _value(SHORT_STRAIGHTS_OVER_TRIPS, ORDER_STRAIGHTS, cards, wild)


register_scheme(SHORT, 5, "high", short_value, categories=tuple(reversed(ORDER)))
register_scheme(SHORT_STRAIGHTS_OVER_TRIPS, 5, "high", short_straights_value,
                categories=tuple(reversed(ORDER_STRAIGHTS)))
