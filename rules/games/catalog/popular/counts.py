"""Counting hands (H4, Seven twenty-seven) as hand types beside the poker rankings.

A hand counts every one of its cards: an ace 1 or 11 (each ace as the player likes, and
separately for each half), a jack, queen or king a half, any other card its face value. The
count closest to a target wins: `count-7` (the low half, closest to 7) and `count-27` (the high
half, closest to 27), under or over alike; the `-bust` schemes refuse a count over the target
and a half (7½, 27½): such a hand cannot win that half (category "bust"). Poker hands mean
nothing. Keys are minus the distance in half points, so equal distances tie (and split).

A count scores all the player's cards, however many: the scheme has size 1 and a whole-hand
path (`rules.evaluator.search.FAST_PATHS`), which `evaluate` and `best_hand` take for a hand
of any number of cards from one pile.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.errors import CardError
from rules.evaluator import HandValue, register_scheme
from rules.evaluator.search import FAST_PATHS

CATEGORIES = ("count", "bust")       # best first


def halves(card: Card) -> int:
    """A card's count in half points, the ace as 1 (2)."""
    if card.is_joker:
        raise CardError("count: a joker has no count (H4)")
    if card.rank == 14:
        return 2
    if card.rank >= 11:
        return 1
    return 2 * card.rank


def _words(half_points: int) -> str:
    whole, half = divmod(half_points, 2)
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def best_count(cards: Sequence[Card], target: int, bust: bool) -> tuple[int, int] | None:
    """(the count in half points, how many aces count 11) closest to `target` (whole points);
    with `bust`, the counts over the target and a half are refused (None: every one is)."""
    base = sum(halves(card) for card in cards)
    aces = sum(card.rank == 14 for card in cards)
    goal, limit = 2 * target, 2 * target + 1
    options = [(base + 20 * high, high) for high in range(aces + 1)]
    if bust:
        options = [option for option in options if option[0] <= limit]
    if not options:
        return None
    return min(options, key=lambda option: (abs(option[0] - goal), option[0]))


def _scheme(name: str, target: int, bust: bool) -> None:
    def value(cards: Sequence[Card], wild: frozenset[Card] = frozenset(),
              qualifier: int | None = None) -> HandValue:
        if wild & set(cards):
            raise CardError(f"{name}: no card is wild in a count (H4)")
        chosen = best_count(cards, target, bust)
        ordered = tuple(sorted(cards, key=lambda c: c.rank, reverse=True))
        if chosen is None:
            low = sum(halves(card) for card in cards)
            # a low that does not qualify has no category (it cannot win the 7 half); the 27
            # half's bust is a category below "count", the game's high qualifier
            return HandValue(scheme=name, category=None if target == 7 else "bust",
                             key=(-10_000,), cards=ordered,
                             describe=f"Counts {_words(low)}: over {target}½, bust for the "
                                      f"{target} (H4)")
        count, high_aces = chosen
        aces = sum(card.rank == 14 for card in cards)
        how = ""
        if aces == 1:
            how = f" (the ace as {11 if high_aces else 1})"
        elif aces:
            parts = [f"{n} as {worth}" for n, worth in ((high_aces, 11), (aces - high_aces, 1))
                     if n]
            how = f" (aces: {' and '.join(parts)})"
        distance = abs(count - 2 * target)
        return HandValue(scheme=name, category="count", key=(-distance,), cards=ordered,
                         describe=f"Counts {_words(count)} for the {target}{how}, "
                                  f"{_words(distance)} away")

    def whole_hand(cards: Sequence[Card], wild: frozenset[Card],
                   qualifier: int | None = None) -> HandValue:
        return value(cards, wild)

    register_scheme(name, 1, "low" if target == 7 else "high", value, categories=CATEGORIES)
    FAST_PATHS[name] = whole_hand


_scheme("count-7", 7, False)
_scheme("count-27", 27, False)
_scheme("count-7-bust", 7, True)
_scheme("count-27-bust", 27, True)
