"""One hand of exactly the scheme's size, wild cards included (S10, S11).

A wild card may be any rank and suit, even a card already in the hand (A A A W W is five
aces), except that in a flush it may not duplicate a card of that flush (A J 9 7 of hearts +
wild is A K J 9 7). So a hand's best value depends only on its natural ranks, how many wild
cards it holds and whether its natural cards share one suit: that is what gets cached.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from operator import attrgetter

from ..cards import Card
from . import describe
from .scorers import LOW_SCORERS, Ranks, Scorer
from .values import Cards, HandValue, Key, WildPairs

Reading = tuple[str | None, Key, Ranks, bool]
"""(category, key, display ranks, suited) of the best hand some cards make."""
KeyFn = Callable[..., Key]
"""key(cards, wild[, qualifier]) -> the key of the scheme's best hand, without the HandValue."""
RankFn = Callable[[Sequence[Card], frozenset[Card]], int]
"""rank(cards, wild) -> an int ordered as the keys are (the fast lane's packed values)."""

_WILD_RANKS = tuple(range(14, 1, -1))
_RANK = attrgetter("rank")
_SUIT = attrgetter("suit")
_ORDER = attrgetter("rank", "suit")  # Card's own order, read without its generated __lt__


@lru_cache(maxsize=1 << 18)
def best_reading(scorer: Scorer, ranks: Ranks, wild_count: int, single_suit: bool,
                 qualifier: int | None = None) -> Reading:
    """(category, key, display ranks, suited) of the best hand these cards can make."""
    if wild_count and scorer in LOW_SCORERS:
        # S10: in a low a wild card need not pair. Try unpaired ranks first; an unpaired
        # hand with no straight or flush cannot be beaten by a paired one, so it is the answer.
        unused = tuple(rank for rank in _WILD_RANKS if rank not in ranks)
        best = _best_of_readings(scorer, ranks, combinations(unused, wild_count), wild_count,
                                 single_suit, qualifier)
        if best is not None and best[0] == "high_card":
            return best
    best = _best_of_readings(scorer, ranks,
                             combinations_with_replacement(_WILD_RANKS, wild_count),
                             wild_count, single_suit, qualifier)
    assert best is not None  # every hand has a reading
    return best


def _best_of_readings(scorer: Scorer, ranks: Ranks, extras: Iterable[Ranks], wild_count: int,
                      single_suit: bool, qualifier: int | None) -> Reading | None:
    best: Reading | None = None
    options: tuple[bool, ...]
    for extra in extras:
        every = ranks + extra
        if wild_count == 0:
            options = (single_suit,)
        elif single_suit and len(set(every)) == len(every):
            options = (False, True)
        else:
            options = (False,)
        for suited in options:
            category, key, display = (scorer(every, suited) if qualifier is None
                                      else scorer(every, suited, qualifier))
            if best is None or key > best[1]:
                best = (category, key, display, suited)
    return best


@lru_cache(maxsize=1 << 14)
def _headline(kind: str, category: str | None, display: Ranks, qualifier: int | None) -> str:
    """The sentence's first part; it depends only on what the hand reads as."""
    if kind == "high":
        assert category is not None  # a high hand always has a category
        return describe.high_headline(category, display)
    return describe.low_headline(category, display, qualifier)


def split_wild(cards: Iterable[Card], wild: frozenset[Card]) -> tuple[list[Card], list[Card]]:
    if not wild:
        return list(cards), []
    naturals = [card for card in cards if card not in wild]
    wilds = sorted((card for card in cards if card in wild), reverse=True)
    return naturals, wilds


def reading_key(scorer: Scorer, cards: Sequence[Card], wild: frozenset[Card],
                qualifier: int | None = None) -> Key:
    """Only the key: what the search compares before it builds the one HandValue it returns."""
    naturals, wilds = split_wild(cards, wild)
    ranks = tuple(sorted((card.rank for card in naturals), reverse=True))
    single_suit = len({card.suit for card in naturals}) <= 1
    return best_reading(scorer, ranks, len(wilds), single_suit, qualifier)[1]


