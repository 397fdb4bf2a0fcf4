"""Wraparound (003): the standard high ranking, except that straights may run through the ace
(J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4). Scheme `high-wrap`."""

from __future__ import annotations

from rules.cards import Card
from rules.evaluator import HandValue, register_scheme
from rules.evaluator.values import Key, WildPairs
from rules.rankings.common import refuse_jokers, substitutions, wild_note
from rules.rankings.five_card import STANDARD_ORDER, WRAP_STRAIGHTS, Shape, classify, describe_shape

SCHEME = "high-wrap"


def wrap_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Standard high ranking, except straights may wrap around the ace (Wraparound, 003)."""
    refuse_jokers(cards, wild, "high-wrap")
    best: tuple[Key, Shape, WildPairs] | None = None
    for hand, pairs in substitutions(cards, wild, SCHEME):
        shape = classify(hand, straights=WRAP_STRAIGHTS)
        key = (STANDARD_ORDER.index(shape.category),) + shape.values
        if best is None or key > best[0]:
            best = (key, shape, pairs)
    assert best is not None  # a hand has at least one reading
    key, shape, pairs = best
    text = describe_shape(shape)
    if shape.category in ("straight", "straight_flush") and shape.values[0] < 5:
        text += " (wraps around the ace)"
    return HandValue(scheme="high-wrap", category=shape.category, key=key, cards=shape.cards,
                     wilds=pairs, describe=text + wild_note(pairs))


register_scheme(SCHEME, 5, "high", wrap_value, categories=tuple(reversed(STANDARD_ORDER)))
