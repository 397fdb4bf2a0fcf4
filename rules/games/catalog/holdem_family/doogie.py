"""Doogie and Buddys Game (003): a perfect doogie (A-2-3-4, one of each suit) also wins high.
Scheme `high-doogie`."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from rules.cards import Card
from rules.evaluator import HIGH_CATEGORIES, SCHEMES, HandValue, register_scheme


def is_perfect_doogie(cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """Four cards A, 2, 3, 4 in four different suits among `cards`, or None."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        if card.rank in (14, 2, 3, 4):
            by_rank.setdefault(card.rank, []).append(card)
    if len(by_rank) < 4:
        return None
    for choice in product(*(by_rank[rank] for rank in (4, 3, 2, 14))):
        if len({card.suit for card in choice}) == 4:
            return tuple(choice)
    return None


def high_doogie_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Standard high (S2), except that a hand holding a perfect doogie ranks above everything:
    "the perfect doogie wins both high and low" (Doogie, Buddys Game, 003)."""
    perfect = is_perfect_doogie(card for card in cards if card not in wild)
    if perfect is not None:
        rest = tuple(card for card in cards if card not in perfect)
        return HandValue(scheme="high-doogie", category="perfect_doogie", key=(1,),
                         cards=perfect + rest, wilds=(),
                         describe="Perfect doogie (A-2-3-4 in four suits): wins high too")
    plain = SCHEMES["high"].fn(cards, wild)
    return HandValue(scheme="high-doogie", category=plain.category, key=(0, plain.key),
                     cards=plain.cards, wilds=plain.wilds, describe=plain.describe)


register_scheme("high-doogie", 5, "high", high_doogie_value,
                categories=("perfect_doogie",) + HIGH_CATEGORIES)