def place_cards(naturals: Sequence[Card], wilds: Sequence[Card], display: Ranks, suited: bool,
                flush_suit: str | None = None) -> tuple[Cards, WildPairs]:
    """Cards in reading order, each wild replaced by what it stands for, and the pairs."""
    if not wilds and (not suited or flush_suit is not None
                      or len({card.suit for card in naturals}) == 1):
        # Each shown rank is the next natural card of that rank (of the flush suit in a flush).
        by_rank: dict[int, list[Card]] = {}
        for card in naturals:
            if flush_suit is None or not suited or card.suit == flush_suit:
                by_rank.setdefault(card.rank, []).append(card)
        return tuple(by_rank[14 if shown == 1 else shown].pop(0) for shown in display), ()
    pool = list(naturals)
    spare = list(wilds)
    common = {card.suit for card in naturals}
    if flush_suit is None:
        flush_suit = next(iter(common)) if (suited and common) else "s"
    avoid = next(iter(common)) if (len(common) == 1 and not suited) else None
    used: list[Card] = []
    pairs: list[tuple[Card, Card]] = []
    for shown in display:
        rank = 14 if shown == 1 else shown
        natural = next((card for card in pool if card.rank == rank
                        and (not suited or card.suit == flush_suit)), None)
        if natural is not None:
            pool.remove(natural)
            used.append(natural)
            continue
        taken = {card.suit for card in used + pool if card.rank == rank}
        held = _itself(spare, rank, taken, flush_suit if suited else None, avoid)
        if held is not None:  # a wild deuce standing for a deuce stays as it is
            spare.remove(held)
            stand_in = held
        else:
            held = spare.pop(0)
            stand_in = Card(rank, flush_suit if suited else _free_suit(taken, avoid))
        used.append(stand_in)
        pairs.append((held, stand_in))
    return tuple(used), tuple(pairs)


def _itself(spare: Sequence[Card], rank: int, taken: set[str], flush_suit: str | None,
            avoid: str | None) -> Card | None:
    for card in spare:
        if card.rank == rank and card.suit not in taken and card.suit != avoid \
                and flush_suit in (None, card.suit):
            return card
    return None


def _free_suit(taken: set[str], avoid: str | None) -> str:
    for suit in "shdc":
        if suit not in taken and suit != avoid:
            return suit
    for suit in "shdc":
        if suit not in taken:
            return suit
    return "s"


class ScoredScheme:
    """A scheme function, fn(cards, wild, qualifier=None) -> HandValue, built on a scorer, with
    the shortcuts the search, the fast lane and the census take: the key alone (`key_only`,
    which the fast lane may replace; `reference_key` stays the table-free reading), the
    category alone, the reading from ranks, and the qualifier really applied."""

    def __init__(self, name: str, scorer: Scorer, kind: str, *, takes_qualifier: bool = False,
                 default_qualifier: int | None = None) -> None:
        self.name, self.scorer, self.kind = name, scorer, kind
        self.takes_qualifier, self.default_qualifier = takes_qualifier, default_qualifier
        self.key_only: KeyFn = self.reference_key
        self.fast_rank: RankFn | None = None   # a totally ordered stand-in for the key
        self.packed_high = False               # fast_rank gives the packed table values

    def effective_qualifier(self, qualifier: int | None = None) -> int | None:
        """The qualifier this scheme really applies (the fast lane keys its memos on it)."""
        if not self.takes_qualifier:
            return None
        return self.default_qualifier if qualifier is None else qualifier

    def __call__(self, cards: Sequence[Card], wild: frozenset[Card] = frozenset(),
                 qualifier: int | None = None) -> HandValue:
        qualifier = self.effective_qualifier(qualifier)
        naturals, wilds = split_wild(cards, wild)
        ranks = tuple(sorted(map(_RANK, naturals), reverse=True))
        single_suit = len(set(map(_SUIT, naturals))) <= 1
        category, key, display, suited = best_reading(self.scorer, ranks, len(wilds),
                                                      single_suit, qualifier)
        used: Cards
        pairs: WildPairs
        if category is None:  # a low that does not qualify: show the hand as dealt
            used, pairs = tuple(sorted(cards, key=_ORDER, reverse=True)), ()
        else:
            used, pairs = place_cards(naturals, wilds, display, suited)
        text = _headline(self.kind, category, display, qualifier)
        if pairs:
            text += describe.wild_clause(pairs, getattr(wild, "reasons", None))
        return HandValue(self.name, category, key, used, pairs, text)

    def reference_key(self, cards: Sequence[Card], wild: frozenset[Card] = frozenset(),
                      qualifier: int | None = None) -> Key:
        return reading_key(self.scorer, cards, wild, self.effective_qualifier(qualifier))

    def reading(self, ranks: tuple[int, ...], wild_count: int, single_suit: bool,
                qualifier: int | None = None) -> Reading:
        """(category, key, display, suited) from descending natural ranks (census uses it)."""
        return best_reading(self.scorer, ranks, wild_count, single_suit,
                            self.effective_qualifier(qualifier))

    def category_only(self, cards: Sequence[Card], wild: frozenset[Card] = frozenset(),
                      qualifier: int | None = None) -> str | None:
        naturals, wilds = split_wild(cards, wild)
        ranks = tuple(sorted((card.rank for card in naturals), reverse=True))
        single_suit = len({card.suit for card in naturals}) <= 1
        return best_reading(self.scorer, ranks, len(wilds), single_suit,
                            self.effective_qualifier(qualifier))[0]


