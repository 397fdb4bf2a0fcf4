"""The search's fast lane: no wild card in play and a scheme whose key depends only on the
hand's ranks and whether it is one suit (every built-in scheme but the doogie).

Each part a source can give (a pair from an Omaha hand, a triple from the board) is reduced
once to two small ints: the sum of its rank weights (a base-5 digit per rank, so the sum names
the rank multiset) and the OR of its suit bits. A candidate hand is then one add, one OR and
one dict lookup in a memo of keys per scheme; Card objects and the full HandValue are built
only for the winner. Candidates come in the same order as the general search and ties keep
the first one met, so the answer is exactly what the general search returns.
"""

from __future__ import annotations

from itertools import combinations, product

from . import tables

_WEIGHT = {rank: 5 ** (rank - 2) for rank in range(2, 15)}
_SUIT_BIT = {"s": 1, "h": 2, "d": 4, "c": 8}
_HIGH = "high"

# (scheme function, qualifier) -> {weight sum * 2 + suited: key}. Bounded by the number of
# rank multisets of the hand size, so it is never trimmed. Keyed by the function so that a
# re-registered scheme starts afresh.
_MEMOS: dict = {}


def ranker(spec, qualifier):
    """(memo, bottom, fill) for a scheme the fast lane can rank, or None if it cannot.

    `bottom` is below every key of the scheme; `fill(index)` computes a missing memo entry.
    """
    fn = spec.fn
    fast_rank = getattr(fn, "fast_rank", None)
    if fast_rank is not None:
        if spec.name != _HIGH or getattr(fast_rank, "packed_high", False) is not True:
            return None
        kind = _HIGH
    elif getattr(fn, "reading", None) is None or getattr(fn, "key_only", None) is not \
            getattr(fn, "reference_key", False):
        return None
    else:
        kind = None
    slot = (fn, qualifier)
    memo = _MEMOS.get(slot)
    if memo is None:
        memo = _MEMOS[slot] = {}
    if kind == _HIGH:
        return memo, -1, lambda index: _fill_high(memo, index)
    return memo, (), lambda index: _fill_reading(memo, index, fn, qualifier)


def _ranks(weight):
    """Descending ranks of a rank multiset given as a base-5 weight sum."""
    ranks = []
    for rank in range(2, 15):
        weight, count = divmod(weight, 5)
        ranks.extend([rank] * count)
    return tuple(reversed(ranks))


def _fill_high(memo, index):
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


def _fill_reading(memo, index, fn, qualifier):
    value = memo[index] = fn.reading(_ranks(index >> 1), 0, bool(index & 1), qualifier)[1]
    return value


def _parts(cards, count):
    """[(weight sum, suit bits, card indexes)] for every `count`-card part, in the order
    `itertools.combinations` gives them."""
    weights = [_WEIGHT[card.rank] for card in cards]
    suits = [_SUIT_BIT[card.suit] for card in cards]
    parts = []
    for combo in combinations(range(len(cards)), count):
        weight = suit = 0
        for index in combo:
            weight += weights[index]
            suit |= suits[index]
        parts.append((weight, suit, combo))
    return parts


def best_cards(sources, count_vectors, rank):
    """The first candidate hand with the best key: a tuple of cards, or None if none exists.

    `sources` are card tuples (already in the general search's order), `count_vectors` the
    cards taken from each source, in the general search's order, and `rank` what `ranker`
    returned.
    """
    memo, bottom, fill = rank
    best_key, best = bottom, None
    for counts in count_vectors:
        lists = [_parts(cards, count) for cards, count in zip(sources, counts, strict=True)]
        if len(lists) == 1:
            for weight, suit, combo in lists[0]:
                index = weight << 1 | (not suit & (suit - 1))
                try:
                    key = memo[index]
                except KeyError:
                    key = fill(index)
                if key > best_key:
                    best_key, best = key, (combo,)
        elif len(lists) == 2:
            inner = lists[1]
            for weight_a, suit_a, combo_a in lists[0]:
                for weight_b, suit_b, combo_b in inner:
                    suit = suit_a | suit_b
                    index = (weight_a + weight_b) << 1 | (not suit & (suit - 1))
                    try:
                        key = memo[index]
                    except KeyError:
                        key = fill(index)
                    if key > best_key:
                        best_key, best = key, (combo_a, combo_b)
        else:
            for choice in product(*lists):
                weight = suit = 0
                for part_weight, part_suit, _ in choice:
                    weight += part_weight
                    suit |= part_suit
                index = weight << 1 | (not suit & (suit - 1))
                try:
                    key = memo[index]
                except KeyError:
                    key = fill(index)
                if key > best_key:
                    best_key, best = key, tuple(combo for _, _, combo in choice)
    if best is None:
        return None
    return tuple(cards[index] for cards, combo in zip(sources, best, strict=True)
                 for index in combo)
