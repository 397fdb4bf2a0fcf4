"""The five-card classifier the special rankings of the shared-card games build on (003).

It is our own, not the house evaluator, because these games change what a straight is (the
straight families below: standard, aces low only, wrapping round the ace), where the ace plays,
or add a hand the standard ranking does not know (the ticket); one classifier keeps every key of
one scheme comparable with every other key of that scheme.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card, rank_name, rank_plural

STANDARD_ORDER = (
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
    "four_of_a_kind", "straight_flush", "five_of_a_kind",
)
FIVE_CARD_CATEGORIES = frozenset({"straight", "flush", "straight_flush"})


# ---------------------------------------------------------------------------------------------
# Straights: each straight family maps a set of card ranks to (top value, ranks in reading order)
# ---------------------------------------------------------------------------------------------

Run = tuple[int, tuple[int, ...]]
Straights = dict[frozenset[int], Run]


def _run(ranks: Sequence[int], top: int) -> tuple[frozenset[int], Run]:
    return frozenset(ranks), (top, tuple(reversed(ranks)))


def _standard_straights() -> Straights:
    runs = [_run([14, 2, 3, 4, 5], 5)]
    runs += [_run(list(range(low, low + 5)), low + 4) for low in range(2, 11)]
    return dict(runs)


def _ace_low_straights() -> Straights:
    """Aces are low only: A-2-3-4-5 up to 9-T-J-Q-K, no ace-high straight."""
    runs = [_run([14, 2, 3, 4, 5], 5)]
    runs += [_run(list(range(low, low + 5)), low + 4) for low in range(2, 10)]
    return dict(runs)


def _wrap_straights() -> Straights:
    """Every run of five on the circle A 2 3 ... K A. A run is named by its last card, so
    J-Q-K-A-2 is a deuce-high straight: wraps rank below the wheel (our reading, see describe)."""
    circle = [14] + list(range(2, 14))
    runs = []
    for start in range(13):
        ranks = [circle[(start + step) % 13] for step in range(5)]
        runs.append(_run(ranks, ranks[-1]))
    return dict(runs)


STANDARD_STRAIGHTS = _standard_straights()
ACE_LOW_STRAIGHTS = _ace_low_straights()
WRAP_STRAIGHTS = _wrap_straights()


# ---------------------------------------------------------------------------------------------
# The classifier
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Shape:
    """What five natural cards make: category, tie-break values, cards in reading order."""

    category: str
    values: tuple[int, ...]
    cards: tuple[Card, ...]


def card_value(card: Card, ace: int) -> int:
    """The card's rank, with the ace worth `ace` (14 high, 1 low)."""
    return ace if card.rank == 14 else card.rank


def classify(cards: Sequence[Card], *, ace: int = 14, straights: Straights = STANDARD_STRAIGHTS,
             allowed: frozenset[str] | None = None) -> Shape:
    """Classify exactly five cards. `ace` is the ace's value outside straights (14 or 1).
    `allowed` limits the categories (a broken hand in Breaker may not count as a straight)."""
    counts = Counter(card_value(card, ace) for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    flush = len({card.suit for card in cards}) == 1 and len(set(cards)) == 5
    run = straights.get(frozenset(card.rank for card in cards)) if len(counts) == 5 else None

    def ordered_by_groups() -> tuple[Card, ...]:
        rank_of = {value: index for index, (value, _) in enumerate(groups)}
        return tuple(sorted(cards, key=lambda c: (rank_of[card_value(c, ace)],
                                                  -"cdhs".find(c.suit))))

    grouped = tuple(value for value, _ in groups)
    candidates: list[tuple[str, tuple[int, ...], tuple[Card, ...]]] = []
    if run is not None:
        top, reading = run
        by_rank = {card.rank: card for card in cards}
        run_cards = tuple(by_rank[rank] for rank in reading)
        candidates.append(("straight_flush" if flush else "straight", (top,), run_cards))
    if flush:
        candidates.append(("flush", grouped, ordered_by_groups()))
    named = {
        (5,): "five_of_a_kind", (4, 1): "four_of_a_kind", (3, 2): "full_house",
        (3, 1, 1): "three_of_a_kind", (2, 2, 1): "two_pair", (2, 1, 1, 1): "pair",
    }.get(tuple(shape), "high_card")
    candidates.append((named, grouped, ordered_by_groups()))
    if allowed is not None:  # the grouped category (pair, trips ...) is always allowed
        candidates = [c for c in candidates if c[0] in allowed]
    best = max(candidates, key=lambda c: STANDARD_ORDER.index(c[0]))
    return Shape(*best)


def describe_shape(shape: Shape) -> str:
    """A sentence for the table, e.g. "Queens full of fours"."""
    return category_words(shape.category, shape.values)


def category_words(category: str, values: Sequence[int]) -> str:
    """A poker category in words from its deciding ranks (other rankings' names as they are)."""
    v = values
    return {
        "five_of_a_kind": lambda: f"Five {rank_plural(v[0])}",
        "straight_flush": lambda: f"Straight flush, {rank_name(v[0])} high",
        "four_of_a_kind": lambda: f"Four {rank_plural(v[0])}",
        "full_house": lambda: f"{rank_plural(v[0]).capitalize()} full of {rank_plural(v[1])}",
        "flush": lambda: f"Flush, {rank_name(v[0])} high",
        "straight": lambda: f"Straight, {rank_name(v[0])} high",
        "three_of_a_kind": lambda: f"Three {rank_plural(v[0])}",
        "two_pair": lambda: f"Two pair, {rank_plural(v[0])} and {rank_plural(v[1])}",
        "pair": lambda: f"Pair of {rank_plural(v[0])}",
        "high_card": lambda: f"{rank_name(v[0]).capitalize()} high",
    }.get(category, lambda: category.replace("_", " ").capitalize())()
