"""Exact frequency tables of every hand of N cards from a deck (`python -m rules census`).

Instead of visiting every hand, hands are counted by rank multiset: for each multiset the
number of suit arrangements is a product of binomials, and suits only matter through the one
suit that could make a flush. When at most one suit can reach the flush threshold, the
arrangements are split by which ranks that suit holds (a handful of masks), each counted by a
formula and evaluated once (from ranks and suitedness, or the fast tables for high);
otherwise (many wild cards) the few arrangements are enumerated.

That shortcut holds for the built-in schemes whose suits matter only through a flush (or not
at all). The doogie enumerates every suit arrangement of each multiset; a catalog scheme
(which may weigh suits, e.g. red and black) is evaluated hand by hand, up to 3,000,000 hands.
Jokers in the deck are always wild here; "lowest"/"lowest-hole" treat every card as a hole card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, product
from math import comb
from typing import TYPE_CHECKING, Any

from ..cards import JOKER, Card
from ..errors import RulesError
from .values import Cards, HandValue, Scheme, get_scheme
from .wildfill import Reading
from .wildspec import WildRule

if TYPE_CHECKING:
    from typing_extensions import TypeIs

Counts = Counter[str | None]
"""Category (None: a low that does not qualify) -> how many hands."""
Natural = dict[int, tuple[int, str]]
"""Rank -> (how many natural cards of it, the suits they may be)."""
FlushSpread = tuple[str | None, tuple[int, ...]]
"""(the suit that could make a flush, the ranks it holds), to be spread into a hand."""
Bucket = Cards | FlushSpread
"""A concrete hand, or a FlushSpread standing for every arrangement of the suits like it."""
CategoryFn = Callable[[Cards, "int | None"], str]
FeatureFn = Callable[[int, int, int], str]

SUITS = "shdc"
DECK_RANKS = {"standard": tuple(range(2, 15)), "joker": tuple(range(2, 15)),
              "two-jokers": tuple(range(2, 15)), "royal": tuple(range(10, 15)),
              "short": tuple(range(6, 15))}
DECK_JOKERS = {"standard": 0, "joker": 1, "two-jokers": 2, "royal": 0, "short": 0}
# Schemes whose value never depends on suits: one bucket per rank multiset.
SUIT_BLIND = {"four", "two", "one", "one-low", "low-a5", "low-8", "three-plain"}
# Schemes whose value depends on suits only through a flush (the counting shortcut holds).
FLUSH_ONLY = {"high", "three", "three-sf-top", "low", "low-27", "low-a6"}
# Suit-symmetric schemes that need every arrangement (one card of each suit ...).
SUIT_EXACT = {"doogie"}
BRUTE_FORCE_LIMIT = 3_000_000


def census(size: int = 5, deck_name: str = "standard", wild: WildRule | None = None,
           scheme: str = "high", qualifier: int | None = None) -> tuple[int, Counts]:
    """(total, Counter of category -> hands) over every `size`-card hand of the deck."""
    if deck_name not in DECK_RANKS:
        raise RulesError(f"unknown deck {deck_name!r}: expected one of {', '.join(DECK_RANKS)}")
    spec = get_scheme(scheme)
    rule = wild or WildRule()
    if rule.center:
        raise RulesError("wild 'center' needs a board card; census has none")
    ranks, jokers = DECK_RANKS[deck_name], DECK_JOKERS[deck_name]
    deck_size = 4 * len(ranks) + jokers
    if not isinstance(size, int) or not spec.size <= size <= deck_size:
        raise RulesError(f"size {size!r}: expected {spec.size}..{deck_size} for scheme "
                         f"{scheme!r} and deck {deck_name!r}")
    hands = comb(deck_size, size)
    if spec.name in SUIT_BLIND | FLUSH_ONLY:
        if spec.name not in SUIT_BLIND and size >= 2 * spec.size and hands > BRUTE_FORCE_LIMIT:
            # Two suits could each hold a whole flush: only visiting every hand would count it.
            raise RulesError(f"size {size}: scheme {scheme!r} is counted exactly for up to "
                             f"{2 * spec.size - 1} cards from this deck")
        counts = _Census(spec, size, ranks, jokers, rule, qualifier).run()
    elif hands > BRUTE_FORCE_LIMIT:
        raise RulesError(f"size {size}: scheme {scheme!r} is counted by visiting every hand, "
                         f"and {hands:,} hands are too many")
    elif spec.name in SUIT_EXACT:
        counts = _Census(spec, size, ranks, jokers, rule, qualifier, exact=True).run()
    else:
        counts = _visit_every_hand(spec, size, ranks, jokers, rule, qualifier)
    total = sum(counts.values())
    assert total == comb(deck_size, size), (total, comb(deck_size, size))
    return total, counts


class _Census:
    def __init__(self, spec: Scheme, size: int, ranks: tuple[int, ...], jokers: int,
                 rule: WildRule, qualifier: int | None, exact: bool = False) -> None:
        self.spec, self.size, self.ranks, self.jokers = spec, size, ranks, jokers
        self.rule, self.qualifier = rule, qualifier
        self.specific = {rank: frozenset(card.suit for card in rule.cards
                                         if card.rank == rank and not card.is_joker)
                         for rank in ranks}
        self.suit_blind = spec.name in SUIT_BLIND
        self.exact = exact
        self.counts: Counts = Counter()
        self.category = _category_function(spec, qualifier)
        self.feature = FAST_FEATURE.get(spec.name) if qualifier is None else None
        # Schemes read from ranks and suitedness alone (every built-in one but the doogie).
        self.reading: Callable[..., Reading] | None = (
            getattr(spec.fn, "reading", None) if self.feature is None else None)
        self._read = lru_cache(maxsize=1 << 16)(self._best_reading)

    def _best_reading(self, ranks: tuple[int, ...], wild_count: int,
                      mask: tuple[int, ...]) -> str | None:
        """Category of the best scheme-sized hand from natural `ranks` (descending) and wild
        cards, where `mask` holds the ranks of the one suit that could make a flush."""
        assert self.reading is not None  # only schemes read from ranks come here
        size = self.spec.size
        best: Reading | None = None
        for used_wild in range(min(wild_count, size) + 1):
            for part in set(combinations(ranks, size - used_wild)):
                distinct = len(set(part)) == len(part)
                suited = distinct and all(rank in mask for rank in part)
                # The cards could avoid the flush suit unless each is the only one of its rank.
                forced = suited and all(ranks.count(rank) == 1 for rank in part)
                options = ((True,) if suited else ()) + (() if forced else (False,))
                for option in options:
                    reading = self.reading(part, used_wild, option, self.qualifier)
                    if best is None or reading[1] > best[1]:
                        best = reading
        assert best is not None  # there are always enough cards for one hand
        return best[0]

    def run(self) -> Counts:
        for joker_count in range(min(self.jokers, self.size) + 1):
            for multiset in _multisets(self.ranks, self.size - joker_count):
                self._count_multiset(multiset, joker_count)
        return self.counts

    def _count_multiset(self, multiset: dict[int, int], joker_count: int) -> None:
        wild_ranks = set(self.rule.ranks) | _lowest_ranks(self.rule, multiset)
        base_ways = comb(self.jokers, joker_count)
        wild_count = joker_count
        naturals: Natural = {}
        # ranks with specific wild cards: (rank, count, wild suits)
        choices: list[tuple[int, int, frozenset[str]]] = []
        for rank, count in multiset.items():
            if rank in wild_ranks:
                base_ways *= comb(4, count)
                wild_count += count
            elif self.specific[rank]:
                choices.append((rank, count, self.specific[rank]))
            else:
                naturals[rank] = (count, SUITS)
        options = [[(rank, taken, comb(len(wild), taken), count - taken,
                     "".join(s for s in SUITS if s not in wild))
                    for taken in range(max(0, count - (4 - len(wild))), min(count, len(wild)) + 1)]
                   for rank, count, wild in choices]
        for picked in product(*options):
            ways, extra, natural = base_ways, wild_count, dict(naturals)
            for rank, taken, taken_ways, left, suits in picked:
                ways, extra = ways * taken_ways, extra + taken
                if left:
                    natural[rank] = (left, suits)
            rank_key = sum(count * 5 ** (rank - 2) for rank, (count, _) in natural.items())
            for bucket_ways, bucket in self._suit_buckets(natural, extra):
                category = self._category_of(bucket, natural, extra, rank_key)
                self.counts[category] += ways * bucket_ways

    def _category_of(self, bucket: Bucket, natural: Natural, wild_count: int,
                     rank_key: int) -> str | None:
        """A bucket is a concrete hand, or (flush suit, mask) to be spread into one."""
        if _is_hand(bucket):
            return self.category(bucket + (JOKER,) * wild_count)
        suit, mask = bucket
        if self.reading is not None:
            ranks = tuple(sorted((rank for rank, (count, _) in natural.items()
                                  for _ in range(count)), reverse=True))
            return self._read(ranks, wild_count, tuple(mask))
        if self.feature is not None:
            bits = 0
            for rank in mask:
                bits |= 1 << (rank - 2)
            return self.feature(rank_key, wild_count, bits)
        return self.category(_spread(natural, suit, mask) + (JOKER,) * wild_count)

    def _suit_buckets(self, natural: Natural, wild_count: int) -> list[tuple[int, Bucket]]:
        """(ways, representative natural cards) covering every suit arrangement once."""
        natural = {rank: spec for rank, spec in natural.items() if spec[0]}
        total = 1
        for count, suits in natural.values():
            total *= comb(len(suits), count)
        if total == 0:
            return []
        if self.suit_blind:
            return [(total, (None, ()))]
        if self.exact:
            return _enumerate(natural)
        threshold = max(self.spec.size - wild_count, 1)
        cards = sum(count for count, _ in natural.values())
        if cards >= 2 * threshold:
            return _enumerate(natural)
        return self._flush_split(natural, total, threshold)

    def _flush_split(self, natural: Natural, total: int,
                     threshold: int) -> list[tuple[int, Bucket]]:
        buckets: list[tuple[int, Bucket]] = []
        flushed = 0
        distinct = sorted(natural)
        symmetric = all(suits == SUITS for _, suits in natural.values())
        for suit in ("s",) if symmetric else SUITS:
            for size in range(threshold, len(distinct) + 1):
                for mask in combinations(distinct, size):
                    ways = _mask_ways(natural, suit, mask)
                    if ways:
                        ways *= 4 if symmetric else 1
                        buckets.append((ways, (suit, mask)))
                        flushed += ways
        rest = total - flushed
        cards = sum(count for count, _ in natural.values())
        # With every suit open, the balanced spread puts at most ceil(cards / 4) in a suit.
        balanced = symmetric and -(-cards // 4) < threshold
        if rest:
            if not balanced and _max_suit_load(_spread(natural, None, ())) >= threshold:
                return _enumerate(natural)  # no balanced arrangement found: count them all
            buckets.append((rest, (None, ())))
        return buckets


def _is_hand(bucket: Bucket) -> TypeIs[Cards]:
    return bool(bucket) and isinstance(bucket[0], Card)


def _visit_every_hand(spec: Scheme, size: int, ranks: tuple[int, ...], jokers: int,
                      rule: WildRule, qualifier: int | None) -> Counts:
    """Any other scheme (a catalog ranking may weigh suits): evaluate every hand."""
    from .search import evaluate

    cards = [Card(rank, suit) for rank in ranks for suit in SUITS] + [JOKER] * jokers
    static = None if (rule.lowest or rule.lowest_hole) else rule.resolve(()) | {JOKER}
    counts: Counts = Counter()
    for hand in combinations(cards, size):
        wild = static or (rule.resolve(hand) | {JOKER})
        counts[evaluate(hand, spec.name, wild, qualifier=qualifier).category] += 1
    return counts


def _multisets(ranks: tuple[int, ...], size: int,
               start: int = 0) -> Iterator[dict[int, int]]:
    """Every rank multiset of `size` cards (at most four of a rank) as {rank: count}."""
    if size == 0:
        yield {}
        return
    if start == len(ranks) or size > 4 * (len(ranks) - start):
        return
    rank = ranks[start]
    for count in range(min(4, size), -1, -1):
        for rest in _multisets(ranks, size - count, start + 1):
            if count:
                rest = {rank: count, **rest}
            yield rest


def _lowest_ranks(rule: WildRule, multiset: dict[int, int]) -> set[int]:
    if not (rule.lowest or rule.lowest_hole) or not multiset:
        return set()
    non_aces = [rank for rank in multiset if rank != 14]
    return {min(non_aces) if non_aces else 14}


def _mask_ways(natural: Natural, suit: str, mask: tuple[int, ...]) -> int:
    ways = 1
    for rank, (count, suits) in natural.items():
        others = len(suits) - (suit in suits)
        if rank in mask:
            if suit not in suits:
                return 0
            ways *= comb(others, count - 1)
        else:
            ways *= comb(others, count)
        if not ways:
            return 0
    return ways


def _spread(natural: Natural, flush_suit: str | None, mask: tuple[int, ...]) -> Cards:
    """A representative arrangement: `mask` ranks in `flush_suit`, the rest kept balanced."""
    load = dict.fromkeys(SUITS, 0)
    cards: list[Card] = []
    for rank, (count, suits) in sorted(natural.items(), key=lambda item: -item[1][0]):
        chosen: list[str] = []
        if rank in mask:
            assert flush_suit is not None  # a mask is the ranks of the flush suit
            chosen.append(flush_suit)
        free = [suit for suit in suits if suit != flush_suit and suit not in chosen]
        free.sort(key=lambda suit: load[suit])
        chosen += free[:count - len(chosen)]
        for suit in chosen:
            load[suit] += 1
            cards.append(Card(rank, suit))
    return tuple(cards)


def _max_suit_load(cards: Sequence[Card]) -> int:
    return max(Counter(card.suit for card in cards).values(), default=0)


def _enumerate(natural: Natural) -> list[tuple[int, Bucket]]:
    per_rank = [[tuple(Card(rank, suit) for suit in chosen)
                 for chosen in combinations(suits, count)]
                for rank, (count, suits) in natural.items()]
    merged: Counter[Cards] = Counter()
    for parts in product(*per_rank):
        hand = tuple(card for part in parts for card in part)
        merged[_canonical(hand)] += 1
    return [(ways, hand) for hand, ways in merged.items()]


def _canonical(hand: Cards) -> Cards:
    """The same hand with suits renamed in a fixed order (schemes ignore suit names)."""
    masks: dict[str, list[int]] = {}
    for card in hand:
        masks.setdefault(card.suit, []).append(card.rank)
    order = sorted(masks, key=lambda suit: sorted(masks[suit], reverse=True), reverse=True)
    rename = dict(zip(order, SUITS, strict=False))
    return tuple(sorted(Card(card.rank, rename[card.suit]) for card in hand))


def _category_function(spec: Scheme,
                       qualifier: int | None) -> Callable[[Cards], str | None]:
    """category(cards) for a hand of any size >= the scheme's, wild cards given as jokers."""
    wild = frozenset({JOKER})
    size = spec.size
    fast = FAST_CATEGORY.get(spec.name)
    key_only = getattr(spec.fn, "key_only", None)
    category_only = getattr(spec.fn, "category_only", None)

    def call(cards: Cards, what: Callable[..., Any]) -> Any:
        if spec.takes_qualifier:
            return what(cards, wild, qualifier=qualifier)
        return what(cards, wild)

    @lru_cache(maxsize=1 << 16)
    def category(cards: Cards) -> str | None:
        if fast is not None:
            return fast(cards, qualifier)
        if key_only is None or category_only is None:
            value: HandValue = max((call(combo, spec.fn) for combo in combinations(cards, size)),
                                   key=lambda value: value.key)
            return value.category
        found: str | None
        if len(cards) == size:
            found = call(cards, category_only)
            return found
        best = max(combinations(cards, size), key=lambda combo: call(combo, key_only))
        found = call(best, category_only)
        return found

    return category


FAST_CATEGORY: dict[str, CategoryFn] = {}
# scheme -> fn(rank multiset key, wild count, flush-suit rank bits) -> category, for schemes
# whose value depends on suits only through the one suit that could make a flush.
FAST_FEATURE: dict[str, FeatureFn] = {}
