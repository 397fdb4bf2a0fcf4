"""Fast five- and seven-card high hands (S2, S11) through lookup tables.

Cards are small ints here: `code = 4 * (rank - 2) + suit index` (suits in "shdc" order).
A hand's value is one packed int, larger is better: the category (0 high card .. 9 five of
a kind) in bits 20+, then five ranks, four bits each, in reading order (groups, then kickers;
a wheel reads 5 4 3 2 A). Two tables do the work:

- `rank_table(w)`: rank multiset (a base-5 sum, one digit per rank) -> best hand without a
  flush, with `w` wild cards; filled lazily by `_best_without_flush`.
- `flush_table(w)`: 13-bit rank mask of one suit -> best flush or straight flush with `w` wild
  cards (0 if none). A wild never duplicates a card of the flush (S11).

With seven cards and no wild cards a five-card flush rules out quads and full houses, so the
flush suit's mask alone decides; otherwise the answer is the larger of the two tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUITS, Card

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE = \
    range(10)
CATEGORY_NAMES = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
                  "full_house", "four_of_a_kind", "straight_flush", "five_of_a_kind")
CATEGORY_SHIFT = 20

CODE = {Card(rank, suit): 4 * (rank - 2) + index
        for rank in range(2, 15) for index, suit in enumerate(SUITS)}
CARD = {code: card for card, code in CODE.items()}
RANK_WEIGHT = [5 ** (code >> 2) for code in range(52)]
RANK_BIT = [1 << (code >> 2) for code in range(52)]
SUIT_OF = [code & 3 for code in range(52)]
SUIT_WEIGHT = [1 << (3 * (code & 3)) for code in range(52)]  # 3-bit count per suit
# Suit with five or more of seven cards, from the sum of SUIT_WEIGHT (-1 if none).
FLUSH_SUIT = [next((suit for suit in range(4) if (total >> (3 * suit)) & 7 >= 5), -1)
              for total in range(1 << 12)]
_WINDOWS = [tuple(range(top, top - 5, -1)) if top > 5 else (5, 4, 3, 2, 14)
            for top in range(14, 4, -1)]


def pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for rank in ranks:
        value = (value << 4) | rank
    return value << (4 * (5 - len(ranks)))


def unpack(value: int) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """(category name, display ranks, key tuple as rules.evaluator uses it)."""
    category = value >> CATEGORY_SHIFT
    ranks = tuple((value >> shift) & 15 for shift in (16, 12, 8, 4, 0))
    tiebreak = ranks[:1] if category in (STRAIGHT, STRAIGHT_FLUSH) else ranks
    return CATEGORY_NAMES[category], ranks, (category + 1, *tiebreak)


def _best_without_flush(counts: dict[int, int], wild: int) -> int:
    """Best hand from rank counts {rank: n} plus `wild` wild cards, flushes aside (S2, S11)."""
    present = sorted((rank for rank in counts if counts[rank]), reverse=True)
    if wild >= 5:
        return pack(FIVE, (14,) * 5)
    for rank in present:
        if counts[rank] + wild >= 5:
            return pack(FIVE, (rank,) * 5)
    for rank in present:
        if counts[rank] + wild >= 4:
            kicker = next(other for other in present if other != rank)
            return pack(QUADS, (rank,) * 4 + (kicker,))
    for trips in range(14, 1, -1):
        need = max(0, 3 - counts.get(trips, 0))
        if need > wild:
            continue
        for pair in range(14, 1, -1):
            if pair != trips and need + max(0, 2 - counts.get(pair, 0)) <= wild:
                return pack(FULL_HOUSE, (trips,) * 3 + (pair,) * 2)
    for window in _WINDOWS:
        if sum(1 for rank in window if not counts.get(rank)) <= wild:
            return pack(STRAIGHT, window)
    for rank in present:
        if counts[rank] + wild >= 3:
            kickers = [other for other in present if other != rank][:2]
            return pack(TRIPS, (rank,) * 3 + tuple(kickers))
    pairs = [rank for rank in present if counts[rank] >= 2]
    if len(pairs) >= 2:
        kicker = next(other for other in present if other not in pairs[:2])
        return pack(TWO_PAIR, (pairs[0],) * 2 + (pairs[1],) * 2 + (kicker,))
    if pairs or wild:
        rank = pairs[0] if pairs else present[0]
        return pack(PAIR, (rank,) * 2 + tuple(other for other in present if other != rank)[:3])
    return pack(HIGH_CARD, present[:5])


def _best_flush(mask: int, wild: int) -> int:
    """Best straight flush or flush from one suit's rank mask plus wild cards, or 0."""
    if bin(mask).count("1") + wild < 5:
        return 0
    for window in _WINDOWS:
        if sum(1 for rank in window if not mask >> (rank - 2) & 1) <= wild:
            return pack(STRAIGHT_FLUSH, window)
    ranks: list[int] = []
    spare = wild
    for rank in range(14, 1, -1):
        if mask >> (rank - 2) & 1:
            ranks.append(rank)
        elif spare:
            ranks.append(rank)
            spare -= 1
        if len(ranks) == 5:
            break
    return pack(FLUSH, ranks)


