"""How each built-in scheme ranks a fixed hand, given only its ranks and whether it is suited.

A scorer takes `ranks` (a tuple of 2..14, ace = 14) and `suited` (all cards one suit) and
returns `(category, key, display)`: the category name (None for a low that does not qualify),
the key (larger is better, for lows too), and the ranks in reading order (ace as 1 where it
plays low). Wild cards are handled one level up (`wildfill`), by trying the ranks they could be.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from .values import HIGH_CATEGORIES, Key

Ranks = tuple[int, ...]
Scored = tuple[str | None, Key, Ranks]
"""(category, None for a low that does not qualify; key; display ranks)."""
Scorer = Callable[..., Scored]
"""scorer(ranks, suited[, qualifier]) -> Scored."""

NOT_QUALIFYING = (0,)

# Categories of a hand with no straights and no flushes, by the shape of its rank counts.
_SHAPES = {
    (5,): "five_of_a_kind", (4, 1): "four_of_a_kind", (4,): "four_of_a_kind",
    (3, 2): "full_house", (3, 1, 1): "three_of_a_kind", (3, 1): "three_of_a_kind",
    (3,): "three_of_a_kind", (2, 2, 1): "two_pair", (2, 2): "two_pair",
    (2, 1, 1, 1): "pair", (2, 1, 1): "pair", (2, 1): "pair", (2,): "pair",
}

A5_ORDER = ("five_of_a_kind", "four_of_a_kind", "full_house", "three_of_a_kind", "two_pair",
            "pair", "high_card")
THREE_ORDER = ("three_of_a_kind", "straight_flush", "straight", "flush", "pair", "high_card")
THREE_PLAIN_ORDER = ("three_of_a_kind", "pair", "high_card")
THREE_SF_TOP_ORDER = ("straight_flush", "three_of_a_kind", "straight", "flush", "pair",
                      "high_card")
FOUR_ORDER = ("four_of_a_kind", "three_of_a_kind", "two_pair", "pair", "high_card")
TWO_ORDER = ("pair", "high_card")
ONE_ORDER = ("high_card",)


def classify(ranks: Ranks, suited: bool, *, straights: bool = True, flushes: bool = True,
             wheel: bool = True) -> tuple[str, Ranks, Ranks]:
    """Name a hand's category; returns (category, tiebreak ranks, display ranks).

    `wheel`: an ace (14) may also play low in a straight (A-2-3-4-5, or A-2-3 in three cards).
    Lows that play the ace as 1 pass it as 1 and wheel=False.
    """
    counts = Counter(ranks)
    grouped = tuple(sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True))
    size = len(ranks)
    if len(counts) < size:
        shape = tuple(sorted(counts.values(), reverse=True))
        return _SHAPES[shape], grouped, grouped
    top = _straight_top(grouped, wheel) if straights and size >= 3 else None
    is_flush = flushes and suited and size >= 3
    if top is not None:
        display = grouped if top == grouped[0] else grouped[1:] + grouped[:1]
        return ("straight_flush" if is_flush else "straight"), (top,), display
    return ("flush" if is_flush else "high_card"), grouped, grouped


def _straight_top(descending: Ranks, wheel: bool) -> int | None:
    if descending[0] - descending[-1] == len(descending) - 1:
        return descending[0]
    if wheel and descending[0] == 14 and descending[1:] == tuple(range(len(descending), 1, -1)):
        return len(descending)
    return None


def high_scorer(order: tuple[str, ...], *, straights: bool = True,
                flushes: bool = True) -> Scorer:
    """A high scheme whose categories, best first, are `order`."""
    rank_of = {name: len(order) - index for index, name in enumerate(order)}

    def score(ranks: Ranks, suited: bool) -> Scored:
        category, tiebreak, display = classify(ranks, suited, straights=straights,
                                               flushes=flushes)
        while category not in rank_of:  # e.g. a 4-card scheme has no straights
            category = _fallback(category)
        return category, (rank_of[category], *tiebreak), display

    return score


def _fallback(category: str) -> str:
    return {"five_of_a_kind": "four_of_a_kind", "straight_flush": "flush",
            "flush": "high_card", "straight": "high_card"}[category]


_HIGH_RANK = {name: len(HIGH_CATEGORIES) - index for index, name in enumerate(HIGH_CATEGORIES)}
_A5_RANK = {name: len(A5_ORDER) - index for index, name in enumerate(A5_ORDER)}


def _as_low(category: str, tiebreak: Ranks, display: Ranks, rank_of: dict[str, int],
            qualifier: int | None) -> Scored:
    """Turn a hand's 'high' reading into a low key: the weaker the high hand, the better."""
    if qualifier is not None and (category != "high_card" or max(display) > qualifier):
        return None, NOT_QUALIFYING, display
    return category, (1, -rank_of[category], *(-rank for rank in tiebreak)), display


def _ace_low(ranks: Ranks) -> Ranks:
    return tuple(1 if rank == 14 else rank for rank in ranks)


def score_low_a5(ranks: Ranks, suited: bool, qualifier: int | None = None) -> Scored:
    """Ace-to-five (and 8-or-better): ace is 1; straights and flushes do not count (S8, S9)."""
    low = _ace_low(ranks)
    category, tiebreak, display = classify(low, suited, straights=False, flushes=False,
                                           wheel=False)
    return _as_low(category, tiebreak, display, _A5_RANK, qualifier)


def score_low_a6(ranks: Ranks, suited: bool, qualifier: int | None = None) -> Scored:
    """Ace-to-six: ace is 1; straights (A-2-3-4-5 is one) and flushes count (S9)."""
    category, tiebreak, display = classify(_ace_low(ranks), suited, wheel=False)
    return _as_low(category, tiebreak, display, _HIGH_RANK, qualifier)


def score_low_27(ranks: Ranks, suited: bool, qualifier: int | None = None) -> Scored:
    """Deuce-to-seven: ace is high only; straights and flushes count; 7-5-4-3-2 best (S9)."""
    category, tiebreak, display = classify(ranks, suited, wheel=False)
    return _as_low(category, tiebreak, display, _HIGH_RANK, qualifier)


def score_low_house(ranks: Ranks, suited: bool, qualifier: int | None = None) -> Scored:
    """House low (S7): straights and flushes count; a single ace plays low or high, whichever
    is the better low; two or more aces play high (so 2-2 is a lower low than A-A).

    A-2-3-4-5 is a straight whichever way its ace plays (the seed: straights count, so the
    wheel is no perfect low); A-K-Q-J-T is not, because its ace may play low.
    """
    readings = [classify(ranks, suited, wheel=True)]
    if ranks.count(14) == 1:
        readings.append(classify(_ace_low(ranks), suited, wheel=False))
    best = min(readings, key=lambda reading: (_HIGH_RANK[reading[0]], reading[1]))
    return _as_low(*best, _HIGH_RANK, qualifier)


LOW_SCORERS: frozenset[Scorer] = frozenset(
    {score_low_a5, score_low_a6, score_low_27, score_low_house})
"""The scorers of lows: a wild card in a low need not pair (S10)."""


def score_one(ranks: Ranks, suited: bool) -> Scored:
    return "high_card", (1, ranks[0]), ranks


def score_one_low(ranks: Ranks, suited: bool) -> Scored:
    return "high_card", (1, -ranks[0]), ranks
