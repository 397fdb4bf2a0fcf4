"""What the special rankings share: wild cards by substitution, and ranks by group and sequence.

These rankings are played without wild cards in their own games; a dealer's own game may add a
few. A wild card then stands for every card it could be, one after another (S11: any rank and
suit, even a card already held; a duplicate can never make a flush), and the best hand wins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import product

from rules.cards import JOKER, Card
from rules.errors import CardError, RulesError

ANY_CARD = tuple(Card(rank, suit) for rank in range(14, 1, -1) for suit in "shdc")
"""Every card a wild card may stand for, best first."""
MAX_WILDS = 2
"""The most wild cards a special ranking tries in one hand (each one multiplies the work by 52)."""

Cards = tuple[Card, ...]
WildPairs = tuple[tuple[Card, Card], ...]


def refuse_jokers(cards: Sequence[Card], wild: frozenset[Card], scheme: str) -> None:
    """A joker means something in these rankings only when jokers are wild."""
    if JOKER in cards and JOKER not in wild:
        raise CardError(f"card JK: the {scheme} ranking has no joker unless jokers are wild")


def substitutions(cards: Sequence[Card], wild: frozenset[Card], scheme: str, *,
                  limit: int | None = MAX_WILDS) -> Iterator[tuple[Cards, WildPairs]]:
    """Every way the wild cards among `cards` could stand: (the cards with each wild replaced,
    the (wild card, what it stands for) pairs). Without wild cards, the cards as they are.
    `limit`: the most wild cards allowed in a hand (None: any number)."""
    wild_at = [index for index, card in enumerate(cards) if card in wild]
    if limit is not None and len(wild_at) > limit:
        raise RulesError(f"wild: the {scheme} ranking allows at most {limit} wild cards "
                         "in a hand")
    if not wild_at:
        yield tuple(cards), ()
        return
    for stand_ins in product(ANY_CARD, repeat=len(wild_at)):
        hand = list(cards)
        for index, stand_in in zip(wild_at, stand_ins, strict=True):
            hand[index] = stand_in
        yield tuple(hand), tuple((cards[i], s) for i, s in zip(wild_at, stand_ins, strict=True))


def wild_note(pairs: WildPairs) -> str:
    """" (Kh wild as As, ...)" for the sentence of a hand that used wild cards, else ""."""
    if not pairs:
        return ""
    return " (" + ", ".join(f"{held} wild as {stood}" for held, stood in pairs) + ")"


def grouped(cards: Sequence[Card]) -> tuple[tuple[int, ...], Cards, tuple[int, ...]]:
    """(count shape, cards by group then rank, ranks by group then rank)."""
    counts = Counter(card.rank for card in cards)
    order = sorted(cards, key=lambda card: (counts[card.rank], card.rank, card.suit),
                   reverse=True)
    shape = tuple(sorted(counts.values(), reverse=True))
    values = tuple(dict.fromkeys(card.rank for card in order))
    return shape, tuple(order), values


def sequence_top(ranks: Sequence[int], *, ace_low: bool) -> int | None:
    """The top rank if the distinct ranks run in sequence (ace high, or low when allowed)."""
    ordered = sorted(set(ranks), reverse=True)
    if len(ordered) != len(ranks):
        return None
    if ordered[0] - ordered[-1] == len(ordered) - 1:
        return ordered[0]
    low_ace = sorted((1 if rank == 14 else rank for rank in ordered), reverse=True)
    if ace_low and low_ace[0] - low_ace[-1] == len(low_ace) - 1:
        return low_ace[0]
    return None


def poker_shape(cards: Sequence[Card], shapes: Mapping[tuple[int, ...], str], *,
                ace_low: bool) -> tuple[str, tuple[int, ...], Cards]:
    """Category, tie-break ranks and reading order of natural cards, every card counting: a
    shape of rank counts named in `shapes` (four of a kind and a pair ...), else a straight
    flush, straight (the ace low too when `ace_low`), flush or high card."""
    shape, order, values = grouped(cards)
    if shape in shapes:
        return shapes[shape], values, order
    flush = len({card.suit for card in cards}) == 1 and len(set(cards)) == len(cards)
    top = sequence_top([card.rank for card in cards], ace_low=ace_low)
    if top is not None:
        return ("straight_flush" if flush else "straight"), (top,), in_sequence(cards, top)
    return ("flush" if flush else "high_card"), values, order


def in_sequence(cards: Sequence[Card], top: int) -> Cards:
    """The cards of a straight read from the top (the ace last when it plays low)."""
    return tuple(sorted(cards, key=lambda card: card.rank if card.rank <= top else 0,
                        reverse=True))