class Doogie:
    """The doogie (003): four cards, one of each suit, no pair, ace low; qualifier 7 by
    default (the highest card may be at most 7); A-2-3-4 rainbow is perfect. A scheme function,
    with the key and the category alone for the census."""

    def __call__(self, cards: Sequence[Card], wild: frozenset[Card] = frozenset(),
                 qualifier: int | None = None) -> HandValue:
        qualifier = 7 if qualifier is None else qualifier
        naturals, wilds = split_wild(cards, wild)
        key, display = doogie_reading(naturals, len(wilds), qualifier)
        if key[0] == 0:
            text = describe.low_headline(None, (), qualifier)
            return HandValue("doogie", None, key, tuple(sorted(cards, reverse=True)), (), text)
        used, pairs = _doogie_cards(naturals, wilds, display)
        text = describe.low_headline("high_card", display).replace(" low", " doogie")
        text += describe.wild_clause(pairs, getattr(wild, "reasons", None))
        return HandValue("doogie", "high_card", key, used, pairs, text)

    def key_only(self, cards: Sequence[Card], wild: frozenset[Card] = frozenset(),
                 qualifier: int | None = None) -> Key:
        naturals, wilds = split_wild(cards, wild)
        return doogie_reading(naturals, len(wilds), 7 if qualifier is None else qualifier)[0]

    reference_key = key_only

    def category_only(self, cards: Sequence[Card], wild: frozenset[Card] = frozenset(),
                      qualifier: int | None = None) -> str | None:
        return None if self.key_only(cards, wild, qualifier)[0] == 0 else "high_card"


def doogie_reading(naturals: Sequence[Card], wild_count: int,
                   qualifier: int) -> tuple[Key, tuple[int, ...]]:
    low = [1 if card.rank == 14 else card.rank for card in naturals]
    if len(set(low)) < len(low) or len({card.suit for card in naturals}) < len(naturals):
        return (0,), ()
    free = [rank for rank in range(1, 14) if rank not in low]
    ranks = sorted(low + free[:wild_count], reverse=True)
    if ranks[0] > qualifier:
        return (0,), ()
    return (1, *(-rank for rank in ranks)), tuple(ranks)


def _doogie_cards(naturals: Sequence[Card], wilds: Sequence[Card],
                  display: tuple[int, ...]) -> tuple[Cards, WildPairs]:
    missing = [suit for suit in "shdc" if suit not in {card.suit for card in naturals}]
    pool, spare = list(naturals), list(wilds)
    used: list[Card] = []
    pairs: list[tuple[Card, Card]] = []
    for shown in display:
        rank = 14 if shown == 1 else shown
        natural = next((card for card in pool if card.rank == rank), None)
        if natural is not None:
            pool.remove(natural)
            used.append(natural)
        else:
            stand_in = Card(rank, missing.pop(0))
            used.append(stand_in)
            pairs.append((spare.pop(0), stand_in))
    return tuple(used), tuple(pairs)
