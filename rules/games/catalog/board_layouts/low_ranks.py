"""Piles' variation (003): a low by the ranks alone, where pairs, straights and flushes do not
count: the ranks compare highest first, aces low (A-A-A-A-2 is best). Scheme `low-ranks`."""

from __future__ import annotations

from rules.cards import Card
from rules.evaluator import HandValue, register_scheme
from rules.rankings.common import refuse_jokers, wild_note

NOT_QUALIFYING = (-100,)


def low_ranks_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset(), *,
                    qualifier: int | None = None) -> HandValue:
    """Piles' variation (003): pairs, straights and flushes do not count against a low; the
    ranks alone compare, highest first, aces low (A-A-A-A-2 is the best). A wild card is an
    ace (S10). `qualifier`: the highest rank a qualifying low may hold."""
    refuse_jokers(cards, wild, "low-ranks")
    ranks = sorted((1 if card in wild or card.rank == 14 else card.rank for card in cards),
                   reverse=True)
    order = tuple(sorted(cards, key=lambda c: 1 if c in wild or c.rank == 14 else c.rank,
                         reverse=True))
    pairs = tuple((card, Card(14, card.suit)) for card in cards if card in wild)
    words = "-".join("A" if rank == 1 else "  23456789TJQK"[rank] for rank in ranks)
    if qualifier is not None and ranks[0] > qualifier:
        return HandValue("low-ranks", None, NOT_QUALIFYING, order, pairs,
                         f"No low: {words} has a card above {qualifier}")
    return HandValue("low-ranks", "high_card", tuple(-rank for rank in ranks), order, pairs,
                     f"{words} low (pairs do not count)" + wild_note(pairs))


register_scheme("low-ranks", 5, "low", low_ranks_value, categories=("high_card",),
                takes_qualifier=True)