class _RankTable(dict[int, int]):
    """Rank-multiset key -> best non-flush value for one number of wild cards (lazy)."""

    def __init__(self, wild: int) -> None:
        super().__init__()
        self.wild = wild

    def __missing__(self, key: int) -> int:
        counts: dict[int, int] = {}
        rest = key
        for rank in range(2, 15):
            rest, count = divmod(rest, 5)
            if count:
                counts[rank] = count
        value = self[key] = _best_without_flush(counts, self.wild)
        return value


_RANK_TABLES = [_RankTable(wild) for wild in range(8)]
_FLUSH_TABLES: list[list[int] | None] = [None] * 8


def rank_table(wild: int = 0) -> dict[int, int]:
    return _RANK_TABLES[wild]


def flush_table(wild: int = 0) -> list[int]:
    table = _FLUSH_TABLES[wild]
    if table is None:
        table = _FLUSH_TABLES[wild] = [_best_flush(mask, wild) for mask in range(1 << 13)]
    return table


def rank_key(codes: Sequence[int]) -> int:
    return sum(RANK_WEIGHT[code] for code in codes)


# a plain dict copy of rank_table(0) entries: plain dict lookups are fastest
_PLAIN: dict[int, int] = {}


def _fill(key: int) -> int:
    value = _PLAIN[key] = _RANK_TABLES[0][key]
    return value


def score5(a: int, b: int, c: int, d: int, e: int, *, _ranks: dict[int, int] = _PLAIN,
           _bit: list[int] = RANK_BIT, _weight: list[int] = RANK_WEIGHT) -> int:
    """Five natural cards -> packed value."""
    if not ((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3:  # one suit
        return flush_table(0)[_bit[a] | _bit[b] | _bit[c] | _bit[d] | _bit[e]]
    key = _weight[a] + _weight[b] + _weight[c] + _weight[d] + _weight[e]
    try:
        return _ranks[key]
    except KeyError:
        return _fill(key)


def score7(a: int, b: int, c: int, d: int, e: int, f: int, g: int, *,
           _ranks: dict[int, int] = _PLAIN, _weight: list[int] = RANK_WEIGHT,
           _suit_weight: list[int] = SUIT_WEIGHT, _flush_suit: list[int] = FLUSH_SUIT,
           _bit: list[int] = RANK_BIT) -> int:
    """Seven natural cards -> packed value of the best five."""
    suit = _flush_suit[_suit_weight[a] + _suit_weight[b] + _suit_weight[c] + _suit_weight[d]
                       + _suit_weight[e] + _suit_weight[f] + _suit_weight[g]]
    if suit < 0:
        key = (_weight[a] + _weight[b] + _weight[c] + _weight[d] + _weight[e] + _weight[f]
               + _weight[g])
        try:
            return _ranks[key]
        except KeyError:
            return _fill(key)
    mask = 0
    for code in (a, b, c, d, e, f, g):
        if code & 3 == suit:
            mask |= _bit[code]
    return flush_table(0)[mask]


def score(codes: Sequence[int], wild: int = 0) -> int:
    """Any number (>= 5 with the wild cards) of natural card codes plus `wild` wild cards."""
    best, _ = score_with_suit(codes, wild)
    return best


def score_with_suit(codes: Sequence[int], wild: int = 0) -> tuple[int, int]:
    """(packed value, index of the flush suit or -1)."""
    best = _RANK_TABLES[wild][sum(RANK_WEIGHT[code] for code in codes)]
    if len(codes) + wild < 5:
        return best, -1
    masks = [0, 0, 0, 0]
    for code in codes:
        masks[code & 3] |= RANK_BIT[code]
    flushes = flush_table(wild)
    flush_suit = -1
    for suit in range(4):
        value = flushes[masks[suit]]
        if value > best:
            best, flush_suit = value, suit
    return best, flush_suit


def suit_name(index: int) -> str:
    return SUITS[index]
