"""The search's fast lane: no wild card in play and a scheme whose key depends only on the
hand's ranks and whether it is one suit (every built-in scheme but the doogie).

Each part a source can give (a pair from an Omaha hand, a triple from the board) is reduced
once to small ints: the sum of its rank weights (a base-5 digit per rank, so the sum names the
rank multiset) and the OR of its suit bits. A candidate hand is then one add, one OR and one
dict lookup in a memo of keys per scheme. Ace-to-five lows with a qualifier (8-or-better) go
further: a part that pairs itself or holds a card above the qualifier is dropped at once, and
the others are bitmasks of their ranks (ace = 1); two parts make a qualifying low when their
masks do not overlap, and the lowest mask is the best low (S8).

Card objects and the full HandValue are built only for the winner. Candidates come in the same
order as the general search and ties keep the first one met, so the answer is exactly what the
general search returns (tests/rules/test_hands_fastlane.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial, reduce
from itertools import combinations, product
from operator import attrgetter, or_
from typing import Any

from . import scorers, tables
from .values import Cards, Scheme
from .wildfill import ScoredScheme

Search = Callable[[Sequence[Cards], Sequence[tuple[int, ...]]], "Cards | None"]
"""search(sources, count vectors) -> the winning cards, or None when no count vector fits."""
Memo = dict[int, Any]
"""weight sum * 2 + suited -> the key (or packed value) of that rank multiset."""
Fill = Callable[[int], Any]
Part = tuple[int, int, tuple[int, ...]]
"""(weight sum * 2, suit bits, card indexes) of one part of a source."""
LowPart = tuple[int, tuple[int, ...]]
"""(rank mask, card indexes) of one part that could belong to a qualifying low."""

_NAME = attrgetter("rank", "suit")
_WEIGHT = {rank: 5 ** (rank - 2) for rank in range(2, 15)}
_SUIT_BIT = {"s": 1, "h": 2, "d": 4, "c": 8}
_LOW_BIT = {rank: 1 << (rank - 1) for rank in range(2, 14)} | {14: 1}  # ace-to-five: ace = 1

# (scheme function, qualifier) -> {weight sum * 2 + suited: key}. Bounded by the number of
# rank multisets of the hand size, so it is never trimmed. Keyed by the function so that a
# re-registered scheme starts afresh.
_MEMOS: dict[tuple[ScoredScheme, int | None], Memo] = {}
# (each card's (rank, suit), count[, "low", qualifier]) -> parts: the board's parts serve every
# player at one showdown. Keyed by plain tuples, which hash in C (a Card's generated __hash__
# is Python code). Kept small (about one showdown's worth) so that it saves only that sharing,
# not whole hands seen before: cleared when it grows past _PARTS_LIMIT.
_PARTS: dict[tuple[Any, ...], Any] = {}
_PARTS_LIMIT = 64


def ranker(spec: Scheme, qualifier: int | None) -> Search | None:
    """search(sources, count_vectors) -> the winning cards or None, for a scheme the fast lane
    ranks exactly; None for any other scheme."""
    fn = spec.fn
    if not isinstance(fn, ScoredScheme):
        return None
    if fn.fast_rank is not None:
        if spec.name != "high" or not fn.packed_high:
            return None
        memo = _memo(fn, None)
        return partial(_best_by_memo, memo, -1, partial(_fill_high, memo))
    if fn.key_only != fn.reference_key:
        return None
    qualifier = fn.effective_qualifier(qualifier)
    if fn.scorer is scorers.score_low_a5 and qualifier is not None:
        return partial(_best_low_a5, qualifier)
    memo = _memo(fn, qualifier)
    return partial(_best_by_memo, memo, (), partial(_fill_reading, memo, fn, qualifier))


def _memo(fn: ScoredScheme, qualifier: int | None) -> Memo:
    memo = _MEMOS.get((fn, qualifier))
    if memo is None:
        memo = _MEMOS[(fn, qualifier)] = {}
    return memo


def _ranks(weight: int) -> tuple[int, ...]:
    """Descending ranks of a rank multiset given as a base-5 weight sum."""
    ranks: list[int] = []
    for rank in range(2, 15):
        weight, count = divmod(weight, 5)
        ranks.extend([rank] * count)
    return tuple(reversed(ranks))


def _fill_high(memo: Memo, index: int) -> int:
    weight, suited = index >> 1, index & 1
    if suited:  # one suit: the ranks are distinct, so the weight names them exactly
        bits = 0
        for rank in _ranks(weight):
            bits |= 1 << (rank - 2)
        value = tables.flush_table(0)[bits]
    else:
        value = tables.rank_table(0)[weight]
    memo[index] = value
    return value


def _fill_reading(memo: Memo, fn: ScoredScheme, qualifier: int | None, index: int) -> Any:
    value = memo[index] = fn.reading(_ranks(index >> 1), 0, bool(index & 1), qualifier)[1]
    return value


def _cached(key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    parts = _PARTS.get(key)
    if parts is None:
        if len(_PARTS) >= _PARTS_LIMIT:
            _PARTS.clear()
        parts = _PARTS[key] = make()
    return parts


def _parts(cards: Cards, count: int) -> tuple[list[Part], int]:
    """([(weight sum * 2, suit bits, card indexes)] for every `count`-card part, in the order
    `itertools.combinations` gives them; the suit bits of the parts that hold one suit only,
    or all four when the part is empty)."""
    parts: tuple[list[Part], int] = _cached((*map(_NAME, cards), count),
                                            lambda: _make_parts(cards, count))
    return parts


def _make_parts(cards: Cards, count: int) -> tuple[list[Part], int]:
    weights = [_WEIGHT[card.rank] << 1 for card in cards]
    suits = [_SUIT_BIT[card.suit] for card in cards]
    every = combinations(range(len(cards)), count)
    parts: list[Part]
    if count == 2:  # Omaha's hand parts and the like, spelled out: this runs for every hand
        parts = [(weights[a] + weights[b], suits[a] | suits[b], (a, b)) for a, b in every]
    elif count == 3:
        parts = [(weights[a] + weights[b] + weights[c], suits[a] | suits[b] | suits[c],
                  (a, b, c)) for a, b, c in every]
    else:
        parts = [(sum(weights[index] for index in combo),
                  reduce(or_, (suits[index] for index in combo), 0), combo) for combo in every]
    flushable = 0
    for _, suit, _ in parts:
        if not suit & (suit - 1):
            flushable |= suit or 15
    return parts, flushable


def _cards(sources: Sequence[Cards], combos: Sequence[tuple[int, ...]]) -> Cards:
    return tuple(cards[index] for cards, combo in zip(sources, combos, strict=True)
                 for index in combo)


def _best_by_memo(memo: Memo, bottom: Any, fill: Fill, sources: Sequence[Cards],
                  count_vectors: Sequence[tuple[int, ...]]) -> Cards | None:
    """The first candidate with the best key from the scheme's memo (index: weight sum * 2,
    plus one when the hand is of one suit)."""
    best_key, best = bottom, None
    for counts in count_vectors:
        lists = [_parts(cards, count) for cards, count in zip(sources, counts, strict=True)]
        if len(lists) == 2 and not lists[0][1] & lists[1][1]:  # no flush possible
            found = _best_of_two_plain(memo, bottom, fill, lists[0][0], lists[1][0])
        elif len(lists) == 1:
            found = _best_of_one(memo, bottom, fill, lists[0][0])
        else:
            found = _best_of_any(memo, bottom, fill, [parts for parts, _ in lists])
        if found is not None and found[0] > best_key:
            best_key, best = found
    return None if best is None else _cards(sources, best)


def _best_of_two_plain(memo: Memo, bottom: Any, fill: Fill, outer: list[Part],
                      inner: list[Part]) -> tuple[Any, tuple[tuple[int, ...], ...]] | None:
    best_key, best = bottom, None
    for weight_a, _, combo_a in outer:
        for weight_b, _, combo_b in inner:
            try:
                key = memo[weight_a + weight_b]
            except KeyError:
                key = fill(weight_a + weight_b)
            if key > best_key:
                best_key, best = key, (combo_a, combo_b)
    return None if best is None else (best_key, best)


def _best_of_one(memo: Memo, bottom: Any, fill: Fill,
                 parts: list[Part]) -> tuple[Any, tuple[tuple[int, ...], ...]] | None:
    best_key, best = bottom, None
    for weight, suit, combo in parts:
        index = weight | (not suit & (suit - 1))
        try:
            key = memo[index]
        except KeyError:
            key = fill(index)
        if key > best_key:
            best_key, best = key, (combo,)
    return None if best is None else (best_key, best)


def _best_of_any(memo: Memo, bottom: Any, fill: Fill,
                 lists: list[list[Part]]) -> tuple[Any, tuple[tuple[int, ...], ...]] | None:
    best_key, best = bottom, None
    for choice in product(*lists):
        weight = suit = 0
        for part_weight, part_suit, _ in choice:
            weight += part_weight
            suit |= part_suit
        index = weight | (not suit & (suit - 1))
        try:
            key = memo[index]
        except KeyError:
            key = fill(index)
        if key > best_key:
            best_key, best = key, tuple(combo for _, _, combo in choice)
    return None if best is None else (best_key, best)


def _low_parts(cards: Cards, count: int, qualifier: int) -> list[LowPart]:
    """[(rank mask, card indexes)] of the `count`-card parts that could belong to a qualifying
    ace-to-five low: no pair among them and no card above the qualifier."""
    parts: list[LowPart] = _cached((*map(_NAME, cards), count, "low", qualifier),
                                   lambda: _make_low_parts(cards, count, qualifier))
    return parts


def _make_low_parts(cards: Cards, count: int, qualifier: int) -> list[LowPart]:
    bits = [_LOW_BIT[card.rank] if (1 if card.rank == 14 else card.rank) <= qualifier else 0
            for card in cards]
    every = combinations(range(len(cards)), count)
    if count == 2:  # spelled out for Omaha's hand: this runs for every player
        return [(bits[a] | bits[b], (a, b)) for a, b in every
                if bits[a] and bits[b] and not bits[a] & bits[b]]
    parts = []
    for combo in every:
        mask = 0
        for index in combo:
            bit = bits[index]
            if not bit or mask & bit:
                break
            mask |= bit
        else:
            parts.append((mask, combo))
    return parts


def _best_low_a5(qualifier: int, sources: Sequence[Cards],
                 count_vectors: Sequence[tuple[int, ...]]) -> Cards | None:
    """The best qualifying ace-to-five low (lowest rank mask, first met); when none qualifies,
    the first candidate, as the general search shows it (every such key is equal)."""
    best_mask = 1 << 14
    best: tuple[tuple[int, ...], ...] | None = None
    for counts in count_vectors:
        lists = [_low_parts(cards, count, qualifier)
                 for cards, count in zip(sources, counts, strict=True)]
        if len(lists) == 1:
            for mask, combo in lists[0]:
                if mask < best_mask:
                    best_mask, best = mask, (combo,)
        elif len(lists) == 2:
            inner = lists[1]
            for mask_a, combo_a in lists[0]:
                for mask_b, combo_b in inner:
                    if not mask_a & mask_b and mask_a | mask_b < best_mask:
                        best_mask, best = mask_a | mask_b, (combo_a, combo_b)
        else:
            for choice in product(*lists):
                mask = 0
                for part_mask, _ in choice:
                    if mask & part_mask:
                        break
                    mask |= part_mask
                else:
                    if mask < best_mask:
                        best_mask, best = mask, tuple(combo for _, combo in choice)
    if best is None:  # the first candidate: the first parts of the first counts that fit
        best = next((tuple(tuple(range(count)) for count in counts) for counts in count_vectors
                     if all(count <= len(cards)
                            for cards, count in zip(sources, counts, strict=True))), None)
    return None if best is None else _cards(sources, best)
