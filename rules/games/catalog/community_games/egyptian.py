"""Egyptian Hold 'Em (003): six-card hands. Scheme `egyptian` (6 cards).

Best first: straight flush (six in sequence, one suit), house party (four of a kind and a
pair), four of a kind, double happy (two threes of a kind), full house (three of a kind, a pair
and an odd card), flush (six of one suit), straight (six in sequence), three of a kind, three
pair, two pair, pair, high card. With wild cards (no Egyptian game uses them) five and six of a
kind go on top.
"""

from __future__ import annotations

from rules.cards import Card, rank_name, rank_plural
from rules.errors import CardError
from rules.evaluator import HandValue, register_scheme
from rules.evaluator.values import Key, WildPairs
from rules.rankings.common import poker_shape, refuse_jokers, substitutions, wild_note

EGYPTIAN_ORDER = (
    "six_of_a_kind", "five_of_a_kind", "straight_flush", "house_party", "four_of_a_kind",
    "double_happy", "full_house", "flush", "straight", "three_of_a_kind", "three_pair",
    "two_pair", "pair", "high_card",
)
_EGYPTIAN_SHAPES = {
    (6,): "six_of_a_kind", (5, 1): "five_of_a_kind", (4, 2): "house_party",
    (4, 1, 1): "four_of_a_kind", (3, 3): "double_happy", (3, 2, 1): "full_house",
    (3, 1, 1, 1): "three_of_a_kind", (2, 2, 2): "three_pair", (2, 2, 1, 1): "two_pair",
    (2, 1, 1, 1, 1): "pair",
}


def _egyptian_shape(cards: tuple[Card, ...]) -> tuple[str, tuple[int, ...], tuple[Card, ...]]:
    """Category, tie-break ranks and reading order of six natural cards."""
    return poker_shape(cards, _EGYPTIAN_SHAPES, ace_low=True)


def _egyptian_words(category: str, values: tuple[int, ...]) -> str:
    v = values
    return {
        "six_of_a_kind": lambda: f"Six {rank_plural(v[0])}",
        "five_of_a_kind": lambda: f"Five {rank_plural(v[0])}",
        "straight_flush": lambda: ("Royal flush" if v[0] == 14
                                   else f"Six-card straight flush, {rank_name(v[0])} high"),
        "house_party": lambda: (f"House party: four {rank_plural(v[0])} and a pair of "
                                f"{rank_plural(v[1])}"),
        "four_of_a_kind": lambda: f"Four {rank_plural(v[0])}",
        "double_happy": lambda: (f"Double happy: three {rank_plural(v[0])} and three "
                                 f"{rank_plural(v[1])}"),
        "full_house": lambda: f"Full house, {rank_plural(v[0])} full of {rank_plural(v[1])}",
        "flush": lambda: f"Six-card flush, {rank_name(v[0])} high",
        "straight": lambda: f"Six-card straight, {rank_name(v[0])} high",
        "three_of_a_kind": lambda: f"Three {rank_plural(v[0])}",
        "three_pair": lambda: (f"Three pair, {rank_plural(v[0])}, {rank_plural(v[1])} and "
                               f"{rank_plural(v[2])}"),
        "two_pair": lambda: f"Two pair, {rank_plural(v[0])} and {rank_plural(v[1])}",
        "pair": lambda: f"Pair of {rank_plural(v[0])}",
        "high_card": lambda: f"{rank_name(v[0]).capitalize()} high",
    }[category]()


def egyptian_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """The six-card hand of Egyptian Hold 'Em (003)."""
    if len(cards) != 6:
        raise CardError(f"egyptian: a hand is exactly 6 cards, got {len(cards)}")
    best: tuple[Key, str, tuple[int, ...], tuple[Card, ...], WildPairs] | None = None
    refuse_jokers(cards, wild, "egyptian")
    for hand, pairs in substitutions(cards, wild, "egyptian"):
        category, values, order = _egyptian_shape(hand)
        key = (len(EGYPTIAN_ORDER) - EGYPTIAN_ORDER.index(category),) + values
        if best is None or key > best[0]:
            best = (key, category, values, order, pairs)
    assert best is not None  # a hand has at least one reading
    key, category, values, order, pairs = best
    return HandValue("egyptian", category, key, order, pairs,
                     _egyptian_words(category, values) + wild_note(pairs))


register_scheme("egyptian", 6, "high", egyptian_value, categories=EGYPTIAN_ORDER)
